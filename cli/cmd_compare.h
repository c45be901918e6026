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
#define COMPARE_EXIT_WORSE 1		/* worse by more than --fail-over */
#define COMPARE_EXIT_UNLIKE 3		/* measured on setups that differ */
/* --fail-over gates a metric that contention left unjudged (3 too) */
#define COMPARE_EXIT_INCONCLUSIVE 3
#define COMPARE_EXIT_SKIP 4		/* a side was skipped: nothing to compare */

#include "../common/stats.h"

/* argv[0] is "compare". Prints to stdout, errors to stderr; the exit code. */
int cmd_compare(int argc, char **argv);

/*
 * The factor that shows seconds in the unit that suits the larger of two
 * means (1 for any other unit), and that unit's name into *shown.
 */
double compare_time_scale(const char *unit, double a, double b,
			  const char **shown);
/* "519.0±7.4": mean±stddev divided by scale, to four digits ("-": no samples). */
char *compare_mean_sd(const struct stats_summary *s, double scale);

#endif
