// SPDX-License-Identifier: GPL-2.0-only
/*
 * ast_text: a node's text as the file has it, for messages and for what
 * the IR keeps of an expression (a table's value=, an expect) (see
 * lower.h). It calls nothing else of the checker's.
 */
#include "lower.h"

const char *expr_text(struct lower *L, const struct ast *e)
{
	size_t len;
	const char *line = source_line(e->loc.src, e->loc.first_line, &len);
	int end = e->loc.last_line == e->loc.first_line ?
			  e->loc.last_column : (int)len + 1;

	if (!e->loc.src || e->loc.first_column < 1 || end - 1 > (int)len ||
	    end <= e->loc.first_column)
		return "";
	return arena_strndup(L->ar, line + e->loc.first_column - 1,
			     (size_t)(end - e->loc.first_column));
}
