// SPDX-License-Identifier: GPL-2.0-only
/*
 * compare: two results side by side, each metric judged (see compare.h
 * and docs/results.md section 5): the points matched by their
 * parameters, the phases and metrics by name, the judge's verdicts
 * (compare_judge.h), and what scn compare prints of them: the sides, the
 * table, and the lines under it.
 */
#include "compare.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/stats.h"
#include "../common/util.h"

/*
 * The kernels of a result of the kernel axis (command.kernels), "a, b, c",
 * into sb; false for a result of one kernel. Such a result's own
 * fingerprint is the machine its test hosts ran on, not a kernel it
 * measured: its points carry theirs.
 */
static bool axis_kernels(struct strbuf *sb, const struct rf_result *r)
{
	const struct jin_value *k = jin_get(jin_get(r->root, "command"), "kernels");

	if (!k || !jin_is(k, JIN_ARRAY) || !jin_len(k))
		return false;
	for (size_t i = 0; i < jin_len(k); i++) {
		if (i)
			sb_puts(sb, ", ");
		rf_value_text(sb, jin_at(k, i));
	}
	return true;
}

/* One side of the header: its kernel's release, or the axis's kernels. */
static void across_side(struct strbuf *sb, const struct rf_result *r,
			const struct jin_value *release)
{
	struct strbuf ks;

	sb_init(&ks);
	if (axis_kernels(&ks, r))
		sb_printf(sb, "kernels %s", ks.buf);
	else
		rf_value_text(sb, release);
	sb_free(&ks);
}

/*
 * "across kernel: 6.1.0-57-amd64 -> 6.12.117+deb12-amd64 (preempt=full)";
 * two results of the kernel axis name their kernels, matched point by
 * point, kernel by kernel (the outer machine's release is no kernel of
 * theirs).
 */
static void print_across(FILE *out, const struct rf_result *b, const struct rf_result *n)
{
	static const char *const rel[4] = { "fingerprint", "kernel", "release" };
	static const char *const cmd[4] = { "fingerprint", "kernel", "cmdline" };
	const struct jin_value *rb = alike_field(b->root, rel);
	const struct jin_value *rn = alike_field(n->root, rel);
	struct strbuf sb, kb, kn;
	bool ab, an;

	sb_init(&sb);
	sb_init(&kb);
	sb_init(&kn);
	ab = axis_kernels(&kb, b);
	an = axis_kernels(&kn, n);
	if (ab && an && !strcmp(kb.buf, kn.buf)) {
		sb_printf(&sb, "kernels %s on both sides, matched kernel by kernel", kb.buf);
	} else if (ab || an) {
		across_side(&sb, b, rb);
		sb_puts(&sb, " -> ");
		across_side(&sb, n, rn);
	} else {
		rf_value_text(&sb, rb);
		sb_puts(&sb, " -> ");
		rf_value_text(&sb, rn);
		if (jin_equal(rb, rn)) {
			bool same_line = jin_equal(alike_field(b->root, cmd),
						   alike_field(n->root, cmd));

			sb_puts(&sb, same_line ? " (the same kernel)" :
				" (the same kernel, another command line)");
		}
	}
	fprintf(out, "across kernel: %s\n", sb.buf);
	sb_free(&sb);
	sb_free(&kb);
	sb_free(&kn);
}

/* "across arch: x86_64 -> aarch64 (AMD EPYC Processor -> QEMU max)". */
static void print_across_arch(FILE *out, const struct rf_result *b, const struct rf_result *n)
{
	static const char *const cpu[4] = { "fingerprint", "cpu", "model" };
	struct strbuf sb;

	sb_init(&sb);
	rf_value_text(&sb, alike_arch(b));
	sb_puts(&sb, " -> ");
	rf_value_text(&sb, alike_arch(n));
	sb_puts(&sb, " (");
	rf_value_text(&sb, alike_field(b->root, cpu));
	sb_puts(&sb, " -> ");
	rf_value_text(&sb, alike_field(n->root, cpu));
	fprintf(out, "across arch: %s)\n", sb.buf);
	sb_free(&sb);
}

/* ---- the table -------------------------------------------------------- */

enum col {
	C_POINT, C_PHASE, C_METRIC, C_UNIT, C_N, C_BASE, C_NEW, C_RATIO,
	C_CHANGE, C_P, C_VERDICT, C__COUNT
};

static const char *const col_title[C__COUNT] = {
	"point", "phase", "metric", "unit", "n", "base", "new", "new/base",
	"change", "p", "verdict",
};

/* Numbers read better right-aligned. */
static const bool col_right[C__COUNT] = {
	[C_N] = true, [C_BASE] = true, [C_NEW] = true, [C_RATIO] = true,
	[C_CHANGE] = true, [C_P] = true,
};

struct row {
	char *cell[C__COUNT];
};

struct table {
	struct row *rows;
	size_t len, cap;
};

/* The metrics both results have, and what only one of them has. */
struct pairs {
	struct judge_item *items;
	size_t len, cap;
	struct alike_lines labels;	/* the point labels the items borrow */
	struct alike_lines only;	/* "only in base: ..." of points, phases */
	/* And of metrics, for --all: what to print, borrowed (a million of them). */
	struct only_metric {
		const char *side, *point, *phase, *metric;
	} *only_metrics;
	size_t nonly_metrics, only_metrics_cap;
	size_t only_metric_n[2];	/* of base and of new */
	bool list_metrics;		/* --all: only_metrics kept, not only counted */
	struct alike_lines forced;	/* points matched though they differ */
};

/*
 * Decimals that give the mean four significant digits; its spread is
 * shown with as many, since digits past the mean's say nothing.
 */
static int decimals(double mean, double sd)
{
	double a = fabs(mean) > 0 ? fabs(mean) : fabs(sd);
	int d;

	/* The loader refuses non-finite statistics; (int) of an infinite
	 * log10 would be undefined behaviour all the same. */
	if (a == 0 || !isfinite(a))
		return 0;
	d = 3 - (int)floor(log10(a));
	return d < 0 ? 0 : d > 9 ? 9 : d;
}

static void fmt_num(struct strbuf *sb, double x, int dec)
{
	if (x == 0)
		sb_putc(sb, '0');
	else if (fabs(x) >= 1e12)
		sb_printf(sb, "%.3e", x);
	else
		sb_printf(sb, "%.*f", dec, x);
}

/* Seconds are shown in the unit that suits the larger of the two means. */
double compare_time_scale(const char *unit, double a, double b,
			  const char **shown)
{
	double m = fmax(fabs(a), fabs(b));

	*shown = unit;
	if (strcmp(unit, "s") || m == 0 || m >= 1)
		return 1;
	if (m >= 1e-3) {
		*shown = "ms";
		return 1e-3;
	}
	if (m >= 1e-6) {
		*shown = "us";
		return 1e-6;
	}
	*shown = "ns";
	return 1e-9;
}

char *compare_mean_sd(const struct stats_summary *s, double scale)
{
	struct strbuf sb;

	sb_init(&sb);
	if (!s->n) {
		sb_putc(&sb, '-');
	} else {
		int dec = decimals(s->mean / scale, s->stddev / scale);

		fmt_num(&sb, s->mean / scale, dec);
		sb_puts(&sb, "\u00b1");
		fmt_num(&sb, s->stddev / scale, dec);
	}
	return sb_steal(&sb);
}

/* The row of a judged metric: its numbers, p and verdict. */
static void fill_row(struct row *row, const struct judge_item *it)
{
	const struct stats_summary *b = &it->b->sum, *n = &it->n->sum;
	const char *unit;
	double scale = compare_time_scale(it->b->unit, b->mean, n->mean, &unit);

	row->cell[C_POINT] = xstrdup(it->point);	/* rf_point_label's: escaped */
	row->cell[C_PHASE] = rf_text_dup(it->phase);
	row->cell[C_METRIC] = rf_text_dup(it->b->name);
	row->cell[C_UNIT] = rf_text_dup(*unit ? unit : "-");
	row->cell[C_N] = xasprintf("%zu/%zu", b->n, n->n);
	row->cell[C_BASE] = compare_mean_sd(b, scale);
	row->cell[C_NEW] = compare_mean_sd(n, scale);
	if (!isnan(it->change)) {
		row->cell[C_RATIO] = xasprintf("%.3f", n->mean / b->mean);
		row->cell[C_CHANGE] = xasprintf("%+.1f%%", it->change);
	} else {
		row->cell[C_RATIO] = xstrdup("-");
		row->cell[C_CHANGE] = xstrdup("-");
	}
	if (it->verdict == JV_UNTESTED)
		row->cell[C_P] = xasprintf("n<%d", JUDGE_MIN_SAMPLES);
	else if (isnan(it->p))
		row->cell[C_P] = xstrdup("-");
	else
		row->cell[C_P] = it->p < 0.001 ? xstrdup("<0.001") :
						 xasprintf("%.3f", it->p);
	row->cell[C_VERDICT] = xstrdup(judge_verdict_name(it->verdict));
}

static void add_pair(struct pairs *ps, const char *point, const char *phase,
		     const struct rf_metric *bm, const struct rf_metric *nm)
{
	struct judge_item it = { .point = point, .phase = phase, .b = bm, .n = nm };

	VEC_PUSH(ps->items, ps->len, ps->cap, it);
}

/*
 * point is a label (escaped); phase and metric come from the file. A
 * metric only one side has is counted, and kept to be listed (--all) as
 * pointers: a million of them made compare's largest allocation.
 */
static void only_in(struct pairs *ps, const char *side, const char *point,
		    const char *phase, const char *metric)
{
	struct strbuf sb;
	char *s;

	if (metric) {
		struct only_metric om = { side, point, phase, metric };

		ps->only_metric_n[strcmp(side, "base") != 0]++;
		if (ps->list_metrics)
			VEC_PUSH(ps->only_metrics, ps->nonly_metrics, ps->only_metrics_cap, om);
		return;
	}
	sb_init(&sb);
	sb_printf(&sb, "only in %s: point %s", side, point);
	if (phase) {
		sb_puts(&sb, ", phase ");
		rf_text(&sb, phase);
	}
	s = sb_steal(&sb);
	VEC_PUSH(ps->only.v, ps->only.len, ps->only.cap, s);
}

static void compare_point(struct pairs *ps, const struct rf_point *bp,
			  const struct rf_point *np)
{
	struct strbuf sb;
	char *label;
	size_t i, k;

	sb_init(&sb);
	rf_point_label(&sb, bp);
	label = sb_steal(&sb);
	VEC_PUSH(ps->labels.v, ps->labels.len, ps->labels.cap, label);
	for (i = 0; i < bp->nphases; i++) {
		const struct rf_phase *bph = &bp->phases[i];
		const struct rf_phase *nph = rf_find_phase(np, bph->name);

		if (!nph) {
			only_in(ps, "base", label, bph->name, NULL);
			continue;
		}
		for (k = 0; k < bph->nmetrics; k++) {
			const struct rf_metric *bm = &bph->metrics[k];
			const struct rf_metric *nm = rf_find_metric(nph, bm->name);

			if (nm)
				add_pair(ps, label, bph->name, bm, nm);
			else
				only_in(ps, "base", label, bph->name, bm->name);
		}
		for (k = 0; k < nph->nmetrics; k++)
			if (!rf_find_metric(bph, nph->metrics[k].name))
				only_in(ps, "new", label, nph->name,
					nph->metrics[k].name);
	}
	for (i = 0; i < np->nphases; i++)
		if (!rf_find_phase(bp, np->phases[i].name))
			only_in(ps, "new", label, np->phases[i].name, NULL);
}

/* "size, type": the parameters whose values differ between a and b. */
static void params_that_differ(struct strbuf *sb, const struct jin_value *a,
			       const struct jin_value *b)
{
	const struct jin_value *side[2] = { a, b };
	size_t start = sb->len;

	for (size_t s = 0; s < 2; s++)
		for (size_t i = 0; jin_is(side[s], JIN_OBJECT) && i < side[s]->u.obj.len; i++) {
			const struct jin_member *m = &side[s]->u.obj.members[i];
			const struct jin_value *other = jin_get(side[!s], m->key);

			if ((s == 1 && jin_get(a, m->key)) || jin_equal(m->value, other))
				continue;	/* alike, or seen from a */
			sb_puts(sb, sb->len > start ? ", " : "");
			rf_text(sb, m->key);
		}
}

/*
 * Points match by all their parameters; each new point is used once.
 * With --force, a point left over is matched by its swept values alone
 * (none without a sweep), as its other parameters differ by what was
 * forced: A.json and D.json, run with another -D size=, still have their
 * phases compared, and a line says so.
 */
static void compare_points(const struct compare_opts *o, const struct rf_result *b,
			   const struct rf_result *n, struct pairs *ps)
{
	bool *used = xcalloc(n->npoints + 1, sizeof(*used));
	size_t *match = xcalloc(b->npoints + 1, sizeof(*match));
	struct rf_point_index ix;
	struct strbuf label;
	size_t i, k;

	rf_point_index_init(&ix, n, false);
	for (i = 0; i < b->npoints; i++) {
		k = rf_point_index_find(&ix, b->points[i].params, used);
		match[i] = k;
		if (k < n->npoints)
			used[k] = true;
	}
	rf_point_index_free(&ix);
	sb_init(&label);
	if (o->force)
		rf_point_index_init(&ix, n, true);
	for (i = 0; o->force && i < b->npoints; i++) {
		if (match[i] < n->npoints)
			continue;
		k = rf_point_index_find(&ix, b->points[i].swept, used);
		if (k == n->npoints)
			continue;
		match[i] = k;
		used[k] = true;
		label.len = 0;
		rf_point_label(&label, &b->points[i]);
		sb_puts(&label, " compared though its parameters differ (");
		params_that_differ(&label, b->points[i].params, n->points[k].params);
		sb_puts(&label, "): phases and metrics matched by name");
		VEC_PUSH(ps->forced.v, ps->forced.len, ps->forced.cap,
			 xasprintf("point %s", label.buf));
	}
	if (o->force)
		rf_point_index_free(&ix);
	for (i = 0; i < b->npoints; i++) {
		if (match[i] < n->npoints) {
			compare_point(ps, &b->points[i], &n->points[match[i]]);
			continue;
		}
		label.len = 0;
		rf_point_label(&label, &b->points[i]);
		only_in(ps, "base", label.buf, NULL, NULL);
	}
	for (k = 0; k < n->npoints; k++) {
		if (used[k])
			continue;
		label.len = 0;
		rf_point_label(&label, &n->points[k]);
		only_in(ps, "new", label.buf, NULL, NULL);
	}
	sb_free(&label);
	free(match);
	free(used);
}

/* Columns on a terminal: UTF-8 continuation bytes take none. */
static size_t width(const char *s)
{
	size_t w = 0;

	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			w++;
	return w;
}

static void print_cells(FILE *out, char *const *cell, const size_t *w)
{
	int c;

	for (c = 0; c < C__COUNT; c++) {
		size_t pad = w[c] - width(cell[c]);

		if (c)
			fputs("  ", out);
		if (col_right[c])
			fprintf(out, "%*s%s", (int)pad, "", cell[c]);
		else if (c == C__COUNT - 1)
			fputs(cell[c], out);	/* no trailing blanks */
		else
			fprintf(out, "%s%*s", cell[c], (int)pad, "");
	}
	fputc('\n', out);
}

static void print_table(FILE *out, const struct table *tb)
{
	size_t w[C__COUNT], i;
	int c;

	for (c = 0; c < C__COUNT; c++)
		w[c] = width(col_title[c]);
	for (i = 0; i < tb->len; i++)
		for (c = 0; c < C__COUNT; c++)
			if (width(tb->rows[i].cell[c]) > w[c])
				w[c] = width(tb->rows[i].cell[c]);
	print_cells(out, (char *const *)col_title, w);
	for (i = 0; i < tb->len; i++)
		print_cells(out, tb->rows[i].cell, w);
}

static void table_free(struct table *tb)
{
	size_t i;
	int c;

	for (i = 0; i < tb->len; i++)
		for (c = 0; c < C__COUNT; c++)
			free(tb->rows[i].cell[c]);
	free(tb->rows);
}

static void print_side(FILE *out, const char *side, const struct rf_result *r)
{
	char *name = rf_text_dup(*r->name ? r->name : "(unnamed)");
	char *status = rf_text_dup(r->status), *started = rf_text_dup(r->started);

	fprintf(out, "%s %s: %s, %s%s%s\n", side, r->path, name, status,
	       *started ? ", started " : "", started);
	free(name);
	free(status);
	free(started);
}

/* Whether the means differ by more than the bar, or one of them is 0. */
static bool changed_beyond(const struct judge_item *it, double bar)
{
	if (isnan(it->change))
		return it->b->sum.n && it->n->sum.n && it->n->sum.mean != it->b->sum.mean;
	return fabs(it->change) > bar;
}

/*
 * The rows a person is shown by default: the metrics that changed,
 * surely (better, worse) or by more than the bar (judged or not: no
 * direction, too few samples, busy, within the noise); --all shows every
 * row, --summary the judged changes and the busy ones.
 */
static bool row_shown(const struct compare_opts *o, const struct judge_item *it)
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

/* What the table left out: "12 rows not shown (...): 11 ..., 1 ..." */
static void print_hidden(FILE *out, const struct compare_opts *o, const struct pairs *ps,
			 size_t hidden)
{
	size_t unchosen = 0;

	for (size_t i = 0; i < ps->len; i++)
		unchosen += ps->items[i].verdict == JV_UNCHOSEN;
	fprintf(out, "%zu row%s not shown (--all shows every row):", hidden,
	       hidden == 1 ? "" : "s");
	if (hidden > unchosen)
		fprintf(out, " %zu changed by %g%% or less, not surely%s", hidden - unchosen,
		       judge_bar(&o->judge), unchosen ? "," : "");
	if (unchosen)
		fprintf(out, " %zu not chosen by --metric", unchosen);
	fputc('\n', out);
}

static void print_judged(FILE *out, const struct compare_opts *o, const struct pairs *ps)
{
	struct table tb = { 0 };
	size_t hidden = 0;

	for (size_t i = 0; i < ps->len; i++) {
		const struct judge_item *it = &ps->items[i];
		struct row r = { { 0 } };

		if (!row_shown(o, it)) {
			hidden += it->verdict != JV_CONSTANT;
			continue;
		}
		fill_row(&r, it);
		VEC_PUSH(tb.rows, tb.len, tb.cap, r);
	}
	if (tb.len)
		print_table(out, &tb);
	else if (!ps->len)
		fprintf(out, "no metric in common\n");
	else if (o->summary)
		fprintf(out, "no significant change\n");
	else
		fprintf(out, "no metric changed (judged, or by more than %g%%)\n",
		       judge_bar(&o->judge));
	if (hidden && !o->summary)
		print_hidden(out, o, ps, hidden);
	table_free(&tb);
}

/* ", " between the items of a list, " and " before its last. */
static const char *list_sep(size_t i, size_t n)
{
	return !i ? "" : i + 1 == n ? " and " : ", ";
}

static bool same_phase(const struct judge_item *a, const struct judge_item *b)
{
	return a->point == b->point && !strcmp(a->phase, b->phase);
}

/*
 * The metric names of a busy phase's items (phase[0..n), which come
 * together: judge_all) with or without far set.
 */
static void busy_metrics(struct strbuf *sb, const struct judge_item *phase,
			 size_t len, bool judged)
{
	size_t n = 0, k = 0;

	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < len; i++) {
			const struct judge_item *it = &phase[i];

			if (!it->busy || (it->verdict != JV_BUSY) != judged)
				continue;
			if (!pass) {
				n++;
				continue;
			}
			sb_puts(sb, list_sep(k++, n));
			rf_text(sb, it->b->name);
		}
}

/*
 * A line per phase whose timings a busier machine on one side spoiled:
 * what it waited for, what is therefore not judged, and what was judged
 * all the same as it moved far beyond both sides' noise.
 */
static void print_busy(FILE *out, const struct pairs *ps)
{
	for (size_t i = 0, end; i < ps->len; i = end) {
		const struct judge_item *it = &ps->items[i];
		struct strbuf judged, not;
		bool own;

		/* The phase's items, and its first busy one: a line a phase. */
		for (end = i + 1; end < ps->len && same_phase(&ps->items[end], it); end++)
			;
		while (it < &ps->items[end] && !it->busy)
			it++;
		if (it == &ps->items[end])
			continue;
		own = it->runq_name && !strcmp(it->runq_name, "runq");
		sb_init(&judged);
		sb_init(&not);
		busy_metrics(&judged, &ps->items[i], end - i, true);
		busy_metrics(&not, &ps->items[i], end - i, false);
		fputs("busy: phase ", out);
		{
			char *ph = rf_text_dup(it->phase);

			fprintf(out, "%s%s%s", ph, strcmp(it->point, "-") ? " of " : "",
			       strcmp(it->point, "-") ? it->point : "");
			free(ph);
		}
		if (own)
			fprintf(out, " waited for a CPU %.0f%% of its time in base, %.0f%% in new (runq: "
			       "these results have no runq.others, so its own threads' waiting "
			       "for each other counts too): the machine's other work, not the build; ",
			       it->runq_b * 100, it->runq_n * 100);
		else
			fprintf(out, " waited for other work %.0f%% of its time in base, %.0f%% in new "
			       "(runq.others): the machine's other work, not the build; ",
			       it->runq_b * 100, it->runq_n * 100);
		if (!judged.len)
			fprintf(out, "its timings are not judged\n");
		else
			fprintf(out, "judged all the same, as it moved by more than %d times the spread "
			       "of either side and more than that waiting explains: %s%s%s\n",
			       JUDGE_FAR_SPREADS, judged.buf, not.len ? "; not judged: " : "",
			       not.len ? not.buf : "");
		sb_free(&judged);
		sb_free(&not);
	}
}

/* The lines under the table; the exit code of what they say. */
static int print_verdicts(FILE *out, const struct compare_opts *o, const struct pairs *ps,
			  const struct judge_tally *t)
{
	const struct judge_opts *j = &o->judge;
	double bar = judge_bar(j);
	size_t i, failing = 0;

	if (!o->summary)
		for (i = 0; i < ps->only.len; i++)
			fprintf(out, "%s\n", ps->only.v[i]);
	if (!o->summary && o->all)
		for (i = 0; i < ps->nonly_metrics; i++) {
			const struct only_metric *om = &ps->only_metrics[i];
			char *phase = rf_text_dup(om->phase), *metric = rf_text_dup(om->metric);

			fprintf(out, "only in %s: point %s, phase %s, metric %s\n", om->side,
			       om->point, phase, metric);
			free(phase);
			free(metric);
		}
	else if (!o->summary && ps->only_metric_n[0] + ps->only_metric_n[1])
		fprintf(out, "only in one side: %zu metric%s of base, %zu of new, in phases both have (--all lists them)\n",
		       ps->only_metric_n[0], ps->only_metric_n[0] == 1 ? "" : "s",
		       ps->only_metric_n[1]);
	print_busy(out, ps);
	if (t->untested)
		fprintf(out, "n<%d: %zu metric%s with fewer than %d samples on a side, not judged%s (%zu changed by more than %g%%)\n",
		       JUDGE_MIN_SAMPLES, t->untested, t->untested == 1 ? "" : "s",
		       JUDGE_MIN_SAMPLES, ": run with --repeat 3 or more",
		       t->untested_beyond, bar);
	fprintf(out, "%zu compared: %zu worse, %zu better, %zu ~ (%zu without a direction",
	       t->compared, t->worse, t->better, t->same + t->undirected, t->undirected);
	if (t->untested)
		fprintf(out, ", %zu not tested", t->untested);
	if (t->busy)
		fprintf(out, ", %zu busy", t->busy);
	if (t->far)
		fprintf(out, ", %zu judged though busy", t->far);
	if (t->unchosen)
		fprintf(out, ", %zu not chosen by --metric", t->unchosen);
	fprintf(out, ")");
	if (t->constant)
		fprintf(out, "; %zu constant and alike on both sides, left out", t->constant);
	fprintf(out, "; alpha %g, %s correction over %zu test%s\n", j->alpha,
	       judge_correction_name(j->correction), t->tests, t->tests == 1 ? "" : "s");
	for (i = 0; i < ps->len; i++)
		failing += ps->items[i].failing;
	if (!failing && t->busy_gated) {
		/* A gate must not pass what it could not judge. */
		fprintf(out, "inconclusive: the runs were contended: %zu metric%s that --fail-over %g%% "
		       "gates could not be judged (busy); run both again on a quieter machine, "
		       "or alternated and pooled (docs/results.md, section 5)\n",
		       t->busy_gated, t->busy_gated == 1 ? "" : "s", j->fail_over);
		return COMPARE_EXIT_INCONCLUSIVE;
	}
	if (!failing)
		return 0;
	fprintf(out, "FAIL: worse by more than %g%%:\n", j->fail_over);
	for (i = 0; i < ps->len; i++) {
		const struct judge_item *it = &ps->items[i];
		/* Without a sweep the point's "-" would only puzzle. */
		const char *pt = strcmp(it->point, "-") ? it->point : "";
		char *ph, *name;

		if (!it->failing)
			continue;
		ph = rf_text_dup(it->phase);
		name = rf_text_dup(it->b->name);
		if (isnan(it->change))
			fprintf(out, "  %s%s%s %s (from 0)\n", pt, *pt ? " " : "", ph, name);
		else
			fprintf(out, "  %s%s%s %s (%.1f%% worse)\n", pt, *pt ? " " : "", ph, name,
			       fabs(it->change));
		free(ph);
		free(name);
	}
	return COMPARE_EXIT_WORSE;
}

/*
 * A comparison that compared nothing must not pass: no metric in both
 * results (points of other parameters, phases of other names), or none
 * that --metric chose. It is refused as results measured unlike are.
 */
static int compared_nothing(FILE *err, const struct compare_opts *o,
			    const struct pairs *ps)
{
	size_t i, chosen = 0;

	for (i = 0; i < ps->len; i++)
		chosen += judge_chosen(&o->judge, ps->items[i].phase, ps->items[i].b->name);
	if (!ps->len)
		fprintf(err, "scn: compare: nothing was compared: %s and %s have no metric "
			"of a point and phase in common%s\n", o->base_path, o->new_path,
			ps->only.len ? " (the only-in lines say what each has)" : "");
	else if (!chosen)
		fprintf(err, "scn: compare: nothing was compared: no metric that --metric "
			"chose is in both %s and %s\n", o->base_path, o->new_path);
	else
		return 0;
	return COMPARE_EXIT_UNLIKE;
}

int compare_write(FILE *out, FILE *err, const struct compare_opts *o,
		  const struct rf_result *b, const struct rf_result *n,
		  const struct alike_lines *blocking, const struct alike_lines *notes)
{
	struct pairs ps = { 0 };
	struct judge_tally t;
	size_t i;
	int rc;

	ps.list_metrics = o->all;
	compare_points(o, b, n, &ps);
	print_side(out, "base", b);
	print_side(out, "new ", n);
	if (o->across_arch)
		print_across_arch(out, b, n);
	if (o->across_kernel)
		print_across(out, b, n);
	for (i = 0; i < blocking->len; i++)
		fprintf(out, "forced: %s\n", blocking->v[i]);
	for (i = 0; i < ps.forced.len; i++)
		fprintf(out, "forced: %s\n", ps.forced.v[i]);
	for (i = 0; i < notes->len; i++)
		fprintf(out, "note: %s\n", notes->v[i]);
	for (i = 0; i < 2; i++) {
		const struct rf_result *r = i ? n : b;
		char *status = rf_text_dup(r->status);

		if (strcmp(r->status, "pass"))
			fprintf(out, "note: %s ended with status %s\n", r->path, status);
		free(status);
	}
	fputc('\n', out);
	judge_all(&o->judge, ps.items, ps.len, &t);
	print_judged(out, o, &ps);
	rc = print_verdicts(out, o, &ps, &t);
	if (!rc)
		rc = compared_nothing(err, o, &ps);
	free(ps.items);
	alike_lines_free(&ps.labels);
	alike_lines_free(&ps.only);
	free(ps.only_metrics);
	alike_lines_free(&ps.forced);
	return rc;
}
