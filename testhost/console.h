// SPDX-License-Identifier: GPL-2.0-only
/*
 * console: reads the test host's serial console as QEMU writes it. Every
 * byte goes to the console log; each line is looked at for the init's own
 * lines (job.h) and for the start of a kernel oops or panic, whose lines
 * are kept (up to the "---[ end" line the kernel ends a report with) so
 * that the caller can show them.
 */
#ifndef SCN_TH_CONSOLE_H
#define SCN_TH_CONSOLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../common/util.h"

#define TH_CONSOLE_TAIL 24

struct th_console {
	FILE *log;			/* borrowed; NULL: none */
	struct strbuf partial;		/* the line so far */
	bool run;			/* the init started the command */
	bool oopsed;			/* an oops or panic began */
	bool panicked;			/* "Kernel panic - not syncing" */
	bool in_report;			/* inside an oops report */
	char **oops;			/* its lines, timestamps removed */
	size_t noops, oops_cap;
	char **errors;			/* the init's "error: ..." texts */
	size_t nerrors, errors_cap;
	char **notes;			/* and its "note: ..." texts */
	size_t nnotes, notes_cap;
	char *tail[TH_CONSOLE_TAIL];	/* the last lines, a ring */
	size_t ntail;
};

void th_console_init(struct th_console *c, FILE *log);
/* Takes n more bytes of the console. */
void th_console_feed(struct th_console *c, const char *buf, size_t n);
/* The console closed: a last line without a newline counts too. */
void th_console_end(struct th_console *c);
/* Hands the oops lines over (the caller frees each and the array). */
char **th_console_take_oops(struct th_console *c, size_t *n);
/* The last lines, oldest first, into sb, each indented by two blanks. */
void th_console_tail(const struct th_console *c, struct strbuf *sb, size_t max);
void th_console_free(struct th_console *c);

/* Whether a console line (timestamp removed) begins an oops report. */
bool th_console_oops_start(const char *line);

#endif
