// SPDX-License-Identifier: GPL-2.0-only
/*
 * plot_run: gnuplot run for scn plot on a script that results/plot.h
 * made. Whether an executable name is on PATH; gnuplot on plot.gp of the
 * temporary directory (0, or the exit code after a message: gnuplot's
 * output shown, a signal's 128+N); the picture name copied to -o; the
 * directory emptied and removed.
 */
#ifndef SCN_CLI_PLOT_RUN_H
#define SCN_CLI_PLOT_RUN_H

#include <stdbool.h>

#include "../results/plot.h"

bool plot_on_path(const char *name);
int plot_run_gnuplot(const struct plot *pl);
int plot_deliver(const struct plot *pl, const char *name);
void plot_remove_dir(const char *dir);

#endif
