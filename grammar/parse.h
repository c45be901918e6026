// SPDX-License-Identifier: GPL-2.0-only
/*
 * parse: text to syntax tree. The scanner and parser are reentrant and
 * keep all state in struct parse_ctx, so the REPL can parse line after
 * line and several files can be parsed in one process.
 *
 * The room (grammar/) has this one job: lexer.l and parser.y (flex and
 * bison) turn text into the syntax tree of ast.h, a location on every
 * node, and this header is its entry. It knows nothing of KVM, of the
 * machine or of what a statement means (interp/'s), and uses common/
 * alone.
 */
#ifndef SCN_PARSE_H
#define SCN_PARSE_H

#include <stdbool.h>

#include "../common/diag.h"
#include "ast.h"

enum parse_mode {
	PARSE_FILE,	/* a whole scenario */
	PARSE_EXPR,	/* one expression (a -D value, an --assume value) */
};

/* Scanner and parser state; internal to grammar/ but for the fields below. */
struct parse_ctx {
	struct arena *arena;
	struct diag *diag;
	const struct source *src;
	enum parse_mode mode;
	bool started;		/* the mode token was sent */
	int line, col;		/* where the next token starts */
	int paren_depth;	/* newlines inside ( and [ are not separators */
	int brace_depth;	/* open { at the end tells the REPL to ask more */
	/* Where the innermost open '{' of each depth was (the first 32). */
	struct loc brace_at[32];
	bool in_string;
	int nest;		/* strings and {interpolations} open now */
	int interp;		/* of those, {interpolations} */
	bool interp_dollar;	/* the last one came after a '$' (a shell's?) */
	bool string_cut;	/* the scanner ended a string it reported */
	bool eof_seen;		/* the final separator was sent */
	size_t src_pos;		/* bytes of src handed to the scanner (all) */
	const char **names;	/* identifiers seen: one copy of each */
	size_t names_cap, names_len;
	struct ast_list stmts;	/* PARSE_FILE result */
	struct ast *expr;	/* PARSE_EXPR result */
};

/* Hands ctx->src to the scanner as one buffer (lexer.l); 0 or -errno. */
int scnlex_scan_source(struct parse_ctx *ctx, void *scanner);

/*
 * Parses src; appends statements to *out. Errors go to d (several, the
 * parser recovers at the next statement). Returns 0, or -EINVAL when any
 * error was recorded. *incomplete (may be NULL) is set when the text ends
 * inside a block or string, so that the REPL can ask for another line.
 */
int parse_source(const struct source *src, struct arena *ar, struct diag *d,
		 struct ast_list *out, bool *incomplete);

/* Parses src as one expression. Returns 0 or -EINVAL. */
int parse_expression(const struct source *src, struct arena *ar,
		     struct diag *d, struct ast **out);

/* The statement keywords, for completion and "did you mean" hints. */
extern const char *const parse_statement_keywords[];

#endif
