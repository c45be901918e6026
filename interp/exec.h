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

struct exec_opts {
	const struct rt_features *features;
	const char *state_dir;		/* journal and lock; NULL: /run/scn */
	const atomic_bool *stop;	/* set by the signal thread */
	FILE *out;			/* print statements */
	FILE *log;			/* "# " progress and phase lines; may be NULL */
};

/*
 * Runs every sweep point. Errors and failed expectations go to d at the
 * .scn line; a SKIP's reason to reason. Returns an enum exec_status.
 */
int exec_program(const struct ir_program *p, const struct exec_opts *o,
		 struct diag *d, char *reason, size_t len);

#endif
