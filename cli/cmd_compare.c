// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_compare: two results side by side, each metric judged (see
 * cmd_compare.h and docs/results.md section 5).
 */
#include "cmd_compare.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/stats.h"
#include "../common/util.h"
#include "result_file.h"

#define EXIT_USAGE 64
#define EXIT_DATAERR 65

/* Without --fail-over, the change that counts when there is no test. */
#define DEFAULT_THRESHOLD 10.0
/* Fewer samples than this on a side: no t-test, the threshold decides. */
#define MIN_TEST_SAMPLES 3

struct compare_opts {
	double fail_over;	/* percent; < 0 when not given */
	double alpha;
	bool force;
	bool across_kernel;	/* --across kernel */
	const char *base_path, *new_path;
};

static int usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "scn: compare: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nusage: scn compare [--fail-over PCT] [--alpha A] "
			"[--force] [--across kernel] BASE.json NEW.json\n");
	return EXIT_USAGE;
}

/* "10", "10%" or "2.5%": a percentage of at least 0. */
static int parse_pct(const char *s, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (end == s || errno || !isfinite(v) || v < 0)
		return -EINVAL;
	if (*end == '%')
		end++;
	if (*end)
		return -EINVAL;
	*out = v;
	return 0;
}

static int parse_alpha(const char *s, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (end == s || *end || errno || !(v > 0 && v < 1))
		return -EINVAL;
	*out = v;
	return 0;
}

/* Returns 0, or an exit code (64) after the message; -1 after --help. */
static int parse_opts(int argc, char **argv, struct compare_opts *o)
{
	static const struct option longopts[] = {
		{ "fail-over", required_argument, NULL, 'f' },
		{ "alpha", required_argument, NULL, 'a' },
		{ "force", no_argument, NULL, 'F' },
		{ "across", required_argument, NULL, 'A' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	o->fail_over = -1;
	o->alpha = 0.05;
	o->force = false;
	o->across_kernel = false;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
			if (parse_pct(optarg, &o->fail_over))
				return usage("--fail-over takes a percentage "
					     "such as 10%%, not '%s'", optarg);
			break;
		case 'a':
			if (parse_alpha(optarg, &o->alpha))
				return usage("--alpha takes a number between 0 "
					     "and 1, not '%s'", optarg);
			break;
		case 'F':
			o->force = true;
			break;
		case 'A':
			if (strcmp(optarg, "kernel"))
				return usage("--across takes 'kernel', not '%s'",
					     optarg);
			o->across_kernel = true;
			break;
		case 'h':
			printf("usage: scn compare [--fail-over PCT] [--alpha A] "
			       "[--force] [--across kernel] BASE.json NEW.json\n");
			return -1;
		default:
			return usage("unknown or incomplete option '%s'",
				     argv[optind - 1]);
		}
	}
	if (argc - optind != 2)
		return usage("%s", "compare takes two results: BASE.json NEW.json");
	o->base_path = argv[optind];
	o->new_path = argv[optind + 1];
	return 0;
}

static int load(struct rf_result *r, const char *path)
{
	struct rf_error err;
	int rc = rf_load(r, path, &err);

	if (!rc)
		return 0;
	if (err.line)
		fprintf(stderr, "scn: compare: %s:%d:%d: %s\n", path, err.line,
			err.col, err.msg);
	else
		fprintf(stderr, "scn: compare: %s: %s\n", path, err.msg);
	return EXIT_DATAERR;
}

/* ---- what the two setups have in common -------------------------------- */

struct lines {
	char **v;
	size_t len, cap;
};

static void lines_free(struct lines *ls)
{
	size_t i;

	for (i = 0; i < ls->len; i++)
		free(ls->v[i]);
	free(ls->v);
}

/*
 * "label: A -> B" for each leaf where a and b differ; objects are walked
 * key by key, so that one changed knob is one line, not the whole set.
 */
static void diff_value(struct lines *ls, const char *label,
		       const struct jin_value *a, const struct jin_value *b)
{
	struct strbuf sb;
	size_t i;

	if (jin_equal(a, b))
		return;
	if (jin_is(a, JIN_OBJECT) && jin_is(b, JIN_OBJECT)) {
		for (i = 0; i < a->u.obj.len; i++) {
			const struct jin_member *m = &a->u.obj.members[i];
			char *sub = xasprintf("%s.%s", label, m->key);

			diff_value(ls, sub, m->value, jin_get(b, m->key));
			free(sub);
		}
		for (i = 0; i < b->u.obj.len; i++) {
			const struct jin_member *m = &b->u.obj.members[i];
			char *sub;

			if (jin_get(a, m->key))
				continue;
			sub = xasprintf("%s.%s", label, m->key);
			diff_value(ls, sub, NULL, m->value);
			free(sub);
		}
		return;
	}
	sb_init(&sb);
	sb_printf(&sb, "%s: ", label);
	jin_write(&sb, a);
	sb_puts(&sb, " -> ");
	jin_write(&sb, b);
	VEC_PUSH(ls->v, ls->len, ls->cap, sb_steal(&sb));
}

/*
 * What makes two measurements comparable. Blocking: the scenario and its
 * parameters, and the machine and environment a developer does not change
 * to test a patch. Notes: what a developer changes on purpose between a
 * base and a new run (the kernel, its boot line, mitigations, scn itself,
 * how many repeats), shown so that the reader knows. KERNEL: what a
 * kernel of its own makes differ (the memory it leaves, KVM's module
 * parameters, the knobs it has): blocking, but a note with --across
 * kernel.
 */
#define PARAMS_FIELD 1

enum field_kind { BLOCKING, NOTE, KERNEL };

static const struct {
	const char *path[4];
	enum field_kind kind;
} fields[] = {
	{ { "scenario", "hash" }, BLOCKING },
	{ { "scenario", "params" }, BLOCKING },	/* PARAMS_FIELD */
	{ { "fingerprint", "cpu", "model" }, BLOCKING },
	{ { "fingerprint", "cpu", "count" }, BLOCKING },
	{ { "fingerprint", "memory", "total" }, KERNEL },
	{ { "fingerprint", "memory", "numa_nodes" }, BLOCKING },
	{ { "fingerprint", "virt", "kind" }, BLOCKING },
	{ { "fingerprint", "virt", "kvm" }, BLOCKING },
	{ { "fingerprint", "virt", "kvm_params" }, KERNEL },
	{ { "fingerprint", "knobs" }, KERNEL },
	{ { "fingerprint", "mempolicy" }, BLOCKING },
	/* A test host: the machine QEMU makes, and the one it runs on. */
	{ { "fingerprint", "testhost", "accel" }, BLOCKING },
	{ { "fingerprint", "testhost", "cpu" }, BLOCKING },
	{ { "fingerprint", "testhost", "cpus" }, BLOCKING },
	{ { "fingerprint", "testhost", "mem" }, BLOCKING },
	{ { "fingerprint", "testhost", "nodes" }, BLOCKING },
	{ { "fingerprint", "testhost", "qemu" }, BLOCKING },
	{ { "fingerprint", "testhost", "outer", "cpu" }, BLOCKING },
	{ { "fingerprint", "testhost", "outer", "cpus" }, BLOCKING },
	{ { "fingerprint", "kernel", "release" }, NOTE },
	{ { "fingerprint", "kernel", "version" }, NOTE },
	{ { "fingerprint", "kernel", "cmdline" }, NOTE },
	{ { "fingerprint", "kernel", "preempt" }, NOTE },
	{ { "fingerprint", "testhost", "spec" }, NOTE },
	{ { "fingerprint", "testhost", "package" }, NOTE },
	{ { "fingerprint", "testhost", "outer", "kernel" }, NOTE },
	{ { "fingerprint", "cpu", "mitigations" }, NOTE },
	/* A kernel built for another page size is a deliberate change too. */
	{ { "fingerprint", "memory", "page_size" }, NOTE },
	{ { "scn_version" }, NOTE },
	{ { "command", "repeat" }, NOTE },
	{ { "command", "warmup" }, NOTE },
};

static const struct jin_value *field_value(const struct jin_value *root,
					   const char *const *path)
{
	const struct jin_value *v = root;
	size_t i;

	for (i = 0; i < 4 && path[i] && v; i++)
		v = jin_get(v, path[i]);
	return v;
}

static bool swept_in(const struct rf_result *r, const char *key)
{
	size_t i;

	for (i = 0; i < r->npoints; i++)
		if (jin_get(r->points[i].swept, key))
			return true;
	return false;
}

/*
 * scenario.params holds the first point's values; a parameter that either
 * side sweeps differs there by the choice of sweep values alone, and its
 * points are matched one by one, so it is left out here.
 */
static void diff_params(struct lines *ls, const struct rf_result *b,
			const struct rf_result *n, const struct jin_value *pb,
			const struct jin_value *pn)
{
	const struct jin_value *side[2] = { pb, pn };
	size_t i, k;

	if (!jin_is(pb, JIN_OBJECT) || !jin_is(pn, JIN_OBJECT)) {
		diff_value(ls, "scenario.params", pb, pn);
		return;
	}
	for (k = 0; k < 2; k++) {
		for (i = 0; i < side[k]->u.obj.len; i++) {
			const struct jin_member *m = &side[k]->u.obj.members[i];
			char *label;

			/* A key of both sides is seen from the base alone. */
			if ((k == 1 && jin_get(pb, m->key)) ||
			    swept_in(b, m->key) || swept_in(n, m->key))
				continue;
			label = xasprintf("scenario.params.%s", m->key);
			diff_value(ls, label, jin_get(pb, m->key),
				   jin_get(pn, m->key));
			free(label);
		}
	}
}

static bool in_testhost(const struct rf_result *r)
{
	const struct jin_value *fp = jin_get(r->root, "fingerprint");

	return jin_is(jin_get(fp, "testhost"), JIN_OBJECT);
}

/*
 * Knobs across kernels: one that a kernel lacks is the kernel's doing; a
 * value that differs is too when both ran in a test host, which boots
 * each kernel afresh with its own defaults, but not on a machine where
 * someone may have set it.
 */
static void diff_knobs(const struct rf_result *b, const struct rf_result *n,
		       const struct jin_value *kb, const struct jin_value *kn,
		       struct lines *blocking, struct lines *notes)
{
	bool fresh = in_testhost(b) && in_testhost(n);
	const struct jin_value *side[2] = { kb, kn };

	if (!jin_is(kb, JIN_OBJECT) || !jin_is(kn, JIN_OBJECT)) {
		diff_value(blocking, "fingerprint.knobs", kb, kn);
		return;
	}
	for (size_t s = 0; s < 2; s++) {
		for (size_t i = 0; i < side[s]->u.obj.len; i++) {
			const struct jin_member *m = &side[s]->u.obj.members[i];
			const struct jin_value *vb = jin_get(kb, m->key);
			const struct jin_value *vn = jin_get(kn, m->key);
			char *label;

			if (s == 1 && vb)
				continue;	/* seen from the base */
			label = xasprintf("fingerprint.knobs.%s", m->key);
			diff_value(!vb || !vn || fresh ? notes : blocking, label, vb, vn);
			free(label);
		}
	}
}

static void diff_setups(const struct compare_opts *o, const struct rf_result *b,
			const struct rf_result *n, struct lines *blocking,
			struct lines *notes)
{
	size_t i, k;

	for (i = 0; i < ARRAY_SIZE(fields); i++) {
		const struct jin_value *vb = field_value(b->root, fields[i].path);
		const struct jin_value *vn = field_value(n->root, fields[i].path);
		bool block = fields[i].kind == BLOCKING ||
			     (fields[i].kind == KERNEL && !o->across_kernel);
		struct strbuf label;

		if (i == PARAMS_FIELD) {
			diff_params(blocking, b, n, vb, vn);
			continue;
		}
		if (fields[i].kind == KERNEL && o->across_kernel &&
		    !strcmp(fields[i].path[1], "knobs")) {
			diff_knobs(b, n, vb, vn, blocking, notes);
			continue;
		}
		sb_init(&label);
		for (k = 0; k < 4 && fields[i].path[k]; k++)
			sb_printf(&label, "%s%s", k ? "." : "", fields[i].path[k]);
		diff_value(block ? blocking : notes, label.buf, vb, vn);
		sb_free(&label);
	}
}

/* "across kernel: 6.1.0-57-amd64 -> 6.12.117+deb12-amd64 (preempt=full)". */
static void print_across(const struct rf_result *b, const struct rf_result *n)
{
	static const char *const rel[4] = { "fingerprint", "kernel", "release" };
	static const char *const cmd[4] = { "fingerprint", "kernel", "cmdline" };
	const struct jin_value *rb = field_value(b->root, rel);
	const struct jin_value *rn = field_value(n->root, rel);
	struct strbuf sb;

	sb_init(&sb);
	rf_value_text(&sb, rb);
	sb_puts(&sb, " -> ");
	rf_value_text(&sb, rn);
	if (jin_equal(rb, rn)) {
		bool same_line = jin_equal(field_value(b->root, cmd),
					   field_value(n->root, cmd));

		sb_puts(&sb, same_line ? " (the same kernel)" :
			" (the same kernel, another command line)");
	}
	printf("across kernel: %s\n", sb.buf);
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

enum verdict { V_SAME, V_BETTER, V_WORSE };

struct row {
	char *cell[C__COUNT];
};

struct table {
	struct row *rows;
	size_t len, cap;
};

struct tally {
	size_t compared, better, worse, same, undirected, small;
	struct lines only;	/* "only in base: ..." */
	struct lines failing;	/* worse by more than --fail-over */
};

/*
 * Decimals that give the mean four significant digits; its spread is
 * shown with as many, since digits past the mean's say nothing.
 */
static int decimals(double mean, double sd)
{
	double a = fabs(mean) > 0 ? fabs(mean) : fabs(sd);
	int d;

	if (a == 0)
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
static double time_scale(const char *unit, double a, double b,
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

static char *mean_sd(const struct stats_summary *s, double scale)
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

/*
 * Judges one metric present on both sides and fills the row's numbers.
 * Returns the verdict; *worse_pct is how much worse it got, in percent of
 * the base (infinite from a base of 0).
 */
static enum verdict judge(const struct compare_opts *o,
			  const struct rf_metric *bm, const struct rf_metric *nm,
			  struct row *row, struct tally *tl, double *worse_pct)
{
	const struct stats_summary *b = &bm->sum, *n = &nm->sum;
	double threshold = o->fail_over >= 0 ? o->fail_over : DEFAULT_THRESHOLD;
	double scale, change = NAN, t, df, p = NAN;
	const char *unit;
	bool both = b->n && n->n, tested = false, significant, worse;

	*worse_pct = 0;
	scale = time_scale(bm->unit, b->mean, n->mean, &unit);
	row->cell[C_UNIT] = xstrdup(*unit ? unit : "-");
	row->cell[C_N] = xasprintf("%zu/%zu", b->n, n->n);
	row->cell[C_BASE] = mean_sd(b, scale);
	row->cell[C_NEW] = mean_sd(n, scale);
	if (both && b->mean != 0) {
		change = (n->mean - b->mean) / fabs(b->mean) * 100;
		row->cell[C_RATIO] = xasprintf("%.3f", n->mean / b->mean);
		row->cell[C_CHANGE] = xasprintf("%+.1f%%", change);
	} else {
		row->cell[C_RATIO] = xstrdup("-");
		row->cell[C_CHANGE] = xstrdup("-");
	}
	if (!both) {
		row->cell[C_P] = xstrdup("-");
	} else if (b->n < MIN_TEST_SAMPLES || n->n < MIN_TEST_SAMPLES) {
		row->cell[C_P] = xstrdup("n<3");
		tl->small++;
	} else if (stats_welch(b, n, &t, &df, &p) == 0) {
		tested = true;
		row->cell[C_P] = p < 0.001 ? xstrdup("<0.001") :
					     xasprintf("%.3f", p);
	} else {
		row->cell[C_P] = xstrdup("-");
	}
	tl->compared++;
	if (bm->better == RF_BETTER_NONE) {
		tl->undirected++;
		return V_SAME;
	}
	if (!both || n->mean == b->mean)
		return V_SAME;
	worse = (bm->better == RF_BETTER_LOWER) == (n->mean > b->mean);
	if (tested)
		significant = p < o->alpha;
	else
		significant = !isnan(change) && fabs(change) > threshold;
	if (!significant)
		return V_SAME;
	if (worse)
		*worse_pct = isnan(change) ? INFINITY : fabs(change);
	return worse ? V_WORSE : V_BETTER;
}

static void add_row(struct table *tb, const char *point, const char *phase,
		    const char *metric)
{
	struct row r = { { 0 } };

	r.cell[C_POINT] = xstrdup(point);
	r.cell[C_PHASE] = xstrdup(phase);
	r.cell[C_METRIC] = xstrdup(metric);
	VEC_PUSH(tb->rows, tb->len, tb->cap, r);
}

static void compare_metric(const struct compare_opts *o, struct table *tb,
			   struct tally *tl, const char *point,
			   const char *phase, const struct rf_metric *bm,
			   const struct rf_metric *nm)
{
	static const char *const names[] = { "~", "better", "worse" };
	struct row *row;
	enum verdict v;
	double worse_pct;

	add_row(tb, point, phase, bm->name);
	row = &tb->rows[tb->len - 1];
	v = judge(o, bm, nm, row, tl, &worse_pct);
	row->cell[C_VERDICT] = xstrdup(names[v]);
	if (v == V_BETTER)
		tl->better++;
	else if (v == V_WORSE)
		tl->worse++;
	else
		tl->same++;
	if (v == V_WORSE && o->fail_over >= 0 && worse_pct > o->fail_over) {
		/* Without a sweep the point's "-" would only puzzle. */
		const char *pt = strcmp(point, "-") ? point : "";
		const char *sp = *pt ? " " : "";
		char *s = isinf(worse_pct) ?
			xasprintf("%s%s%s %s (from 0)", pt, sp, phase, bm->name) :
			xasprintf("%s%s%s %s (%.1f%% worse)", pt, sp, phase,
				  bm->name, worse_pct);

		VEC_PUSH(tl->failing.v, tl->failing.len, tl->failing.cap, s);
	}
}

static void only_in(struct tally *tl, const char *side, const char *point,
		    const char *phase, const char *metric)
{
	char *s;

	if (metric)
		s = xasprintf("only in %s: point %s, phase %s, metric %s", side,
			      point, phase, metric);
	else if (phase)
		s = xasprintf("only in %s: point %s, phase %s", side, point,
			      phase);
	else
		s = xasprintf("only in %s: point %s", side, point);
	VEC_PUSH(tl->only.v, tl->only.len, tl->only.cap, s);
}

static void compare_point(const struct compare_opts *o, struct table *tb,
			  struct tally *tl, const struct rf_point *bp,
			  const struct rf_point *np)
{
	struct strbuf label;
	size_t i, k;

	sb_init(&label);
	rf_point_label(&label, bp);
	for (i = 0; i < bp->nphases; i++) {
		const struct rf_phase *bph = &bp->phases[i];
		const struct rf_phase *nph = rf_find_phase(np, bph->name);

		if (!nph) {
			only_in(tl, "base", label.buf, bph->name, NULL);
			continue;
		}
		for (k = 0; k < bph->nmetrics; k++) {
			const struct rf_metric *bm = &bph->metrics[k];
			const struct rf_metric *nm = rf_find_metric(nph, bm->name);

			if (nm)
				compare_metric(o, tb, tl, label.buf, bph->name,
					       bm, nm);
			else
				only_in(tl, "base", label.buf, bph->name,
					bm->name);
		}
		for (k = 0; k < nph->nmetrics; k++)
			if (!rf_find_metric(bph, nph->metrics[k].name))
				only_in(tl, "new", label.buf, nph->name,
					nph->metrics[k].name);
	}
	for (i = 0; i < np->nphases; i++)
		if (!rf_find_phase(bp, np->phases[i].name))
			only_in(tl, "new", label.buf, np->phases[i].name, NULL);
	sb_free(&label);
}

/* Points match by all their parameters; each new point is used once. */
static void compare_points(const struct compare_opts *o,
			   const struct rf_result *b, const struct rf_result *n,
			   struct table *tb, struct tally *tl)
{
	bool *used = xcalloc(n->npoints + 1, sizeof(*used));
	struct strbuf label;
	size_t i, k;

	sb_init(&label);
	for (i = 0; i < b->npoints; i++) {
		const struct rf_point *bp = &b->points[i];

		for (k = 0; k < n->npoints; k++)
			if (!used[k] && jin_equal(bp->params, n->points[k].params))
				break;
		if (k < n->npoints) {
			used[k] = true;
			compare_point(o, tb, tl, bp, &n->points[k]);
			continue;
		}
		label.len = 0;
		rf_point_label(&label, bp);
		only_in(tl, "base", label.buf, NULL, NULL);
	}
	for (k = 0; k < n->npoints; k++) {
		if (used[k])
			continue;
		label.len = 0;
		rf_point_label(&label, &n->points[k]);
		only_in(tl, "new", label.buf, NULL, NULL);
	}
	sb_free(&label);
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

static void print_cells(char *const *cell, const size_t *w)
{
	int c;

	for (c = 0; c < C__COUNT; c++) {
		size_t pad = w[c] - width(cell[c]);

		if (c)
			fputs("  ", stdout);
		if (col_right[c])
			printf("%*s%s", (int)pad, "", cell[c]);
		else if (c == C__COUNT - 1)
			fputs(cell[c], stdout);	/* no trailing blanks */
		else
			printf("%s%*s", cell[c], (int)pad, "");
	}
	putchar('\n');
}

static void print_table(const struct table *tb)
{
	size_t w[C__COUNT], i;
	int c;

	for (c = 0; c < C__COUNT; c++)
		w[c] = width(col_title[c]);
	for (i = 0; i < tb->len; i++)
		for (c = 0; c < C__COUNT; c++)
			if (width(tb->rows[i].cell[c]) > w[c])
				w[c] = width(tb->rows[i].cell[c]);
	print_cells((char *const *)col_title, w);
	for (i = 0; i < tb->len; i++)
		print_cells(tb->rows[i].cell, w);
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

static void print_side(const char *side, const struct rf_result *r)
{
	printf("%s %s: %s, %s%s%s\n", side, r->path,
	       *r->name ? r->name : "(unnamed)", r->status,
	       *r->started ? ", started " : "", r->started);
}

/* A skipped side has nothing to compare: a SKIP, as scn run reports one. */
static int skipped(const struct rf_result *r)
{
	if (strcmp(r->status, "skip"))
		return 0;
	printf("# SKIP nothing to compare: %s was skipped%s%s\n", r->path,
	       r->skip_reason ? ": " : "", r->skip_reason ? r->skip_reason : "");
	return COMPARE_EXIT_SKIP;
}

/* Whether --across kernel would accept what blocks now. */
static bool only_kernels_differ(const struct compare_opts *o,
				const struct rf_result *b, const struct rf_result *n)
{
	struct compare_opts across = *o;
	struct lines blocking = { 0 }, notes = { 0 };
	bool only;

	across.across_kernel = true;
	diff_setups(&across, b, n, &blocking, &notes);
	only = blocking.len == 0;
	lines_free(&blocking);
	lines_free(&notes);
	return only;
}

static int report(const struct compare_opts *o, const struct rf_result *b,
		  const struct rf_result *n)
{
	struct lines blocking = { 0 }, notes = { 0 };
	struct table tb = { 0 };
	struct tally tl = { 0 };
	size_t i;
	int rc = 0;

	diff_setups(o, b, n, &blocking, &notes);
	if (blocking.len && !o->force) {
		fprintf(stderr, "scn: compare: %s and %s were not measured alike:\n",
			o->base_path, o->new_path);
		for (i = 0; i < blocking.len; i++)
			fprintf(stderr, "  %s\n", blocking.v[i]);
		if (!o->across_kernel && only_kernels_differ(o, b, n))
			fprintf(stderr, "hint: only what their kernels make differ "
				"differs: --across kernel compares them\n");
		else
			fprintf(stderr, "hint: --force compares them anyway\n");
		rc = COMPARE_EXIT_UNLIKE;
		goto out;
	}
	print_side("base", b);
	print_side("new ", n);
	if (o->across_kernel)
		print_across(b, n);
	for (i = 0; i < blocking.len; i++)
		printf("forced: %s\n", blocking.v[i]);
	for (i = 0; i < notes.len; i++)
		printf("note: %s\n", notes.v[i]);
	if (strcmp(b->status, "pass"))
		printf("note: %s ended with status %s\n", b->path, b->status);
	if (strcmp(n->status, "pass"))
		printf("note: %s ended with status %s\n", n->path, n->status);
	putchar('\n');
	compare_points(o, b, n, &tb, &tl);
	if (tb.len)
		print_table(&tb);
	else
		printf("no metric in common\n");
	for (i = 0; i < tl.only.len; i++)
		printf("%s\n", tl.only.v[i]);
	if (tl.small)
		printf("n<3: no test with fewer than %d samples on a side; a "
		       "change beyond %g%% counts\n", MIN_TEST_SAMPLES,
		       o->fail_over >= 0 ? o->fail_over : DEFAULT_THRESHOLD);
	printf("%zu compared: %zu worse, %zu better, %zu ~ (%zu without a "
	       "direction); alpha %g\n", tl.compared, tl.worse, tl.better,
	       tl.same, tl.undirected, o->alpha);
	if (tl.failing.len) {
		printf("FAIL: worse by more than %g%%:\n", o->fail_over);
		for (i = 0; i < tl.failing.len; i++)
			printf("  %s\n", tl.failing.v[i]);
		rc = COMPARE_EXIT_WORSE;
	}
out:
	table_free(&tb);
	lines_free(&tl.only);
	lines_free(&tl.failing);
	lines_free(&blocking);
	lines_free(&notes);
	return rc;
}

int cmd_compare(int argc, char **argv)
{
	struct compare_opts o;
	struct rf_result b, n;
	int rc;

	rc = parse_opts(argc, argv, &o);
	if (rc)
		return rc < 0 ? 0 : rc;
	memset(&n, 0, sizeof(n));
	rc = load(&b, o.base_path);
	if (!rc)
		rc = load(&n, o.new_path);
	if (!rc)
		rc = skipped(&b);
	if (!rc)
		rc = skipped(&n);
	if (!rc)
		rc = report(&o, &b, &n);
	rf_free(&b);
	rf_free(&n);
	return rc;
}
