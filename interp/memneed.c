// SPDX-License-Identifier: GPL-2.0-only
/*
 * memneed: the memory a scenario can take (see memneed.h). Touched
 * ranges are bounded above: an access is taken to fault the largest page
 * the kernel may give it (a huge page of THP, thp_size, for one byte of
 * anonymous or shared memory), so a stride below it touches a THP-able
 * range whole, and a sparser one at most that much per access.
 */
#include <stdlib.h>

#include "../runtime/knobs.h"
#include "memneed.h"
#include "value.h"

/* The pool knobs, in the order of sc->pools. */
static const struct {
	enum knob knob;
	int64_t page_size;
} pool_knobs[IR_POOLS] = {
	{ KNOB_HUGETLB_2M, 2LL << 20 },
	{ KNOB_HUGETLB_1G, 1LL << 30 },
};

/* Bytes [lo, hi) of backing b that an operation reaches, need of them. */
struct span {
	int b;
	int64_t lo, hi;
	int64_t need;		/* at most hi - lo: less for a sparse stride */
};

struct spans {
	struct span *v;
	size_t n, cap;
	const struct ir_scenario *sc;
	int64_t thp_size;	/* the largest page THP may fault for an access */
};

/*
 * [lo, hi) of backing b, reached by an access every stride bytes (0: all
 * of it): each access faults at most a page of the largest size the
 * kernel may give it.
 */
static void add_span(struct spans *s, int b, int64_t lo, int64_t hi,
		     int64_t stride)
{
	const struct ir_backing *bk = &s->sc->backings[b];
	int64_t page = bk->page_size, need = hi - lo, most;

	if (lo >= hi)
		return;
	if (!(backing_info[bk->type].flags & BK_HUGETLB) && page < s->thp_size)
		page = s->thp_size;
	if (stride > 0 &&
	    !__builtin_mul_overflow((need + stride - 1) / stride, page, &most) &&
	    most < need)
		need = most;
	grow_array((void **)&s->v, &s->cap, s->n + 1, sizeof(*s->v));
	s->v[s->n++] = (struct span){ b, lo, hi, need };
}

/*
 * A guest job's range of guest memory in its backing: the same offsets,
 * or with alias, where every memslot maps all of the backing, the range
 * folded onto it (at most the whole backing, however large the guest).
 */
static void guest_spans(struct spans *s, const struct ir_scenario *sc,
			const struct ir_guest_job *j)
{
	const struct ir_vm *vm = &sc->vms[j->vm];
	int64_t size, lo, folded;

	if (vm->placeholder || vm->backing < 0)
		return;		/* its line failed: the check does too */
	size = sc->backings[vm->backing].size;

	if (!vm->alias) {
		add_span(s, vm->backing, j->offset, j->offset + j->size, j->stride);
		return;
	}
	/*
	 * Folded, the accesses are no more than unfolded, but their spacing
	 * is lost where the backing is no multiple of the stride.
	 */
	folded = size % j->stride ? 0 : j->stride;
	if (j->size >= size) {
		add_span(s, vm->backing, 0, size, folded);
		return;
	}
	lo = j->offset % size;
	add_span(s, vm->backing, lo, lo + j->size < size ? lo + j->size : size,
		 folded);
	if (lo + j->size > size)
		add_span(s, vm->backing, 0, lo + j->size - size, folded);
}

/* ctx: the spans, with their scenario. */
static bool op_spans(const struct ir_op *op, void *ctx)
{
	struct spans *s = ctx;

	switch (op->kind) {
	case IR_MADVISE:	/* populating touches every page */
	case IR_HOST_ACCESS:
		if (op->kind == IR_HOST_ACCESS ||
		    op->mem.advice == ADVICE_POPULATE_READ ||
		    op->mem.advice == ADVICE_POPULATE_WRITE)
			add_span(s, op->mem.backing, op->mem.offset,
				 op->mem.offset + op->mem.size,
				 op->kind == IR_HOST_ACCESS ? op->mem.stride : 0);
		break;
	case IR_GUEST:
		guest_spans(s, s->sc, &op->guest);
		break;
	default:
		break;
	}
	return false;
}

static int span_cmp(const void *a, const void *b)
{
	const struct span *x = a, *y = b;

	if (x->b != y->b)
		return x->b < y->b ? -1 : 1;
	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	if (x->hi != y->hi)
		return x->hi < y->hi ? -1 : 1;
	return x->need < y->need ? -1 : x->need > y->need;
}

static bool same_span(const struct span *x, const struct span *y)
{
	return !span_cmp(x, y);
}

/*
 * Each noreserve backing's need: over each run of overlapping spans, the
 * sum of their needs (a span given twice, as by two passes, once), at
 * most the run's length: the union where every span is dense.
 */
static void touched(struct ir_scenario *sc, int64_t thp_size)
{
	struct spans s = { .sc = sc, .thp_size = thp_size };
	size_t i = 0;

	ir_visit_ops(&sc->ops, op_spans, &s);
	if (s.n)
		qsort(s.v, s.n, sizeof(*s.v), span_cmp);
	while (i < s.n) {
		struct ir_backing *b = &sc->backings[s.v[i].b];
		int64_t lo = s.v[i].lo, hi = s.v[i].hi, sum = s.v[i].need, len;

		for (i++; i < s.n && s.v[i].b == s.v[i - 1].b && s.v[i].lo <= hi; i++) {
			hi = s.v[i].hi > hi ? s.v[i].hi : hi;
			if (!same_span(&s.v[i], &s.v[i - 1]))
				sum = add_sat(sum, s.v[i].need);
		}
		len = (hi < b->size ? hi : b->size) - lo;
		if (b->noreserve)
			b->need += sum < len ? sum : len;
	}
	free(s.v);
}

/* The largest value the scenario gives each pool knob. */
static bool op_pools(const struct ir_op *op, void *ctx)
{
	struct ir_scenario *sc = ctx;

	for (int p = 0; p < IR_POOLS && op->kind == IR_SET_KNOB; p++)
		if (op->knob.knob == sc->pools[p].knob &&
		    op->knob.value.type == VT_INT &&
		    op->knob.value.i > sc->pools[p].pages) {
			sc->pools[p].pages = op->knob.value.i;
			sc->pools[p].loc = op->loc;
		}
	return false;
}

void memneed_compute(struct ir_scenario *sc, int64_t thp_size)
{
	sc->real_memory = sc->noreserve = sc->noreserve_touched = 0;
	for (int p = 0; p < IR_POOLS; p++)
		sc->pools[p] = (struct ir_pool){ .knob = pool_knobs[p].knob,
			.page_size = pool_knobs[p].page_size, .pages = -1 };
	for (size_t i = 0; i < sc->nbackings; i++) {
		struct ir_backing *b = &sc->backings[i];
		bool whole = !b->noreserve || b->prefault || b->has_fill;

		b->need = whole ? b->size : 0;
		/* A device's BAR: none of the machine's memory. */
		if (backing_info[b->type].flags & BK_PFNMAP)
			b->need = 0;
	}
	touched(sc, thp_size);
	for (size_t i = 0; i < sc->nbackings; i++) {
		const struct ir_backing *b = &sc->backings[i];

		sc->real_memory = add_sat(sc->real_memory, b->need);
		if (b->noreserve) {
			sc->noreserve = add_sat(sc->noreserve, b->size);
			sc->noreserve_touched = add_sat(sc->noreserve_touched, b->need);
		}
		for (int p = 0; p < IR_POOLS; p++)
			if ((backing_info[b->type].flags & BK_HUGETLB) &&
			    b->page_size == sc->pools[p].page_size)
				sc->pools[p].backed = add_sat(sc->pools[p].backed, b->need);
	}
	ir_visit_ops(&sc->ops, op_pools, sc);
}

int64_t memneed_pool(const struct ir_scenario *sc, int p, const int64_t *pool_now)
{
	const struct ir_pool *pl = &sc->pools[p];
	int64_t now = pool_now ? pool_now[p] : 0, grow;

	if (pl->pages <= now)
		return 0;
	if (__builtin_mul_overflow(pl->pages - now, pl->page_size, &grow))
		return INT64_MAX;
	return grow > pl->backed ? grow - pl->backed : 0;
}

int64_t memneed_total(const struct ir_scenario *sc, const int64_t *pool_now)
{
	int64_t sum = sc->real_memory;

	for (int p = 0; p < IR_POOLS; p++)
		sum = add_sat(sum, memneed_pool(sc, p, pool_now));
	return sum;
}

void memneed_read_pools(const struct ir_scenario *sc, int64_t pool_now[IR_POOLS])
{
	for (int p = 0; p < IR_POOLS; p++) {
		char buf[RT_KNOB_VALUE_MAX];
		struct rt_err err;

		/* An absent pool cannot grow: preflight skips its knob. */
		pool_now[p] = sc->pools[p].pages >= 0 &&
			      !rt_knob_read(sc->pools[p].knob, buf, sizeof(buf), &err) ?
			      atoll(buf) : 0;
	}
}

bool memneed_describe(struct strbuf *sb, const struct ir_scenario *sc,
		      const int64_t *pool_now, int64_t extra,
		      void (*fmt)(struct strbuf *sb, int64_t bytes))
{
	int64_t reserved = sc->real_memory - sc->noreserve_touched;
	size_t start = sb->len;
	bool any = extra || sc->noreserve ||
		   memneed_total(sc, pool_now) != sc->real_memory;

	if (!any)
		return false;
	if (reserved) {
		fmt(sb, reserved);
		sb_puts(sb, " for backings and regions");
	}
	if (sc->noreserve) {
		sb_puts(sb, sb->len > start ? ", " : "");
		fmt(sb, sc->noreserve_touched);
		sb_puts(sb, " touched of ");
		fmt(sb, sc->noreserve);
		sb_puts(sb, " noreserve");
	}
	for (int p = 0; p < IR_POOLS; p++) {
		int64_t grow = memneed_pool(sc, p, pool_now);

		if (!grow)
			continue;
		sb_puts(sb, sb->len > start ? ", " : "");
		fmt(sb, grow);
		sb_printf(sb, " for %s = %lld", knob_info[sc->pools[p].knob].name,
			  (long long)sc->pools[p].pages);
	}
	if (extra) {
		sb_puts(sb, sb->len > start ? ", " : "");
		fmt(sb, extra);
		sb_puts(sb, " for KVM's memslot metadata and scn's guest areas");
	}
	return true;
}

/* The threads of concurrently in b at once: the most of its ops'. */
static int64_t branch_threads(const struct ir_block *b)
{
	int64_t most = 0;

	for (size_t i = 0; i < b->n; i++) {
		const struct ir_op *op = &b->ops[i];
		int64_t n = branch_threads(&op->body);

		if (op->kind == IR_CONCURRENTLY) {
			n = 0;
			for (size_t k = 0; k < op->nbranches; k++)
				n = add_sat(n, add_sat(1, branch_threads(&op->branches[k])));
		} else {
			for (size_t k = 0; k < op->nbranches; k++) {
				int64_t m = branch_threads(&op->branches[k]);

				n = m > n ? m : n;
			}
		}
		most = n > most ? n : most;
	}
	return most;
}

/* The watchdog's monitor and the progress line's thread. */
#define OWN_THREADS 2

int64_t memneed_threads(const struct ir_scenario *sc, struct strbuf *parts)
{
	int64_t vcpus = 0, readers = 0, own = OWN_THREADS + branch_threads(&sc->ops);

	for (size_t i = 0; i < sc->nvms; i++)
		vcpus = add_sat(vcpus, sc->vms[i].vcpus);
	for (size_t i = 0; i < sc->nuffds; i++) {
		const struct ir_uffd *u = &sc->uffds[i];
		int64_t n = u->readers;

		if (u->per_vcpu && u->vm >= 0)
			n *= sc->vms[u->vm].vcpus;
		readers = add_sat(readers, n);
	}
	if (parts) {
		if (vcpus)
			sb_printf(parts, "%lld vCPU%s, ", (long long)vcpus,
				  vcpus == 1 ? "" : "s");
		if (readers)
			sb_printf(parts, "%lld uffd reader%s, ", (long long)readers,
				  readers == 1 ? "" : "s");
		sb_printf(parts, "%lld of scn's own", (long long)own);
	}
	return add_sat(add_sat(vcpus, readers), own);
}

bool memneed_has_threads(const struct ir_scenario *sc)
{
	return sc->nvms || sc->nuffds;
}
