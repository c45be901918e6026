// SPDX-License-Identifier: GPL-2.0-only
#include "compare_judge.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/stats.h"

static const char *const correction_names[] = {
	[JC_HOLM] = "holm", [JC_BH] = "bh", [JC_NONE] = "none",
};

int judge_correction_parse(const char *s)
{
	for (size_t i = 0; i < ARRAY_SIZE(correction_names); i++)
		if (!strcmp(s, correction_names[i]))
			return (int)i;
	return -1;
}

const char *judge_correction_name(enum judge_correction c)
{
	static const char *const shown[] = {
		[JC_HOLM] = "Holm", [JC_BH] = "Benjamini-Hochberg", [JC_NONE] = "no",
	};

	return shown[c];
}

double judge_bar(const struct judge_opts *o)
{
	return o->fail_over >= 0 ? o->fail_over : 10;
}

const char *judge_verdict_name(enum judge_verdict v)
{
	static const char *const names[] = {
		[JV_SAME] = "~", [JV_BETTER] = "better", [JV_WORSE] = "worse",
		[JV_UNDIRECTED] = "~", [JV_UNTESTED] = "?", [JV_UNCHOSEN] = "-",
		[JV_CONSTANT] = "~", [JV_BUSY] = "busy",
	};

	return names[v];
}

bool judge_chosen(const struct judge_opts *o, const char *phase,
		  const char *metric)
{
	size_t i, n = strlen(phase);

	if (!o->nmetrics)
		return true;
	for (i = 0; i < o->nmetrics; i++) {
		const char *m = o->metrics[i];

		if (!strcmp(m, metric) ||
		    (!strncmp(m, phase, n) && m[n] == '.' && !strcmp(m + n + 1, metric)))
			return true;
	}
	return false;
}

static void correct(enum judge_correction c, const double *p, size_t n,
		    double *adj)
{
	if (c == JC_HOLM)
		stats_holm(p, n, adj);
	else if (c == JC_BH)
		stats_bh(p, n, adj);
	else if (adj != p)
		memcpy(adj, p, n * sizeof(*adj));
}

static bool constant_alike(const struct stats_summary *b,
			   const struct stats_summary *n)
{
	return b->n && n->n && b->min == b->max && n->min == n->max &&
	       b->min == n->min;
}

/*
 * The first look at one item: left out, not chosen, without direction or
 * test; else its two p-values (p and p_beyond, NaN when that test does
 * not apply), uncorrected, for the families.
 */
static void look(const struct judge_opts *o, struct judge_item *it)
{
	const struct stats_summary *b = &it->b->sum, *n = &it->n->sum;
	bool lower = it->b->better == RES_LOWER;
	double t, df, shift, *p = &it->p, *beyond = &it->p_beyond;

	*p = *beyond = NAN;
	it->failing = false;
	it->change = b->n && n->n && b->mean != 0 ?
		     (n->mean - b->mean) / fabs(b->mean) * 100 : NAN;
	if (constant_alike(b, n)) {
		it->verdict = JV_CONSTANT;
		return;
	}
	if (!judge_chosen(o, it->phase, it->b->name)) {
		it->verdict = JV_UNCHOSEN;
		return;
	}
	if (it->b->better == RES_NEUTRAL) {
		it->verdict = JV_UNDIRECTED;
		return;
	}
	if (b->n < JUDGE_MIN_SAMPLES || n->n < JUDGE_MIN_SAMPLES ||
	    stats_welch(b, n, &t, &df, p)) {
		it->verdict = JV_UNTESTED;
		*p = NAN;
		return;
	}
	it->verdict = JV_SAME;
	if (o->fail_over < 0)
		return;
	/* Worse by more than the bar: beyond it in the worse direction. */
	shift = o->fail_over / 100 * fabs(b->mean);
	if (lower)
		stats_welch_beyond(b, n, shift, beyond);
	else
		stats_welch_beyond(n, b, shift, beyond);
}

/*
 * Whether the machine was surely busier on one side during a phase, by
 * its waiting metric (runq.others, else runq): by JUDGE_BUSY_RUNQ or
 * more, and, with the samples for a test, by Welch's test at alpha.
 */
static bool busier(const struct judge_opts *o, const struct judge_item *runq)
{
	const struct stats_summary *b = &runq->b->sum, *n = &runq->n->sum;
	double t, df, p;

	if (!b->n || !n->n || fabs(n->mean - b->mean) < JUDGE_BUSY_RUNQ)
		return false;
	if (b->n < JUDGE_MIN_SAMPLES || n->n < JUDGE_MIN_SAMPLES)
		return true;
	return !stats_welch(b, n, &t, &df, &p) && p < o->alpha;
}

static bool same_phase(const struct judge_item *a, const struct judge_item *b)
{
	return a->point == b->point && !strcmp(a->phase, b->phase);
}

/*
 * The metric a phase's contention is read from: its runq.others where
 * both sides have samples of it; else (a result written before scn kept
 * it) its runq, which counts the waiting of the run's own threads for
 * each other too.
 */
static bool is_waiting_metric(const struct judge_item *phase, size_t n,
			      const struct judge_item *it)
{
	if (!strcmp(it->b->name, "runq.others"))
		return it->b->sum.n && it->n->sum.n;
	if (strcmp(it->b->name, "runq"))
		return false;
	for (size_t k = 0; k < n; k++)
		if (!strcmp(phase[k].b->name, "runq.others") &&
		    is_waiting_metric(phase, n, &phase[k]))
			return false;
	return true;
}

/*
 * Whether a metric of a busy phase changed far beyond both sides'
 * noise (JUDGE_FAR_SPREADS) and beyond what the waiting explains: a
 * phase that waited a share w of its time for other work took at most
 * 1 / (1 - w) times as long for it.
 */
static bool far_beyond(const struct judge_item *it, double wait)
{
	const struct stats_summary *b = &it->b->sum, *n = &it->n->sum;
	double lo = fmin(b->mean, n->mean), hi = fmax(b->mean, n->mean);
	double w = fmin(JUDGE_WAIT_CAP, fmax(wait, 0));

	if (b->n < JUDGE_MIN_SAMPLES || n->n < JUDGE_MIN_SAMPLES || !(lo > 0))
		return false;
	return hi - lo > JUDGE_FAR_SPREADS * fmax(b->stddev, n->stddev) &&
	       hi / lo > 1 / (1 - w);
}

/*
 * The timed metrics of phases where one side's machine was busier: not
 * judged (JV_BUSY), but those far beyond (far_beyond), which stay in
 * the test.
 */
static void mark_phase_busy(const struct judge_opts *o, struct judge_item *phase,
			    size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct judge_item *runq = &phase[i];
		double wait;

		if (!is_waiting_metric(phase, n, runq) || !busier(o, runq))
			continue;
		wait = fmax(runq->b->sum.mean, runq->n->sum.mean);
		for (size_t k = 0; k < n; k++) {
			struct judge_item *it = &phase[k];

			/* Too few samples to judge is said of its own ("?"). */
			if (it->b->better == RES_NEUTRAL ||
			    it->verdict == JV_CONSTANT || it->verdict == JV_UNCHOSEN ||
			    it->verdict == JV_UNTESTED)
				continue;
			it->busy = true;
			it->runq_b = runq->b->sum.mean;
			it->runq_n = runq->n->sum.mean;
			it->runq_name = runq->b->name;
			it->far = far_beyond(it, wait);
			if (it->far)
				continue;
			it->verdict = JV_BUSY;
			it->p = it->p_beyond = NAN;
		}
	}
}

/*
 * Phase by phase: the items of one come together (judge_all), so that a
 * result of 150,000 phases, each with its runq, is n steps, not n squared.
 */
static void mark_busy(const struct judge_opts *o, struct judge_item *items,
		      size_t n)
{
	for (size_t i = 0, k; i < n; i = k) {
		for (k = i + 1; k < n && same_phase(&items[k], &items[i]); k++)
			;
		mark_phase_busy(o, &items[i], k - i);
	}
}

static double *family_p(struct judge_item *it, bool beyond)
{
	return beyond ? &it->p_beyond : &it->p;
}

/*
 * Corrects the items' p (or p_beyond) that are not NaN as one family, for
 * its own size; returns the size.
 */
static size_t correct_family(const struct judge_opts *o,
			     struct judge_item *items, size_t n, bool beyond)
{
	double *fp = xcalloc(n + 1, sizeof(*fp));
	size_t *at = xcalloc(n + 1, sizeof(*at));
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (!isnan(*family_p(&items[i], beyond))) {
			at[k] = i;
			fp[k++] = *family_p(&items[i], beyond);
		}
	correct(o->correction, fp, k, fp);
	for (i = 0; i < k; i++)
		*family_p(&items[at[i]], beyond) = fp[i];
	free(fp);
	free(at);
	return k;
}

void judge_all(const struct judge_opts *o, struct judge_item *items,
	       size_t n, struct judge_tally *t)
{
	double bar = judge_bar(o);
	size_t i;

	memset(t, 0, sizeof(*t));
	for (i = 0; i < n; i++)
		look(o, &items[i]);
	mark_busy(o, items, n);
	t->tests = correct_family(o, items, n, false);
	correct_family(o, items, n, true);
	for (i = 0; i < n; i++) {
		struct judge_item *it = &items[i];
		bool up = it->n->sum.mean > it->b->sum.mean;
		bool lower = it->b->better == RES_LOWER;

		/* NaN (untested) is below no alpha. */
		if (it->p < o->alpha && it->n->sum.mean != it->b->sum.mean)
			it->verdict = up == lower ? JV_WORSE : JV_BETTER;
		else if (it->far)
			it->verdict = JV_BUSY;	/* far, but not surely: busy still */
		it->failing = it->verdict == JV_WORSE && it->p_beyond < o->alpha;
	}
	for (i = 0; i < n; i++) {
		const struct judge_item *it = &items[i];

		switch (it->verdict) {
		case JV_CONSTANT:
			t->constant++;
			continue;
		case JV_WORSE:
			t->worse++;
			t->far += it->far;
			break;
		case JV_BETTER:
			t->better++;
			t->far += it->far;
			break;
		case JV_SAME:
			t->same++;
			break;
		case JV_UNDIRECTED:
			t->undirected++;
			break;
		case JV_UNTESTED:
			t->untested++;
			if (!isnan(it->change) && fabs(it->change) > bar)
				t->untested_beyond++;
			break;
		case JV_UNCHOSEN:
			t->unchosen++;
			break;
		case JV_BUSY:
			t->busy++;
			t->busy_gated += o->fail_over >= 0;
			break;
		}
		t->compared++;
	}
}
