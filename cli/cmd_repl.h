// SPDX-License-Identifier: GPL-2.0-only
/* cmd_repl: "scn repl", the language one input at a time (docs/repl.md). */
#ifndef SCN_CMD_REPL_H
#define SCN_CMD_REPL_H

#include "options.h"

extern const struct cli_command cli_cmd_repl;

int cmd_repl(int argc, char **argv);

#endif
