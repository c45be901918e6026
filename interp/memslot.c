// SPDX-License-Identifier: GPL-2.0-only
/*
 * host memslot and the targets of host dirtylog: memslots added by name,
 * and the vm's own (VM.slot[I]), which move, delete and dirty logging
 * reach while the guest runs. The checker follows where every slot of a
 * vm is, in file order, so that a slot that would overlap another, or
 * map more than its backing has, is refused before anything runs; the
 * runtime (kvm.h) places them the same way.
 */
#include <string.h>

#include "../runtime/kvm.h"
#include "gmem.h"
#include "items.h"
#include "lower.h"
#include "words.h"

#define KIB 1024LL
#define MIB (1024LL * KIB)

/*
 * Past this many slot states, a slot added without gpa= is not placed
 * where the runtime will put it (which takes a walk over the others each
 * time): it takes no part in the overlap checks, and a run that finds an
 * overlap there names it itself.
 */
#define PLACED_MAX 256

/*
 * The state of a slot of vm (by name, or the vm's own slot guest): an
 * added slot's by its name's number (the symbol's index) and a chain
 * over the vms, one of the vm's own by a table per vm; so that files
 * with thousands of slots stay linear.
 */
static struct slot_state *state_of(struct lower *L, int vm, const char *name,
				   int guest)
{
	const struct sym *sym;
	int k;

	if (!name) {
		if ((size_t)vm >= L->guest_states_n || !L->guest_states[vm])
			return NULL;
		k = L->guest_states[vm][guest];
	} else {
		sym = sym_find(&L->syms, name);
		if (!sym || sym->kind != SYM_SLOT || (size_t)sym->index >= L->name_states_n)
			return NULL;
		for (k = L->name_states[sym->index]; k; k = L->slot_states[k - 1].next)
			if (L->slot_states[k - 1].vm == vm)
				break;
	}
	return k ? &L->slot_states[k - 1] : NULL;
}

/* Grows an arena table of ints to hold index i (zeroes: none). */
static int *grow_ints(struct lower *L, int *v, size_t *n, size_t i)
{
	size_t cap = *n ? *n : 16;
	int *nv;

	if (i < *n)
		return v;
	while (cap <= i)
		cap *= 2;
	nv = arena_alloc(L->ar, cap * sizeof(*nv));
	if (*n)
		memcpy(nv, v, *n * sizeof(*nv));
	*n = cap;
	return nv;
}

static struct slot_state *new_state(struct lower *L, int vm, const char *name,
				    int guest)
{
	struct slot_state s = { .vm = vm, .name = name, .guest = guest };
	int k = (int)L->nslot_states + 1;	/* its number, from 1 */

	if (name) {
		const struct sym *sym = sym_find(&L->syms, name);

		L->name_states = grow_ints(L, L->name_states, &L->name_states_n,
					   (size_t)sym->index);
		s.next = L->name_states[sym->index];
		L->name_states[sym->index] = k;
	} else {
		if ((size_t)vm >= L->guest_states_n) {
			int **nv = arena_alloc(L->ar, L->sc->nvms * sizeof(*nv));

			if (L->guest_states_n)
				memcpy(nv, L->guest_states,
				       L->guest_states_n * sizeof(*nv));
			L->guest_states = nv;
			L->guest_states_n = L->sc->nvms;
		}
		if (!L->guest_states[vm])
			L->guest_states[vm] = arena_alloc(L->ar,
				(size_t)L->sc->vms[vm].nr_slots * sizeof(int));
		L->guest_states[vm][guest] = k;
	}
	PUSH_ARENA(L, L->slot_states, L->nslot_states, L->slot_states_cap, s);
	return &L->slot_states[L->nslot_states - 1];
}

/* What of vm's config the runtime places by: its layout, its hole. */
static struct rt_vm_config placing_config(const struct lower *L, int vm)
{
	const struct ir_vm *v = &L->sc->vms[vm];

	return (struct rt_vm_config){ .gpa_base = v->gpa_base, .mem = v->mem,
				      .vcpus = v->vcpus, .guest_page = (uint64_t)v->guest_page,
				      .hole_gpa = v->hole_gpa, .hole_size = v->hole_size };
}

static void layout(const struct lower *L, int vm, struct rt_vm_layout *lay)
{
	struct rt_vm_config c = placing_config(L, vm);

	rt_vm_layout(&c, lay);
}

/* What is in the way of a range: its name and where it is. */
struct in_way {
	bool found;
	char who[160];
	int64_t lo, hi;
};

/*
 * The first slot of vm over [lo, hi) other than self (a state, or the
 * vm's own slot self_guest): the vm's own where they are, the slots
 * added so far, scn's area.
 */
static void find_in_way(struct lower *L, int vm, int64_t lo, int64_t hi,
			const struct slot_state *self, int self_guest,
			struct in_way *w)
{
	const struct ir_vm *v = &L->sc->vms[vm];
	struct rt_vm_layout lay;
	int64_t end = v->gpa_base + v->mem;

	w->found = true;
	/* The vm's own slots that stayed where they were made. */
	if (lo < end && hi > v->gpa_base) {
		int64_t first = (lo > v->gpa_base ? lo - v->gpa_base : 0) / v->slot_size;
		int64_t last = ((hi < end ? hi : end) - v->gpa_base - 1) / v->slot_size;

		for (int64_t i = first; i <= last; i++) {
			if (i == self_guest || state_of(L, vm, NULL, (int)i))
				continue;
			w->lo = v->gpa_base + i * v->slot_size;
			w->hi = w->lo + v->slot_size;
			snprintf(w->who, sizeof(w->who), "%s.slot[%lld]", v->name,
				 (long long)i);
			return;
		}
	}
	for (size_t i = 0; i < L->nslot_states; i++) {
		const struct slot_state *s = &L->slot_states[i];

		if (s == self || s->vm != vm || !s->live || s->gpa < 0 ||
		    s->gpa >= hi || lo >= s->gpa + s->size)
			continue;
		w->lo = s->gpa;
		w->hi = s->gpa + s->size;
		if (s->name)
			snprintf(w->who, sizeof(w->who), "memslot '%s'", s->name);
		else
			snprintf(w->who, sizeof(w->who), "%s.slot[%d]", v->name,
				 s->guest);
		return;
	}
	layout(L, vm, &lay);
	w->lo = (int64_t)lay.area_gpa;
	w->hi = (int64_t)(lay.area_gpa + lay.area_size);
	snprintf(w->who, sizeof(w->who), "scn's own area of vm '%s'", v->name);
	w->found = lo < w->hi && hi > w->lo;
}

/* Where the runtime puts a slot added without gpa= (kvm.c, free_gpa). */
static int64_t free_gpa(struct lower *L, int vm, int64_t size)
{
	const struct rt_vm_config c = placing_config(L, vm);
	struct rt_vm_layout lay;
	struct in_way w;
	int64_t at, past;

	rt_vm_layout(&c, &lay);
	at = (int64_t)lay.added_gpa;
	for (;;) {
		find_in_way(L, vm, at, at + size, NULL, -1, &w);
		if (w.found)
			at = (w.hi + 2 * MIB - 1) & ~(2 * MIB - 1);
		/* Not over the arch's hole either (kvm.c's free_gpa alike). */
		else if ((past = (int64_t)rt_vm_past_hole(&c, (uint64_t)at, (uint64_t)size)) != at)
			at = past;
		else
			return at;
	}
}

/* A gpa as scn writes sizes; 0 without a unit. */
static void gpa_text(struct strbuf *sb, int64_t gpa)
{
	if (gpa)
		format_size(sb, gpa);
	else
		sb_putc(sb, '0');
}

/* Refuses a slot at [gpa, gpa + size) that another is in the way of. */
static bool place(struct lower *L, const struct ast *at, const char *what,
		  int vm, int64_t gpa, int64_t size,
		  const struct slot_state *self, int self_guest)
{
	struct strbuf a, b, c, d, e;
	struct diag_rec *r;
	struct in_way w;

	if (L->sc->vms[vm].placeholder)
		return true;	/* where its slots are is not known */
	find_in_way(L, vm, gpa, gpa + size, self, self_guest, &w);
	if (!w.found)
		return true;
	sb_init(&a);
	sb_init(&b);
	sb_init(&c);
	sb_init(&d);
	sb_init(&e);
	gpa_text(&a, gpa);
	gpa_text(&b, gpa + size);
	gpa_text(&c, w.lo);
	gpa_text(&d, w.hi);
	gpa_text(&e, free_gpa(L, vm, size));
	r = diag_error(L->d, at->loc, "%s at gpa %s to %s overlaps %s (gpa %s to %s)",
		       what, a.buf, b.buf, w.who, c.buf, d.buf);
	diag_hint(r, "gpa=%s is free (where scn puts a slot added without gpa=)",
		  e.buf);
	sb_free(&a);
	sb_free(&b);
	sb_free(&c);
	sb_free(&d);
	sb_free(&e);
	return false;
}

/*
 * VM.slot[I]: the vm's own memslot I. Returns 0 when n has that shape
 * (*vm, *slot set), -1 after an error about it, 1 when n is another
 * thing (a plain name).
 */
static int guest_slot_ref(struct lower *L, const struct ast *n, int *vm,
			  int *slot)
{
	const struct ast *m = n->kind == AST_INDEX ? n->a : NULL;
	int64_t i;

	if (!m || m->kind != AST_MEMBER || strcmp(m->name, "slot") ||
	    !item_name(m->a))
		return 1;
	if ((*vm = find_vm(L, m->a, n)) < 0)
		return -1;
	if (!want_int(L, n->b, "the memslot", 0, L->sc->vms[*vm].nr_slots - 1, &i))
		return -1;
	*slot = (int)i;
	return 0;
}

int lower_dirtylog_target(struct lower *L, const struct ast *t,
			  const struct ast *stmt, int *slot)
{
	int vm;

	*slot = -1;
	switch (guest_slot_ref(L, t, &vm, slot)) {
	case 0:
		return vm;
	case 1:
		return find_vm(L, t, stmt);
	}
	return -1;
}

/* A name that is no added slot: the vm's own have names too. */
static void no_such_slot(struct lower *L, const struct ast *name, int vm)
{
	struct diag_rec *r = diag_error(L->d, name->loc,
		"no memslot named '%s' was added before", item_name(name));

	if (vm < 0 && L->sc->nvms == 1)
		vm = 0;
	if (vm >= 0 && L->sc->vms[vm].nr_slots > 1)
		diag_hint(r, "the vm's own memslots are %s.slot[0] to %s.slot[%d]",
			  L->sc->vms[vm].name, L->sc->vms[vm].name,
			  L->sc->vms[vm].nr_slots - 1);
	else if (vm >= 0)
		diag_hint(r, "the vm's own memslot is %s.slot[0]", L->sc->vms[vm].name);
}

/* A key the action takes not: reported, as the key is known. */
static bool refuse_key(struct lower *L, const struct ast *a, const char *key,
		       const char *why)
{
	if (!a)
		return true;
	diag_error(L->d, a->loc, "%s: no %s=", why, key);
	return false;
}

static const char *const memslot_keys[] = { "vm", "size", "gpa", "backing", NULL };

/* The added slot's size against its backing's, and where it goes. */
static bool lower_add(struct lower *L, struct ir_op *op, const struct ast *name,
		      const struct ast *size_at, const struct ast *gpa_at,
		      const struct ast *backing_at)
{
	const struct sym *s = sym_find(&L->syms, op->memslot.name);
	struct slot_state *st;
	bool ok = true;

	if (s && s->kind != SYM_SLOT) {
		diag_error(L->d, name->loc, "'%s' is already a %s",
			   op->memslot.name, sym_kind_name(s->kind));
		return false;
	}
	if (!s)
		sym_add(L, op->memslot.name, SYM_SLOT, (int)L->nslots++, name->loc);
	st = op->memslot.vm >= 0 ? state_of(L, op->memslot.vm, op->memslot.name, -1) :
				   NULL;
	if (st && st->live) {
		diag_hint(diag_error(L->d, name->loc,
				     "memslot '%s' is there already: it was added at line %d",
				     op->memslot.name, st->loc.first_line),
			  "delete it first, or give this one another name");
		return false;
	}
	if (!size_at) {
		diag_error(L->d, op->loc, "memslot add needs size=");
		return false;
	}
	if (!want_size(L, size_at, "size", &op->memslot.size) ||
	    !aligned(L, size_at, "size", op->memslot.size, L->facts->page_size))
		return false;
	if (op->memslot.size == 0) {
		diag_error(L->d, size_at->loc, "a memslot of size 0");
		return false;
	}
	if (backing_at &&
	    (op->memslot.backing = find_backing(L, backing_at, false)) < 0)
		ok = false;
	if (op->memslot.backing >= 0 &&
	    backing_info[L->sc->backings[op->memslot.backing].type].flags & BK_KVM) {
		diag_hint(diag_error(L->d, backing_at->loc,
				     "memslot '%s' on guest_memfd '%s': an added memslot maps host memory, not a guest_memfd",
				     op->memslot.name, L->sc->backings[op->memslot.backing].name),
			  "the vm declared on the guest_memfd has its memslots; give it slots=N");
		ok = false;
	}
	if (op->memslot.backing >= 0 &&
	    op->memslot.size > L->sc->backings[op->memslot.backing].size) {
		const struct ir_backing *b = &L->sc->backings[op->memslot.backing];
		struct strbuf x, y;

		sb_init(&x);
		sb_init(&y);
		format_size(&x, op->memslot.size);
		format_size(&y, b->size);
		diag_hint(diag_error(L->d, size_at->loc,
				     "memslot '%s' is %s, more than backing '%s' has (%s)",
				     op->memslot.name, x.buf, b->name, y.buf),
			  "a memslot maps its backing from the start: size=%s at most, or a larger backing",
			  y.buf);
		sb_free(&x);
		sb_free(&y);
		ok = false;
	}
	if (!ok || op->memslot.vm < 0)
		return ok;
	if (gpa_at) {
		char what[160];

		snprintf(what, sizeof(what), "memslot '%s'", op->memslot.name);
		if (!place(L, gpa_at, what, op->memslot.vm, op->memslot.gpa,
			   op->memslot.size, st, -1))
			return false;
	}
	if (!st)
		st = new_state(L, op->memslot.vm, op->memslot.name, -1);
	st->gpa = gpa_at ? op->memslot.gpa :
		  L->sc->vms[op->memslot.vm].placeholder ||
		  L->nslot_states > PLACED_MAX ? -1 :
		  free_gpa(L, op->memslot.vm, op->memslot.size);
	st->size = op->memslot.size;
	st->live = true;
	st->loc = op->loc;
	return true;
}

/* add (back, after a delete), move or delete of the vm's own slot. */
static bool lower_guest_slot(struct lower *L, struct ir_op *op,
			     const struct ast *name, const struct ast *gpa_at)
{
	const struct ir_vm *v = &L->sc->vms[op->memslot.vm];
	int g = op->memslot.guest_slot;
	struct slot_state *st = state_of(L, op->memslot.vm, NULL, g);
	bool live = !st || st->live;
	int64_t gpa;

	if (op->memslot.op == MEMSLOT_ADD && live) {
		diag_hint(diag_error(L->d, name->loc,
				     "%s is the vm's own memslot, and it is there",
				     op->memslot.name),
			  "add puts it back after a delete; a new slot takes a name of its own");
		return false;
	}
	if (op->memslot.op != MEMSLOT_ADD && !live) {
		diag_error(L->d, name->loc, "%s was deleted at line %d: add it back first",
			   op->memslot.name, st->loc.first_line);
		return false;
	}
	if (op->memslot.op == MEMSLOT_DELETE) {
		if (!st)
			st = new_state(L, op->memslot.vm, NULL, g);
		st->live = false;
		st->loc = op->loc;
		return true;
	}
	gpa = op->memslot.has_gpa ? op->memslot.gpa :
	      v->gpa_base + (int64_t)g * v->slot_size;
	if (!place(L, gpa_at ? gpa_at : name, op->memslot.name, op->memslot.vm,
		   gpa, v->slot_size, st, g))
		return false;
	if (!st)
		st = new_state(L, op->memslot.vm, NULL, g);
	st->gpa = gpa;
	st->size = v->slot_size;
	st->live = true;
	st->loc = op->loc;
	return true;
}

void lower_memslot(struct lower *L, const struct ast *n, struct items *it)
{
	struct ir_op op = { .kind = IR_MEMSLOT, .loc = n->loc };
	const struct ast *a = items_need(it, "add, delete or move");
	const struct ast *name = a ? items_need(it, "the memslot's name") : NULL;
	/* Every key is read first: one an error stops at is no stray key. */
	const struct ast *vm_at = items_attr(it, "vm");
	const struct ast *size_at = items_attr(it, "size");
	const struct ast *gpa_at = items_attr(it, "gpa");
	const struct ast *backing_at = items_attr(it, "backing");
	bool ok = true;
	int w, vm, r;

	op.memslot.backing = -1;
	op.memslot.guest_slot = -1;
	items_finish(it, "host memslot", memslot_keys);
	if (!a || !want_word(L, a, "memslot action", words_memslot, &w) || !name)
		return;
	op.memslot.op = (enum memslot_op)w;
	if (gpa_at && (!want_size(L, gpa_at, "gpa", &op.memslot.gpa) ||
		       !aligned(L, gpa_at, "gpa", op.memslot.gpa, L->facts->page_size)))
		ok = false;
	op.memslot.has_gpa = gpa_at != NULL;
	if (w == MEMSLOT_MOVE && !gpa_at) {
		diag_error(L->d, n->loc, "memslot move needs gpa=");
		ok = false;
	}
	if (w == MEMSLOT_DELETE)
		ok = refuse_key(L, gpa_at, "gpa", "memslot delete") && ok;
	if (w != MEMSLOT_ADD) {
		ok = refuse_key(L, size_at, "size", w == MEMSLOT_DELETE ?
				"memslot delete" : "memslot move") && ok;
		ok = refuse_key(L, backing_at, "backing", w == MEMSLOT_DELETE ?
				"memslot delete" : "memslot move") && ok;
	}
	r = guest_slot_ref(L, name, &vm, &op.memslot.guest_slot);
	if (r < 0)
		return;
	if (r == 0) {
		struct strbuf sb;

		op.memslot.vm = vm;
		sb_init(&sb);
		sb_printf(&sb, "%s.slot[%d]", L->sc->vms[vm].name, op.memslot.guest_slot);
		op.memslot.name = arena_strdup(L->ar, sb.buf);
		sb_free(&sb);
		if (vm_at) {
			int named = find_vm(L, vm_at, n);

			if (named >= 0 && named != vm)
				diag_error(L->d, vm_at->loc, "%s is a memslot of vm '%s'",
					   op.memslot.name, L->sc->vms[vm].name);
			if (named != vm)
				return;
		}
		if (w == MEMSLOT_ADD) {
			ok = refuse_key(L, size_at, "size",
					"the vm's own memslot maps what it mapped") && ok;
			ok = refuse_key(L, backing_at, "backing",
					"the vm's own memslot maps what it mapped") && ok;
		}
		if (w == MEMSLOT_MOVE && !gmem_slot_ok(L, vm, n->loc, "memslot move"))
			return;
		if (ok && lower_guest_slot(L, &op, name, gpa_at))
			PUSH_OP(L, op);
		return;
	}
	if (!item_name(name)) {
		diag_error(L->d, name->loc, "a memslot is a name, or VM.slot[I] for the vm's own");
		return;
	}
	op.memslot.name = item_name(name);
	op.memslot.vm = find_vm(L, vm_at, n);
	if (w == MEMSLOT_ADD) {
		if (!lower_add(L, &op, name, size_at, gpa_at, backing_at))
			return;
	} else {
		const struct sym *s = sym_find(&L->syms, op.memslot.name);
		struct slot_state *st;

		if (!s || s->kind != SYM_SLOT) {
			no_such_slot(L, name, op.memslot.vm);
			return;
		}
		if (!ok || op.memslot.vm < 0)
			return;
		st = state_of(L, op.memslot.vm, op.memslot.name, -1);
		if (st && !st->live) {
			diag_hint(diag_error(L->d, name->loc,
					     "memslot '%s' was deleted at line %d",
					     op.memslot.name, st->loc.first_line),
				  "add it again first");
			return;
		}
		if (w == MEMSLOT_MOVE && st) {
			char what[160];

			snprintf(what, sizeof(what), "memslot '%s'", op.memslot.name);
			if (!place(L, gpa_at, what, op.memslot.vm, op.memslot.gpa,
				   st->size, st, -1))
				return;
			st->gpa = op.memslot.gpa;
			st->loc = op.loc;
		} else if (st) {
			st->live = false;
			st->loc = op.loc;
		}
	}
	if (ok && op.memslot.vm >= 0)
		PUSH_OP(L, op);
}
