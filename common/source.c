// SPDX-License-Identifier: GPL-2.0-only
#include "source.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

void source_set_init(struct source_set *set)
{
	set->head = NULL;
}

void source_set_free(struct source_set *set)
{
	struct source *s = set->head, *next;

	for (; s; s = next) {
		next = s->next;
		free(s->name);
		free(s->path);
		free(s->text);
		free(s->line_start);
		free(s);
	}
	set->head = NULL;
}

static void index_lines(struct source *s)
{
	size_t cap = 0, i;

	s->line_start = NULL;
	s->nlines = 0;
	VEC_PUSH(s->line_start, s->nlines, cap, 0);
	for (i = 0; i < s->len; i++)
		if (s->text[i] == '\n' && i + 1 < s->len)
			VEC_PUSH(s->line_start, s->nlines, cap, i + 1);
}

struct source *source_add_text(struct source_set *set, const char *name,
			       const char *path, const char *text, size_t len)
{
	struct source *s = xcalloc(1, sizeof(*s));

	s->name = xstrdup(name);
	s->path = path ? xstrdup(path) : NULL;
	s->text = xstrndup(text, len);
	s->len = len;
	index_lines(s);
	s->next = set->head;
	set->head = s;
	return s;
}

int source_add_file(struct source_set *set, const char *path,
		    struct source **out)
{
	struct strbuf sb;
	char buf[65536], *nul;
	struct stat st;
	size_t nul_at = 0;
	bool has_nul = false;
	ssize_t n;
	int fd, err = 0;

	if (!strcmp(path, "-"))
		fd = STDIN_FILENO;
	else
		/*
		 * O_NONBLOCK: the open of a FIFO with no writer would block
		 * for ever, before the fstat below could refuse it. Reads of
		 * a regular file ignore the flag.
		 */
		fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	/* A device (include "/dev/zero") would be read for ever. */
	if (fd != STDIN_FILENO && (fstat(fd, &st) || !S_ISREG(st.st_mode))) {
		close(fd);
		return -ENODEV;
	}
	sb_init(&sb);
	for (;;) {
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			err = -errno;
			break;
		}
		if (n == 0)
			break;
		/* A NUL byte: not a text file, said where it is; the rest is
		 * read, so that its line can be quoted. */
		nul = memchr(buf, '\0', (size_t)n);
		if (nul && !has_nul) {
			has_nul = true;
			nul_at = sb.len + (size_t)(nul - buf);
		}
		if (sb.len + (size_t)n > SOURCE_MAX_BYTES) {
			err = -EFBIG;
			break;
		}
		sb_putn(&sb, buf, (size_t)n);
	}
	if (fd != STDIN_FILENO)
		close(fd);
	if (!err && has_nul) {
		for (size_t i = nul_at; i < sb.len; i++)
			if (!sb.buf[i])
				sb.buf[i] = ' ';
		err = -EILSEQ;
	}
	if (!err || err == -EILSEQ) {
		*out = source_add_text(set, !strcmp(path, "-") ? "<stdin>" : path,
				       !strcmp(path, "-") ? NULL : path,
				       sb.buf ? sb.buf : "", sb.len);
		(*out)->nul_at = nul_at;
	}
	sb_free(&sb);
	return err;
}

const char *source_line(const struct source *src, int n, size_t *len)
{
	size_t start, end;

	if (!src || n < 1 || (size_t)n > src->nlines) {
		*len = 0;
		return "";
	}
	start = src->line_start[n - 1];
	end = start;
	while (end < src->len && src->text[end] != '\n')
		end++;
	*len = end - start;
	return src->text + start;
}

struct loc source_loc_at(const struct source *src, size_t off)
{
	size_t lo = 0, hi = src->nlines;
	struct loc l = { src, 1, 1, 1, 2 };

	/* The last line that starts at or before off. */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (src->line_start[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	l.first_line = l.last_line = (int)lo + 1;
	l.first_column = (int)(off - src->line_start[lo]) + 1;
	l.last_column = l.first_column + 1;
	return l;
}

struct loc loc_join(struct loc a, struct loc b)
{
	struct loc r = a;

	if (!a.src)
		return b;
	if (!b.src || a.src != b.src)
		return a;
	if (b.last_line > a.last_line ||
	    (b.last_line == a.last_line && b.last_column > a.last_column)) {
		r.last_line = b.last_line;
		r.last_column = b.last_column;
	}
	return r;
}
