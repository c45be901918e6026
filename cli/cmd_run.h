// SPDX-License-Identifier: GPL-2.0-only
/* cmd_run: "scn run" and "scn restore". */
#ifndef SCN_CMD_RUN_H
#define SCN_CMD_RUN_H

#include <stdbool.h>
#include <stdint.h>

int cmd_run(int argc, char **argv);
/*
 * A --wait option's argument (NULL: for ever, -1) into *ns; false, with
 * the reason on stderr, when it is not a duration.
 */
bool parse_wait(const char *arg, int64_t *ns);
int cmd_restore(int argc, char **argv);

#endif
