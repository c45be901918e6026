// SPDX-License-Identifier: GPL-2.0-only
/*
 * result: the result of one `scn run`, as the results/ room owns it.
 *
 * The results/ room is the result document: this model (the points of a
 * run, their phases, every metric with its unit, samples and statistics,
 * the sweep table, the print lines, errors and warnings), its writers
 * (report.h: text, JSON, NDJSON, CSV, KTAP), its reader (result_file.h:
 * scn-result/1 read back), what compares two (result_alike.h,
 * compare_judge.h) and the data a plot draws (plot.h). It uses common/
 * and nothing else: interp/record.h fills this model from a run (interp
 * -> results, never back), and the faces (cli/, repl/) call the writers
 * and readers. The machine a result was measured on comes in as the
 * caller's writer (struct report_machine), so that the runtime's probe
 * stays out of this room.
 *
 * Everything here is plain data: values already in the forms the
 * formats print (JSON's kind, print's text, a person's compact text),
 * names borrowed from whoever filled it (they outlive the result).
 */
#ifndef SCN_RESULTS_RESULT_H
#define SCN_RESULTS_RESULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../common/arena.h"
#include "../common/stats.h"

/* The schema written and read; minor versions only add fields. */
#define RESULT_SCHEMA_NAME "scn-result"
#define RESULT_SCHEMA_MAJOR 1
#define RESULT_SCHEMA "scn-result/1"

/* Which way a metric improves; RES_NEUTRAL counts work, not speed. */
enum res_better { RES_LOWER = -1, RES_NEUTRAL = 0, RES_HIGHER = 1 };

/* "lower", "higher", or NULL for a count of work. */
const char *res_better_name(enum res_better b);

/* What a value is in JSON. */
enum res_kind { RES_NULL, RES_INT, RES_NUMBER, RES_BOOL, RES_STRING, RES_LIST };

/*
 * A value of the scenario (a parameter, a sweep's value, a table's cell)
 * in every form a format shows: JSON's (numbers in base units: bytes,
 * seconds), a print statement's text, and the compact text of plans and
 * point names (4G, 10ms).
 */
struct res_value {
	enum res_kind kind;
	int64_t i;			/* RES_INT; RES_BOOL 0 or 1 */
	double r;			/* RES_NUMBER */
	const char *s;			/* RES_STRING */
	const struct res_value *list;	/* RES_LIST: [n] */
	size_t n;
	bool real;			/* a real number, not a duration */
	const char *text;		/* as print shows it */
	const char *human;		/* compact */
};

struct res_param {
	const char *name;
	bool swept;			/* set by a sweep */
	struct res_value v;
};

struct res_metric {
	const char *name;	/* "time", "rate", "uffd.p50", "kvm.delta.exits" */
	const char *unit;	/* "s", "pages/s", "pages" */
	enum res_better better;
	/* A counter's: "own" (this run's work) or "machine-wide"; else NULL. */
	const char *whose;
	bool owned;		/* name is the result's own copy */
	double *samples;
	size_t n;
	struct stats_summary sum;
	/* Samples far from the others (stats_outliers), of a speed or time. */
	bool *outlier;		/* [n], or NULL when none is */
	size_t noutliers;
};

struct res_phase {
	const char *name;
	bool ran;
	bool failed;
	struct res_metric *metrics;
	size_t nmetrics;
};

/* A sweep point's table cell, once the point has run. */
struct res_cell {
	bool ok;
	struct res_value v;		/* after the last run */
	double *samples;		/* after each measured run, in JSON's unit */
	size_t n;
};

struct res_point {
	/* Its shape, known before it runs: */
	struct res_param *params;	/* [nparams], in the scenario's order */
	size_t nparams;
	size_t *sweep_at;		/* [nsweeps]: its value's index, or SIZE_MAX */
	const char *const *phase_names;	/* the scenario's phases */
	size_t nphase_names;
	bool top_level_expect;		/* an expect outside every phase */
	/* What running it gave: */
	bool done;		/* every run of it is over */
	const char *status;	/* "pass", "fail", "skip", ... */
	bool pass;
	unsigned runs;		/* measured runs that started */
	char **output;		/* print lines, when captured */
	size_t noutput;
	char **errors;		/* "file:line:col: message" */
	size_t nerrors;
	char **warnings;	/* the same, of warnings: what else ran beside */
	size_t nwarnings;
	struct res_phase *phases;	/* [nphases], once done */
	size_t nphases;
	struct res_cell cell;
};

struct res_sweep {
	const char *param;
	struct res_value *values;	/* [n] */
	size_t n;
};

/* table rows=... cols=... value=...: a value per point, by sweep values. */
struct res_table {
	const char *rows, *cols;	/* cols NULL without cols= */
	const char *value_text;		/* the value's expression, or NULL */
	const char *unit;		/* unit=, or NULL */
	const char *cells_unit;		/* what the cells are in: unit=, "s", "B" or NULL */
};

struct result {
	struct res_point *points;	/* [npoints] */
	size_t npoints;
	struct res_sweep *sweeps;	/* [nsweeps] */
	size_t nsweeps;
	const struct res_table *table;	/* or NULL */
	struct arena arena;		/* the shape's values and strings */
};

/* Hears results as they happen (NDJSON). */
struct res_listener {
	void *ctx;
	/* A run of a phase ended: the last sample of each of its metrics. */
	void (*phase)(void *ctx, const struct result *r, size_t point,
		      unsigned run, bool warmup, int phase,
		      const struct res_metric *values, size_t n);
	void (*point)(void *ctx, const struct result *r, size_t point);
};

/* An empty result of npoints points (their shape is the filler's). */
void result_init(struct result *r, size_t npoints);
void result_free(struct result *r);
/* Frees what metrics [0, n) hold (not the array). */
void res_metrics_free(struct res_metric *m, size_t n);
/*
 * Marks the samples of m far from the others: of a time or speed, with
 * three samples or more; counts of work done are what they are.
 */
void res_mark_outliers(struct res_metric *m);

/* A metric of a phase by name, or NULL. */
const struct res_metric *res_phase_metric(const struct res_phase *ph,
					  const char *name);
/* The sweep of param, or NULL. */
const struct res_sweep *res_sweep_of(const struct result *r, const char *param);
/* The index of a point's value of param among its sweep's values (0: none). */
size_t res_sweep_index(const struct result *r, size_t point, const char *param);
/* The point whose rows and cols values are rows->values[ri] and cols->values[ci]. */
size_t res_table_point(const struct result *r, const struct res_sweep *rows,
		       size_t ri, const struct res_sweep *cols, size_t ci);
/* A point's name in tables and KTAP: "readers=4,wait=poll" ("" unswept). */
char *res_point_name(const struct res_point *pt);

#endif
