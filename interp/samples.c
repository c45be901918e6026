// SPDX-License-Identifier: GPL-2.0-only
/* samples: a run's samples, for its expressions (see samples.h). */
#include "samples.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/stats.h"
#include "../runtime/cgroup.h"
#include "../runtime/ksm.h"

/* Collects each counter of a phase that an expression reads, once. */
static void want_gauge(const struct ir_expr *x, void *ctx)
{
	struct run_samples *r = ctx;
	size_t i;

	/* KVM's statistics go into the results whole (exec_guest.c). */
	if ((x->kind != IRX_GAUGE && x->kind != IRX_GAUGE_DELTA) || x->phase < 0 ||
	    x->gauge == GAUGE_KVM)
		return;
	for (i = 0; i < r->nwants; i++)
		if (r->wants[i].phase == x->phase && r->wants[i].source == x->gauge &&
		    r->wants[i].delta == (x->kind == IRX_GAUGE_DELTA) &&
		    !strcmp(r->wants[i].name, x->gauge_name))
			return;
	r->wants = xrealloc(r->wants, (r->nwants + 1) * sizeof(*r->wants));
	r->wants[r->nwants++] = (struct counter_want){
		.phase = x->phase, .source = x->gauge, .name = x->gauge_name,
		.delta = x->kind == IRX_GAUGE_DELTA };
}

void samples_init(struct run_samples *r, const struct ir_scenario *sc)
{
	memset(r, 0, sizeof(*r));
	r->sc = sc;
	r->phases = xcalloc(sc->nphases + 1, sizeof(*r->phases));
	ir_visit_exprs(sc, want_gauge, r);
}

void samples_clear_phase(struct phase_result *pr)
{
	int m;

	for (m = 0; m < METRIC__COUNT; m++)
		free(pr->samples[m]);
	for (m = 0; m < USTAT__COUNT; m++)
		free(pr->uffd_samples[m]);
	for (m = 0; m < METRIC__COUNT; m++)
		free(pr->vcpu_samples[m]);
	samples_kvm_clear(&pr->kvm);
	free(pr->placement);
	free(pr->reader_faults);
	free(pr->vm_start);
	free(pr->vm_end);
	free(pr->cg_start);
	free(pr->cg_end);
	free(pr->ev_start);
	free(pr->ev_end);
	for (size_t i = 0; i < pr->nseries; i++)
		free(pr->series[i].samples);
	free(pr->series);
	memset(pr, 0, sizeof(*pr));
}

void samples_free(struct run_samples *r)
{
	size_t i;

	for (i = 0; i < r->sc->nphases; i++)
		samples_clear_phase(&r->phases[i]);
	free(r->phases);
	r->phases = NULL;
	free(r->wants);
	r->wants = NULL;
	r->nwants = 0;
}

void run_counts_metrics(const struct run_counts *c, double m[METRIC__COUNT])
{
	double secs = (double)c->ns / 1e9;

	m[METRIC_TIME] = (double)c->ns;
	m[METRIC_SECONDS] = secs;
	m[METRIC_NS] = (double)c->ns;
	m[METRIC_PAGES] = (double)c->pages;
	m[METRIC_ACCESSES] = (double)c->accesses;
	m[METRIC_RATE] = secs > 0 ? (double)c->pages / secs : 0;
	m[METRIC_FAULTS] = (double)c->faults;
	m[METRIC_HOST_FAULTS] = (double)c->host_faults;
	m[METRIC_PASSES] = (double)c->passes;
	m[METRIC_EXITS] = (double)c->exits;
	m[METRIC_DIRTY] = (double)c->dirty;
	m[METRIC_LAT_P50] = (double)c->lat_p50;
	m[METRIC_LAT_P90] = (double)c->lat_p90;
	m[METRIC_LAT_P99] = (double)c->lat_p99;
	m[METRIC_LAT_MAX] = (double)c->lat_max;
	/* Until samples_set_runq says: unknown where nobody read it. */
	m[METRIC_RUNQ] = 0;
	m[METRIC_RUNQ_OTHERS] = NAN;
}

void samples_add_run(struct run_samples *r, int phase, const struct run_counts *c)
{
	struct phase_result *p = &r->phases[phase];
	double v[METRIC__COUNT];
	int m;

	if (p->runs == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 4;
		for (m = 0; m < METRIC__COUNT; m++)
			p->samples[m] = xrealloc(p->samples[m],
						 p->cap * sizeof(double));
	}
	run_counts_metrics(c, v);
	for (m = 0; m < METRIC__COUNT; m++)
		p->samples[m][p->runs] = v[m];
	p->runs++;
}

void samples_add_vcpu_run(struct phase_result *pr, const double *v, size_t n)
{
	int m;

	if (!pr->nvcpu)
		pr->nvcpu = n;
	if (pr->vcpu_runs == pr->vcpu_cap) {
		pr->vcpu_cap = pr->vcpu_cap ? pr->vcpu_cap * 2 : 4;
		for (m = 0; m < METRIC__COUNT; m++)
			pr->vcpu_samples[m] = xrealloc(pr->vcpu_samples[m],
				pr->vcpu_cap * pr->nvcpu * sizeof(double));
	}
	for (size_t i = 0; i < pr->nvcpu; i++)
		for (m = 0; m < METRIC__COUNT; m++)
			pr->vcpu_samples[m][pr->vcpu_runs * pr->nvcpu + i] =
				i < n ? v[i * METRIC__COUNT + m] : 0;
	pr->vcpu_runs++;
}

void samples_kvm_clear(struct kvm_result *r)
{
	free(r->stat);
	free(r->delta);
	free(r->end);
	free(r->vcpu_delta);
	free(r->vcpu_end);
	memset(r, 0, sizeof(*r));
}

static int eval_gauge(const struct run_samples *r, const struct ir_expr *x,
		      struct value *out, struct rt_err *err);

/*
 * The series of that name (a counter's, or with scenario a metric
 * statement's), made empty on first use.
 */
static struct counter_series *series_of(struct phase_result *pr,
					const char *name, bool scenario)
{
	struct counter_series *c;

	for (size_t i = 0; i < pr->nseries; i++)
		if (pr->series[i].scenario == scenario && !strcmp(pr->series[i].name, name))
			return &pr->series[i];
	pr->series = xrealloc(pr->series, (pr->nseries + 1) * sizeof(*pr->series));
	c = &pr->series[pr->nseries++];
	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "%s", name);
	c->scenario = scenario;
	return c;
}

/* Adds a sample of a counter to its series: "delta.vmstat.pgfault". */
static void add_sample(struct phase_result *pr, enum gauge_source src,
		       bool delta, const char *name, double v)
{
	char full[sizeof(pr->series->name)];
	struct counter_series *c;

	snprintf(full, sizeof(full), "%s%s.%s", delta ? "delta." : "",
		 gauge_source_name(src), name);
	c = series_of(pr, full, false);
	c->source = src;
	VEC_PUSH(c->samples, c->n, c->cap, v);
}

/* Whether the scenario reads that counter of the phase (then it is added). */
static bool wanted(const struct run_samples *r, int phase, enum gauge_source src,
		   bool delta, const char *name)
{
	for (size_t i = 0; i < r->nwants; i++)
		if (r->wants[i].phase == phase && r->wants[i].source == src &&
		    r->wants[i].delta == delta && !strcmp(r->wants[i].name, name))
			return true;
	return false;
}

void samples_add_metric(struct phase_result *pr, const char *name,
			const char *unit, int better, double v)
{
	struct counter_series *c = series_of(pr, name, true);

	c->unit = unit;
	c->better = better;
	VEC_PUSH(c->samples, c->n, c->cap, v);
}

void samples_add_counters(struct run_samples *r, int phase)
{
	struct phase_result *pr = &r->phases[phase];
	struct ir_expr x = { .phase = phase };
	struct value v;
	struct rt_err err;

	for (size_t i = 0; i < r->nwants; i++) {
		const struct counter_want *w = &r->wants[i];

		if (w->phase != phase)
			continue;
		x.kind = w->delta ? IRX_GAUGE_DELTA : IRX_GAUGE;
		x.gauge = w->source;
		x.gauge_name = w->name;
		/* A counter this kernel lacks has no samples: print says why. */
		if (!eval_gauge(r, &x, &v, &err))
			add_sample(pr, w->source, w->delta, w->name, (double)v.i);
	}
	/* The cgroup's events are few and each says something went wrong. */
	for (size_t i = 0; pr->ev_end && pr->ev_start && i < pr->ev_end->n; i++) {
		int64_t a;

		if (rt_vmstat_get(pr->ev_start, pr->ev_end->name[i], &a) &&
		    !wanted(r, phase, GAUGE_MEMCG_EVENTS, true, pr->ev_end->name[i]))
			add_sample(pr, GAUGE_MEMCG_EVENTS, true, pr->ev_end->name[i],
				   (double)(pr->ev_end->value[i] - a));
	}
	for (size_t i = 0; pr->cg_end && i < pr->cg_end->n; i++)
		if ((!strcmp(pr->cg_end->name[i], "current") ||
		     !strcmp(pr->cg_end->name[i], "peak")) &&
		    !wanted(r, phase, GAUGE_MEMCG, false, pr->cg_end->name[i]))
			add_sample(pr, GAUGE_MEMCG, false, pr->cg_end->name[i],
				   (double)pr->cg_end->value[i]);
}

void samples_set_runq(struct run_samples *r, int phase, double waiting,
		      double others)
{
	struct phase_result *p = &r->phases[phase];

	if (p->runs) {
		p->samples[METRIC_RUNQ][p->runs - 1] = waiting;
		p->samples[METRIC_RUNQ_OTHERS][p->runs - 1] = others;
	}
}

void samples_add_uffd_run(struct phase_result *pr)
{
	int k;

	if (pr->uffd_runs == pr->uffd_cap) {
		pr->uffd_cap = pr->uffd_cap ? pr->uffd_cap * 2 : 4;
		for (k = 0; k < USTAT__COUNT; k++)
			pr->uffd_samples[k] = xrealloc(pr->uffd_samples[k],
						       pr->uffd_cap * sizeof(double));
	}
	for (k = 0; k < USTAT__COUNT; k++)
		pr->uffd_samples[k][pr->uffd_runs] = (double)pr->uffd[k];
	pr->uffd_runs++;
}

int samples_ksm_snapshot(struct ksm_snapshot *s, struct rt_err *err)
{
	DIR *d = opendir("/sys/kernel/mm/ksm");
	struct dirent *e;

	s->n = 0;
	if (!d)
		return rt_fail_errno(err, errno, "opendir(/sys/kernel/mm/ksm)");
	while ((e = readdir(d)) && s->n < SAMPLES_KSM_MAX) {
		int64_t v;
		struct rt_err ignore;

		if (e->d_name[0] == '.' || strlen(e->d_name) >= sizeof(s->name[0]))
			continue;
		if (rt_ksm_read(e->d_name, &v, &ignore))
			continue;
		strcpy(s->name[s->n], e->d_name);
		s->value[s->n++] = v;
	}
	closedir(d);
	return 0;
}

void samples_ksm_stat_snapshot(struct ksm_snapshot *s)
{
	struct rt_err ignore;	/* an older kernel has no ksm_stat: empty */

	rt_counters_read("/proc/self/ksm_stat", s->name, s->value,
			 SAMPLES_KSM_MAX, &s->n, &ignore);
}

static double stat_of(const double *v, size_t n, enum stat_kind st)
{
	struct stats_summary sum;
	double total = 0;
	size_t i;

	switch (st) {
	case STAT_LAST:
		return v[n - 1];
	case STAT_COUNT:
		return (double)n;
	case STAT_TOTAL:
		for (i = 0; i < n; i++)
			total += v[i];
		return total;
	default:
		break;
	}
	stats_summarize(v, n, &sum);
	switch (st) {
	case STAT_MEAN:
		return sum.mean;
	case STAT_MIN:
		return sum.min;
	case STAT_MEDIAN:
		return sum.median;
	case STAT_MAX:
		return sum.max;
	case STAT_STDDEV:
		return sum.stddev;
	default:
		return 0;
	}
}

static struct value typed(enum val_type t, double d)
{
	switch (t) {
	case VT_DURATION:
		return val_duration((int64_t)llround(d));
	case VT_INT:
		return val_int((int64_t)llround(d));
	default:
		return val_real(d);
	}
}

static bool snapshot_get(const struct ksm_snapshot *s, const char *name,
			 int64_t *out)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->name[i], name)) {
			*out = s->value[i];
			return true;
		}
	return false;
}

/* The cgroup's counters now, of memory.stat (or memory.events). */
static int cgroup_now(const struct run_samples *r, bool events, struct rt_vmstat *s,
		      struct rt_err *err)
{
	if (!r->cgroup)
		return rt_fail(err, -ENOENT, "the scenario's cgroup does not exist here (not made yet, or removed)");
	return events ? rt_cgroup_events(r->cgroup, s, err) :
			rt_cgroup_stat(r->cgroup, s, err);
}

/* A counter of a whole-file snapshot: /proc/vmstat or the cgroup's. */
static int eval_file_gauge(const struct run_samples *r, const struct ir_expr *x,
			   const struct phase_result *p, int64_t *a, int64_t *b,
			   bool *ok, struct rt_err *err)
{
	const struct rt_vmstat *s0 = NULL, *s1 = NULL;
	struct rt_vmstat *now;
	int rc = 0;

	if (p) {
		s0 = x->gauge == GAUGE_VMSTAT ? p->vm_start :
		     x->gauge == GAUGE_MEMCG ? p->cg_start : p->ev_start;
		s1 = x->gauge == GAUGE_VMSTAT ? p->vm_end :
		     x->gauge == GAUGE_MEMCG ? p->cg_end : p->ev_end;
		*ok = s1 && rt_vmstat_get(s1, x->gauge_name, b) &&
		      (x->kind != IRX_GAUGE_DELTA ||
		       (s0 && rt_vmstat_get(s0, x->gauge_name, a)));
		return 0;
	}
	now = xmalloc(sizeof(*now));
	if (x->gauge == GAUGE_VMSTAT)
		rc = rt_vmstat_read(now, err);
	else
		rc = cgroup_now(r, x->gauge == GAUGE_MEMCG_EVENTS, now, err);
	*ok = !rc && rt_vmstat_get(now, x->gauge_name, b);
	free(now);
	return rc;
}

/* P.kvm.NAME, P.delta.kvm.NAME, P.kvm.vcpu[i].NAME */
static int eval_kvm(const struct run_samples *r, const struct ir_expr *x,
		    struct value *out, struct rt_err *err)
{
	const struct phase_result *p = &r->phases[x->phase];
	const struct kvm_result *k = &p->kvm;
	const char *pname = r->sc->phases[x->phase].name;
	bool delta = x->kind == IRX_GAUGE_DELTA;
	struct value v;
	size_t i;
	int rc;

	if (!p->runs)
		return rt_fail(err, -EINVAL, "phase '%s' has not run yet", pname);
	if (!k->n)
		return rt_fail(err, -EINVAL, "phase '%s' had no VM whose statistics KVM gives",
			       pname);
	for (i = 0; i < k->n && strcmp(k->stat[i].name, x->gauge_name); i++)
		;
	if (i == k->n) {
		struct suggest sg;

		suggest_init(&sg, x->gauge_name);
		for (i = 0; i < k->n; i++)
			suggest_offer(&sg, k->stat[i].name);
		if (suggest_result(&sg))
			return rt_fail(err, -EINVAL, "KVM has no statistic '%s'; did you mean '%s'?",
				       x->gauge_name, suggest_result(&sg));
		return rt_fail(err, -EINVAL, "KVM has no statistic '%s' (a result file lists those of a phase as delta.kvm.NAME)",
			       x->gauge_name);
	}
	if (!x->vcpu) {
		*out = val_int(delta ? k->delta[i] : k->end[i]);
		return 0;
	}
	rc = samples_eval(r, x->vcpu, &v, err);
	if (rc)
		return rc;
	if (!k->stat[i].per_vcpu)
		return rt_fail(err, -EINVAL, "'%s' is the VM's statistic, not a vCPU's",
			       x->gauge_name);
	if (v.i < 0 || (size_t)v.i >= k->nvcpu)
		return rt_fail(err, -EINVAL, "vCPU %lld does not exist: %zu ran",
			       (long long)v.i, k->nvcpu);
	*out = val_int(delta ? k->vcpu_delta[(size_t)v.i * k->n + i] :
			       k->vcpu_end[(size_t)v.i * k->n + i]);
	return 0;
}

static int eval_gauge(const struct run_samples *r, const struct ir_expr *x,
		      struct value *out, struct rt_err *err)
{
	const struct phase_result *p = x->phase >= 0 ? &r->phases[x->phase] : NULL;
	const char *pname = p ? r->sc->phases[x->phase].name : "";
	int64_t a = 0, b = 0;
	bool ok;

	if (x->gauge == GAUGE_KVM)
		return eval_kvm(r, x, out, err);
	if (p && !p->runs)
		return rt_fail(err, -EINVAL, "phase '%s' has not run yet", pname);
	if (x->gauge == GAUGE_KSM) {
		if (!p) {
			int rc = rt_ksm_read(x->gauge_name, &b, err);

			*out = val_int(b);
			return rc;
		}
		ok = snapshot_get(&p->ksm_end, x->gauge_name, &b) &&
		     (x->kind != IRX_GAUGE_DELTA ||
		      snapshot_get(&p->ksm_start, x->gauge_name, &a));
	} else if (x->gauge == GAUGE_KSM_STAT) {
		struct ksm_snapshot now;

		if (!p)
			samples_ksm_stat_snapshot(&now);
		ok = snapshot_get(p ? &p->stat_end : &now, x->gauge_name, &b) &&
		     (x->kind != IRX_GAUGE_DELTA ||
		      snapshot_get(&p->stat_start, x->gauge_name, &a));
	} else {
		int rc = eval_file_gauge(r, x, p, &a, &b, &ok, err);

		if (rc)
			return rc;
	}
	if (!ok)
		return rt_fail(err, -EINVAL, "this kernel has no %s counter '%s'%s",
			       gauge_source_name(x->gauge), x->gauge_name,
			       x->gauge == GAUGE_MEMCG ? " (memory.stat, current, peak, swap_current)" :
			       x->gauge == GAUGE_MEMCG_EVENTS ? " (memory.events)" : "");
	*out = val_int(x->kind == IRX_GAUGE_DELTA ? b - a : b);
	if (x->type == VT_SIZE)
		*out = val_size(out->i);
	return 0;
}

int samples_eval(const struct run_samples *r, const struct ir_expr *x,
		 struct value *out, struct rt_err *err)
{
	struct value a, b, c;
	const char *why;
	int rc;

	switch (x->kind) {
	case IRX_CONST:
		*out = x->v;
		return 0;
	case IRX_METRIC: {
		const struct phase_result *p = &r->phases[x->phase];

		if (!p->runs)
			return rt_fail(err, -EINVAL, "phase '%s' has not run yet",
				       r->sc->phases[x->phase].name);
		if (x->vcpu) {
			double *one;

			rc = samples_eval(r, x->vcpu, &a, err);
			if (rc)
				return rc;
			if (!p->vcpu_runs)
				return rt_fail(err, -EINVAL, "phase '%s' ran no vCPUs",
					       r->sc->phases[x->phase].name);
			if (a.i < 0 || (size_t)a.i >= p->nvcpu)
				return rt_fail(err, -EINVAL, "vCPU %lld did not run in phase '%s': it ran %zu",
					       (long long)a.i, r->sc->phases[x->phase].name,
					       p->nvcpu);
			one = xcalloc(p->vcpu_runs, sizeof(*one));
			for (size_t k = 0; k < p->vcpu_runs; k++)
				one[k] = p->vcpu_samples[x->metric][k * p->nvcpu + (size_t)a.i];
			*out = typed(x->type, stat_of(one, p->vcpu_runs, x->stat));
			free(one);
			return 0;
		}
		*out = typed(x->type, stat_of(p->samples[x->metric], p->runs, x->stat));
		return 0;
	}
	case IRX_GAUGE:
	case IRX_GAUGE_DELTA:
		return eval_gauge(r, x, out, err);
	case IRX_UNARY:
		rc = samples_eval(r, x->a, &a, err);
		if (rc)
			return rc;
		if (value_unary(x->op, &a, out, &why))
			return rt_fail(err, -EINVAL, "%s", why);
		return 0;
	case IRX_BINARY:
		rc = samples_eval(r, x->a, &a, err);
		if (!rc)
			rc = samples_eval(r, x->b, &b, err);
		if (rc)
			return rc;
		if (value_binary(x->op, &a, &b, out, &why))
			return rt_fail(err, -EINVAL, "%s", why ? why : "type mismatch");
		return 0;
	case IRX_COND:
		rc = samples_eval(r, x->a, &c, err);
		if (rc)
			return rc;
		rc = samples_eval(r, c.i ? x->b : x->c, out, err);
		if (!rc && x->type == VT_REAL && out->type == VT_INT)
			*out = val_real((double)out->i);
		return rc;
	case IRX_MIN:
	case IRX_MAX:
		rc = samples_eval(r, x->a, &a, err);
		if (!rc)
			rc = samples_eval(r, x->b, &b, err);
		if (rc)
			return rc;
		value_binary(OP_LT, &a, &b, &c, &why);
		*out = (c.i == (x->kind == IRX_MIN)) ? a : b;
		if (x->type == VT_REAL && out->type != VT_REAL)
			*out = val_real(value_as_real(out));
		return 0;
	case IRX_UFFD: {
		const struct phase_result *p = &r->phases[x->phase];

		if (!p->runs)
			return rt_fail(err, -EINVAL, "phase '%s' has not run yet",
				       r->sc->phases[x->phase].name);
		if (x->a) {
			rc = samples_eval(r, x->a, &a, err);
			if (rc)
				return rc;
			if (a.i < 0 || (size_t)a.i >= p->nreaders)
				return rt_fail(err, -EINVAL, "reader %lld does not exist: %zu readers",
					       (long long)a.i, p->nreaders);
			*out = val_int(p->reader_faults[a.i]);
			return 0;
		}
		*out = x->type == VT_DURATION ? val_duration(p->uffd[x->v.i]) :
						val_int(p->uffd[x->v.i]);
		return 0;
	}
	case IRX_JOBS:
		if (!r->phases[x->phase].runs)
			return rt_fail(err, -EINVAL, "phase '%s' has not run yet",
				       r->sc->phases[x->phase].name);
		*out = val_int(r->phases[x->phase].jobs_in_ring[x->v.i & 3]);
		return 0;
	case IRX_PLACEMENT: {
		const struct phase_result *p = &r->phases[x->phase];

		rc = samples_eval(r, x->a, &a, err);
		if (rc)
			return rc;
		if (!p->runs || !p->placement)
			return rt_fail(err, -EINVAL, "phase '%s' has not run yet",
				       r->sc->phases[x->phase].name);
		if (a.i < 0 || a.i >= SAMPLES_NODES)
			return rt_fail(err, -EINVAL, "node %lld is out of range",
				       (long long)a.i);
		*out = val_int(p->placement[x->v.i * SAMPLES_NODES + a.i]);
		return 0;
	}
	case IRX_IN_UNIT:
		rc = samples_eval(r, x->a, &a, err);
		if (rc)
			return rc;
		*out = x->type == VT_REAL ? val_real((double)a.i / (double)x->v.i) :
					    val_int(a.i / x->v.i);
		return 0;
	}
	return rt_fail(err, -EINVAL, "unknown expression");
}
