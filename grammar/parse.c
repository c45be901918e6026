// SPDX-License-Identifier: GPL-2.0-only
#include "parse.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "parser.h"
#include "lexer.h"

static int run(struct parse_ctx *ctx)
{
	yyscan_t scanner;
	unsigned before = ctx->diag->nerrors;
	int rc;

	if (scnlex_lex_init_extra(ctx, &scanner))
		return -ENOMEM;
	rc = scnlex_scan_source(ctx, scanner);
	if (rc) {
		scnlex_lex_destroy(scanner);
		return rc;
	}
	rc = scn_yyparse(scanner, ctx);
	scnlex_lex_destroy(scanner);
	if (rc || ctx->diag->nerrors != before)
		return -EINVAL;
	return 0;
}

static void ctx_init(struct parse_ctx *ctx, const struct source *src,
		     struct arena *ar, struct diag *d, enum parse_mode mode)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->arena = ar;
	ctx->diag = d;
	ctx->src = src;
	ctx->mode = mode;
	ctx->line = 1;
	ctx->col = 1;
}

int parse_source(const struct source *src, struct arena *ar, struct diag *d,
		 struct ast_list *out, bool *incomplete)
{
	struct parse_ctx ctx;
	size_t i;
	int rc;

	ctx_init(&ctx, src, ar, d, PARSE_FILE);
	rc = run(&ctx);
	free(ctx.names);
	for (i = 0; i < ctx.stmts.len; i++)
		ast_list_push(ar, out, ctx.stmts.v[i]);
	if (incomplete)
		*incomplete = ctx.brace_depth > 0 || ctx.in_string ||
			      ctx.paren_depth > 0;
	return rc;
}

int parse_expression(const struct source *src, struct arena *ar,
		     struct diag *d, struct ast **out)
{
	struct parse_ctx ctx;
	int rc;

	ctx_init(&ctx, src, ar, d, PARSE_EXPR);
	rc = run(&ctx);
	free(ctx.names);
	*out = ctx.expr;
	return rc ? rc : (ctx.expr ? 0 : -EINVAL);
}
