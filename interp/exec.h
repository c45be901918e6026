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
#include <stdio.h>

#include "../common/diag.h"
#include "../runtime/features.h"
#include "ir.h"

/* Outcomes, as exit codes (kselftest and sysexits). */
enum exec_status {
	EXEC_PASS = 0,
	EXEC_FAIL = 1,		/* an expectation failed, or the kernel refused */
	EXEC_SKIP = 4,		/* KSFT_SKIP: the machine lacks something */
	EXEC_UNSUPPORTED = 70,	/* this build cannot run a statement yet */
	EXEC_INTERRUPTED = 130,	/* SIGINT or SIGTERM */
};

/* One sweep point's table cell, once the point has run. */
struct exec_cell {
	bool ok;
	struct value v;
};

struct results;
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
			   const struct results *res, const struct exec_cell *cell);
};

struct exec_opts {
	const struct rt_features *features;
	const char *state_dir;		/* journal and lock; NULL: /run/scn */
	const atomic_bool *stop;	/* set by the signal thread */
	FILE *out;			/* print statements */
	FILE *log;			/* "# " progress and phase lines; may be NULL */
	FILE *progress;			/* a terminal for a phase's status line, or NULL */
	unsigned repeat;		/* measured runs of each point (0: 1) */
	unsigned warmup;		/* runs before them whose results are dropped */
	const struct exec_observer *obs;	/* may be NULL */
};

/*
 * Runs every sweep point, each warmup + repeat times. Errors and failed expectations go to d at the
 * .scn line; a SKIP's reason to reason. Returns an enum exec_status.
 */
int exec_program(const struct ir_program *p, const struct exec_opts *o,
		 struct diag *d, char *reason, size_t len);

/*
 * A session: the REPL's one run, grown input by input. Each input is
 * checked with everything accepted before it, as one text, so that a
 * newer scenario extends the older one: its backings, uffds and phases
 * keep their indices and new ones come after. The session adopts the
 * newer scenario and runs the top-level operations the older one did not
 * have; the knobs' lock and journal are taken at the first knob set.
 * The caller keeps every adopted scenario alive until it adopts another
 * or closes the session.
 */
struct exec_session;
struct rt_mem;
struct rt_uffd;
struct rt_knobs;

/* o is copied; a journal left behind or a lock held is an error in d. */
int exec_session_open(const struct exec_opts *o, struct diag *d,
		      struct exec_session **out);
/* Makes sc the session's scenario (NULL: the empty one). -E2BIG past 256 uffds. */
int exec_session_adopt(struct exec_session *s, const struct ir_scenario *sc);
/* The checks of a run before any side effect, for sc: an enum exec_status. */
int exec_session_preflight(struct exec_session *s,
			   const struct ir_scenario *sc, struct diag *d,
			   char *reason, size_t len);
/*
 * Runs the top-level operations [first, end) of the adopted scenario.
 * Returns EXEC_PASS, EXEC_FAIL (an expectation failed), EXEC_INTERRUPTED
 * (o->stop was set), or -EIO when an operation failed; messages go to d.
 */
int exec_session_run(struct exec_session *s, size_t first, size_t end,
		     struct diag *d);
/* Runs phase i once more; a run cut short leaves no sample. As above. */
int exec_session_run_phase(struct exec_session *s, int phase, struct diag *d);
/*
 * Undoes the last exec_session_run() that broke: what its operations made
 * beyond old (uffds, memory, phase results) is freed, the knobs it set are
 * put back, and old is adopted again.
 */
void exec_session_rollback(struct exec_session *s,
			   const struct ir_scenario *old);
/* Stops every service, frees all memory, restores every knob. s may be NULL. */
void exec_session_close(struct exec_session *s, struct diag *d);

/* What the session holds, for the REPL's show command. */
const struct results *exec_session_results(const struct exec_session *s);
/* The memory of a backing or region, or NULL when it was not made. */
const struct rt_mem *exec_session_mem(const struct exec_session *s, int backing);
/* The service of uffd i, or NULL when it was not started. */
const struct rt_uffd *exec_session_uffd(const struct exec_session *s, int i);
/* The knobs' journal, or NULL before the first knob was set. */
const struct rt_knobs *exec_session_knobs(const struct exec_session *s);

#endif
