// SPDX-License-Identifier: GPL-2.0-only
/*
 * stats: summaries of known inputs, and Welch's t-test against reference
 * values that do not come from the code under test.
 *
 * Where the p-values come from:
 * - "sleep": R's documented example, t.test(extra ~ group, data = sleep),
 *   prints t = -1.8608, df = 17.776, p-value = 0.07939.
 * - df = 2 and df = 1 have closed forms for Student's t:
 *   p = 1 - |t| / sqrt(2 + t^2) and p = 1 - (2 / pi) atan(|t|).
 * - "far", "unequal", "near": t and df by the textbook formulas, p by
 *   composite Simpson integration (400,000 intervals) of Student's density
 *   over (|t|, inf) with x = |t| / u, in python3 without scipy, at
 *   authoring time. That integration reproduces the two closed forms to
 *   within 1e-6 relative, hence the tolerance.
 */
#include <math.h>

#include "../../common/stats.h"
#include "tap.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static bool close_to(double got, double want, double rel)
{
	if (want == 0)
		return fabs(got) < rel;
	return fabs(got - want) <= rel * fabs(want);
}

static void want_near(double got, double want, double rel, const char *what)
{
	if (!tap_ok(close_to(got, want, rel), "%s", what))
		printf("#   got %.12g, want %.12g (relative %g)\n", got, want,
		       rel);
}

static void test_summaries(void)
{
	static const double odd[] = { 5, 1, 4, 2, 3 };
	static const double even[] = { 8, 2, 6, 4 };
	static const double wiki[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	static const double one[] = { 42.5 };
	static const double same[] = { 3, 3, 3 };
	struct stats_summary s;
	double before = odd[0];

	stats_summarize(odd, N(odd), &s);
	TAP_INT(s.n, 5, "odd n: n");
	want_near(s.min, 1, 0, "odd n: min");
	want_near(s.max, 5, 0, "odd n: max");
	want_near(s.median, 3, 0, "odd n: median is the middle value");
	want_near(s.mean, 3, 0, "odd n: mean");
	want_near(s.stddev, sqrt(2.5), 1e-12, "odd n: sample stddev (n - 1)");
	tap_ok(odd[0] == before, "the input is not reordered");

	stats_summarize(even, N(even), &s);
	want_near(s.median, 5, 0, "even n: median is the mean of the middle two");
	want_near(s.mean, 5, 0, "even n: mean");
	want_near(s.stddev, sqrt(20.0 / 3), 1e-12, "even n: sample stddev");

	/* Population sd 2 (the textbook example); the sample sd is 2.138. */
	stats_summarize(wiki, N(wiki), &s);
	want_near(s.stddev, sqrt(32.0 / 7), 1e-12,
		  "{2,4,4,4,5,5,7,9}: sample stddev 2.138...");
	want_near(s.stddev, 2.1380899352993950, 1e-12,
		  "{2,4,4,4,5,5,7,9}: stddev to 16 digits");
	want_near(s.median, 4.5, 0, "{2,4,4,4,5,5,7,9}: median");

	stats_summarize(one, 1, &s);
	tap_ok(s.n == 1 && s.min == 42.5 && s.max == 42.5 &&
		       s.median == 42.5 && s.mean == 42.5 && s.stddev == 0,
	       "n = 1: every statistic is the sample, stddev 0");

	stats_summarize(same, N(same), &s);
	tap_ok(s.stddev == 0 && s.mean == 3, "equal samples: stddev 0");

	stats_summarize(odd, 0, &s);
	tap_ok(s.n == 0 && s.mean == 0 && s.stddev == 0, "n = 0: all zero");
}

/* Welch of two sample arrays. */
static int welch(const double *a, size_t na, const double *b, size_t nb,
		 double *t, double *df, double *p)
{
	struct stats_summary sa, sb;

	stats_summarize(a, na, &sa);
	stats_summarize(b, nb, &sb);
	return stats_welch(&sa, &sb, t, df, p);
}

static void test_welch(void)
{
	static const double sleep1[] = { 0.7, -1.6, -0.2, -1.2, -0.1,
					 3.4, 3.7,  0.8,  0.0,  2.0 };
	static const double sleep2[] = { 1.9, 0.8, 1.1, 0.1, -0.1,
					 4.4, 5.5, 1.6, 4.6, 3.4 };
	static const double far1[] = { 10.0, 10.1, 9.9, 10.05, 9.95 };
	static const double far2[] = { 12.0, 12.2, 11.8, 12.1, 11.9 };
	static const double uneq1[] = { 1, 2, 3 };
	static const double uneq2[] = { 10, 20, 30, 45 };
	static const double near1[] = { 5.0, 5.2, 4.9, 5.1, 5.05 };
	static const double near2[] = { 5.02, 5.1, 4.95, 5.2, 5.0, 5.08 };
	static const double two1[] = { 0, 2 }, two2[] = { 4, 6 };
	static const double flat5[] = { 5, 5 }, flat7[] = { 7, 7, 7 };
	double t = 0, df = 0, p = 0;
	int rc;

	rc = welch(sleep1, N(sleep1), sleep2, N(sleep2), &t, &df, &p);
	TAP_INT(rc, 0, "sleep: computed");
	want_near(t, -1.8608134674868526, 1e-12, "sleep: t = -1.8608");
	want_near(df, 17.776473516178488, 1e-12, "sleep: df = 17.776");
	want_near(p, 0.07939414019, 1e-6, "sleep: p = 0.07939 as R prints");

	welch(two1, 2, two2, 2, &t, &df, &p);
	want_near(df, 2, 1e-12, "df = 2 exactly for equal spreads, n = 2");
	want_near(t, -2 * sqrt(2), 1e-12, "df = 2: t = -2 sqrt 2");
	want_near(p, 1 - 2 * sqrt(2) / sqrt(10), 1e-10,
		  "df = 2: p = 1 - |t| / sqrt(2 + t^2)");

	/* One side without spread leaves df = n - 1 of the other. */
	welch(two1, 2, flat5, 2, &t, &df, &p);
	want_near(df, 1, 1e-12, "df = 1 when one side has no spread");
	want_near(p, 1 - 2 / M_PI * atan(4), 1e-10,
		  "df = 1: p = 1 - (2 / pi) atan |t|");

	welch(far1, N(far1), far2, N(far2), &t, &df, &p);
	want_near(df, 5.8823529411764826, 1e-12, "far: df = 5.88");
	want_near(p, 3.151395443e-07, 1e-5, "far: p = 3.15e-7 (integrated)");

	welch(uneq1, N(uneq1), uneq2, N(uneq2), &t, &df, &p);
	want_near(t, -3.238735731976762, 1e-12, "unequal spreads: t");
	want_near(df, 3.0358322634865327, 1e-12, "unequal spreads: df = 3.04");
	want_near(p, 0.04709761712, 1e-6, "unequal spreads: p = 0.0471");

	welch(near1, N(near1), near2, N(near2), &t, &df, &p);
	want_near(p, 0.8959287817, 1e-6, "overlapping samples: p = 0.896");

	welch(near2, N(near2), near1, N(near1), &t, &df, &p);
	tap_ok(t > 0 && close_to(p, 0.8959287817, 1e-6),
	       "swapped sides: t changes sign, p does not");

	welch(far1, N(far1), far1, N(far1), &t, &df, &p);
	tap_ok(t == 0 && p == 1, "the same samples: t = 0, p = 1");

	rc = welch(flat7, 3, flat7, 3, &t, &df, &p);
	tap_ok(rc == 0 && p == 1 && t == 0,
	       "no spread, equal means: p = 1");
	rc = welch(flat5, 2, flat7, 3, &t, &df, &p);
	tap_ok(rc == 0 && p == 0 && isinf(t) && t < 0 && df == 3,
	       "no spread, different means: p = 0, t = -inf");

	p = 0.5;
	rc = welch(far1, 1, far2, N(far2), &t, &df, &p);
	tap_ok(rc == -1 && p == 0.5, "n = 1 on one side: -1, nothing filled");
	rc = welch(far1, N(far1), far2, 0, &t, &df, &p);
	TAP_INT(rc, -1, "n = 0: -1");
}

/* p over a sweep of t for a large df stays in [0, 1] and falls with |t|. */
static void test_monotone(void)
{
	struct stats_summary a = { .n = 2000, .mean = 0, .stddev = 1 };
	struct stats_summary b = { .n = 2000, .stddev = 1 };
	double t, df, p, last = 2;
	bool ok = true;
	int i;

	for (i = 0; i <= 60; i++) {
		b.mean = i * 0.01;
		if (stats_welch(&a, &b, &t, &df, &p) || p < 0 || p > 1 ||
		    p > last)
			ok = false;
		last = p;
	}
	tap_ok(ok, "df ~ 4000: p in [0, 1], falling as the means part");
	/* With df this large t is nearly normal: |t| = 1.96 gives 0.05. */
	b.mean = 1.96 * sqrt(2.0 / 2000);
	stats_welch(&a, &b, &t, &df, &p);
	want_near(p, 0.05, 2e-3, "df ~ 4000: |t| = 1.96 gives p ~ 0.05");
}

/* Multiple comparisons: R's p.adjust(c(0.01, 0.04, 0.03, 0.005), m). */
static void test_corrections(void)
{
	static const double p[] = { 0.01, 0.04, 0.03, 0.005 };
	static const double holm[] = { 0.03, 0.06, 0.06, 0.02 };
	static const double bh[] = { 0.02, 0.04, 0.04, 0.02 };
	double adj[4];
	bool ok = true;
	size_t i;

	stats_holm(p, 4, adj);
	for (i = 0; i < 4; i++)
		ok &= close_to(adj[i], holm[i], 1e-12);
	tap_ok(ok, "Holm: 0.03 0.06 0.06 0.02, as p.adjust(method = \"holm\")");
	stats_bh(p, 4, adj);
	for (i = 0, ok = true; i < 4; i++)
		ok &= close_to(adj[i], bh[i], 1e-12);
	tap_ok(ok, "Benjamini-Hochberg: 0.02 0.04 0.04 0.02, as p.adjust(method = \"BH\")");
	stats_holm((const double[]){ 0.9, 0.8 }, 2, adj);
	tap_ok(adj[0] == 1 && adj[1] == 1, "Holm never goes above 1");
}

/* One-sided: is b's mean beyond a's by more than a shift? */
/*
 * A large family, values in no order and many alike: Holm and BH as
 * their definitions give them, rank by rank (a reference in n squared).
 */
static void test_corrections_large(void)
{
	enum { N = 3000 };
	static double p[N], holm[N], bh[N];
	static size_t rank[N];
	size_t i, k, bad_holm = 0, bad_bh = 0;

	for (i = 0; i < N; i++)
		p[i] = (double)((i * 7919) % 500) / 1000;	/* each value 6 times */
	/* Ranks from 1, ties in index order. */
	for (i = 0; i < N; i++)
		for (k = 0, rank[i] = 1; k < N; k++)
			rank[i] += p[k] < p[i] || (p[k] == p[i] && k < i);
	stats_holm(p, N, holm);
	stats_bh(p, N, bh);
	for (i = 0; i < N; i++) {
		double want_holm = 0, want_bh = 1;

		for (k = 0; k < N; k++) {
			if (rank[k] <= rank[i])
				want_holm = fmax(want_holm, fmin(1, p[k] * (double)(N - rank[k] + 1)));
			if (rank[k] >= rank[i])
				want_bh = fmin(want_bh, fmin(1, p[k] * N / (double)rank[k]));
		}
		bad_holm += fabs(holm[i] - want_holm) > 1e-12;
		bad_bh += fabs(bh[i] - want_bh) > 1e-12;
	}
	TAP_INT(bad_holm, 0, "Holm over %d tests with ties: every value as defined", N);
	TAP_INT(bad_bh, 0, "BH over %d tests with ties: every value as defined", N);
}

static void test_beyond(void)
{
	static const double two1[] = { 0, 2 }, two2[] = { 4, 6 };
	struct stats_summary a, b;
	double p = -1;

	stats_summarize(two1, 2, &a);
	stats_summarize(two2, 2, &b);
	/* b - a = 4, se = sqrt 2; shift 2: t = sqrt 2, df = 2. */
	stats_welch_beyond(&a, &b, 2, &p);
	want_near(p, (1 - sqrt(2) / 2) / 2, 1e-10,
		  "beyond by 2: t = sqrt 2, df = 2, one tail of 1 - |t| / sqrt(2 + t^2)");
	stats_welch_beyond(&a, &b, 6, &p);
	want_near(p, 1 - (1 - sqrt(2) / 2) / 2, 1e-10,
		  "beyond by 6: t = -sqrt 2, the other tail");
	stats_welch_beyond(&b, &a, 0, &p);
	tap_ok(p > 0.9, "a side that fell is not beyond: p = %g", p);
}

static void test_outliers(void)
{
	static const double slow_first[] = { 0.94, 0.15, 0.16, 0.15, 0.155 };
	static const double spread[] = { 1, 2, 3, 4, 5 };
	static const double alike[] = { 10, 10, 10, 10, 10.05 };
	static const double tail[] = { 10, 10, 10, 10, 13 };
	static const double near[] = { 10.8, 10, 10.1, 10, 10.05 };
	bool out[5];

	TAP_INT(stats_outliers(slow_first, 5, out), 1, "0.94 among 0.15s: one outlier");
	tap_ok(out[0], "the first sample is the one marked");
	TAP_INT(stats_outliers(spread, 5, out), 0, "an even spread has none");
	TAP_INT(stats_outliers(alike, 5, out), 0, "within a hundredth of the median: none");
	TAP_INT(stats_outliers(near, 5, out), 0, "8%% off a tight median: not far enough");
	TAP_INT(stats_outliers(tail, 5, out), 1, "MAD 0: the mean deviation judges 13 among 10s");
	TAP_INT(stats_outliers(slow_first, 2, out), 0, "two samples: no judgement");
}

int main(void)
{
	test_summaries();
	test_welch();
	test_monotone();
	test_corrections();
	test_corrections_large();
	test_beyond();
	test_outliers();
	return tap_done();
}
