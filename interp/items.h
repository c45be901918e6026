// SPDX-License-Identifier: GPL-2.0-only
/*
 * items: reading a command's items ("host madvise dup mergeable size=2M")
 * by position and by key. What no reader took is reported at the end,
 * with the keys the statement knows as "did you mean" candidates.
 */
#ifndef SCN_ITEMS_H
#define SCN_ITEMS_H

#include "lower.h"

struct items {
	struct lower *L;
	const struct ast *stmt;
	const struct ast_list *list;
	bool *used;
	size_t next_pos;
};

void items_init(struct items *it, struct lower *L, const struct ast *stmt,
		const struct ast_list *list);
/* The value of key=value, or NULL. */
const struct ast *items_attr(struct items *it, const char *key);
/* A bare "key", or key=yes/no; def when absent. */
bool items_flag(struct items *it, const char *key, bool def);
/* The next positional item, or NULL. */
const struct ast *items_pos(struct items *it);
/* A positional that must be there; reports "what is missing" otherwise. */
const struct ast *items_need(struct items *it, const char *what);
/* Reports what nobody took. keys: the statement's keys, for hints. */
void items_finish(struct items *it, const char *stmt_name,
		  const char *const *keys);
/* A positional name (not an expression), or NULL. */
const char *item_name(const struct ast *n);

#endif
