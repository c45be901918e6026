// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_compare: "scn compare [--fail-over PCT] [--alpha A] [--force]
 * BASE.json NEW.json" (docs/results.md section 5): its options, the two
 * sides read (a side of several files pooled), whether they were
 * measured alike, and the comparison itself, results/compare.h's.
 */
#ifndef SCN_CLI_CMD_COMPARE_H
#define SCN_CLI_CMD_COMPARE_H

#include "options.h"

extern const struct cli_command cli_cmd_compare;

/*
 * argv[0] is "compare". Prints to stdout, errors to stderr; the exit code
 * (results/compare.h names them).
 */
int cmd_compare(int argc, char **argv);

#endif
