// SPDX-License-Identifier: GPL-2.0-only
/* record: the results of a run as they are written (see record.h). */
#include <stdlib.h>
#include <string.h>

#include "../runtime/cgroup.h"
#include "record.h"
#include "results.h"

/* A metric of phases that got a dirty log, whatever it found. */
#define NEEDS_DIRTY_LOG (-2)

/* The metrics a result has, where exec keeps them, and which way is better. */
static const struct metric_source {
	const char *name, *unit;
	enum rec_better better;
	bool uffd;		/* from the uffd statistics, not the phase's */
	int index;		/* enum metric or enum uffd_stat */
	double scale;		/* to the unit: ns to s */
	int needs;		/* -1: always; NEEDS_DIRTY_LOG; else a metric not all 0 */
} metric_sources[] = {
	{ "time", "s", REC_LOWER, false, METRIC_SECONDS, 1, -1 },
	/* Pages per second of a phase that touched no page says nothing. */
	{ "rate", "pages/s", REC_HIGHER, false, METRIC_RATE, 1, METRIC_PAGES },
	{ "pages", "pages", REC_NEUTRAL, false, METRIC_PAGES, 1, -1 },
	{ "accesses", "accesses", REC_NEUTRAL, false, METRIC_ACCESSES, 1, -1 },
	/* The guest's counts, left out of phases without guest work. */
	{ "faults", "faults", REC_NEUTRAL, false, METRIC_FAULTS, 1, METRIC_FAULTS },
	/* Pages a host access faulted on and skipped, stopped at or retried. */
	{ "host_faults", "faults", REC_NEUTRAL, false, METRIC_HOST_FAULTS, 1, METRIC_HOST_FAULTS },
	{ "passes", "passes", REC_NEUTRAL, false, METRIC_PASSES, 1, METRIC_PASSES },
	{ "exits", "exits", REC_NEUTRAL, false, METRIC_EXITS, 1, METRIC_EXITS },
	/* Not a result but a confounder: threads waiting for a CPU. */
	{ "runq", "threads", REC_NEUTRAL, false, METRIC_RUNQ, 1, -1 },
	/* The part of it other work caused: what makes a phase's timing unfair. */
	{ "runq.others", "threads", REC_NEUTRAL, false, METRIC_RUNQ_OTHERS, 1, -1 },
	/* A get that found no page found 0: a result like any other count. */
	{ "dirty", "pages", REC_NEUTRAL, false, METRIC_DIRTY, 1, NEEDS_DIRTY_LOG },
	/* A guest job's own timing of its accesses (latency), where it had one. */
	{ "lat.p50", "s", REC_LOWER, false, METRIC_LAT_P50, 1e-9, METRIC_LAT_MAX },
	{ "lat.p90", "s", REC_LOWER, false, METRIC_LAT_P90, 1e-9, METRIC_LAT_MAX },
	{ "lat.p99", "s", REC_LOWER, false, METRIC_LAT_P99, 1e-9, METRIC_LAT_MAX },
	{ "lat.max", "s", REC_LOWER, false, METRIC_LAT_MAX, 1e-9, METRIC_LAT_MAX },
	{ "uffd.faults", "faults", REC_NEUTRAL, true, USTAT_FAULTS, 1, -1 },
	{ "uffd.eexist", "faults", REC_NEUTRAL, true, USTAT_EEXIST, 1, -1 },
	{ "uffd.mean", "s", REC_LOWER, true, USTAT_MEAN, 1e-9, -1 },
	{ "uffd.p50", "s", REC_LOWER, true, USTAT_P50, 1e-9, -1 },
	{ "uffd.p90", "s", REC_LOWER, true, USTAT_P90, 1e-9, -1 },
	{ "uffd.p99", "s", REC_LOWER, true, USTAT_P99, 1e-9, -1 },
	{ "uffd.max", "s", REC_LOWER, true, USTAT_MAX, 1e-9, -1 },
};

/* Whether metric m of the phase's runs [from, to) has a non-zero sample. */
static bool any_nonzero(const struct phase_result *pr, int m, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		if (pr->samples[m][i] != 0)
			return true;
	return false;
}

/* Fills m from source k over samples [from, to) of a phase's results. */
static void fill_metric(struct rec_metric *m, const struct metric_source *k,
			const struct phase_result *pr, size_t from, size_t to)
{
	const double *v = k->uffd ? pr->uffd_samples[k->index] : pr->samples[k->index];

	m->name = k->name;
	m->unit = k->unit;
	m->better = k->better;
	m->n = to - from;
	m->samples = xcalloc(m->n + 1, sizeof(*m->samples));
	for (size_t i = from; i < to; i++)
		m->samples[i - from] = v[i] * k->scale;
	stats_summarize(m->samples, m->n, &m->sum);
}

/* A counter series as a metric over samples [from, to) of its runs. */
static void fill_counter(struct rec_metric *m, const struct counter_series *c,
			 size_t from, size_t to)
{
	const char *leaf = strrchr(c->name, '.') ? strrchr(c->name, '.') + 1 : c->name;

	m->name = xstrdup(c->name);	/* the series goes with the point's results */
	m->owned = true;
	if (c->scenario) {
		m->unit = c->unit;	/* the IR's: it outlives the record */
		m->better = (enum rec_better)c->better;
	} else {
		m->unit = c->source == GAUGE_MEMCG && rt_cgroup_stat_is_bytes(leaf) ? "bytes" :
			  c->source == GAUGE_MEMCG_EVENTS ? "events" : "count";
		m->better = REC_NEUTRAL;
		m->whose = gauge_source_own(c->source) ? "own" : "machine-wide";
	}
	m->n = to - from;
	m->samples = xcalloc(m->n + 1, sizeof(*m->samples));
	memcpy(m->samples, c->samples + from, m->n * sizeof(*m->samples));
	stats_summarize(m->samples, m->n, &m->sum);
}

/* How many metrics a phase's results can have. */
static size_t max_metrics(const struct phase_result *pr)
{
	return ARRAY_SIZE(metric_sources) + pr->nseries;
}

/*
 * Every metric of a phase's results; the uffd ones where it had a
 * service; then the counters it carries. out has max_metrics() room.
 */
static size_t fill_metrics(struct rec_metric *out, const struct phase_result *pr,
			   bool last_only)
{
	size_t n = 0;

	for (size_t k = 0; k < ARRAY_SIZE(metric_sources); k++) {
		const struct metric_source *s = &metric_sources[k];
		size_t runs = s->uffd ? pr->uffd_runs : pr->runs;

		if (!runs)
			continue;
		if (s->needs >= 0 && !any_nonzero(pr, s->needs, last_only ? runs - 1 : 0, runs))
			continue;
		if (s->needs == NEEDS_DIRTY_LOG && !pr->dirty_logged)
			continue;
		fill_metric(&out[n++], s, pr, last_only ? runs - 1 : 0, runs);
	}
	for (size_t k = 0; k < pr->nseries; k++) {
		const struct counter_series *c = &pr->series[k];

		if (c->n)
			fill_counter(&out[n++], c, last_only ? c->n - 1 : 0, c->n);
	}
	return n;
}

/*
 * A timing far from the others (the first run of a cold process, one
 * that another program interrupted) is marked, so that a reader sees it;
 * counts of work done are what they are.
 */
static void mark_outliers(struct rec_metric *m)
{
	if (m->better == REC_NEUTRAL || m->n < 3)
		return;
	m->outlier = xcalloc(m->n, sizeof(*m->outlier));
	m->noutliers = stats_outliers(m->samples, m->n, m->outlier);
	if (!m->noutliers) {
		free(m->outlier);
		m->outlier = NULL;
	}
}

static void free_metrics(struct rec_metric *m, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(m[i].samples);
		free(m[i].outlier);
		if (m[i].owned)
			free((char *)m[i].name);
	}
}

static void take_lines(char ***lines, size_t *n, const char *text, size_t len)
{
	size_t cap = *n, start = 0;

	for (size_t i = 0; i < len; i++)
		if (text[i] == '\n') {
			VEC_PUSH(*lines, *n, cap, xstrndup(text + start, i - start));
			start = i + 1;
		}
	if (start < len)
		VEC_PUSH(*lines, *n, cap, xstrndup(text + start, len - start));
}

static void on_phase(void *ctx, size_t point, unsigned run, bool warmup,
		     int phase, const struct phase_result *pr)
{
	struct record *rec = ctx;
	struct rec_metric *m;
	size_t n;

	if (!rec->live || !rec->live->phase)
		return;
	m = xcalloc(max_metrics(pr), sizeof(*m));
	n = fill_metrics(m, pr, true);
	rec->live->phase(rec->live->ctx, rec, point, run, warmup, phase, m, n);
	free_metrics(m, n);
	free(m);
}

static void on_run(void *ctx, size_t point, unsigned run, bool warmup)
{
	struct record *rec = ctx;

	(void)run;
	/* What warm-up runs printed is dropped with their samples. */
	if (rec->capture && rec->last_warmup) {
		fflush(rec->capture);
		rec->capture_mark = rec->capture_len;
	}
	rec->last_warmup = warmup;
	if (!warmup)
		rec->points[point].runs++;
}

static void on_point(void *ctx, size_t point, int status,
		     const struct results *res, const struct exec_cell *cell)
{
	struct record *rec = ctx;
	struct rec_point *pt = &rec->points[point];
	const struct ir_scenario *sc = &rec->p->points[point];

	pt->done = true;
	pt->status = status;
	pt->cell = *cell;
	/* exec frees its samples once this returns: the record keeps a copy. */
	pt->cell.samples = NULL;
	if (cell->n) {
		pt->cell.samples = xcalloc(cell->n, sizeof(*cell->samples));
		memcpy(pt->cell.samples, cell->samples, cell->n * sizeof(*cell->samples));
	}
	pt->nphases = sc->nphases;
	pt->phases = xcalloc(sc->nphases + 1, sizeof(*pt->phases));
	for (size_t i = 0; i < sc->nphases; i++) {
		struct rec_phase *ph = &pt->phases[i];
		const struct phase_result *pr = &res->phases[i];

		ph->name = sc->phases[i].name;
		ph->ran = pr->runs > 0;
		ph->failed = pr->failed;
		ph->metrics = xcalloc(max_metrics(pr), sizeof(*ph->metrics));
		ph->nmetrics = fill_metrics(ph->metrics, pr, false);
		for (size_t m = 0; m < ph->nmetrics; m++)
			mark_outliers(&ph->metrics[m]);
	}
	for (size_t i = rec->diag_mark, cap = 0, wcap = 0; i < rec->d->len; i++) {
		const struct diag_rec *r = &rec->d->recs[i];
		bool err = r->level == DIAG_ERROR;
		char *text;

		if (!err && r->level != DIAG_WARNING)
			continue;
		if (r->loc.src) {
			struct strbuf sb;

			sb_init(&sb);
			sb_printf(&sb, "%s:%d:%d: %s", r->loc.src->name,
				  r->loc.first_line, r->loc.first_column, r->msg);
			diag_include_chain(&r->loc, &sb);
			text = sb_steal(&sb);
		} else {
			text = xstrdup(r->msg);
		}
		if (err)
			VEC_PUSH(pt->errors, pt->nerrors, cap, text);
		else
			VEC_PUSH(pt->warnings, pt->nwarnings, wcap, text);
	}
	rec->diag_mark = rec->d->len;
	if (rec->capture) {
		fflush(rec->capture);
		take_lines(&pt->output, &pt->noutput, rec->capture_buf + rec->capture_mark,
			   rec->capture_len - rec->capture_mark);
		rec->capture_mark = rec->capture_len;
	}
	if (rec->live && rec->live->point)
		rec->live->point(rec->live->ctx, rec, point);
}

void record_init(struct record *rec, const struct ir_program *p,
		 struct diag *d, bool capture, const struct rec_listener *live)
{
	memset(rec, 0, sizeof(*rec));
	rec->p = p;
	rec->d = d;
	rec->diag_mark = d->len;
	rec->live = live;
	rec->points = xcalloc(p->npoints + 1, sizeof(*rec->points));
	if (capture)
		rec->capture = open_memstream(&rec->capture_buf, &rec->capture_len);
	rec->obs = (struct exec_observer){ .ctx = rec, .run_start = on_run,
					   .phase_done = on_phase,
					   .point_done = on_point };
}

void record_free(struct record *rec)
{
	for (size_t i = 0; i < rec->p->npoints; i++) {
		struct rec_point *pt = &rec->points[i];

		for (size_t k = 0; k < pt->nphases; k++) {
			free_metrics(pt->phases[k].metrics, pt->phases[k].nmetrics);
			free(pt->phases[k].metrics);
		}
		free(pt->phases);
		for (size_t k = 0; k < pt->noutput; k++)
			free(pt->output[k]);
		free(pt->output);
		for (size_t k = 0; k < pt->nerrors; k++)
			free(pt->errors[k]);
		free(pt->errors);
		for (size_t k = 0; k < pt->nwarnings; k++)
			free(pt->warnings[k]);
		free(pt->warnings);
		free(pt->cell.samples);
		free(pt->skip_reason);
		free(pt->fingerprint);
	}
	free(rec->points);
	if (rec->capture)
		fclose(rec->capture);
	free(rec->capture_buf);
}

const struct rec_metric *rec_phase_metric(const struct rec_phase *ph,
					  const char *name)
{
	for (size_t i = 0; i < ph->nmetrics; i++)
		if (!strcmp(ph->metrics[i].name, name))
			return &ph->metrics[i];
	return NULL;
}
