// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_merge: "scn merge PARTS... [-o R.json]" (docs/results.md section
 * 10). The parts of one run split with --shard I/N (one a CI job, say)
 * become the result the whole run would have written: every point in
 * its place, the table's cells from the part that ran them, the worst
 * status. Parts of other scenarios, other sweeps or repeats, other
 * machines, a part missing or given twice are refused, each difference
 * said, so that a merged result never joins what one run would not
 * have measured.
 */
#ifndef SCN_CLI_CMD_MERGE_H
#define SCN_CLI_CMD_MERGE_H

#include "options.h"

extern const struct cli_command cli_cmd_merge;

/* Exit codes besides 0, 64 (usage, a file that cannot be read), 65, 73. */
#define MERGE_EXIT_UNLIKE 3		/* parts of different runs, or not all */

int cmd_merge(int argc, char **argv);

#endif
