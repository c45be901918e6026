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
	bool *uffd_started;
	pthread_mutex_t lock;		/* d and out, from concurrent branches */
	/* Set by any branch, read by all: atomics, not the lock. */
	atomic_bool failed;		/* an error or a failed expectation */
	atomic_bool error;		/* an error: the run stops */
};

/* A strand of execution: the main one or a concurrent branch. */
struct strand {
	struct run *r;
	atomic_bool *sibling_stop;	/* a failing branch stops the others */
};

/* The stop asked for (a signal, a timeout) or a failing sibling branch. */
bool stopping(const struct strand *s);
/* Compares sc's requirements and memory with the machine: an exec_status. */
int preflight(const struct ir_scenario *sc, const struct exec_opts *o,
	      struct diag *d, char *reason, size_t len);
/*
 * Whether an expression of sc (its operations or its table's value) reads
 * the placement of backing: only those are asked of the kernel.
 */
bool scenario_places(const struct ir_scenario *sc, int backing);
void run_phase(struct strand *s, const struct ir_op *op);
void run_op(struct strand *s, const struct ir_op *op);
/* Frees every object the run made, then puts every knob back. */
void teardown(struct run *r);
/* A journal left behind, or a lock held: an error in d, non-zero. */
int journal_left(const struct exec_opts *o, struct diag *d);

#endif
