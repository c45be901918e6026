// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "items.h"

void items_init(struct items *it, struct lower *L, const struct ast *stmt,
		const struct ast_list *list)
{
	it->L = L;
	it->stmt = stmt;
	it->list = list;
	it->used = arena_alloc(L->ar, list->len + 1);
	it->next_pos = 0;
}

const struct ast *items_attr(struct items *it, const char *key)
{
	size_t i;

	for (i = 0; i < it->list->len; i++) {
		const struct ast *n = it->list->v[i];

		if (!it->used[i] && n->kind == AST_ATTR &&
		    !strcmp(n->name, key)) {
			it->used[i] = true;
			return n->a;
		}
	}
	return NULL;
}

const char *item_name(const struct ast *n)
{
	return n && n->kind == AST_NAME ? n->name : NULL;
}

bool items_flag(struct items *it, const char *key, bool def)
{
	const struct ast *v;
	size_t i;
	bool b;

	for (i = 0; i < it->list->len; i++) {
		const struct ast *n = it->list->v[i];

		if (!it->used[i] && n->kind == AST_NAME &&
		    !strcmp(n->name, key)) {
			it->used[i] = true;
			return true;
		}
	}
	v = items_attr(it, key);
	if (v && want_bool(it->L, v, key, &b))
		return b;
	return def;
}

const struct ast *items_pos(struct items *it)
{
	for (; it->next_pos < it->list->len; it->next_pos++) {
		size_t i = it->next_pos;

		if (!it->used[i] && it->list->v[i]->kind != AST_ATTR) {
			it->used[i] = true;
			it->next_pos++;
			return it->list->v[i];
		}
	}
	return NULL;
}

const struct ast *items_need(struct items *it, const char *what)
{
	const struct ast *n = items_pos(it);

	if (!n)
		diag_error(it->L->d, it->stmt->loc, "%s: %s is missing",
			   ast_kind_name(it->stmt->kind), what);
	return n;
}

/* Whether a reader took a key of this name (then another is a repeat). */
static bool attr_taken(const struct items *it, const char *name)
{
	size_t i;

	for (i = 0; i < it->list->len; i++)
		if (it->used[i] && it->list->v[i]->kind == AST_ATTR &&
		    !strcmp(it->list->v[i]->name, name))
			return true;
	return false;
}

void items_finish(struct items *it, const char *stmt_name,
		  const char *const *keys)
{
	struct diag_rec *r;
	size_t i;
	int k;

	for (i = 0; i < it->list->len; i++) {
		const struct ast *n = it->list->v[i];
		const char *name = n->kind == AST_ATTR ? n->name : item_name(n);
		struct suggest s;

		if (it->used[i] || (n->kind == AST_ATTR && !n->name[0]))
			continue;	/* the parser reported a key that is no name */
		if (!name) {
			diag_error(it->L->d, n->loc, "%s: unexpected '%s'",
				   stmt_name, expr_text(it->L, n));
			continue;
		}
		if (n->kind == AST_ATTR && attr_taken(it, name)) {
			diag_error(it->L->d, ast_name_loc(n), "%s has %s= twice",
				   stmt_name, name);
			continue;
		}
		suggest_init(&s, name);
		for (k = 0; keys && keys[k]; k++)
			suggest_offer(&s, keys[k]);
		r = diag_error(it->L->d, n->kind == AST_ATTR ? ast_name_loc(n) : n->loc,
			       n->kind == AST_ATTR ? "%s has no key '%s'" :
						     "%s: unexpected '%s'",
			       stmt_name, name);
		if (suggest_result(&s))
			diag_hint(r, "did you mean '%s'?", suggest_result(&s));
		else if (keys && keys[0]) {
			struct strbuf sb;

			sb_init(&sb);
			for (k = 0; keys[k]; k++)
				sb_printf(&sb, "%s%s", k ? ", " : "", keys[k]);
			diag_hint(r, "%s takes %s", stmt_name, sb.buf);
			sb_free(&sb);
		}
	}
}
