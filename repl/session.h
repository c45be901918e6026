// SPDX-License-Identifier: GPL-2.0-only
/*
 * session: the REPL's inputs one at a time. Each input is checked
 * together with the text accepted before it, as one scenario, by the
 * same grammar and checker as a file; only then do its new top-level
 * operations run, against one live session (interp/session.h). An input
 * that does not check, or that this machine cannot run, changes nothing;
 * one that fails at run time or is interrupted is undone. What was
 * accepted can be saved as a .scn file that "scn run" replays (save.h).
 *
 * The REPL's own commands (show, help, save, run, let, quit) are words
 * that no statement starts with; they are read only at the start of an
 * input.
 */
#ifndef SCN_REPL_SESSION_H
#define SCN_REPL_SESSION_H

#include <stdbool.h>
#include <stdio.h>

#include "state.h"

/*
 * Opens the session (eo is copied; its stop flag is polled while a
 * statement runs). Returns 0, or -EBUSY with the reason in err (another
 * run holds the knobs' lock, or a journal was left behind).
 */
int repl_open(struct repl *R, const struct rt_features *f,
	      const struct exec_opts *eo, FILE *out, FILE *err, bool tty);
/* Stops every service, frees the memory, restores every knob: 0 or -EIO. */
int repl_close(struct repl *R);

/*
 * Whether text, the lines of an input so far, ends inside a block, a
 * bracket, a string, or after a trailing ',' or '\': the REPL then asks
 * for another line.
 */
bool repl_incomplete(const char *text);

/* Whether text starts with one of the REPL's commands (it is then one line). */
bool repl_is_command(const char *text);

/* One complete input: statements, or a command. line: its first on stdin. */
enum repl_result repl_input(struct repl *R, const char *text, int line);

/* Names that completion offers after the first word: declared names and knobs. */
void repl_names(const struct repl *R, void (*fn)(void *ctx, const char *name),
		void *ctx);

/* The REPL's commands, NULL-terminated. */
extern const char *const repl_commands[];

#endif
