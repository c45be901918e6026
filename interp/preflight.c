// SPDX-License-Identifier: GPL-2.0-only
/*
 * preflight: a run's checks before its first side effect (see
 * preflight.h): unmet requirements, knobs this kernel lacks or will not
 * take (KSM's that another process's shared pages hold), missing NUMA
 * nodes, empty hugetlb pools, thread limits, KVM's limits, memory, the
 * cgroup's limit, what this build cannot run, and a journal left behind.
 */
#include "preflight.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../runtime/knobs.h"
#include "../runtime/ksm.h"
#include "../runtime/limits.h"
#include "../runtime/numa.h"
#include "exec_run.h"
#include "memneed.h"
#include "plan.h"
#include "words.h"

struct unsupported {
	const struct ir_scenario *sc;
	const struct ir_op *op;		/* the first this build cannot run */
	const char *what;		/* what it needs */
};

static bool op_unsupported(const struct ir_op *op, void *ctx)
{
	struct unsupported *u = ctx;

	if (op->kind == IR_CREATE_UFFD &&
		 u->sc->uffds[op->index].resolve == RESOLVE_MOVE)
		u->what = "UFFDIO_MOVE resolution";
	else
		return false;
	u->op = op;
	return true;
}

static const struct ir_op *find_unsupported(const struct ir_scenario *sc,
					    const struct ir_block *b,
					    const char **what)
{
	struct unsupported u = { .sc = sc };

	ir_visit_ops(b, op_unsupported, &u);
	*what = u.what;
	return u.op;
}

static bool fact_ok(const struct ir_require *q, int64_t have)
{
	switch (q->cmp) {
	case OP_EQ: return have == q->arg;
	case OP_NE: return have != q->arg;
	case OP_LT: return have < q->arg;
	case OP_LE: return have <= q->arg;
	case OP_GT: return have > q->arg;
	default: return have >= q->arg;
	}
}

bool sets_knobs(const struct ir_block *b)
{
	size_t i;

	/* A cgroup is journaled with the knobs and removed with them. */
	for (i = 0; i < b->n; i++)
		if (b->ops[i].kind == IR_SET_KNOB || b->ops[i].kind == IR_CREATE_CGROUP)
			return true;
	return false;
}

/*
 * KSM takes a new merge_across_nodes or max_page_sharing only while no
 * KSM page is shared (EBUSY otherwise). Before this run has any memory,
 * shared pages are another process's: the run cannot set the knob, and
 * says whose they are rather than failing at the line, unless it sets
 * ksm.run = 2 before, which unmerges them.
 */
static bool ksm_knob_busy(const struct ir_block *b, size_t at, char *why,
			  size_t len)
{
	const struct ir_op *op = &b->ops[at];
	enum knob k = op->knob.knob;
	char now[RT_KNOB_VALUE_MAX], who[128] = "";
	struct rt_ksm_others o;
	struct rt_err err;
	int64_t shared;
	size_t i;

	/* A scenario that unmerges first (ksm.run = 2), as ksm_tests does. */
	for (i = 0; i < at; i++)
		if (b->ops[i].kind == IR_SET_KNOB && b->ops[i].knob.knob == KNOB_KSM_RUN &&
		    b->ops[i].knob.value.type == VT_INT && b->ops[i].knob.value.i == 2)
			return false;
	if ((k != KNOB_KSM_MERGE_ACROSS_NODES && k != KNOB_KSM_MAX_PAGE_SHARING) ||
	    op->knob.value.type != VT_INT || rt_knob_read(k, now, sizeof(now), &err) ||
	    atoll(now) == op->knob.value.i || rt_ksm_read("pages_shared", &shared, &err) ||
	    !shared)
		return false;
	rt_ksm_others(&o);
	if (o.n > 0)
		confound_describe(&o, who, sizeof(who));
	snprintf(why, len, "the kernel changes %s only while no KSM page is shared, and %lld are (another KSM user%s%s)",
		 knob_info[k].name, (long long)shared, o.n > 0 ? ": " : "", who);
	return true;
}

/* "1" or "1, 3": the nodes of a mask, for a reason. */
static void nodes_text(uint64_t mask, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int n = 0; n < 64 && used < len; n++)
		if (mask & (1ULL << n))
			used += (size_t)snprintf(buf + used, len - used, "%s%d",
						 used ? ", " : "", n);
}

/*
 * Memory bound to a node, or a policy over nodes, that this machine does
 * not have online: mbind and set_mempolicy would refuse it (EINVAL) after
 * the run had begun. Writes the reason, returns whether there was one.
 */
static bool missing_nodes(const struct ir_scenario *sc, char *reason, size_t len)
{
	uint64_t online = rt_numa_online(), want = 0;
	char have[128], need[128];
	const char *what = NULL, *name = NULL;
	int count = __builtin_popcountll(online);
	size_t i;

	for (i = 0; i < sc->nbackings && !what; i++)
		if (sc->backings[i].node >= 0 && sc->backings[i].node < 64 &&
		    !(online & (1ULL << sc->backings[i].node))) {
			want = 1ULL << sc->backings[i].node;
			what = sc->backings[i].is_region ? "region" : "backing";
			name = sc->backings[i].name;
		}
	for (i = 0; i < sc->ops.n && !what; i++) {
		const struct ir_op *op = &sc->ops.ops[i];

		if (op->kind == IR_POLICY && op->policy.nodes != ~0ULL &&
		    (op->policy.nodes & ~online)) {
			want = op->policy.nodes & ~online;
			what = "policy";
		}
	}
	if (!what)
		return false;
	nodes_text(want, need, sizeof(need));
	nodes_text(online, have, sizeof(have));
	snprintf(reason, len, "needs NUMA node %s (%s%s%s%s): this machine has %d node%s (%s)",
		 need, what, name ? " '" : "", name ? name : "", name ? "'" : "",
		 count, count == 1 ? "" : "s", have);
	return true;
}

/*
 * A hugetlb backing takes its pages from its size's pool; where the
 * scenario does not set the pool, what the pool has free (less what other
 * mappings reserved, plus what overcommit may add) must hold it, or the
 * mmap fails (ENOMEM) in the middle of the run. True, with the reason,
 * when it cannot.
 */
static bool empty_pool(const struct ir_scenario *sc, const struct rt_features *f,
		       char *reason, size_t len)
{
	for (int p = 0; p < IR_POOLS; p++) {
		const struct ir_pool *pl = &sc->pools[p];
		const struct rt_hugetlb_pool *h;
		int64_t need, avail;
		struct strbuf sz;

		if (pl->pages >= 0 || pl->backed <= 0 ||
		    !(h = rt_features_hugetlb(f, pl->page_size)))
			continue;
		need = pl->backed / pl->page_size + (pl->backed % pl->page_size != 0);
		avail = (h->free > h->resv ? h->free - h->resv : 0) +
			(h->overcommit > h->surplus ? h->overcommit - h->surplus : 0);
		if (need <= avail)
			continue;
		sb_init(&sz);
		format_size(&sz, pl->page_size);
		snprintf(reason, len, "needs %lld free hugetlb page%s of %s and the "
			 "pool has %lld (%s = %ld, %ld free, %ld reserved): set %s = "
			 "%lld in the scenario, or raise the pool",
			 (long long)need, need == 1 ? "" : "s", sz.buf, (long long)avail,
			 knob_info[pl->knob].name, h->nr, h->free, h->resv,
			 knob_info[pl->knob].name, (long long)(h->nr + need - avail));
		sb_free(&sz);
		return true;
	}
	return false;
}

/*
 * The threads the run will start, against the room the kernel's caps
 * leave (runtime/limits.h): past it pthread_create fails half-way, or
 * the machine runs out of pids for everyone. True, with the reason.
 */
static bool too_many_threads(const struct ir_scenario *sc, char *reason,
			     size_t len)
{
	struct strbuf parts;
	char why[256];
	int64_t need = memneed_threads(sc, NULL), room;

	if (need <= 64)		/* what any machine has room for */
		return false;
	room = rt_thread_room(why, sizeof(why));
	if (need <= room)
		return false;
	sb_init(&parts);
	memneed_threads(sc, &parts);
	snprintf(reason, len, "needs %lld threads (%s) and this machine has room "
		 "for %lld more (%s)", (long long)need, parts.buf,
		 (long long)room, why);
	sb_free(&parts);
	return true;
}

/* Unmet requirements, absent knobs, too little memory: a SKIP. */
int preflight(const struct ir_scenario *sc, const struct exec_opts *o,
	      struct diag *d, char *reason, size_t len)
{
	const struct rt_features *f = o->features;
	int64_t kvm_memory = 0;
	size_t i, used = 0;
	const struct ir_op *bad;
	const char *what = NULL;
	struct strbuf sb;

	reason[0] = '\0';
	for (i = 0; i < sc->nreqs; i++) {
		const struct ir_require *q = &sc->reqs[i];
		char line[256] = "";

		if (q->feature >= 0 && !f->have[q->feature])
			snprintf(line, sizeof(line), "needs %s: %s",
				 rt_feature_name(q->feature), f->why[q->feature]);
		else if (q->feature == RT_FEAT_HUGETLB && q->arg &&
			 !rt_features_hugetlb(f, q->arg))
			snprintf(line, sizeof(line), "needs hugetlb pages of %lld KiB: this kernel has no such pool",
				 (long long)(q->arg >> 10));
		else if (q->feature < 0) {
			int64_t have = !strcmp(q->fact, "nodes") ? f->facts.nr_nodes :
				       !strcmp(q->fact, "cpus") ? f->facts.ncpus :
				       f->facts.mem_total;

			if (!fact_ok(q, have)) {
				sb_init(&sb);
				plan_requirements(&sb, &(struct ir_scenario){
					.reqs = (struct ir_require *)q, .nreqs = 1 });
				sb_puts(&sb, ": this machine has ");
				/* mem is a size: 23.5G, not 25276071936 */
				if (!strcmp(q->fact, "mem"))
					format_size_human(&sb, have);
				else
					sb_printf(&sb, "%lld", (long long)have);
				snprintf(line, sizeof(line), "needs %s", sb.buf);
				sb_free(&sb);
			}
		}
		if (line[0] && used < len)
			used += (size_t)snprintf(reason + used, len - used, "%s%s",
						 used ? "; " : "", line);
	}
	for (i = 0; i < sc->ops.n; i++) {
		const struct ir_op *op = &sc->ops.ops[i];
		char busy[256];
		struct rt_err err;
		int rc;

		if (op->kind != IR_SET_KNOB || used >= len)
			continue;
		rc = rt_knob_writable(op->knob.knob, &err);
		if (rc == -ENOENT)
			used += (size_t)snprintf(reason + used, len - used,
				"%sthis kernel lacks the knob %s (%s)", used ? "; " : "",
				knob_info[op->knob.knob].name, knob_info[op->knob.knob].path);
		else if (rc)	/* there, but not ours to change: say why */
			used += (size_t)snprintf(reason + used, len - used,
				"%sthe knob %s cannot be written here: %s", used ? "; " : "",
				knob_info[op->knob.knob].name, err.msg);
		else if (ksm_knob_busy(&sc->ops, i, busy, sizeof(busy)))
			used += (size_t)snprintf(reason + used, len - used, "%s%s",
						 used ? "; " : "", busy);
	}
	if (!used && missing_nodes(sc, reason, len))
		used = 1;
	if (!used && empty_pool(sc, f, reason, len))
		used = 1;
	if (!used && too_many_threads(sc, reason, len))
		used = 1;
	if (!used && guest_preflight(sc, o, &kvm_memory, reason, len) != EXEC_PASS)
		used = 1;
	if (!used) {
		int64_t pool_now[IR_POOLS], need;
		struct strbuf parts;

		memneed_read_pools(sc, pool_now);
		need = memneed_total(sc, pool_now);
		if (need > f->facts.mem_free || kvm_memory > f->facts.mem_free - need) {
			sb_init(&sb);
			format_size_human(&sb, add_sat(need, kvm_memory));
			sb_puts(&sb, " of memory");
			sb_init(&parts);
			if (memneed_describe(&parts, sc, pool_now, kvm_memory,
					     format_size_human))
				sb_printf(&sb, " (%s)", parts.buf);
			sb_free(&parts);
			sb_puts(&sb, ", and the machine has ");
			format_size_human(&sb, f->facts.mem_free);
			snprintf(reason, len, "needs %s available (MemAvailable)", sb.buf);
			sb_free(&sb);
			used = 1;
		}
	}
	if (used)
		return EXEC_SKIP;
	if (cgroup_preflight(sc, d))
		return EXEC_FAIL;
	bad = find_unsupported(sc, &sc->ops, &what);
	if (bad) {
		diag_error(d, bad->loc, "this build of scn cannot run '%s' yet: it needs %s",
			   ir_op_name(bad->kind), what);
		return EXEC_UNSUPPORTED;
	}
	return EXEC_PASS;
}

/*
 * A journal belongs to a run that is still going (it holds the lock) or
 * to one that was killed. A run that changes no knob minds only the
 * second: the knobs are not what the machine had, and nobody will put
 * them back.
 */
int journal_left(const struct exec_opts *o, struct diag *d)
{
	const char *dir = o->state_dir ? o->state_dir : RT_STATE_DIR;
	struct rt_knobs k;
	struct rt_err err;
	char path[256];
	struct stat st;
	int rc;

	snprintf(path, sizeof(path), "%s/journal", dir);
	if (stat(path, &st)) {
		/* The journal of a killed run in another state directory. */
		rc = rt_knobs_orphans(&err);
		if (rc)
			diag_error(d, (struct loc){ 0 }, "%s", err.msg);
		return rc;
	}
	rc = rt_knobs_open(&k, &(struct rt_knobs_how){ .dir = dir,
			   .owner = o->owner }, &err);	/* which of the two */
	if (rc == -EBUSY)
		return 0;
	if (!rc)
		rt_knobs_close(&k);
	diag_error(d, (struct loc){ 0 }, "%s", err.msg);
	return rc ? rc : -EEXIST;
}
