// SPDX-License-Identifier: GPL-2.0-only
/*
 * exec: runs a checked program on the runtime. Before the first side
 * effect it compares the scenario's requirements with the machine's
 * probe (unmet: SKIP with the reason) and its memory with what the
 * machine has; then it creates, acts and times, and on every way out
 * (error, expectation failed, Ctrl-C) frees what it made and restores
 * every knob it changed.
 */
#ifndef SCN_EXEC_H
#define SCN_EXEC_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../common/diag.h"
#include "../runtime/features.h"
#include "../runtime/knobs.h"
#include "ir.h"

/* Outcomes, as exit codes (kselftest and sysexits). */
enum exec_status {
	EXEC_PASS = 0,
	EXEC_FAIL = 1,		/* an expectation failed, or the kernel refused */
	EXEC_SKIP = 4,		/* KSFT_SKIP: the machine lacks something */
	EXEC_BUSY = 75,		/* EX_TEMPFAIL: another run holds the knobs lock */
	EXEC_UNSUPPORTED = 70,	/* this build cannot run a statement yet */
	EXEC_INTERRUPTED = 130,	/* SIGINT or SIGTERM */
};

/*
 * "pass", "fail", "skip", "unsupported", "interrupted": results' words. A
 * busy lock is a "skip" (nothing was measured); its exit code tells it.
 */
const char *exec_status_name(int status);

/* One sweep point's table cell, once the point has run. */
struct exec_cell {
	bool ok;
	struct value v;			/* after the last run */
	/*
	 * Its value after each measured run, in the unit JSON gives it
	 * (seconds for a duration, bytes for a size): a spread to draw.
	 */
	double *samples;
	size_t n;
};

/* A numeric value in the unit JSON gives it; NaN for one that is not. */
double exec_value_number(const struct value *v);

struct run_samples;
struct phase_result;

/*
 * What a result writer hears while a program runs. Runs count from 1 and
 * include the warm-up runs, which are marked. Callbacks come from the
 * thread that ran the phase, under the run's lock: they must not block.
 */
struct exec_observer {
	void *ctx;
	void (*run_start)(void *ctx, size_t point, unsigned run, bool warmup);
	/* A run of a phase ended; pr holds the samples of the point so far. */
	void (*phase_done)(void *ctx, size_t point, unsigned run, bool warmup,
			   int phase, const struct phase_result *pr);
	/*
	 * Every run of a point is over (or the first that failed): res has
	 * the samples of the measured runs, cell the table's value.
	 */
	void (*point_done)(void *ctx, size_t point, int status,
			   const struct run_samples *res, const struct exec_cell *cell);
};

struct exec_opts {
	const struct rt_features *features;
	const char *state_dir;		/* journal and lock; NULL: /run/scn */
	const char *owner;		/* names this run to one the lock keeps waiting */
	int64_t wait_ns;		/* for the knobs lock: 0 not, < 0 until stopped */
	bool exclusive;			/* hold the lock though no knob is set */
	/* Filled at the first run, under the lock where it takes one. */
	struct rt_knob_values *found;
	const atomic_bool *stop;	/* set by the signal thread */
	FILE *out;			/* print statements */
	FILE *log;			/* "# " progress and phase lines; may be NULL */
	FILE *progress;			/* a terminal for a phase's status line, or NULL */
	unsigned repeat;		/* measured runs of each point (0: 1) */
	unsigned warmup;		/* runs before them whose results are dropped */
	enum ring ring;			/* of guest jobs left at auto; RING_AUTO: scn picks */
	const struct exec_observer *obs;	/* may be NULL */
};

/*
 * Runs every sweep point, each warmup + repeat times. Errors and failed
 * expectations go to d at the .scn line; the reason of a SKIP or of a
 * busy lock (EXEC_BUSY) to reason. Returns an enum exec_status.
 */
int exec_program(const struct ir_program *p, const struct exec_opts *o,
		 struct diag *d, char *reason, size_t len);

/*
 * Whether a run of p would be a SKIP on this machine before anything
 * happens (unmet requirements, nodes, KVM's limits, memory), asked of
 * its first point without a side effect; the reason into reason.
 */
bool exec_would_skip(const struct ir_program *p, const struct exec_opts *o,
		     char *reason, size_t len);

#endif
