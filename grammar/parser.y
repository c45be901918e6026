/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The scn grammar: a pure parser with locations. Statements are separated
 * by newlines or ';'. Statement keywords are reserved only at the start of
 * a statement, so "wait", "guest" or "phase" still work as names elsewhere
 * (param wait = epoll; vm guest ...). Commands are a head followed by
 * items; interp/ gives the items their meaning.
 */
%code requires {
#include "ast.h"
#include "parse.h"
#define SCN_YYLTYPE struct loc
#define SCN_YYLTYPE_IS_DECLARED 1
}

%code provides {
/* flex's bison bridge names the unprefixed types. */
#define YYSTYPE SCN_YYSTYPE
#define YYLTYPE SCN_YYLTYPE
}

%code {
#include <string.h>

#include "../common/util.h"

#define YYLLOC_DEFAULT(cur, rhs, n)                                           \
	do {                                                                  \
		if (n) {                                                      \
			(cur) = loc_join(YYRHSLOC(rhs, 1), YYRHSLOC(rhs, n));   \
		} else {                                                      \
			(cur) = YYRHSLOC(rhs, 0);                             \
			(cur).first_line = (cur).last_line;                   \
			(cur).first_column = (cur).last_column;               \
		}                                                             \
	} while (0)

int scnlex_lex(SCN_YYSTYPE *lval, SCN_YYLTYPE *lloc, void *scanner);
static int yylex(SCN_YYSTYPE *lval, SCN_YYLTYPE *lloc, void *scanner,
		 struct parse_ctx *ctx);
static void yyerror(SCN_YYLTYPE *loc, void *scanner, struct parse_ctx *ctx,
		    const char *msg);

#define NODE(kind, loc) ast_new(ctx->arena, AST_##kind, loc)
#define PUSH(list, n) ast_list_push(ctx->arena, &(list), n)

static struct ast *binary(struct parse_ctx *ctx, enum ast_op op,
			  struct ast *a, struct ast *b, struct loc loc)
{
	struct ast *n = NODE(BINARY, loc);

	n->op = op;
	n->a = a;
	n->b = b;
	return n;
}

static struct ast *named(struct parse_ctx *ctx, enum ast_kind kind,
			 struct loc loc, const char *name, struct loc name_loc)
{
	struct ast *n = ast_new(ctx->arena, kind, loc);

	n->name = name;
	ast_set_name_loc(n, name_loc);
	return n;
}
}

%define api.pure full
%define api.prefix {scn_yy}
%define parse.error custom
%locations
%expect 0
%parse-param {void *scanner} {struct parse_ctx *ctx}
%lex-param {void *scanner} {struct parse_ctx *ctx}

%union {
	const char *str;
	struct lit lit;
	struct ast *node;
	struct ast_list list;
	int op;
}

%token START_FILE START_EXPR
%token <str> IDENT "name"
%token <lit> NUMBER "number" BOOL "yes or no"
%token STR_BEGIN "string" STR_END "end of string"
%token <str> STR_TEXT "text" INTERP_FMT "format"
%token INTERP_BEGIN "'{'" INTERP_END "'}' of an interpolation"
%token NL "end of line"
%token DOTDOT ".." EQ "==" NE "!=" LE "<=" GE ">=" AND "&&" OR "||"
%token <str> PARAM "param" REQUIRE "require" SET "set" POLICY "policy"
%token <str> BACKING "backing" REGION "region" VM "vm" UFFD "uffd"
%token <str> PHASE "phase" GUEST "guest" HOST "host" VCPU "vcpu" KSM "ksm"
%token <str> SLEEP "sleep" WAIT "wait" CONCURRENTLY "concurrently"
%token <str> EXPECT "expect" PRINT "print" INCLUDE "include" WITH "with"
%token <str> REPEAT "repeat" SWEEP "sweep" IN "in" TABLE "table" IF "if"
%token <str> ELSE "else" CGROUP "cgroup" METRIC "metric"

%type <str> name
%type <node> stmt expr postfix primary string pitem pprimary item req
%type <node> set_item subset_opt if_stmt
%type <list> items items_opt req_list set_list with_opt expr_list args_opt
%type <list> block str_parts else_opt stmt_list
%type <op> cmp

%right '?' ':'
%left OR
%left AND
%nonassoc EQ NE '<' LE '>' GE
%left '+' '-'
%left '*' '/' '%'
%precedence UMINUS '!'

%%

input:
	START_FILE stmt_list		{ ctx->stmts = $2; }
	| START_EXPR nls expr nls	{ ctx->expr = $3; }
	;

nls:
	%empty
	| nls NL
	;

stmt_list:
	%empty				{ memset(&$$, 0, sizeof($$)); }
	| stmt_list sep			{ $$ = $1; }
	| stmt_list stmt sep		{ $$ = $1; PUSH($$, $2); }
	| stmt_list error sep		{ $$ = $1; yyerrok; }
	;

sep:
	NL
	| ';'
	;

/* The last statement of a block needs no separator: { guest write } */
block:
	'{' stmt_list '}'		{ $$ = $2; }
	| '{' stmt_list stmt '}'	{ $$ = $2; PUSH($$, $3); }
	;

stmt:
	PARAM name '=' expr		{
						$$ = named(ctx, AST_PARAM, @$, $2, @2);
						$$->a = $4;
					}
	| REQUIRE req_list		{ $$ = NODE(REQUIRE, @$); $$->kids = $2; }
	| SET set_list			{ $$ = NODE(SET, @$); $$->kids = $2; }
	| POLICY name			{
						$$ = NODE(POLICY, @$);
						PUSH($$->kids, named(ctx, AST_NAME, @2, $2, @2));
					}
	| POLICY name expr		{
						$$ = NODE(POLICY, @$);
						PUSH($$->kids, named(ctx, AST_NAME, @2, $2, @2));
						PUSH($$->kids, $3);
					}
	| BACKING name items_opt	{
						$$ = named(ctx, AST_BACKING, @$, $2, @2);
						$$->kids = $3;
					}
	| REGION name items_opt		{
						$$ = named(ctx, AST_REGION, @$, $2, @2);
						$$->kids = $3;
					}
	| VM name items_opt		{
						$$ = named(ctx, AST_VM, @$, $2, @2);
						$$->kids = $3;
					}
	| UFFD name items_opt		{
						$$ = named(ctx, AST_UFFD, @$, $2, @2);
						$$->kids = $3;
					}
	| CGROUP name items_opt		{
						$$ = named(ctx, AST_CGROUP, @$, $2, @2);
						$$->kids = $3;
					}
	| PHASE name items_opt block	{
						$$ = named(ctx, AST_PHASE, @$, $2, @2);
						$$->kids = $3;
						$$->body = $4;
					}
	| GUEST subset_opt items_opt	{
						$$ = NODE(GUEST, @$);
						$$->a = $2;
						$$->kids = $3;
					}
	| HOST items			{ $$ = NODE(HOST, @$); $$->kids = $2; }
	| VCPU subset_opt items		{
						$$ = NODE(VCPU, @$);
						$$->a = $2;
						$$->kids = $3;
					}
	| KSM items			{ $$ = NODE(KSM, @$); $$->kids = $2; }
	| SLEEP expr			{ $$ = NODE(SLEEP, @$); $$->a = $2; }
	| WAIT expr items_opt		{
						$$ = NODE(WAIT, @$);
						$$->a = $2;
						$$->kids = $3;
					}
	| CONCURRENTLY block		{ $$ = NODE(CONCURRENTLY, @$); $$->body = $2; }
	| block				{ $$ = NODE(BLOCK, @$); $$->body = $1; }
	| EXPECT expr items_opt		{
						$$ = NODE(EXPECT, @$);
						$$->a = $2;
						$$->kids = $3;
					}
	| PRINT expr			{ $$ = NODE(PRINT, @$); $$->a = $2; }
	| METRIC dotted '=' expr items_opt {
						$$ = named(ctx, AST_METRIC, @$,
							   ast_dotted(ctx->arena, $<node>2), @2);
						$$->a = $4;
						$$->kids = $5;
					}
	| INCLUDE expr with_opt		{
						$$ = NODE(INCLUDE, @$);
						$$->a = $2;
						$$->kids = $3;
					}
	| REPEAT expr block		{
						$$ = NODE(REPEAT, @$);
						$$->a = $2;
						$$->body = $3;
					}
	| SWEEP name IN expr_list	{
						$$ = named(ctx, AST_SWEEP, @$, $2, @2);
						$$->kids = $4;
					}
	| TABLE items			{ $$ = NODE(TABLE, @$); $$->kids = $2; }
	| if_stmt
	| IDENT items_opt		{
						$$ = named(ctx, AST_UNKNOWN, @$, $1, @1);
						$$->kids = $2;
					}
	| IDENT items_opt block		{
						$$ = named(ctx, AST_UNKNOWN, @$, $1, @1);
						$$->kids = $2;
						$$->body = $3;
					}
	;

if_stmt:
	IF expr block else_opt		{
						$$ = NODE(IF, @$);
						$$->a = $2;
						$$->body = $3;
						$$->c = NODE(BLOCK, @4);
						$$->c->body = $4;
					}
	;

else_opt:
	%empty				{ memset(&$$, 0, sizeof($$)); }
	| ELSE block			{ $$ = $2; }
	| ELSE if_stmt			{
						memset(&$$, 0, sizeof($$));
						PUSH($$, $2);
					}
	;

subset_opt:
	%empty				{ $$ = NULL; }
	| '[' expr ']'			{ $$ = $2; }
	| '[' expr DOTDOT expr ']'	{
						$$ = NODE(RANGE, @$);
						$$->a = $2;
						$$->b = $4;
					}
	;

comma:
	','
	| comma NL
	;

req_list:
	req				{ memset(&$$, 0, sizeof($$)); PUSH($$, $1); }
	| req_list comma req		{ $$ = $1; PUSH($$, $3); }
	;

req:
	dotted				{ $$ = named(ctx, AST_REQ, @$, ast_dotted(ctx->arena, $<node>1), @1); }
	| dotted pprimary		{
						$$ = named(ctx, AST_REQ, @$, ast_dotted(ctx->arena, $<node>1), @1);
						$$->a = $2;
					}
	| dotted cmp expr		{
						$$ = named(ctx, AST_REQ, @$, ast_dotted(ctx->arena, $<node>1), @1);
						$$->op = $2;
						$$->a = $3;
					}
	;

cmp:
	EQ		{ $$ = OP_EQ; }
	| NE		{ $$ = OP_NE; }
	| '<'		{ $$ = OP_LT; }
	| LE		{ $$ = OP_LE; }
	| '>'		{ $$ = OP_GT; }
	| GE		{ $$ = OP_GE; }
	;

dotted:
	name				{ $<node>$ = named(ctx, AST_NAME, @$, $1, @1); }
	| dotted '.' name		{
						struct ast *m = named(ctx, AST_MEMBER, @$, $3, @3);

						m->a = $<node>1;
						$<node>$ = m;
					}
	;

set_list:
	set_item			{ memset(&$$, 0, sizeof($$)); PUSH($$, $1); }
	| set_list comma set_item	{ $$ = $1; PUSH($$, $3); }
	;

set_item:
	dotted '=' expr			{
						$$ = named(ctx, AST_ATTR, @$, ast_dotted(ctx->arena, $<node>1), @1);
						$$->a = $3;
					}
	;

with_opt:
	%empty				{ memset(&$$, 0, sizeof($$)); }
	| WITH set_list			{ $$ = $2; }
	;

items_opt:
	%empty				{ memset(&$$, 0, sizeof($$)); }
	| items
	;

items:
	item				{ memset(&$$, 0, sizeof($$)); PUSH($$, $1); }
	| items item			{ $$ = $1; PUSH($$, $2); }
	;

/* Positional items are primaries, so that "a=b c" and "x -1" stay clear. */
item:
	pitem
	| name '=' expr			{
						$$ = named(ctx, AST_ATTR, @$, $1, @1);
						$$->a = $3;
					}
	/* A dotted key: cgroup g memory.max=1G */
	| pitem '.' name '=' expr	{
						struct ast *m = named(ctx, AST_MEMBER, @$, $3, @3);
						struct loc key = @1;
						const char *name;

						key.last_line = @3.last_line;
						key.last_column = @3.last_column;
						m->a = $1;
						name = ast_dotted(ctx->arena, m);
						/* "" tells the checker that this was said. */
						if (!name) {
							diag_error(ctx->diag, key, "a key is a name, or names joined by '.'");
							name = "";
						}
						$$ = named(ctx, AST_ATTR, @$, name, key);
						$$->a = $5;
					}
	;

pitem:
	pprimary
	| pitem '.' name		{
						$$ = named(ctx, AST_MEMBER, @$, $3, @3);
						$$->a = $1;
					}
	| pitem '[' expr ']'		{
						$$ = NODE(INDEX, @$);
						$$->a = $1;
						$$->b = $3;
					}
	;

pprimary:
	NUMBER				{ $$ = NODE(LIT, @$); $$->lit = $1; }
	| BOOL				{ $$ = NODE(LIT, @$); $$->lit = $1; }
	| string
	| name				{ $$ = named(ctx, AST_NAME, @$, $1, @1); }
	;

expr_list:
	expr				{ memset(&$$, 0, sizeof($$)); PUSH($$, $1); }
	| expr_list comma expr		{ $$ = $1; PUSH($$, $3); }
	;

expr:
	postfix
	| expr '+' expr			{ $$ = binary(ctx, OP_ADD, $1, $3, @$); }
	| expr '-' expr			{ $$ = binary(ctx, OP_SUB, $1, $3, @$); }
	| expr '*' expr			{ $$ = binary(ctx, OP_MUL, $1, $3, @$); }
	| expr '/' expr			{ $$ = binary(ctx, OP_DIV, $1, $3, @$); }
	| expr '%' expr			{ $$ = binary(ctx, OP_MOD, $1, $3, @$); }
	| expr EQ expr			{ $$ = binary(ctx, OP_EQ, $1, $3, @$); }
	| expr NE expr			{ $$ = binary(ctx, OP_NE, $1, $3, @$); }
	| expr '<' expr			{ $$ = binary(ctx, OP_LT, $1, $3, @$); }
	| expr LE expr			{ $$ = binary(ctx, OP_LE, $1, $3, @$); }
	| expr '>' expr			{ $$ = binary(ctx, OP_GT, $1, $3, @$); }
	| expr GE expr			{ $$ = binary(ctx, OP_GE, $1, $3, @$); }
	| expr AND expr			{ $$ = binary(ctx, OP_AND, $1, $3, @$); }
	| expr OR expr			{ $$ = binary(ctx, OP_OR, $1, $3, @$); }
	| expr '?' expr ':' expr	{
						$$ = NODE(COND, @$);
						$$->a = $1;
						$$->b = $3;
						$$->c = $5;
					}
	| '-' expr %prec UMINUS		{
						$$ = NODE(UNARY, @$);
						$$->op = OP_NEG;
						$$->a = $2;
					}
	| '!' expr			{
						$$ = NODE(UNARY, @$);
						$$->op = OP_NOT;
						$$->a = $2;
					}
	;

postfix:
	primary
	| postfix '.' name		{
						$$ = named(ctx, AST_MEMBER, @$, $3, @3);
						$$->a = $1;
					}
	| postfix '[' expr ']'		{
						$$ = NODE(INDEX, @$);
						$$->a = $1;
						$$->b = $3;
					}
	;

primary:
	NUMBER				{ $$ = NODE(LIT, @$); $$->lit = $1; }
	| BOOL				{ $$ = NODE(LIT, @$); $$->lit = $1; }
	| string
	| name				{ $$ = named(ctx, AST_NAME, @$, $1, @1); }
	| name '(' args_opt ')'		{
						$$ = named(ctx, AST_CALL, @$, $1, @1);
						$$->kids = $3;
					}
	| '(' expr ')'			{ $$ = $2; }
	| '[' args_opt ']'		{ $$ = NODE(LIST, @$); $$->kids = $2; }
	;

args_opt:
	%empty				{ memset(&$$, 0, sizeof($$)); }
	| expr_list
	;

string:
	STR_BEGIN str_parts STR_END	{ $$ = NODE(STRING, @$); $$->kids = $2; }
	/*
	 * An error inside {...} is reported once, and the statement goes
	 * on after the interpolation's '}' (or the string's end), not at
	 * the next line: a '}' of a block later on the line stays a '}'.
	 */
	| STR_BEGIN str_parts INTERP_BEGIN error STR_END	{
						$$ = NODE(STRING, @$);
						$$->kids = $2;
						yyerrok;
					}
	;

str_parts:
	%empty				{ memset(&$$, 0, sizeof($$)); }
	| str_parts STR_TEXT		{
						struct ast *t = NODE(TEXT, @2);

						t->name = $2;
						$$ = $1;
						PUSH($$, t);
					}
	| str_parts INTERP_BEGIN expr INTERP_END	{
						struct ast *t = NODE(INTERP, @3);

						t->a = $3;
						$$ = $1;
						PUSH($$, t);
					}
	| str_parts INTERP_BEGIN error INTERP_END	{ $$ = $1; yyerrok; }
	| str_parts INTERP_BEGIN expr INTERP_FMT INTERP_END	{
						struct ast *t = NODE(INTERP, @3);

						t->a = $3;
						t->name = $4;
						ast_set_name_loc(t, @4);
						$$ = $1;
						PUSH($$, t);
					}
	;

/* Statement keywords are names everywhere but at the start of a statement. */
name:
	IDENT | PARAM | REQUIRE | SET | POLICY | BACKING | REGION | VM | UFFD
	| PHASE | GUEST | HOST | VCPU | KSM | SLEEP | WAIT | CONCURRENTLY
	| EXPECT | PRINT | INCLUDE | WITH | REPEAT | SWEEP | IN | TABLE | IF
	| ELSE | CGROUP | METRIC
	;

%%

const char *const parse_statement_keywords[] = {
	"param", "require", "set", "policy", "backing", "region", "vm", "uffd",
	"phase", "guest", "host", "vcpu", "ksm", "sleep", "wait",
	"concurrently", "expect", "print", "include", "repeat", "sweep",
	"table", "if", "cgroup", "metric", NULL,
};

static int yylex(SCN_YYSTYPE *lval, SCN_YYLTYPE *lloc, void *scanner,
		 struct parse_ctx *ctx)
{
	if (!ctx->started) {
		ctx->started = true;
		memset(lloc, 0, sizeof(*lloc));
		lloc->src = ctx->src;
		lloc->first_line = lloc->last_line = 1;
		lloc->first_column = lloc->last_column = 1;
		return ctx->mode == PARSE_FILE ? START_FILE : START_EXPR;
	}
	return scnlex_lex(lval, lloc, scanner);
}

/* Only bison's own failures come here ("memory exhausted"). */
static void yyerror(SCN_YYLTYPE *loc, void *scanner, struct parse_ctx *ctx,
		    const char *msg)
{
	(void)scanner;
	if (!strcmp(msg, "memory exhausted"))
		msg = "the input nests too deeply for the parser";
	diag_error(ctx->diag, *loc, "%s", msg);
}

/* What the offending token looks like, for "unexpected 'x'". */
static void describe_token(const struct parse_ctx *ctx, yysymbol_kind_t sym,
			   const struct loc *loc, struct strbuf *sb)
{
	size_t len;
	const char *line;

	if (sym == YYSYMBOL_YYEOF) {
		sb_puts(sb, "end of file");
		return;
	}
	if (sym == YYSYMBOL_NL) {
		sb_puts(sb, ctx->src_pos >= ctx->src->len &&
			    loc->first_line >= (int)ctx->src->nlines ?
			    "end of input" : "end of line");
		return;
	}
	if (sym == YYSYMBOL_STR_BEGIN) {
		sb_puts(sb, "string");
		return;
	}
	line = source_line(loc->src, loc->first_line, &len);
	if (loc->last_line == loc->first_line &&
	    loc->last_column > loc->first_column &&
	    (size_t)loc->last_column - 1 <= len) {
		sb_printf(sb, "'%.*s'", loc->last_column - loc->first_column,
			  line + loc->first_column - 1);
		return;
	}
	sb_puts(sb, yysymbol_name(sym));
}

static int yyreport_syntax_error(const yypcontext_t *pc, void *scanner,
				 struct parse_ctx *ctx)
{
	yysymbol_kind_t expected[6];
	yysymbol_kind_t sym = yypcontext_token(pc);
	const struct loc *loc = yypcontext_location(pc);
	int n = yypcontext_expected_tokens(pc, expected, 6), i;
	struct strbuf sb;
	struct diag_rec *r;

	(void)scanner;
	/* The scanner said already why this string ended early. */
	if (sym == YYSYMBOL_STR_END && ctx->string_cut) {
		ctx->string_cut = false;
		return 0;
	}
	sb_init(&sb);
	sb_puts(&sb, "syntax error: unexpected ");
	describe_token(ctx, sym, loc, &sb);
	if (n > 0 && n < 6) {
		sb_puts(&sb, ", expected ");
		for (i = 0; i < n; i++) {
			if (i)
				sb_puts(&sb, i == n - 1 ? " or " : ", ");
			sb_puts(&sb, yysymbol_name(expected[i]));
		}
	}
	r = diag_error(ctx->diag, *loc, "%s", sb.buf);
	if (sym == YYSYMBOL_NL && ctx->brace_depth > 0 && n == 1 &&
	    expected[0] == YYSYMBOL_YYACCEPT)
		diag_hint(r, "a '{' is still open");
	if (sym == YYSYMBOL_YYEOF || (sym == YYSYMBOL_NL && ctx->brace_depth > 0 &&
				      ctx->src_pos >= ctx->src->len)) {
		diag_hint(r, "a '{' is still open at the end of the file");
		/* The innermost one: a '}' closes it, or the block above it. */
		if (ctx->brace_depth > 0 && ctx->brace_depth <= (int)(sizeof(ctx->brace_at) /
								      sizeof(ctx->brace_at[0])))
			diag_note(ctx->diag, ctx->brace_at[ctx->brace_depth - 1],
				  "this '{' is not closed");
	}
	else if (sym == YYSYMBOL_STR_BEGIN && ctx->nest > 1)
		diag_hint(r, "a '}' may be missing before the string's closing quote");
	else if (ctx->interp > 0 && ctx->interp_dollar)
		diag_hint(r, "in a string, '{' starts an interpolation; the shell's ${...} is written ${{...}}");
	else if (ctx->interp > 0)
		diag_hint(r, "in a string, '{' starts an interpolation ({expr}); write '{{' for a literal '{'");
	else if (sym == YYSYMBOL_STR_BEGIN || sym == YYSYMBOL_IDENT)
		diag_hint(r, "statements are separated by a new line or ';'");
	sb_free(&sb);
	return 0;
}
