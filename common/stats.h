// SPDX-License-Identifier: GPL-2.0-only
/*
 * stats: the statistics of repeated measurements. A summary (min, median,
 * mean, max, sample standard deviation) for every metric a result prints,
 * and Welch's t-test, which scn compare uses to tell a change from noise
 * when two results have unequal spreads and small sample counts.
 */
#ifndef SCN_STATS_H
#define SCN_STATS_H

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

#endif
