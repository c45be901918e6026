// SPDX-License-Identifier: GPL-2.0-only
/*
 * exec_uffd: the userfaultfd services' lifecycle in a run, for exec.c
 * (a program) and session.c (the REPL's run).
 */
#ifndef SCN_EXEC_UFFD_H
#define SCN_EXEC_UFFD_H

#include <stdbool.h>
#include <stddef.h>

#include "exec_run.h"

/* The uffd service that serves a backing, or NULL. */
const struct ir_uffd *uffd_of(const struct ir_scenario *sc, int backing);
/* Starts uffd service i on its backing (made already): 0 or -errno. */
int run_uffd_start(struct run *r, int i, struct rt_err *err);
/* Stops uffd service i: its stop hook first. */
void run_uffd_stop(struct run *r, size_t i);
/* Whether a uffd service is running, so that a phase has uffd results. */
bool run_uffd_serving(const struct run *r);
/*
 * The uffd services' work over a phase into pr: faults, and the service
 * time of each fault as percentiles. A reader's failure fails the phase
 * at the uffd's line.
 */
void run_uffd_collect(struct strand *s, struct phase_result *pr);

#endif
