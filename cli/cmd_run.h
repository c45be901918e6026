// SPDX-License-Identifier: GPL-2.0-only
/* cmd_run: "scn run" and "scn restore". */
#ifndef SCN_CMD_RUN_H
#define SCN_CMD_RUN_H

#include "options.h"

extern const struct cli_command cli_cmd_run, cli_cmd_restore;

/*
 * scn run: a scenario here (run_file.h, then exec with a record of its
 * results), a suite (cmd_suite.h), or either in a test host
 * (run_testhost.h). Returns the exit code.
 */
int cmd_run(int argc, char **argv);
int cmd_restore(int argc, char **argv);

#endif
