// SPDX-License-Identifier: GPL-2.0-only
#include "signals.h"

#include "../common/util.h"
#include "uffd.h"

void signals_stop_set(sigset_t *set)
{
	stop_signal_set(set);
}

void signals_run_mask(sigset_t *set)
{
	signals_stop_set(set);
	sigaddset(set, RT_UFFD_WAKE_SIGNAL);
}
