// SPDX-License-Identifier: GPL-2.0-only
/*
 * samples: what phases produced during one run of a scenario, for the
 * expressions of print, expect, wait and table. Each run of a phase adds
 * one sample per metric; counters are snapshots at the phase's start and
 * end (the last run's). This is the executor's working state, in the
 * IR's terms; the result a run leaves is results/'s document, which
 * record.c fills from it.
 */
#ifndef SCN_SAMPLES_H
#define SCN_SAMPLES_H

#include <stdbool.h>
#include <stdint.h>

#include "../runtime/err.h"
#include "../runtime/kvm_stats.h"
#include "../runtime/vmstat.h"
#include "confound.h"
#include "ir.h"

#define SAMPLES_KSM_MAX 32
#define SAMPLES_NODES 64

struct ksm_snapshot {
	size_t n;
	char name[SAMPLES_KSM_MAX][RT_COUNTER_NAME];
	int64_t value[SAMPLES_KSM_MAX];
};

/* One of KVM's statistics, as a phase's results name it. */
struct kvm_stat {
	char name[RT_STAT_NAME];
	bool per_vcpu;			/* a vCPU's statistic, else the VM's */
	const char *unit;		/* as kvm_stats.h says */
};

/* KVM's statistics over the last run of a phase, every VM together. */
struct kvm_result {
	size_t n;
	struct kvm_stat *stat;
	int64_t *delta, *end;		/* [n]: the VMs', or summed over vCPUs */
	size_t nvcpu;
	int64_t *vcpu_delta, *vcpu_end;	/* [vcpu * n + i]: vCPU vcpu of every VM */
};

/*
 * A counter of a phase that the results carry, one sample per run: the
 * counters the scenario's expressions read of it, and with a cgroup its
 * memory.events changes and memory.current at the end.
 */
struct counter_series {
	char name[RT_COUNTER_NAME + 24];	/* "delta.vmstat.numa_pte_updates" */
	enum gauge_source source;
	/* A metric statement's: its unit and direction; source unused. */
	bool scenario;
	const char *unit;
	int better;
	double *samples;
	size_t n, cap;
};

/* A counter the scenario reads of a phase. */
struct counter_want {
	int phase;
	enum gauge_source source;
	const char *name;
	bool delta;
};

struct phase_result {
	size_t runs;
	size_t cap;
	double *samples[METRIC__COUNT];		/* [run] */
	struct ksm_snapshot ksm_start, ksm_end;
	struct ksm_snapshot stat_start, stat_end;	/* /proc/self/ksm_stat */
	struct rt_vmstat *vm_start, *vm_end;	/* last run */
	/* The scenario's cgroup: memory.stat (and current, ...), memory.events */
	struct rt_vmstat *cg_start, *cg_end, *ev_start, *ev_end;
	struct phase_env env_start, env_end;	/* last run */
	bool noted;				/* its warnings were given */
	bool kvm_noted;				/* and guest_stat_note's */
	int64_t *placement;			/* [backing][node], last run */
	/* The uffd services over the last run: */
	int64_t uffd[USTAT__COUNT];		/* by enum uffd_stat */
	int64_t *reader_faults;			/* [reader], all services */
	size_t nreaders;
	/* The uffd statistics of every run that had a service: [stat][run] */
	double *uffd_samples[USTAT__COUNT];
	size_t uffd_runs, uffd_cap;
	bool failed;				/* a run of it failed */
	bool dirty_logged;			/* a run got a dirty log: 0 pages is a result */
	int64_t jobs_in_ring[4];		/* guest jobs per ring, last run */
	/* Per vCPU, where guest work ran: [metric][run * nvcpu + vcpu] */
	size_t nvcpu;
	double *vcpu_samples[METRIC__COUNT];
	size_t vcpu_runs, vcpu_cap;
	struct kvm_result kvm;			/* last run */
	struct counter_series *series;		/* [nseries] */
	size_t nseries;
};

struct run_samples {
	const struct ir_scenario *sc;
	struct phase_result *phases;		/* [nphases] */
	const char *cgroup;			/* the live cgroup's path, or NULL */
	struct counter_want *wants;		/* what the scenario reads */
	size_t nwants;
};

void samples_init(struct run_samples *r, const struct ir_scenario *sc);
void samples_free(struct run_samples *r);
/* Frees what one phase's results hold and zeroes them (the REPL drops a phase). */
void samples_clear_phase(struct phase_result *pr);
/* What one run of a phase did. */
struct run_counts {
	int64_t ns, pages, accesses, faults, passes, exits, dirty;
	int64_t host_faults;		/* pages host accesses found faulting */
	int64_t lat_p50, lat_p90, lat_p99, lat_max;	/* ns */
};

/* The metrics of counts: m[METRIC_RATE] is pages over seconds, and so on. */
void run_counts_metrics(const struct run_counts *c, double m[METRIC__COUNT]);
/* One run of phase i: its wall time and counts. */
void samples_add_run(struct run_samples *r, int phase, const struct run_counts *c);
/*
 * One run's per-vCPU metrics: v[i * METRIC__COUNT + m] for vCPU i < n.
 * A phase keeps the vCPU count of its first run with guest work.
 */
void samples_add_vcpu_run(struct phase_result *pr, const double *v, size_t n);
/*
 * Appends the counters of the run of phase that just ended (its
 * snapshots) to its series.
 */
void samples_add_counters(struct run_samples *r, int phase);
/* A sample of a metric statement's value (metric PHASE.NAME = ...). */
void samples_add_metric(struct phase_result *pr, const char *name,
			const char *unit, int better, double v);
/*
 * How much the last run of phase i waited for a CPU (confound_runq), and
 * how much of it other work caused (confound_runq_others).
 */
void samples_set_runq(struct run_samples *r, int phase, double waiting,
		      double others);
/* Frees what r holds and zeroes it. */
void samples_kvm_clear(struct kvm_result *r);
/* Appends pr->uffd, the last run's uffd statistics, to its samples. */
void samples_add_uffd_run(struct phase_result *pr);
int samples_ksm_snapshot(struct ksm_snapshot *s, struct rt_err *err);
/* /proc/self/ksm_stat; empty where the kernel lacks it. */
void samples_ksm_stat_snapshot(struct ksm_snapshot *s);

/*
 * Evaluates x now. Returns 0, or -EINVAL with a message in err (a phase
 * that has not run, division by zero, an unknown counter).
 */
int samples_eval(const struct run_samples *r, const struct ir_expr *x,
		 struct value *out, struct rt_err *err);

#endif
