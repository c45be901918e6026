// SPDX-License-Identifier: GPL-2.0-only
/*
 * run_testhost: scn run --kernel, the same run in a test host (see
 * run_testhost.c).
 */
#ifndef SCN_CLI_RUN_TESTHOST_H
#define SCN_CLI_RUN_TESTHOST_H

#include "run_file.h"

/*
 * scn run --kernel: the same run (a scenario or a suite) in a test host;
 * its output streams out, -o's file comes back. Returns the exit code.
 */
int run_in_testhost(const struct run_args *a);

/* The parts of it the kernel axis (run_kernels.c) runs once a kernel. */
/*
 * Checks a's scenario for the test host o makes (saying its diagnostics
 * when say) and grows o's CPUs, memory and nodes to what it needs, where
 * not given. Returns 0 with *p, or an exit code (after a message).
 */
int run_th_prepare(const struct run_args *a, struct th_opts *o, bool say,
		   struct source_set *srcs, struct ir_program **p);
/* The scn run that runs inside, a NULL-ended argv; run_th_argv_free frees it. */
char **run_th_argv(const struct run_args *a);
void run_th_argv_free(char **argv);
/*
 * The -o file the run inside left in the launch's share, opened as the
 * share's files are (th_share_open): an fd, -ENOENT for none, or another
 * -errno with why.
 */
int run_th_result_open(const struct th_outcome *out, char *why, size_t len);
/* "r.json" -> "r.console.log", or with tag "r.TAG.console.log" (freed). */
char *run_th_log_beside(const char *output, const char *tag);

#endif
