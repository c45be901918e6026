// SPDX-License-Identifier: GPL-2.0-only
/*
 * compare_trend: scn compare --across kernel over more than two kernels
 * (docs/results.md section 5, "A trend across kernels"). Its input is N
 * results of one scenario, one a kernel, or one result of the kernel axis
 * (scn run --kernel A,B,C), or a mix: every kernel, in the order given,
 * is a column. For each metric of each point and phase the table shows
 * the mean on every kernel, each step's change (kernel i to i+1) judged
 * as compare judges two results (compare_judge.h: Welch's test, the
 * correction over every step of every metric at once) and the step where
 * it changed most: where to bisect. A kernel whose points were all
 * skipped is left out, with a note.
 */
#ifndef SCN_RESULTS_COMPARE_TREND_H
#define SCN_RESULTS_COMPARE_TREND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "compare_judge.h"

struct trend_opts {
	struct judge_opts judge;
	unsigned alike;		/* enum alike_flags; ALIKE_ACROSS_KERNEL always */
	bool force, summary, all;
};

/*
 * The trend of the results at paths[0..n), in the order given: the table
 * on out, refusals on err; returns compare's exit code (0, 1
 * worse beyond --fail-over at a step, 3 unlike, nothing compared or
 * inconclusive, 4 every kernel skipped, 64, 65).
 */
int compare_trend(FILE *out, FILE *err, const struct trend_opts *o,
		  char *const *paths, size_t n);

/* The point parameter the kernel axis names each point's kernel by. */
#define TREND_KERNEL_PARAM "kernel"

#endif
