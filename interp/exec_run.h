// SPDX-License-Identifier: GPL-2.0-only
/*
 * exec_run: the state of a run, shared by exec.c (a whole program, point
 * by point) and session.c (the REPL's one run, grown input by input).
 * Internal to interp/: nothing outside includes it.
 */
#ifndef SCN_EXEC_RUN_H
#define SCN_EXEC_RUN_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "../runtime/knobs.h"
#include "../runtime/mem.h"
#include "../runtime/uffd.h"
#include "exec.h"
#include "results.h"
#include "watchdog.h"

/*
 * What the current phase's host accesses touched: accesses counted, and
 * a bit per page of each backing so that a page counts once.
 */
struct phase_counts {
	atomic_llong accesses;
	uint64_t **touched;		/* [backing][page / 64] */
	size_t *words;			/* [backing] */
};

/* The state of one sweep point's run. */
struct run {
	const struct ir_scenario *sc;
	const struct exec_opts *o;
	struct diag *d;
	struct rt_mem *mems;		/* [nbackings] */
	bool *made;
	struct rt_knobs knobs;
	bool knobs_open;
	struct results *res;		/* the point's, over its runs */
	size_t point;			/* from 0 */
	unsigned run;			/* from 1, warm-up runs included */
	bool warmup;
	struct phase_counts counts;
	struct rt_uffd *uffds;		/* [nuffds] */
	bool *placement_read;		/* [backing]: an expression reads it */
	bool reads_ksm;			/* an expression reads ksm.* (machine-wide) */
	/* An expectation the machine-wide KSM counters cannot judge: */
	atomic_bool skipped;
	char skip_reason[512];
	bool *uffd_started;
	struct watchdog wd;		/* stops, and each phase's watchdog */
	int *uffd_hook;			/* [nuffds]: its stop hook's id */
	pthread_mutex_t lock;		/* d and out, from concurrent branches */
	/* Set by any branch, read by all: atomics, not the lock. */
	atomic_bool failed;		/* an error or a failed expectation */
	atomic_bool error;		/* an error: the run stops */
};

/* A strand of execution: the main one or a concurrent branch. */
struct strand {
	struct run *r;
	atomic_bool *sibling_stop;	/* a failing branch stops the others */
	int slot;			/* its slot in the watchdog, or -1 */
};

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
/* Compares sc's requirements and memory with the machine: an exec_status. */
int preflight(const struct ir_scenario *sc, const struct exec_opts *o,
	      struct diag *d, char *reason, size_t len);
/*
 * Whether an expression of sc (its operations or its table's value) reads
 * the placement of backing: only those are asked of the kernel.
 */
bool scenario_places(const struct ir_scenario *sc, int backing);
/* Whether an expression of sc reads a counter of source g. */
bool scenario_reads(const struct ir_scenario *sc, enum gauge_source g);
void run_phase(struct strand *s, const struct ir_op *op);
void run_op(struct strand *s, const struct ir_op *op);
/* Stops uffd service i: its stop hook first. */
void run_uffd_stop(struct run *r, size_t i);
/* Frees every object the run made, then puts every knob back. */
void teardown(struct run *r);
/*
 * A journal left behind by a run that did not finish: an error in d,
 * non-zero. The journal of a run that is still going (it holds the lock)
 * does not stop a run that changes no knob.
 */
int journal_left(const struct exec_opts *o, struct diag *d);
/*
 * Takes the knobs lock and journal for r, waiting for another run's lock
 * as r->o->wait_ns says (with a "# waiting" line): 0, or -EBUSY naming
 * the holder, -EINTR, -EEXIST, ... with the message in err.
 */
int take_knobs(struct run *r, struct rt_err *err);

#endif
