// SPDX-License-Identifier: GPL-2.0-only
/*
 * state: what the REPL holds between inputs (struct repl), which every
 * file of repl/ reads: the inputs accepted, the program they check to,
 * the live session, and what was done, in order, for save. session.c
 * changes it; show.c, show_vm.c and save.c only read it, through this
 * header alone, so that none of them calls back into session.c.
 */
#ifndef SCN_REPL_STATE_H
#define SCN_REPL_STATE_H

#include <stdbool.h>
#include <stdio.h>

#include "../common/util.h"
#include "../interp/check.h"
#include "../interp/session.h"

/* One accepted input, as typed. */
struct repl_chunk {
	char *text;		/* every line ends in '\n' */
	int number;		/* <repl:N> */
	int first_line;		/* its first line in the accepted text */
	int nlines;
	int input_line;		/* its first line on standard input */
};

enum repl_event_kind { REPL_EV_CHUNK, REPL_EV_RUN, REPL_EV_LET };

/* What was done, in order, for save. */
struct repl_event {
	enum repl_event_kind kind;
	size_t chunk;		/* CHUNK: its index */
	bool ran;		/* CHUNK: it had operations to run */
	char *phase;		/* RUN: the phase */
	char *with;		/* RUN: "name=value, ..." as typed, or NULL */
	char *define;		/* LET: "name=value" */
};

struct repl {
	FILE *out;		/* print lines, show and help */
	FILE *err;		/* errors, warnings and notes */
	bool tty;		/* inputs are named <repl:N>, else <stdin>:LINE */
	const struct rt_features *features;
	struct check_opts co;	/* the machine's facts; defines are the lets */
	char **lets;		/* "name=value" in force, as -D */
	size_t nlets;
	struct repl_chunk *chunks;
	size_t nchunks, capchunks;
	struct strbuf text;	/* every accepted input, in order */
	int text_lines;
	struct ir_program *prog;	/* text checked, or NULL before any */
	struct source_set srcs;	/* the sources prog points into */
	const struct source *text_src;	/* text, as prog was checked */
	struct exec_session *ses;
	struct repl_event *events;
	size_t nevents, capevents;
	int last_phase;		/* the phase that ran last, or -1 */
	int ninputs;
	unsigned failures;	/* inputs refused, undone or failed */
};

/* What repl_input() did. */
enum repl_result {
	REPL_OK,
	REPL_FAILED,		/* refused, undone, or an expectation failed */
	REPL_QUIT,		/* quit or exit */
};

/* The current scenario, or NULL before the first accepted input. */
static inline const struct ir_scenario *repl_scenario(const struct repl *R)
{
	return R->prog ? &R->prog->points[0] : NULL;
}

#endif
