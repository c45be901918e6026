// SPDX-License-Identifier: GPL-2.0-only
#include "diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

void diag_init(struct diag *d)
{
	memset(d, 0, sizeof(*d));
}

void diag_free(struct diag *d)
{
	size_t i;

	for (i = 0; i < d->len; i++) {
		free(d->recs[i].msg);
		free(d->recs[i].hint);
		free(d->recs[i].context);
	}
	free(d->recs);
	diag_init(d);
}

bool diag_full(const struct diag *d)
{
	return d->nerrors >= DIAG_MAX_ERRORS;
}

static struct diag_rec *diag_add(struct diag *d, enum diag_level level,
				 struct loc loc, const char *fmt, va_list ap)
{
	struct diag_rec r = { .level = level, .loc = loc };
	struct strbuf sb;

	if (diag_full(d)) {
		d->truncated = true;
		return NULL;
	}
	sb_init(&sb);
	sb_vprintf(&sb, fmt, ap);
	r.msg = sb_steal(&sb);
	if (level == DIAG_ERROR)
		d->nerrors++;
	VEC_PUSH(d->recs, d->len, d->cap, r);
	return &d->recs[d->len - 1];
}

#define DIAG_FN(name, level)                                                  \
	struct diag_rec *name(struct diag *d, struct loc loc,                 \
			      const char *fmt, ...)                           \
	{                                                                     \
		struct diag_rec *r;                                           \
		va_list ap;                                                   \
		va_start(ap, fmt);                                            \
		r = diag_add(d, level, loc, fmt, ap);                         \
		va_end(ap);                                                   \
		return r;                                                     \
	}
DIAG_FN(diag_error, DIAG_ERROR)
DIAG_FN(diag_warning, DIAG_WARNING)
DIAG_FN(diag_note, DIAG_NOTE)

void diag_hint(struct diag_rec *r, const char *fmt, ...)
{
	struct strbuf sb;
	va_list ap;

	if (!r)
		return;
	sb_init(&sb);
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	free(r->hint);
	r->hint = sb_steal(&sb);
}

void diag_context(struct diag *d, size_t from, const char *fmt, ...)
{
	struct strbuf sb;
	va_list ap;

	if (from >= d->len)
		return;
	sb_init(&sb);
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	for (size_t i = from; i < d->len; i++)
		if (!d->recs[i].context)
			d->recs[i].context = xstrdup(sb.buf);
	sb_free(&sb);
}

void diag_include_chain(const struct loc *loc, struct strbuf *sb)
{
	const struct loc *at = loc->src ? &loc->src->included_at : NULL;

	int n = 0;

	for (; at && at->src; at = &at->src->included_at, n++)
		sb_printf(sb, "%s %s:%d:%d", n ? ", from" : " (included from",
			  at->src->name, at->first_line, at->first_column);
	if (n)
		sb_putc(sb, ')');
}

static const char *level_name(enum diag_level l)
{
	switch (l) {
	case DIAG_ERROR:
		return "error";
	case DIAG_WARNING:
		return "warning";
	case DIAG_NOTE:
		return "note";
	}
	return "error";
}

/*
 * The quoted line, then carets that keep the line's tabs so they align.
 * A long line is cut to a window around the span, marked with "...":
 * a 5 MiB line quoted whole would bury the message.
 */
#define EXCERPT_BEFORE 120
#define EXCERPT_SPAN 160
static void print_excerpt(const struct loc *loc, FILE *out)
{
	size_t len, i, start, end, from = 0, to;
	const char *line = source_line(loc->src, loc->first_line, &len);
	struct strbuf sb;

	start = loc->first_column > 0 ? (size_t)loc->first_column - 1 : 0;
	if (loc->last_line == loc->first_line && loc->last_column > 0)
		end = (size_t)loc->last_column - 1;
	else
		end = len;	/* a span over lines: underline to the end */
	if (start > len)
		start = len;
	if (end > len)
		end = len;
	if (end <= start)
		end = start + 1;
	if (start > EXCERPT_BEFORE + 3)
		from = start - EXCERPT_BEFORE;
	if (end - start > EXCERPT_SPAN)
		end = start + EXCERPT_SPAN;
	to = end + 40 + 3 < len ? end + 40 : len;
	sb_init(&sb);
	sb_printf(&sb, "    %s%.*s%s\n    %s", from ? "..." : "", (int)(to - from),
		  line + from, to < len ? "..." : "", from ? "   " : "");
	for (i = from; i < start; i++)
		sb_putc(&sb, line[i] == '\t' ? '\t' : ' ');
	sb_putc(&sb, '^');
	for (i = start + 1; i < end; i++)
		sb_putc(&sb, '~');
	sb_putc(&sb, '\n');
	fputs(sb.buf, out);
	sb_free(&sb);
}

void diag_print_rec(const struct diag_rec *r, FILE *out)
{
	if (r->loc.src)
		fprintf(out, "%s:%d:%d: %s: %s\n", r->loc.src->name,
			r->loc.first_line, r->loc.first_column,
			level_name(r->level), r->msg);
	else
		fprintf(out, "scn: %s: %s\n", level_name(r->level), r->msg);
	if (r->loc.src && r->loc.first_line > 0)
		print_excerpt(&r->loc, out);
	/* Which include brought the file in: one file may be read by
	 * several, with other parameters. */
	for (const struct loc *at = r->loc.src ? &r->loc.src->included_at : NULL;
	     at && at->src; at = &at->src->included_at)
		fprintf(out, "  included from %s:%d:%d\n", at->src->name,
			at->first_line, at->first_column);
	if (r->context)
		fprintf(out, "  at %s\n", r->context);
	if (r->hint)
		fprintf(out, "hint: %s\n", r->hint);
}

void diag_print(const struct diag *d, FILE *out)
{
	size_t i;

	for (i = 0; i < d->len; i++)
		diag_print_rec(&d->recs[i], out);
	if (d->truncated)
		fprintf(out, "scn: too many errors (%u shown), stopping\n",
			d->nerrors);
}

static bool diag_has(const struct diag *d, const struct diag_rec *r)
{
	size_t i;

	for (i = 0; i < d->len; i++)
		if (d->recs[i].level == r->level && d->recs[i].loc.src == r->loc.src &&
		    d->recs[i].loc.first_line == r->loc.first_line &&
		    d->recs[i].loc.first_column == r->loc.first_column &&
		    !strcmp(d->recs[i].msg, r->msg))
			return true;
	return false;
}

void diag_take_new(struct diag *dst, struct diag *src)
{
	size_t i, keep = 0;

	for (i = 0; i < src->len; i++) {
		if (diag_has(dst, &src->recs[i])) {
			free(src->recs[i].msg);
			free(src->recs[i].hint);
			free(src->recs[i].context);
			if (src->recs[i].level == DIAG_ERROR)
				src->nerrors--;
			continue;
		}
		src->recs[keep++] = src->recs[i];
	}
	src->len = keep;
	diag_take(dst, src);
}

void diag_take(struct diag *dst, struct diag *src)
{
	size_t i;

	for (i = 0; i < src->len; i++) {
		if (src->recs[i].level == DIAG_ERROR) {
			if (diag_full(dst)) {
				dst->truncated = true;
				free(src->recs[i].msg);
				free(src->recs[i].hint);
				free(src->recs[i].context);
				continue;
			}
			dst->nerrors++;
		}
		VEC_PUSH(dst->recs, dst->len, dst->cap, src->recs[i]);
	}
	dst->truncated |= src->truncated;
	free(src->recs);
	diag_init(src);
}
