// SPDX-License-Identifier: GPL-2.0-only
/* record: a run's results into a results/ document (see record.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime/cgroup.h"
#include "record.h"
#include "samples.h"
#include "value.h"

/* A metric of phases that got a dirty log, whatever it found. */
#define NEEDS_DIRTY_LOG (-2)

/* The metrics a result has, where exec keeps them, and which way is better. */
static const struct metric_source {
	const char *name, *unit;
	enum res_better better;
	bool uffd;		/* from the uffd statistics, not the phase's */
	int index;		/* enum metric or enum uffd_stat */
	double scale;		/* to the unit: ns to s */
	int needs;		/* -1: always; NEEDS_DIRTY_LOG; else a metric not all 0 */
} metric_sources[] = {
	{ "time", "s", RES_LOWER, false, METRIC_SECONDS, 1, -1 },
	/* Pages per second of a phase that touched no page says nothing. */
	{ "rate", "pages/s", RES_HIGHER, false, METRIC_RATE, 1, METRIC_PAGES },
	{ "pages", "pages", RES_NEUTRAL, false, METRIC_PAGES, 1, -1 },
	{ "accesses", "accesses", RES_NEUTRAL, false, METRIC_ACCESSES, 1, -1 },
	/* The guest's counts, left out of phases without guest work. */
	{ "faults", "faults", RES_NEUTRAL, false, METRIC_FAULTS, 1, METRIC_FAULTS },
	/* Pages a host access faulted on and skipped, stopped at or retried. */
	{ "host_faults", "faults", RES_NEUTRAL, false, METRIC_HOST_FAULTS, 1, METRIC_HOST_FAULTS },
	{ "passes", "passes", RES_NEUTRAL, false, METRIC_PASSES, 1, METRIC_PASSES },
	{ "exits", "exits", RES_NEUTRAL, false, METRIC_EXITS, 1, METRIC_EXITS },
	/* Not a result but a confounder: threads waiting for a CPU. */
	{ "runq", "threads", RES_NEUTRAL, false, METRIC_RUNQ, 1, -1 },
	/* The part of it other work caused: what makes a phase's timing unfair. */
	{ "runq.others", "threads", RES_NEUTRAL, false, METRIC_RUNQ_OTHERS, 1, -1 },
	/* A get that found no page found 0: a result like any other count. */
	{ "dirty", "pages", RES_NEUTRAL, false, METRIC_DIRTY, 1, NEEDS_DIRTY_LOG },
	/* A guest job's own timing of its accesses (latency), where it had one. */
	{ "lat.p50", "s", RES_LOWER, false, METRIC_LAT_P50, 1e-9, METRIC_LAT_MAX },
	{ "lat.p90", "s", RES_LOWER, false, METRIC_LAT_P90, 1e-9, METRIC_LAT_MAX },
	{ "lat.p99", "s", RES_LOWER, false, METRIC_LAT_P99, 1e-9, METRIC_LAT_MAX },
	{ "lat.max", "s", RES_LOWER, false, METRIC_LAT_MAX, 1e-9, METRIC_LAT_MAX },
	{ "uffd.faults", "faults", RES_NEUTRAL, true, USTAT_FAULTS, 1, -1 },
	{ "uffd.eexist", "faults", RES_NEUTRAL, true, USTAT_EEXIST, 1, -1 },
	{ "uffd.mean", "s", RES_LOWER, true, USTAT_MEAN, 1e-9, -1 },
	{ "uffd.p50", "s", RES_LOWER, true, USTAT_P50, 1e-9, -1 },
	{ "uffd.p90", "s", RES_LOWER, true, USTAT_P90, 1e-9, -1 },
	{ "uffd.p99", "s", RES_LOWER, true, USTAT_P99, 1e-9, -1 },
	{ "uffd.max", "s", RES_LOWER, true, USTAT_MAX, 1e-9, -1 },
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
static void fill_metric(struct res_metric *m, const struct metric_source *k,
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
static void fill_counter(struct res_metric *m, const struct counter_series *c,
			 size_t from, size_t to)
{
	const char *leaf = strrchr(c->name, '.') ? strrchr(c->name, '.') + 1 : c->name;

	m->name = xstrdup(c->name);	/* the series goes with the point's results */
	m->owned = true;
	if (c->scenario) {
		m->unit = c->unit;	/* the IR's: it outlives the record */
		m->better = (enum res_better)c->better;
	} else {
		m->unit = c->source == GAUGE_MEMCG && rt_cgroup_stat_is_bytes(leaf) ? "bytes" :
			  c->source == GAUGE_MEMCG_EVENTS ? "events" : "count";
		m->better = RES_NEUTRAL;
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
static size_t fill_metrics(struct res_metric *out, const struct phase_result *pr,
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

static void res_value_of(struct arena *a, struct res_value *out,
			 const struct value *v);

static void on_phase(void *ctx, size_t point, unsigned run, bool warmup,
		     int phase, const struct phase_result *pr)
{
	struct record *rec = ctx;
	struct res_metric *m;
	size_t n;

	if (!rec->live || !rec->live->phase)
		return;
	m = xcalloc(max_metrics(pr), sizeof(*m));
	n = fill_metrics(m, pr, true);
	rec->live->phase(rec->live->ctx, &rec->res, point, run, warmup, phase, m, n);
	res_metrics_free(m, n);
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
		rec->res.points[point].runs++;
}

static void on_point(void *ctx, size_t point, int status,
		     const struct run_samples *res, const struct exec_cell *cell)
{
	struct record *rec = ctx;
	struct res_point *pt = &rec->res.points[point];
	const struct ir_scenario *sc = &rec->p->points[point];

	pt->done = true;
	pt->status = exec_status_name(status);
	pt->pass = status == EXEC_PASS;
	pt->cell.ok = cell->ok;
	if (cell->ok)
		res_value_of(&rec->res.arena, &pt->cell.v, &cell->v);
	pt->cell.n = cell->n;
	/* exec frees its samples once this returns: the record keeps a copy. */
	pt->cell.samples = NULL;
	if (cell->n) {
		pt->cell.samples = xcalloc(cell->n, sizeof(*cell->samples));
		memcpy(pt->cell.samples, cell->samples, cell->n * sizeof(*cell->samples));
	}
	pt->nphases = sc->nphases;
	pt->phases = xcalloc(sc->nphases + 1, sizeof(*pt->phases));
	for (size_t i = 0; i < sc->nphases; i++) {
		struct res_phase *ph = &pt->phases[i];
		const struct phase_result *pr = &res->phases[i];

		ph->name = sc->phases[i].name;
		ph->ran = pr->runs > 0;
		ph->failed = pr->failed;
		ph->metrics = xcalloc(max_metrics(pr), sizeof(*ph->metrics));
		ph->nmetrics = fill_metrics(ph->metrics, pr, false);
		for (size_t m = 0; m < ph->nmetrics; m++)
			res_mark_outliers(&ph->metrics[m]);
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
		rec->live->point(rec->live->ctx, &rec->res, point);
}

/* A value of the language as results show it: every form made now. */
static void res_value_of(struct arena *a, struct res_value *out, const struct value *v)
{
	struct strbuf sb;

	memset(out, 0, sizeof(*out));
	switch (v->type) {
	case VT_INT:
	case VT_SIZE:
		out->kind = RES_INT;
		out->i = v->i;
		break;
	case VT_DURATION:
		out->kind = RES_NUMBER;
		out->r = (double)v->i / 1e9;
		break;
	case VT_REAL:
		out->kind = RES_NUMBER;
		out->r = v->r;
		out->real = true;
		break;
	case VT_BOOL:
		out->kind = RES_BOOL;
		out->i = v->i != 0;
		break;
	case VT_STRING:
	case VT_WORD:
		out->kind = RES_STRING;
		out->s = arena_strdup(a, v->s);
		break;
	case VT_LIST: {
		struct res_value *list = arena_alloc(a, (v->list.n + 1) * sizeof(*list));

		out->kind = RES_LIST;
		for (size_t i = 0; i < v->list.n; i++)
			res_value_of(a, &list[i], &v->list.v[i]);
		out->list = list;
		out->n = v->list.n;
		break;
	}
	default:
		out->kind = RES_NULL;
	}
	sb_init(&sb);
	value_format(&sb, v, NULL);
	out->text = arena_strdup(a, sb.buf ? sb.buf : "");
	sb_free(&sb);
	sb_init(&sb);
	value_format_human(&sb, v);
	out->human = arena_strdup(a, sb.buf ? sb.buf : "");
	sb_free(&sb);
}

/* Whether a block has an expect outside every phase (KTAP's "top-level"). */
static bool top_level_expect(const struct ir_block *b)
{
	for (size_t i = 0; i < b->n; i++) {
		const struct ir_op *op = &b->ops[i];

		if (op->kind == IR_PHASE)
			continue;
		if (op->kind == IR_EXPECT || top_level_expect(&op->body))
			return true;
		for (size_t k = 0; k < op->nbranches; k++)
			if (top_level_expect(&op->branches[k]))
				return true;
	}
	return false;
}

/* What a point of p is before it runs: its parameters, phases, sweep places. */
static void point_shape(struct record *rec, size_t i)
{
	struct arena *a = &rec->res.arena;
	const struct ir_program *p = rec->p;
	const struct ir_scenario *sc = &p->points[i];
	struct res_point *pt = &rec->res.points[i];
	const char **names;

	pt->nparams = sc->nparams;
	pt->params = arena_alloc(a, (sc->nparams + 1) * sizeof(*pt->params));
	for (size_t k = 0; k < sc->nparams; k++) {
		pt->params[k].name = sc->params[k].name;
		pt->params[k].swept = sc->params[k].origin == ORIGIN_SWEEP;
		res_value_of(a, &pt->params[k].v, &sc->params[k].value);
	}
	pt->sweep_at = arena_alloc(a, (p->nsweeps + 1) * sizeof(*pt->sweep_at));
	for (size_t s = 0; s < p->nsweeps; s++) {
		size_t k;

		pt->sweep_at[s] = SIZE_MAX;
		for (k = 0; k < sc->nparams; k++)
			if (!strcmp(sc->params[k].name, p->sweeps[s].param))
				break;
		for (size_t v = 0; k < sc->nparams && v < p->sweeps[s].n; v++)
			if (value_equal(&p->sweeps[s].values[v], &sc->params[k].value)) {
				pt->sweep_at[s] = v;
				break;
			}
	}
	names = arena_alloc(a, (sc->nphases + 1) * sizeof(*names));
	for (size_t k = 0; k < sc->nphases; k++)
		names[k] = sc->phases[k].name;
	pt->phase_names = names;
	pt->nphase_names = sc->nphases;
	pt->top_level_expect = top_level_expect(&sc->ops);
}

/* The sweeps and the table of p, as the writers read them. */
static void program_shape(struct record *rec)
{
	struct arena *a = &rec->res.arena;
	const struct ir_program *p = rec->p;
	const struct ir_table *t = p->table;

	rec->res.nsweeps = p->nsweeps;
	rec->res.sweeps = arena_alloc(a, (p->nsweeps + 1) * sizeof(*rec->res.sweeps));
	for (size_t s = 0; s < p->nsweeps; s++) {
		struct res_sweep *sw = &rec->res.sweeps[s];

		sw->param = p->sweeps[s].param;
		sw->n = p->sweeps[s].n;
		sw->values = arena_alloc(a, (sw->n + 1) * sizeof(*sw->values));
		for (size_t v = 0; v < sw->n; v++)
			res_value_of(a, &sw->values[v], &p->sweeps[s].values[v]);
	}
	if (t) {
		struct res_table *rt = arena_alloc(a, sizeof(*rt));

		rt->rows = t->rows;
		rt->cols = t->cols;
		rt->value_text = t->value_text;
		rt->unit = t->unit;
		rt->cells_unit = t->unit ? t->unit :
				 t->value->type == VT_DURATION ? "s" :
				 t->value->type == VT_SIZE ? "B" : NULL;
		rec->res.table = rt;
	}
	for (size_t i = 0; i < p->npoints; i++)
		point_shape(rec, i);
}

void record_init(struct record *rec, const struct ir_program *p,
		 struct diag *d, bool capture, const struct res_listener *live)
{
	memset(rec, 0, sizeof(*rec));
	rec->p = p;
	rec->d = d;
	rec->diag_mark = d->len;
	rec->live = live;
	result_init(&rec->res, p->npoints);
	program_shape(rec);
	if (capture)
		rec->capture = open_memstream(&rec->capture_buf, &rec->capture_len);
	rec->obs = (struct exec_observer){ .ctx = rec, .run_start = on_run,
					   .phase_done = on_phase,
					   .point_done = on_point };
}

void record_free(struct record *rec)
{
	result_free(&rec->res);
	if (rec->capture)
		fclose(rec->capture);
	free(rec->capture_buf);
}
