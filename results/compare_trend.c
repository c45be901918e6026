// SPDX-License-Identifier: GPL-2.0-only
/* compare_trend: a metric's steps across N kernels (see compare_trend.h). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"
#include "compare.h"
#include "compare_trend.h"
#include "result_alike.h"
#include "result_file.h"

/* A kernel: the points of one result that ran on it. */
struct tcol {
	const struct rf_result *r;
	const struct jin_value *kernel;	/* the points' swept kernel; NULL: all */
	char *label;			/* "debian:7.3", or the release */
	char *arch;			/* "x86_64", "aarch64", "riscv64" */
	char *release;			/* its kernel's, "" where unknown */
	size_t *pt;			/* [nrows]: the row's point, or SIZE_MAX */
	bool ran;			/* a point of it has phases */
	char *why;			/* a skipped kernel's reason, or NULL */
};

/* A point of the scenario: its parameters but the kernel. */
struct trow {
	char *key;			/* those parameters as text */
	char *label;			/* its swept values but the kernel, or "-" */
};

/* One metric of a row and phase, on every kernel. */
struct tseries {
	size_t row;
	const char *phase, *metric;
	const struct rf_metric **m;	/* [ncols], NULL where absent */
	size_t *item;			/* [ncols]: step c-1 -> c's item, or SIZE_MAX */
};

struct trend {
	const struct trend_opts *o;
	FILE *out, *err;
	struct rf_result *rs;
	size_t nrs;
	bool *loaded;
	struct tcol *cols;
	size_t ncols, colcap;
	struct trow *rows;
	size_t nrows, rowcap;
	struct tseries *ser;
	size_t nser, sercap;
	struct judge_item *items;
	size_t nitems, itemcap;
	char **labels;			/* the items' point labels, one a step and row */
	size_t nlabels;
};

static const struct jin_value *point_json(const struct rf_result *r, size_t i)
{
	return jin_at(jin_get(r->root, "points"), i);
}

static const char *str_at(const struct jin_value *v, const char *a,
			  const char *b, const char *c)
{
	v = jin_get(v, a);
	if (b)
		v = jin_get(v, b);
	if (c)
		v = jin_get(v, c);
	return jin_str(v);
}

/* The parameters of a point but its kernel, as one text. */
static char *params_key(const struct rf_point *pt)
{
	const struct jin_value *ps = pt->params;
	struct strbuf sb;

	sb_init(&sb);
	for (size_t i = 0; jin_is(ps, JIN_OBJECT) && i < ps->u.obj.len; i++) {
		if (!strcmp(ps->u.obj.members[i].key, TREND_KERNEL_PARAM))
			continue;
		sb_printf(&sb, "%s=", ps->u.obj.members[i].key);
		rf_value_text(&sb, ps->u.obj.members[i].value);
		sb_putc(&sb, '\x1f');
	}
	return sb_steal(&sb);
}

static char *swept_label(const struct rf_point *pt)
{
	const struct jin_value *sw = pt->swept;
	struct strbuf sb;

	sb_init(&sb);
	for (size_t i = 0; jin_is(sw, JIN_OBJECT) && i < sw->u.obj.len; i++) {
		const struct jin_member *m = &sw->u.obj.members[i];

		if (!strcmp(m->key, TREND_KERNEL_PARAM))
			continue;
		if (sb.len)
			sb_putc(&sb, ',');
		rf_text(&sb, m->key);
		sb_putc(&sb, '=');
		rf_value_text(&sb, m->value);
	}
	if (!sb.len)
		sb_putc(&sb, '-');
	return sb_steal(&sb);
}

static size_t row_of(struct trend *t, const struct rf_point *pt)
{
	char *key = params_key(pt);
	struct trow row;

	for (size_t i = 0; i < t->nrows; i++)
		if (!strcmp(t->rows[i].key, key)) {
			free(key);
			return i;
		}
	row.key = key;
	row.label = swept_label(pt);
	VEC_PUSH(t->rows, t->nrows, t->rowcap, row);
	return t->nrows - 1;
}

/* Whether point i of r ran on col's kernel. */
static bool in_col(const struct tcol *c, size_t i)
{
	const struct jin_value *k = jin_get(c->r->points[i].swept, TREND_KERNEL_PARAM);

	return !c->kernel || jin_equal(k, c->kernel);
}

/* The kernels of result r, in the order its points have them. */
static void add_cols(struct trend *t, const struct rf_result *r)
{
	size_t first = t->ncols;

	for (size_t i = 0; i < r->npoints; i++) {
		const struct jin_value *k = jin_get(r->points[i].swept, TREND_KERNEL_PARAM);
		struct tcol c = { .r = r, .kernel = k };
		bool seen = false;

		for (size_t j = first; j < t->ncols && !seen; j++)
			seen = !t->cols[j].kernel || jin_equal(t->cols[j].kernel, k);
		if (seen)
			continue;
		VEC_PUSH(t->cols, t->ncols, t->colcap, c);
	}
	if (t->ncols == first) {	/* no point: a skipped run, a kernel all the same */
		struct tcol c = { .r = r };

		VEC_PUSH(t->cols, t->ncols, t->colcap, c);
	}
}

/* A column's names, its points by row, whether it ran and why not. */
static void fill_col(struct trend *t, struct tcol *c)
{
	const char *spec = str_at(c->r->root, "fingerprint", "testhost", "spec");
	const char *release = str_at(c->r->root, "fingerprint", "kernel", "release");
	struct strbuf sb;

	for (size_t i = 0; i < c->r->npoints; i++) {
		const struct jin_value *pj = point_json(c->r, i);
		const char *rel = str_at(pj, "fingerprint", "kernel", "release");
		const char *why = str_at(pj, "skip_reason", NULL, NULL);

		if (!in_col(c, i))
			continue;
		if (rel && !c->release)
			c->release = rf_text_dup(rel);
		if (c->r->points[i].nphases)
			c->ran = true;
		else if (why && !c->why)
			c->why = rf_text_dup(why);
	}
	if (!c->release)
		c->release = rf_text_dup(c->kernel || !release ? "" : release);
	sb_init(&sb);
	if (c->kernel)
		rf_value_text(&sb, c->kernel);
	else if (spec)
		rf_text(&sb, spec);
	else
		sb_puts(&sb, *c->release ? c->release : c->r->path);
	c->label = sb_steal(&sb);
	sb_init(&sb);
	rf_value_text(&sb, alike_arch(c->r));
	c->arch = sb_steal(&sb);
	if (!c->ran && !c->why)
		c->why = rf_text_dup(c->r->skip_reason ? c->r->skip_reason :
				     !strcmp(c->r->status, "skip") ? "skipped" :
				     "no point of it has phases");
	(void)t;
}

/* Drops the kernels that ran nothing, saying so; the rest by row. */
static void place_points(struct trend *t)
{
	size_t kept = 0;

	for (size_t c = 0; c < t->ncols; c++) {
		struct tcol *col = &t->cols[c];

		fill_col(t, col);
		if (!col->ran) {
			fprintf(t->out, "note: %s (%s) left out: %s\n", col->label, col->r->path,
			       col->why);
			free(col->label);
			free(col->arch);
			free(col->release);
			free(col->why);
			continue;
		}
		t->cols[kept++] = *col;
	}
	t->ncols = kept;
	for (size_t c = 0; c < t->ncols; c++)
		for (size_t i = 0; i < t->cols[c].r->npoints; i++)
			if (in_col(&t->cols[c], i) && t->cols[c].r->points[i].nphases)
				row_of(t, &t->cols[c].r->points[i]);
	for (size_t c = 0; c < t->ncols; c++) {
		struct tcol *col = &t->cols[c];

		col->pt = xcalloc(t->nrows + 1, sizeof(*col->pt));
		for (size_t r = 0; r < t->nrows; r++)
			col->pt[r] = SIZE_MAX;
		for (size_t i = 0; i < col->r->npoints; i++) {
			size_t r;

			if (!in_col(col, i) || !col->r->points[i].nphases)
				continue;
			r = row_of(t, &col->r->points[i]);
			if (col->pt[r] == SIZE_MAX)
				col->pt[r] = i;
		}
	}
}

static const struct rf_point *col_point(const struct trend *t, size_t c, size_t row)
{
	size_t i = t->cols[c].pt[row];

	return i == SIZE_MAX ? NULL : &t->cols[c].r->points[i];
}

static bool series_has(const struct trend *t, size_t row, const char *phase,
		       const char *metric)
{
	for (size_t s = t->nser; s-- > 0 && t->ser[s].row == row;)
		if (!strcmp(t->ser[s].phase, phase) && !strcmp(t->ser[s].metric, metric))
			return true;
	return false;
}

static void add_series(struct trend *t, size_t row, const char *phase,
		       const char *metric)
{
	struct tseries s = { .row = row, .phase = phase, .metric = metric };

	s.m = xcalloc(t->ncols + 1, sizeof(*s.m));
	s.item = xcalloc(t->ncols + 1, sizeof(*s.item));
	for (size_t c = 0; c < t->ncols; c++) {
		const struct rf_point *pt = col_point(t, c, row);
		const struct rf_phase *ph = pt ? rf_find_phase(pt, phase) : NULL;

		s.m[c] = ph ? rf_find_metric(ph, metric) : NULL;
		s.item[c] = SIZE_MAX;
	}
	VEC_PUSH(t->ser, t->nser, t->sercap, s);
}

/*
 * Every metric of every row and phase, in the order the kernels have
 * them: a row's phases from the first kernel that has it, then what the
 * later ones add. The series of one row and phase come together.
 */
static void make_series(struct trend *t)
{
	for (size_t r = 0; r < t->nrows; r++)
		for (size_t c = 0; c < t->ncols; c++) {
			const struct rf_point *pt = col_point(t, c, r);

			for (size_t k = 0; pt && k < pt->nphases; k++) {
				const struct rf_phase *ph = &pt->phases[k];

				for (size_t m = 0; m < ph->nmetrics; m++)
					if (!series_has(t, r, ph->name, ph->metrics[m].name))
						add_series(t, r, ph->name, ph->metrics[m].name);
			}
		}
}

/*
 * The judged pairs: step c-1 -> c of every series that both kernels
 * have, step by step and, within a step, a row's phase's metrics
 * together (judge_all reads a phase's contention among them). Each step
 * and row has a label of its own, which judge_all tells phases apart by.
 */
static void make_items(struct trend *t)
{
	t->labels = xcalloc(t->ncols * t->nrows + 1, sizeof(*t->labels));
	for (size_t c = 1; c < t->ncols; c++)
		for (size_t s = 0; s < t->nser; s++) {
			struct tseries *se = &t->ser[s];
			size_t li = c * t->nrows + se->row;
			struct judge_item it = { 0 };

			if (!se->m[c - 1] || !se->m[c])
				continue;
			if (!t->labels[li]) {
				t->labels[li] = xstrdup(t->rows[se->row].label);
				t->nlabels++;
			}
			it.point = t->labels[li];
			it.phase = se->phase;
			it.b = se->m[c - 1];
			it.n = se->m[c];
			se->item[c] = t->nitems;
			VEC_PUSH(t->items, t->nitems, t->itemcap, it);
		}
}

/* ---- the table ---------------------------------------------------------- */

struct ttable {
	char ***cells;			/* rows of ncells */
	size_t n, cap, ncells;
	bool *right;			/* [ncells]: right-aligned */
};

static size_t width(const char *s)
{
	size_t w = 0;

	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			w++;
	return w;
}

static void print_ttable(const struct trend *t, const struct ttable *tb)
{
	size_t *w = xcalloc(tb->ncells + 1, sizeof(*w));

	for (size_t r = 0; r < tb->n; r++)
		for (size_t c = 0; c < tb->ncells; c++)
			if (width(tb->cells[r][c]) > w[c])
				w[c] = width(tb->cells[r][c]);
	for (size_t r = 0; r < tb->n; r++) {
		for (size_t c = 0; c < tb->ncells; c++) {
			size_t pad = w[c] - width(tb->cells[r][c]);

			if (c)
				fputs("  ", t->out);
			if (tb->right[c])
				fprintf(t->out, "%*s%s", (int)pad, "", tb->cells[r][c]);
			else if (c + 1 == tb->ncells)
				fputs(tb->cells[r][c], t->out);
			else
				fprintf(t->out, "%s%*s", tb->cells[r][c], (int)pad, "");
		}
		fputc('\n', t->out);
	}
	free(w);
}

static char *step_name(const struct trend *t, size_t c)
{
	(void)t;
	return xasprintf("k%zu->k%zu", c, c + 1);
}

/* "+20.3% worse (p<0.001)", "-1.2% ~", "+40.0% ? (n<3)". */
static char *step_cell(const struct judge_item *it)
{
	struct strbuf sb;

	sb_init(&sb);
	if (isnan(it->change))
		sb_puts(&sb, it->b->sum.mean == 0 && it->n->sum.mean != 0 ? "from 0" : "-");
	else
		sb_printf(&sb, "%+.1f%%", it->change);
	sb_printf(&sb, " %s", judge_verdict_name(it->verdict));
	if (it->verdict == JV_UNTESTED)
		sb_printf(&sb, " (n<%d)", JUDGE_MIN_SAMPLES);
	else if (!isnan(it->p))
		sb_printf(&sb, it->p < 0.001 ? " (p<0.001)" : " (p=%.3f)", it->p);
	return sb_steal(&sb);
}

static bool changed_beyond(const struct judge_item *it, double bar)
{
	if (isnan(it->change))
		return it->b->sum.n && it->n->sum.n && it->n->sum.mean != it->b->sum.mean;
	return fabs(it->change) > bar;
}

/* As compare's rows: what changed surely, or beyond the bar; see its notes. */
static bool item_shown(const struct trend_opts *o, const struct judge_item *it)
{
	if (it->verdict == JV_CONSTANT)
		return false;
	if (o->all)
		return true;
	if (it->verdict == JV_WORSE || it->verdict == JV_BETTER)
		return true;
	if (o->summary)
		return it->verdict == JV_BUSY;
	return it->verdict != JV_UNCHOSEN && changed_beyond(it, judge_bar(&o->judge));
}

/*
 * The step where the series changed most: the largest change among the
 * steps judged better or worse; without one, among every step, marked
 * "(not sure)". SIZE_MAX when no step has a change.
 */
static size_t most_step(const struct trend *t, const struct tseries *se, bool *sure)
{
	size_t best = SIZE_MAX;

	for (int pass = 0; pass < 2 && best == SIZE_MAX; pass++) {
		double top = -1;

		*sure = pass == 0;
		for (size_t c = 1; c < t->ncols; c++) {
			const struct judge_item *it;

			if (se->item[c] == SIZE_MAX)
				continue;
			it = &t->items[se->item[c]];
			if (pass == 0 && it->verdict != JV_WORSE && it->verdict != JV_BETTER)
				continue;
			if (isnan(it->change) ? it->b->sum.mean == it->n->sum.mean :
			    it->change == 0)
				continue;
			/* From 0 is the largest change there is. */
			if (isnan(it->change) ? top < INFINITY : fabs(it->change) > top) {
				top = isnan(it->change) ? INFINITY : fabs(it->change);
				best = c;
			}
		}
	}
	return best;
}

static void series_cells(const struct trend *t, const struct tseries *se, char **cell)
{
	const struct rf_metric *any = NULL;
	double top = 0, scale;
	const char *unit;
	size_t n = 0, best;
	bool sure;

	for (size_t c = 0; c < t->ncols; c++)
		if (se->m[c]) {
			any = any ? any : se->m[c];
			top = fmax(top, fabs(se->m[c]->sum.mean));
		}
	scale = compare_time_scale(any->unit, top, 0, &unit);
	cell[n++] = xstrdup(t->rows[se->row].label);
	cell[n++] = rf_text_dup(se->phase);
	cell[n++] = rf_text_dup(se->metric);
	cell[n++] = rf_text_dup(*unit ? unit : "-");
	for (size_t c = 0; c < t->ncols; c++)
		cell[n++] = se->m[c] ? compare_mean_sd(&se->m[c]->sum, scale) : xstrdup("-");
	for (size_t c = 1; c < t->ncols; c++)
		cell[n++] = se->item[c] == SIZE_MAX ? xstrdup("-") :
			    step_cell(&t->items[se->item[c]]);
	best = most_step(t, se, &sure);
	if (best == SIZE_MAX) {
		cell[n++] = xstrdup("-");
	} else {
		char *s = step_name(t, best);

		cell[n++] = sure ? s : xasprintf("%s (not sure)", s);
		if (!sure)
			free(s);
	}
}

/* The table's rows; how many series it left out. */
static size_t print_trend(const struct trend *t)
{
	struct ttable tb = { .ncells = 4 + t->ncols + (t->ncols - 1) + 1 };
	size_t hidden = 0, n = 0;
	char **head = xcalloc(tb.ncells + 1, sizeof(*head));

	tb.right = xcalloc(tb.ncells + 1, sizeof(*tb.right));
	head[n++] = xstrdup("point");
	head[n++] = xstrdup("phase");
	head[n++] = xstrdup("metric");
	head[n++] = xstrdup("unit");
	for (size_t c = 0; c < t->ncols; c++) {
		tb.right[n] = true;
		head[n++] = xasprintf("k%zu", c + 1);
	}
	for (size_t c = 1; c < t->ncols; c++)
		head[n++] = step_name(t, c);
	head[n++] = xstrdup("most");
	VEC_PUSH(tb.cells, tb.n, tb.cap, head);
	for (size_t s = 0; s < t->nser; s++) {
		const struct tseries *se = &t->ser[s];
		bool shown = false, judged = false;
		char **cell;

		for (size_t c = 1; c < t->ncols; c++)
			if (se->item[c] != SIZE_MAX) {
				judged = true;
				shown |= item_shown(t->o, &t->items[se->item[c]]);
			}
		if (!shown) {
			bool constant = true;

			for (size_t c = 1; c < t->ncols; c++)
				if (se->item[c] != SIZE_MAX)
					constant &= t->items[se->item[c]].verdict == JV_CONSTANT;
			hidden += judged && !constant;
			continue;
		}
		cell = xcalloc(tb.ncells + 1, sizeof(*cell));
		series_cells(t, se, cell);
		VEC_PUSH(tb.cells, tb.n, tb.cap, cell);
	}
	if (tb.n > 1)
		print_ttable(t, &tb);
	else if (t->o->summary)
		fprintf(t->out, "no significant change at any step\n");
	else
		fprintf(t->out, "no metric changed at any step (judged, or by more than %g%%)\n",
		       judge_bar(&t->o->judge));
	for (size_t r = 0; r < tb.n; r++) {
		for (size_t c = 0; c < tb.ncells; c++)
			free(tb.cells[r][c]);
		free(tb.cells[r]);
	}
	free(tb.cells);
	free(tb.right);
	return hidden;
}

/* The lines under the table, and the exit code they mean. */
static int print_verdicts(const struct trend *t, const struct judge_tally *tl,
			  size_t hidden)
{
	const struct judge_opts *j = &t->o->judge;
	size_t failing = 0;

	if (hidden && !t->o->summary)
		fprintf(t->out, "%zu metric%s not shown (--all shows every one): no step changed surely or by more than %g%%\n",
		       hidden, hidden == 1 ? "" : "s", judge_bar(j));
	if (tl->busy)
		fprintf(t->out, "busy: %zu step%s of a phase that waited for other work on one side more than on the other: not judged (scn compare KERNEL_I.json KERNEL_J.json says which)\n",
		       tl->busy, tl->busy == 1 ? "" : "s");
	if (tl->untested)
		fprintf(t->out, "n<%d: %zu step%s with fewer than %d samples on a side, not judged: run with --repeat 3 or more (%zu changed by more than %g%%)\n",
		       JUDGE_MIN_SAMPLES, tl->untested, tl->untested == 1 ? "" : "s",
		       JUDGE_MIN_SAMPLES, tl->untested_beyond, judge_bar(j));
	fprintf(t->out, "%zu steps compared: %zu worse, %zu better, %zu ~ (%zu without a direction",
	       tl->compared, tl->worse, tl->better, tl->same + tl->undirected, tl->undirected);
	if (tl->untested)
		fprintf(t->out, ", %zu not tested", tl->untested);
	if (tl->busy)
		fprintf(t->out, ", %zu busy", tl->busy);
	if (tl->unchosen)
		fprintf(t->out, ", %zu not chosen by --metric", tl->unchosen);
	fprintf(t->out, ")");
	if (tl->constant)
		fprintf(t->out, "; %zu constant and alike on both sides, left out", tl->constant);
	fprintf(t->out, "; alpha %g, %s correction over %zu test%s\n", j->alpha,
	       judge_correction_name(j->correction), tl->tests, tl->tests == 1 ? "" : "s");
	for (size_t i = 0; i < t->nitems; i++)
		failing += t->items[i].failing;
	if (!failing && tl->busy_gated) {
		fprintf(t->out, "inconclusive: the runs were contended: %zu step%s that --fail-over %g%% gates could not be judged (busy)\n",
		       tl->busy_gated, tl->busy_gated == 1 ? "" : "s", j->fail_over);
		return COMPARE_EXIT_INCONCLUSIVE;
	}
	if (!failing)
		return 0;
	fprintf(t->out, "FAIL: worse by more than %g%% at a step:\n", j->fail_over);
	for (size_t s = 0; s < t->nser; s++)
		for (size_t c = 1; c < t->ncols; c++) {
			const struct tseries *se = &t->ser[s];
			const struct judge_item *it;
			const char *pt = t->rows[se->row].label;
			char *ph, *name;

			if (se->item[c] == SIZE_MAX || !t->items[se->item[c]].failing)
				continue;
			it = &t->items[se->item[c]];
			ph = rf_text_dup(se->phase);
			name = rf_text_dup(se->metric);
			fprintf(t->out, "  %s%s%s %s at k%zu->k%zu (%s -> %s): ", strcmp(pt, "-") ? pt : "",
			       strcmp(pt, "-") ? " " : "", ph, name, c, c + 1,
			       t->cols[c - 1].label, t->cols[c].label);
			if (isnan(it->change))
				fprintf(t->out, "from 0\n");
			else
				fprintf(t->out, "%.1f%% worse\n", fabs(it->change));
			free(ph);
			free(name);
		}
	return COMPARE_EXIT_WORSE;
}

/* Each result against the first: what blocks compare blocks a trend. */
static int check_alike(const struct trend *t)
{
	int rc = 0;

	for (size_t f = 1; f < t->nrs; f++) {
		struct alike_lines blocking = { 0 }, notes = { 0 };

		alike_diff(&t->rs[0], &t->rs[f], t->o->alike | ALIKE_ACROSS_KERNEL,
			   &blocking, &notes);
		if (blocking.len && !t->o->force) {
			fprintf(t->err, "scn: compare: %s and %s were not measured alike:\n",
				t->rs[0].path, t->rs[f].path);
			for (size_t i = 0; i < blocking.len; i++)
				fprintf(t->err, "  %s\n", blocking.v[i]);
			fprintf(t->err, "hint: --force compares them anyway\n");
			rc = COMPARE_EXIT_UNLIKE;
		}
		for (size_t i = 0; !rc && i < blocking.len; i++)
			fprintf(t->out, "forced: %s: %s\n", t->rs[f].path, blocking.v[i]);
		alike_lines_free(&blocking);
		alike_lines_free(&notes);
		if (rc)
			break;
	}
	return rc;
}

/*
 * "  k1  debian:6.12  6.12.118+deb12-amd64  (r.json)": the columns'
 * kernels; across arch each one's architecture first ("  k1  x86_64  ...").
 */
static void print_legend(const struct trend *t)
{
	bool arch = t->o->alike & ALIKE_ACROSS_ARCH;
	size_t wl = 0, wr = 0, wa = 0;

	for (size_t c = 0; c < t->ncols; c++) {
		const struct tcol *col = &t->cols[c];
		const char *rel = strcmp(col->label, col->release) ? col->release : "";

		wl = width(col->label) > wl ? width(col->label) : wl;
		wr = width(rel) > wr ? width(rel) : wr;
		wa = width(col->arch) > wa ? width(col->arch) : wa;
	}
	for (size_t c = 0; c < t->ncols; c++) {
		const struct tcol *col = &t->cols[c];
		const char *rel = strcmp(col->label, col->release) ? col->release : "";

		fprintf(t->out, "  k%zu  ", c + 1);
		if (arch)
			fprintf(t->out, "%s%*s  ", col->arch, (int)(wa - width(col->arch)), "");
		fprintf(t->out, "%s%*s  %s%*s  (%s", col->label,
		       (int)(wl - width(col->label)), "", rel, (int)(wr - width(rel)), "",
		       col->r->path);
		if (strcmp(col->r->status, "pass")) {
			char *st = rf_text_dup(col->r->status);

			fprintf(t->out, ", %s", st);
			free(st);
		}
		fprintf(t->out, ")\n");
	}
}

static void trend_free(struct trend *t)
{
	for (size_t f = 0; f < t->nrs; f++)
		if (t->loaded[f])
			rf_free(&t->rs[f]);
	for (size_t c = 0; c < t->ncols; c++) {
		free(t->cols[c].label);
		free(t->cols[c].arch);
		free(t->cols[c].release);
		free(t->cols[c].why);
		free(t->cols[c].pt);
	}
	for (size_t r = 0; r < t->nrows; r++) {
		free(t->rows[r].key);
		free(t->rows[r].label);
	}
	for (size_t s = 0; s < t->nser; s++) {
		free(t->ser[s].m);
		free(t->ser[s].item);
	}
	for (size_t l = 0; t->labels && l < t->ncols * t->nrows; l++)
		free(t->labels[l]);
	free(t->labels);
	free(t->items);
	free(t->ser);
	free(t->rows);
	free(t->cols);
	free(t->rs);
	free(t->loaded);
}

int compare_trend(FILE *out, FILE *err, const struct trend_opts *o,
		  char *const *paths, size_t n)
{
	struct trend t = { .o = o, .out = out, .err = err, .nrs = n };
	struct judge_tally tl;
	size_t hidden;
	int rc = 0;

	t.rs = xcalloc(n + 1, sizeof(*t.rs));
	t.loaded = xcalloc(n + 1, sizeof(*t.loaded));
	for (size_t f = 0; f < n && !rc; f++) {
		rc = rf_load_for(&t.rs[f], paths[f], "compare");
		t.loaded[f] = true;
	}
	if (!rc)
		rc = check_alike(&t);
	if (rc)
		goto out;
	fprintf(t.out, "trend across %s:", o->alike & ALIKE_ACROSS_ARCH ? "arch" : "kernel");
	for (size_t f = 0; f < n; f++) {
		char *name = rf_text_dup(*t.rs[f].name ? t.rs[f].name : "(unnamed)");

		fprintf(t.out, "%s %s (%s)", f ? "," : "", t.rs[f].path, name);
		free(name);
		add_cols(&t, &t.rs[f]);
	}
	fputc('\n', t.out);
	place_points(&t);
	if (t.ncols < 2) {
		bool all_skipped = true;

		for (size_t f = 0; f < n; f++)
			all_skipped &= !strcmp(t.rs[f].status, "skip");
		if (all_skipped) {
			fprintf(t.out, "# SKIP nothing to compare: every kernel was skipped\n");
			rc = COMPARE_EXIT_SKIP;
		} else {
			fprintf(t.err, "scn: compare: nothing was compared: a trend needs two kernels or more that ran, and %s %s %zu\n",
				n == 1 ? paths[0] : "these results", n == 1 ? "has" : "have", t.ncols);
			rc = COMPARE_EXIT_UNLIKE;
		}
		goto out;
	}
	print_legend(&t);
	fputc('\n', t.out);
	make_series(&t);
	make_items(&t);
	if (!t.nitems) {
		fprintf(t.err, "scn: compare: nothing was compared: no metric of a point and phase is on two kernels in a row\n");
		rc = COMPARE_EXIT_UNLIKE;
		goto out;
	}
	judge_all(&o->judge, t.items, t.nitems, &tl);
	hidden = print_trend(&t);
	rc = print_verdicts(&t, &tl, hidden);
	if (!rc) {
		size_t chosen = 0;

		for (size_t i = 0; i < t.nitems; i++)
			chosen += judge_chosen(&o->judge, t.items[i].phase, t.items[i].b->name);
		if (!chosen) {
			fprintf(t.err, "scn: compare: nothing was compared: no metric that --metric chose is on two kernels in a row\n");
			rc = COMPARE_EXIT_UNLIKE;
		}
	}
out:
	trend_free(&t);
	return rc;
}
