// SPDX-License-Identifier: GPL-2.0-only
/*
 * A run's memory cgroup: made where the scenario declares it (journaled
 * first, so that a kill leaves nothing "scn restore" cannot remove), its
 * counters read around each phase, and the process moved back out at
 * teardown, before the knobs' restore removes the group.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime/cgroup.h"
#include "exec_run.h"
#include "memcg.h"

int run_cgroup_create(struct run *r, struct rt_err *err)
{
	const struct ir_cgroup *cg = r->sc->cgroup;
	int rc;

	if (!r->knobs_open) {
		rc = take_knobs(r, err);
		if (rc)
			return rc;
	}
	rc = rt_cgroup_plan(&r->cg, cg->name, err);
	if (!rc)
		rc = rt_knobs_journal_cgroup(&r->knobs, r->cg.path, err);
	if (!rc)
		rc = rt_cgroup_make(&r->cg, err);
	/* Limits first: the process is charged from the instant it enters. */
	for (int f = 0; !rc && f < RT_CG__COUNT; f++)
		if (cg->set[f])
			rc = rt_cgroup_write(&r->cg, f, cg->value[f], NULL, err);
	if (!rc)
		rc = rt_cgroup_enter(&r->cg, err);
	if (!rc)
		r->res->cgroup = r->cg.path;
	return rc;
}

int run_cgroup_write(struct run *r, const struct ir_op *op, struct rt_err *err)
{
	bool short_;
	int rc = rt_cgroup_write(&r->cg, op->cgroup.file, op->cgroup.value,
				 &short_, err);

	/*
	 * memory.reclaim is best effort (anonymous memory needs swap): a
	 * warning, and the group's counters say how much it did.
	 */
	if (!rc && short_ && !r->warmup) {
		struct strbuf sb;

		sb_init(&sb);
		format_size_human(&sb, op->cgroup.value);
		pthread_mutex_lock(&r->lock);
		diag_warning(r->d, op->loc,
			     "memory.reclaim: the kernel reclaimed less than %s from cgroup '%s' (EAGAIN); memcg.pgsteal says how much it did",
			     sb.buf, r->sc->cgroup->name);
		pthread_mutex_unlock(&r->lock);
		sb_free(&sb);
	}
	return rc;
}

void run_cgroup_snapshot(struct run *r, struct rt_vmstat **stat,
			 struct rt_vmstat **events)
{
	struct rt_err err;

	*stat = *events = NULL;
	if (!r->res->cgroup)
		return;
	*stat = xmalloc(sizeof(**stat));
	*events = xmalloc(sizeof(**events));
	if (rt_cgroup_stat(r->cg.path, *stat, &err))
		(*stat)->n = 0;
	if (rt_cgroup_events(r->cg.path, *events, &err))
		(*events)->n = 0;
}

void run_cgroup_leave(struct run *r)
{
	struct rt_err err;

	r->res->cgroup = NULL;
	if (r->cg.entered && rt_cgroup_leave(&r->cg, &err))
		diag_error(r->d, r->sc->cgroup ? r->sc->cgroup->loc : (struct loc){ 0 },
			   "%s", err.msg);
}

int cgroup_preflight(const struct ir_scenario *sc, struct diag *d)
{
	const struct ir_cgroup *cg = sc->cgroup;
	int64_t mem, max;
	struct strbuf a, b;
	struct diag_rec *rec;

	if (!cg || !cg->set[RT_CG_MAX] || cg->value[RT_CG_MAX] == RT_CG_UNLIMITED)
		return 0;
	mem = cgroup_charged_memory(sc);
	max = cg->value[RT_CG_MAX];
	/* With swap, anonymous memory over the limit goes there instead. */
	if (max >= mem || (rt_swap_total() > 0 &&
			   !(cg->set[RT_CG_SWAP_MAX] && cg->value[RT_CG_SWAP_MAX] == 0)))
		return 0;
	sb_init(&a);
	sb_init(&b);
	format_size_human(&a, max);
	format_size_human(&b, mem);
	rec = diag_error(d, cg->loc,
			 "memory.max %s is below the %s of memory the scenario maps, and %s: the OOM killer would end scn in the group; nothing was changed",
			 a.buf, b.buf, rt_swap_total() > 0 ? "memory.swap.max is 0" :
			 "this machine has no swap");
	diag_hint(rec, "raise memory.max above %s (and %lldM for scn itself)", b.buf,
		  (long long)(CGROUP_SCN_OWN >> 20));
	sb_free(&a);
	sb_free(&b);
	return -ENOMEM;
}
