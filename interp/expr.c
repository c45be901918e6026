// SPDX-License-Identifier: GPL-2.0-only
/*
 * Expression lowering: names resolved, types checked, constants folded.
 * An expression that fails returns a NONE constant; operations on NONE
 * stay silent, so one mistake gives one error, not a cascade.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime/cgroup.h"
#include "../runtime/ksm.h"
#include "lower.h"
#include "words.h"

static const char *const duration_members[] = { "ns", "us", "ms", "seconds",
						NULL };

struct ir_expr *ir_const(struct lower *L, struct value v, struct loc loc)
{
	struct ir_expr *x = arena_alloc(L->ar, sizeof(*x));

	x->kind = IRX_CONST;
	x->type = v.type;
	x->v = v;
	x->loc = loc;
	x->phase = -1;
	return x;
}

static struct ir_expr *bad(struct lower *L, struct loc loc)
{
	return ir_const(L, (struct value){ .type = VT_NONE }, loc);
}

static struct ir_expr *node(struct lower *L, enum irx_kind kind,
			    enum val_type type, struct loc loc)
{
	struct ir_expr *x = arena_alloc(L->ar, sizeof(*x));

	x->kind = kind;
	x->type = type;
	x->loc = loc;
	x->phase = -1;
	return x;
}

/* A phase declared further down, by name; NULL if there is none. */
static const struct ast *later_phase(const struct ast_list *l, const char *name)
{
	const struct ast *p;
	size_t i;

	for (i = 0; l && i < l->len; i++) {
		const struct ast *n = l->v[i];

		if (n->kind == AST_PHASE && !strcmp(n->name, name))
			return n;
		if ((p = later_phase(&n->body, name)) ||
		    (n->kind == AST_IF && (p = later_phase(&n->c->body, name))))
			return p;
	}
	return NULL;
}

static void unknown_name(struct lower *L, const struct ast *e)
{
	const struct ast *later = later_phase(L->file, e->name);
	struct suggest s;
	struct diag_rec *r;
	size_t i;

	if (L->quiet)
		return;
	if (later) {
		r = diag_error(L->d, e->loc, "phase '%s' runs later, at line %d",
			       e->name, later->loc.first_line);
		diag_hint(r, "its results exist once it has run: move this below it");
		return;
	}
	suggest_init(&s, e->name);
	for (i = 0; i < L->syms.cap; i++)
		if (L->syms.v[i].name)
			suggest_offer(&s, L->syms.v[i].name);
	for (i = 0; fact_names[i]; i++)
		suggest_offer(&s, fact_names[i]);
	r = diag_error(L->d, e->loc, "unknown name '%s'", e->name);
	if (suggest_result(&s))
		diag_hint(r, "did you mean '%s'?", suggest_result(&s));
}

static struct ir_expr *lower_name(struct lower *L, const struct ast *e)
{
	const struct sym *sym = sym_find(&L->syms, e->name);
	struct value v;
	struct diag_rec *r;

	if (sym) {
		switch (sym->kind) {
		case SYM_PARAM:
			return ir_const(L, L->sc->params[sym->index].value,
					e->loc);
		case SYM_PHASE:
			if (sym->index < 0)	/* its declaration failed */
				return bad(L, e->loc);
			r = diag_error(L->d, e->loc,
				       "phase '%s' is not a value", e->name);
			diag_hint(r, "name a result: %s.time, %s.pages, %s.rate, ...",
				  e->name, e->name, e->name);
			return bad(L, e->loc);
		default:
			diag_error(L->d, e->loc, "'%s' is a %s, not a value",
				   e->name, sym_kind_name(sym->kind));
			return bad(L, e->loc);
		}
	}
	if (fact_value(L->facts, e->name, &v))
		return ir_const(L, v, e->loc);
	if (words_known(e->name))
		return ir_const(L, val_word(e->name), e->loc);
	unknown_name(L, e);
	return bad(L, e->loc);
}

/* Flattens a.b.c[i].d into its parts; false if it is not such a chain. */
struct chain {
	const struct ast *root;
	const struct ast *part[8];	/* MEMBER or INDEX nodes, root first */
	int n;
};

static bool flatten(const struct ast *e, struct chain *c)
{
	if (e->kind == AST_NAME) {
		c->root = e;
		c->n = 0;
		return true;
	}
	if (e->kind != AST_MEMBER && e->kind != AST_INDEX)
		return false;
	if (!flatten(e->a, c) || c->n == (int)ARRAY_SIZE(c->part))
		return false;
	c->part[c->n++] = e;
	return true;
}

static int lookup_metric(const char *name)
{
	int m;

	for (m = 0; m < METRIC__COUNT; m++)
		if (!strcmp(metric_name(m), name))
			return m;
	return -1;
}

static int lookup_stat(const char *name)
{
	int s;

	for (s = 0; s < STAT__COUNT; s++)
		if (!strcmp(stat_name(s), name))
			return s;
	return -1;
}

static void bad_member(struct lower *L, const struct ast *m, const char *what)
{
	struct suggest s;
	struct diag_rec *r;
	int i;

	suggest_init(&s, m->name);
	for (i = 0; i < METRIC__COUNT; i++)
		suggest_offer(&s, metric_name(i));
	for (i = 0; i < STAT__COUNT; i++)
		suggest_offer(&s, stat_name(i));
	for (i = 0; phase_member_names[i]; i++)
		suggest_offer(&s, phase_member_names[i]);
	for (i = 0; gauge_source_names[i]; i++)
		suggest_offer(&s, gauge_source_names[i]);
	r = diag_error(L->d, ast_name_loc(m), "%s has no result '%s'", what,
		       m->name);
	if (suggest_result(&s))
		diag_hint(r, "did you mean '%s'?", suggest_result(&s));
	else
		diag_hint(r, "a phase has time, seconds, ns, pages, accesses, rate, faults, host_faults, passes, exits, dirty, lat_p50, vcpu[i].*, ksm.*, kvm.*, delta.vmstat.*");
}

static bool gauge_name_ok(const char *name)
{
	size_t i;

	for (i = 0; name[i]; i++)
		if (!((name[i] >= 'a' && name[i] <= 'z') ||
		      (name[i] >= '0' && name[i] <= '9') || name[i] == '_'))
			return false;
	return i > 0;
}

/*
 * KSM's counters and numeric knobs, and ksm_stat's fields, are a known
 * set (vmstat's are not: any name is taken, the run says if it is there).
 */
static bool ksm_name_ok(struct lower *L, const struct ast *at,
			enum gauge_source src, const char *name)
{
	struct suggest s;
	int i;

	suggest_init(&s, name);
	if (src == GAUGE_KSM_STAT) {
		for (i = 0; i < KSMS__COUNT; i++)
			if (!strcmp(rt_ksm_stat_name(i), name))
				return true;
			else
				suggest_offer(&s, rt_ksm_stat_name(i));
	} else {
		for (i = 0; i < KSMC__COUNT; i++)
			if (!strcmp(rt_ksm_counter_name(i), name))
				return true;
			else
				suggest_offer(&s, rt_ksm_counter_name(i));
		for (i = 0; i < KNOB__COUNT; i++)
			if (!strncmp(knob_info[i].name, "ksm.", 4) &&
			    knob_info[i].kind == KNOB_INT) {
				if (!strcmp(knob_info[i].name + 4, name))
					return true;
				suggest_offer(&s, knob_info[i].name + 4);
			}
	}
	diag_hint(diag_error(L->d, at->loc, "'%s' is not a %s counter", name,
			     src == GAUGE_KSM_STAT ? "ksm_stat" : "KSM"),
		  suggest_result(&s) ? "did you mean '%s'?" : "see docs/environment.md%s",
		  suggest_result(&s) ? suggest_result(&s) : "");
	return false;
}

static struct ir_expr *gauge(struct lower *L, const struct ast *at,
			     const char *src, const char *name, int phase,
			     bool delta)
{
	struct ir_expr *x = node(L, delta ? IRX_GAUGE_DELTA : IRX_GAUGE,
				 VT_INT, at->loc);

	x->gauge = (enum gauge_source)words_index(gauge_source_names, src);
	x->gauge_name = name;
	x->phase = phase;
	if (!gauge_name_ok(name)) {
		diag_error(L->d, at->loc, "'%s' is not a counter name", name);
		return bad(L, at->loc);
	}
	if (x->gauge == GAUGE_KVM) {
		diag_error(L->d, at->loc,
			   "KVM's statistics are a phase's: write P.kvm.%s or P.delta.kvm.%s",
			   name, name);
		return bad(L, at->loc);
	}
	if (x->gauge == GAUGE_MEMCG && rt_cgroup_stat_is_bytes(name))
		x->type = VT_SIZE;
	if (x->gauge == GAUGE_MEMCG || x->gauge == GAUGE_MEMCG_EVENTS) {
		/* The cgroup's counters count from where it is made. */
		if (!L->sc->cgroup) {
			diag_hint(diag_error(L->d, at->loc,
					     "%s.%s counts the scenario's cgroup, and none is declared above",
					     src, name),
				  "declare one first: cgroup box memory.max=1G");
			return bad(L, at->loc);
		}
		return x;
	}
	if (x->gauge != GAUGE_VMSTAT) {
		if (!ksm_name_ok(L, at, x->gauge, name))
			return bad(L, at->loc);
		need(L, x->gauge == GAUGE_KSM_STAT ? RT_FEAT_KSM_STAT : RT_FEAT_KSM,
		     at->loc, "a KSM counter");
	}
	return x;
}

/* d.ns, d.us, d.ms (integers) and d.seconds (real) of a duration d. */
static struct ir_expr *duration_member(struct lower *L, struct ir_expr *x,
				       const struct ast *m)
{
	static const int64_t per[] = { 1, 1000, 1000000, 1000000000 };
	int u = words_index(duration_members, m->name);
	struct ir_expr *q;

	if (x->type == VT_NONE)
		return x;
	if (x->type != VT_DURATION || u < 0) {
		diag_error(L->d, ast_name_loc(m), "%s has no member '%s'",
			   val_type_a(x->type),
			   m->name);
		return bad(L, m->loc);
	}
	if (x->kind == IRX_CONST)
		return ir_const(L, u == 3 ? val_real((double)x->v.i / 1e9) :
				    val_int(x->v.i / per[u]), m->loc);
	q = node(L, IRX_IN_UNIT, u == 3 ? VT_REAL : VT_INT, m->loc);
	q->a = x;
	q->v = val_int(per[u]);
	return q;
}

/*
 * P.kvm.NAME, P.delta.kvm.NAME and their P.kvm.vcpu[i].NAME forms: KVM's
 * statistics, which the kernel names (any name is taken; the run says if
 * it is there). c->part[k] is "kvm".
 */
static struct ir_expr *kvm_stat(struct lower *L, const struct ast *e,
				const struct chain *c, int k, int phase, bool delta)
{
	const char *p = L->sc->phases[phase].name;
	struct ir_expr *x = node(L, delta ? IRX_GAUGE_DELTA : IRX_GAUGE, VT_INT,
				 e->loc);

	x->gauge = GAUGE_KVM;
	x->phase = phase;
	if (c->n == k + 4 && c->part[k + 1]->kind == AST_MEMBER &&
	    !strcmp(c->part[k + 1]->name, "vcpu") && c->part[k + 2]->kind == AST_INDEX) {
		x->vcpu = lower_expr(L, c->part[k + 2]->b, EXPR_DYNAMIC);
		if (x->vcpu->type != VT_INT) {
			if (x->vcpu->type != VT_NONE)
				diag_error(L->d, c->part[k + 2]->b->loc,
					   "a vCPU index is an integer, not %s",
					   val_type_a(x->vcpu->type));
			return bad(L, e->loc);
		}
	} else if (c->n != k + 2) {
		diag_error(L->d, e->loc, "write %s.%skvm.NAME or %s.%skvm.vcpu[i].NAME",
			   p, delta ? "delta." : "", p, delta ? "delta." : "");
		return bad(L, e->loc);
	}
	if (c->part[c->n - 1]->kind != AST_MEMBER ||
	    !gauge_name_ok(c->part[c->n - 1]->name)) {
		diag_error(L->d, c->part[c->n - 1]->loc, "not a statistic's name");
		return bad(L, e->loc);
	}
	x->gauge_name = c->part[c->n - 1]->name;
	if (!L->sc->nvms) {
		diag_error(L->d, e->loc, "KVM's statistics are a VM's: declare a vm");
		return bad(L, e->loc);
	}
	need(L, RT_FEAT_KVM_STATS_FD, e->loc, "a KVM statistic");
	return x;
}

/* P.time, P.mean, P.pages.max, P.vcpu[i].faults, P.ksm.X, P.delta.vmstat.X */
static struct ir_expr *lower_phase_ref(struct lower *L, const struct ast *e,
				       const struct chain *c,
				       const struct sym *sym,
				       enum expr_ctx ctx)
{
	const struct ir_phase *ph = &L->sc->phases[sym->index];
	struct ir_expr *x, *vcpu = NULL;
	int i = 0, m, st;

	if (ctx == EXPR_STATIC) {
		diag_error(L->d, e->loc,
			   "'%s' is a result of phase '%s', known only when it has run",
			   expr_text(L, e), ph->name);
		return bad(L, e->loc);
	}
	if (c->n == 0 || c->part[0]->kind != AST_MEMBER) {
		diag_error(L->d, e->loc, "phase '%s' is not a value", ph->name);
		return bad(L, e->loc);
	}
	if (!strcmp(c->part[0]->name, "kvm"))
		return kvm_stat(L, e, c, 0, sym->index, false);
	if (!strcmp(c->part[0]->name, "delta") && c->n > 1 &&
	    !strcmp(c->part[1]->name, "kvm"))
		return kvm_stat(L, e, c, 1, sym->index, true);
	if (words_index(gauge_source_names, c->part[0]->name) >= 0 ||
	    !strcmp(c->part[0]->name, "delta")) {
		bool delta = !strcmp(c->part[0]->name, "delta");

		if (c->n != (delta ? 3 : 2)) {
			diag_error(L->d, e->loc,
				   delta ? "write %s.delta.vmstat.NAME or %s.delta.ksm.NAME" :
					   "write %s.ksm.NAME or %s.memcg.NAME",
				   ph->name, ph->name);
			return bad(L, e->loc);
		}
		if (delta && words_index(gauge_source_names, c->part[1]->name) < 0) {
			diag_error(L->d, ast_name_loc(c->part[1]),
				   "counters come from ksm, vmstat, ksm_stat, memcg, memcg_events or kvm, not '%s'",
				   c->part[1]->name);
			return bad(L, e->loc);
		}
		return gauge(L, e, delta ? c->part[1]->name : c->part[0]->name,
			     c->part[c->n - 1]->name, sym->index, delta);
	}
	if (!strcmp(c->part[0]->name, "uffd")) {
		int w, k = 1;

		x = node(L, IRX_UFFD, VT_INT, e->loc);
		x->phase = sym->index;
		/* P.uffd.reader[i].faults: one reader's count */
		if (c->n == 4 && !strcmp(c->part[1]->name, "reader") &&
		    c->part[2]->kind == AST_INDEX) {
			x->a = lower_expr(L, c->part[2]->b, EXPR_DYNAMIC);
			if (x->a->type != VT_INT)
				return bad(L, e->loc);
			k = 3;
		}
		if (c->n < k + 1 || c->part[k]->kind != AST_MEMBER) {
			diag_error(L->d, e->loc, "write %s.uffd.STAT or %s.uffd.reader[i].faults",
				   ph->name, ph->name);
			return bad(L, e->loc);
		}
		for (w = 0; w < USTAT__COUNT; w++)
			if (!strcmp(uffd_stat_name(w), c->part[k]->name))
				break;
		if (w == USTAT__COUNT || (x->a && w != USTAT_FAULTS)) {
			diag_hint(diag_error(L->d, ast_name_loc(c->part[k]),
					     "a uffd has no statistic '%s'", c->part[k]->name),
				  "faults, eexist, mean, p50, p90, p99, max; reader[i].faults");
			return bad(L, e->loc);
		}
		x->v = val_int(w);
		x->type = uffd_stat_type(w);
		for (k++; k < c->n; k++)	/* p50.ns: a duration's members */
			x = duration_member(L, x, c->part[k]);
		return x;
	}
	/* P.jobs.ring0, P.jobs.ring3: where scn ran the phase's guest jobs */
	if (!strcmp(c->part[0]->name, "jobs")) {
		if (c->n != 2 || c->part[1]->kind != AST_MEMBER ||
		    (strcmp(c->part[1]->name, "ring0") && strcmp(c->part[1]->name, "ring3"))) {
			diag_error(L->d, e->loc, "write %s.jobs.ring0 or %s.jobs.ring3",
				   ph->name, ph->name);
			return bad(L, e->loc);
		}
		x = node(L, IRX_JOBS, VT_INT, e->loc);
		x->phase = sym->index;
		x->v = val_int(c->part[1]->name[4] == '3' ? 3 : 0);
		return x;
	}
	if (!strcmp(c->part[0]->name, "placement")) {
		const struct sym *b;

		if (c->n != 3 || c->part[1]->kind != AST_MEMBER ||
		    c->part[2]->kind != AST_INDEX) {
			diag_error(L->d, e->loc, "write %s.placement.REGION[node]",
				   ph->name);
			return bad(L, e->loc);
		}
		b = sym_find(&L->syms, c->part[1]->name);
		if (b && b->kind == SYM_BACKING && b->index < 0)
			return bad(L, e->loc);	/* its declaration failed */
		if (!b || b->kind != SYM_BACKING) {
			diag_error(L->d, ast_name_loc(c->part[1]),
				   "no backing or region named '%s'", c->part[1]->name);
			return bad(L, e->loc);
		}
		x = node(L, IRX_PLACEMENT, VT_INT, e->loc);
		x->phase = sym->index;
		x->v = val_int(b->index);
		x->a = lower_expr(L, c->part[2]->b, EXPR_DYNAMIC);
		if (x->a->type != VT_INT) {
			if (x->a->type != VT_NONE)
				diag_error(L->d, c->part[2]->b->loc, "a node is an integer");
			return bad(L, e->loc);
		}
		return x;
	}
	if (!strcmp(c->part[0]->name, "vcpu")) {
		if (c->n < 2 || c->part[1]->kind != AST_INDEX) {
			diag_error(L->d, e->loc, "write %s.vcpu[i].METRIC",
				   ph->name);
			return bad(L, e->loc);
		}
		vcpu = lower_expr(L, c->part[1]->b, EXPR_DYNAMIC);
		if (vcpu->kind == IRX_CONST && vcpu->type == VT_INT) {
			int64_t most = 0;
			size_t v;

			for (v = 0; v < L->sc->nvms; v++)
				if (L->sc->vms[v].vcpus > most)
					most = L->sc->vms[v].vcpus;
			if (vcpu->v.i < 0 || vcpu->v.i >= most) {
				diag_error(L->d, c->part[1]->b->loc,
					   "vCPU %lld does not exist: the vms have %lld at most",
					   (long long)vcpu->v.i, (long long)most);
				return bad(L, e->loc);
			}
		}
		if (vcpu->type != VT_INT && vcpu->type != VT_NONE) {
			diag_error(L->d, c->part[1]->b->loc,
				   "a vCPU index is an integer, not %s",
				   val_type_a(vcpu->type));
			return bad(L, e->loc);
		}
		i = 2;
	}
	m = METRIC_TIME;
	st = STAT_LAST;
	if (i < c->n) {
		if (c->part[i]->kind != AST_MEMBER) {
			diag_error(L->d, c->part[i]->loc,
				   "only %s.vcpu[i] takes an index", ph->name);
			return bad(L, e->loc);
		}
		m = lookup_metric(c->part[i]->name);
		if (m < 0) {
			st = lookup_stat(c->part[i]->name);
			if (st < 0) {
				bad_member(L, c->part[i], "a phase");
				return bad(L, e->loc);
			}
			m = METRIC_TIME;
		}
		i++;
	} else if (vcpu) {
		diag_error(L->d, e->loc, "name a result: %s.vcpu[i].time, ...",
			   ph->name);
		return bad(L, e->loc);
	}
	if (i < c->n && st == STAT_LAST && c->part[i]->kind == AST_MEMBER) {
		st = lookup_stat(c->part[i]->name);
		if (st < 0 && lookup_metric(c->part[i - 1]->name) >= 0 &&
		    metric_type(m) == VT_DURATION) {
			st = STAT_LAST;	/* P.time.ns: a member of the value */
		} else if (st < 0) {
			diag_error(L->d, ast_name_loc(c->part[i]),
				   "'%s' has no statistic '%s'",
				   metric_name(m), c->part[i]->name);
			return bad(L, e->loc);
		} else {
			i++;
		}
	}
	if (vcpu && !metric_per_vcpu(m)) {
		diag_error(L->d, e->loc, "'%s' is the phase's, not a vCPU's: write %s.%s",
			   metric_name(m), ph->name, metric_name(m));
		return bad(L, e->loc);
	}
	x = node(L, IRX_METRIC, metric_type(m), e->loc);
	/* The mean, median and spread of a count are reals. */
	if (x->type == VT_INT && (st == STAT_MEAN || st == STAT_MEDIAN ||
				  st == STAT_STDDEV))
		x->type = VT_REAL;
	/* How many runs there were, whatever the metric. */
	if (st == STAT_COUNT)
		x->type = VT_INT;
	x->phase = sym->index;
	x->metric = m;
	x->stat = st;
	x->vcpu = vcpu;
	for (; i < c->n; i++) {
		if (c->part[i]->kind != AST_MEMBER) {
			diag_error(L->d, c->part[i]->loc, "%s takes no index",
				   val_type_a(x->type));
			return bad(L, e->loc);
		}
		x = duration_member(L, x, c->part[i]);
	}
	return x;
}

static struct ir_expr *lower_member(struct lower *L, const struct ast *e,
				    enum expr_ctx ctx)
{
	struct chain c;
	const struct sym *sym;
	struct ir_expr *x;

	if (flatten(e, &c)) {
		const struct ast *later;

		sym = sym_find(&L->syms, c.root->name);
		if (sym && sym->kind == SYM_PHASE && sym->index < 0)
			return bad(L, e->loc);	/* its declaration failed */
		if (sym && sym->kind == SYM_PHASE)
			return lower_phase_ref(L, e, &c, sym, ctx);
		later = sym ? NULL : later_phase(L->file, c.root->name);
		if (later && ctx == EXPR_STATIC) {
			diag_error(L->d, e->loc,
				   "'%s' is a result of phase '%s', known only when it has run",
				   expr_text(L, e), later->name);
			return bad(L, e->loc);
		}
		if (later) {
			diag_hint(diag_error(L->d, c.root->loc,
					     "phase '%s' runs later, at line %d",
					     later->name, later->loc.first_line),
				  "its results exist once it has run: move this below it");
			return bad(L, e->loc);
		}
		if (!sym && words_index(gauge_source_names, c.root->name) >= 0) {
			if (c.n != 1 || c.part[0]->kind != AST_MEMBER) {
				diag_error(L->d, e->loc, "write %s.NAME",
					   c.root->name);
				return bad(L, e->loc);
			}
			if (ctx == EXPR_STATIC) {
				diag_error(L->d, e->loc,
					   "'%s' is a counter, read only at run time",
					   expr_text(L, e));
				return bad(L, e->loc);
			}
			return gauge(L, e, c.root->name, c.part[0]->name, -1,
				     false);
		}
	}
	if (e->kind == AST_INDEX) {
		diag_error(L->d, e->loc, "only a phase's vcpu[i] takes an index");
		return bad(L, e->loc);
	}
	x = lower_expr(L, e->a, ctx);
	return duration_member(L, x, e);
}

static void type_error(struct lower *L, const struct ast *e, enum ast_op op,
		       enum val_type a, enum val_type b, const char *why)
{
	struct strbuf sb;
	struct diag_rec *r;

	sb_init(&sb);
	if (why)
		sb_puts(&sb, why);
	else
		value_mismatch_message(&sb, op, a, b);
	r = diag_error(L->d, e->loc, "%s", sb.buf);
	if (!why && ((a == VT_SIZE && b == VT_INT) ||
		     (a == VT_INT && b == VT_SIZE)))
		diag_hint(r, "give the number a unit: 4K, 2M, 1G (or 4096B)");
	else if (!why && ((a == VT_DURATION && b == VT_INT) ||
			  (a == VT_INT && b == VT_DURATION)))
		diag_hint(r, "give the number a unit: 10ms, 1s");
	sb_free(&sb);
}

static struct ir_expr *lower_unary(struct lower *L, const struct ast *e,
				   enum expr_ctx ctx)
{
	struct ir_expr *a = lower_expr(L, e->a, ctx), *x;
	const char *why;
	enum val_type t;

	if (a->type == VT_NONE)
		return a;
	t = value_result_type(e->op, a->type, VT_NONE, &why);
	if (t == VT_NONE) {
		type_error(L, e, e->op, a->type, VT_NONE, why);
		return bad(L, e->loc);
	}
	if (a->kind == IRX_CONST) {
		struct value v;

		if (value_unary(e->op, &a->v, &v, &why)) {
			diag_error(L->d, e->loc, "%s", why);
			return bad(L, e->loc);
		}
		return ir_const(L, v, e->loc);
	}
	x = node(L, IRX_UNARY, t, e->loc);
	x->op = e->op;
	x->a = a;
	return x;
}

static struct ir_expr *lower_binary(struct lower *L, const struct ast *e,
				    enum expr_ctx ctx)
{
	struct ir_expr *a = lower_expr(L, e->a, ctx);
	struct ir_expr *b = lower_expr(L, e->b, ctx), *x;
	const char *why;
	enum val_type t;

	if (a->type == VT_NONE || b->type == VT_NONE)
		return bad(L, e->loc);
	t = value_result_type(e->op, a->type, b->type, &why);
	if (t == VT_NONE) {
		type_error(L, e, e->op, a->type, b->type, why);
		return bad(L, e->loc);
	}
	if (a->kind == IRX_CONST && b->kind == IRX_CONST) {
		struct value v;

		if (value_binary(e->op, &a->v, &b->v, &v, &why)) {
			diag_error(L->d, e->loc, "%s in '%s'", why,
				   expr_text(L, e));
			return bad(L, e->loc);
		}
		return ir_const(L, v, e->loc);
	}
	x = node(L, IRX_BINARY, t, e->loc);
	x->op = e->op;
	x->a = a;
	x->b = b;
	return x;
}

/* Both branches of ?: and both operands of min/max: one type. */
static enum val_type common_type(enum val_type a, enum val_type b)
{
	if (a == b)
		return a;
	if (val_is_numeric(a) && val_is_numeric(b))
		return VT_REAL;
	if ((a == VT_WORD || a == VT_STRING) && (b == VT_WORD || b == VT_STRING))
		return VT_STRING;
	return VT_NONE;
}

static struct ir_expr *lower_cond(struct lower *L, const struct ast *e,
				  enum expr_ctx ctx)
{
	struct ir_expr *c = lower_expr(L, e->a, ctx);
	struct ir_expr *a = lower_expr(L, e->b, ctx);
	struct ir_expr *b = lower_expr(L, e->c, ctx), *x;
	enum val_type t;

	if (c->type == VT_NONE || a->type == VT_NONE || b->type == VT_NONE)
		return bad(L, e->loc);
	if (c->type != VT_BOOL) {
		diag_error(L->d, e->a->loc,
			   "the condition of '?:' is %s, not a boolean",
			   val_type_a(c->type));
		return bad(L, e->loc);
	}
	t = common_type(a->type, b->type);
	if (t == VT_NONE) {
		diag_error(L->d, e->loc,
			   "the branches of '?:' differ: %s and %s",
			   val_type_name(a->type), val_type_name(b->type));
		return bad(L, e->loc);
	}
	if (c->kind == IRX_CONST)
		return c->v.i ? a : b;
	x = node(L, IRX_COND, t, e->loc);
	x->a = c;
	x->b = a;
	x->c = b;
	return x;
}

/*
 * has(NAME): whether the machine offers a feature `require` can name,
 * known before the run: the probe's answer for scn run and plan, yes for
 * scn check (whose reference machine has everything), so that a scenario
 * can choose, with `if`, what a kernel without the feature gets instead.
 */
static struct ir_expr *lower_has(struct lower *L, const struct ast *e)
{
	const struct ast *a = e->kids.len == 1 ? e->kids.v[0] : NULL;
	const char *name = a ? ast_dotted(L->ar, a) : NULL;
	int f = name ? rt_feature_lookup(name) : -1;

	if (!a || !name) {
		diag_hint(diag_error(L->d, e->loc, "has() takes the name of one feature"),
			  "has(ksm.stat), has(kvm): the names of scn features");
		return bad(L, e->loc);
	}
	/*
	 * has(kvm.stat.NAME): whether KVM gives the statistic P.kvm.NAME
	 * reads, as the probe's test VM and vCPU had them: a scenario for
	 * every arch prints x86's pf_taken only where it is.
	 */
	if (!strncmp(name, "kvm.stat.", 9)) {
		const char *stat = name + 9;

		if (!*stat || strchr(stat, '.')) {
			diag_hint(diag_error(L->d, a->loc, "'%s' names no KVM statistic", name),
				  "has(kvm.stat.NAME), NAME as in P.delta.kvm.NAME: has(kvm.stat.pf_taken)");
			return bad(L, e->loc);
		}
		return ir_const(L, val_bool(!L->features ||
					    rt_features_kvm_stat(L->features, stat)), e->loc);
	}
	if (f < 0) {
		struct suggest s;
		struct diag_rec *r;

		suggest_init(&s, name);
		for (int i = 0; i < RT_FEAT__COUNT; i++)
			suggest_offer(&s, rt_feature_name(i));
		r = diag_error(L->d, a->loc, "unknown feature '%s'", name);
		if (suggest_result(&s))
			diag_hint(r, "did you mean '%s'?", suggest_result(&s));
		else
			diag_hint(r, "scn features lists them");
		return bad(L, e->loc);
	}
	return ir_const(L, val_bool(!L->features || L->features->have[f]), e->loc);
}

static struct ir_expr *lower_call(struct lower *L, const struct ast *e,
				  enum expr_ctx ctx)
{
	bool is_min = !strcmp(e->name, "min");
	struct ir_expr *acc = NULL;
	struct diag_rec *r;
	size_t i;

	if (!strcmp(e->name, "has"))
		return lower_has(L, e);
	if (!is_min && strcmp(e->name, "max")) {
		struct suggest s;

		suggest_init(&s, e->name);
		suggest_offer(&s, "min");
		suggest_offer(&s, "max");
		suggest_offer(&s, "has");
		r = diag_error(L->d, ast_name_loc(e), "unknown function '%s'",
			       e->name);
		if (suggest_result(&s))
			diag_hint(r, "did you mean '%s'?", suggest_result(&s));
		else
			diag_hint(r, "the functions are min(a, b, ...), max(a, b, ...) and has(FEATURE)");
		return bad(L, e->loc);
	}
	if (e->kids.len < 2) {
		diag_error(L->d, e->loc, "%s() takes two or more values",
			   e->name);
		return bad(L, e->loc);
	}
	for (i = 0; i < e->kids.len; i++) {
		struct ir_expr *x = lower_expr(L, e->kids.v[i], ctx), *y;
		enum val_type t;

		if (x->type == VT_NONE)
			return x;
		if (!acc) {
			acc = x;
			continue;
		}
		t = common_type(acc->type, x->type);
		if (t == VT_NONE || t == VT_BOOL || t == VT_STRING ||
		    t == VT_LIST) {
			diag_error(L->d, e->kids.v[i]->loc,
				   "%s() of %s and %s", e->name,
				   val_type_a(acc->type), val_type_a(x->type));
			return bad(L, e->loc);
		}
		if (acc->kind == IRX_CONST && x->kind == IRX_CONST) {
			struct value v;
			const char *why;

			value_binary(OP_LT, &acc->v, &x->v, &v, &why);
			acc = (v.i == is_min) ? acc : x;
			if (acc->type != t && t == VT_REAL)
				acc = ir_const(L, val_real(value_as_real(&acc->v)),
					       e->loc);
			continue;
		}
		y = node(L, is_min ? IRX_MIN : IRX_MAX, t, e->loc);
		y->a = acc;
		y->b = x;
		acc = y;
	}
	return acc;
}

static struct ir_expr *lower_list(struct lower *L, const struct ast *e,
				  enum expr_ctx ctx)
{
	struct value v = { .type = VT_LIST };
	size_t i;

	v.list.n = e->kids.len;
	v.list.v = arena_alloc(L->ar, (v.list.n + 1) * sizeof(*v.list.v));
	for (i = 0; i < e->kids.len; i++) {
		struct ir_expr *x = lower_expr(L, e->kids.v[i], ctx);

		if (x->type == VT_NONE)
			return x;
		if (x->kind != IRX_CONST) {
			diag_error(L->d, x->loc,
				   "a list holds values known before the run");
			return bad(L, e->loc);
		}
		v.list.v[i] = x->v;
	}
	return ir_const(L, v, e->loc);
}

/* A string with {expr} parts; constant parts only outside print. */
static struct ir_expr *lower_string(struct lower *L, const struct ast *e,
				    enum expr_ctx ctx)
{
	struct ir_text t;
	struct strbuf sb;
	size_t i;

	if (!lower_text(L, e, &t, ctx))
		return bad(L, e->loc);
	sb_init(&sb);
	for (i = 0; i < t.n; i++) {
		if (t.parts[i].text) {
			sb_puts(&sb, t.parts[i].text);
			continue;
		}
		if (t.parts[i].expr->kind != IRX_CONST) {
			diag_error(L->d, t.parts[i].expr->loc,
				   "only a print string may show run-time results");
			sb_free(&sb);
			return bad(L, e->loc);
		}
		value_format(&sb, &t.parts[i].expr->v, t.parts[i].format);
	}
	{
		struct ir_expr *x = ir_const(L, val_string(arena_strdup(L->ar,
						sb.buf ? sb.buf : "")), e->loc);

		sb_free(&sb);
		return x;
	}
}

/* Deeper than any expression a person writes; well within the stack. */
#define MAX_EXPR_DEPTH 1000

static struct ir_expr *lower_expr_at(struct lower *L, const struct ast *e,
				     enum expr_ctx ctx);

struct ir_expr *lower_expr(struct lower *L, const struct ast *e,
			   enum expr_ctx ctx)
{
	struct ir_expr *x;

	if (L->expr_depth >= MAX_EXPR_DEPTH) {
		diag_error(L->d, e->loc,
			   "the expression is too deep: more than %d operators or levels",
			   MAX_EXPR_DEPTH);
		return bad(L, e->loc);
	}
	L->expr_depth++;
	x = lower_expr_at(L, e, ctx);
	L->expr_depth--;
	return x;
}

static struct ir_expr *lower_expr_at(struct lower *L, const struct ast *e,
				     enum expr_ctx ctx)
{
	switch (e->kind) {
	case AST_LIT:
		return ir_const(L, val_from_lit(&e->lit), e->loc);
	case AST_STRING:
		return lower_string(L, e, ctx);
	case AST_NAME:
		return lower_name(L, e);
	case AST_MEMBER:
	case AST_INDEX:
		return lower_member(L, e, ctx);
	case AST_UNARY:
		return lower_unary(L, e, ctx);
	case AST_BINARY:
		return lower_binary(L, e, ctx);
	case AST_COND:
		return lower_cond(L, e, ctx);
	case AST_CALL:
		return lower_call(L, e, ctx);
	case AST_LIST:
		return lower_list(L, e, ctx);
	case AST_RANGE:
		diag_error(L->d, e->loc, "a range a..b only selects vCPUs: guest[0..3]");
		return bad(L, e->loc);
	default:
		diag_error(L->d, e->loc, "a %s is not a value",
			   ast_kind_name(e->kind));
		return bad(L, e->loc);
	}
}

/*
 * A comparison folded to a constant keeps its operands, so that a failed
 * expectation can show them ("n == 3 (2 == 3)"): lowering them again is
 * cheap and quiet, as the whole folded without an error.
 */
static struct ir_expr *unfold(struct lower *L, const struct ast *e,
			      struct ir_expr *folded)
{
	struct ir_expr *x;

	if (folded->kind != IRX_CONST || folded->type != VT_BOOL ||
	    e->kind != AST_BINARY || e->op < OP_EQ || e->op > OP_OR)
		return folded;
	x = node(L, IRX_BINARY, VT_BOOL, e->loc);
	x->op = e->op;
	x->a = lower_expr(L, e->a, EXPR_DYNAMIC);
	x->b = lower_expr(L, e->b, EXPR_DYNAMIC);
	if (e->op == OP_AND || e->op == OP_OR) {
		x->a = unfold(L, e->a, x->a);
		x->b = unfold(L, e->b, x->b);
	}
	return x;
}

struct ir_expr *lower_condition(struct lower *L, const struct ast *e)
{
	unsigned errors = L->d->nerrors;
	struct ir_expr *x = lower_expr(L, e, EXPR_DYNAMIC);

	return L->d->nerrors == errors ? unfold(L, e, x) : x;
}

/*
 * "${HOME}" in a host exec string is the shell's, but scn reads {HOME} as
 * an interpolation: where one after a '$' failed, the error (if it has no
 * hint yet) says how to write the brace.
 */
static void shell_brace_hint(struct lower *L, const struct ast *before)
{
	struct diag_rec *r;
	size_t n;

	if (!before || before->kind != AST_TEXT || !L->d->len)
		return;
	n = strlen(before->name);
	r = &L->d->recs[L->d->len - 1];
	if (n && before->name[n - 1] == '$' && r->level == DIAG_ERROR && !r->hint)
		diag_hint(r, "in a string, '{' starts an interpolation; the shell's ${...} is written ${{...}}");
}

bool lower_text(struct lower *L, const struct ast *s, struct ir_text *out,
		enum expr_ctx ctx)
{
	size_t i;
	bool ok = true;

	out->n = s->kids.len;
	out->parts = arena_alloc(L->ar, (out->n + 1) * sizeof(*out->parts));
	for (i = 0; i < s->kids.len; i++) {
		const struct ast *p = s->kids.v[i];
		struct ir_text_part *tp = &out->parts[i];

		if (p->kind == AST_TEXT) {
			tp->text = p->name;
			continue;
		}
		tp->expr = lower_expr(L, p->a, ctx);
		tp->format = p->name;
		if (tp->expr->type == VT_NONE) {
			shell_brace_hint(L, i ? s->kids.v[i - 1] : NULL);
			ok = false;
			continue;
		}
		if (p->name) {
			const char *why = value_check_format(p->name,
							     tp->expr->type);

			if (why) {
				struct diag_rec *r = diag_error(L->d, ast_name_loc(p),
					"bad format '%s' for %s: %s", p->name,
					val_type_a(tp->expr->type), why);

				if (tp->expr->type == VT_DURATION)
					diag_hint(r, "a duration prints as seconds with %%f, or take {x.ns:%%ld}");
				ok = false;
			}
		}
	}
	return ok;
}
