// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_plot: "scn plot RESULT.json... -o FILE.svg|FILE.png [--metric M]
 * [--phase P] [--force] [--across kernel]" (docs/results.md section 6).
 * Draws results with gnuplot: a sweep's table as one line per column, a
 * sweep over numbers as a metric against the first swept parameter, a
 * sweep over words and several results (kernels, command lines) as
 * grouped bars, a single point as a bar per phase, each the mean of the
 * runs, as compare judges them. Several results must have been measured alike as compare wants
 * them (--force and --across kernel as there). gnuplot runs by fork and
 * exec on a script in a temporary directory; nothing of the result
 * reaches a shell.
 */
#ifndef SCN_CLI_CMD_PLOT_H
#define SCN_CLI_CMD_PLOT_H

#include "options.h"

extern const struct cli_command cli_cmd_plot;

/*
 * argv[0] is "plot". Returns the exit code (results/plot.h names them);
 * messages go to stderr.
 */
int cmd_plot(int argc, char **argv);

#endif
