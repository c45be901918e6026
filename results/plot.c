// SPDX-License-Identifier: GPL-2.0-only
/*
 * plot: the gnuplot script of results drawn (see plot.h): what to draw
 * (a sweep's table, a metric against a swept number, bars per phase),
 * the axes, and the data files beside the script. Running gnuplot is
 * the command's (cli/plot_run.c).
 *
 * Every text that comes from the result (names, titles, labels) enters
 * the gnuplot script through gp_quote() only, as a double-quoted gnuplot
 * string in which every byte that could mean more is an escape.
 */
#include "plot.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

#define EXIT_DATAERR PLOT_EXIT_DATAERR
/* Lines of a sweep one picture draws, at most. */
#define MAX_LINES 64
/* Metrics an unknown --metric's message names, at most. */
#define MAX_NAMED 20
/* Explicit tics, one per value, up to this many values. */
#define MAX_LABELLED_TICS 16
/*
 * Samples drawn as points beside a bar, at most: more cannot be told
 * apart, and millions made an SVG of 435 MB. Past it, every k-th.
 */
#define MAX_SAMPLE_POINTS 2000

static void put_num(struct strbuf *sb, double v)
{
	if (isnan(v))
		sb_putc(sb, '?');	/* set datafile missing '?' */
	else
		sb_printf(sb, "%.17g", v);
}

/* ---- the x axis: values of a parameter ---------------------------------- */

struct xkey {
	uint64_t hash;
	size_t i;			/* into vals */
};

struct xaxis {
	const struct jin_value **vals;	/* distinct, in order of appearance */
	size_t n, cap;
	struct xkey *keys;		/* [n], by hash: x_pos's index */
	bool numeric;
	bool log2;
	double lo, hi;			/* of the numbers */
};

/* Added as they come; x_finish keeps the first of each value. */
static void x_add(struct xaxis *x, const struct jin_value *v)
{
	VEC_PUSH(x->vals, x->n, x->cap, v);
}

static int cmp_xkey(const void *a, const void *b)
{
	const struct xkey *x = a, *y = b;

	if (x->hash != y->hash)
		return x->hash < y->hash ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}

static void x_index(struct xaxis *x)
{
	free(x->keys);
	x->keys = xcalloc(x->n + 1, sizeof(*x->keys));
	for (size_t i = 0; i < x->n; i++)
		x->keys[i] = (struct xkey){ jin_hash(x->vals[i]), i };
	qsort(x->keys, x->n, sizeof(*x->keys), cmp_xkey);
}

/*
 * The distinct values in order of first appearance, found by hash: a
 * sweep of a million points took n squared comparisons. Numbers on a
 * log2 axis when they are all positive and span 8x or more.
 */
static void x_finish(struct xaxis *x)
{
	bool *dup = xcalloc(x->n + 1, sizeof(*dup));
	double lo = INFINITY, hi = 0;
	size_t i, k, kept = 0;

	x_index(x);
	for (i = 0; i < x->n; i = k) {
		/* A run of one hash: each value against the kept ones before it. */
		for (k = i + 1; k < x->n && x->keys[k].hash == x->keys[i].hash; k++)
			;
		for (size_t a = i + 1; a < k; a++)
			for (size_t b = i; b < a; b++)
				if (!dup[x->keys[b].i] &&
				    jin_equal(x->vals[x->keys[a].i], x->vals[x->keys[b].i])) {
					dup[x->keys[a].i] = true;
					break;
				}
	}
	for (i = 0; i < x->n; i++)
		if (!dup[i])
			x->vals[kept++] = x->vals[i];
	x->n = kept;
	free(dup);
	x_index(x);
	x->numeric = x->n > 0;
	for (i = 0; i < x->n; i++) {
		if (x->vals[i]->type != JIN_NUMBER) {
			x->numeric = false;
			return;
		}
		lo = fmin(lo, x->vals[i]->u.num);
		hi = fmax(hi, x->vals[i]->u.num);
	}
	x->log2 = lo > 0 && hi / lo >= 8;
	x->lo = lo;
	x->hi = hi;
}

static void x_free(struct xaxis *x)
{
	free(x->vals);
	free(x->keys);
}

/* Where v goes on the axis: the number, or the index of a word. */
static double x_pos(const struct xaxis *x, const struct jin_value *v)
{
	uint64_t h;
	size_t lo = 0, hi = x->n;

	if (x->numeric)
		return v->u.num;
	h = jin_hash(v);
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (x->keys[mid].hash < h)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < x->n && x->keys[lo].hash == h; lo++)
		if (jin_equal(x->vals[x->keys[lo].i], v))
			return (double)x->keys[lo].i;
	return NAN;
}

static void x_script(struct strbuf *gp, const struct xaxis *x,
		     const char *label)
{
	struct strbuf text;
	size_t i;

	gp_set_text(gp, "xlabel", label);
	if (x->log2)
		sb_puts(gp, "set logscale x 2\n");
	/*
	 * A margin on both sides: gnuplot drops a tic that rounding puts
	 * just outside an autoscaled range, and a point on the frame hides.
	 */
	if (!x->numeric)
		sb_printf(gp, "set xrange [-0.5:%zu.5]\n", x->n ? x->n - 1 : 0);
	else if (x->log2)
		sb_printf(gp, "set xrange [%.17g:%.17g]\n", x->lo / 1.25,
			  x->hi * 1.25);
	else if (x->hi > x->lo)
		sb_printf(gp, "set xrange [%.17g:%.17g]\n",
			  x->lo - (x->hi - x->lo) * 0.05,
			  x->hi + (x->hi - x->lo) * 0.05);
	else
		sb_printf(gp, "set xrange [%.17g:%.17g]\n", x->lo - 1, x->hi + 1);
	if (x->n > MAX_LABELLED_TICS && x->numeric)
		return;
	sb_init(&text);
	sb_puts(gp, "set xtics (");
	for (i = 0; i < x->n; i++) {
		text.len = 0;
		rf_value_text(&text, x->vals[i]);
		sb_puts(gp, i ? ", " : "");
		gp_quote(gp, text.buf);
		sb_printf(gp, " %.17g", x_pos(x, x->vals[i]));
	}
	sb_puts(gp, ")\n");
	sb_free(&text);
}

/* ---- what to draw ------------------------------------------------------- */

static bool has_metric(const struct plot *pl, const char *name)
{
	for (size_t f = 0; f < pl->o->nin; f++)
		for (size_t i = 0; i < pl->rs[f].npoints; i++)
			for (size_t k = 0; k < pl->rs[f].points[i].nphases; k++) {
				const struct rf_phase *ph = &pl->rs[f].points[i].phases[k];

				if (plot_phase_selected(pl, ph) && rf_find_metric(ph, name))
					return true;
			}
	return false;
}

/* The metric to draw: --metric, else rate where there is one, else time. */
static int pick_metric(const struct plot *pl, const char **out)
{
	const struct rf_result *r = pl->r;
	const char *named[MAX_NAMED];
	struct strbuf names;
	size_t i, k, m, nnamed = 0;

	if (pl->o->phase) {
		bool found = false;

		for (size_t f = 0; f < pl->o->nin; f++)
			for (i = 0; i < pl->rs[f].npoints; i++)
				found |= rf_find_phase(&pl->rs[f].points[i], pl->o->phase) != NULL;
		if (!found) {
			fprintf(pl->err, "scn: plot: %s has no phase '%s'\n",
				r->path, pl->o->phase);
			return EXIT_DATAERR;
		}
	}
	*out = pl->o->metric ? pl->o->metric :
	       has_metric(pl, "rate") ? "rate" : "time";
	if (has_metric(pl, *out))
		return 0;
	sb_init(&names);
	/* The first MAX_NAMED names: a phase may have a million. */
	for (i = 0; i < r->npoints && nnamed <= MAX_NAMED; i++)
		for (k = 0; k < r->points[i].nphases && nnamed <= MAX_NAMED; k++) {
			const struct rf_phase *ph = &r->points[i].phases[k];

			for (m = 0; plot_phase_selected(pl, ph) && m < ph->nmetrics &&
				    nnamed <= MAX_NAMED; m++) {
				const char *name = ph->metrics[m].name;
				size_t j;

				for (j = 0; j < nnamed && strcmp(named[j], name); j++)
					;
				if (j < nnamed)
					continue;
				if (nnamed++ == MAX_NAMED) {
					sb_puts(&names, ", ...");
					break;
				}
				named[j] = name;
				sb_puts(&names, names.len ? ", " : "");
				rf_text(&names, name);
			}
		}
	fprintf(pl->err, "scn: plot: %s has no metric '%s'%s%s%s\n", r->path, *out,
		pl->o->phase ? " in that phase" : "",
		names.len ? "; it has: " : "", names.len ? names.buf : "");
	sb_free(&names);
	return EXIT_DATAERR;
}

/* The table: one line per column value, x the row values. */
static int draw_table(struct plot *pl)
{
	const struct rf_table *t = &pl->r->table;
	struct xaxis x = { 0 };
	struct strbuf data, title;
	bool nonneg = true;
	double lo = INFINITY, hi = -INFINITY;
	size_t r, c, runs = 0;
	char *key;
	int rc;

	if (!t->nrows) {
		fprintf(pl->err, "scn: plot: %s: the table has no rows\n",
			pl->r->path);
		return EXIT_DATAERR;
	}
	for (r = 0; r < t->nrows; r++)
		x_add(&x, jin_at(t->row_values, r));
	x_finish(&x);
	sb_init(&data);
	for (r = 0; r < t->nrows; r++) {
		put_num(&data, x_pos(&x, jin_at(t->row_values, r)));
		/* The runs' mean and spread where the result has them. */
		for (c = 0; c < t->ncols; c++) {
			const struct stats_summary *s = t->spread ? &t->spread[r * t->ncols + c] : NULL;
			double v = s && s->n ? s->mean : t->cells[r * t->ncols + c];

			sb_putc(&data, ' ');
			put_num(&data, v);
			sb_putc(&data, ' ');
			put_num(&data, s && s->n ? s->min : v);
			sb_putc(&data, ' ');
			put_num(&data, s && s->n ? s->max : v);
			nonneg = nonneg && !(v < 0);
			runs = s && s->n > runs ? s->n : runs;
			if (!isnan(v)) {
				lo = fmin(lo, s && s->n ? s->min : v);
				hi = fmax(hi, s && s->n ? s->max : v);
			}
		}
		sb_putc(&data, '\n');
	}
	rc = plot_write_tmp(pl, "table.dat", &data);
	sb_free(&data);
	if (rc) {
		x_free(&x);
		return PLOT_EXIT_CANTCREAT;
	}
	x_script(&pl->gp, &x, t->rows);
	plot_ylabel(pl, t->value, t->unit ? t->unit : "");
	plot_yaxis(&pl->gp, "y", lo, hi, nonneg);
	/* Say what is drawn: a mean, and what the bars span. */
	key = runs > 1 ? xasprintf("%s%smean of %zu runs, bars min to max",
				   t->cols ? t->cols : "", t->cols ? ": " : "", runs) :
			 xstrdup(t->cols ? t->cols : "one run");
	gp_set_text(&pl->gp, "key title", key);
	free(key);
	sb_init(&title);
	sb_puts(&pl->gp, "plot ");
	for (c = 0; c < t->ncols; c++) {
		title.len = 0;
		if (t->cols)
			rf_value_text(&title, jin_at(t->col_values, c));
		else
			sb_puts(&title, t->value);
		sb_puts(&pl->gp, c ? ", \\\n     " : "");
		gp_data(&pl->gp, pl, "table.dat");
		sb_printf(&pl->gp, " using 1:%zu:%zu:%zu with yerrorlines title ",
			  3 * c + 2, 3 * c + 3, 3 * c + 4);
		gp_quote(&pl->gp, title.buf);
	}
	sb_putc(&pl->gp, '\n');
	sb_free(&title);
	x_free(&x);
	return 0;
}

/* One line of a sweep without a table: a phase and the other swept values. */
struct series {
	char *title;
	struct {
		double x, mean, min, max;
	} *pts;
	size_t n, cap;
};

static int cmp_x(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The title of point pt's line: what besides x tells it from the others. */
static char *series_title(const struct rf_point *pt, const char *xparam,
			  const char *phase, bool name_phase)
{
	struct strbuf sb;
	size_t i;

	sb_init(&sb);
	if (name_phase)
		sb_puts(&sb, phase);
	for (i = 0; i < pt->swept->u.obj.len; i++) {
		const struct jin_member *m = &pt->swept->u.obj.members[i];

		if (!strcmp(m->key, xparam))
			continue;
		sb_printf(&sb, "%s%s=", sb.len ? " " : "", m->key);
		rf_value_text(&sb, m->value);
	}
	return sb_steal(&sb);
}

static size_t count_phases_with(const struct plot *pl, const char *metric)
{
	const struct rf_point *pt = &pl->r->points[0];
	size_t k, n = 0;

	for (k = 0; k < pt->nphases; k++)
		if (plot_phase_selected(pl, &pt->phases[k]) &&
		    rf_find_metric(&pt->phases[k], metric))
			n++;
	return n;
}

/* A sweep without a table: the metric's mean, min to max, against x. */
static int draw_sweep(struct plot *pl, const char *metric)
{
	const struct rf_result *r = pl->r;
	const char *xparam = r->points[0].swept->u.obj.members[0].key, *unit;
	double scale = plot_unit_scale(pl, metric, &unit);
	bool name_phase = count_phases_with(pl, metric) > 1, nonneg = true;
	double lo = INFINITY, hi = -INFINITY, small = INFINITY, big = 0;
	struct series *ser = NULL;
	size_t nser = 0, cap = 0, i, k, s, j;
	struct xaxis x = { 0 };
	struct strbuf data;
	int rc;

	for (i = 0; i < r->npoints; i++) {
		const struct jin_value *xv = jin_get(r->points[i].swept, xparam);

		if (xv)
			x_add(&x, xv);
	}
	x_finish(&x);
	for (i = 0; i < r->npoints && nser <= MAX_LINES; i++) {
		const struct rf_point *pt = &r->points[i];
		const struct jin_value *xv = jin_get(pt->swept, xparam);

		for (k = 0; xv && k < pt->nphases && nser <= MAX_LINES; k++) {
			const struct rf_phase *ph = &pt->phases[k];
			const struct rf_metric *m = rf_find_metric(ph, metric);
			char *title;

			if (!m || !m->sum.n || !plot_phase_selected(pl, ph))
				continue;
			title = series_title(pt, xparam, ph->name, name_phase);
			for (s = 0; s < nser && strcmp(ser[s].title, title); s++)
				;
			if (s == nser) {
				struct series empty = { .title = title };

				VEC_PUSH(ser, nser, cap, empty);
				if (nser > MAX_LINES)
					break;
			} else {
				free(title);
			}
			grow_array((void **)&ser[s].pts, &ser[s].cap,
				   ser[s].n + 1, sizeof(*ser[s].pts));
			ser[s].pts[ser[s].n].x = x_pos(&x, xv);
			ser[s].pts[ser[s].n].mean = m->sum.mean / scale;
			ser[s].pts[ser[s].n].min = m->sum.min / scale;
			nonneg = nonneg && m->sum.min >= 0;
			ser[s].pts[ser[s].n].max = m->sum.max / scale;
			ser[s].n++;
			lo = fmin(lo, m->sum.min / scale);
			hi = fmax(hi, m->sum.max / scale);
		}
	}
	if (!nser || nser > MAX_LINES) {
		if (nser)
			fprintf(pl->err, "scn: plot: %s has more than %d lines of '%s' to draw "
				"(a phase and the other swept values each): more than one "
				"picture can tell apart\nhint: --phase P draws one phase\n",
				r->path, MAX_LINES, metric);
		else
			fprintf(pl->err, "scn: plot: %s has no samples of '%s' to draw\n",
				r->path, metric);
		for (s = 0; s < nser; s++) {
			free(ser[s].title);
			free(ser[s].pts);
		}
		free(ser);
		x_free(&x);
		return EXIT_DATAERR;
	}
	sb_init(&data);
	for (s = 0; s < nser; s++) {
		/* Lines join points in x order, whatever the sweep's order. */
		if (ser[s].n)
			qsort(ser[s].pts, ser[s].n, sizeof(*ser[s].pts), cmp_x);
		double top = -INFINITY;

		for (j = 0; j < ser[s].n; j++) {
			sb_printf(&data, "%.17g %.17g %.17g %.17g\n",
				  ser[s].pts[j].x, ser[s].pts[j].mean,
				  ser[s].pts[j].min, ser[s].pts[j].max);
			top = fmax(top, ser[s].pts[j].max);
		}
		sb_puts(&data, "\n\n");	/* the next gnuplot "index" */
		small = fmin(small, top);
		big = fmax(big, top);
	}
	rc = plot_write_tmp(pl, "sweep.dat", &data) ? PLOT_EXIT_CANTCREAT : 0;
	sb_free(&data);
	if (!rc) {
		x_script(&pl->gp, &x, xparam);
		/*
		 * Lines of phases far apart (a fault phase's 88k pages/s beside
		 * a check's 24M) on a log axis: on one linear axis the low
		 * ones are flat on the floor, whatever they do.
		 */
		if (nser > 1 && lo > 0 && plot_scales_apart(small, big)) {
			char *label = *unit ? xasprintf("%s, log scale", unit) :
					      xstrdup("log scale");

			plot_ylabel(pl, metric, label);
			free(label);
			plot_yaxis_log(&pl->gp, "y", lo, hi);
		} else {
			plot_ylabel(pl, metric, unit);
			plot_yaxis(&pl->gp, "y", lo, hi, nonneg);
		}
		gp_set_text(&pl->gp, "key title", "mean, bars min to max of the runs");
		sb_puts(&pl->gp, "plot ");
		for (s = 0; s < nser; s++) {
			sb_puts(&pl->gp, s ? ", \\\n     " : "");
			gp_data(&pl->gp, pl, "sweep.dat");
			sb_printf(&pl->gp, " index %zu using 1:2:3:4 with "
				  "yerrorlines title ", s);
			gp_quote(&pl->gp, *ser[s].title ? ser[s].title : metric);
		}
		sb_putc(&pl->gp, '\n');
	}
	for (s = 0; s < nser; s++) {
		free(ser[s].title);
		free(ser[s].pts);
	}
	free(ser);
	x_free(&x);
	return rc;
}

/*
 * No sweep: a bar per phase (the mean, min to max) and the samples as
 * points. Bars that span two orders of magnitude or more (60k/s beside
 * 49M/s) get a log axis, else the small ones cannot be seen.
 */
static int draw_bars(struct plot *pl, const char *metric)
{
	const struct rf_point *pt = &pl->r->points[0];
	struct strbuf bars, samples, tics;
	const char *unit;
	double scale = plot_unit_scale(pl, metric, &unit);
	bool nonneg = true, ratio = false;
	double lo = INFINITY, hi = 0, bottom = INFINITY, top = -INFINITY;
	size_t k, j, nbars = 0, step = 1;
	int rc;

	sb_init(&bars);
	sb_init(&samples);
	sb_init(&tics);
	for (k = 0; k < pt->nphases; k++) {
		const struct rf_phase *ph = &pt->phases[k];
		const struct rf_metric *m = rf_find_metric(ph, metric);

		if (!m || !m->sum.n || !plot_phase_selected(pl, ph))
			continue;
		sb_printf(&bars, "%zu %.17g %.17g %.17g 0.3\n", nbars, m->sum.mean / scale,
			  m->sum.min / scale, m->sum.max / scale);
		lo = fmin(lo, m->sum.mean);
		hi = fmax(hi, m->sum.mean);
		bottom = fmin(bottom, m->sum.min / scale);
		top = fmax(top, m->sum.max / scale);
		if (m->sum.n / MAX_SAMPLE_POINTS + 1 > step)
			step = m->sum.n / MAX_SAMPLE_POINTS + 1;
		for (j = 0; m->samples && j < m->sum.n; j++)
			nonneg = nonneg && m->samples[j] >= 0;
		for (j = 0; m->samples && j < m->sum.n; j += m->sum.n / MAX_SAMPLE_POINTS + 1)
			sb_printf(&samples, "%zu %.17g\n", nbars,
				  m->samples[j] / scale);
		nonneg = nonneg && m->sum.min >= 0;
		/* A ratio (unit "x", as make bench writes): 1.0 is "alike". */
		ratio = ratio || !strcmp(m->unit, "x");
		sb_puts(&tics, nbars ? ", " : "");
		gp_quote(&tics, ph->name);
		sb_printf(&tics, " %zu", nbars);
		nbars++;
	}
	if (!nbars) {
		fprintf(pl->err, "scn: plot: %s has no samples of '%s' to draw\n",
			pl->r->path, metric);
		rc = -ENODATA;
		goto out;
	}
	if (nbars > PLOT_MAX_BARS) {
		fprintf(pl->err, "scn: plot: %s has %zu phases with '%s': more bars than "
			"one picture can tell apart (%d)\nhint: --phase P draws one\n",
			pl->r->path, nbars, metric, PLOT_MAX_BARS);
		rc = -ENODATA;
		goto out;
	}
	rc = plot_write_tmp(pl, "bars.dat", &bars);
	if (!rc)
		rc = plot_write_tmp(pl, "samples.dat", &samples);
	if (!rc) {
		bool logy = lo > 0 && hi / lo >= 100;

		if (ratio) {
			top = fmax(top, 1.0);
			bottom = fmin(bottom, 1.0);
		}
		sb_puts(&pl->gp, "set xlabel 'phase'\n");
		if (logy) {
			char *label = *unit ? xasprintf("%s, log scale", unit) :
					      xstrdup("log scale");

			plot_ylabel(pl, metric, label);
			free(label);
			plot_yaxis_log(&pl->gp, "y", bottom > 0 ? bottom : lo / scale, top);
		} else {
			plot_ylabel(pl, metric, unit);
			plot_yaxis(&pl->gp, "y", fmin(bottom, 0), top, nonneg);
		}
		sb_printf(&pl->gp, "set xtics (%s)\n", tics.buf ? tics.buf : "");
		if (ratio)
			sb_puts(&pl->gp, "set xtics rotate by -30\n"
					 "set arrow from graph 0, first 1 to graph 1, first 1 "
					 "nohead dt 2 lw 2 lc rgb 'red'\n"
					 "set label '1.0: alike' at graph 0.01, first 1 offset 0,0.7\n");
		sb_printf(&pl->gp, "set xrange [-0.6:%zu.6]\n", nbars ? nbars - 1 : 0);
		sb_puts(&pl->gp, "set boxwidth 0.6\nset style fill solid 0.35 border\n");
		sb_puts(&pl->gp, "plot ");
		gp_data(&pl->gp, pl, "bars.dat");
		sb_puts(&pl->gp, " using 1:2:3:4:5 with boxerrorbars title "
			"'mean, bars min to max'");
		if (samples.len) {
			sb_puts(&pl->gp, ", \\\n     ");
			gp_data(&pl->gp, pl, "samples.dat");
			sb_puts(&pl->gp, " using 1:2 with points pt 7 ps 0.6 title ");
			if (step > 1)
				sb_printf(&pl->gp, "'samples (%d a bar at most, evenly)'",
					  MAX_SAMPLE_POINTS);
			else
				sb_puts(&pl->gp, "'samples'");
		}
		sb_putc(&pl->gp, '\n');
	}
out:
	sb_free(&bars);
	sb_free(&samples);
	sb_free(&tics);
	return rc == -ENODATA ? EXIT_DATAERR : rc ? PLOT_EXIT_CANTCREAT : 0;
}

static void script_head(struct plot *pl, const char *picture)
{
	struct strbuf *gp = &pl->gp;
	char *path = plot_tmp_path(pl, picture);

	sb_puts(gp, "# SPDX-License-Identifier: GPL-2.0-only\n"
		    "# written by scn plot\n"
		    "set encoding utf8\n");
	if (pl->o->png)
		/* pngcairo draws better; plain png (libgd) is the fallback. */
		sb_puts(gp, "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
			    "  set terminal pngcairo size 960,600 noenhanced "
			    "font 'Sans,11' background rgb 'white'\n"
			    "} else {\n"
			    "  set terminal png size 960,600 noenhanced\n"
			    "}\n");
	else
		sb_puts(gp, "set terminal svg size 960,600 dynamic noenhanced "
			    "font 'Sans,12' background rgb 'white'\n");
	gp_set_path(gp, "output", path);
	sb_puts(gp, "set grid\nset key outside right top\n"
		    "set datafile missing '?'\n");
	free(path);
}

int plot_script(struct plot *pl, const char **picture)
{
	const struct rf_result *r = pl->r;
	const char *metric = NULL;
	int rc;

	*picture = pl->o->png ? "plot.png" : "plot.svg";
	script_head(pl, *picture);
	if (pl->o->nin == 1 && r->has_table && !pl->o->metric && !pl->o->phase) {
		plot_title(pl, *r->name ? r->name : r->path, NULL);
		rc = draw_table(pl);
	} else {
		rc = pick_metric(pl, &metric);
		if (!rc)
			plot_title(pl, *r->name ? r->name : r->path, metric);
		if (!rc && (pl->o->nin > 1 || plot_wants_groups(pl)))
			rc = plot_groups(pl, metric);
		else if (!rc && jin_len(r->points[0].swept))
			rc = draw_sweep(pl, metric);
		else if (!rc)
			rc = draw_bars(pl, metric);
	}
	return rc;
}
