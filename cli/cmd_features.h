// SPDX-License-Identifier: GPL-2.0-only
//
// `scn features [--json]`: print what this machine offers and every name a
// `require` statement accepts, present or not, with the reason when not.

#ifndef SCN_CLI_CMD_FEATURES_H
#define SCN_CLI_CMD_FEATURES_H

#include "options.h"

extern const struct cli_command cli_cmd_features;

// argv[0] is the subcommand's own name ("features"). Prints to stdout and
// returns the process exit code: 0, 64 for a bad option (with a usage
// message on stderr), or 71 when memory for the probe cannot be had.
int cmd_features(int argc, char **argv);

#endif // SCN_CLI_CMD_FEATURES_H
