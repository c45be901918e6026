// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_compare: "scn compare [--fail-over PCT] [--alpha A] [--force]
 * BASE.json NEW.json" (docs/results.md section 5). Matches the points of
 * two results by their parameters, phases and metrics by name, and judges
 * each metric that has a direction: Welch's t-test when both sides have
 * at least 3 samples, the --fail-over threshold (10% without it) below.
 */
#ifndef SCN_CLI_CMD_COMPARE_H
#define SCN_CLI_CMD_COMPARE_H

/* Exit codes of compare besides 0, 64 (usage) and 65 (bad result file). */
#include "options.h"

extern const struct cli_command cli_cmd_compare;

#define COMPARE_EXIT_WORSE 1		/* worse by more than --fail-over */
#define COMPARE_EXIT_UNLIKE 3		/* measured on setups that differ */
/* --fail-over gates a metric that contention left unjudged (3 too) */
#define COMPARE_EXIT_INCONCLUSIVE 3
#define COMPARE_EXIT_SKIP 4		/* a side was skipped: nothing to compare */

/* argv[0] is "compare". Prints to stdout, errors to stderr; the exit code. */
int cmd_compare(int argc, char **argv);

#endif
