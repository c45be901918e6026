// SPDX-License-Identifier: GPL-2.0-only
/* result_file: a scn-result/1 document read back (see result_file.h). */
#include "result_file.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The loader's state: where to report, and the arena to fill. */
struct loader {
	struct rf_result *r;
	struct rf_error *err;
};

static int bad(struct loader *ld, const struct jin_value *at, const char *fmt,
	       ...) __attribute__((format(printf, 3, 4)));

/* An error at value at (the document's start when at is NULL). */
static int bad(struct loader *ld, const struct jin_value *at, const char *fmt,
	       ...)
{
	va_list ap;

	ld->err->line = at ? at->line : 1;
	ld->err->col = at ? at->col : 1;
	va_start(ap, fmt);
	vsnprintf(ld->err->msg, sizeof(ld->err->msg), fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* "expected an object, found a string" for a member or item. */
static int bad_type(struct loader *ld, const struct jin_value *at,
		    const char *where, const char *want)
{
	return bad(ld, at, "%s: expected %s, found %s", where, want,
		   jin_type_name(at->type));
}

/*
 * Member key of obj, which must have type t (or be null when null_ok). A
 * missing member is an error at the object, unless optional.
 */
static int member(struct loader *ld, const struct jin_value *obj,
		  const char *where, const char *key, enum jin_type t,
		  bool optional, bool null_ok, const struct jin_value **out)
{
	const struct jin_value *v = jin_get(obj, key);
	static const char *const article[] = {
		[JIN_NULL] = "null", [JIN_BOOL] = "a boolean",
		[JIN_NUMBER] = "a number", [JIN_STRING] = "a string",
		[JIN_ARRAY] = "an array", [JIN_OBJECT] = "an object",
	};

	*out = NULL;
	if (!v) {
		if (optional)
			return 0;
		return bad(ld, obj, "%s: no \"%s\"", where, key);
	}
	if (v->type == JIN_NULL && null_ok)
		return 0;
	if (v->type != t) {
		char at[160];

		snprintf(at, sizeof(at), "%s.%s", where, key);
		return bad_type(ld, v, at, article[t]);
	}
	*out = v;
	return 0;
}

static const char *str_or(const struct jin_value *v, const char *dflt)
{
	const char *s = jin_str(v);

	return s ? s : dflt;
}

/* The file's own statistics, for a metric written without samples. */
static int file_summary(struct loader *ld, const struct jin_value *m,
			const char *where, struct stats_summary *sum)
{
	static const char *const keys[] = { "min", "median", "mean", "max",
					    "stddev" };
	double *dst[] = { &sum->min, &sum->median, &sum->mean, &sum->max,
			  &sum->stddev };
	const struct jin_value *v;
	double n;
	size_t i;
	int rc;

	rc = member(ld, m, where, "n", JIN_NUMBER, false, false, &v);
	if (rc)
		return rc;
	jin_num(v, &n);
	if (n < 0 || n != floor(n) || n > 1e12)
		return bad(ld, v, "%s.n: not a count of samples", where);
	sum->n = (size_t)n;
	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		rc = member(ld, m, where, keys[i], JIN_NUMBER, !sum->n, true, &v);
		if (rc)
			return rc;
		if (v)
			jin_num(v, dst[i]);
	}
	return 0;
}

static int load_metric(struct loader *ld, const struct jin_member *mm,
		       const char *phase_where, struct rf_metric *out)
{
	const struct jin_value *m = mm->value, *v;
	char where[200];
	double *samples;
	size_t i, n;
	int rc;

	snprintf(where, sizeof(where), "%s.metrics.%s", phase_where, mm->key);
	if (m->type != JIN_OBJECT)
		return bad_type(ld, m, where, "an object");
	out->name = mm->key;
	rc = member(ld, m, where, "unit", JIN_STRING, true, true, &v);
	if (rc)
		return rc;
	out->unit = str_or(v, "");
	rc = member(ld, m, where, "better", JIN_STRING, true, true, &v);
	if (rc)
		return rc;
	if (!v)
		out->better = RES_NEUTRAL;
	else if (!strcmp(jin_str(v), "lower"))
		out->better = RES_LOWER;
	else if (!strcmp(jin_str(v), "higher"))
		out->better = RES_HIGHER;
	else
		return bad(ld, v, "%s.better: \"%s\" is none of \"lower\", "
			   "\"higher\" and null", where, jin_str(v));
	rc = member(ld, m, where, "samples", JIN_ARRAY, true, false, &v);
	if (rc)
		return rc;
	if (!v)
		return file_summary(ld, m, where, &out->sum);
	/*
	 * The writer spells a sample JSON cannot hold (a rate over a zero
	 * time) as null: it is left out, as it never was a measurement.
	 */
	samples = arena_alloc(&ld->r->doc.arena,
			      (jin_len(v) ? jin_len(v) : 1) * sizeof(double));
	for (i = n = 0; i < jin_len(v); i++) {
		const struct jin_value *s = jin_at(v, i);

		if (s->type == JIN_NULL)
			continue;
		if (s->type != JIN_NUMBER)
			return bad(ld, s, "%s.samples[%zu]: expected a number, "
				   "found %s", where, i, jin_type_name(s->type));
		samples[n++] = s->u.num;
	}
	out->samples = samples;
	stats_summarize(samples, n, &out->sum);
	/*
	 * Each sample is finite (the parser refuses the rest), but samples
	 * near DBL_MAX sum to infinity: a mean or spread no comparison can
	 * use, refused as a NaN would be.
	 */
	if (!isfinite(out->sum.mean) || !isfinite(out->sum.stddev))
		return bad(ld, v, "%s.samples: their mean or spread is not a "
			   "finite number", where);
	return 0;
}

static int load_phase(struct loader *ld, const struct jin_value *p,
		      const char *where, struct rf_phase *out)
{
	const struct jin_value *v, *metrics;
	size_t i;
	int rc;

	if (p->type != JIN_OBJECT)
		return bad_type(ld, p, where, "an object");
	rc = member(ld, p, where, "name", JIN_STRING, false, false, &v);
	if (rc)
		return rc;
	out->name = jin_str(v);
	rc = member(ld, p, where, "metrics", JIN_OBJECT, false, false, &metrics);
	if (rc)
		return rc;
	out->nmetrics = jin_len(metrics);
	out->by_name = metrics;
	out->metrics = arena_alloc(&ld->r->doc.arena,
				   (out->nmetrics + 1) * sizeof(*out->metrics));
	for (i = 0; i < out->nmetrics; i++) {
		rc = load_metric(ld, &metrics->u.obj.members[i], where,
				 &out->metrics[i]);
		if (rc)
			return rc;
	}
	return 0;
}

/* By name, then by place: the first of a name comes first. */
static int cmp_phase(const void *a, const void *b)
{
	const struct rf_phase *x = *(const struct rf_phase *const *)a;
	const struct rf_phase *y = *(const struct rf_phase *const *)b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x > y) - (x < y);
}

static int load_point(struct loader *ld, const struct jin_value *p, size_t k,
		      struct rf_point *out)
{
	static const struct jin_value empty = { .type = JIN_OBJECT };
	const struct jin_value *v, *phases;
	char where[64], pwhere[96];
	size_t i;
	int rc;

	snprintf(where, sizeof(where), "points[%zu]", k);
	if (p->type != JIN_OBJECT)
		return bad_type(ld, p, where, "an object");
	rc = member(ld, p, where, "params", JIN_OBJECT, false, false, &v);
	if (rc)
		return rc;
	out->params = v;
	rc = member(ld, p, where, "swept", JIN_OBJECT, true, true, &v);
	if (rc)
		return rc;
	out->swept = v ? v : &empty;
	rc = member(ld, p, where, "status", JIN_STRING, true, true, &v);
	if (rc)
		return rc;
	out->status = str_or(v, "");
	rc = member(ld, p, where, "phases", JIN_ARRAY, false, false, &phases);
	if (rc)
		return rc;
	out->nphases = jin_len(phases);
	out->phases = arena_alloc(&ld->r->doc.arena,
				  (out->nphases + 1) * sizeof(*out->phases));
	for (i = 0; i < out->nphases; i++) {
		snprintf(pwhere, sizeof(pwhere), "%s.phases[%zu]", where, i);
		rc = load_phase(ld, jin_at(phases, i), pwhere, &out->phases[i]);
		if (rc)
			return rc;
	}
	if (out->nphases >= JIN_INDEXED) {
		out->by_name = arena_alloc(&ld->r->doc.arena,
					   out->nphases * sizeof(*out->by_name));
		for (i = 0; i < out->nphases; i++)
			out->by_name[i] = &out->phases[i];
		qsort(out->by_name, out->nphases, sizeof(*out->by_name), cmp_phase);
	}
	return 0;
}

/*
 * The runs' values of each cell, in the shape of the cells: summarised,
 * as a plot draws their median and spread. Optional (older results).
 */
static int load_cell_samples(struct loader *ld, const struct jin_value *t)
{
	struct rf_table *tb = &ld->r->table;
	const struct jin_value *all;
	int rc = member(ld, t, "table", "cell_samples", JIN_ARRAY, true, true, &all);

	if (rc || !all)
		return rc;
	if (jin_len(all) != tb->nrows)
		return bad(ld, all, "table.cell_samples: %zu rows for %zu row values",
			   jin_len(all), tb->nrows);
	tb->spread = arena_alloc(&ld->r->doc.arena,
				 (tb->nrows * tb->ncols + 1) * sizeof(*tb->spread));
	memset(tb->spread, 0, (tb->nrows * tb->ncols + 1) * sizeof(*tb->spread));
	for (size_t r = 0; r < tb->nrows; r++) {
		const struct jin_value *row = jin_at(all, r);

		if (row->type != JIN_ARRAY || jin_len(row) != tb->ncols)
			return bad_type(ld, row, "table.cell_samples[]",
					"an array of a sample list per column");
		for (size_t c = 0; c < tb->ncols; c++) {
			const struct jin_value *list = jin_at(row, c);
			size_t n = jin_len(list);
			double *v;

			if (list->type != JIN_ARRAY)
				return bad_type(ld, list, "table.cell_samples[][]", "an array");
			v = xcalloc(n + 1, sizeof(*v));
			for (size_t k = 0; k < n; k++) {
				if (jin_at(list, k)->type != JIN_NUMBER) {
					free(v);
					return bad_type(ld, jin_at(list, k),
							"table.cell_samples[][][]", "a number");
				}
				v[k] = jin_at(list, k)->u.num;
			}
			stats_summarize(v, n, &tb->spread[r * tb->ncols + c]);
			free(v);
		}
	}
	return 0;
}

/* A table row is an array of cells, or one cell without cols=. */
static int load_table(struct loader *ld, const struct jin_value *t)
{
	struct rf_table *tb = &ld->r->table;
	const struct jin_value *v, *cells;
	size_t r, c;
	int rc;

	rc = member(ld, t, "table", "rows", JIN_STRING, false, false, &v);
	if (rc)
		return rc;
	tb->rows = jin_str(v);
	rc = member(ld, t, "table", "cols", JIN_STRING, true, true, &v);
	if (rc)
		return rc;
	tb->cols = jin_str(v);
	rc = member(ld, t, "table", "value", JIN_STRING, true, true, &v);
	if (rc)
		return rc;
	tb->value = str_or(v, "value");
	rc = member(ld, t, "table", "row_values", JIN_ARRAY, false, false,
		    &tb->row_values);
	if (rc)
		return rc;
	rc = member(ld, t, "table", "col_values", JIN_ARRAY, true, true,
		    &tb->col_values);
	if (rc)
		return rc;
	if (tb->cols && !tb->col_values)
		return bad(ld, t, "table: \"cols\" without \"col_values\"");
	rc = member(ld, t, "table", "cells", JIN_ARRAY, false, false, &cells);
	if (rc)
		return rc;
	tb->nrows = jin_len(tb->row_values);
	tb->ncols = tb->col_values ? jin_len(tb->col_values) : 1;
	if (jin_len(cells) != tb->nrows)
		return bad(ld, cells, "table.cells: %zu rows for %zu row values",
			   jin_len(cells), tb->nrows);
	tb->cells = arena_alloc(&ld->r->doc.arena,
				(tb->nrows * tb->ncols + 1) * sizeof(double));
	for (r = 0; r < tb->nrows; r++) {
		const struct jin_value *row = jin_at(cells, r);
		bool one = row->type != JIN_ARRAY;

		if (!one && jin_len(row) != tb->ncols)
			return bad(ld, row, "table.cells[%zu]: %zu cells for %zu "
				   "columns", r, jin_len(row), tb->ncols);
		if (one && tb->ncols != 1)
			return bad_type(ld, row, "table.cells[]", "an array");
		for (c = 0; c < tb->ncols; c++) {
			const struct jin_value *cell = one ? row : jin_at(row, c);
			double d = NAN;

			/* null: the point failed; other types are not plottable. */
			if (cell->type == JIN_NUMBER)
				d = cell->u.num;
			else if (cell->type != JIN_NULL)
				return bad_type(ld, cell, "table.cells[][]",
						"a number or null");
			tb->cells[r * tb->ncols + c] = d;
		}
	}
	rc = member(ld, t, "table", "unit", JIN_STRING, true, true, &v);
	if (rc)
		return rc;
	tb->unit = jin_str(v);
	ld->r->has_table = true;
	return load_cell_samples(ld, t);
}

/* "scn-result/1" and "scn-result/1.N" are read; other majors are not. */
static int check_schema(struct loader *ld, const struct jin_value *root)
{
	const struct jin_value *v = jin_get(root, "schema");
	const char *s = jin_str(v), *p;
	char *end;
	long major, minor = 0;

	if (!v)
		return bad(ld, root, "not a scn result: no \"schema\"");
	if (!s)
		return bad_type(ld, v, "schema", "a string");
	if (strncmp(s, RESULT_SCHEMA_NAME "/", strlen(RESULT_SCHEMA_NAME) + 1))
		return bad(ld, v, "not a scn result: schema \"%s\"", s);
	p = s + strlen(RESULT_SCHEMA_NAME) + 1;
	if (*p < '0' || *p > '9')
		return bad(ld, v, "not a scn result: schema \"%s\"", s);
	major = strtol(p, &end, 10);
	if (*end == '.' && end[1] >= '0' && end[1] <= '9')
		minor = strtol(end + 1, &end, 10);
	if (*end)
		return bad(ld, v, "not a scn result: schema \"%s\"", s);
	if (major != RESULT_SCHEMA_MAJOR)
		return bad(ld, v, "schema \"%s\" is not one this scn reads (%s/%d)",
			   s, RESULT_SCHEMA_NAME, RESULT_SCHEMA_MAJOR);
	ld->r->schema_minor = (int)minor;
	return 0;
}

static int load(struct loader *ld)
{
	struct rf_result *r = ld->r;
	const struct jin_value *root = r->doc.root, *v, *points;
	size_t i;
	int rc;

	if (root->type != JIN_OBJECT)
		return bad_type(ld, root, "the document", "an object");
	rc = check_schema(ld, root);
	if (rc)
		return rc;
	rc = member(ld, root, "the result", "status", JIN_STRING, false, false,
		    &v);
	if (rc)
		return rc;
	r->status = jin_str(v);
	rc = member(ld, root, "the result", "skip_reason", JIN_STRING, true,
		    true, &v);
	if (rc)
		return rc;
	r->skip_reason = jin_str(v);
	rc = member(ld, root, "the result", "scenario", JIN_OBJECT, false,
		    false, &v);
	if (rc)
		return rc;
	r->name = str_or(jin_get(v, "name"), "");
	r->started = str_or(jin_get(root, "started"), "");
	/* A skipped run may have no points at all. */
	rc = member(ld, root, "the result", "points", JIN_ARRAY,
		    !strcmp(r->status, "skip"), true, &points);
	if (rc)
		return rc;
	r->npoints = jin_len(points);
	r->points = arena_alloc(&r->doc.arena,
				(r->npoints + 1) * sizeof(*r->points));
	for (i = 0; i < r->npoints; i++) {
		rc = load_point(ld, jin_at(points, i), i, &r->points[i]);
		if (rc)
			return rc;
	}
	rc = member(ld, root, "the result", "table", JIN_OBJECT, true, true, &v);
	if (rc)
		return rc;
	return v ? load_table(ld, v) : 0;
}

/* The shape checks after a parse: jerr's place when the parse failed. */
static int load_parsed(struct rf_result *r, int rc, const struct jin_error *jerr,
		       struct rf_error *err)
{
	struct loader ld = { .r = r, .err = err };

	if (rc && jerr->line && jerr->first != '{') {
		/* scn run's text, CSV or KTAP, not a JSON object at all */
		snprintf(err->msg, sizeof(err->msg), "%s",
			 jerr->first ? "not a result file: write it with --format json" :
				       "not a result file (it is empty): write it with --format json");
		return rc;
	}
	if (rc && jerr->trailing && jerr->line > 1 && jerr->col == 1) {
		snprintf(err->msg, sizeof(err->msg), "not a result file but a JSON object a "
			 "line (--format ndjson): write it with --format json");
		return rc;
	}
	if (rc) {
		err->line = jerr->line;
		err->col = jerr->col;
		snprintf(err->msg, sizeof(err->msg), "%s", jerr->msg);
		return rc;
	}
	r->root = r->doc.root;
	if (r->root->type != JIN_OBJECT) {
		snprintf(err->msg, sizeof(err->msg),
			 "not a result file (JSON, but not an object): write it with --format json");
		return -EINVAL;
	}
	return load(&ld);
}

int rf_load(struct rf_result *r, const char *path, struct rf_error *err)
{
	struct jin_error jerr;

	memset(r, 0, sizeof(*r));
	memset(err, 0, sizeof(*err));
	r->path = path;
	return load_parsed(r, jin_parse_file(&r->doc, path, &jerr), &jerr, err);
}

int rf_load_for(struct rf_result *r, const char *path, const char *cmd)
{
	struct rf_error err;
	int rc = rf_load(r, path, &err);
	char *msg;

	if (!rc)
		return 0;
	msg = rf_text_dup(err.msg);	/* it quotes the file's strings */
	if (err.line)
		fprintf(stderr, "scn: %s: %s:%d:%d: %s\n", cmd, path, err.line,
			err.col, msg);
	else
		fprintf(stderr, "scn: %s: %s: %s\n", cmd, path, msg);
	free(msg);
	return rc == -EINVAL ? 65 : 64;
}

int rf_load_text(struct rf_result *r, const char *name, const char *text,
		 size_t len, struct rf_error *err)
{
	struct jin_error jerr;

	memset(r, 0, sizeof(*r));
	memset(err, 0, sizeof(*err));
	r->path = name;
	return load_parsed(r, jin_parse(&r->doc, text, len, &jerr), &jerr, err);
}

void rf_free(struct rf_result *r)
{
	jin_free(&r->doc);
}

size_t rf_pool(struct rf_result *r, const struct rf_result *other)
{
	struct rf_point_index ix;
	size_t pooled = 0;

	rf_point_index_init(&ix, other, false);
	for (size_t i = 0; i < r->npoints; i++) {
		size_t k = rf_point_index_find(&ix, r->points[i].params, NULL);
		const struct rf_point *op = k < other->npoints ? &other->points[k] : NULL;

		for (size_t p = 0; op && p < r->points[i].nphases; p++) {
			struct rf_phase *ph = &r->points[i].phases[p];
			const struct rf_phase *oph = rf_find_phase(op, ph->name);

			for (size_t m = 0; oph && m < ph->nmetrics; m++) {
				struct rf_metric *x = &ph->metrics[m];
				const struct rf_metric *ox = rf_find_metric(oph, x->name);
				double *v;

				if (!ox || !ox->samples || !x->samples)
					continue;
				v = arena_alloc(&r->doc.arena,
						(x->sum.n + ox->sum.n + 1) * sizeof(*v));
				memcpy(v, x->samples, x->sum.n * sizeof(*v));
				memcpy(v + x->sum.n, ox->samples, ox->sum.n * sizeof(*v));
				stats_summarize(v, x->sum.n + ox->sum.n, &x->sum);
				x->samples = v;
				pooled++;
			}
		}
	}
	rf_point_index_free(&ix);
	return pooled;
}

const struct rf_phase *rf_find_phase(const struct rf_point *pt,
				     const char *name)
{
	size_t i, lo = 0, hi = pt->nphases;

	if (!pt->by_name) {
		for (i = 0; i < pt->nphases; i++)
			if (!strcmp(pt->phases[i].name, name))
				return &pt->phases[i];
		return NULL;
	}
	/* The leftmost of the name: the first in the file. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(pt->by_name[mid]->name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < pt->nphases && !strcmp(pt->by_name[lo]->name, name) ?
	       pt->by_name[lo] : NULL;
}

const struct rf_metric *rf_find_metric(const struct rf_phase *ph,
				       const char *name)
{
	const struct jin_member *m;
	size_t i;

	if (ph->by_name) {
		m = jin_member(ph->by_name, name);
		return m ? &ph->metrics[m - ph->by_name->u.obj.members] : NULL;
	}
	for (i = 0; i < ph->nmetrics; i++)
		if (!strcmp(ph->metrics[i].name, name))
			return &ph->metrics[i];
	return NULL;
}

static const struct jin_value *point_key(const struct rf_point_index *ix, size_t i)
{
	return ix->swept ? ix->r->points[i].swept : ix->r->points[i].params;
}

/* A point and its hash, sorted by hash, then by place. */
struct hashed {
	uint64_t hash;
	size_t i;
};

static int cmp_hashed(const void *a, const void *b)
{
	const struct hashed *x = a, *y = b;

	if (x->hash != y->hash)
		return x->hash < y->hash ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);	/* in file order within a hash */
}

void rf_point_index_init(struct rf_point_index *ix, const struct rf_result *r,
			 bool swept)
{
	size_t n = r->npoints, k;
	struct hashed *by_hash = xcalloc(n + 1, sizeof(*by_hash));

	memset(ix, 0, sizeof(*ix));
	ix->r = r;
	ix->swept = swept;
	ix->order = xcalloc(n + 1, sizeof(*ix->order));
	ix->hash = xcalloc(n + 1, sizeof(*ix->hash));
	ix->cursor = xcalloc(n + 1, sizeof(*ix->cursor));
	for (k = 0; k < n; k++)
		by_hash[k] = (struct hashed){ jin_hash(point_key(ix, k)), k };
	qsort(by_hash, n, sizeof(*by_hash), cmp_hashed);
	for (k = 0; k < n; k++) {
		ix->order[k] = by_hash[k].i;
		ix->hash[k] = by_hash[k].hash;
		ix->cursor[k] = k;
	}
	free(by_hash);
}

size_t rf_point_index_find(struct rf_point_index *ix, const struct jin_value *v,
			   const bool *used)
{
	size_t n = ix->r->npoints, lo = 0, hi = n, k;
	uint64_t h = jin_hash(v);

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (ix->hash[mid] < h)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == n || ix->hash[lo] != h)
		return n;
	/*
	 * Skip the run's used points from where the last search left off:
	 * a million points of the same parameters are matched in n steps.
	 */
	k = ix->cursor[lo];
	while (k < n && ix->hash[k] == h && used && used[ix->order[k]])
		k++;
	ix->cursor[lo] = k;
	for (; k < n && ix->hash[k] == h; k++)
		if ((!used || !used[ix->order[k]]) && jin_equal(point_key(ix, ix->order[k]), v))
			return ix->order[k];
	return n;
}

void rf_point_index_free(struct rf_point_index *ix)
{
	free(ix->order);
	free(ix->hash);
	free(ix->cursor);
	memset(ix, 0, sizeof(*ix));
}

/*
 * The code point of the UTF-8 sequence at s that rf_text escapes, and
 * its length in *len; 0 for one it keeps. The parser took only valid
 * UTF-8, and scn writes nothing else.
 */
static unsigned escaped_char(const unsigned char *s, size_t *len)
{
	*len = 1;
	if (s[0] < 0x20 || s[0] == 0x7f)
		return s[0];
	if (s[0] == 0xc2 && s[1] >= 0x80 && s[1] <= 0x9f) {
		*len = 2;
		return s[1];		/* C1: U+0080 to U+009F */
	}
	/* U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069 */
	if (s[0] == 0xe2 && s[1] && s[2]) {
		unsigned cp = ((s[1] & 0x3fu) << 6 | (s[2] & 0x3fu)) + 0x2000;

		if ((s[1] == 0x80 || s[1] == 0x81) &&
		    (cp == 0x200e || cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) ||
		     (cp >= 0x2066 && cp <= 0x2069))) {
			*len = 3;
			return cp;
		}
	}
	return 0;
}

void rf_text(struct strbuf *sb, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len;

	while (*p) {
		unsigned c = escaped_char(p, &len);

		if (c == '\n')
			sb_puts(sb, "\\n");
		else if (c == '\t')
			sb_puts(sb, "\\t");
		else if (c)
			sb_printf(sb, "\\u%04x", c);
		else
			sb_putc(sb, (char)*p);
		p += len;
	}
}

char *rf_text_dup(const char *s)
{
	struct strbuf sb;

	sb_init(&sb);
	rf_text(&sb, s ? s : "");
	return sb_steal(&sb);
}

void rf_value_text(struct strbuf *sb, const struct jin_value *v)
{
	if (jin_is(v, JIN_STRING))
		rf_text(sb, v->u.str.s);
	else
		jin_write(sb, v);
}

void rf_point_label(struct strbuf *sb, const struct rf_point *pt)
{
	size_t i;

	if (!jin_len(pt->swept)) {
		sb_putc(sb, '-');
		return;
	}
	for (i = 0; i < pt->swept->u.obj.len; i++) {
		const struct jin_member *m = &pt->swept->u.obj.members[i];

		if (i)
			sb_putc(sb, ',');
		rf_text(sb, m->key);
		sb_putc(sb, '=');
		rf_value_text(sb, m->value);
	}
}
