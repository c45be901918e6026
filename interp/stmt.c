// SPDX-License-Identifier: GPL-2.0-only
/*
 * Statement lowering: each statement's keys read and checked, names
 * resolved, the backing rules of the kernel applied at the line, and the
 * features it needs added to the scenario's requirements.
 */
#include <string.h>

#include "../grammar/parse.h"
#include "items.h"
#include "lower.h"
#include "words.h"

#define KIB 1024LL
#define GIB (1024LL * 1024 * 1024)
#define TIB (1024LL * GIB)
/* KVM_USER_MEM_SLOTS on x86 (KVM_MEM_SLOTS_NUM less the private ones). */
#define MAX_MEMSLOTS 32764
#define DEFAULT_WATCHDOG 60000000000LL
#define DEFAULT_KSM_TIMEOUT 60000000000LL

#define PUSH_ARENA(L, arr, len, cap, val)                                     \
	do {                                                                  \
		if ((len) == (cap)) {                                         \
			size_t ncap_ = (cap) ? (cap) * 2 : 8;                 \
			void *n_ = arena_alloc((L)->ar, ncap_ * sizeof(*(arr))); \
			if (len)                                              \
				memcpy(n_, (arr), (len) * sizeof(*(arr)));    \
			(arr) = n_;                                           \
			(cap) = ncap_;                                        \
		}                                                             \
		(arr)[(len)++] = (val);                                       \
	} while (0)

void add_require(struct lower *L, int feature, const char *fact,
		 enum ast_op cmp, int64_t arg, bool explicit_, struct loc loc,
		 const char *why)
{
	struct ir_scenario *sc = L->sc;
	struct ir_require r = { .feature = feature, .fact = fact, .cmp = cmp,
				.arg = arg, .explicit_ = explicit_, .loc = loc,
				.why = why };
	size_t i;

	for (i = 0; i < sc->nreqs; i++) {
		struct ir_require *o = &sc->reqs[i];

		if (o->feature == feature && o->arg == arg && o->cmp == cmp &&
		    ((!fact && !o->fact) || (fact && o->fact &&
					     !strcmp(fact, o->fact)))) {
			o->explicit_ |= explicit_;
			return;
		}
	}
	PUSH_ARENA(L, sc->reqs, sc->nreqs, L->reqs_cap, r);
}

#define PUSH_OP(L, op)                                                        \
	PUSH_ARENA(L, (L)->cur->ops, (L)->cur->n, (L)->cur->cap, op)

static void need(struct lower *L, enum rt_feature f, struct loc loc,
		 const char *why)
{
	add_require(L, (int)f, NULL, OP_NONE, 0, false, loc, why);
}

static const char *const stmt_keys_none[] = { NULL };

/* A backing (or region) by name, for statements that act on memory. */
static int find_backing(struct lower *L, const struct ast *n, bool regions_ok)
{
	const char *name = item_name(n);
	const struct sym *s = name ? sym_find(&L->syms, name) : NULL;
	struct diag_rec *r;

	if (!name) {
		diag_error(L->d, n->loc, "expected the name of a backing or region");
		return -1;
	}
	if (!s || s->kind != SYM_BACKING) {
		struct suggest sg;
		size_t i;

		suggest_init(&sg, name);
		for (i = 0; i < L->sc->nbackings; i++)
			suggest_offer(&sg, L->sc->backings[i].name);
		r = diag_error(L->d, n->loc, s ? "'%s' is a %s, not a backing" :
					     "no backing or region named '%s'",
			       name, s ? sym_kind_name(s->kind) : "");
		if (suggest_result(&sg))
			diag_hint(r, "did you mean '%s'?", suggest_result(&sg));
		return -1;
	}
	if (!regions_ok && L->sc->backings[s->index].is_region) {
		r = diag_error(L->d, n->loc, "'%s' is a host region; a vm needs a backing",
			       name);
		diag_hint(r, "declare it with 'backing %s ...'", name);
		return -1;
	}
	return s->index;
}

static int find_vm(struct lower *L, const struct ast *n, const struct ast *at)
{
	const char *name;
	const struct sym *s;
	struct diag_rec *r;

	if (!n) {
		if (L->sc->nvms == 1)
			return 0;
		r = diag_error(L->d, at->loc, L->sc->nvms ? "which vm? there are %zu" :
					      "no vm is declared before this line",
			       L->sc->nvms);
		diag_hint(r, L->sc->nvms ? "add vm=NAME" :
			  "declare one first: vm guest backing=NAME vcpus=N");
		return -1;
	}
	name = item_name(n);
	s = name ? sym_find(&L->syms, name) : NULL;
	if (!s || s->kind != SYM_VM) {
		r = diag_error(L->d, n->loc, "no vm named '%s'",
			       name ? name : expr_text(L, n));
		if (L->sc->nvms == 1)
			diag_hint(r, "did you mean '%s'?", L->sc->vms[0].name);
		return -1;
	}
	return s->index;
}

static bool aligned(struct lower *L, const struct ast *at, const char *what,
		    int64_t v, int64_t align)
{
	struct strbuf a, b;

	if (align <= 0 || v % align == 0)
		return true;
	sb_init(&a);
	sb_init(&b);
	format_size(&a, v);
	format_size(&b, align);
	diag_error(L->d, at->loc, "%s %s is not a multiple of the page size %s",
		   what, a.buf, b.buf);
	sb_free(&a);
	sb_free(&b);
	return false;
}

void lower_param(struct lower *L, const struct ast *n)
{
	struct ir_param p = { .name = n->name, .loc = n->name_loc };
	struct value def;
	size_t i;

	if (!static_value(L, n->a, "a parameter's default", &def))
		def.type = VT_NONE;
	p.value = def;
	for (i = 0; i < L->novr; i++) {
		struct override *o = &L->ovr[i];
		enum val_type t = o->value.type;

		if (strcmp(o->name, n->name) || o->used)
			continue;
		o->used = true;
		if (def.type == VT_NONE)
			break;
		if (t == def.type || (def.type == VT_REAL && t == VT_INT) ||
		    (def.type == VT_STRING && t == VT_WORD) ||
		    (def.type == VT_WORD && t == VT_STRING)) {
			p.value = o->value;
			if (def.type == VT_REAL && t == VT_INT)
				p.value = val_real((double)o->value.i);
			p.origin = o->origin;
		} else {
			struct diag_rec *r = diag_error(L->d, o->loc,
				"'%s' is %s %s (its default is at %s:%d), not %s %s",
				n->name, def.type == VT_INT ? "an" : "a",
				val_type_name(def.type), n->loc.src->name,
				n->loc.first_line, t == VT_INT ? "an" : "a",
				val_type_name(t));

			if (def.type == VT_SIZE && t == VT_INT)
				diag_hint(r, "give it a unit: %s=4G", n->name);
		}
	}
	if (sym_add(L, n->name, SYM_PARAM, (int)L->sc->nparams, n->name_loc))
		PUSH_ARENA(L, L->sc->params, L->sc->nparams, L->params_cap, p);
}

static const char *const fact_reqs[] = { "nodes", "cpus", "mem", NULL };

static void lower_require(struct lower *L, const struct ast *n)
{
	size_t i;

	for (i = 0; i < n->kids.len; i++) {
		const struct ast *q = n->kids.v[i];
		int f = rt_feature_lookup(q->name), fi;
		struct diag_rec *r;
		int64_t arg = 0;

		fi = words_index(fact_reqs, q->name);
		if (fi >= 0) {
			struct value v;

			if (!q->a || q->op == OP_NONE) {
				r = diag_error(L->d, q->loc, "'%s' needs a comparison",
					       q->name);
				diag_hint(r, "require %s >= %s", q->name,
					  fi == 2 ? "8G" : "2");
				continue;
			}
			if (!static_value(L, q->a, q->name, &v))
				continue;
			if ((fi == 2 && v.type != VT_SIZE) ||
			    (fi != 2 && v.type != VT_INT)) {
				diag_error(L->d, q->a->loc, "'%s' compares with %s",
					   q->name, fi == 2 ? "a size" : "an integer");
				continue;
			}
			add_require(L, -1, fact_reqs[fi], q->op, v.i, true,
				    q->loc, NULL);
			continue;
		}
		if (f < 0) {
			struct suggest s;
			int k;

			suggest_init(&s, q->name);
			for (k = 0; k < RT_FEAT__COUNT; k++)
				suggest_offer(&s, rt_feature_name(k));
			for (k = 0; fact_reqs[k]; k++)
				suggest_offer(&s, fact_reqs[k]);
			r = diag_error(L->d, q->name_loc, "unknown requirement '%s'",
				       q->name);
			if (suggest_result(&s))
				diag_hint(r, "did you mean '%s'?", suggest_result(&s));
			else
				diag_hint(r, "'scn features' lists every requirement");
			continue;
		}
		if (q->op != OP_NONE) {
			diag_error(L->d, q->loc, "'%s' takes no comparison", q->name);
			continue;
		}
		if (q->a) {
			if (f != RT_FEAT_HUGETLB) {
				diag_error(L->d, q->a->loc,
					   "'%s' takes no value", q->name);
				continue;
			}
			if (!want_size(L, q->a, "a hugetlb page size", &arg))
				continue;
			if (arg != 2 * 1024 * 1024 && arg != GIB) {
				diag_error(L->d, q->a->loc,
					   "hugetlb pages are 2M or 1G on x86_64");
				continue;
			}
		}
		add_require(L, f, NULL, OP_NONE, arg, true, q->loc, NULL);
	}
}

/* ksm.run = 1: the knob's type and range, before anything is written. */
static void lower_set(struct lower *L, const struct ast *n)
{
	size_t i;
	int k;

	for (i = 0; i < n->kids.len; i++) {
		const struct ast *a = n->kids.v[i];
		const struct knob_info *ki = NULL;
		struct ir_op op = { .kind = IR_SET_KNOB, .loc = a->loc };
		struct diag_rec *r;

		for (k = 0; k < KNOB__COUNT; k++)
			if (!strcmp(knob_info[k].name, a->name))
				ki = &knob_info[k];
		if (!ki) {
			struct suggest s;

			suggest_init(&s, a->name);
			for (k = 0; k < KNOB__COUNT; k++)
				suggest_offer(&s, knob_info[k].name);
			r = diag_error(L->d, a->name_loc, "unknown knob '%s'", a->name);
			if (suggest_result(&s))
				diag_hint(r, "did you mean '%s'?", suggest_result(&s));
			continue;
		}
		op.knob.knob = (enum knob)(ki - knob_info);
		if (ki->kind == KNOB_WORD) {
			const char *words[16];
			char *copy = arena_strdup(L->ar, ki->words), *p, *save;
			int nw = 0, idx;

			for (p = strtok_r(copy, ",", &save); p && nw < 15;
			     p = strtok_r(NULL, ",", &save)) {
				char *w = arena_strdup(L->ar, p), *c;

				for (c = w; *c; c++)
					if (*c == '-' || *c == '+')
						*c = '_';
				words[nw++] = w;
			}
			words[nw] = NULL;
			if (!want_word(L, a->a, a->name, words, &idx))
				continue;
			/* Back to the kernel's spelling: defer+madvise. */
			{
				const char *w = ki->words;
				int j;

				for (j = 0; j < idx; j++)
					w = strchr(w, ',') + 1;
				op.knob.value = val_word(arena_strndup(L->ar, w,
						strcspn(w, ",")));
			}
		} else {
			struct value v;
			int64_t x;

			if (!static_value(L, a->a, a->name, &v))
				continue;
			if (v.type == VT_BOOL)
				v = val_int(v.i);
			if (v.type != VT_INT) {
				diag_error(L->d, a->a->loc, "%s takes an integer, not a %s",
					   a->name, val_type_name(v.type));
				continue;
			}
			x = v.i;
			if (x < ki->min || x > ki->max) {
				diag_error(L->d, a->a->loc,
					   "%s must be from %lld to %lld, not %lld",
					   a->name, (long long)ki->min,
					   (long long)ki->max, (long long)x);
				continue;
			}
			op.knob.value = val_int(x);
		}
		need(L, RT_FEAT_ROOT, a->loc, "set changes system knobs");
		if (!strncmp(ki->name, "ksm.", 4))
			need(L, RT_FEAT_KSM, a->loc, "set ksm.*");
		if (!strncmp(ki->name, "hugetlb.", 8))
			need(L, RT_FEAT_HUGETLB, a->loc, "set hugetlb.*");
		if (!strcmp(ki->name, "kernel.numa_balancing"))
			need(L, RT_FEAT_NUMA_BALANCING, a->loc, "set kernel.numa_balancing");
		PUSH_OP(L, op);
	}
}

/* policy local | bind 0 | interleave all | interleave [0, 1] */
static void lower_policy(struct lower *L, const struct ast *n)
{
	static const char *names[MPOLICY__COUNT + 1];
	struct ir_op op = { .kind = IR_POLICY, .loc = n->loc };
	struct items it;
	const struct ast *a;
	int mode, i;

	for (i = 0; i < MPOLICY__COUNT; i++)
		names[i] = policy_info[i].name;
	items_init(&it, L, n, &n->kids);
	a = items_need(&it, "the policy (local, bind, preferred, interleave, ...)");
	if (!a || !want_word(L, a, "policy", names, &mode))
		return;
	op.policy.mode = (enum mpolicy)mode;
	op.policy.backing = -1;
	if (policy_info[mode].takes_nodes) {
		struct value v;

		a = items_need(&it, "the nodes (a node, a list [0, 1], or all)");
		if (!a || !static_value(L, a, "the nodes", &v))
			return;
		if (v.type == VT_WORD && !strcmp(v.s, "all")) {
			op.policy.nodes = ~0ULL;
		} else if (v.type == VT_INT || v.type == VT_LIST) {
			size_t k, cnt = v.type == VT_LIST ? v.list.n : 1;

			for (k = 0; k < cnt; k++) {
				const struct value *e = v.type == VT_LIST ? &v.list.v[k] : &v;

				if (e->type != VT_INT || e->i < 0 || e->i > 63) {
					diag_error(L->d, a->loc, "nodes are integers from 0 to 63");
					return;
				}
				op.policy.nodes |= 1ULL << e->i;
			}
			if (!cnt) {
				diag_error(L->d, a->loc, "the node list is empty");
				return;
			}
		} else {
			diag_error(L->d, a->loc, "nodes are a node, a list [0, 1], or all");
			return;
		}
	}
	items_finish(&it, "policy", stmt_keys_none);
	need(L, RT_FEAT_NUMA, n->loc, "policy");
	PUSH_OP(L, op);
}

static const char *const backing_keys[] = { "type", "size", "prefault",
	"nohugepage", "hugepage", "pagesize", "fill", "node", "noreserve", NULL };

static void lower_backing(struct lower *L, const struct ast *n)
{
	static const char *types[BACKING__COUNT + 1];
	const char *what = n->kind == AST_REGION ? "region" : "backing";
	struct ir_backing b = { .name = n->name, .loc = n->loc, .node = -1 };
	struct ir_op op = { .kind = IR_CREATE_BACKING, .loc = n->loc };
	const struct ast *a;
	struct items it;
	int type = -1, i;
	int64_t x;
	bool ok = true;

	for (i = 0; i < BACKING__COUNT; i++)
		types[i] = backing_info[i].name;
	items_init(&it, L, n, &n->kids);
	b.is_region = n->kind == AST_REGION;
	a = items_attr(&it, "type");
	if (!a) {
		diag_error(L->d, n->loc, "%s '%s' needs type=", what, n->name);
		ok = false;
	} else if (!want_word(L, a, "the backing type", types, &type)) {
		ok = false;
	}
	a = items_attr(&it, "size");
	if (!a) {
		diag_error(L->d, n->loc, "%s '%s' needs size=", what, n->name);
		ok = false;
	} else if (!want_size(L, a, "size", &b.size)) {
		ok = false;
	} else if (b.size == 0) {
		diag_error(L->d, a->loc, "a %s of size 0", what);
		ok = false;
	}
	b.prefault = items_flag(&it, "prefault", false);
	b.nohugepage = items_flag(&it, "nohugepage", false);
	b.hugepage = items_flag(&it, "hugepage", false);
	b.noreserve = items_flag(&it, "noreserve", false);
	if ((a = items_attr(&it, "fill"))) {
		if (want_int(L, a, "fill", 0, 255, &x)) {
			b.fill = x;
			b.has_fill = true;
		}
	}
	if ((a = items_attr(&it, "node")) && want_int(L, a, "node", 0, 63, &x)) {
		b.node = (int)x;
		need(L, RT_FEAT_NUMA, a->loc, "node=");
	}
	if (type >= 0) {
		const struct backing_info *bi = &backing_info[type];

		b.type = (enum backing_type)type;
		b.page_size = bi->page_size;
		if ((a = items_attr(&it, "pagesize"))) {
			if (want_size(L, a, "pagesize", &x)) {
				if (bi->flags & BK_HUGETLB ? (x != 2 * 1024 * 1024 && x != GIB) :
							     x != 4 * KIB) {
					diag_error(L->d, a->loc, bi->flags & BK_HUGETLB ?
						   "hugetlb pages are 2M or 1G" :
						   "%s memory has 4K pages", bi->name);
					ok = false;
				} else {
					b.page_size = x;
				}
			}
		}
		if (ok)
			ok = aligned(L, n, "size", b.size, b.page_size);
		if (b.hugepage && b.nohugepage) {
			diag_error(L->d, n->loc, "hugepage and nohugepage together");
			ok = false;
		}
		if ((bi->flags & BK_HUGETLB) && (b.hugepage || b.nohugepage)) {
			diag_error(L->d, n->loc, "hugepage and nohugepage are THP advice; %s memory is hugetlb",
				   bi->name);
			ok = false;
		}
		if ((bi->flags & BK_KVM) && b.is_region) {
			diag_error(L->d, n->loc, "guest_memfd belongs to a VM: declare it as a backing");
			ok = false;
		}
		if (bi->flags & BK_HUGETLB)
			add_require(L, RT_FEAT_HUGETLB, NULL, OP_NONE, b.page_size,
				    false, n->loc, "hugetlb backing");
		if (bi->flags & BK_THP || b.hugepage)
			need(L, RT_FEAT_THP, n->loc, "THP backing");
		if (bi->flags & BK_KVM)
			need(L, RT_FEAT_KVM_GUEST_MEMFD, n->loc, "guest_memfd backing");
	}
	items_finish(&it, what, backing_keys);
	if (!ok || !sym_add(L, n->name, SYM_BACKING, (int)L->sc->nbackings, n->name_loc))
		return;
	if (!b.noreserve && __builtin_add_overflow(L->sc->real_memory, b.size,
						  &L->sc->real_memory))
		L->sc->real_memory = INT64_MAX;
	op.index = (int)L->sc->nbackings;
	PUSH_ARENA(L, L->sc->backings, L->sc->nbackings, L->backings_cap, b);
	PUSH_OP(L, op);
}

static const char *const vm_keys[] = { "backing", "mem", "alias", "vcpus",
	"slots", "ring", "pin", "gpa", NULL };

/* The ring a job runs in: 0, 3 or auto. */
static bool want_ring(struct lower *L, const struct ast *a, enum ring *out)
{
	struct value v;

	if (!static_value(L, a, "ring", &v))
		return false;
	if (v.type == VT_INT && (v.i == 0 || v.i == 3)) {
		*out = v.i ? RING_3 : RING_0;
		return true;
	}
	if (v.type == VT_WORD && !strcmp(v.s, "auto")) {
		*out = RING_AUTO;
		return true;
	}
	diag_error(L->d, a->loc, "ring is 0, 3 or auto");
	return false;
}

static void lower_vm(struct lower *L, const struct ast *n)
{
	struct ir_vm vm = { .name = n->name, .loc = n->loc, .vcpus = 1,
			    .nr_slots = 1, .backing = -1 };
	struct ir_op op = { .kind = IR_CREATE_VM, .loc = n->loc };
	const struct ir_backing *b = NULL;
	const struct ast *a, *mem_at = n;
	struct items it;
	int64_t x;
	bool ok = true;

	items_init(&it, L, n, &n->kids);
	a = items_attr(&it, "backing");
	if (!a) {
		diag_error(L->d, n->loc, "vm '%s' needs backing=", n->name);
		ok = false;
	} else if ((vm.backing = find_backing(L, a, false)) < 0) {
		ok = false;
	} else {
		b = &L->sc->backings[vm.backing];
		vm.mem = b->size;
	}
	if ((a = items_attr(&it, "mem"))) {
		mem_at = a;
		if (!want_size(L, a, "mem", &vm.mem))
			ok = false;
	}
	vm.alias = items_flag(&it, "alias", false);
	if ((a = items_attr(&it, "vcpus"))) {
		if (want_int(L, a, "vcpus", 1, 4096, &x))
			vm.vcpus = (int)x;
		else
			ok = false;
	}
	if ((a = items_attr(&it, "slots"))) {
		if (vm.alias) {
			diag_error(L->d, a->loc, "slots= and alias together: alias makes mem / backing size slots");
			ok = false;
		} else if (want_int(L, a, "slots", 1, MAX_MEMSLOTS, &x)) {
			vm.nr_slots = (int)x;
		} else {
			ok = false;
		}
	}
	if ((a = items_attr(&it, "ring")) && !want_ring(L, a, &vm.ring))
		ok = false;
	vm.pin = items_flag(&it, "pin", false);
	if ((a = items_attr(&it, "gpa")) && !want_size(L, a, "gpa", &vm.gpa_base))
		ok = false;
	items_finish(&it, "vm", vm_keys);
	if (ok && b) {
		struct strbuf s1, s2;

		sb_init(&s1);
		sb_init(&s2);
		format_size(&s1, vm.mem);
		format_size(&s2, b->size);
		if (vm.mem == 0) {
			diag_error(L->d, mem_at->loc, "a vm with no memory");
			ok = false;
		} else if (vm.alias) {
			if (vm.mem % b->size) {
				struct diag_rec *r = diag_error(L->d, mem_at->loc,
					"alias needs mem to be a multiple of the backing: %s is not a multiple of %s",
					s1.buf, s2.buf);
				diag_hint(r, "every memslot maps all of '%s'", b->name);
				ok = false;
			} else if (vm.mem / b->size > MAX_MEMSLOTS) {
				diag_error(L->d, mem_at->loc,
					   "alias would need %lld memslots; KVM allows %d",
					   (long long)(vm.mem / b->size), MAX_MEMSLOTS);
				ok = false;
			} else {
				vm.nr_slots = (int)(vm.mem / b->size);
				vm.slot_size = b->size;
			}
		} else if (vm.mem > b->size) {
			struct diag_rec *r = diag_error(L->d, mem_at->loc,
				"vm '%s' has %s of memory but backing '%s' has %s",
				n->name, s1.buf, b->name, s2.buf);
			diag_hint(r, "add alias to map the backing again and again, or make the backing larger");
			ok = false;
		} else if (vm.mem % vm.nr_slots) {
			diag_error(L->d, n->loc, "%s does not split into %d equal memslots",
				   s1.buf, vm.nr_slots);
			ok = false;
		} else {
			vm.slot_size = vm.mem / vm.nr_slots;
			ok = aligned(L, n, "the memslot size", vm.slot_size,
				     b->page_size);
		}
		if (ok && vm.mem > 64 * TIB) {
			diag_error(L->d, mem_at->loc, "%s of guest memory is more than the 64T scn maps",
				   s1.buf);
			ok = false;
		}
		sb_free(&s1);
		sb_free(&s2);
	}
	need(L, RT_FEAT_KVM, n->loc, "vm");
	if (!ok || !sym_add(L, n->name, SYM_VM, (int)L->sc->nvms, n->name_loc))
		return;
	L->sc->guest_memory += vm.mem;
	op.index = (int)L->sc->nvms;
	PUSH_ARENA(L, L->sc->vms, L->sc->nvms, L->vms_cap, vm);
	PUSH_OP(L, op);
}

static const char *const uffd_keys[] = { "mode", "readers", "wait", "delay",
	"per_vcpu", "resolve", NULL };

static void lower_uffd(struct lower *L, const struct ast *n)
{
	struct ir_uffd u = { .loc = n->loc, .vm = -1, .backing = -1,
			     .readers = 1, .wait = WAIT_EPOLL };
	struct ir_op op = { .kind = IR_CREATE_UFFD, .loc = n->loc };
	const struct sym *s = sym_find(&L->syms, n->name);
	const struct backing_info *bi = NULL;
	const struct ir_backing *b = NULL;
	const struct ast *a;
	struct items it;
	int w, resolve = -1;
	int64_t x;
	bool ok = true;
	size_t i;

	items_init(&it, L, n, &n->kids);
	if (s && s->kind == SYM_VM) {
		u.vm = s->index;
		u.backing = L->sc->vms[s->index].backing;
		u.per_vcpu = true;
	} else if (s && s->kind == SYM_BACKING) {
		u.backing = s->index;
	} else {
		struct diag_rec *r = diag_error(L->d, n->name_loc,
			"uffd serves a vm or a region; '%s' is neither", n->name);
		if (L->sc->nvms)
			diag_hint(r, "did you mean '%s'?", L->sc->vms[0].name);
		ok = false;
	}
	if (u.backing >= 0) {
		b = &L->sc->backings[u.backing];
		bi = &backing_info[b->type];
		u.page_size = b->page_size;
	}
	if ((a = items_attr(&it, "mode"))) {
		if (want_word(L, a, "uffd mode", words_uffd_mode, &w))
			u.mode = (enum uffd_mode)w;
		else
			ok = false;
	}
	if ((a = items_attr(&it, "readers"))) {
		if (want_int(L, a, "readers", 1, 1024, &x))
			u.readers = (int)x;
		else
			ok = false;
	}
	if ((a = items_attr(&it, "wait"))) {
		if (want_word(L, a, "wait", words_uffd_wait, &w))
			u.wait = (enum uffd_wait)w;
		else
			ok = false;
	}
	if ((a = items_attr(&it, "delay")) && !want_duration(L, a, "delay", &u.delay))
		ok = false;
	u.per_vcpu = items_flag(&it, "per_vcpu", u.per_vcpu);
	if ((a = items_attr(&it, "resolve")) &&
	    !want_word(L, a, "resolve", words_uffd_resolve, &resolve))
		ok = false;
	items_finish(&it, "uffd", uffd_keys);
	if (u.per_vcpu && u.vm < 0 && s) {
		diag_error(L->d, n->loc, "per_vcpu needs a vm");
		ok = false;
	}
	if (bi) {
		struct diag_rec *r = NULL;

		if (bi->flags & BK_KVM)
			r = diag_error(L->d, n->loc, "userfaultfd cannot serve guest_memfd memory");
		else if (u.mode == UFFD_MINOR && !(bi->flags & BK_MINOR)) {
			r = diag_error(L->d, n->loc,
				"minor-mode uffd needs shared memory (shmem, memfd, memfd_hugetlb); '%s' is %s",
				b->name, bi->name);
			diag_hint(r, "use type=shmem or type=memfd for '%s'", b->name);
		} else if (resolve == 1 && (bi->flags & BK_HUGETLB)) {
			r = diag_error(L->d, n->loc, "UFFDIO_ZEROPAGE is EINVAL on hugetlb memory ('%s' is %s)",
				       b->name, bi->name);
			diag_hint(r, "use resolve=copy");
		} else if (resolve == 3 && !(bi->flags & BK_MOVE)) {
			r = diag_error(L->d, n->loc, "UFFDIO_MOVE works on private anonymous memory only ('%s' is %s)",
				       b->name, bi->name);
		} else if (resolve == 2 && u.mode != UFFD_MINOR) {
			r = diag_error(L->d, n->loc, "resolve=continue is for mode=minor");
		} else if (u.mode == UFFD_MINOR && resolve >= 0 && resolve != 2) {
			r = diag_error(L->d, n->loc, "a minor fault is resolved by continue");
		}
		if (r)
			ok = false;
		for (i = 0; i < L->sc->nuffds; i++)
			if (L->sc->uffds[i].backing == u.backing) {
				diag_error(L->d, n->loc, "'%s' already has a uffd service (line %d)",
					   n->name, L->sc->uffds[i].loc.first_line);
				ok = false;
			}
	}
	need(L, RT_FEAT_UFFD, n->loc, "uffd");
	if (bi && ok) {
		bool shared = bi->flags & BK_SHARED, huge = bi->flags & BK_HUGETLB;

		if (u.mode == UFFD_MINOR)
			need(L, huge ? RT_FEAT_UFFD_MINOR_HUGETLB : RT_FEAT_UFFD_MINOR,
			     n->loc, "uffd mode=minor");
		else if (u.mode == UFFD_WP)
			need(L, shared || huge ? RT_FEAT_UFFD_WP_SHMEM : RT_FEAT_UFFD_WP,
			     n->loc, "uffd mode=wp");
		else if (huge)
			need(L, RT_FEAT_UFFD_MISSING_HUGETLB, n->loc, "uffd on hugetlb");
		else if (shared)
			need(L, RT_FEAT_UFFD_MISSING_SHMEM, n->loc, "uffd on shared memory");
		if (resolve == 3)
			need(L, RT_FEAT_UFFD_MOVE, n->loc, "resolve=move");
	}
	if (!ok)
		return;
	op.index = (int)L->sc->nuffds;
	PUSH_ARENA(L, L->sc->uffds, L->sc->nuffds, L->uffds_cap, u);
	PUSH_OP(L, op);
}

/* guest[2] or guest[0..3]: the vCPUs a statement addresses. */
static bool vcpu_subset(struct lower *L, const struct ast *sub, int vm,
			int *first, int *last)
{
	int n = L->sc->vms[vm].vcpus;
	int64_t a, b;

	*first = 0;
	*last = n - 1;
	if (!sub)
		return true;
	if (sub->kind == AST_RANGE) {
		if (!want_int(L, sub->a, "the first vCPU", 0, n - 1, &a) ||
		    !want_int(L, sub->b, "the last vCPU", a, n - 1, &b))
			return false;
	} else {
		if (!want_int(L, sub, "the vCPU", 0, n - 1, &a))
			return false;
		b = a;
	}
	*first = (int)a;
	*last = (int)b;
	return true;
}

static const char *const guest_keys[] = { "vm", "verify", "passes", "stride",
	"offset", "size", "overlap", "order", "seed", "write_pct", "on_fault",
	"until", "ring", "latency", "pattern", NULL };

static void lower_guest(struct lower *L, const struct ast *n)
{
	struct ir_op op = { .kind = IR_GUEST, .loc = n->loc };
	struct ir_guest_job *j = &op.guest;
	const struct ir_backing *b;
	const struct ir_vm *vm;
	const struct ast *a;
	struct items it;
	int w;
	int64_t x;
	bool ok = true;

	items_init(&it, L, n, &n->kids);
	j->vm = find_vm(L, items_attr(&it, "vm"), n);
	a = items_need(&it, "the access (write, read or mixed)");
	if (j->vm < 0 || !a) {
		items_finish(&it, "guest", guest_keys);
		return;
	}
	vm = &L->sc->vms[j->vm];
	b = &L->sc->backings[vm->backing];
	if (!want_word(L, a, "the guest access", words_guest_op, &w))
		ok = false;
	j->op = (enum guest_op)w;
	if (!vcpu_subset(L, n->a, j->vm, &j->first_vcpu, &j->last_vcpu))
		ok = false;
	j->verify = items_flag(&it, "verify", false);
	j->passes = 1;
	j->stride = b->page_size;
	j->size = vm->mem;
	j->ring = vm->ring;
	j->pattern_address = !vm->alias;
	j->pattern = 0x5a5a5a5a5a5a5a5aULL;
	if ((a = items_attr(&it, "passes"))) {
		if (want_int(L, a, "passes", 1, 1000000000, &x))
			j->passes = (int)x;
		else
			ok = false;
	}
	if ((a = items_attr(&it, "stride"))) {
		if (!want_size(L, a, "stride", &j->stride))
			ok = false;
		else if (j->stride < 8 || j->stride % 8) {
			diag_error(L->d, a->loc, "stride is a multiple of 8 bytes, at least 8B");
			ok = false;
		}
	}
	if ((a = items_attr(&it, "offset")) && !want_size(L, a, "offset", &j->offset))
		ok = false;
	if ((a = items_attr(&it, "size")) && !want_size(L, a, "size", &j->size))
		ok = false;
	if (ok && (j->offset + j->size > vm->mem || j->size == 0)) {
		diag_error(L->d, n->loc, "the range offset+size is outside the vm's memory");
		ok = false;
	}
	j->overlap = items_flag(&it, "overlap", false);
	if ((a = items_attr(&it, "order"))) {
		if (want_word(L, a, "order", words_order, &w))
			j->random = w == 1;
		else
			ok = false;
	}
	if ((a = items_attr(&it, "seed"))) {
		if (want_int(L, a, "seed", 0, INT64_MAX, &x))
			j->seed = (uint64_t)x;
		else
			ok = false;
	}
	if ((a = items_attr(&it, "write_pct"))) {
		if (j->op != GUEST_MIXED) {
			diag_error(L->d, a->loc, "write_pct is for 'guest mixed'");
			ok = false;
		} else if (want_int(L, a, "write_pct", 0, 100, &x)) {
			j->write_pct = (int)x;
		} else {
			ok = false;
		}
	} else if (j->op == GUEST_MIXED) {
		diag_error(L->d, n->loc, "'guest mixed' needs write_pct=");
		ok = false;
	}
	if ((a = items_attr(&it, "on_fault"))) {
		if (want_word(L, a, "on_fault", words_fault, &w))
			j->on_fault = (enum fault_policy)w;
		else
			ok = false;
	}
	if ((a = items_attr(&it, "until"))) {
		if (want_word(L, a, "until", words_until, &w)) {
			j->until = (enum until_kind)w;
			if (j->until == UNTIL_ALL_FAULTED && j->on_fault == FAULT_FAIL) {
				struct diag_rec *r = diag_error(L->d, a->loc,
					"until=all_faulted needs a fault policy");
				diag_hint(r, "add on_fault=skip, stop or retry");
				ok = false;
			}
		} else {
			ok = false;
		}
	}
	if ((a = items_attr(&it, "ring")) && !want_ring(L, a, &j->ring))
		ok = false;
	j->latency = items_flag(&it, "latency", false);
	if ((a = items_attr(&it, "pattern"))) {
		struct value v;

		if (!static_value(L, a, "pattern", &v)) {
			ok = false;
		} else if (v.type == VT_WORD && !strcmp(v.s, "address")) {
			j->pattern_address = true;
		} else if (v.type == VT_INT) {
			j->pattern_address = false;
			j->pattern = (uint64_t)v.i;
		} else {
			diag_error(L->d, a->loc, "pattern is address or an integer");
			ok = false;
		}
		if (!j->verify) {
			diag_error(L->d, a->loc, "pattern is for 'guest write verify'");
			ok = false;
		}
	}
	if (j->verify && j->op != GUEST_WRITE) {
		diag_error(L->d, n->loc, "verify goes with 'guest write'");
		ok = false;
	}
	if (j->verify && j->pattern_address && vm->alias) {
		struct diag_rec *r = diag_error(L->d, n->loc,
			"vm '%s' aliases one backing in every memslot: an address pattern written through one slot is read back through another",
			vm->name);
		diag_hint(r, "use a constant pattern: pattern=0x5a5a5a5a");
		ok = false;
	}
	items_finish(&it, "guest", guest_keys);
	if (L->cur_phase < 0) {
		diag_error(L->d, n->loc, "'guest' runs inside a phase");
		return;
	}
	if (ok)
		PUSH_OP(L, op);
}

/* offset= size= within a backing, page-aligned. */
static bool mem_range(struct lower *L, struct items *it, const struct ast *n,
		      const struct ir_backing *b, int64_t *off, int64_t *size)
{
	const struct ast *a;

	*off = 0;
	*size = b->size;
	if ((a = items_attr(it, "offset")) && !want_size(L, a, "offset", off))
		return false;
	if ((a = items_attr(it, "size")) && !want_size(L, a, "size", size))
		return false;
	if (*off + *size > b->size || *size == 0) {
		diag_error(L->d, n->loc, "the range is outside '%s'", b->name);
		return false;
	}
	return aligned(L, n, "offset", *off, b->page_size) &&
	       aligned(L, n, "size", *size, b->page_size);
}

static const char *const host_mem_keys[] = { "offset", "size", NULL };
static const char *const memslot_keys[] = { "vm", "size", "gpa", "backing", NULL };

static void lower_memslot(struct lower *L, const struct ast *n, struct items *it)
{
	struct ir_op op = { .kind = IR_MEMSLOT, .loc = n->loc };
	const struct ast *a = items_need(it, "add, delete or move");
	const struct ast *name;
	const struct sym *s;
	int w;

	op.memslot.backing = -1;
	op.memslot.vm = find_vm(L, items_attr(it, "vm"), n);
	if (!a || !want_word(L, a, "memslot action", words_memslot, &w))
		goto out;
	op.memslot.op = (enum memslot_op)w;
	name = items_need(it, "the memslot's name");
	if (!name || !item_name(name))
		goto out;
	op.memslot.name = item_name(name);
	s = sym_find(&L->syms, op.memslot.name);
	if (w == MEMSLOT_ADD) {
		if (s && s->kind != SYM_SLOT) {
			diag_error(L->d, name->loc, "'%s' is already a %s",
				   op.memslot.name, sym_kind_name(s->kind));
			goto out;
		}
		if (!s)
			sym_add(L, op.memslot.name, SYM_SLOT, (int)L->nslots++,
				name->loc);
		a = items_attr(it, "size");
		if (!a) {
			diag_error(L->d, n->loc, "memslot add needs size=");
			goto out;
		}
		if (!want_size(L, a, "size", &op.memslot.size) ||
		    !aligned(L, a, "size", op.memslot.size, 4 * KIB))
			goto out;
		if ((a = items_attr(it, "backing")) &&
		    (op.memslot.backing = find_backing(L, a, false)) < 0)
			goto out;
	} else if (!s || s->kind != SYM_SLOT) {
		diag_error(L->d, name->loc, "no memslot named '%s' was added before",
			   op.memslot.name);
		goto out;
	}
	if ((a = items_attr(it, "gpa")) && !want_size(L, a, "gpa", &op.memslot.gpa))
		goto out;
	if (w == MEMSLOT_MOVE && !a) {
		diag_error(L->d, n->loc, "memslot move needs gpa=");
		goto out;
	}
	if (op.memslot.vm >= 0)
		PUSH_OP(L, op);
out:
	items_finish(it, "host memslot", memslot_keys);
}

static void lower_host(struct lower *L, const struct ast *n)
{
	static const char *advices[ADVICE__COUNT + 1];
	struct ir_op op = { .kind = IR_MPROTECT, .loc = n->loc };
	const struct ast *a, *t;
	struct items it;
	int act, w, i;
	const char *const *keys = host_mem_keys;
	bool ok = true;

	for (i = 0; i < ADVICE__COUNT; i++)
		advices[i] = advice_info[i].name;
	items_init(&it, L, n, &n->kids);
	a = items_need(&it, "the action (mprotect, madvise, fallocate, munmap, memslot, dirtylog, exec)");
	if (!a || !want_word(L, a, "host action", words_host, &act))
		return;
	switch (act) {
	case 0: /* mprotect NAME ro|rw|none */
	case 1: /* madvise NAME ADVICE */
	case 2: /* fallocate NAME punch */
	case 3: /* munmap NAME */
		t = items_need(&it, "the backing or region");
		if (!t || (op.mem.backing = find_backing(L, t, true)) < 0) {
			ok = false;
			break;
		}
		op.index = op.mem.backing;
		{
			const struct ir_backing *b = &L->sc->backings[op.mem.backing];
			const struct backing_info *bi = &backing_info[b->type];

			if (act == 0) {
				op.kind = IR_MPROTECT;
				a = items_need(&it, "the protection (ro, rw or none)");
				if (!a || !want_word(L, a, "protection", words_prot, &w))
					ok = false;
				op.mem.prot = (enum prot)w;
			} else if (act == 1) {
				const struct advice_info *ai;
				struct diag_rec *r = NULL;

				op.kind = IR_MADVISE;
				a = items_need(&it, "the advice");
				if (!a || !want_word(L, a, "advice", advices, &w)) {
					ok = false;
					break;
				}
				op.mem.advice = (enum advice)w;
				ai = &advice_info[w];
				if ((ai->flags & ADV_PRIVATE_ONLY) && (bi->flags & BK_SHARED))
					r = diag_error(L->d, a->loc,
						       "MADV_%s is EINVAL on shared mappings; '%s' is %s",
						       ai->name, b->name, bi->name);
				else if ((ai->flags & ADV_SHARED_ONLY) && !(bi->flags & BK_SHARED))
					r = diag_error(L->d, a->loc,
						       "MADV_REMOVE needs shared memory; '%s' is %s",
						       b->name, bi->name);
				else if ((ai->flags & ADV_NO_HUGETLB) && (bi->flags & BK_HUGETLB))
					r = diag_error(L->d, a->loc,
						       "MADV_%s is EINVAL on hugetlb memory; '%s' is %s",
						       ai->name, b->name, bi->name);
				if (r) {
					ok = false;
					if (w == ADVICE_FREE)
						diag_hint(r, "use dontneed, or a private backing (anon)");
				} else if ((ai->flags & ADV_NOOP_SHARED) && (bi->flags & BK_SHARED)) {
					struct diag_rec *wr = diag_warning(L->d, a->loc,
						"MADV_%s does nothing on %s memory ('%s'): KSM merges private anonymous pages only",
						ai->name, bi->name, b->name);
					diag_hint(wr, "use type=anon for memory that KSM should merge");
				}
				if (w == ADVICE_MERGEABLE || w == ADVICE_UNMERGEABLE)
					need(L, RT_FEAT_KSM, a->loc, "madvise mergeable");
				if (w == ADVICE_COLLAPSE)
					need(L, RT_FEAT_MADV_COLLAPSE, a->loc, "madvise collapse");
				if (w == ADVICE_POPULATE_READ || w == ADVICE_POPULATE_WRITE)
					need(L, RT_FEAT_MADV_POPULATE, a->loc, "madvise populate");
			} else if (act == 2) {
				op.kind = IR_PUNCH;
				a = items_need(&it, "punch");
				if (!a || !item_name(a) || strcmp(item_name(a), "punch")) {
					if (a)
						diag_error(L->d, a->loc, "fallocate takes 'punch'");
					ok = false;
				} else if (!(bi->flags & BK_FD)) {
					struct diag_rec *r = diag_error(L->d, n->loc,
						"fallocate punch needs a file; '%s' is %s",
						b->name, bi->name);
					diag_hint(r, "use type=memfd, or madvise remove on shmem");
					ok = false;
				}
			} else {
				op.kind = IR_MUNMAP;
			}
			if (ok && !mem_range(L, &it, n, b, &op.mem.offset, &op.mem.size))
				ok = false;
		}
		break;
	case 4:
		lower_memslot(L, n, &it);
		return;
	case 5: /* dirtylog VM on|off|get|clear */
		op.kind = IR_DIRTYLOG;
		t = items_need(&it, "the vm");
		if (!t || (op.dirtylog.vm = find_vm(L, t, n)) < 0) {
			ok = false;
			break;
		}
		a = items_need(&it, "on, off, get or clear");
		if (!a || !want_word(L, a, "dirtylog action", words_dirtylog, &w)) {
			ok = false;
			break;
		}
		op.dirtylog.op = (enum dirtylog_op)w;
		if (w == DIRTYLOG_CLEAR)
			need(L, RT_FEAT_KVM_MANUAL_PROTECT, n->loc, "dirtylog clear");
		keys = stmt_keys_none;
		break;
	case 6: /* exec "command" */
		op.kind = IR_EXEC;
		a = items_need(&it, "the command, as a string");
		if (!a || !want_string(L, a, "exec", &op.exec.command))
			ok = false;
		keys = stmt_keys_none;
		break;
	}
	items_finish(&it, "host", keys);
	if (L->cur_phase < 0) {
		diag_error(L->d, n->loc, "'host' runs inside a phase");
		return;
	}
	if (ok)
		PUSH_OP(L, op);
}

static void lower_vcpu(struct lower *L, const struct ast *n)
{
	struct ir_op op = { .kind = IR_VCPU_RESET, .loc = n->loc };
	static const char *const keys[] = { "vm", NULL };
	const struct ast *a;
	struct items it;
	bool ok = true;

	items_init(&it, L, n, &n->kids);
	op.vcpus.vm = find_vm(L, items_attr(&it, "vm"), n);
	a = items_need(&it, "reset");
	if (!a || !item_name(a) || strcmp(item_name(a), "reset")) {
		if (a)
			diag_error(L->d, a->loc, "vcpu takes 'reset mmu'");
		ok = false;
	} else {
		a = items_need(&it, "mmu");
		if (!a || !item_name(a) || strcmp(item_name(a), "mmu")) {
			if (a)
				diag_error(L->d, a->loc, "the only reset is 'mmu'");
			ok = false;
		}
	}
	if (ok && op.vcpus.vm >= 0 &&
	    !vcpu_subset(L, n->a, op.vcpus.vm, &op.vcpus.first_vcpu,
			 &op.vcpus.last_vcpu))
		ok = false;
	items_finish(&it, "vcpu", keys);
	if (L->cur_phase < 0) {
		diag_error(L->d, n->loc, "'vcpu' runs inside a phase");
		return;
	}
	if (ok && op.vcpus.vm >= 0)
		PUSH_OP(L, op);
}

static void lower_ksm(struct lower *L, const struct ast *n)
{
	static const char *const first[] = { "wait", "prctl", NULL };
	static const char *const keys[] = { "timeout", "pages", NULL };
	struct ir_op op = { .kind = IR_KSM_WAIT, .loc = n->loc };
	const struct ast *a;
	struct items it;
	int w, what;
	bool ok = true;

	items_init(&it, L, n, &n->kids);
	need(L, RT_FEAT_KSM, n->loc, "ksm");
	a = items_need(&it, "wait or prctl");
	if (!a || !want_word(L, a, "ksm action", first, &w)) {
		items_finish(&it, "ksm", keys);
		return;
	}
	if (w == 1) {
		op.kind = IR_KSM_PRCTL;
		a = items_need(&it, "on or off");
		if (!a || !want_word(L, a, "ksm prctl", words_onoff, &what))
			ok = false;
		op.prctl.on = what == 0;
		need(L, RT_FEAT_KSM_PRCTL, n->loc, "ksm prctl");
	} else {
		op.ksm.backing = -1;
		op.ksm.timeout = DEFAULT_KSM_TIMEOUT;
		a = items_need(&it, "merged or scans");
		if (!a || !want_word(L, a, "ksm wait", words_ksm_wait, &what)) {
			ok = false;
		} else if (what == KSMW_MERGED) {
			op.ksm.what = KSMW_MERGED;
			if ((a = items_pos(&it)) &&
			    (op.ksm.backing = find_backing(L, a, true)) < 0)
				ok = false;
			if ((a = items_attr(&it, "pages")) &&
			    !want_int(L, a, "pages", 1, INT64_MAX, &op.ksm.target))
				ok = false;
		} else {
			op.ksm.what = KSMW_SCANS;
			a = items_need(&it, "the number of full scans");
			if (!a || !want_int(L, a, "scans", 1, 1000000, &op.ksm.target))
				ok = false;
		}
		if ((a = items_attr(&it, "timeout")) &&
		    !want_duration(L, a, "timeout", &op.ksm.timeout))
			ok = false;
	}
	items_finish(&it, "ksm", keys);
	if (L->cur_phase < 0) {
		diag_error(L->d, n->loc, "'ksm' runs inside a phase");
		return;
	}
	if (ok)
		PUSH_OP(L, op);
}

static void lower_wait(struct lower *L, const struct ast *n)
{
	static const char *const keys[] = { "timeout", NULL };
	struct ir_op op = { .kind = IR_WAIT, .loc = n->loc };
	const struct ast *a;
	struct items it;

	items_init(&it, L, n, &n->kids);
	op.wait.timeout = DEFAULT_KSM_TIMEOUT;
	op.wait.cond = lower_expr(L, n->a, EXPR_DYNAMIC);
	if (op.wait.cond->type != VT_BOOL && op.wait.cond->type != VT_NONE)
		diag_error(L->d, n->a->loc, "wait needs a condition, not a %s",
			   val_type_name(op.wait.cond->type));
	if ((a = items_attr(&it, "timeout")))
		want_duration(L, a, "timeout", &op.wait.timeout);
	items_finish(&it, "wait", keys);
	if (L->cur_phase < 0)
		diag_error(L->d, n->loc, "'wait' runs inside a phase");
	else if (op.wait.cond->type == VT_BOOL)
		PUSH_OP(L, op);
}

/* expect COND, or: expect fault on every vcpu / on vcpu[i] / on vcpu[a..b] */
static void lower_expect(struct lower *L, const struct ast *n)
{
	struct ir_op op = { .kind = IR_EXPECT, .loc = n->loc };
	struct items it;

	items_init(&it, L, n, &n->kids);
	if (n->kids.len && item_name(n->a) && !strcmp(n->a->name, "fault")) {
		static const char *const keys[] = { "vm", NULL };
		const struct ast *on = items_pos(&it), *who = items_pos(&it);
		const struct ast *vc = NULL;

		op.kind = IR_EXPECT_FAULT;
		op.fault.phase = L->cur_phase;
		op.fault.vm = find_vm(L, items_attr(&it, "vm"), n);
		if (!on || !item_name(on) || strcmp(on->name, "on") || !who) {
			diag_error(L->d, n->loc, "write: expect fault on every vcpu (or on vcpu[i])");
			return;
		}
		if (item_name(who) && !strcmp(who->name, "every")) {
			vc = items_pos(&it);
			if (!vc || !item_name(vc) || strcmp(vc->name, "vcpu")) {
				diag_error(L->d, n->loc, "write: expect fault on every vcpu");
				return;
			}
			vc = NULL;
		} else if (who->kind == AST_INDEX && item_name(who->a) &&
			   !strcmp(who->a->name, "vcpu")) {
			vc = who->b;
		} else {
			diag_error(L->d, who->loc, "expect fault on every vcpu, or on vcpu[i]");
			return;
		}
		items_finish(&it, "expect", keys);
		if (L->cur_phase < 0) {
			struct diag_rec *r = diag_error(L->d, n->loc,
				"'expect fault' belongs in the phase it checks");
			diag_hint(r, "or write: expect PHASE.faults > 0");
			return;
		}
		if (op.fault.vm < 0)
			return;
		if (vc) {
			int64_t i;

			if (!want_int(L, vc, "the vCPU", 0, L->sc->vms[op.fault.vm].vcpus - 1, &i))
				return;
			op.fault.first_vcpu = op.fault.last_vcpu = (int)i;
		} else {
			op.fault.first_vcpu = 0;
			op.fault.last_vcpu = L->sc->vms[op.fault.vm].vcpus - 1;
		}
		PUSH_OP(L, op);
		return;
	}
	items_finish(&it, "expect", stmt_keys_none);
	op.expect.cond = lower_expr(L, n->a, EXPR_DYNAMIC);
	op.expect.text = expr_text(L, n->a);
	if (op.expect.cond->type == VT_NONE)
		return;
	if (op.expect.cond->type != VT_BOOL) {
		diag_error(L->d, n->a->loc, "expect needs a condition, not a %s",
			   val_type_name(op.expect.cond->type));
		return;
	}
	PUSH_OP(L, op);
}

static void lower_print(struct lower *L, const struct ast *n)
{
	struct ir_op op = { .kind = IR_PRINT, .loc = n->loc };

	if (n->a->kind != AST_STRING) {
		struct diag_rec *r = diag_error(L->d, n->a->loc, "print takes a string");

		diag_hint(r, "print \"{%s}\"", expr_text(L, n->a));
		return;
	}
	if (lower_text(L, n->a, &op.print))
		PUSH_OP(L, op);
}

static struct ir_block lower_body(struct lower *L, const struct ast_list *body)
{
	struct op_builder b = { 0 }, *saved = L->cur;

	L->cur = &b;
	lower_stmts(L, body, false);
	L->cur = saved;
	return (struct ir_block){ .ops = b.ops, .n = b.n };
}

static const char *const phase_keys[] = { "watchdog", "before", "after", NULL };

static void lower_phase(struct lower *L, const struct ast *n)
{
	struct ir_phase ph = { .name = n->name, .loc = n->loc,
			       .watchdog = DEFAULT_WATCHDOG,
			       .runs = L->repeat_runs };
	struct ir_op op = { .kind = IR_PHASE, .loc = n->loc };
	const struct ast *a;
	struct items it;
	int saved = L->cur_phase;

	if (L->cur_phase >= 0) {
		diag_error(L->d, n->loc, "phase '%s' inside phase '%s': phases do not nest",
			   n->name, L->sc->phases[L->cur_phase].name);
		return;
	}
	items_init(&it, L, n, &n->kids);
	if ((a = items_attr(&it, "watchdog")))
		want_duration(L, a, "watchdog", &ph.watchdog);
	if ((a = items_attr(&it, "before")))
		want_string(L, a, "before", &ph.exec_before);
	if ((a = items_attr(&it, "after")))
		want_string(L, a, "after", &ph.exec_after);
	items_finish(&it, "phase", phase_keys);
	if (words_index((const char *const[]){ "ksm", "vmstat", NULL }, n->name) >= 0) {
		diag_error(L->d, n->name_loc, "'%s' names counters; pick another phase name",
			   n->name);
		return;
	}
	if (!sym_add(L, n->name, SYM_PHASE, (int)L->sc->nphases, n->name_loc))
		return;
	op.index = (int)L->sc->nphases;
	PUSH_ARENA(L, L->sc->phases, L->sc->nphases, L->phases_cap, ph);
	L->cur_phase = op.index;
	op.body = lower_body(L, &n->body);
	L->cur_phase = saved;
	PUSH_OP(L, op);
}

/* Two guest jobs at once on one vCPU cannot be. */
static void check_branches(struct lower *L, const struct ir_op *op)
{
	size_t i, j, k, m;

	for (i = 0; i < op->nbranches; i++)
		for (j = i + 1; j < op->nbranches; j++)
			for (k = 0; k < op->branches[i].n; k++)
				for (m = 0; m < op->branches[j].n; m++) {
					const struct ir_op *a = &op->branches[i].ops[k];
					const struct ir_op *b = &op->branches[j].ops[m];

					if (a->kind != IR_GUEST || b->kind != IR_GUEST ||
					    a->guest.vm != b->guest.vm)
						continue;
					if (a->guest.first_vcpu <= b->guest.last_vcpu &&
					    b->guest.first_vcpu <= a->guest.last_vcpu) {
						struct diag_rec *r = diag_error(L->d, b->loc,
							"vCPUs of this job already have one at once (line %d)",
							a->loc.first_line);
						diag_hint(r, "split them: guest[0..1] write and guest[2..3] read");
					}
				}
}

static void lower_concurrently(struct lower *L, const struct ast *n)
{
	struct ir_op op = { .kind = IR_CONCURRENTLY, .loc = n->loc };
	size_t i;

	if (L->cur_phase < 0) {
		diag_error(L->d, n->loc, "'concurrently' runs inside a phase");
		return;
	}
	op.nbranches = n->body.len;
	op.branches = arena_alloc(L->ar, (op.nbranches + 1) * sizeof(*op.branches));
	for (i = 0; i < n->body.len; i++) {
		const struct ast *s = n->body.v[i];
		struct ast_list one = { .v = (struct ast **)&n->body.v[i], .len = 1,
					.cap = 1 };

		op.branches[i] = lower_body(L, s->kind == AST_BLOCK ? &s->body : &one);
	}
	check_branches(L, &op);
	PUSH_OP(L, op);
}

static void lower_repeat(struct lower *L, const struct ast *n)
{
	struct ir_op op = { .kind = IR_REPEAT, .loc = n->loc };
	int saved = L->repeat_runs;
	int64_t count;

	if (!want_int(L, n->a, "repeat", 0, 100000000, &count))
		return;
	op.repeat.count = count;
	if (__builtin_mul_overflow(L->repeat_runs, (int)count, &L->repeat_runs))
		L->repeat_runs = INT32_MAX;
	op.body = lower_body(L, &n->body);
	L->repeat_runs = saved;
	PUSH_OP(L, op);
}

static void lower_if(struct lower *L, const struct ast *n)
{
	bool c;

	/* A compile-time choice: only the branch taken is checked further. */
	if (!want_bool(L, n->a, "if", &c))
		return;
	lower_stmts(L, c ? &n->body : &n->else_body, L->cur_phase < 0);
}

static void unknown_stmt(struct lower *L, const struct ast *n)
{
	struct suggest s;
	struct diag_rec *r;
	int i;

	suggest_init(&s, n->name);
	for (i = 0; parse_statement_keywords[i]; i++)
		suggest_offer(&s, parse_statement_keywords[i]);
	r = diag_error(L->d, n->name_loc, "unknown statement '%s'", n->name);
	if (suggest_result(&s))
		diag_hint(r, "did you mean '%s'?", suggest_result(&s));
}

static void only_top(struct lower *L, const struct ast *n)
{
	struct diag_rec *r = diag_error(L->d, n->loc,
		"'%s' is a top-level statement, not inside a phase",
		ast_kind_name(n->kind));

	diag_hint(r, "move it above the phase");
}

void lower_stmts(struct lower *L, const struct ast_list *stmts, bool top)
{
	size_t i;

	for (i = 0; i < stmts->len && !diag_full(L->d); i++) {
		const struct ast *n = stmts->v[i];
		bool in_phase = L->cur_phase >= 0;

		switch (n->kind) {
		case AST_PARAM:
		case AST_SWEEP:
		case AST_TABLE:
		case AST_INCLUDE:
			/* Handled by check.c before and after the statements. */
			if (!top)
				only_top(L, n);
			else if (n->kind == AST_INCLUDE)
				lower_stmts(L, &n->body, true);
			break;
		case AST_REQUIRE:
			if (in_phase)
				only_top(L, n);
			else
				lower_require(L, n);
			break;
		case AST_SET:
			if (in_phase)
				only_top(L, n);
			else
				lower_set(L, n);
			break;
		case AST_POLICY:
			if (in_phase)
				only_top(L, n);
			else
				lower_policy(L, n);
			break;
		case AST_BACKING:
		case AST_REGION:
			if (in_phase)
				only_top(L, n);
			else
				lower_backing(L, n);
			break;
		case AST_VM:
			if (in_phase)
				only_top(L, n);
			else
				lower_vm(L, n);
			break;
		case AST_UFFD:
			if (in_phase)
				only_top(L, n);
			else
				lower_uffd(L, n);
			break;
		case AST_PHASE:
			lower_phase(L, n);
			break;
		case AST_GUEST:
			lower_guest(L, n);
			break;
		case AST_HOST:
			lower_host(L, n);
			break;
		case AST_VCPU:
			lower_vcpu(L, n);
			break;
		case AST_KSM:
			lower_ksm(L, n);
			break;
		case AST_SLEEP: {
			struct ir_op op = { .kind = IR_SLEEP, .loc = n->loc };

			if (!in_phase)
				diag_error(L->d, n->loc, "'sleep' runs inside a phase");
			else if (want_duration(L, n->a, "sleep", &op.sleep.ns))
				PUSH_OP(L, op);
			break;
		}
		case AST_WAIT:
			lower_wait(L, n);
			break;
		case AST_CONCURRENTLY:
			lower_concurrently(L, n);
			break;
		case AST_BLOCK:
			lower_stmts(L, &n->body, top);
			break;
		case AST_EXPECT:
			lower_expect(L, n);
			break;
		case AST_PRINT:
			lower_print(L, n);
			break;
		case AST_REPEAT:
			lower_repeat(L, n);
			break;
		case AST_IF:
			lower_if(L, n);
			break;
		case AST_UNKNOWN:
			unknown_stmt(L, n);
			break;
		default:
			diag_error(L->d, n->loc, "a %s is not a statement",
				   ast_kind_name(n->kind));
		}
	}
}
