// SPDX-License-Identifier: GPL-2.0-only
/*
 * Declarations: param, require, set, policy, backing, region, vm and uffd.
 * Each reads its keys, checks types, ranges and the kernel's rules for
 * the memory involved, and records the features it needs.
 */
#include <string.h>

#include "gmem.h"
#include "pfnmap.h"
#include "items.h"
#include "lower.h"
#include "words.h"

#define KIB 1024LL
#define GIB (1024LL * 1024 * 1024)
#define TIB (1024LL * GIB)
/* The local APIC's page in an x86 guest (APIC_DEFAULT_PHYS_BASE). */
#define X86_APIC_GPA 0xfee00000LL
/* KVM_USER_MEM_SLOTS on x86 (KVM_MEM_SLOTS_NUM less the private ones). */
#define MAX_MEMSLOTS 32764
/* What a VM's memory may take of them: scn's own area has one. */
#define MAX_GUEST_SLOTS (MAX_MEMSLOTS - 1)

static const char *const stmt_keys_none[] = { NULL };

/*
 * Whether size is a hugetlb page size the machine's kernel can have; if
 * not, says which it can: "hugetlb pages are 2M or 1G on x86_64", "...
 * 2M, 32M or 1G on aarch64 with 16K pages".
 */
static bool hugetlb_size_ok(struct lower *L, struct loc at, int64_t size)
{
	int64_t sizes[RT_FACTS_HUGETLB_MAX];
	int n = rt_facts_hugetlb_sizes(L->facts, sizes);
	struct strbuf sb;

	for (int i = 0; i < n; i++)
		if (sizes[i] == size)
			return true;
	sb_init(&sb);
	for (int i = 0; i < n; i++) {
		if (i)
			sb_puts(&sb, i == n - 1 ? " or " : ", ");
		format_size(&sb, sizes[i]);
	}
	sb_printf(&sb, " on %s", L->facts->arch);
	if (L->facts->page_size != 4 * KIB) {
		sb_puts(&sb, " with ");
		format_size(&sb, L->facts->page_size);
		sb_puts(&sb, " pages");
	}
	diag_error(L->d, at, "hugetlb pages are %s", sb.buf);
	sb_free(&sb);
	return false;
}

/* A backing (or region) by name, for statements that act on memory. */
int find_backing(struct lower *L, const struct ast *n, bool regions_ok)
{
	const char *name = item_name(n);
	const struct sym *s = name ? sym_find(&L->syms, name) : NULL;
	struct diag_rec *r;

	if (!name) {
		diag_error(L->d, n->loc, "expected the name of a backing or region");
		return -1;
	}
	if (s && s->kind == SYM_BACKING && s->index < 0)
		return -1;	/* its declaration failed and said so */
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

int find_vm(struct lower *L, const struct ast *n, const struct ast *at)
{
	const char *name;
	const struct sym *s;
	struct diag_rec *r;

	if (!n) {
		if (L->sc->nvms == 1)
			return 0;
		if (!L->sc->nvms && L->vm_failed)
			return -1;	/* the vm's own error says it */
		r = diag_error(L->d, at->loc, L->sc->nvms ? "which vm? there are %zu" :
					      "no vm is declared before this line",
			       L->sc->nvms);
		diag_hint(r, L->sc->nvms ? "add vm=NAME" :
			  "declare one first: vm guest backing=NAME vcpus=N");
		return -1;
	}
	name = item_name(n);
	s = name ? sym_find(&L->syms, name) : NULL;
	if (s && s->kind == SYM_VM && s->index < 0)
		return -1;
	if (!s || s->kind != SYM_VM) {
		r = diag_error(L->d, n->loc, "no vm named '%s'",
			       name ? name : expr_text(L, n));
		if (L->sc->nvms == 1)
			diag_hint(r, "did you mean '%s'?", L->sc->vms[0].name);
		return -1;
	}
	return s->index;
}

bool aligned(struct lower *L, const struct ast *at, const char *what,
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
	struct ir_param p = { .name = n->name, .loc = ast_name_loc(n) };
	struct value def;
	size_t i, k;

	if (!static_value(L, n->a, "a parameter's default", &def))
		def.type = VT_NONE;
	p.value = def;
	/*
	 * The strongest override wins: sweep point, then -D, then include
	 * ... with (check.c keeps them in that order). The weaker ones for
	 * the same name are used up, not reported as unknown.
	 */
	for (i = 0; i < L->novr; i++)
		if (!strcmp(L->ovr[i].name, n->name) && !L->ovr[i].used)
			break;
	for (k = i + 1; k < L->novr; k++)
		if (!strcmp(L->ovr[k].name, n->name))
			L->ovr[k].used = true;
	for (; i < L->novr; i = L->novr) {
		struct override *o = &L->ovr[i];
		enum val_type t = o->value.type;

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
				"'%s' is %s (its default is at %s:%d), not %s",
				n->name, val_type_a(def.type), n->loc.src->name,
				n->loc.first_line, val_type_a(t));

			if (def.type == VT_SIZE && t == VT_INT &&
			    o->origin != ORIGIN_SWEEP)
				diag_hint(r, "give it a unit: %s=4G", n->name);
		}
	}
	if (sym_add(L, n->name, SYM_PARAM, (int)L->sc->nparams, ast_name_loc(n)))
		PUSH_ARENA(L, L->sc->params, L->sc->nparams, L->params_cap, p);
}

static const char *const fact_reqs[] = { "nodes", "cpus", "mem", NULL };

void lower_require(struct lower *L, const struct ast *n)
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
			r = diag_error(L->d, ast_name_loc(q), "unknown requirement '%s'",
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
			if (!want_size(L, q->a, "a hugetlb page size", &arg) ||
			    !hugetlb_size_ok(L, q->a->loc, arg))
				continue;
		}
		add_require(L, f, NULL, OP_NONE, arg, true, q->loc, NULL);
	}
}

/* ksm.run = 1: the knob's type and range, before anything is written. */
void lower_set(struct lower *L, const struct ast *n)
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
			r = diag_error(L->d, ast_name_loc(a), "unknown knob '%s'", a->name);
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
				char *w = arena_strdup(L->ar, p);

				words_scenario_spelling(w);
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
				diag_error(L->d, a->a->loc, "%s takes an integer, not %s",
					   a->name, val_type_a(v.type));
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
		if (!strncmp(ki->name, "kernel.numa_balancing", 21))
			need(L, RT_FEAT_NUMA_BALANCING, a->loc, "set kernel.numa_balancing*");
		PUSH_OP(L, op);
	}
}

/* policy local | bind 0 | interleave all | interleave [0, 1] */
void lower_policy(struct lower *L, const struct ast *n)
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
	"nohugepage", "hugepage", "pagesize", "fill", "node", "noreserve", "mmap", "init_shared", "align", NULL };

void lower_backing(struct lower *L, const struct ast *n)
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
		/*
		 * The machine's base page, or for hugetlb its PMD-sized
		 * page: what the kernel maps, faults, logs dirty and asks
		 * uffd to resolve a page at a time (2M: x86's and arm64's
		 * default hugepagesz with 4K pages; 32M with 16K).
		 */
		b.page_size = bi->flags & BK_HUGETLB ? rt_facts_pmd_size(L->facts) :
						       L->facts->page_size;
		/* A pfnmap's is its alignment. */
		if (!pfnmap_backing(L, &it, n, &b))
			ok = false;
		if ((a = items_attr(&it, "pagesize")) && want_size(L, a, "pagesize", &x)) {
			if (bi->flags & BK_HUGETLB) {
				if (hugetlb_size_ok(L, a->loc, x))
					b.page_size = x;
				else
					ok = false;
			} else if (x != b.page_size) {
				struct strbuf sb;

				sb_init(&sb);
				format_size(&sb, b.page_size);
				diag_error(L->d, a->loc, "%s memory has %s pages",
					   bi->name, sb.buf);
				sb_free(&sb);
				ok = false;
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
		if (!gmem_backing(L, &it, n, &b))
			ok = false;
	}
	items_finish(&it, what, backing_keys);
	if (!ok) {
		/* Known but broken: later uses of the name stay quiet. */
		if (!sym_find(&L->syms, n->name))
			sym_add(L, n->name, SYM_BACKING, -1, ast_name_loc(n));
		return;
	}
	if (!sym_add(L, n->name, SYM_BACKING, (int)L->sc->nbackings, ast_name_loc(n)))
		return;
	op.index = (int)L->sc->nbackings;
	PUSH_ARENA(L, L->sc->backings, L->sc->nbackings, L->backings_cap, b);
	PUSH_OP(L, op);
}

static const char *const vm_keys[] = { "backing", "mem", "alias", "vcpus",
	"slots", "ring", "pin", "gpa", "dirty_ring", "guest_page", NULL };

/* The ring a job runs in: 0, 3 or auto. */
bool want_ring(struct lower *L, const struct ast *a, enum ring *out)
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

/* The page size of the guest's own tables: 4K, 2M, 1G, or auto (0). */
static bool want_guest_page(struct lower *L, const struct ast *a, int64_t *out)
{
	struct value v;

	if (!static_value(L, a, "guest_page", &v))
		return false;
	if (v.type == VT_WORD && !strcmp(v.s, "auto")) {
		*out = 0;
		return true;
	}
	if (v.type == VT_SIZE && (v.i == 4096 || v.i == 2 << 20 || v.i == 1 << 30)) {
		*out = v.i;
		/* scn's arm64 and riscv64 tables have no 1 GiB leaves: the same SKIP. */
		if (v.i == 1 << 30)
			need(L, RT_FEAT_CPU_PDPE1GB, a->loc, "guest_page=1G");
		return true;
	}
	diag_hint(diag_error(L->d, a->loc, "guest_page is 4K, 2M, 1G or auto"),
		  "the page size of the guest's own page tables; auto (the default) is the largest its CPU offers");
	return false;
}

void lower_vm(struct lower *L, const struct ast *n)
{
	struct ir_vm vm = { .name = n->name, .loc = n->loc, .vcpus = 1,
			    .nr_slots = 1, .backing = -1 };
	struct ir_op op = { .kind = IR_CREATE_VM, .loc = n->loc };
	const struct ir_backing *b = NULL;
	const struct ast *a, *mem_at = n, *gpa_at;
	struct items it;
	int64_t x;
	bool ok = true, mem_known = true, vcpus_known = true;

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
			ok = mem_known = false;
	}
	vm.alias = items_flag(&it, "alias", false);
	if ((a = items_attr(&it, "vcpus"))) {
		if (want_int(L, a, "vcpus", 1, 4096, &x))
			vm.vcpus = (int)x;
		else
			ok = vcpus_known = false;
	}
	if ((a = items_attr(&it, "slots"))) {
		if (vm.alias) {
			diag_error(L->d, a->loc, "slots= and alias together: alias makes mem / backing size slots");
			ok = false;
		} else if (want_int(L, a, "slots", 1, MAX_GUEST_SLOTS, &x)) {
			vm.nr_slots = (int)x;
		} else {
			ok = false;
		}
	}
	if ((a = items_attr(&it, "ring")) && !want_ring(L, a, &vm.ring))
		ok = false;
	vm.pin = items_flag(&it, "pin", false);
	if ((gpa_at = a = items_attr(&it, "gpa")) &&
	    (!want_size(L, a, "gpa", &vm.gpa_base) ||
	     (b && !aligned(L, a, "gpa", vm.gpa_base, b->page_size))))
		ok = false;
	if ((a = items_attr(&it, "dirty_ring"))) {
		/* KVM takes a power of two of at least a page of entries. */
		int64_t least = L->facts->page_size / 16;

		if (!want_int(L, a, "dirty_ring", 0, 65536, &x)) {
			ok = false;
		} else if (x && x < least) {
			struct diag_rec *r = diag_error(L->d, a->loc,
				"dirty_ring=%lld is less than a page of entries", (long long)x);

			diag_hint(r, "KVM takes %lld entries of 16 bytes or more; 0 logs through the bitmaps",
				  (long long)least);
			ok = false;
		} else if (x & (x - 1)) {
			struct diag_rec *r = diag_error(L->d, a->loc,
				"dirty_ring=%lld is not a power of two", (long long)x);

			diag_hint(r, "entries per vCPU, as KVM takes them: 256, 512, ... 65536");
			ok = false;
		} else if (x) {
			vm.dirty_ring = (int)x;
			need(L, RT_FEAT_KVM_DIRTY_RING, a->loc, "dirty_ring");
		}
	}
	if ((a = items_attr(&it, "guest_page")) && !want_guest_page(L, a, &vm.guest_page))
		ok = false;
	items_finish(&it, "vm", vm_keys);
	if (ok && b && !gmem_vm_ok(L, &vm, vm.backing, n->loc))
		ok = false;
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
			} else if (vm.mem / b->size > MAX_GUEST_SLOTS) {
				struct diag_rec *r = diag_error(L->d, mem_at->loc,
					"alias would need %lld memslots; KVM allows %d, one of them scn's own",
					(long long)(vm.mem / b->size), MAX_MEMSLOTS);

				diag_hint(r, "at most %d memslots of '%s' (%s each)",
					  MAX_GUEST_SLOTS, b->name, s2.buf);
				ok = false;
			} else {
				vm.nr_slots = (int)(vm.mem / b->size);
				vm.slot_size = b->size;
			}
		} else if (vm.mem > b->size) {
			struct diag_rec *r = diag_error(L->d, mem_at->loc,
				"vm '%s' has %s of memory but backing '%s' has %s",
				n->name, s1.buf, b->name, s2.buf);
			if (backing_info[b->type].flags & BK_KVM)
				diag_hint(r, "make the backing larger: the memslots of a guest_memfd are ranges of the file, and none may pass its end");
			else
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
		/*
		 * x86's local APIC sits at gpa 0xfee00000, and KVM's emulator
		 * takes every access there as MMIO whatever memslot holds it:
		 * on PVM hosts ring 0 is emulated, so a guest whose memory
		 * spans that page faults there with KVM_EXIT_MMIO. Memory that
		 * would reach it starts at 4 GiB instead, as the selftests'
		 * (max_guest_memory_test, mmu_stress_test) does.
		 */
		if (!strcmp(L->facts->arch, "x86_64")) {
			if (ok && !gpa_at && vm.mem > X86_APIC_GPA)
				vm.gpa_base = 4 * GIB;
			/* Nor does a memslot added without gpa= land on that page. */
			vm.hole_gpa = X86_APIC_GPA;
			vm.hole_size = 4096;
		}
		sb_free(&s1);
		sb_free(&s2);
	}
	need(L, RT_FEAT_KVM, n->loc, "vm");
	if (!ok) {
		/*
		 * The phases that use it are still checked, against a
		 * stand-in: one round of fixing shows their errors too.
		 */
		vm.placeholder = true;
		if (!mem_known || vm.mem <= 0)
			vm.mem = 64 * TIB;
		if (!vcpus_known)
			vm.vcpus = 4096;
		if (!vm.slot_size) {
			vm.nr_slots = MAX_MEMSLOTS;
			vm.slot_size = vm.mem / MAX_MEMSLOTS;
		}
		L->vm_failed = true;
	}
	if (!sym_add(L, n->name, SYM_VM, (int)L->sc->nvms, ast_name_loc(n)))
		return;
	if (!vm.placeholder)
		L->sc->guest_memory += vm.mem;
	op.index = (int)L->sc->nvms;
	PUSH_ARENA(L, L->sc->vms, L->sc->nvms, L->vms_cap, vm);
	PUSH_OP(L, op);
}

/* The longest delay= a fault may be held (docs/language.md, uffd). */
#define UFFD_DELAY_MAX (60 * 1000000000LL)

static const char *const uffd_keys[] = { "mode", "readers", "wait", "delay",
	"per_vcpu", "resolve", NULL };

void lower_uffd(struct lower *L, const struct ast *n)
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
	if (s && s->index < 0) {
		ok = false;	/* the vm or backing failed and said so */
	} else if (s && s->kind == SYM_VM) {
		u.vm = s->index;
		u.backing = L->sc->vms[s->index].backing;
		u.per_vcpu = true;
	} else if (s && s->kind == SYM_BACKING) {
		u.backing = s->index;
	} else {
		struct diag_rec *r = diag_error(L->d, ast_name_loc(n),
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
	/* Each fault waits it out: longer is a hang, not a slow fault. */
	if (a && ok && u.delay > UFFD_DELAY_MAX) {
		struct strbuf sb;

		sb_init(&sb);
		format_duration(&sb, u.delay);
		diag_hint(diag_error(L->d, a->loc, "delay=%s is longer than a fault may wait (60s at most)",
				     sb.buf),
			  "a delay is per fault: a region of N pages waits N times it");
		sb_free(&sb);
		ok = false;
	}
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

		if (!pfnmap_allows(L, b, n->loc, "uffd")) {
			ok = false;
		} else if (bi->flags & BK_KVM) {
			if (!gmem_host_ok(L, b, n->loc, "uffd"))
				ok = false;
			else if (u.mode != UFFD_MISSING)
				r = diag_error(L->d, n->loc, "uffd mode=%s on guest_memfd '%s': UFFDIO_REGISTER takes no %s mode on it (EINVAL)",
					       words_uffd_mode[u.mode], b->name,
					       words_uffd_mode[u.mode]);
		} else if (u.mode == UFFD_MINOR && !(bi->flags & BK_MINOR)) {
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
		else if (bi->flags & BK_KVM)
			need(L, RT_FEAT_UFFD_GUEST_MEMFD, n->loc, "uffd on guest_memfd");
		else if (huge)
			need(L, RT_FEAT_UFFD_MISSING_HUGETLB, n->loc, "uffd on hugetlb");
		else if (shared)
			need(L, RT_FEAT_UFFD_MISSING_SHMEM, n->loc, "uffd on shared memory");
		if (resolve == 3)
			need(L, RT_FEAT_UFFD_MOVE, n->loc, "resolve=move");
	}
	if (!ok)
		return;
	/* A minor fault is resolved by UFFDIO_CONTINUE, a missing one by COPY. */
	u.resolve = resolve >= 0 ? (enum uffd_resolve)resolve :
		    u.mode == UFFD_MINOR ? RESOLVE_CONTINUE : RESOLVE_COPY;
	op.index = (int)L->sc->nuffds;
	PUSH_ARENA(L, L->sc->uffds, L->sc->nuffds, L->uffds_cap, u);
	PUSH_OP(L, op);
}

