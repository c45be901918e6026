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

#endif
