// SPDX-License-Identifier: GPL-2.0-only
/*
 * preflight: what a run checks before any side effect, for a program
 * (exec.c) and for each input of the REPL's session (session.c). A SKIP
 * says what the machine lacks; nothing has been changed yet.
 */
#ifndef SCN_PREFLIGHT_H
#define SCN_PREFLIGHT_H

#include <stdbool.h>
#include <stddef.h>

#include "../common/diag.h"
#include "exec.h"
#include "ir.h"

/*
 * Compares sc's requirements, knobs, nodes, pools, threads, KVM's limits
 * and memory with the machine: EXEC_SKIP with reason, EXEC_FAIL or
 * EXEC_UNSUPPORTED with an error in d, or EXEC_PASS.
 */
int preflight(const struct ir_scenario *sc, const struct exec_opts *o,
	      struct diag *d, char *reason, size_t len);
/*
 * Whether a block sets a knob or makes a cgroup (journaled with the
 * knobs): a run of it takes the knobs' lock.
 */
bool sets_knobs(const struct ir_block *b);
/*
 * A journal left behind by a run that did not finish: an error in d,
 * non-zero. The journal of a run that is still going (it holds the lock)
 * does not stop a run that changes no knob.
 */
int journal_left(const struct exec_opts *o, struct diag *d);

#endif
