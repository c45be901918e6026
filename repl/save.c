// SPDX-License-Identifier: GPL-2.0-only
/*
 * The REPL's save: the accepted inputs, in order, as a scenario. Two
 * things a session does have no statement of their own in a file: a
 * phase run again becomes "repeat N { phase ... }" where it is defined,
 * and a let becomes the parameter's default. Where that reorders what
 * ran (a phase run again after other inputs, a let after inputs that
 * used the old value, a run with other values) the file cannot say it,
 * and a warning says so.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../common/outfile.h"
#include "../grammar/parse.h"
#include "save.h"

/* Replace [at, at + len) of a chunk's text with text. */
struct edit {
	size_t chunk;
	size_t at, len;
	char *text;
};

struct saver {
	struct repl *R;
	struct source_set srcs;
	struct arena ar;
	struct source **src;		/* [chunk] */
	struct ast_list *stmts;		/* [chunk] */
	struct edit *edits;
	size_t nedits, capedits;
	unsigned warnings;
};

static void warn(struct saver *S, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void warn(struct saver *S, const char *fmt, ...)
{
	va_list ap;

	fprintf(S->R->err, "scn: save: warning: ");
	va_start(ap, fmt);
	vfprintf(S->R->err, fmt, ap);
	va_end(ap);
	fputc('\n', S->R->err);
	S->warnings++;
}

static size_t offset_of(const struct source *src, int line, int col)
{
	size_t at = src->line_start[line - 1] + (size_t)(col - 1);

	return at < src->len ? at : src->len;
}

/* The statement that declares name with kind, among stmts (and blocks). */
static const struct ast *find_decl(const struct ast_list *stmts,
				   enum ast_kind kind, const char *name,
				   bool *in_repeat)
{
	const struct ast *n;
	size_t i;

	for (i = 0; i < stmts->len; i++) {
		const struct ast *s = stmts->v[i];

		if (s->kind == kind && !strcmp(s->name, name))
			return s;
		if (s->kind == AST_BLOCK || s->kind == AST_REPEAT || s->kind == AST_IF) {
			n = find_decl(&s->body, kind, name, in_repeat);
			if (!n && s->kind == AST_IF && s->c)
				n = find_decl(&s->c->body, kind, name, in_repeat);
			if (n) {
				*in_repeat |= s->kind == AST_REPEAT;
				return n;
			}
		}
	}
	return NULL;
}

/* The chunk whose text declares name, and the statement. */
static const struct ast *locate(struct saver *S, enum ast_kind kind,
				const char *name, size_t *chunk, bool *in_repeat)
{
	const struct ast *n;
	size_t c;

	for (c = 0; c < S->R->nchunks; c++) {
		*in_repeat = false;
		n = find_decl(&S->stmts[c], kind, name, in_repeat);
		if (n) {
			*chunk = c;
			return n;
		}
	}
	return NULL;
}

static void add_edit(struct saver *S, size_t chunk, size_t at, size_t len,
		     char *text)
{
	struct edit e = { .chunk = chunk, .at = at, .len = len, .text = text };

	VEC_PUSH(S->edits, S->nedits, S->capedits, e);
}

/* The event that accepted chunk c. */
static size_t event_of_chunk(const struct repl *R, size_t c)
{
	size_t e;

	for (e = 0; e < R->nevents; e++)
		if (R->events[e].kind == REPL_EV_CHUNK && R->events[e].chunk == c)
			break;
	return e;
}

/* Phases run again: each definition wrapped in repeat with its count. */
static void save_runs(struct saver *S, const struct ir_scenario *sc)
{
	const struct repl *R = S->R;
	size_t p, e, c;

	for (p = 0; sc && p < sc->nphases; p++) {
		const char *name = sc->phases[p].name;
		const struct ast *n;
		bool in_repeat, apart = false, last;
		unsigned runs = 0;
		size_t from;

		for (e = 0; e < R->nevents; e++)
			if (R->events[e].kind == REPL_EV_RUN && !strcmp(R->events[e].phase, name)) {
				runs++;
				if (R->events[e].with)
					warn(S, "the run of '%s' with %s is saved as a run with the session's values: a file gives a parameter one value",
					     name, R->events[e].with);
			}
		if (!runs)
			continue;
		n = locate(S, AST_PHASE, name, &c, &in_repeat);
		if (!n) {
			warn(S, "phase '%s' is defined in an included file: its %u runs again are not saved",
			     name, runs);
			continue;
		}
		if (in_repeat) {
			warn(S, "phase '%s' is defined inside a repeat: its %u runs again are not saved",
			     name, runs);
			continue;
		}
		/* Runs that followed the definition directly keep their order. */
		last = S->stmts[c].len && S->stmts[c].v[S->stmts[c].len - 1] == n;
		from = event_of_chunk(R, c);
		for (e = from + 1; e < R->nevents; e++) {
			const struct repl_event *ev = &R->events[e];

			if (ev->kind == REPL_EV_RUN && !strcmp(ev->phase, name))
				continue;
			if (ev->kind == REPL_EV_CHUNK && !ev->ran)
				continue;
			/* Something ran between: only a later run of this phase matters. */
			for (size_t k = e + 1; k < R->nevents; k++)
				if (R->events[k].kind == REPL_EV_RUN &&
				    !strcmp(R->events[k].phase, name))
					apart = true;
			break;
		}
		if (apart || !last)
			warn(S, "phase '%s' ran again after other statements; the file runs its %u runs one after another where it is defined, so lines printed in between may differ",
			     name, runs + 1);
		add_edit(S, c, offset_of(S->src[c], n->loc.first_line, n->loc.first_column),
			 0, xasprintf("repeat %u { ", runs + 1));
		add_edit(S, c, offset_of(S->src[c], n->loc.last_line, n->loc.last_column),
			 0, xstrdup(" }"));
	}
}

/* Lets in force: the parameter's default takes the value. */
static void save_lets(struct saver *S)
{
	const struct repl *R = S->R;
	size_t i, e, c;

	for (i = 0; i < R->nlets; i++) {
		size_t nl = strcspn(R->lets[i], "=");
		char *name = xstrndup(R->lets[i], nl);
		const char *value = R->lets[i] + nl + 1;
		const struct ast *n;
		bool in_repeat, ran = false;

		n = locate(S, AST_PARAM, name, &c, &in_repeat);
		if (!n) {
			warn(S, "'%s' is a parameter of an included file: the file runs with its default; add -D %s to scn run",
			     name, R->lets[i]);
			free(name);
			continue;
		}
		/* The last let of name, and whether anything ran before it. */
		for (e = event_of_chunk(R, c) + 1; e < R->nevents; e++) {
			const struct repl_event *ev = &R->events[e];

			if (ev->kind == REPL_EV_LET && strcspn(ev->define, "=") == nl &&
			    !strncmp(ev->define, name, nl))
				break;
			ran |= (ev->kind == REPL_EV_CHUNK && ev->ran) || ev->kind == REPL_EV_RUN;
		}
		if (ran)
			warn(S, "'let %s' came after inputs that ran with another value; the file has %s = %s from the start",
			     name, name, value);
		add_edit(S, c, offset_of(S->src[c], n->a->loc.first_line, n->a->loc.first_column),
			 offset_of(S->src[c], n->a->loc.last_line, n->a->loc.last_column) -
			 offset_of(S->src[c], n->a->loc.first_line, n->a->loc.first_column),
			 xstrdup(value));
		free(name);
	}
}

static int cmp_edit(const void *a, const void *b)
{
	const struct edit *x = a, *y = b;

	if (x->chunk != y->chunk)
		return x->chunk < y->chunk ? -1 : 1;
	return x->at < y->at ? -1 : x->at > y->at;
}

/* The chunks with their edits applied, in order. */
static void render(struct saver *S, struct strbuf *out)
{
	size_t c, e = 0;

	/* No edits: no array, and qsort wants one even for none. */
	if (S->nedits)
		qsort(S->edits, S->nedits, sizeof(*S->edits), cmp_edit);
	for (c = 0; c < S->R->nchunks; c++) {
		const char *t = S->R->chunks[c].text;
		size_t at = 0;

		for (; e < S->nedits && S->edits[e].chunk == c; e++) {
			sb_putn(out, t + at, S->edits[e].at - at);
			sb_puts(out, S->edits[e].text);
			at = S->edits[e].at + S->edits[e].len;
		}
		sb_puts(out, t + at);
	}
}

int repl_save(struct repl *R, const char *path)
{
	struct saver S = { .R = R };
	struct strbuf out;
	struct diag d;
	struct outfile of;
	FILE *f;
	size_t c;
	int rc = 0;

	source_set_init(&S.srcs);
	arena_init(&S.ar);
	diag_init(&d);
	S.src = xcalloc(R->nchunks + 1, sizeof(*S.src));
	S.stmts = xcalloc(R->nchunks + 1, sizeof(*S.stmts));
	for (c = 0; c < R->nchunks; c++) {
		S.src[c] = source_add_text(&S.srcs, "<repl>", NULL, R->chunks[c].text,
					   strlen(R->chunks[c].text));
		/* An accepted input parses alone: a block never spans inputs. */
		parse_source(S.src[c], &S.ar, &d, &S.stmts[c], NULL);
	}
	save_runs(&S, repl_scenario(R));
	save_lets(&S);
	sb_init(&out);
	sb_puts(&out, "# Saved by scn repl: the inputs of a session, in order.\n"
		      "# 'scn run FILE' replays them.\n");
	render(&S, &out);
	/* Not through a link planted at the name: common/outfile.h. */
	f = outfile_open(&of, path);
	if (!f) {
		rc = -errno;
	} else {
		bool bad = fputs(out.buf, f) == EOF;

		rc = outfile_close(&of, !bad);
		if (bad && !rc)
			rc = -EIO;
	}
	if (rc) {
		fprintf(R->err, "scn: save: cannot write '%s': %s\n", path, strerror(-rc));
	} else {
		fprintf(R->err, "# saved %zu input%s to %s%s\n", R->nchunks,
			R->nchunks == 1 ? "" : "s", path,
			S.warnings ? " (see the warnings)" : "");
	}
	for (size_t e = 0; e < S.nedits; e++)
		free(S.edits[e].text);
	free(S.edits);
	free(S.src);
	free(S.stmts);
	sb_free(&out);
	diag_free(&d);
	arena_free(&S.ar);
	source_set_free(&S.srcs);
	return rc;
}
