// SPDX-License-Identifier: GPL-2.0-only
/*
 * save: the REPL's "save FILE": the inputs accepted, the lets and the
 * phases run, in order (state.h, read only), written as a scenario that
 * "scn run" replays.
 */
#ifndef SCN_REPL_SAVE_H
#define SCN_REPL_SAVE_H

#include "state.h"

/* Writes the accepted inputs as a scenario. 0 or -errno. */
int repl_save(struct repl *R, const char *path);

#endif
