// SPDX-License-Identifier: GPL-2.0-only
/* stats: summaries of samples and Welch's t-test (see stats.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "util.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

void stats_summarize(const double *v, size_t n, struct stats_summary *out)
{
	double sum = 0, var = 0, *sorted;
	size_t i;

	memset(out, 0, sizeof(*out));
	if (!n)
		return;
	sorted = xmalloc(n * sizeof(*sorted));
	memcpy(sorted, v, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), cmp_double);
	for (i = 0; i < n; i++)
		sum += v[i];
	out->n = n;
	out->mean = sum / (double)n;
	out->min = sorted[0];
	out->max = sorted[n - 1];
	out->median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	if (n > 1) {
		for (i = 0; i < n; i++)
			var += (v[i] - out->mean) * (v[i] - out->mean);
		out->stddev = sqrt(var / (double)(n - 1));
	}
	free(sorted);
}

/*
 * The continued fraction of the regularized incomplete beta function
 * I_x(a, b), evaluated by the modified Lentz method. It converges quickly
 * only for x < (a + 1) / (a + b + 2); the caller uses the symmetry
 * I_x(a, b) = 1 - I_{1-x}(b, a) for the rest. tiny keeps a denominator
 * that cancels to zero from dividing by zero.
 */
/* One Lentz step with coefficient num: updates c and d, returns c * d. */
static double lentz_step(double num, double *c, double *d)
{
	const double tiny = 1e-300;

	*d = 1 + num * *d;
	if (fabs(*d) < tiny)
		*d = tiny;
	*c = 1 + num / *c;
	if (fabs(*c) < tiny)
		*c = tiny;
	*d = 1 / *d;
	return *c * *d;
}

static double beta_cf(double a, double b, double x)
{
	const double tiny = 1e-300, eps = 1e-15;
	double c = 1, d, f, delta;
	int m;

	d = 1 - (a + b) * x / (a + 1);
	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	f = d;
	/* Large a needs about sqrt(a) steps; this bound is far past that. */
	for (m = 1; m <= 100000; m++) {
		/* the even coefficient d(2m), then the odd d(2m + 1) */
		f *= lentz_step(m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)), &c, &d);
		delta = lentz_step(-(a + m) * (a + b + m) * x /
				   ((a + 2 * m) * (a + 2 * m + 1)), &c, &d);
		f *= delta;
		if (fabs(delta - 1) < eps)
			break;
	}
	return f;
}

/*
 * I_x(a, b) with y = 1 - x given separately: for a t close to 0, x is
 * close to 1 and 1 - x computed here would lose the digits that matter.
 */
static double inc_beta(double a, double b, double x, double y)
{
	double front;

	if (x <= 0)
		return 0;
	if (y <= 0)
		return 1;
	front = exp(a * log(x) + b * log(y) + lgamma(a + b) - lgamma(a) -
		    lgamma(b));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_cf(a, b, x) / a;
	return 1 - front * beta_cf(b, a, y) / b;
}

/*
 * Two-sided p of Student's t with df degrees of freedom (df need not be
 * an integer): P(|T| >= |t|) = I_{df/(df+t^2)}(df/2, 1/2).
 */
static double t_two_sided(double t, double df)
{
	double t2 = t * t;

	if (isinf(t))
		return 0;
	return inc_beta(df / 2, 0.5, df / (df + t2), t2 / (df + t2));
}

int stats_welch(const struct stats_summary *a, const struct stats_summary *b,
		double *t, double *df, double *p)
{
	double va, vb, se2, diff;

	if (a->n < 2 || b->n < 2)
		return -1;
	va = a->stddev * a->stddev / (double)a->n;
	vb = b->stddev * b->stddev / (double)b->n;
	se2 = va + vb;
	diff = a->mean - b->mean;
	if (!isfinite(se2) || !isfinite(diff))
		return -1;
	if (se2 == 0) {
		/*
		 * No spread on either side: the data decide alone. The df of
		 * the pooled test stands in, as Welch's formula is 0 / 0.
		 */
		*t = diff == 0 ? 0 : diff > 0 ? INFINITY : -INFINITY;
		*df = (double)(a->n + b->n - 2);
		*p = diff == 0 ? 1 : 0;
		return 0;
	}
	*t = diff / sqrt(se2);
	/* Welch-Satterthwaite; a side without spread adds nothing. */
	*df = se2 * se2 / (va * va / (double)(a->n - 1) +
			   vb * vb / (double)(b->n - 1));
	*p = t_two_sided(*t, *df);
	if (*p > 1)
		*p = 1;
	if (*p < 0)
		*p = 0;
	return 0;
}

int stats_welch_beyond(const struct stats_summary *a,
		       const struct stats_summary *b, double shift, double *p)
{
	double t, df, two;

	/* b minus a, less the shift, as stats_welch's a minus b. */
	struct stats_summary moved = *b;

	moved.mean -= shift;
	if (stats_welch(&moved, a, &t, &df, &two))
		return -1;
	/* One tail: beyond the shift is t > 0. */
	*p = t > 0 ? two / 2 : 1 - two / 2;
	return 0;
}

/*
 * Indices of p in ascending order of their values, ties in index order:
 * a merge sort, as a sweep's comparison has hundreds of thousands of
 * tests (insertion took compare 14 s over 300,000).
 */
static size_t *order_of(const double *p, size_t n)
{
	size_t *idx = malloc((n + 1) * sizeof(*idx));
	size_t *tmp = malloc((n + 1) * sizeof(*tmp)), *from = idx, *to = tmp, *t;
	size_t i, w;

	if (!idx || !tmp)
		abort();
	for (i = 0; i < n; i++)
		idx[i] = i;
	for (w = 1; w < n; w *= 2) {
		for (i = 0; i < n; i += 2 * w) {
			size_t a = i, mid = i + w < n ? i + w : n, b = mid;
			size_t end = i + 2 * w < n ? i + 2 * w : n, k = i;

			while (a < mid && b < end)
				to[k++] = p[from[b]] < p[from[a]] ? from[b++] : from[a++];
			while (a < mid)
				to[k++] = from[a++];
			while (b < end)
				to[k++] = from[b++];
		}
		t = from;
		from = to;
		to = t;
	}
	if (from != idx)
		memcpy(idx, from, n * sizeof(*idx));
	free(tmp);
	return idx;
}

void stats_holm(const double *p, size_t n, double *adj)
{
	size_t *idx = order_of(p, n), i;
	double run = 0;

	/* p_(i) times the hypotheses left, never below the one before. */
	for (i = 0; i < n; i++) {
		double v = p[idx[i]] * (double)(n - i);

		run = fmax(run, fmin(v, 1));
		adj[idx[i]] = run;
	}
	free(idx);
}

void stats_bh(const double *p, size_t n, double *adj)
{
	size_t *idx = order_of(p, n), i;
	double run = 1;

	/* From the largest: p_(i) n / i, never above the one after. */
	for (i = n; i-- > 0;) {
		double v = p[idx[i]] * (double)n / (double)(i + 1);

		run = fmin(run, fmin(v, 1));
		adj[idx[i]] = run;
	}
	free(idx);
}

size_t stats_outliers(const double *v, size_t n, bool *out)
{
	struct stats_summary s;
	double *dev, median, mad, scale, sum = 0;
	size_t i, marked = 0;

	for (i = 0; i < n; i++)
		out[i] = false;
	if (n < 3)
		return 0;
	stats_summarize(v, n, &s);
	median = s.median;
	dev = malloc(n * sizeof(*dev));
	if (!dev)
		abort();
	for (i = 0; i < n; i++) {
		dev[i] = fabs(v[i] - median);
		sum += dev[i];
	}
	stats_summarize(dev, n, &s);
	mad = s.median;
	free(dev);
	/* The z-score's scale: MAD / 0.6745, else meanAD * 1.2533. */
	scale = mad > 0 ? mad / 0.6745 : sum / (double)n * 1.2533;
	if (!(scale > 0))
		return 0;
	/*
	 * Within a tenth of the median is no outlier however tight the rest
	 * is: a run's first fork or cold cache moves a 10 ms sample by a few
	 * percent, and "far from the others" must mean what it says.
	 */
	for (i = 0; i < n; i++)
		if (fabs(v[i] - median) / scale > 3.5 &&
		    fabs(v[i] - median) > 0.1 * fabs(median)) {
			out[i] = true;
			marked++;
		}
	return marked;
}
