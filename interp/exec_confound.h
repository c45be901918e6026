// SPDX-License-Identifier: GPL-2.0-only
/*
 * exec_confound: the run's side of confound.h, for exec.c's phases and
 * expectations.
 */
#ifndef SCN_EXEC_CONFOUND_H
#define SCN_EXEC_CONFOUND_H

#include <stdbool.h>

#include "exec_run.h"

/*
 * What ran beside the phase and moved the machine-wide counters, as
 * warnings at its line: once per point (not per run), never for a
 * warm-up, whose samples are dropped.
 */
void note_confounders(struct strand *s, const struct ir_op *op,
		      struct phase_result *pr);
/*
 * Before the first phase of a run that reads KSM's machine-wide counters:
 * waits for them to settle (what an ended run left to ksmd), and warns
 * where they would not.
 */
void ksm_settle_first(struct strand *s, const struct ir_op *op);
/*
 * A failed expectation op that cannot be judged, as it reads the
 * machine-wide KSM counters and another process used KSM, or they had
 * not settled: warned, and the run becomes a SKIP that says why. False
 * where it can be judged.
 */
bool ksm_not_judged(struct strand *s, const struct ir_op *op);
/*
 * The kernel's taint flags and the end of its log, before the run makes
 * anything; and after its teardown, a warning where the kernel warned,
 * oopsed or reported a BUG meanwhile (kernlog.h): new trouble taint, or
 * such a line in its log (which a second WARN of a kernel tainted W
 * before shows alone).
 */
void kernel_watch_start(struct run *r);
/* At the end of phase op: what the kernel did during it, at its line. */
void kernel_watch_phase(struct strand *s, const struct ir_op *op);
/* After the teardown: what it did outside the phases; the log closed. */
void kernel_watch_end(struct run *r);

#endif
