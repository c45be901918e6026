// SPDX-License-Identifier: GPL-2.0-only
#include "ir.h"

#include <stdlib.h>
#include <string.h>

#include "words.h"

static const struct {
	const char *name;
	enum val_type type;
	bool per_vcpu;
} metrics[] = {
#define MET_ROW(id, name, type, pv) { name, type, pv },
	METRIC_LIST(MET_ROW)
#undef MET_ROW
};

static const char *const stats[] = {
#define STAT_ROW(id, name) name,
	STAT_LIST(STAT_ROW)
#undef STAT_ROW
};

static const char *const op_names[] = {
#define IROP_ROW(id, name) name,
	IR_OP_LIST(IROP_ROW)
#undef IROP_ROW
};

static const struct {
	const char *name;
	enum val_type type;
} ustats[] = {
#define USTAT_ROW(id, name, type) { name, type },
	UFFD_STAT_LIST(USTAT_ROW)
#undef USTAT_ROW
};

const char *const gauge_source_names[] = {
#define GAUGE_ROW(id, name, own) name,
	GAUGE_LIST(GAUGE_ROW)
#undef GAUGE_ROW
	NULL
};

static const bool gauge_own[] = {
#define GAUGE_OWN(id, name, own) own,
	GAUGE_LIST(GAUGE_OWN)
#undef GAUGE_OWN
};

const char *gauge_source_name(enum gauge_source g)
{
	return gauge_source_names[g];
}

bool gauge_source_own(enum gauge_source g)
{
	return gauge_own[g];
}

const char *uffd_stat_name(enum uffd_stat s)
{
	return ustats[s].name;
}

enum val_type uffd_stat_type(enum uffd_stat s)
{
	return ustats[s].type;
}

const char *const phase_member_names[] = { "vcpu", "delta", "placement", "uffd",
					   "jobs", NULL };

bool phase_result_name(const char *name)
{
	if (!strncmp(name, "uffd", 4) || !strncmp(name, "lat_", 4) ||
	    words_index(gauge_source_names, name) >= 0 ||
	    words_index(phase_member_names, name) >= 0)
		return true;
	for (int m = 0; m < METRIC__COUNT; m++)
		if (!strcmp(metric_name(m), name))
			return true;
	for (int st = 0; st < STAT__COUNT; st++)
		if (!strcmp(stat_name(st), name))
			return true;
	return false;
}

const char *metric_name(enum metric m)
{
	return metrics[m].name;
}

enum val_type metric_type(enum metric m)
{
	return metrics[m].type;
}

bool metric_per_vcpu(enum metric m)
{
	return metrics[m].per_vcpu;
}

const char *stat_name(enum stat_kind s)
{
	return stats[s];
}

const char *ir_op_name(enum ir_op_kind k)
{
	return op_names[k];
}

void ir_program_free(struct ir_program *p)
{
	if (!p)
		return;
	arena_free(&p->arena);
	free(p);
}

static void visit_expr(const struct ir_expr *x,
		       void (*fn)(const struct ir_expr *, void *), void *ctx)
{
	if (!x)
		return;
	fn(x, ctx);
	visit_expr(x->a, fn, ctx);
	visit_expr(x->b, fn, ctx);
	visit_expr(x->c, fn, ctx);
	visit_expr(x->vcpu, fn, ctx);
}

bool ir_visit_ops(const struct ir_block *b,
		  bool (*fn)(const struct ir_op *op, void *ctx), void *ctx)
{
	for (size_t i = 0; i < b->n; i++) {
		const struct ir_op *op = &b->ops[i];

		if (fn(op, ctx) || ir_visit_ops(&op->body, fn, ctx))
			return true;
		for (size_t k = 0; k < op->nbranches; k++)
			if (ir_visit_ops(&op->branches[k], fn, ctx))
				return true;
	}
	return false;
}

struct expr_visit {
	void (*fn)(const struct ir_expr *, void *);
	void *ctx;
};

static bool op_exprs(const struct ir_op *op, void *ctx)
{
	const struct expr_visit *v = ctx;

	if (op->kind == IR_PRINT)
		for (size_t k = 0; k < op->print.n; k++)
			visit_expr(op->print.parts[k].expr, v->fn, v->ctx);
	if (op->kind == IR_EXPECT)
		visit_expr(op->expect.cond, v->fn, v->ctx);
	if (op->kind == IR_WAIT)
		visit_expr(op->wait.cond, v->fn, v->ctx);
	if (op->kind == IR_METRIC)
		visit_expr(op->metric.value, v->fn, v->ctx);
	return false;
}

void ir_visit_exprs(const struct ir_scenario *sc,
		    void (*fn)(const struct ir_expr *x, void *ctx), void *ctx)
{
	struct expr_visit v = { fn, ctx };

	ir_visit_ops(&sc->ops, op_exprs, &v);
	visit_expr(sc->table_value, fn, ctx);
}
