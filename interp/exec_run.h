// SPDX-License-Identifier: GPL-2.0-only
/*
 * exec_run: the state of a run, shared by exec.c (a whole program, point
 * by point) and session.c (the REPL's one run, grown input by input),
 * and by the files that run parts of it: exec_guest.c (KVM),
 * exec_memcg.c (the cgroup), exec_uffd.c (the uffd services),
 * exec_confound.c (what ran beside), preflight.c (the checks before).
 * exec_run.c holds what they all call of it; this header also says what
 * exec_guest.c and exec_memcg.c owe exec.c. Internal to interp/: nothing
 * outside includes it.
 */
#ifndef SCN_EXEC_RUN_H
#define SCN_EXEC_RUN_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "../runtime/cgroup.h"
#include "../runtime/kernlog.h"
#include "../runtime/knobs.h"
#include "../runtime/mem.h"
#include "../runtime/uffd.h"
#include "../runtime/vcpu.h"
#include "confound.h"
#include "exec.h"
#include "page_bits.h"
#include "samples.h"
#include "watchdog.h"

/*
 * What the current phase's host accesses did: accesses counted (the pages
 * they touched are bits of each backing, so that a page counts once).
 */
struct phase_counts {
	atomic_llong accesses;
	atomic_llong host_faults;	/* pages host accesses found faulting */
};

/* A uffd service of the run. */
struct run_uffd {
	struct rt_uffd svc;
	bool started;			/* a stop cleans up a partial start too */
	int hook;			/* its stop hook's id + 1; 0: none */
};

/* A backing of the run, and the pages the phase's host accesses touched. */
struct run_backing {
	struct rt_mem mem;
	bool made;
	bool placement_read;		/* an expression reads its placement */
	struct page_bits touched;
};

/* Unmaps a backing that was made and forgets its pages; its reads stay. */
void run_backing_drop(struct run_backing *b);

/* What a vCPU did over the current phase (exec_guest.c). */
struct vcpu_acc {
	int64_t ns;
	uint64_t accesses, pages, faults, passes, exits;
	uint64_t ring_full;		/* KVM_EXIT_DIRTY_RING_FULL exits */
	uint64_t lat[SCN_LAT_BUCKETS];	/* TSC cycles, log2 buckets */
};

/* The guest side of the current phase. */
struct guest_phase {
	bool jobs;			/* a guest job ran: the phase's time is theirs */
	bool vcpus;			/* vCPUs worked (jobs, resets) */
	int64_t first_start, last_end;
	struct vcpu_acc *vcpu;		/* [nvcpu], vCPU i of every VM together */
	int nvcpu;
	uint64_t fault_exits[RT_FX__COUNT];
	unsigned jobs_in_ring[4];	/* jobs that ran in ring 0 and 3 */
	uint64_t signals;		/* exits the guest program spoke by */
	bool latency;			/* a job timed its accesses */
	int64_t dirty;			/* pages the last dirty log get found */
	bool dirty_got;			/* a dirty log get ran: dirty is a count */
};

/* A VM of the run, and what the current phase has seen of it. */
struct run_vm {
	struct rt_vm *vm;		/* NULL until made */
	uint64_t *kvm_start;		/* its statistics, then its vCPUs', or NULL */
	struct page_bits touched;	/* the guest pages the phase touched */
};

/* The state of one sweep point's run. */
struct run {
	const struct ir_scenario *sc;
	const struct exec_opts *o;
	struct diag *d;
	struct run_backing *backings;	/* [nbackings] */
	struct rt_knobs knobs;
	bool knobs_open;
	struct rt_cgroup cg;		/* the scenario's cgroup, once made */
	struct run_samples *res;		/* the point's, over its runs */
	size_t point;			/* from 0 */
	unsigned run;			/* from 1, warm-up runs included */
	bool warmup;
	struct phase_counts counts;
	struct run_uffd *uffds;		/* [nuffds], never moved: readers point in */
	bool reads_ksm;			/* an expression reads ksm.* (machine-wide) */
	bool ksm_settled;		/* rt_ksm_settle was asked, before phase 1 */
	char ksm_unsettled[320];	/* and what it found still moving, or "" */
	/* An expression reads kvm.ARCH_SIGNAL_STAT: guest_stat_note's warning. */
	bool reads_signal_stat;
	/* An expectation the machine-wide KSM counters cannot judge: */
	atomic_bool skipped;
	char skip_reason[512];
	struct watchdog wd;		/* stops, and each phase's watchdog */
	struct run_vm *vms;		/* [nvms] */
	struct guest_phase gp;
	struct diag guest_notes;	/* for the error of a watchdog that fired */
	struct rt_kmsg kmsg;		/* the kernel's log from the run's start */
	unsigned long taint_start;	/* the kernel's taint flags then */
	int phase;			/* the phase running, or -1 */
	pthread_mutex_t lock;		/* d and out, from concurrent branches */
	/* Set by any branch, read by all: atomics, not the lock. */
	atomic_bool failed;		/* an error or a failed expectation */
	atomic_bool error;		/* an error: the run stops */
};

/* A concurrently block that runs: its branches not yet ended. */
struct conc_level {
	atomic_int running;
	const struct conc_level *up;	/* the block it is a branch of */
};

/* A strand of execution: the main one or a concurrent branch. */
struct strand {
	struct run *r;
	atomic_bool *sibling_stop;	/* a failing branch stops the others */
	const struct conc_level *conc;	/* the innermost block, or NULL */
	int slot;			/* its slot in the watchdog, or -1 */
};

/*
 * Whether a branch beside strand s's (in any enclosing concurrently
 * block) still runs: host work there may yet change what s's guest
 * finds. An rt_wait's host_busy, with the strand's conc as its context.
 */
bool strand_siblings_running(const void *conc);

/*
 * The stop asked for (a signal, a timeout), a phase's watchdog that
 * fired, or a failing sibling branch.
 */
bool stopping(const struct strand *s);
/*
 * Starts the run's monitor (watchdog.h) with its progress source: on
 * failure an error in d, non-zero.
 */
int run_watch(struct run *r, struct diag *d);
/*
 * After a write to f, under the run's lock: a write that failed (the
 * reader of a pipe is gone: EPIPE, a full disk) is an error that stops
 * the run, which then restores the machine as after any error.
 */
void run_check_written(struct run *r, FILE *f, const char *what,
		       struct loc loc);
/* A "# " line on the run's log, if it has one. */
void run_logf(struct run *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/*
 * Whether an expression of sc (its operations or its table's value) reads
 * the placement of backing: only those are asked of the kernel.
 */
bool scenario_places(const struct ir_scenario *sc, int backing);
/* Whether an expression of sc reads a counter of source g. */
bool scenario_reads(const struct ir_scenario *sc, enum gauge_source g);
/* Whether one reads counter name of source g. */
bool scenario_reads_counter(const struct ir_scenario *sc, enum gauge_source g,
			    const char *name);
void run_phase(struct strand *s, const struct ir_op *op);
/* An error at loc: the run fails and stops, and so do sibling branches. */
void fail_at(struct strand *s, struct loc loc, const char *msg);
void run_op(struct strand *s, const struct ir_op *op);
/* Frees every object the run made, then puts every knob back. */
void teardown(struct run *r);

/* The run's memory cgroup (exec_memcg.c). */
/* Makes it, journaled, with its limits, and moves this process in. */
int run_cgroup_create(struct run *r, struct rt_err *err);
/* host cgroup: one memory.* write. */
int run_cgroup_write(struct run *r, const struct ir_op *op, struct rt_err *err);
/* memory.stat and memory.events now, both NULL without a live group. */
void run_cgroup_snapshot(struct run *r, struct rt_vmstat **stat,
			 struct rt_vmstat **events);
/* Moves this process back out; the knobs' restore removes the group. */
void run_cgroup_leave(struct run *r);
/*
 * A memory.max below the memory the scenario maps, where nothing can be
 * swapped: an error at the cgroup (the OOM killer would end scn), -ENOMEM.
 */
int cgroup_preflight(const struct ir_scenario *sc, struct diag *d);
/*
 * Takes the knobs lock and journal for r, waiting for another run's lock
 * as r->o->wait_ns says (with a "# waiting" line): 0, or -EBUSY naming
 * the holder, -EINTR, -EEXIST, ... with the message in err.
 */
int take_knobs(struct run *r, struct rt_err *err);

/* exec_guest.c: the KVM side of a run. */

/*
 * KVM's part of preflight: vCPUs and memslots within KVM's limits, no
 * ring-0 job on a dirty ring where the host loses its entries (else a
 * SKIP with reason), and *memory, what KVM and scn's guest areas take.
 */
int guest_preflight(const struct ir_scenario *sc, const struct exec_opts *o,
		    int64_t *memory, char *reason, size_t len);
/* Makes VM i of the scenario with its vCPU threads. */
int guest_create_vm(struct run *r, int i, struct rt_err *err);
/* Destroys the VMs [from, to) the run made. */
void guest_destroy_vms(struct run *r, size_t from, size_t to);
/* A policy statement: the vCPU threads of the VMs made so far get it too. */
int guest_policy(struct strand *s, const struct ir_op *op, struct rt_err *err);
/* guest jobs, vcpu reset, host memslot and dirtylog, expect fault. */
void guest_op(struct strand *s, const struct ir_op *op);
/* Starts the accounting of a phase's guest work. */
void guest_phase_begin(struct run *r);
/*
 * Ends it: where guest jobs ran, the phase's time is from the first
 * vCPU's start to the last report; the guest's pages, faults, passes,
 * exits and dirty pages go into c, the per-vCPU values into pr.
 */
void guest_phase_end(struct run *r, struct phase_result *pr,
		     struct run_counts *c);
/*
 * A warning where the phase's guests are all on pfnmap backings of one
 * align= and KVM mapped them anew only at other page sizes (its
 * pages_4k, pages_2m, pages_1g): what align= asked is not what ran, as
 * where the device's driver has no huge fault or KVM splits the mapping.
 * NULL otherwise. The caller frees it.
 */
char *guest_pfnmap_note(const struct run *r, const char *phase,
			const struct phase_result *pr);
/* After the phase's run is added: what the result files get beyond it. */
void guest_phase_series(struct run *r, struct phase_result *pr);
/*
 * A warning where KVM's statistic of the guest program's own exits
 * (ARCH_SIGNAL_STAT) reads 0 although scn saw such exits in phase name:
 * the host does not count them there (PVM); NULL where it agrees or was
 * not read. The caller frees it.
 */
char *guest_stat_note(const struct run *r, const struct phase_result *pr,
		      const char *name);
/* Frees the per-phase accounting. */
void guest_free(struct run *r);

#endif
