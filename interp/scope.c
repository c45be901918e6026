// SPDX-License-Identifier: GPL-2.0-only
/* The checker's one namespace: parameters, backings, VMs and phases. */
#include <stdlib.h>
#include <string.h>

#include "lower.h"

void symtab_init(struct symtab *t)
{
	t->v = NULL;
	t->cap = 0;
	t->len = 0;
}

void symtab_free(struct symtab *t)
{
	free(t->v);
	symtab_init(t);
}

static struct sym *slot(const struct symtab *t, const char *name)
{
	size_t i = str_hash(name, strlen(name)) & (t->cap - 1);

	while (t->v[i].name && strcmp(t->v[i].name, name))
		i = (i + 1) & (t->cap - 1);
	return &t->v[i];
}

const struct sym *sym_find(const struct symtab *t, const char *name)
{
	struct sym *s;

	if (!t->cap)
		return NULL;
	s = slot(t, name);
	return s->name ? s : NULL;
}

static void grow(struct symtab *t)
{
	struct symtab n = { .cap = t->cap ? t->cap * 2 : 64 };
	size_t i;

	n.v = xcalloc(n.cap, sizeof(*n.v));
	for (i = 0; i < t->cap; i++)
		if (t->v[i].name)
			*slot(&n, t->v[i].name) = t->v[i];
	n.len = t->len;
	free(t->v);
	*t = n;
}

const char *sym_kind_name(enum sym_kind k)
{
	switch (k) {
	case SYM_PARAM: return "parameter";
	case SYM_BACKING: return "backing";
	case SYM_VM: return "vm";
	case SYM_PHASE: return "phase";
	case SYM_SLOT: return "memslot";
	case SYM_CGROUP: return "cgroup";
	}
	return "name";
}

bool sym_add(struct lower *L, const char *name, enum sym_kind kind, int index,
	     struct loc loc)
{
	const struct sym *old = sym_find(&L->syms, name);
	struct diag_rec *r;
	struct sym *s;

	if (old) {
		r = diag_error(L->d, loc, "'%s' is already a %s", name,
			       sym_kind_name(old->kind));
		if (old->loc.src)
			diag_hint(r, "the %s is declared at %s:%d:%d; pick another name",
				  sym_kind_name(old->kind), old->loc.src->name,
				  old->loc.first_line, old->loc.first_column);
		return false;
	}
	if (fact_value(L->facts, name, &(struct value){ 0 })) {
		diag_error(L->d, loc, "'%s' is a machine fact; pick another name",
			   name);
		return false;
	}
	if ((L->syms.len + 1) * 2 > L->syms.cap)
		grow(&L->syms);
	s = slot(&L->syms, name);
	s->name = name;
	s->kind = kind;
	s->index = index;
	s->loc = loc;
	L->syms.len++;
	return true;
}
