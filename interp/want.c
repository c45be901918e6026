// SPDX-License-Identifier: GPL-2.0-only
/*
 * The typed getters of the checker: a statement's key folded to a value
 * known before the run, of the type the key wants, with one error naming
 * the key when it is not.
 */
#include <stdlib.h>
#include <string.h>

#include "lower.h"
#include "words.h"

/* A copy of v whose strings and lists live where the arena is now. */
static struct value value_keep(struct arena *ar, const struct value *v)
{
	struct value c = *v;
	size_t i;

	if (v->type == VT_STRING)
		c.s = arena_strdup(ar, v->s);
	if (v->type == VT_LIST) {
		c.list.v = arena_alloc(ar, (v->list.n + 1) * sizeof(*c.list.v));
		for (i = 0; i < v->list.n; i++)
			c.list.v[i] = value_keep(ar, &v->list.v[i]);
	}
	return c;
}

static void value_drop(struct value *v)
{
	size_t i;

	if (v->type == VT_STRING)
		free((char *)v->s);
	if (v->type == VT_LIST) {
		for (i = 0; i < v->list.n; i++)
			value_drop(&v->list.v[i]);
		free(v->list.v);
	}
}

/* The same, on the heap: it outlives the scratch space of static_value. */
static struct value value_hold(const struct value *v)
{
	struct value c = *v;
	size_t i;

	if (v->type == VT_STRING)
		c.s = xstrdup(v->s);
	if (v->type == VT_LIST) {
		c.list.v = xcalloc(v->list.n + 1, sizeof(*c.list.v));
		for (i = 0; i < v->list.n; i++)
			c.list.v[i] = value_hold(&v->list.v[i]);
	}
	return c;
}

/*
 * Folds e in scratch space and keeps only its value: most constants are
 * read once (a size, a count), and their nodes would fill the program.
 */
bool static_value(struct lower *L, const struct ast *e, const char *what,
		  struct value *out)
{
	struct arena_mark m = arena_mark(L->ar);
	struct ir_expr *x = lower_expr(L, e, EXPR_STATIC);
	struct value held;
	bool ok = x->type != VT_NONE && x->kind == IRX_CONST;

	if (x->type != VT_NONE && x->kind != IRX_CONST)
		diag_error(L->d, e->loc, "%s must be known before the run",
			   what);
	if (ok)
		held = value_hold(&x->v);
	arena_release(L->ar, m);
	if (!ok)
		return false;
	*out = value_keep(L->ar, &held);
	value_drop(&held);
	return true;
}

static void wrong_type(struct lower *L, const struct ast *e, const char *what,
		       const char *want, const struct value *v)
{
	struct strbuf sb;
	struct diag_rec *r;

	sb_init(&sb);
	value_format_human(&sb, v);
	r = diag_error(L->d, e->loc, "%s takes %s, not %s '%s'", what, want,
		       val_type_a(v->type), sb.buf ? sb.buf : "");
	if (!strcmp(want, "a size") && v->type == VT_INT)
		diag_hint(r, "sizes have a unit: K M G T (powers of 1024); 'k' and 'm' are counts");
	else if (!strcmp(want, "a duration") && v->type == VT_INT)
		diag_hint(r, "durations have a unit: ns us ms s");
	sb_free(&sb);
}

bool want_int(struct lower *L, const struct ast *e, const char *what,
	      int64_t min, int64_t max, int64_t *out)
{
	struct value v;

	if (!static_value(L, e, what, &v))
		return false;
	if (v.type != VT_INT) {
		wrong_type(L, e, what, "an integer", &v);
		return false;
	}
	if (v.i < min || v.i > max) {
		if (max == INT64_MAX)
			diag_error(L->d, e->loc, "%s must be at least %lld, not %lld",
				   what, (long long)min, (long long)v.i);
		else
			diag_error(L->d, e->loc,
				   "%s must be from %lld to %lld, not %lld", what,
				   (long long)min, (long long)max, (long long)v.i);
		return false;
	}
	*out = v.i;
	return true;
}

/* A size or a duration: a non-negative count of bytes or nanoseconds. */
static bool want_amount(struct lower *L, const struct ast *e, const char *what,
			enum val_type type, int64_t *out)
{
	struct value v;

	if (!static_value(L, e, what, &v))
		return false;
	if (v.type != type) {
		wrong_type(L, e, what, val_type_a(type), &v);
		return false;
	}
	if (v.i < 0) {
		diag_error(L->d, e->loc, "%s cannot be negative", what);
		return false;
	}
	*out = v.i;
	return true;
}

bool want_size(struct lower *L, const struct ast *e, const char *what,
	       int64_t *out)
{
	return want_amount(L, e, what, VT_SIZE, out);
}

bool want_duration(struct lower *L, const struct ast *e, const char *what,
		   int64_t *out)
{
	return want_amount(L, e, what, VT_DURATION, out);
}

bool want_bool(struct lower *L, const struct ast *e, const char *what,
	       bool *out)
{
	struct value v;

	if (!static_value(L, e, what, &v))
		return false;
	if (v.type != VT_BOOL) {
		wrong_type(L, e, what, "yes or no", &v);
		return false;
	}
	*out = v.i;
	return true;
}

bool want_word(struct lower *L, const struct ast *e, const char *what,
	       const char *const *words, int *out)
{
	struct value v;
	struct suggest s;
	struct strbuf sb;
	struct diag_rec *r;
	int i;

	/* In a word's place the word wins: "host mprotect mfd ro" with a phase ro. */
	if (e->kind == AST_NAME && (i = words_index(words, e->name)) >= 0) {
		*out = i;
		return true;
	}
	/* A name that is nothing else is a misspelled word: say which ones fit. */
	if (e->kind == AST_NAME && !sym_find(&L->syms, e->name) &&
	    !fact_value(L->facts, e->name, &v) && !words_known(e->name)) {
		v = val_word(e->name);
		goto not_one;
	}
	if (!static_value(L, e, what, &v))
		return false;
	if (v.type != VT_WORD && v.type != VT_STRING) {
		sb_init(&sb);
		words_join(&sb, words);
		wrong_type(L, e, what, sb.buf, &v);
		sb_free(&sb);
		return false;
	}
	i = words_index(words, v.s);
	if (i >= 0) {
		*out = i;
		return true;
	}
not_one:
	suggest_init(&s, v.s);
	for (i = 0; words[i]; i++)
		suggest_offer(&s, words[i]);
	sb_init(&sb);
	words_join(&sb, words);
	r = diag_error(L->d, e->loc, "%s '%s' is not one of %s", what, v.s,
		       sb.buf);
	if (suggest_result(&s))
		diag_hint(r, "did you mean '%s'?", suggest_result(&s));
	sb_free(&sb);
	return false;
}

bool want_string(struct lower *L, const struct ast *e, const char *what,
		 const char **out)
{
	struct value v;

	if (!static_value(L, e, what, &v))
		return false;
	if (v.type != VT_STRING) {
		wrong_type(L, e, what, "a string", &v);
		return false;
	}
	*out = v.s;
	return true;
}
