// SPDX-License-Identifier: GPL-2.0-only
#include "ast.h"

#include <string.h>

static const char *const kind_names[] = {
#define AST_NAME_STR(id, text) text,
	AST_KIND_LIST(AST_NAME_STR)
#undef AST_NAME_STR
};

const char *ast_kind_name(enum ast_kind k)
{
	return kind_names[k];
}

const char *ast_op_text(enum ast_op op)
{
	switch (op) {
	case OP_NONE: return "";
	case OP_NEG: return "-";
	case OP_NOT: return "!";
	case OP_ADD: return "+";
	case OP_SUB: return "-";
	case OP_MUL: return "*";
	case OP_DIV: return "/";
	case OP_MOD: return "%";
	case OP_EQ: return "==";
	case OP_NE: return "!=";
	case OP_LT: return "<";
	case OP_LE: return "<=";
	case OP_GT: return ">";
	case OP_GE: return ">=";
	case OP_AND: return "&&";
	case OP_OR: return "||";
	}
	return "?";
}

struct ast *ast_new(struct arena *ar, enum ast_kind kind, struct loc loc)
{
	struct ast *n = arena_alloc(ar, sizeof(*n));

	n->kind = kind;
	n->loc = loc;
	ast_set_name_loc(n, loc);
	return n;
}

struct loc ast_name_loc(const struct ast *n)
{
	struct loc l = n->loc;

	l.first_line = l.last_line = n->name_line;
	l.first_column = n->name_first;
	l.last_column = n->name_last;
	return l;
}

void ast_set_name_loc(struct ast *n, struct loc loc)
{
	n->name_line = loc.first_line;
	n->name_first = loc.first_column;
	n->name_last = loc.last_line == loc.first_line ? loc.last_column :
						      loc.first_column + 1;
}

void ast_list_push(struct arena *ar, struct ast_list *l, struct ast *n)
{
	if (l->len == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 4;
		struct ast **v = arena_alloc(ar, cap * sizeof(*v));

		if (l->len)
			memcpy(v, l->v, l->len * sizeof(*v));
		l->v = v;
		l->cap = cap;
	}
	l->v[l->len++] = n;
}

const char *ast_dotted(struct arena *ar, const struct ast *n)
{
	const char *left;
	size_t ll, rl;
	char *s;

	if (n->kind == AST_NAME)
		return n->name;
	if (n->kind != AST_MEMBER)
		return NULL;
	left = ast_dotted(ar, n->a);
	if (!left)
		return NULL;
	ll = strlen(left);
	rl = strlen(n->name);
	s = arena_alloc(ar, ll + rl + 2);
	memcpy(s, left, ll);
	s[ll] = '.';
	memcpy(s + ll + 1, n->name, rl + 1);
	return s;
}
