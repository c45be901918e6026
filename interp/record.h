// SPDX-License-Identifier: GPL-2.0-only
/*
 * record: what one `scn run` produced, in the shape results are written
 * in. It listens to exec (its observer) and keeps, for every sweep point,
 * the point's status, its print lines and errors, and for every phase
 * every metric's samples over the measured runs with their summary. The
 * writers (cli/report.h) turn a record into text, JSON, CSV or KTAP; a
 * listener hears each phase and point as it ends (NDJSON).
 */
#ifndef SCN_RECORD_H
#define SCN_RECORD_H

#include <stdbool.h>
#include <stdio.h>

#include "../common/diag.h"
#include "../common/stats.h"
#include "exec.h"
#include "ir.h"

/* Which way a metric improves; REC_NEUTRAL counts work, not speed. */
enum rec_better { REC_LOWER = -1, REC_NEUTRAL = 0, REC_HIGHER = 1 };

struct rec_metric {
	const char *name;	/* "time", "rate", "uffd.p50", "kvm.delta.exits" */
	const char *unit;	/* "s", "pages/s", "pages" */
	enum rec_better better;
	/* A counter's: "own" (this run's work) or "machine-wide"; else NULL. */
	const char *whose;
	bool owned;		/* name is the record's own copy */
	double *samples;
	size_t n;
	struct stats_summary sum;
	/* Samples far from the others (stats_outliers), of a speed or time. */
	bool *outlier;		/* [n], or NULL when none is */
	size_t noutliers;
};

struct rec_phase {
	const char *name;
	bool ran;
	bool failed;
	struct rec_metric *metrics;
	size_t nmetrics;
};

struct rec_point {
	bool done;		/* point_done came */
	int status;		/* enum exec_status */
	unsigned runs;		/* measured runs that started */
	char **output;		/* print lines, when captured */
	size_t noutput;
	char **errors;		/* "file:line:col: message" */
	size_t nerrors;
	char **warnings;	/* the same, of warnings: what else ran beside */
	size_t nwarnings;
	struct rec_phase *phases;	/* [nphases of the point] */
	size_t nphases;
	struct exec_cell cell;
	/*
	 * Set where the point was not run here but came from elsewhere (a
	 * test host of the kernel axis, cli/kernel_axis.h); owned, or NULL:
	 * why it was skipped, and the machine it ran on as compact JSON.
	 */
	char *skip_reason;
	char *fingerprint;
};

struct record;

/* Hears results as they happen (NDJSON). */
struct rec_listener {
	void *ctx;
	/* A run of a phase ended: values[m] of every metric of rec_metric_names. */
	void (*phase)(void *ctx, const struct record *rec, size_t point,
		      unsigned run, bool warmup, int phase,
		      const struct rec_metric *values, size_t n);
	void (*point)(void *ctx, const struct record *rec, size_t point);
};

struct record {
	const struct ir_program *p;
	struct rec_point *points;	/* [p->npoints] */
	struct diag *d;
	size_t diag_mark;		/* d->len when the point started */
	FILE *capture;			/* print lines go here, or NULL */
	char *capture_buf;
	size_t capture_len, capture_mark;
	bool last_warmup;		/* the run before was a warm-up */
	const struct rec_listener *live;
	struct exec_observer obs;
};

/*
 * Starts an empty record of p; errors are read from d. With capture, the
 * print lines of each point are kept (exec must print to rec->capture);
 * live may be NULL.
 */
void record_init(struct record *rec, const struct ir_program *p,
		 struct diag *d, bool capture, const struct rec_listener *live);
void record_free(struct record *rec);

/* A metric of a phase by name, or NULL. */
const struct rec_metric *rec_phase_metric(const struct rec_phase *ph,
					  const char *name);

#endif
