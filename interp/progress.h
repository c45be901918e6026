// SPDX-License-Identifier: GPL-2.0-only
/*
 * progress: a status line for a long phase on a terminal ("# phase fill:
 * 1.2M accesses, 83.4k/s, ~12s left"), redrawn four times a second by a
 * thread of its own and erased when the phase ends. Time left is known
 * only from an earlier run of the same phase; without one it is not
 * guessed. Never used when the output is not a terminal (CI logs).
 */
#ifndef SCN_PROGRESS_H
#define SCN_PROGRESS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct progress;

/*
 * Starts drawing to tty for the phase name, reading *done; expected is
 * the count an earlier run reached (0: unknown). NULL if no thread.
 */
struct progress *progress_start(FILE *tty, const char *name,
				const atomic_llong *done, int64_t expected);
/*
 * Stops the thread and erases the line, or with keep (a phase that was
 * interrupted) ends it there, so that what it had reached stays above
 * the line that says it stopped; p may be NULL.
 */
void progress_stop(struct progress *p, bool keep);

#endif
