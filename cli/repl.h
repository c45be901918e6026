// SPDX-License-Identifier: GPL-2.0-only
/*
 * repl: the state of "scn repl", the language one input at a time. Each
 * input is checked together with the text accepted before it, as one
 * scenario, by the same grammar and checker as a file; only then do its
 * new top-level operations run, against one live session (interp/session.h).
 * An input that does not check, or that this machine cannot run, changes
 * nothing; one that fails at run time or is interrupted is undone. What
 * was accepted can be saved as a .scn file that "scn run" replays.
 *
 * The REPL's own commands (show, help, save, run, let, quit) are words
 * that no statement starts with; they are read only at the start of an
 * input. repl.c holds the session, repl_show.c show and help, repl_save.c
 * save, repl_edit.c the line editor.
 */
#ifndef SCN_REPL_H
#define SCN_REPL_H

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

/* The current scenario, or NULL before the first accepted input. */
const struct ir_scenario *repl_scenario(const struct repl *R);

/* Names that completion offers after the first word: declared names and knobs. */
void repl_names(const struct repl *R, void (*fn)(void *ctx, const char *name),
		void *ctx);

/* The REPL's commands and show's topics, NULL-terminated. */
extern const char *const repl_commands[];
extern const char *const repl_show_topics[];

/* repl_show.c: "show [TOPIC [ARG]]" and "help [TOPIC]". */
void repl_show(struct repl *R, const char *args);
void repl_help(struct repl *R, const char *topic);
/* The topics of help, for completion: each word help takes. */
void repl_help_topics(void (*fn)(void *ctx, const char *name), void *ctx);

/* repl_show_vm.c: show vms, vcpus or memslots (topic) of every VM, or of VM name. */
void repl_show_vms(struct repl *R, const char *topic, const char *name);

/* repl_save.c: writes the accepted inputs as a scenario. 0 or -errno. */
int repl_save(struct repl *R, const char *path);

/* docs/language.md, built in (cli/doc_embed.sh). */
extern const char repl_language_doc[];

#endif
