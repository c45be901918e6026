// SPDX-License-Identifier: GPL-2.0-only
#include "signals.h"

#include "../runtime/uffd.h"

void signals_stop_set(sigset_t *set)
{
	static const int stop[] = {
		SIGHUP, SIGINT, SIGQUIT, SIGABRT, SIGPIPE, SIGALRM, SIGTERM,
		SIGUSR1, SIGUSR2, SIGSTKFLT, SIGXCPU, SIGXFSZ, SIGVTALRM,
		SIGPROF, SIGIO, SIGPWR,
	};
	int i;

	sigemptyset(set);
	for (i = 0; i < (int)(sizeof(stop) / sizeof(stop[0])); i++)
		sigaddset(set, stop[i]);
	/* glibc keeps the first few for itself; SIGRTMIN is past them. */
	for (i = SIGRTMIN; i <= SIGRTMAX; i++)
		sigaddset(set, i);
}

void signals_run_mask(sigset_t *set)
{
	signals_stop_set(set);
	sigaddset(set, RT_UFFD_WAKE_SIGNAL);
}
