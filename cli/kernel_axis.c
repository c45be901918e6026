// SPDX-License-Identifier: GPL-2.0-only
/* kernel_axis: several kernels' results as one record (see kernel_axis.h). */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/json_copy.h"
#include "../common/stats.h"
#include "../common/util.h"
#include "kernel_axis.h"
#include "report.h"

struct ir_program *kaxis_program(const struct ir_program *p,
				 const char *const *kernels, size_t n)
{
	struct ir_program *k = xcalloc(1, sizeof(*k));
	struct ir_sweep *sw;

	arena_init(&k->arena);
	k->path = p->path;
	k->nsweeps = p->nsweeps + 1;
	k->sweeps = arena_alloc(&k->arena, k->nsweeps * sizeof(*k->sweeps));
	sw = &k->sweeps[0];
	sw->param = KAXIS_PARAM;
	sw->n = n;
	sw->values = arena_alloc(&k->arena, (n + 1) * sizeof(*sw->values));
	sw->locs = arena_alloc(&k->arena, (n + 1) * sizeof(*sw->locs));
	for (size_t i = 0; i < n; i++)
		sw->values[i] = val_word(arena_strdup(&k->arena, kernels[i]));
	if (p->nsweeps)
		memcpy(&k->sweeps[1], p->sweeps, p->nsweeps * sizeof(*p->sweeps));
	/* rows × kernels: the table a kernel developer reads first. */
	if (p->table && !p->table->cols) {
		k->table = arena_alloc(&k->arena, sizeof(*k->table));
		*k->table = *p->table;
		k->table->cols = KAXIS_PARAM;
	}
	k->npoints = n * p->npoints;
	k->points = arena_alloc(&k->arena, (k->npoints + 1) * sizeof(*k->points));
	for (size_t kk = 0; kk < n; kk++)
		for (size_t i = 0; i < p->npoints; i++) {
			const struct ir_scenario *sc = &p->points[i];
			struct ir_scenario *to = &k->points[kaxis_point(p, kk, i)];

			*to = *sc;
			to->nparams = sc->nparams + 1;
			to->params = arena_alloc(&k->arena,
						 to->nparams * sizeof(*to->params));
			to->params[0] = (struct ir_param){ .name = KAXIS_PARAM,
							   .value = sw->values[kk],
							   .origin = ORIGIN_SWEEP };
			memcpy(&to->params[1], sc->params,
			       sc->nparams * sizeof(*sc->params));
		}
	return k;
}

size_t kaxis_point(const struct ir_program *p, size_t k, size_t i)
{
	return k * p->npoints + i;
}

static int bad(char *why, size_t len, const struct jin_value *at,
	       const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static int bad(char *why, size_t len, const struct jin_value *at,
	       const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (at)
		snprintf(why, len, "%d:%d: %s", at->line, at->col, msg);
	else
		snprintf(why, len, "%s", msg);
	return -EINVAL;
}

static int status_of(const char *s)
{
	static const struct {
		const char *name;
		int status;
	} names[] = { { "pass", EXEC_PASS }, { "fail", EXEC_FAIL },
		      { "skip", EXEC_SKIP }, { "unsupported", EXEC_UNSUPPORTED },
		      { "interrupted", EXEC_INTERRUPTED } };

	for (size_t i = 0; s && i < ARRAY_SIZE(names); i++)
		if (!strcmp(s, names[i].name))
			return names[i].status;
	return EXEC_FAIL;
}

/* An array of strings, copied; a value that is not a string is skipped. */
static void take_strings(const struct jin_value *arr, char ***out, size_t *n)
{
	size_t cap = 0;

	for (size_t i = 0; i < jin_len(arr); i++) {
		const char *s = jin_str(jin_at(arr, i));

		if (s)
			VEC_PUSH(*out, *n, cap, xstrdup(s));
	}
}

static double *numbers(const struct jin_value *arr, size_t *n)
{
	double *v = xcalloc(jin_len(arr) + 1, sizeof(*v));

	*n = 0;
	for (size_t i = 0; i < jin_len(arr); i++)
		if (jin_num(jin_at(arr, i), &v[*n]))
			(*n)++;
	return v;
}

static void fill_metric(struct rec_metric *m, const char *name,
			const struct jin_value *v)
{
	const char *better = jin_str(jin_get(v, "better"));
	const struct jin_value *out = jin_get(v, "outliers");

	m->name = xstrdup(name);
	m->owned = true;
	m->unit = jin_str(jin_get(v, "unit")) ? jin_str(jin_get(v, "unit")) : "";
	m->better = !better ? REC_NEUTRAL : !strcmp(better, "lower") ? REC_LOWER :
		    !strcmp(better, "higher") ? REC_HIGHER : REC_NEUTRAL;
	m->whose = jin_str(jin_get(v, "whose"));
	m->samples = numbers(jin_get(v, "samples"), &m->n);
	stats_summarize(m->samples, m->n, &m->sum);
	for (size_t i = 0; i < jin_len(out); i++) {
		double x;

		if (!jin_num(jin_at(out, i), &x) || x < 0 || x >= (double)m->n)
			continue;
		if (!m->outlier)
			m->outlier = xcalloc(m->n, sizeof(*m->outlier));
		if (!m->outlier[(size_t)x])
			m->noutliers++;
		m->outlier[(size_t)x] = true;
	}
}

static void fill_phase(struct rec_phase *ph, const struct jin_value *v)
{
	const struct jin_value *ms = jin_get(v, "metrics");
	const struct jin_value *ran = jin_get(v, "ran"), *failed = jin_get(v, "failed");

	ph->name = jin_str(jin_get(v, "name")) ? jin_str(jin_get(v, "name")) : "";
	ph->ran = jin_is(ran, JIN_BOOL) ? ran->u.b : true;
	ph->failed = jin_is(failed, JIN_BOOL) && failed->u.b;
	ph->metrics = xcalloc(jin_len(ms) + 1, sizeof(*ph->metrics));
	for (size_t i = 0; jin_is(ms, JIN_OBJECT) && i < ms->u.obj.len; i++)
		fill_metric(&ph->metrics[ph->nmetrics++], ms->u.obj.members[i].key,
			    ms->u.obj.members[i].value);
}

/* A table cell's value as the program's table makes it (JSON: base units). */
static bool cell_value(const struct ir_program *p, const struct jin_value *v,
		       struct value *out)
{
	enum val_type t = p->table && p->table->value ? p->table->value->type : VT_REAL;
	double x = 0;

	if (!v || v->type == JIN_NULL)
		return false;
	if (v->type == JIN_STRING) {
		*out = t == VT_STRING ? val_string(jin_str(v)) : val_word(jin_str(v));
		return true;
	}
	if (v->type == JIN_BOOL) {
		*out = val_bool(v->u.b);
		return true;
	}
	if (!jin_num(v, &x))
		return false;
	switch (t) {
	case VT_DURATION:
		*out = val_duration(llround(x * 1e9));
		break;
	case VT_SIZE:
		*out = val_size((int64_t)x);
		break;
	case VT_INT:
		*out = val_int((int64_t)x);
		break;
	default:
		*out = val_real(x);
	}
	return true;
}

/* Where point i of p is in its table: its row and column; false if nowhere. */
static bool table_place(const struct ir_program *p, size_t i, size_t *r, size_t *c)
{
	const struct ir_sweep *rows = NULL, *cols = NULL;

	if (!p->table)
		return false;
	for (size_t s = 0; s < p->nsweeps; s++) {
		if (!strcmp(p->sweeps[s].param, p->table->rows))
			rows = &p->sweeps[s];
		if (p->table->cols && !strcmp(p->sweeps[s].param, p->table->cols))
			cols = &p->sweeps[s];
	}
	for (*r = 0; rows && *r < rows->n; (*r)++)
		for (*c = 0; *c < (cols ? cols->n : 1); (*c)++)
			if (report_table_point(p, rows, *r, cols, *c) == i)
				return true;
	return false;
}

/* The cell's value after each run, from the result's table. */
static void cell_samples(const struct ir_program *p, size_t i,
			 const struct jin_value *root, struct exec_cell *cell)
{
	const struct jin_value *cs = jin_get(jin_get(root, "table"), "cell_samples");
	size_t r, c;

	if (!table_place(p, i, &r, &c))
		return;
	cell->samples = numbers(jin_at(jin_at(cs, r), c), &cell->n);
	if (!cell->n) {
		free(cell->samples);
		cell->samples = NULL;
	}
}

int kaxis_fill(struct record *rec, size_t k, const struct ir_program *p,
	       const struct jin_value *root, char *why, size_t len)
{
	const struct jin_value *pts = jin_get(root, "points");
	char *fp;

	if (!jin_is(root, JIN_OBJECT) || !jin_is(pts, JIN_ARRAY))
		return bad(why, len, root, "not a result: no points");
	fp = jc_text(jin_get(root, "fingerprint"));
	for (size_t n = 0; n < pts->u.arr.len; n++) {
		const struct jin_value *v = pts->u.arr.items[n], *ph = jin_get(v, "phases");
		double index, runs = 0;
		struct rec_point *pt;
		size_t i;

		if (!jin_num(jin_get(v, "index"), &index) || index < 1 ||
		    index > (double)p->npoints || index != floor(index)) {
			free(fp);
			return bad(why, len, v, "a point whose index is not one of the %zu points",
				   p->npoints);
		}
		i = (size_t)index - 1;
		pt = &rec->points[kaxis_point(p, k, i)];
		if (pt->done)
			continue;	/* a point twice: the first stands */
		pt->done = true;
		pt->status = status_of(jin_str(jin_get(v, "status")));
		jin_num(jin_get(v, "runs"), &runs);
		pt->runs = runs > 0 ? (unsigned)runs : 0;
		take_strings(jin_get(v, "output"), &pt->output, &pt->noutput);
		take_strings(jin_get(v, "errors"), &pt->errors, &pt->nerrors);
		take_strings(jin_get(v, "warnings"), &pt->warnings, &pt->nwarnings);
		pt->phases = xcalloc(jin_len(ph) + 1, sizeof(*pt->phases));
		for (size_t q = 0; q < jin_len(ph); q++)
			if (jin_is(jin_at(ph, q), JIN_OBJECT))
				fill_phase(&pt->phases[pt->nphases++], jin_at(ph, q));
		pt->cell.ok = cell_value(p, jin_get(v, "table_value"), &pt->cell.v);
		if (pt->cell.ok)
			cell_samples(p, i, root, &pt->cell);
		if (jin_str(jin_get(v, "skip_reason")))
			pt->skip_reason = xstrdup(jin_str(jin_get(v, "skip_reason")));
		pt->fingerprint = fp ? xstrdup(fp) : NULL;
	}
	free(fp);
	return 0;
}

void kaxis_mark(struct record *rec, const struct ir_program *p, size_t k,
		size_t i, int status, const char *why, const char *fingerprint,
		char *const *errors, size_t nerrors)
{
	struct rec_point *pt = &rec->points[kaxis_point(p, k, i)];
	size_t cap = 0;

	if (pt->done)
		return;
	pt->done = true;
	pt->status = status;
	if (status == EXEC_SKIP)
		pt->skip_reason = xstrdup(why);
	else
		VEC_PUSH(pt->errors, pt->nerrors, cap, xstrdup(why));
	for (size_t e = 0; e < nerrors; e++)
		VEC_PUSH(pt->errors, pt->nerrors, cap, xstrdup(errors[e]));
	pt->fingerprint = fingerprint ? xstrdup(fingerprint) : NULL;
}
