// SPDX-License-Identifier: GPL-2.0-only
/*
 * The scanner's numbers and strings, read back through parse_expression()
 * and parse_source(): units applied exactly, counts and sizes kept apart,
 * and every malformed literal reported with its place.
 */
#include <stdlib.h>
#include <string.h>

#include "../../common/arena.h"
#include "../../common/diag.h"
#include "../../common/source.h"
#include "../../grammar/parse.h"
#include "../../interp/value.h"
#include "tap.h"

#define KIB 1024LL
#define MIB (1024LL * KIB)
#define GIB (1024LL * MIB)
#define TIB (1024LL * GIB)

struct fixture {
	struct source_set srcs;
	struct arena ar;
	struct diag d;
};

static void fx_init(struct fixture *f)
{
	source_set_init(&f->srcs);
	arena_init(&f->ar);
	diag_init(&f->d);
}

static void fx_free(struct fixture *f)
{
	diag_free(&f->d);
	arena_free(&f->ar);
	source_set_free(&f->srcs);
}

/* Parses text as one expression; returns its literal, or NULL on error. */
static const struct ast *parse_lit(struct fixture *f, const char *text)
{
	struct source *src = source_add_text(&f->srcs, "<test>", NULL, text,
					     strlen(text));
	struct ast *e = NULL;

	if (parse_expression(src, &f->ar, &f->d, &e) || !e)
		return NULL;
	return e;
}

/* A literal of the given kind and integer value. */
static void want_lit(const char *text, enum lit_kind kind, int64_t v)
{
	struct fixture f;
	const struct ast *e;

	fx_init(&f);
	e = parse_lit(&f, text);
	if (!tap_ok(e && e->kind == AST_LIT && e->lit.kind == kind &&
			    e->lit.i == v && f.d.nerrors == 0,
		    "'%s' is %s %" PRId64, text,
		    val_type_name(val_from_lit(&(struct lit){ .kind = kind }).type),
		    v))
		printf("#   got %s kind %d value %" PRId64 ", %u errors\n",
		       e ? ast_kind_name(e->kind) : "nothing",
		       e ? (int)e->lit.kind : -1, e ? e->lit.i : 0,
		       f.d.nerrors);
	fx_free(&f);
}

static void want_real(const char *text, enum lit_kind kind, double r)
{
	struct fixture f;
	const struct ast *e;

	fx_init(&f);
	e = parse_lit(&f, text);
	if (!tap_ok(e && e->kind == AST_LIT && e->lit.kind == kind &&
			    e->lit.r == r && f.d.nerrors == 0,
		    "'%s' is %g (%s)", text, r,
		    kind == LIT_RATE ? "a rate" : "a real"))
		printf("#   got kind %d value %g\n", e ? (int)e->lit.kind : -1,
		       e ? e->lit.r : 0.0);
	fx_free(&f);
}

/* A literal the scanner refuses, with a message that contains want. */
static void want_error(const char *text, const char *want, int col)
{
	struct fixture f;
	const struct diag_rec *r;

	fx_init(&f);
	parse_lit(&f, text);
	r = f.d.len ? &f.d.recs[0] : NULL;
	if (!tap_ok(r && r->level == DIAG_ERROR && strstr(r->msg, want) &&
			    r->loc.first_line == 1 && r->loc.first_column == col,
		    "'%s' is an error at column %d: %s", text, col, want))
		printf("#   got %s at column %d\n", r ? r->msg : "no error",
		       r ? r->loc.first_column : 0);
	fx_free(&f);
}

static void test_sizes(void)
{
	want_lit("4K", LIT_SIZE, 4096);
	want_lit("2M", LIT_SIZE, 2 * MIB);
	want_lit("1G", LIT_SIZE, GIB);
	want_lit("1T", LIT_SIZE, TIB);
	want_lit("8T", LIT_SIZE, 8 * TIB);
	want_lit("4KiB", LIT_SIZE, 4096);
	want_lit("2MiB", LIT_SIZE, 2 * MIB);
	want_lit("3GiB", LIT_SIZE, 3 * GIB);
	want_lit("1TiB", LIT_SIZE, TIB);
	want_lit("4096B", LIT_SIZE, 4096);
	want_lit("1.5G", LIT_SIZE, GIB + GIB / 2);
	want_lit("0.5K", LIT_SIZE, 512);
	want_lit("0K", LIT_SIZE, 0);
}

static void test_counts(void)
{
	want_lit("42", LIT_INT, 42);
	want_lit("0", LIT_INT, 0);
	want_lit("100k", LIT_INT, 100000);
	want_lit("2m", LIT_INT, 2000000);
	want_lit("3g", LIT_INT, 3000000000LL);
	want_lit("1e6", LIT_INT, 1000000);
	want_lit("1e3", LIT_INT, 1000);
	want_lit("0x2a", LIT_INT, 42);
	want_lit("0xFF", LIT_INT, 255);
	want_lit("0x7fffffffffffffff", LIT_INT, INT64_MAX);
	want_lit("9223372036854775807", LIT_INT, INT64_MAX);
	/* Exact beyond 2^53, where a double would round. */
	want_lit("9007199254740993", LIT_INT, 9007199254740993LL);
	want_lit("2.5k", LIT_INT, 2500);
}

static void test_durations(void)
{
	want_lit("10ms", LIT_DURATION, 10000000);
	want_lit("7ns", LIT_DURATION, 7);
	want_lit("3us", LIT_DURATION, 3000);
	want_lit("1s", LIT_DURATION, 1000000000);
	want_lit("2.5ms", LIT_DURATION, 2500000);
	want_lit("1.5s", LIT_DURATION, 1500000000);
	want_lit("0us", LIT_DURATION, 0);
}

static void test_reals_and_rates(void)
{
	want_real("1.5", LIT_REAL, 1.5);
	want_real("0.25", LIT_REAL, 0.25);
	want_real("2.5e3", LIT_REAL, 2500.0);
	want_real("100k/s ", LIT_RATE, 100000.0);
	want_real("5/s\n", LIT_RATE, 5.0);
	want_real("100k/s", LIT_RATE, 100000.0);
	want_real("5/s", LIT_RATE, 5.0);
}

static void test_bools(void)
{
	want_lit("yes", LIT_BOOL, 1);
	want_lit("true", LIT_BOOL, 1);
	want_lit("no", LIT_BOOL, 0);
	want_lit("false", LIT_BOOL, 0);
}

static void test_bad_numbers(void)
{
	want_error("4X", "unknown unit 'X'", 1);
	want_error("  4Kb", "unknown unit 'Kb'", 3);
	want_error("0.3K", "not a whole number of bytes", 1);
	want_error("1.5B", "not a whole number of bytes", 1);
	want_error("1.5ns", "not a whole number of nanoseconds", 1);
	want_error("10ms/s ", "is not a count", 1);
	want_error("10ms/s", "is not a count", 1);
	want_error("99999999999999999999", "too large", 1);
	want_error("9223372036854775808", "too large", 1);
	want_error("8388608T", "too large", 1);
	want_error("0x1ffffffffffffffff", "too large", 1);
	want_error("1e30", "too large", 1);
}

/* A statement's string, its TEXT parts joined. */
static void want_string(const char *stmt, const char *want)
{
	struct fixture f;
	struct source *src;
	struct ast_list stmts = { 0 };
	struct strbuf sb;
	const struct ast *s = NULL;
	size_t i;
	int rc;

	fx_init(&f);
	sb_init(&sb);
	src = source_add_text(&f.srcs, "<test>", NULL, stmt, strlen(stmt));
	rc = parse_source(src, &f.ar, &f.d, &stmts, NULL);
	if (!rc && stmts.len == 1 && stmts.v[0]->kind == AST_PRINT)
		s = stmts.v[0]->a;
	for (i = 0; s && i < s->kids.len; i++)
		sb_puts(&sb, s->kids.v[i]->kind == AST_TEXT ?
			s->kids.v[i]->name : "<interp>");
	TAP_STR(s ? (sb.buf ? sb.buf : "") : NULL, want, "%s", stmt);
	sb_free(&sb);
	fx_free(&f);
}

static void test_strings(void)
{
	want_string("print \"plain\"", "plain");
	want_string("print \"a\\tb\\nc\"", "a\tb\nc");
	want_string("print \"q\\\"q \\\\\"", "q\"q \\");
	want_string("print \"{{literal}}\"", "{literal}");
	want_string("print \"x={1} y\"", "x=<interp> y");
	want_string("print \"\"", "");
}

/* Errors a whole file gives, by message fragment, line and column. */
static void want_file_error(const char *text, const char *want, int line,
			    int col)
{
	struct fixture f;
	struct source *src;
	struct ast_list stmts = { 0 };
	const struct diag_rec *r;

	fx_init(&f);
	src = source_add_text(&f.srcs, "<test>", NULL, text, strlen(text));
	parse_source(src, &f.ar, &f.d, &stmts, NULL);
	r = f.d.len ? &f.d.recs[0] : NULL;
	if (!tap_ok(r && strstr(r->msg, want) && r->loc.first_line == line &&
			    r->loc.first_column == col,
		    "error '%s' at %d:%d", want, line, col))
		printf("#   got '%s' at %d:%d\n", r ? r->msg : "no error",
		       r ? r->loc.first_line : 0, r ? r->loc.first_column : 0);
	fx_free(&f);
}

static void test_file_errors(void)
{
	want_file_error("print \"abc\n", "unterminated string", 1, 11);
	want_file_error("print \"a\\qb\"\n", "unknown escape '\\q'", 1, 9);
	want_file_error("param x = 1\nparam y = 4 $ 5\n",
			"unexpected character '$'", 2, 13);
	want_file_error("param x 4\n", "expected '='", 1, 9);
	want_file_error("phase p {\n  guest write\n", "unexpected end", 2, 14);
}

/* Statements split at newlines and ';', and a block may end a line. */
static void test_statements(void)
{
	struct fixture f;
	struct source *src;
	struct ast_list stmts = { 0 };
	const char *text = "param a = 1; param b = 2\n\n# comment\n"
			   "phase p { guest write; guest read }\n"
			   "param c = max(1,\n  2)\n";
	int rc;

	fx_init(&f);
	src = source_add_text(&f.srcs, "<test>", NULL, text, strlen(text));
	rc = parse_source(src, &f.ar, &f.d, &stmts, NULL);
	TAP_INT(rc, 0, "a file with ';', comments, a block and a call over two lines parses");
	TAP_INT(stmts.len, 4, "it has four statements");
	if (stmts.len == 4) {
		TAP_INT(stmts.v[2]->kind, AST_PHASE, "the third is a phase");
		TAP_INT(stmts.v[2]->body.len, 2, "whose block holds two statements");
		TAP_INT(stmts.v[3]->loc.first_line, 5, "the call starts on line 5");
	}
	fx_free(&f);
}

int main(void)
{
	test_sizes();
	test_counts();
	test_durations();
	test_reals_and_rates();
	test_bools();
	test_bad_numbers();
	test_strings();
	test_file_errors();
	test_statements();
	return tap_done();
}
