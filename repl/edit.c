// SPDX-License-Identifier: GPL-2.0-only
/*
 * The REPL's line reading: libedit on a terminal, plain reads otherwise.
 * libedit reads through our own function, which polls the terminal and
 * the signal thread's pipe together: Ctrl-C at the prompt then ends the
 * line at once, where libedit's own read would retry after one EINTR.
 */
#include <ctype.h>
#include <errno.h>
#include <histedit.h>
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <wchar.h>

#include "../grammar/parse.h"
#include "../interp/words.h"
#include "edit.h"
#include "session.h"
#include "show.h"

#define HISTORY_SIZE 1000

struct repl_reader {
	const struct repl *R;
	int wake_fd;
	/* libedit */
	EditLine *el;
	History *hist;
	char *hist_path;
	bool more;			/* the continuation prompt */
	char mb[MB_LEN_MAX];		/* a character's bytes so far */
	size_t nmb;
	/* plain reading */
	char *buf;
	size_t len, pos, cap;
	bool eof;
};

/* Waits until fd 0 or the wake pipe can be read: 1, 0 (woken) or -1. */
static int wait_input(struct repl_reader *rd)
{
	struct pollfd p[2] = { { .fd = 0, .events = POLLIN },
			       { .fd = rd->wake_fd, .events = POLLIN } };
	char c;

	for (;;) {
		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (p[1].revents & POLLIN) {
			if (read(rd->wake_fd, &c, 1) < 0 && errno == EINTR)
				continue;
			return 0;
		}
		return 1;
	}
}

/* --- libedit ---------------------------------------------------------- */

static int edit_getc(EditLine *el, wchar_t *wc)
{
	struct repl_reader *rd;
	mbstate_t st;
	unsigned char b;
	size_t r;
	ssize_t n;

	el_get(el, EL_CLIENTDATA, &rd);
	for (;;) {
		int w = wait_input(rd);

		if (w <= 0) {
			rd->nmb = 0;
			errno = EINTR;
			return -1;
		}
		n = read(0, &b, 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return (int)n;
		rd->mb[rd->nmb++] = (char)b;
		memset(&st, 0, sizeof(st));
		r = mbrtowc(wc, rd->mb, rd->nmb, &st);
		if (r == (size_t)-2 && rd->nmb < sizeof(rd->mb))
			continue;	/* more bytes of one character */
		rd->nmb = 0;
		if (r == (size_t)-1 || r == (size_t)-2)
			continue;	/* not a character: dropped, as libedit does */
		if (r == 0)
			*wc = 0;
		return 1;
	}
}

static char *edit_prompt(EditLine *el)
{
	struct repl_reader *rd;

	el_get(el, EL_CLIENTDATA, &rd);
	return rd->more ? "...> " : "scn> ";
}

/* Completion candidates: those that start with the word, sorted, unique. */
struct cands {
	const char *prefix;
	size_t plen;
	char **v;
	size_t n, cap;
};

static void offer(void *ctx, const char *name)
{
	struct cands *c = ctx;
	size_t i;

	if (strncmp(name, c->prefix, c->plen))
		return;
	for (i = 0; i < c->n; i++)
		if (!strcmp(c->v[i], name))
			return;
	VEC_PUSH(c->v, c->n, c->cap, xstrdup(name));
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The first word of the line and which word the cursor is in (0 first). */
static int word_at(const char *line, const char *start, char *first, size_t len)
{
	const char *p = line, *w;
	int n = 0;

	first[0] = '\0';
	/* A statement starts after ';' or '{' too. */
	for (w = start; w > line && (w[-1] == ' ' || w[-1] == '\t'); w--)
		;
	if (w > line && (w[-1] == ';' || w[-1] == '{' || w[-1] == '}'))
		return 0;
	while (p < start) {
		while (p < start && isspace((unsigned char)*p))
			p++;
		if (p >= start)
			break;
		w = p;
		while (p < start && !isspace((unsigned char)*p))
			p++;
		if (!n)
			snprintf(first, len, "%.*s", (int)(p - w), w);
		n++;
	}
	return n;
}

/* The word just before start on its line, or "" (a ';' or '{' ends it). */
static void word_before(const char *line, const char *start, char *buf, size_t len)
{
	const char *end = start, *w;

	buf[0] = '\0';
	while (end > line && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	for (w = end; w > line && (isalnum((unsigned char)w[-1]) || w[-1] == '_'); w--)
		;
	if (w < end && (size_t)(end - w) < len)
		snprintf(buf, len, "%.*s", (int)(end - w), w);
}

/* The words a statement keyword takes next: host write, ksm wait, ... */
static const char *const *words_after(const char *keyword)
{
	static const char *const ksm_words[] = { "wait", "prctl", NULL };

	if (!strcmp(keyword, "host"))
		return words_host;
	if (!strcmp(keyword, "guest"))
		return words_guest_op;
	if (!strcmp(keyword, "ksm"))
		return ksm_words;
	return NULL;
}

static unsigned char edit_complete(EditLine *el, int ch)
{
	const LineInfo *li = el_line(el);
	struct repl_reader *rd;
	const char *start = li->cursor;
	struct cands c = { 0 };
	char first[32], before[32];
	size_t i, common;
	int word;
	unsigned char ret = CC_REFRESH;

	(void)ch;
	el_get(el, EL_CLIENTDATA, &rd);
	while (start > li->buffer &&
	       (isalnum((unsigned char)start[-1]) || start[-1] == '_' || start[-1] == '.'))
		start--;
	c.prefix = start;
	c.plen = (size_t)(li->cursor - start);
	word = word_at(li->buffer, start, first, sizeof(first));
	word_before(li->buffer, start, before, sizeof(before));
	if (words_after(before)) {
		const char *const *w = words_after(before);

		for (i = 0; w[i]; i++)
			offer(&c, w[i]);
	} else if (word == 0) {
		for (i = 0; parse_statement_keywords[i]; i++)
			offer(&c, parse_statement_keywords[i]);
		for (i = 0; !rd->more && repl_commands[i]; i++)
			offer(&c, repl_commands[i]);
	} else if (!strcmp(first, "show") && word == 1) {
		for (i = 0; repl_show_topics[i]; i++)
			offer(&c, repl_show_topics[i]);
	} else if (!strcmp(first, "help") || !strcmp(first, "?")) {
		repl_help_topics(offer, &c);
	} else if (!strcmp(first, "save")) {
		return CC_ERROR;
	} else {
		repl_names(rd->R, offer, &c);
	}
	if (!c.n) {
		free(c.v);
		return CC_ERROR;
	}
	qsort(c.v, c.n, sizeof(*c.v), cmp_str);
	for (common = strlen(c.v[0]), i = 1; i < c.n; i++)
		while (common && strncmp(c.v[0], c.v[i], common))
			common--;
	if (c.n == 1) {
		char *add = xasprintf("%s ", c.v[0] + c.plen);

		el_insertstr(el, add);
		free(add);
	} else if (common > c.plen) {
		char *add = xstrndup(c.v[0] + c.plen, common - c.plen);

		el_insertstr(el, add);
		free(add);
	} else {
		size_t col = 0;

		/* Several: list them under the line, then draw it again. */
		fputc('\n', stdout);
		for (i = 0; i < c.n; i++) {
			if (col && col + strlen(c.v[i]) + 2 > 78) {
				fputc('\n', stdout);
				col = 0;
			}
			col += (size_t)fprintf(stdout, "%s  ", c.v[i]);
		}
		fputc('\n', stdout);
		fflush(stdout);
		ret = CC_REDISPLAY;
	}
	for (i = 0; i < c.n; i++)
		free(c.v[i]);
	free(c.v);
	return ret;
}

static char *history_path(void)
{
	const char *e = getenv("SCN_HISTORY"), *dir;

	if (e)
		return *e ? xstrdup(e) : NULL;
	dir = getenv("XDG_STATE_HOME");
	if (dir && *dir) {
		char *d = xasprintf("%s/scn", dir);

		mkdir(d, 0700);
		free(d);
		return xasprintf("%s/scn/history", dir);
	}
	dir = getenv("HOME");
	return dir && *dir ? xasprintf("%s/.scn_history", dir) : NULL;
}

static void edit_open(struct repl_reader *rd)
{
	HistEvent ev;

	rd->el = el_init("scn", stdin, stdout, stderr);
	if (!rd->el)
		return;
	el_set(rd->el, EL_CLIENTDATA, rd);
	el_set(rd->el, EL_EDITOR, "emacs");
	el_set(rd->el, EL_PROMPT, edit_prompt);
	el_set(rd->el, EL_GETCFN, edit_getc);
	rd->hist = history_init();
	history(rd->hist, &ev, H_SETSIZE, HISTORY_SIZE);
	history(rd->hist, &ev, H_SETUNIQUE, 1);
	el_set(rd->el, EL_HIST, history, rd->hist);
	/* Wide strings: the narrow EL_ADDFN copies them and never frees the copies. */
	el_wset(rd->el, EL_ADDFN, L"scn-complete",
		L"complete a keyword, command or declared name", edit_complete);
	el_set(rd->el, EL_BIND, "^I", "scn-complete", NULL);
	el_source(rd->el, NULL);	/* the user's ~/.editrc */
	rd->hist_path = history_path();
	if (rd->hist_path)
		history(rd->hist, &ev, H_LOAD, rd->hist_path);
}

static enum repl_read edit_line(struct repl_reader *rd, char **line)
{
	const char *s;
	HistEvent ev;
	size_t n;
	int count;

	s = el_gets(rd->el, &count);
	if (!s)
		return count < 0 ? REPL_READ_WOKEN : REPL_READ_EOF;
	n = strlen(s);
	while (n && (s[n - 1] == '\n' || s[n - 1] == '\r'))
		n--;
	*line = xstrndup(s, n);
	if (n && strspn(*line, " \t") < n) {
		history(rd->hist, &ev, H_ENTER, *line);
		if (rd->hist_path)
			history(rd->hist, &ev, H_SAVE, rd->hist_path);
	}
	return REPL_READ_LINE;
}

/* --- plain reading ------------------------------------------------------- */

static enum repl_read plain_line(struct repl_reader *rd, char **line)
{
	for (;;) {
		char *nl = rd->len > rd->pos ?
			   memchr(rd->buf + rd->pos, '\n', rd->len - rd->pos) : NULL;
		ssize_t n;
		int w;

		if (nl || (rd->eof && rd->len > rd->pos)) {
			size_t end = nl ? (size_t)(nl - rd->buf) : rd->len;

			*line = xstrndup(rd->buf + rd->pos, end - rd->pos);
			rd->pos = nl ? end + 1 : end;
			return REPL_READ_LINE;
		}
		if (rd->eof)
			return REPL_READ_EOF;
		w = wait_input(rd);
		if (w == 0)
			return REPL_READ_WOKEN;
		if (rd->pos) {
			memmove(rd->buf, rd->buf + rd->pos, rd->len - rd->pos);
			rd->len -= rd->pos;
			rd->pos = 0;
		}
		grow_array((void **)&rd->buf, &rd->cap, rd->len + 4096, 1);
		n = w < 0 ? -1 : read(0, rd->buf + rd->len, rd->cap - rd->len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			rd->eof = true;
		else
			rd->len += (size_t)n;
	}
}

/* --- the reader ----------------------------------------------------------- */

struct repl_reader *repl_reader_open(const struct repl *R, bool edit,
				     int wake_fd)
{
	struct repl_reader *rd = xcalloc(1, sizeof(*rd));

	rd->R = R;
	rd->wake_fd = wake_fd;
	if (edit)
		edit_open(rd);
	return rd;
}

void repl_reader_close(struct repl_reader *rd)
{
	if (!rd)
		return;
	if (rd->el)
		el_end(rd->el);
	if (rd->hist)
		history_end(rd->hist);
	free(rd->hist_path);
	free(rd->buf);
	free(rd);
}

enum repl_read repl_read_line(struct repl_reader *rd, bool more, char **line)
{
	*line = NULL;
	rd->more = more;
	return rd->el ? edit_line(rd, line) : plain_line(rd, line);
}
