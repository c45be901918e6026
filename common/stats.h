// SPDX-License-Identifier: GPL-2.0-only
/*
 * stats: the statistics of repeated measurements. A summary (min, median,
 * mean, max, sample standard deviation) for every metric a result prints,
 * and Welch's t-test, which scn compare uses to tell a change from noise
 * when two results have unequal spreads and small sample counts.
 */
#ifndef SCN_STATS_H
#define SCN_STATS_H

#include <stdbool.h>
#include <stddef.h>

struct stats_summary {
	size_t n;
	double min, median, mean, max;
	double stddev;		/* sample (n - 1); 0 when n < 2 */
};

/* Summarises v[0..n); all zero when n == 0. v is not changed. */
void stats_summarize(const double *v, size_t n, struct stats_summary *out);

/*
 * Welch's t-test of two independent samples, two-sided. Fills *t (of
 * a's mean minus b's), the Welch-Satterthwaite degrees of freedom *df and
 * the p-value *p. Returns 0, or -1 when either side has fewer than 2
 * samples or a mean or spread that is not finite (nothing filled).
 * Two sides without any spread give p = 1 when their means are equal and
 * p = 0 when they differ (t is then 0 or infinite, df is n_a + n_b - 2).
 */
int stats_welch(const struct stats_summary *a, const struct stats_summary *b,
		double *t, double *df, double *p);

/*
 * Welch's one-sided test that b's mean exceeds a's by more than shift:
 * the p-value of H0 "mean_b - mean_a <= shift" into *p. Returns 0, or -1
 * as stats_welch does. scn compare asks it whether a metric got worse by
 * more than --fail-over, rather than whether it changed at all.
 */
int stats_welch_beyond(const struct stats_summary *a,
		       const struct stats_summary *b, double shift, double *p);

/*
 * p-values corrected for testing n hypotheses at once, into adj[0..n)
 * (adj may be p: each value is read before its own is written). Holm's step-down method keeps the
 * chance of any false verdict at alpha (family-wise); Benjamini and
 * Hochberg's keeps the expected share of false ones among the verdicts
 * at alpha (false discovery rate), and finds more.
 */
void stats_holm(const double *p, size_t n, double *adj);
void stats_bh(const double *p, size_t n, double *adj);

/*
 * Marks in out[0..n) the samples far from the rest: a modified z-score
 * (0.6745 (x - median) / MAD, Iglewicz and Hoaglin) above 3.5. With a
 * MAD of 0 (most samples alike), the mean absolute deviation times
 * 1.2533 stands in; with that 0 too, nothing is an outlier. A sample
 * within a tenth of the median is never one. Needs 3 samples or
 * more; returns how many were marked.
 */
size_t stats_outliers(const double *v, size_t n, bool *out);

#endif
