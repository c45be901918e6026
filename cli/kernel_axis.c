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
#include "../interp/exec.h"
#include "../interp/record.h"

void kaxis_result(struct result *ax, const struct result *base,
		  const char *const *kernels, size_t n)
{
	struct res_sweep *sw;

	result_init(ax, n * base->npoints);
	ax->nsweeps = base->nsweeps + 1;
	ax->sweeps = arena_alloc(&ax->arena, (ax->nsweeps + 1) * sizeof(*ax->sweeps));
	sw = &ax->sweeps[0];
	sw->param = KAXIS_PARAM;
	sw->n = n;
	sw->values = arena_alloc(&ax->arena, (n + 1) * sizeof(*sw->values));
	for (size_t k = 0; k < n; k++) {
		const char *spec = arena_strdup(&ax->arena, kernels[k]);

		sw->values[k] = (struct res_value){ .kind = RES_STRING, .s = spec,
						    .text = spec, .human = spec };
	}
	if (base->nsweeps)
		memcpy(&ax->sweeps[1], base->sweeps, base->nsweeps * sizeof(*base->sweeps));
	/* rows × kernels: the table a kernel developer reads first. */
	if (base->table && !base->table->cols) {
		struct res_table *t = arena_alloc(&ax->arena, sizeof(*t));

		*t = *base->table;
		t->cols = KAXIS_PARAM;
		ax->table = t;
	}
	for (size_t k = 0; k < n; k++)
		for (size_t i = 0; i < base->npoints; i++) {
			const struct res_point *from = &base->points[i];
			struct res_point *to = &ax->points[kaxis_point(base->npoints, k, i)];

			to->nparams = from->nparams + 1;
			to->params = arena_alloc(&ax->arena, (to->nparams + 1) * sizeof(*to->params));
			to->params[0] = (struct res_param){ .name = KAXIS_PARAM, .swept = true,
							    .v = sw->values[k] };
			memcpy(&to->params[1], from->params, from->nparams * sizeof(*from->params));
			to->sweep_at = arena_alloc(&ax->arena,
						   (ax->nsweeps + 1) * sizeof(*to->sweep_at));
			to->sweep_at[0] = k;
			memcpy(&to->sweep_at[1], from->sweep_at,
			       base->nsweeps * sizeof(*from->sweep_at));
			to->phase_names = from->phase_names;
			to->nphase_names = from->nphase_names;
			to->top_level_expect = from->top_level_expect;
		}
}

size_t kaxis_point(size_t np, size_t k, size_t i)
{
	return k * np + i;
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

static int status_code(const char *s)
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

static void fill_metric(struct res_metric *m, const char *name,
			const struct jin_value *v)
{
	const char *better = jin_str(jin_get(v, "better"));
	const struct jin_value *out = jin_get(v, "outliers");

	m->name = xstrdup(name);
	m->owned = true;
	m->unit = jin_str(jin_get(v, "unit")) ? jin_str(jin_get(v, "unit")) : "";
	m->better = !better ? RES_NEUTRAL : !strcmp(better, "lower") ? RES_LOWER :
		    !strcmp(better, "higher") ? RES_HIGHER : RES_NEUTRAL;
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

static void fill_phase(struct res_phase *ph, const struct jin_value *v)
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
static bool cell_value(struct arena *a, const struct ir_program *p,
		       const struct jin_value *v, struct res_value *out)
{
	enum val_type t = p->table && p->table->value ? p->table->value->type : VT_REAL;
	struct value x;
	double num = 0;

	if (!v || v->type == JIN_NULL)
		return false;
	if (v->type == JIN_STRING)
		x = t == VT_STRING ? val_string(jin_str(v)) : val_word(jin_str(v));
	else if (v->type == JIN_BOOL)
		x = val_bool(v->u.b);
	else if (!jin_num(v, &num))
		return false;
	else if (t == VT_DURATION)
		x = val_duration(llround(num * 1e9));
	else if (t == VT_SIZE)
		x = val_size((int64_t)num);
	else if (t == VT_INT)
		x = val_int((int64_t)num);
	else
		x = val_real(num);
	record_res_value(a, out, &x);
	return true;
}

/* Where point i of base is in its table: its row and column; false if nowhere. */
static bool table_place(const struct result *base, size_t i, size_t *r, size_t *c)
{
	const struct res_sweep *rows, *cols;

	if (!base->table)
		return false;
	rows = res_sweep_of(base, base->table->rows);
	cols = base->table->cols ? res_sweep_of(base, base->table->cols) : NULL;
	for (*r = 0; rows && *r < rows->n; (*r)++)
		for (*c = 0; *c < (cols ? cols->n : 1); (*c)++)
			if (res_table_point(base, rows, *r, cols, *c) == i)
				return true;
	return false;
}

/* The cell's value after each run, from the result's table. */
static void cell_samples(const struct result *base, size_t i,
			 const struct jin_value *root, struct res_cell *cell)
{
	const struct jin_value *cs = jin_get(jin_get(root, "table"), "cell_samples");
	size_t r, c;

	if (!table_place(base, i, &r, &c))
		return;
	cell->samples = numbers(jin_at(jin_at(cs, r), c), &cell->n);
	if (!cell->n) {
		free(cell->samples);
		cell->samples = NULL;
	}
}

int kaxis_fill(struct result *ax, const struct result *base,
	       const struct ir_program *p, size_t k, const struct jin_value *root,
	       char *why, size_t len)
{
	const struct jin_value *pts = jin_get(root, "points");
	size_t np = base->npoints;
	char *fp;

	if (!jin_is(root, JIN_OBJECT) || !jin_is(pts, JIN_ARRAY))
		return bad(why, len, root, "not a result: no points");
	fp = jc_text(jin_get(root, "fingerprint"));
	for (size_t n = 0; n < pts->u.arr.len; n++) {
		const struct jin_value *v = pts->u.arr.items[n], *ph = jin_get(v, "phases");
		double index, runs = 0;
		struct res_point *pt;
		size_t i;
		int st;

		if (!jin_num(jin_get(v, "index"), &index) || index < 1 ||
		    index > (double)np || index != floor(index)) {
			free(fp);
			return bad(why, len, v, "a point whose index is not one of the %zu points",
				   np);
		}
		i = (size_t)index - 1;
		pt = &ax->points[kaxis_point(np, k, i)];
		if (pt->done)
			continue;	/* a point twice: the first stands */
		pt->done = true;
		st = status_code(jin_str(jin_get(v, "status")));
		pt->status = exec_status_name(st);
		pt->pass = st == EXEC_PASS;
		jin_num(jin_get(v, "runs"), &runs);
		pt->runs = runs > 0 ? (unsigned)runs : 0;
		take_strings(jin_get(v, "output"), &pt->output, &pt->noutput);
		take_strings(jin_get(v, "errors"), &pt->errors, &pt->nerrors);
		take_strings(jin_get(v, "warnings"), &pt->warnings, &pt->nwarnings);
		pt->phases = xcalloc(jin_len(ph) + 1, sizeof(*pt->phases));
		for (size_t q = 0; q < jin_len(ph); q++)
			if (jin_is(jin_at(ph, q), JIN_OBJECT))
				fill_phase(&pt->phases[pt->nphases++], jin_at(ph, q));
		pt->cell.ok = cell_value(&ax->arena, p, jin_get(v, "table_value"), &pt->cell.v);
		if (pt->cell.ok)
			cell_samples(base, i, root, &pt->cell);
		if (jin_str(jin_get(v, "skip_reason")))
			pt->skip_reason = xstrdup(jin_str(jin_get(v, "skip_reason")));
		pt->fingerprint = fp ? xstrdup(fp) : NULL;
	}
	free(fp);
	return 0;
}

void kaxis_mark(struct result *ax, size_t np, size_t k, size_t i, bool skip,
		const char *why, const char *fingerprint, char *const *errors,
		size_t nerrors)
{
	struct res_point *pt = &ax->points[kaxis_point(np, k, i)];
	size_t cap = 0;

	if (pt->done)
		return;
	pt->done = true;
	pt->status = exec_status_name(skip ? EXEC_SKIP : EXEC_FAIL);
	pt->pass = false;
	if (skip)
		pt->skip_reason = xstrdup(why);
	else
		VEC_PUSH(pt->errors, pt->nerrors, cap, xstrdup(why));
	for (size_t e = 0; e < nerrors; e++)
		VEC_PUSH(pt->errors, pt->nerrors, cap, xstrdup(errors[e]));
	pt->fingerprint = fingerprint ? xstrdup(fingerprint) : NULL;
}
