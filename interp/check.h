// SPDX-License-Identifier: GPL-2.0-only
/*
 * check: the front end's entry point. Reads a scenario and its includes,
 * applies -D overrides, expands sweeps, checks everything and lowers it to
 * an ir_program. Never looks at the machine: facts come from the caller
 * (the reference machine for "scn check", --assume or the probe for plan
 * and run).
 *
 * The room (interp/) gives the language its meaning and runs it. Its
 * entries: this header (the checker: check.c, stmt.c, decl.c, expr.c
 * and the rest behind lower.h, which says the order they call each other
 * in), ir.h (the IR, immutable once checked), plan.h (what a run would
 * do), exec.h (running the IR: exec.c, with preflight.c before any side
 * effect and exec_run.h's parts), session.h (the REPL's one run) and
 * record.h (what a run measured, handed to results/). It uses grammar/,
 * runtime/, results/ and common/, and nothing of the faces above it.
 *
 * Where the checker and the executor meet: check.c, plan.c and hostneed.c
 * ask exec_guest.c (guest_preflight) what KVM and scn's guest areas take
 * of memory, so that a check and a run count it alike; the executor's
 * files share exec.h's types (exec_opts, exec_status) with the callers
 * of exec_program. Neither is a circle of calls.
 */
#ifndef SCN_CHECK_H
#define SCN_CHECK_H

#include "../common/diag.h"
#include "../runtime/features.h"
#include "ir.h"

/*
 * What a check held, for benchmarks (scn check --memory): the sources
 * (text and line index), and the arena's bytes after parsing (the syntax
 * trees) and what lowering added (the IR of every sweep point).
 */
struct check_memory {
	size_t source, tree, ir;
};

struct check_opts {
	struct rt_facts facts;
	const char *const *defines;	/* "name=value" from -D */
	size_t ndefines;
	const char *const *sweeps;	/* "name=v1,v2" from --sweep */
	size_t nsweeps;
	size_t max_points;		/* sweep points to lower (0: all) */
	/* What has(NAME) asks: the probe (run); NULL: every feature (check). */
	const struct rt_features *features;
	/*
	 * Whose facts these are, for a warning where the scenario needs more
	 * memory than they have ("the reference machine", "this machine");
	 * NULL: no such warning (run skips instead).
	 */
	const char *machine;
	const char *machine_hint;	/* a hint with that warning, or NULL */
	struct check_memory *memory;	/* filled when not NULL */
};

/* The machine that check and plan assume unless told otherwise. */
void check_reference_facts(struct rt_facts *f);

/*
 * Parses "ncpus=4,mem_total=16G" into f. Errors go to d with the text as
 * their place. Returns 0 or -EINVAL.
 */
int check_parse_assume(struct source_set *srcs, const char *text,
		       struct rt_facts *f, struct diag *d);

/*
 * Checks the file at path. On success returns 0 and a program the caller
 * frees with ir_program_free(); otherwise -EINVAL (errors in d), or
 * -errno when the file cannot be read (also reported in d).
 */
int check_file(struct source_set *srcs, const char *path,
	       const struct check_opts *opts, struct diag *d,
	       struct ir_program **out);

/*
 * The same for a text already in memory (the REPL, tests, the fuzzer).
 */
int check_source(struct source_set *srcs, struct source *src,
		 const struct check_opts *opts, struct diag *d,
		 struct ir_program **out);

#endif
