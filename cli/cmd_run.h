// SPDX-License-Identifier: GPL-2.0-only
/* cmd_run: "scn run" and "scn restore". */
#ifndef SCN_CMD_RUN_H
#define SCN_CMD_RUN_H

int cmd_run(int argc, char **argv);
int cmd_restore(int argc, char **argv);

#endif
