// SPDX-License-Identifier: GPL-2.0-only
/*
 * result_file: a result of "scn run --format json" (schema scn-result/1,
 * docs/results.md section 3.1) read back for scn compare and scn plot.
 * Loading checks the shape that both commands rely on (points, phases,
 * metrics and their samples, the table) and turns it into plain structs,
 * so that neither command walks the JSON tree itself; a value of the
 * wrong shape is an error at its line and column.
 *
 * Statistics are recomputed from a metric's samples, so a result edited
 * by hand (or written by another tool) cannot carry a mean that disagrees
 * with its data; a metric without samples keeps the file's statistics.
 */
#ifndef SCN_RESULTS_RESULT_FILE_H
#define SCN_RESULTS_RESULT_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../common/json_in.h"
#include "../common/stats.h"
#include "../common/util.h"
#include "result.h"

struct rf_metric {
	const char *name;
	const char *unit;		/* "" when the file has none */
	enum res_better better;		/* RES_NEUTRAL: a count of work, never judged */
	const double *samples;		/* sum.n of them; NULL without */
	struct stats_summary sum;
};

struct rf_phase {
	const char *name;
	struct rf_metric *metrics;	/* in file order */
	size_t nmetrics;
	const struct jin_value *by_name;	/* the metrics object: rf_find_metric's index */
};

struct rf_point {
	const struct jin_value *params;	/* an object, maybe empty */
	const struct jin_value *swept;	/* an object, maybe empty */
	const char *status;		/* "" when the file has none */
	struct rf_phase *phases;
	size_t nphases;
	/* The phases sorted by name (then place), where they are many; or NULL. */
	struct rf_phase **by_name;
};

/* A sweep's table: cells[row][col], one column when cols is NULL. */
struct rf_table {
	const char *rows, *cols, *value;	/* cols NULL without cols= */
	const struct jin_value *row_values;	/* an array */
	const struct jin_value *col_values;	/* an array, NULL without cols= */
	size_t nrows, ncols;
	double *cells;			/* nrows * ncols; NaN where null */
	const char *unit;		/* "s", "B" or NULL */
	/* Each cell's value after each measured run (NULL: none given). */
	struct stats_summary *spread;	/* nrows * ncols; n 0 where none */
};

struct rf_result {
	const char *path;		/* borrowed from the caller */
	struct jin_doc doc;		/* owns every string and array below */
	int schema_minor;
	const char *status;
	const char *skip_reason;	/* NULL unless the file gives one */
	const char *name;		/* the scenario's; "" when absent */
	const char *started;		/* "" when absent */
	const struct jin_value *root;
	struct rf_point *points;
	size_t npoints;
	bool has_table;
	struct rf_table table;
};

/* Why a load failed, and where (line 0: no place, e.g. a read error). */
struct rf_error {
	int line, col;
	char msg[256];
};

/*
 * Reads and checks the result at path. Returns 0, -EINVAL for a file that
 * is not JSON or not a scn-result/1 (err has the place), or -errno when
 * it cannot be read. r must be rf_free'd in every case.
 */
int rf_load(struct rf_result *r, const char *path, struct rf_error *err);
/* The same for a text in memory, shown as name (the fuzzer). */
int rf_load_text(struct rf_result *r, const char *name, const char *text,
		 size_t len, struct rf_error *err);
void rf_free(struct rf_result *r);
/*
 * rf_load for a command named cmd: 0, or after "scn: CMD: PATH:LINE:COL:
 * why" on stderr an exit code, 65 for a file that is not a result and 64
 * for one that cannot be read (a file named on the command line: usage).
 */
int rf_load_for(struct rf_result *r, const char *path, const char *cmd);

/*
 * Adds the samples of other to r's: each metric of a point (matched by
 * its parameters) and phase that both have gets other's samples after
 * its own, and its statistics again. Runs of one build taken at several
 * times (base, new, base, new...) become one sample per side, which
 * the machine's changing load then touches alike. Returns how many
 * metrics took samples.
 */
size_t rf_pool(struct rf_result *r, const struct rf_result *other);

/* The first phase of that name; the metric of that name (log n each). */
const struct rf_phase *rf_find_phase(const struct rf_point *pt,
				     const char *name);
const struct rf_metric *rf_find_metric(const struct rf_phase *ph,
				       const char *name);

/*
 * A result's points found by their parameters (params, or with swept
 * set their swept values), as compare and pooling match two results'
 * points: by hash, so that results of a million points match in n log
 * n, not in n squared.
 */
struct rf_point_index {
	const struct rf_result *r;
	bool swept;
	size_t *order;			/* the points, by hash */
	uint64_t *hash;			/* [n]: of point order[k] */
	size_t *cursor;			/* [n]: below it, a run's points are used */
};
void rf_point_index_init(struct rf_point_index *ix, const struct rf_result *r,
			 bool swept);
/*
 * The first point of ix whose parameters equal v and that used (NULL: none
 * is) does not mark, or r->npoints. Calls that mark what they find find
 * each point once.
 */
size_t rf_point_index_find(struct rf_point_index *ix, const struct jin_value *v,
			   const bool *used);
void rf_point_index_free(struct rf_point_index *ix);

/*
 * Appends a value as a person reads it: strings without quotes, numbers
 * as short as they round-trip, anything else as compact JSON. Strings
 * are escaped as rf_text escapes them.
 */
void rf_value_text(struct strbuf *sb, const struct jin_value *v);

/*
 * Appends a string of a result file so that it is shown, not obeyed, on
 * a terminal: control characters (C0, DEL, C1: an ESC, a BEL, a CSI, a
 * newline) and the bidirectional overrides become the escapes JSON
 * writes (\n, \t, \u001b, \u202e); everything else is kept.
 */
void rf_text(struct strbuf *sb, const char *s);
/* rf_text into a string of its own, which the caller frees. */
char *rf_text_dup(const char *s);

/* "readers=4,wait=poll" from a point's swept parameters; "-" for none. */
void rf_point_label(struct strbuf *sb, const struct rf_point *pt);

#endif
