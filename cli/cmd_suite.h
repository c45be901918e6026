// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_suite: "scn run DIR" and "scn run FILE.suite". Each scenario runs
 * in a child, the same binary as "scn run --format ktap --ktap-test I
 * --timeout T ... FILE", one after the other, so that a crash, a hang or
 * a SIGKILL costs one scenario and not the suite. The suite prints KTAP
 * version 1 (the child's blocks under one plan, then kselftest's totals
 * line), or one JSON document, or NDJSON lines; a summary goes to
 * stderr. docs/results.md, sections 7 and 8, describe the format.
 */
#ifndef SCN_CMD_SUITE_H
#define SCN_CMD_SUITE_H

#include <stdbool.h>

/* The per-scenario timeout when neither the suite nor the command sets one. */
#define SUITE_DEFAULT_TIMEOUT 300u
/* How long past its timeout a child may take before it is killed. */
#define SUITE_KILL_GRACE 10u

/* True when run's single operand names a suite: a directory or *.suite. */
bool cmd_suite_operand(const char *path);

/*
 * argv is run's: argv[0] is "run", then its options and the operand.
 * Returns the exit code: 0 when nothing failed, 1 when something failed,
 * timed out or could not run, 4 when every scenario skipped, 64 for a
 * bad option or an unreadable suite, 65 for errors in the suite file
 * (FILE:LINE:COL on stderr), 128+N when signal N stopped it.
 */
int cmd_suite(int argc, char **argv);

#endif
