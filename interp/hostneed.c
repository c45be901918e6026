// SPDX-License-Identifier: GPL-2.0-only
/*
 * Requirements with an upper bound (nodes <= 1) ask nothing here: a test
 * host has the smallest shape that meets the lower ones, and an upper one
 * it breaks is the skip inside that says so.
 */
#include <stdio.h>
#include <string.h>

#include "../common/util.h"
#include "../runtime/mm_tables.h"
#include "exec_run.h"
#include "hostneed.h"
#include "memneed.h"
#include "plan.h"

/*
 * A BAR is a power of two of 1 MiB at least (ivshmem's, and so that a
 * 2M alignment means something: testhost.h); a require pfnmap without a
 * pfnmap backing gets 1 GiB, whose 1G alignment maps one PUD.
 */
#define PFNMAP_BAR_MIN ((int64_t)1 << 20)
#define PFNMAP_BAR_DEFAULT ((int64_t)1 << 30)

/* The least value a lower bound q admits, or 0 for none. */
static int64_t least(const struct ir_require *q)
{
	switch (q->cmp) {
	case OP_GE:
	case OP_EQ:
		return q->arg;
	case OP_GT:
		return q->arg + 1;
	default:
		return 0;
	}
}

static void require_text(const struct ir_require *q, char *out, size_t len)
{
	struct strbuf sb;

	sb_init(&sb);
	plan_requirements(&sb, &(struct ir_scenario){
		.reqs = (struct ir_require *)q, .nreqs = 1 });
	if (q->loc.src)
		snprintf(out, len, "require %s at %s:%d", sb.buf, q->loc.src->name,
			 q->loc.first_line);
	else
		snprintf(out, len, "%s", sb.buf);
	sb_free(&sb);
}

static bool policy_nodes(const struct ir_op *op, void *ctx)
{
	struct host_need *n = ctx;

	if (op->kind == IR_POLICY && op->policy.nodes != ~0ULL && op->policy.nodes) {
		int top = 63 - __builtin_clzll(op->policy.nodes);

		if (top + 1 > n->nodes) {
			n->nodes = top + 1;
			snprintf(n->nodes_why, sizeof(n->nodes_why),
				 "node %d, of the policy at %s:%d", top,
				 op->loc.src ? op->loc.src->name : "?", op->loc.first_line);
		}
	}
	return false;
}

/* The point's BARs into n's: of each size, the larger count. */
static void point_bars(const struct ir_scenario *sc, struct host_need *n)
{
	int64_t mine[HOST_NEED_MAX_BARS];
	unsigned nmine = 0;

	for (size_t b = 0; b < sc->nbackings; b++) {
		int64_t size = sc->backings[b].size;

		if (!(backing_info[sc->backings[b].type].flags & BK_PFNMAP))
			continue;
		if (size < PFNMAP_BAR_MIN)
			size = PFNMAP_BAR_MIN;
		if (nmine < HOST_NEED_MAX_BARS)
			mine[nmine++] = size;
	}
	if (!nmine)
		mine[nmine++] = PFNMAP_BAR_DEFAULT;
	multiset_merge_max(n->bars, &n->nbars, HOST_NEED_MAX_BARS, mine, nmine);
}

static void point_need(const struct ir_scenario *sc, struct host_need *n)
{
	static const struct rt_features no_features;
	int64_t take, kvm = 0;
	char unused[256];

	for (size_t i = 0; i < sc->nreqs; i++) {
		const struct ir_require *q = &sc->reqs[i];
		int64_t v = least(q);

		if (q->feature == RT_FEAT_PFNMAP) {
			if (!n->pfnmap)
				require_text(q, n->pfnmap_why, sizeof(n->pfnmap_why));
			n->pfnmap = true;
			point_bars(sc, n);
		}
		if (q->feature >= 0 || !v)
			continue;
		if (!strcmp(q->fact, "nodes") && v > n->nodes) {
			n->nodes = (long)v;
			require_text(q, n->nodes_why, sizeof(n->nodes_why));
		} else if (!strcmp(q->fact, "cpus") && v > n->cpus) {
			n->cpus = (long)v;
			require_text(q, n->cpus_why, sizeof(n->cpus_why));
		} else if (!strcmp(q->fact, "mem") && v > n->mem_total) {
			n->mem_total = v;
			require_text(q, n->mem_why, sizeof(n->mem_why));
		}
	}
	for (size_t b = 0; b < sc->nbackings; b++)
		if (sc->backings[b].node >= 0 && sc->backings[b].node + 1 > n->nodes) {
			n->nodes = sc->backings[b].node + 1;
			snprintf(n->nodes_why, sizeof(n->nodes_why), "node %d, of %s '%s'",
				 sc->backings[b].node,
				 sc->backings[b].is_region ? "region" : "backing",
				 sc->backings[b].name);
		}
	ir_visit_ops(&sc->ops, policy_nodes, n);
	/* As scn run counts it: empty pools, KVM's memslot metadata. */
	guest_preflight(sc, &(const struct exec_opts){ .features = &no_features }, &kvm,
			unused, sizeof(unused));
	take = add_sat(memneed_total(sc, NULL), kvm);
	if (take > n->mem_free) {
		struct strbuf sb, parts;

		n->mem_free = take;
		sb_init(&sb);
		sb_puts(&sb, "it takes ");
		format_size_human(&sb, take);
		sb_init(&parts);
		if (memneed_describe(&parts, sc, NULL, kvm, format_size_human))
			sb_printf(&sb, " (%s)", parts.buf);
		sb_free(&parts);
		/* A requirement of mem names itself; the figure, if it is more. */
		if (take > n->mem_total)
			snprintf(n->mem_why, sizeof(n->mem_why), "%s", sb.buf);
		sb_free(&sb);
	}
}

void host_need_of(const struct ir_program *p, struct host_need *n)
{
	memset(n, 0, sizeof(*n));
	for (size_t i = 0; i < p->npoints; i++)
		point_need(&p->points[i], n);
}
