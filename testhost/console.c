// SPDX-License-Identifier: GPL-2.0-only
/* console: the serial console read for oopses and the init (console.h). */
#include <stdlib.h>
#include <string.h>

#include "console.h"
#include "job.h"

/* A report longer than this is cut: the first lines say what happened. */
#define OOPS_MAX_LINES 200

void th_console_init(struct th_console *c, FILE *log)
{
	memset(c, 0, sizeof(*c));
	c->log = log;
	sb_init(&c->partial);
}

/*
 * The first lines of the kernel's reports of a bug (lib/bug.c,
 * arch/x86/kernel/dumpstack.c, traps.c, mm/kasan, lib/ubsan.c,
 * kernel/watchdog.c, kernel/panic.c). WARNING is not among them: a
 * warning is not a failure of the run.
 */
bool th_console_oops_start(const char *s)
{
	static const char *const starts[] = {
		"BUG: ", "Oops: ", "kernel BUG at ", "general protection fault",
		"Kernel panic - not syncing", "Unable to handle kernel",
		"UBSAN: ", "divide error: ", "invalid opcode: ",
		"stack segment: ", "double fault: ",
	};

	/* "watchdog: BUG: soft lockup" and the like name BUG after a tag. */
	if (strstr(s, ": BUG: "))
		return true;
	for (size_t i = 0; i < ARRAY_SIZE(starts); i++)
		if (!strncmp(s, starts[i], strlen(starts[i])))
			return true;
	return false;
}

/* "[   12.345678] text" -> "text". */
static const char *strip_time(const char *s)
{
	const char *close;

	if (s[0] != '[')
		return s;
	close = strchr(s, ']');
	if (!close || close - s > 20)
		return s;
	close++;
	return *close == ' ' ? close + 1 : close;
}

static void remember(struct th_console *c, const char *line)
{
	size_t i = c->ntail % TH_CONSOLE_TAIL;

	free(c->tail[i]);
	c->tail[i] = xstrdup(line);
	c->ntail++;
}

static void line_done(struct th_console *c, char *line)
{
	size_t tag = strlen(TH_CONSOLE_TAG);
	const char *s;

	/* A serial line ends in "\r\n". */
	line[strcspn(line, "\r")] = '\0';
	s = strip_time(line);
	remember(c, line);
	if (!strcmp(s, TH_CONSOLE_RUN)) {
		c->run = true;
		return;
	}
	if (!strncmp(s, TH_CONSOLE_TAG "error: ", tag + 7)) {
		VEC_PUSH(c->errors, c->nerrors, c->errors_cap, xstrdup(s + tag + 7));
		return;
	}
	if (!strncmp(s, TH_CONSOLE_TAG "note: ", tag + 6)) {
		VEC_PUSH(c->notes, c->nnotes, c->notes_cap, xstrdup(s + tag + 6));
		return;
	}
	if (!c->in_report && th_console_oops_start(s)) {
		c->in_report = true;
		c->oopsed = true;
	}
	if (!strncmp(s, "Kernel panic - not syncing", 26)) {
		c->panicked = true;
		c->oopsed = true;
		c->in_report = true;
	}
	if (c->in_report && c->noops < OOPS_MAX_LINES)
		VEC_PUSH(c->oops, c->noops, c->oops_cap, xstrdup(s));
	if (!strncmp(s, "---[ end ", 9))
		c->in_report = false;
}

void th_console_feed(struct th_console *c, const char *buf, size_t n)
{
	if (c->log && n)
		fwrite(buf, 1, n, c->log);
	for (size_t i = 0; i < n; i++) {
		if (buf[i] != '\n') {
			sb_putc(&c->partial, buf[i]);
			continue;
		}
		line_done(c, c->partial.buf ? c->partial.buf : (char *)"");
		c->partial.len = 0;
		if (c->partial.buf)
			c->partial.buf[0] = '\0';
	}
}

void th_console_end(struct th_console *c)
{
	if (c->partial.len) {
		line_done(c, c->partial.buf);
		c->partial.len = 0;
	}
	if (c->log)
		fflush(c->log);
}

char **th_console_take_oops(struct th_console *c, size_t *n)
{
	char **v = c->oops;

	*n = c->noops;
	c->oops = NULL;
	c->noops = c->oops_cap = 0;
	return v;
}

void th_console_tail(const struct th_console *c, struct strbuf *sb, size_t max)
{
	size_t have = c->ntail < TH_CONSOLE_TAIL ? c->ntail : TH_CONSOLE_TAIL;
	size_t from = have > max ? have - max : 0;

	for (size_t i = from; i < have; i++) {
		size_t k = (c->ntail - have + i) % TH_CONSOLE_TAIL;

		sb_printf(sb, "  %s\n", c->tail[k]);
	}
}

void th_console_free(struct th_console *c)
{
	for (size_t i = 0; i < c->noops; i++)
		free(c->oops[i]);
	free(c->oops);
	for (size_t i = 0; i < c->nerrors; i++)
		free(c->errors[i]);
	free(c->errors);
	for (size_t i = 0; i < c->nnotes; i++)
		free(c->notes[i]);
	free(c->notes);
	for (size_t i = 0; i < TH_CONSOLE_TAIL; i++)
		free(c->tail[i]);
	sb_free(&c->partial);
	memset(c, 0, sizeof(*c));
}
