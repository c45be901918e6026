// SPDX-License-Identifier: GPL-2.0-only
/*
 * plot_groups: grouped bars (see plot.h). A sweep over words (policy
 * default, local) and results of one scenario on several kernels or
 * command lines are compared phase by phase: a group per phase, a bar
 * per result and point, each the mean of the runs with the spread of the
 * runs (min to max) as its error bar. The bars are named, and the plot
 * titled, by what differs between them: the swept values, the host, the
 * kernel's release, words of its command line, the scenario's
 * parameters; the title's second line says what they share.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"

/* The text of a field of a result's root, "" where it is absent. */
static const char *field(const struct rf_result *r, const char *a,
			 const char *b, const char *c)
{
	const struct jin_value *v = jin_get(jin_get(r->root, a), b);

	if (c)
		v = jin_get(v, c);
	return v && v->type == JIN_STRING ? jin_str(v) : "";
}

static bool differs(const struct plot *pl, const char *a, const char *b,
		    const char *c)
{
	for (size_t f = 1; f < pl->o->nin; f++)
		if (strcmp(field(&pl->rs[0], a, b, c), field(&pl->rs[f], a, b, c)))
			return true;
	return false;
}

/* Whether every result's command line has the blank-separated word w. */
static bool word_everywhere(const struct plot *pl, const char *w, size_t len)
{
	for (size_t f = 0; f < pl->o->nin; f++) {
		const char *line = field(&pl->rs[f], "fingerprint", "kernel", "cmdline");
		bool found = false;

		for (const char *p = line; *p && !found; p += strcspn(p, " ")) {
			p += strspn(p, " ");
			found = strcspn(p, " ") == len && !strncmp(p, w, len);
		}
		if (!found)
			return false;
	}
	return true;
}

static const struct jin_value *params_of(const struct plot *pl, size_t f)
{
	const struct jin_value *p = jin_get(jin_get(pl->rs[f].root, "scenario"), "params");

	return p && p->type == JIN_OBJECT ? p : NULL;
}

/* Whether every result has the scenario parameter m, with its value. */
static bool param_everywhere(const struct plot *pl, const struct jin_member *m)
{
	for (size_t g = 0; g < pl->o->nin; g++) {
		const struct jin_value *other = jin_get(params_of(pl, g), m->key);

		if (!other || !jin_equal(other, m->value))
			return false;
	}
	return true;
}

/* The scenario parameters of result f whose values differ between results. */
static void params_that_differ(const struct plot *pl, size_t f, struct strbuf *sb)
{
	const struct jin_value *mine = params_of(pl, f);

	for (size_t i = 0; mine && i < mine->u.obj.len; i++) {
		const struct jin_member *m = &mine->u.obj.members[i];

		if (param_everywhere(pl, m))
			continue;
		sb_printf(sb, "%s%s=", sb->len ? " " : "", m->key);
		rf_value_text(sb, m->value);
	}
}

/* Result r's architecture; x86_64 for one that names none (before arm64). */
static const char *arch_of(const struct rf_result *r)
{
	const char *a = field(r, "fingerprint", "arch", NULL);

	return *a ? a : "x86_64";
}

static bool archs_differ(const struct plot *pl)
{
	for (size_t f = 1; f < pl->o->nin; f++)
		if (strcmp(arch_of(&pl->rs[0]), arch_of(&pl->rs[f])))
			return true;
	return false;
}

/* Where result r was measured: "test host (tcg, svm)", "machine (pvm)". */
static void host_of(const struct rf_result *r, struct strbuf *sb)
{
	const struct jin_value *th = jin_get(jin_get(r->root, "fingerprint"), "testhost");
	const char *virt = field(r, "fingerprint", "virt", "kind");

	if (jin_is(th, JIN_OBJECT)) {
		const char *accel = jin_str(jin_get(th, "accel"));

		sb_printf(sb, "test host (%s%s%s)", accel ? accel : "?", *virt ? ", " : "", virt);
	} else if (*virt && strcmp(virt, "none")) {
		sb_printf(sb, "machine (%s)", virt);
	} else {
		sb_puts(sb, "machine");
	}
}

static bool hosts_differ(const struct plot *pl)
{
	struct strbuf a, b;
	bool d = false;

	sb_init(&a);
	sb_init(&b);
	host_of(&pl->rs[0], &a);
	for (size_t f = 1; f < pl->o->nin && !d; f++) {
		b.len = 0;
		host_of(&pl->rs[f], &b);
		d = strcmp(a.buf, b.buf) != 0;
	}
	sb_free(&a);
	sb_free(&b);
	return d;
}

/* Boot options a bar names at most; a whole /proc/cmdline says nothing. */
#define LABEL_WORDS 3

/* What tells result f from the others, or its file's name. */
static char *file_label(const struct plot *pl, size_t f)
{
	const struct rf_result *r = &pl->rs[f];
	const char *base = strrchr(r->path, '/');
	bool other_host = hosts_differ(pl);
	struct strbuf sb;

	sb_init(&sb);
	if (pl->o->nin < 2)
		return sb_steal(&sb);
	if (archs_differ(pl))
		sb_puts(&sb, arch_of(r));
	if (other_host) {
		if (sb.len)
			sb_putc(&sb, ' ');
		host_of(r, &sb);
	}
	if (differs(pl, "fingerprint", "kernel", "release"))
		sb_printf(&sb, "%s%s", sb.len ? " " : "", field(r, "fingerprint", "kernel", "release"));
	/* Hosts of other kinds boot otherwise: the host says it then. */
	if (!other_host && differs(pl, "fingerprint", "kernel", "cmdline")) {
		const char *line = field(r, "fingerprint", "kernel", "cmdline");
		size_t shown = 0, more = 0;

		/* The words only some command lines have: preempt=full */
		for (const char *p = line + strspn(line, " "); *p;
		     p += strcspn(p, " "), p += strspn(p, " ")) {
			size_t len = strcspn(p, " ");

			if (word_everywhere(pl, p, len))
				continue;
			if (shown++ < LABEL_WORDS)
				sb_printf(&sb, "%s%.*s", sb.len ? " " : "", (int)len, p);
			else
				more++;
		}
		if (more)
			sb_printf(&sb, " and %zu more boot option%s", more, more == 1 ? "" : "s");
	}
	params_that_differ(pl, f, &sb);
	/* The one with the fewest boot options, where only those differ. */
	if (!sb.len && differs(pl, "fingerprint", "kernel", "cmdline"))
		sb_puts(&sb, "default boot options");
	if (!sb.len)
		sb_puts(&sb, base ? base + 1 : r->path);
	return sb_steal(&sb);
}

/* Whether the ", "-separated list has the item w (a whole item). */
static bool listed(const char *list, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = list; p && *p; p += strcspn(p, ",")) {
		p += strspn(p, ", ");
		if (!strncmp(p, w, n) && (p[n] == ',' || p[n] == '\0'))
			return true;
	}
	return false;
}

/* "across kernel, kernel command line, type" for the title. */
static void what_differs(const struct plot *pl, struct strbuf *sb)
{
	const struct jin_value *p0 = params_of(pl, 0);
	bool other_host = hosts_differ(pl);
	struct strbuf params;

	sb_init(&params);
	if (archs_differ(pl))
		sb_printf(sb, "%sarch", sb->len ? ", " : "");
	if (other_host)
		sb_printf(sb, "%shost", sb->len ? ", " : "");
	if (differs(pl, "fingerprint", "kernel", "release"))
		sb_printf(sb, "%skernel", sb->len ? ", " : "");
	if (!other_host && differs(pl, "fingerprint", "kernel", "cmdline"))
		sb_printf(sb, "%skernel command line", sb->len ? ", " : "");
	for (size_t i = 0; pl->o->nin > 1 && p0 && i < p0->u.obj.len; i++)
		if (!param_everywhere(pl, &p0->u.obj.members[i]))
			sb_printf(sb, "%s%s", sb->len ? ", " : "",
				  p0->u.obj.members[i].key);
	/* A swept parameter differs between the bars of one result. */
	for (size_t f = 0; f < pl->o->nin; f++) {
		const struct jin_value *sw = pl->rs[f].points[0].swept;

		for (size_t i = 0; sw && i < sw->u.obj.len; i++)
			if (!listed(params.buf, sw->u.obj.members[i].key) &&
			    !listed(sb->buf, sw->u.obj.members[i].key))
				sb_printf(&params, ", %s", sw->u.obj.members[i].key);
	}
	if (params.len)
		sb_printf(sb, "%s%s", sb->len ? ", " : "", params.buf + 2);
	sb_free(&params);
}

bool plot_wants_groups(const struct plot *pl)
{
	const struct rf_result *r = pl->r;
	const char *key;

	if (!jin_len(r->points[0].swept) ||
	    (r->has_table && !pl->o->metric && !pl->o->phase))
		return false;
	key = r->points[0].swept->u.obj.members[0].key;
	for (size_t i = 0; i < r->npoints; i++) {
		const struct jin_value *v = jin_get(r->points[i].swept, key);

		if (v && v->type == JIN_NUMBER)
			return false;	/* numbers go on an axis: lines */
	}
	return true;
}

/* A bar: result f, point i. */
struct bar {
	size_t f, i;
	char *label;
};

/* What the groups' bars span: each group's, and all of them. */
struct spans {
	double *lo, *hi;		/* [ngroups]: min and max of a group's bars */
	double all_lo, all_hi;
	double small, big;		/* the least and most of the groups' hi */
	bool nonneg;
};

/* Phases a picture shows as panels at most; past it, a log axis. */
#define MAX_PANELS 8
/* Panels a row at most. */
#define PANELS_A_ROW 4
/* Bars the key lists a column, at most. */
#define KEY_ROWS 4

/* "plot" of every bar, of group g alone (g < 0: every group). */
static void plot_bars(struct plot *pl, const struct bar *bars, size_t nbars,
		      const char *metric, long g)
{
	sb_puts(&pl->gp, "plot ");
	for (size_t b = 0; b < nbars; b++) {
		sb_puts(&pl->gp, b ? ", \\\n     " : "");
		gp_data(&pl->gp, pl, "groups.dat");
		if (g >= 0)
			sb_printf(&pl->gp, " every ::%ld::%ld", g, g);
		sb_printf(&pl->gp, " using %zu:%zu:%zu title ", 2 + 3 * b, 3 + 3 * b,
			  4 + 3 * b);
		gp_quote(&pl->gp, *bars[b].label ? bars[b].label : metric);
	}
	sb_putc(&pl->gp, '\n');
}

/*
 * Small multiples: a panel per phase, each with a y axis of its own, the
 * bars in the same order and colours in each, the key once below them
 * all. A phase of 88k pages/s beside one of 24M would be a flat line on
 * one axis; a regression of its own would not show.
 */
static void draw_panels(struct plot *pl, const char *const *groups, size_t ngroups,
			const struct bar *bars, size_t nbars, const char *metric,
			const char *unit, const char *title, const struct spans *sp)
{
	size_t cols = ngroups <= PANELS_A_ROW ? ngroups : (ngroups + 1) / 2;
	size_t rows = (ngroups + cols - 1) / cols;
	size_t krows = (nbars < KEY_ROWS ? nbars : KEY_ROWS) + 1;
	double bottom = 0.06 + 0.04 * (double)krows;
	char *note = sp->small > 0 ?
		     xasprintf("a scale per phase, as they are %.0f times apart",
			       sp->big / sp->small) :
		     xstrdup("a scale per phase");

	sb_printf(&pl->gp, "unset xtics\nunset xlabel\n"
		  "set multiplot layout %zu,%zu margins 0.09,0.97,%.3f,0.86 spacing 0.08,0.12 title ",
		  rows, cols, bottom);
	plot_title_text(pl, &pl->gp, title, metric, note);
	sb_putc(&pl->gp, '\n');
	free(note);
	for (size_t g = 0; g < ngroups; g++) {
		gp_set_text(&pl->gp, "title", groups[g]);
		if (g % cols == 0)
			plot_ylabel(pl, metric, unit);
		else
			sb_puts(&pl->gp, "unset ylabel\n");
		plot_yaxis(&pl->gp, "y", sp->lo[g], sp->hi[g], true);
		if (g + 1 < ngroups) {
			sb_puts(&pl->gp, "unset key\n");
		} else {
			sb_printf(&pl->gp, "set key at screen 0.09,%.3f left top Left reverse "
				  "maxrows %d\n", bottom - 0.05, KEY_ROWS);
			gp_set_text(&pl->gp, "key title",
				    "each bar: the mean of the runs; error bars: min to max");
		}
		plot_bars(pl, bars, nbars, metric, (long)g);
	}
	sb_puts(&pl->gp, "unset multiplot\n");
}

int plot_groups(struct plot *pl, const char *metric)
{
	const char **groups = NULL, *unit;
	size_t ngroups = 0, gcap = 0, nbars = 0, bcap = 0, f, i, k, g, b;
	double scale = plot_unit_scale(pl, metric, &unit);
	struct spans sp = { .all_lo = INFINITY, .all_hi = -INFINITY, .small = INFINITY,
			    .big = 0, .nonneg = true };
	struct bar *bars = NULL;
	struct strbuf data, title, tics;
	bool any = false;
	int rc = 0;

	sb_init(&data);
	sb_init(&tics);
	/* The groups: every selected phase with the metric, in order seen. */
	for (f = 0; f < pl->o->nin; f++)
		for (i = 0; i < pl->rs[f].npoints; i++)
			for (k = 0; k < pl->rs[f].points[i].nphases; k++) {
				const struct rf_phase *ph = &pl->rs[f].points[i].phases[k];

				if (!plot_phase_selected(pl, ph) || !rf_find_metric(ph, metric))
					continue;
				for (g = 0; g < ngroups && strcmp(groups[g], ph->name); g++)
					;
				/* Past the bound, only counted: the search is ngroups long. */
				if (g == ngroups && ngroups <= PLOT_MAX_BARS)
					VEC_PUSH(groups, ngroups, gcap, ph->name);
			}
	for (f = 0; f < pl->o->nin; f++) {
		char *fl = file_label(pl, f);

		for (i = 0; i < pl->rs[f].npoints; i++) {
			struct strbuf label;
			struct bar bar = { f, i, NULL };

			/* The swept values first: a long host name cannot hide them. */
			sb_init(&label);
			if (jin_len(pl->rs[f].points[i].swept))
				rf_point_label(&label, &pl->rs[f].points[i]);
			if (*fl)
				sb_printf(&label, "%s%s", label.len ? "; " : "", fl);
			bar.label = sb_steal(&label);
			VEC_PUSH(bars, nbars, bcap, bar);
		}
		free(fl);
	}
	if (ngroups * nbars > PLOT_MAX_BARS) {
		fprintf(pl->err, "scn: plot: %s%s: %s%zu phases with '%s' and %zu bars a "
			"phase: more bars than one picture can tell apart (%d)\nhint: "
			"--phase P draws one phase\n", pl->r->path, pl->o->nin > 1 ? " and the others" : "",
			ngroups > PLOT_MAX_BARS ? "more than " : "",
			ngroups > PLOT_MAX_BARS ? (size_t)PLOT_MAX_BARS : ngroups, metric, nbars,
			PLOT_MAX_BARS);
		rc = PLOT_EXIT_DATAERR;
		goto out;
	}
	sp.lo = xcalloc(ngroups + 1, sizeof(*sp.lo));
	sp.hi = xcalloc(ngroups + 1, sizeof(*sp.hi));
	/*
	 * A row per group: its index, then mean, min and max of each bar. The
	 * names are tics of the script, quoted as every text is: a data file
	 * has no quoting that every name survives.
	 */
	for (g = 0; g < ngroups; g++) {
		sp.lo[g] = INFINITY;
		sp.hi[g] = -INFINITY;
		sb_printf(&data, "%zu", g);
		sb_puts(&tics, g ? ", " : "");
		gp_quote(&tics, groups[g]);
		sb_printf(&tics, " %zu", g);
		for (b = 0; b < nbars; b++) {
			const struct rf_phase *ph = rf_find_phase(
				&pl->rs[bars[b].f].points[bars[b].i], groups[g]);
			const struct rf_metric *m = ph ? rf_find_metric(ph, metric) : NULL;

			if (!m || !m->sum.n) {
				sb_puts(&data, " ? ? ?");
				continue;
			}
			any = true;
			sb_printf(&data, " %.17g %.17g %.17g", m->sum.mean / scale,
				  m->sum.min / scale, m->sum.max / scale);
			sp.nonneg = sp.nonneg && m->sum.min >= 0;
			sp.lo[g] = fmin(sp.lo[g], m->sum.min / scale);
			sp.hi[g] = fmax(sp.hi[g], m->sum.max / scale);
		}
		sb_putc(&data, '\n');
		if (sp.lo[g] > sp.hi[g])
			continue;	/* no bar */
		sp.all_lo = fmin(sp.all_lo, sp.lo[g]);
		sp.all_hi = fmax(sp.all_hi, sp.hi[g]);
		sp.small = fmin(sp.small, sp.hi[g]);
		sp.big = fmax(sp.big, sp.hi[g]);
	}
	if (!any) {
		char *m = rf_text_dup(metric);

		fprintf(pl->err, "scn: plot: %s has no samples of '%s' to draw\n",
			pl->r->path, m);
		free(m);
		rc = PLOT_EXIT_DATAERR;
		goto out;
	}
	if (plot_write_tmp(pl, "groups.dat", &data)) {
		rc = PLOT_EXIT_CANTCREAT;
		goto out;
	}
	sb_init(&title);
	sb_printf(&title, "%s: %s per phase", *pl->r->name ? pl->r->name : pl->r->path,
		  metric);
	{
		struct strbuf what;

		sb_init(&what);
		what_differs(pl, &what);
		if (what.len)
			sb_printf(&title, ", across %s", what.buf);
		sb_free(&what);
	}
	sb_puts(&pl->gp, "set style data histograms\n"
			 "set style histogram errorbars gap 1 lw 1\n"
			 "set style fill solid 0.55 border -1\n"
			 "set bars front\n");
	if (ngroups > 1 && ngroups <= MAX_PANELS && sp.nonneg &&
	    plot_scales_apart(sp.small, sp.big)) {
		draw_panels(pl, groups, ngroups, bars, nbars, metric, unit, title.buf, &sp);
		sb_free(&title);
		goto out;
	}
	plot_title(pl, title.buf, metric);
	sb_free(&title);
	gp_set_text(&pl->gp, "xlabel", "phase");
	sb_printf(&pl->gp, "set xtics (%s)\n", tics.buf ? tics.buf : "");
	/* Names of bars can be long (a release and boot options): below. */
	sb_puts(&pl->gp, "set key below left Left reverse\n");
	gp_set_text(&pl->gp, "key title", "each bar: the mean of the runs; error bars: min to max");
	/* Too many phases for panels, far apart: a log axis, if it can. */
	if (ngroups > MAX_PANELS && sp.all_lo > 0 && plot_scales_apart(sp.small, sp.big)) {
		char *label = *unit ? xasprintf("%s, log scale", unit) : xstrdup("log scale");

		plot_ylabel(pl, metric, label);
		free(label);
		plot_yaxis_log(&pl->gp, "y", sp.all_lo, sp.all_hi);
	} else {
		plot_ylabel(pl, metric, unit);
		plot_yaxis(&pl->gp, "y", sp.all_lo, sp.all_hi, sp.nonneg);
	}
	plot_bars(pl, bars, nbars, metric, -1);
out:
	sb_free(&data);
	sb_free(&tics);
	for (b = 0; b < nbars; b++)
		free(bars[b].label);
	free(bars);
	free(groups);
	free(sp.lo);
	free(sp.hi);
	return rc;
}

/* The fewest and most samples behind a mean drawn (n 0: none). */
static void sample_counts(const struct plot *pl, const char *metric, size_t *lo,
			  size_t *hi)
{
	const struct rf_table *t = &pl->r->table;

	*lo = SIZE_MAX;
	*hi = 0;
	if (!metric) {
		for (size_t c = 0; t->spread && c < t->nrows * t->ncols; c++)
			if (t->spread[c].n) {
				*lo = t->spread[c].n < *lo ? t->spread[c].n : *lo;
				*hi = t->spread[c].n > *hi ? t->spread[c].n : *hi;
			}
	}
	for (size_t f = 0; metric && f < pl->o->nin; f++)
		for (size_t i = 0; i < pl->rs[f].npoints; i++)
			for (size_t k = 0; k < pl->rs[f].points[i].nphases; k++) {
				const struct rf_phase *ph = &pl->rs[f].points[i].phases[k];
				const struct rf_metric *m = rf_find_metric(ph, metric);

				if (!m || !m->sum.n || !plot_phase_selected(pl, ph))
					continue;
				*lo = m->sum.n < *lo ? m->sum.n : *lo;
				*hi = m->sum.n > *hi ? m->sum.n : *hi;
			}
	if (!*hi)
		*lo = 0;
}

void plot_title_text(struct plot *pl, struct strbuf *sb, const char *line1,
		     const char *metric, const char *note)
{
	struct strbuf ctx;
	size_t lo, hi;

	sb_init(&ctx);
	if (!differs(pl, "fingerprint", "kernel", "release") &&
	    *field(pl->r, "fingerprint", "kernel", "release"))
		sb_printf(&ctx, "kernel %s", field(pl->r, "fingerprint", "kernel", "release"));
	if (!hosts_differ(pl)) {
		sb_puts(&ctx, ctx.len ? ", " : "");
		host_of(pl->r, &ctx);
	}
	sample_counts(pl, metric, &lo, &hi);
	if (hi == lo && hi)
		sb_printf(&ctx, "%sn=%zu each", ctx.len ? ", " : "", hi);
	else if (hi)
		sb_printf(&ctx, "%sn=%zu to %zu", ctx.len ? ", " : "", lo, hi);
	if (pl->unlike)
		sb_printf(&ctx, "%snot measured alike (--force)", ctx.len ? "; " : "");
	if (note)
		sb_printf(&ctx, "%s%s", ctx.len ? "; " : "", note);
	gp_quote(sb, line1);
	if (ctx.len) {
		/* A second line: gnuplot joins strings with '.'. */
		sb_puts(sb, " . \"\\n\" . ");
		gp_quote(sb, ctx.buf);
	}
	sb_free(&ctx);
}

void plot_title(struct plot *pl, const char *line1, const char *metric)
{
	sb_puts(&pl->gp, "set title ");
	plot_title_text(pl, &pl->gp, line1, metric, NULL);
	sb_putc(&pl->gp, '\n');
}
