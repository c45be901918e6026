// SPDX-License-Identifier: GPL-2.0-only
/*
 * compare: what scn compare says of two results (docs/results.md section
 * 5), written to the caller's FILE: the points of the two matched by
 * their parameters, the phases and metrics by name, each metric that has
 * a direction judged (compare_judge.h), and the table and lines that
 * show it. Whether the two were measured alike enough to be compared is
 * the caller's to decide first (result_alike.h); what it let through
 * with --force comes in as lines to show.
 */
#ifndef SCN_RESULTS_COMPARE_H
#define SCN_RESULTS_COMPARE_H

#include <stdbool.h>
#include <stdio.h>

#include "compare_judge.h"
#include "result_alike.h"
#include "result_file.h"

/* What scn compare exits with besides 0, 64 (usage) and 65 (bad file). */
#define COMPARE_EXIT_WORSE 1		/* worse by more than --fail-over */
#define COMPARE_EXIT_UNLIKE 3		/* measured on setups that differ */
/* --fail-over gates a metric that contention left unjudged (3 too) */
#define COMPARE_EXIT_INCONCLUSIVE 3
#define COMPARE_EXIT_SKIP 4		/* a side was skipped: nothing to compare */

struct compare_opts {
	struct judge_opts judge;	/* fail_over, alpha, correction, metrics */
	bool force;
	bool across_kernel;	/* --across kernel (or arch) */
	bool across_arch;	/* --across arch */
	bool summary;			/* --summary: the changes alone */
	bool all;			/* --all: every row, every only-in line */
	const char *base_path, *new_path;
};

/*
 * The comparison of b and n on out: the sides, across lines, what was
 * forced (blocking, as --force took it) and noted, the table and the
 * verdicts. Returns 0, COMPARE_EXIT_WORSE, COMPARE_EXIT_INCONCLUSIVE, or
 * COMPARE_EXIT_UNLIKE after a line on err when nothing was compared.
 */
int compare_write(FILE *out, FILE *err, const struct compare_opts *o,
		  const struct rf_result *b, const struct rf_result *n,
		  const struct alike_lines *blocking, const struct alike_lines *notes);

#endif
