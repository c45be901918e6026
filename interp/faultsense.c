// SPDX-License-Identifier: GPL-2.0-only
/*
 * A phase's `faults` counts the guest accesses KVM could not complete:
 * memory made read-only or unmapped under the guest, a memslot moved or
 * deleted, a hugetlb page the pool could not give (noreserve alone). A uffd serves its
 * faults inside KVM_RUN (the vCPU blocks, it does not exit), and host
 * accesses count apart, so `P.faults` read where nothing of that kind
 * can happen is 0 whatever the run does: a warning that names the count
 * that does see those faults.
 */
#include <stdlib.h>
#include <string.h>

#include "lower.h"

struct sense {
	const struct ir_scenario *sc;
	bool *vm_faults;	/* [vm]: something makes its accesses fault */
	int phase;		/* being looked at */
	bool guest, guest_faults, host, host_uffd;
	int guest_uffd;		/* a uffd on the memory of its guest jobs */
	int guest_vm;		/* a vm its guest jobs use */
	int host_uffd_line;
	bool *said;		/* [phase]: warned already */
	struct diag *d;
};

/* The uffd service on backing b (or vm v's memory), or -1. */
static int uffd_of(const struct ir_scenario *sc, int vm, int b)
{
	for (size_t i = 0; i < sc->nuffds; i++)
		if ((vm >= 0 && sc->uffds[i].vm == vm) ||
		    (vm < 0 && sc->uffds[i].vm < 0 && sc->uffds[i].backing == b))
			return (int)i;
	return -1;
}

/* What can make a vm's guest accesses fault, anywhere in the scenario. */
static bool mark_faulting(const struct ir_op *op, void *ctx)
{
	struct sense *s = ctx;
	const struct ir_scenario *sc = s->sc;

	for (size_t v = 0; v < sc->nvms; v++) {
		int b = sc->vms[v].backing;

		if ((op->kind == IR_MPROTECT && op->mem.backing == b &&
		     op->mem.prot != PROT_RW) ||
		    (op->kind == IR_MUNMAP && op->mem.backing == b) ||
		    (op->kind == IR_MEMSLOT && op->memslot.vm == (int)v &&
		     op->memslot.guest_slot >= 0 && op->memslot.op != MEMSLOT_ADD))
			s->vm_faults[v] = true;
	}
	return false;
}

/* What the phase being looked at does. */
static bool look(const struct ir_op *op, void *ctx)
{
	struct sense *s = ctx;
	const struct ir_scenario *sc = s->sc;

	if (op->kind == IR_GUEST) {
		s->guest = true;
		s->guest_vm = op->guest.vm;
		if (s->vm_faults[op->guest.vm])
			s->guest_faults = true;
		else if (s->guest_uffd < 0)
			s->guest_uffd = uffd_of(sc, op->guest.vm, -1);
	} else if (op->kind == IR_HOST_ACCESS) {
		int u = uffd_of(sc, -1, op->mem.backing);

		s->host = true;
		if (u >= 0) {
			s->host_uffd = true;
			s->host_uffd_line = sc->uffds[u].loc.first_line;
		}
	}
	return false;
}

/* Each phase op of phase s->phase (once per repeat around it). */
static bool look_phase(const struct ir_op *op, void *ctx)
{
	struct sense *s = ctx;

	if (op->kind == IR_PHASE && op->index == s->phase)
		ir_visit_ops(&op->body, look, s);
	return false;
}

/* The expression as written, for the message ("w.vcpu[1].faults"). */
static void written(struct loc loc, const char *fallback, char *out, size_t n)
{
	size_t len;
	const char *line = loc.src ? source_line(loc.src, loc.first_line, &len) : NULL;

	if (line && loc.last_line == loc.first_line &&
	    loc.last_column > loc.first_column && (size_t)loc.last_column - 1 <= len)
		snprintf(out, n, "%.*s", loc.last_column - loc.first_column,
			 line + loc.first_column - 1);
	else
		snprintf(out, n, "%s", fallback);
}

/* what: the expression read, or NULL for an 'expect fault' at loc. */
static void warn(struct sense *s, int p, struct loc loc, const char *what)
{
	const struct ir_scenario *sc = s->sc;
	const char *name = sc->phases[p].name;
	struct diag_rec *r;

	if (s->said[p])
		return;
	s->said[p] = true;
	s->phase = p;
	s->guest = s->guest_faults = s->host = s->host_uffd = false;
	s->guest_uffd = s->guest_vm = -1;
	ir_visit_ops(&sc->ops, look_phase, s);
	if (s->guest_faults)
		return;
	if (s->guest) {
		const struct ir_vm *v = &sc->vms[s->guest_vm];
		const struct ir_backing *b = &sc->backings[v->backing];

		/*
		 * A hugetlb pool that runs dry faults too, but only under
		 * noreserve: else mmap reserved every page. And never where a
		 * uffd serves the memory: the kernel hands the fault to it
		 * before it asks the pool (a dry pool fails the reader's
		 * UFFDIO_COPY, not the vCPU's access).
		 */
		if ((backing_info[b->type].flags & BK_HUGETLB) && b->noreserve &&
		    s->guest_uffd < 0)
			return;
		if (what)
			r = diag_warning(s->d, loc,
					 "'%s' counts the guest accesses KVM could not complete (memory made read-only or unmapped, a memslot moved or deleted), and nothing in the scenario does that to vm '%s': it stays 0",
					 what, v->name);
		else
			r = diag_warning(s->d, loc,
					 "'expect fault' wants guest accesses KVM could not complete (memory made read-only or unmapped, a memslot moved or deleted), and nothing in the scenario does that to vm '%s': it fails",
					 v->name);
		if (s->guest_uffd >= 0)
			diag_hint(r, "the faults the uffd of line %d serves are %s.uffd.faults",
				  sc->uffds[s->guest_uffd].loc.first_line, name);
		return;
	}
	if (what)
		r = diag_warning(s->d, loc, "'%s' counts the faults of guest jobs, and phase '%s' runs none: it stays 0",
				 what, name);
	else
		r = diag_warning(s->d, loc, "'expect fault' wants faults of guest jobs, and phase '%s' runs none: it fails",
				 name);
	if (s->host_uffd)
		diag_hint(r, "the faults the uffd of line %d serves are %s.uffd.faults",
			  s->host_uffd_line, name);
	else if (s->host)
		diag_hint(r, "the pages host write and read find faulting are %s.host_faults",
			  name);
}

static bool faults_of(const struct ir_expr *x)
{
	return x && x->kind == IRX_METRIC && x->metric == METRIC_FAULTS &&
	       x->phase >= 0;
}

static bool zero(const struct ir_expr *x)
{
	return x->kind == IRX_CONST && x->v.type == VT_INT && x->v.i == 0;
}

/* P.faults == 0 says what the warning would: no need for it. */
static bool says_none(const struct ir_expr *x)
{
	return x->kind == IRX_BINARY && (x->op == OP_EQ || x->op == OP_LE) &&
	       ((faults_of(x->a) && zero(x->b)) ||
		(x->op == OP_EQ && zero(x->a) && faults_of(x->b)));
}

static void walk(struct sense *s, const struct ir_expr *x)
{
	char what[160];

	if (!x || says_none(x))
		return;
	if (faults_of(x)) {
		char fallback[96];

		snprintf(fallback, sizeof(fallback), "%s.faults",
			 s->sc->phases[x->phase].name);
		written(x->loc, fallback, what, sizeof(what));
		warn(s, x->phase, x->loc, what);
	}
	walk(s, x->a);
	walk(s, x->b);
	walk(s, x->c);
}

/* Where faults are read: prints, expectations, waits, metrics. */
static bool on_op(const struct ir_op *op, void *ctx)
{
	struct sense *s = ctx;

	switch (op->kind) {
	case IR_EXPECT_FAULT:
		if (op->fault.phase >= 0)
			warn(s, op->fault.phase, op->loc, NULL);
		break;
	case IR_PRINT:
		for (size_t k = 0; k < op->print.n; k++)
			walk(s, op->print.parts[k].expr);
		break;
	case IR_EXPECT:
		walk(s, op->expect.cond);
		break;
	case IR_WAIT:
		walk(s, op->wait.cond);
		break;
	case IR_METRIC:
		walk(s, op->metric.value);
		break;
	default:
		break;
	}
	return false;
}

void warn_faults_unseen(struct lower *L)
{
	const struct ir_scenario *sc = L->sc;
	struct sense s = { .sc = sc, .d = L->d };

	if (!sc->nphases)
		return;
	s.vm_faults = xcalloc(sc->nvms + 1, sizeof(*s.vm_faults));
	s.said = xcalloc(sc->nphases, sizeof(*s.said));
	ir_visit_ops(&sc->ops, mark_faulting, &s);
	ir_visit_ops(&sc->ops, on_op, &s);
	walk(&s, sc->table_value);
	free(s.vm_faults);
	free(s.said);
}
