// SPDX-License-Identifier: GPL-2.0-only
/*
 * scn run: check, then execute on this machine. SIGINT, SIGTERM and
 * SIGHUP are taken by one thread with sigwait(), which asks the run to
 * stop; the run then unwinds through the same teardown as any error, so
 * every knob is restored. SIGKILL leaves the journal: scn restore.
 */
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../interp/check.h"
#include "../interp/exec.h"
#include "../runtime/knobs.h"
#include "cmd_run.h"

struct sigstate {
	sigset_t set;
	atomic_bool stop;
	atomic_int signo;
	pthread_t thread;
};

static void *signal_main(void *arg)
{
	struct sigstate *st = arg;
	int sig;

	for (;;) {
		if (sigwait(&st->set, &sig))
			continue;
		if (sig == SIGUSR1)		/* the run is over */
			return NULL;
		atomic_store(&st->signo, sig);
		atomic_store(&st->stop, true);
	}
}

static int start_signals(struct sigstate *st)
{
	sigemptyset(&st->set);
	sigaddset(&st->set, SIGINT);
	sigaddset(&st->set, SIGTERM);
	sigaddset(&st->set, SIGHUP);
	sigaddset(&st->set, SIGUSR1);
	atomic_init(&st->stop, false);
	atomic_init(&st->signo, 0);
	/* Blocked before any thread starts, so all inherit the mask. */
	if (pthread_sigmask(SIG_BLOCK, &st->set, NULL))
		return -1;
	return pthread_create(&st->thread, NULL, signal_main, st) ? -1 : 0;
}

static void stop_signals(struct sigstate *st)
{
	pthread_kill(st->thread, SIGUSR1);
	pthread_join(st->thread, NULL);
}

static const char run_usage[] =
	"usage: scn run [-D NAME=VALUE]... [--state-dir DIR] [-q] FILE\n";

int cmd_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "define", required_argument, NULL, 'D' },
		{ "state-dir", required_argument, NULL, 's' },
		{ "quiet", no_argument, NULL, 'q' },
		{ NULL, 0, NULL, 0 },
	};
	struct check_opts co = { 0 };
	struct exec_opts eo = { 0 };
	struct rt_features *f = xcalloc(1, sizeof(*f));
	struct ir_program *p = NULL;
	struct source_set srcs;
	struct sigstate sig;
	const char **defs = xcalloc((size_t)argc + 1, sizeof(*defs));
	char reason[1024] = "";
	bool quiet = false;
	struct diag d;
	int c, rc;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "D:q", longopts, NULL)) != -1) {
		if (c == 'D')
			defs[co.ndefines++] = optarg;
		else if (c == 's')
			eo.state_dir = optarg;
		else if (c == 'q')
			quiet = true;
		else {
			fputs(run_usage, stderr);
			free(defs);
			free(f);
			return 64;
		}
	}
	if (argc - optind != 1) {
		fputs(run_usage, stderr);
		free(defs);
		free(f);
		return 64;
	}
	co.defines = defs;
	rt_features_probe(f);
	co.facts = f->facts;
	source_set_init(&srcs);
	diag_init(&d);
	rc = check_file(&srcs, argv[optind], &co, &d, &p);
	if (rc) {
		diag_print(&d, stderr);
		rc = rc == -EINVAL ? 65 : 64;
		goto out;
	}
	diag_print(&d, stderr);		/* warnings */
	diag_free(&d);
	diag_init(&d);
	if (start_signals(&sig)) {
		fprintf(stderr, "scn: cannot start the signal thread\n");
		rc = 70;
		goto out;
	}
	eo.features = f;
	eo.stop = &sig.stop;
	eo.out = stdout;
	eo.log = quiet ? NULL : stderr;
	rc = exec_program(p, &eo, &d, reason, sizeof(reason));
	stop_signals(&sig);
	diag_print(&d, stderr);
	switch (rc) {
	case EXEC_SKIP:
		printf("# SKIP %s\n", reason);
		break;
	case EXEC_INTERRUPTED:
		fprintf(stderr, "scn: interrupted by signal %d; every knob was restored\n",
			atomic_load(&sig.signo));
		rc = 128 + atomic_load(&sig.signo);
		break;
	default:
		break;
	}
out:
	ir_program_free(p);
	diag_free(&d);
	source_set_free(&srcs);
	free(defs);
	free(f);
	return rc;
}

int cmd_restore(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : NULL;
	char report[2048];
	struct rt_err err;
	int n;

	if (argc > 2) {
		fputs("usage: scn restore [STATE_DIR]\n", stderr);
		return 64;
	}
	n = rt_knobs_replay(dir, report, sizeof(report), &err);
	if (n < 0) {
		fprintf(stderr, "scn: restore: %s\n%s", err.msg, report);
		return 1;
	}
	if (n == 0)
		printf("nothing to restore\n");
	else
		printf("%s", report);
	return 0;
}
