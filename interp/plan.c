// SPDX-License-Identifier: GPL-2.0-only
#include "plan.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "exec_run.h"
#include "memneed.h"
#include "words.h"

static void indent(struct strbuf *sb, int depth)
{
	int i;

	for (i = 0; i < depth; i++)
		sb_puts(sb, "  ");
}

static void size(struct strbuf *sb, int64_t v)
{
	format_size(sb, v);
}

void plan_expr(struct strbuf *sb, const struct ir_expr *x,
	       const struct ir_scenario *sc)
{
	switch (x->kind) {
	case IRX_CONST:
		value_format_human(sb, &x->v);
		break;
	case IRX_METRIC:
		sb_puts(sb, sc->phases[x->phase].name);
		if (x->vcpu) {
			sb_puts(sb, ".vcpu[");
			plan_expr(sb, x->vcpu, sc);
			sb_putc(sb, ']');
		}
		sb_printf(sb, ".%s", metric_name(x->metric));
		if (x->stat != STAT_LAST)
			sb_printf(sb, ".%s", stat_name(x->stat));
		break;
	case IRX_GAUGE:
	case IRX_GAUGE_DELTA:
		if (x->phase >= 0)
			sb_printf(sb, "%s.", sc->phases[x->phase].name);
		if (x->kind == IRX_GAUGE_DELTA)
			sb_puts(sb, "delta.");
		sb_printf(sb, "%s.", gauge_source_name(x->gauge));
		if (x->vcpu) {
			sb_puts(sb, "vcpu[");
			plan_expr(sb, x->vcpu, sc);
			sb_puts(sb, "].");
		}
		sb_puts(sb, x->gauge_name);
		break;
	case IRX_UNARY:
		sb_puts(sb, ast_op_text(x->op));
		plan_expr(sb, x->a, sc);
		break;
	case IRX_BINARY:
		sb_putc(sb, '(');
		plan_expr(sb, x->a, sc);
		sb_printf(sb, " %s ", ast_op_text(x->op));
		plan_expr(sb, x->b, sc);
		sb_putc(sb, ')');
		break;
	case IRX_COND:
		sb_putc(sb, '(');
		plan_expr(sb, x->a, sc);
		sb_puts(sb, " ? ");
		plan_expr(sb, x->b, sc);
		sb_puts(sb, " : ");
		plan_expr(sb, x->c, sc);
		sb_putc(sb, ')');
		break;
	case IRX_MIN:
	case IRX_MAX:
		sb_puts(sb, x->kind == IRX_MIN ? "min(" : "max(");
		plan_expr(sb, x->a, sc);
		sb_puts(sb, ", ");
		plan_expr(sb, x->b, sc);
		sb_putc(sb, ')');
		break;
	case IRX_UFFD:
		sb_printf(sb, "%s.uffd.", sc->phases[x->phase].name);
		if (x->a) {
			sb_puts(sb, "reader[");
			plan_expr(sb, x->a, sc);
			sb_puts(sb, "].");
		}
		sb_puts(sb, uffd_stat_name(x->v.i));
		break;
	case IRX_JOBS:
		sb_printf(sb, "%s.jobs.ring%d", sc->phases[x->phase].name, (int)x->v.i);
		break;
	case IRX_PLACEMENT:
		sb_printf(sb, "%s.placement.%s[", sc->phases[x->phase].name,
			  sc->backings[x->v.i].name);
		plan_expr(sb, x->a, sc);
		sb_putc(sb, ']');
		break;
	case IRX_IN_UNIT:
		plan_expr(sb, x->a, sc);
		sb_printf(sb, ".%s", x->v.i == 1 ? "ns" : x->v.i == 1000 ? "us" :
			  x->v.i == 1000000 ? "ms" : "seconds");
		break;
	}
}

static const char *cmp_text(enum ast_op op)
{
	return ast_op_text(op);
}

void plan_requirements(struct strbuf *sb, const struct ir_scenario *sc)
{
	size_t i;

	for (i = 0; i < sc->nreqs; i++) {
		const struct ir_require *r = &sc->reqs[i];

		if (i)
			sb_puts(sb, ", ");
		if (r->feature < 0) {
			sb_printf(sb, "%s %s ", r->fact, cmp_text(r->cmp));
			if (!strcmp(r->fact, "mem"))
				size(sb, r->arg);
			else
				sb_printf(sb, "%" PRId64, r->arg);
			continue;
		}
		sb_puts(sb, rt_feature_name(r->feature));
		if (r->arg) {
			sb_putc(sb, ' ');
			size(sb, r->arg);
		}
	}
	if (!sc->nreqs)
		sb_puts(sb, "nothing");
}

static const char *vcpu_range(char *buf, size_t len, int first, int last,
			      int n)
{
	if (first == 0 && last == n - 1)
		snprintf(buf, len, "all %d vcpu%s", n, n == 1 ? "" : "s");
	else if (first == last)
		snprintf(buf, len, "vcpu %d", first);
	else
		snprintf(buf, len, "vcpus %d-%d", first, last);
	return buf;
}

static const char *ring_name(enum ring r)
{
	return r == RING_0 ? "ring 0" : r == RING_3 ? "ring 3" : "ring auto";
}

/* Text of a print string, escaped as it would be written. */
static void render_escaped(struct strbuf *sb, const char *c)
{
	for (; *c; c++) {
		if (*c == '\t')
			sb_puts(sb, "\\t");
		else if (*c == '\n')
			sb_puts(sb, "\\n");
		else if (*c == '"' || *c == '\\')
			sb_printf(sb, "\\%c", *c);
		else if (*c == '{' || *c == '}')
			sb_printf(sb, "%c%c", *c, *c);
		else
			sb_putc(sb, *c);
	}
}

static void render_text(struct strbuf *sb, const struct ir_text *t,
			const struct ir_scenario *sc)
{
	size_t i;

	sb_putc(sb, '"');
	for (i = 0; i < t->n; i++) {
		/* What is known now is shown as it will print. */
		if (!t->parts[i].text && t->parts[i].expr->kind == IRX_CONST) {
			struct strbuf v;

			sb_init(&v);
			value_format(&v, &t->parts[i].expr->v, t->parts[i].format);
			render_escaped(sb, v.buf ? v.buf : "");
			sb_free(&v);
			continue;
		}
		if (t->parts[i].text) {
			render_escaped(sb, t->parts[i].text);
			continue;
		}
		sb_putc(sb, '{');
		plan_expr(sb, t->parts[i].expr, sc);
		if (t->parts[i].format)
			sb_printf(sb, ":%s", t->parts[i].format);
		sb_putc(sb, '}');
	}
	sb_putc(sb, '"');
}

static void render_block(struct strbuf *sb, const struct ir_block *b,
			 const struct ir_scenario *sc, int depth);

/* A cgroup limit: a size, or max. */
static void cg_limit(struct strbuf *sb, int64_t v)
{
	if (v == RT_CG_UNLIMITED)
		sb_puts(sb, "max");
	else
		size(sb, v);
}

static bool vcpus_work(const struct ir_op *op, void *ctx)
{
	(void)ctx;
	return op->kind == IR_GUEST || op->kind == IR_VCPU_RESET;
}

/* Whether vCPUs work in a block: then the phase ends at their barrier. */
static bool block_has_guest(const struct ir_block *b)
{
	return ir_visit_ops(b, vcpus_work, NULL);
}

/* A uffd in missing or minor mode serves the backing: it starts empty. */
static bool served_empty(const struct ir_scenario *sc, int backing)
{
	size_t i;

	for (i = 0; i < sc->nuffds; i++)
		if (sc->uffds[i].backing == backing && sc->uffds[i].mode != UFFD_WP)
			return true;
	return false;
}

static void render_op(struct strbuf *sb, const struct ir_op *op,
		      const struct ir_scenario *sc, int depth)
{
	char buf[64];
	size_t i;

	indent(sb, depth);
	sb_printf(sb, "%d: ", op->loc.first_line);
	switch (op->kind) {
	case IR_SET_KNOB: {
		const struct knob_info *ki = &knob_info[op->knob.knob];

		sb_printf(sb, "set %s = ", ki->name);
		value_format_human(sb, &op->knob.value);
		sb_puts(sb, ki->kind == KNOB_ACTION ? " (an action: not restored)\n" :
			    " (restored at exit)\n");
		break;
	}
	case IR_POLICY:
		sb_printf(sb, "policy %s", policy_info[op->policy.mode].name);
		if (op->policy.nodes == ~0ULL)
			sb_puts(sb, " all nodes");
		else if (op->policy.nodes) {
			int n, first = 1;

			sb_puts(sb, " nodes ");
			for (n = 0; n < 64; n++)
				if (op->policy.nodes & (1ULL << n)) {
					sb_printf(sb, "%s%d", first ? "" : ",", n);
					first = 0;
				}
		}
		sb_puts(sb, " for the process and every thread scn starts\n");
		break;
	case IR_CREATE_BACKING: {
		const struct ir_backing *b = &sc->backings[op->index];

		sb_printf(sb, "create %s %s: %s, ", b->is_region ? "region" : "backing",
			  b->name, backing_info[b->type].name);
		size(sb, b->size);
		sb_puts(sb, ", pages of ");
		size(sb, b->page_size);
		if (backing_info[b->type].flags & BK_PFNMAP)
			sb_puts(sb, " (the BAR of a vfio-bound device, mapped at that alignment)");
		if (b->prefault)
			sb_puts(sb, ", prefault");
		if (b->hugepage)
			sb_puts(sb, ", hugepage");
		if (b->nohugepage)
			sb_puts(sb, ", nohugepage");
		if (b->noreserve)
			sb_puts(sb, ", noreserve");
		if (b->has_fill && served_empty(sc, op->index))
			sb_printf(sb, ", empty: its pages arrive through the uffd, filled with 0x%02" PRIx64,
				  b->fill);
		else if (b->has_fill)
			sb_printf(sb, ", filled with 0x%02" PRIx64, b->fill);
		if (b->node >= 0)
			sb_printf(sb, ", bound to node %d", b->node);
		sb_putc(sb, '\n');
		break;
	}
	case IR_CREATE_VM: {
		const struct ir_vm *vm = &sc->vms[op->index];

		sb_printf(sb, "create vm %s: ", vm->name);
		size(sb, vm->mem);
		sb_printf(sb, " of guest memory in %d memslot%s of ", vm->nr_slots,
			  vm->nr_slots == 1 ? "" : "s");
		size(sb, vm->slot_size);
		sb_printf(sb, " %s backing %s, %d vcpu%s, %s%s",
			  vm->alias ? "each aliasing" : "over",
			  sc->backings[vm->backing].name, vm->vcpus,
			  vm->vcpus == 1 ? "" : "s", ring_name(vm->ring),
			  vm->pin ? ", pinned" : "");
		if (vm->dirty_ring)
			sb_printf(sb, ", a dirty ring of %d entries per vcpu",
				  vm->dirty_ring);
		if (vm->guest_page) {
			sb_puts(sb, ", guest pages of ");
			size(sb, vm->guest_page);
		}
		if (vm->gpa_base) {
			sb_puts(sb, ", from gpa ");
			size(sb, vm->gpa_base);
		}
		sb_putc(sb, '\n');
		break;
	}
	case IR_CREATE_UFFD: {
		const struct ir_uffd *u = &sc->uffds[op->index];

		bool parts = u->per_vcpu && u->vm >= 0;

		sb_printf(sb, "create uffd on %s: mode %s, %d reader%s%s waiting by %s",
			  u->vm >= 0 ? sc->vms[u->vm].name : sc->backings[u->backing].name,
			  words_uffd_mode[u->mode], u->readers,
			  u->readers == 1 ? "" : "s", parts ? " per uffd" : "",
			  words_uffd_wait[u->wait]);
		if (u->delay) {
			sb_puts(sb, ", delay ");
			format_duration(sb, u->delay);
		}
		sb_printf(sb, ", resolved by %s", words_uffd_resolve[u->resolve]);
		if (parts)
			sb_printf(sb, ", one uffd per vcpu (%d, each on 1/%d of %s)",
				  sc->vms[u->vm].vcpus, sc->vms[u->vm].vcpus,
				  sc->backings[u->backing].name);
		else
			sb_puts(sb, ", one uffd for all");
		sb_puts(sb, ", pages of ");
		size(sb, u->page_size);
		sb_putc(sb, '\n');
		break;
	}
	case IR_PHASE: {
		const struct ir_phase *ph = &sc->phases[op->index];

		sb_printf(sb, "phase %s (watchdog ", ph->name);
		format_duration(sb, ph->watchdog);
		if (ph->runs == INT64_MAX)	/* the product overflowed */
			sb_printf(sb, ", runs more than %" PRId64 " times", ph->runs);
		else if (ph->runs != 1)
			sb_printf(sb, ", runs %" PRId64 " times", ph->runs);
		sb_puts(sb, ")\n");
		if (ph->exec_before) {
			indent(sb, depth + 1);
			sb_printf(sb, "before: run \"%s\"\n", ph->exec_before);
		}
		render_block(sb, &op->body, sc, depth + 1);
		if (ph->exec_after) {
			indent(sb, depth + 1);
			sb_printf(sb, "after: run \"%s\"\n", ph->exec_after);
		}
		if (block_has_guest(&op->body)) {
			indent(sb, depth + 1);
			sb_puts(sb, "end: barrier on every vcpu's report\n");
		}
		break;
	}
	case IR_GUEST: {
		const struct ir_guest_job *j = &op->guest;
		const struct ir_vm *vm = &sc->vms[j->vm];

		sb_printf(sb, "guest %s on %s of %s: %s", words_guest_op[j->op],
			  vcpu_range(buf, sizeof(buf), j->first_vcpu, j->last_vcpu,
				     vm->vcpus), vm->name,
			  j->overlap ? "each walks " : "partitioned over ");
		size(sb, j->size);
		if (j->offset) {
			sb_puts(sb, " from ");
			size(sb, j->offset);
		}
		sb_puts(sb, ", stride ");
		size(sb, j->stride);
		if (j->until == UNTIL_ALL_FAULTED)
			sb_puts(sb, ", passes until every vcpu faulted or, with no branch beside it running, a pass took no fault");
		else
			sb_printf(sb, ", %d pass%s", j->passes, j->passes == 1 ? "" : "es");
		if (j->op == GUEST_MIXED)
			sb_printf(sb, ", %d%% writes", j->write_pct);
		if (j->random)
			sb_printf(sb, ", random order (seed %" PRIu64 ")", j->seed);
		if (j->verify || j->op == GUEST_WRITE) {
			sb_puts(sb, j->verify ? ", verify " : ", ");
			if (j->pattern_address)
				sb_puts(sb, "address pattern");
			else
				sb_printf(sb, "pattern 0x%" PRIx64, j->pattern);
		}
		if (j->on_fault != FAULT_FAIL)
			sb_printf(sb, ", on fault %s", words_fault[j->on_fault]);
		if (j->latency)
			sb_puts(sb, ", latency histogram");
		sb_printf(sb, ", %s\n", ring_name(j->ring));
		break;
	}
	case IR_MPROTECT:
	case IR_MADVISE:
	case IR_PUNCH:
	case IR_MUNMAP:
	case IR_REMAP:
		sb_puts(sb, ir_op_name(op->kind));
		sb_printf(sb, " %s", sc->backings[op->mem.backing].name);
		if (op->kind == IR_MPROTECT)
			sb_printf(sb, " %s", words_prot[op->mem.prot]);
		if (op->kind == IR_MADVISE)
			sb_printf(sb, " %s", advice_info[op->mem.advice].name);
		sb_puts(sb, ", ");
		size(sb, op->mem.size);
		sb_puts(sb, " at ");
		size(sb, op->mem.offset);
		sb_putc(sb, '\n');
		break;
	case IR_HOST_ACCESS:
		sb_printf(sb, "host %s %s, ", op->mem.write ? "write" : "read",
			  sc->backings[op->mem.backing].name);
		size(sb, op->mem.size);
		sb_puts(sb, " at ");
		size(sb, op->mem.offset);
		sb_puts(sb, ", one byte every ");
		size(sb, op->mem.stride);
		if (op->mem.write)
			sb_printf(sb, ", value 0x%02x", op->mem.byte);
		else if (op->mem.byte >= 0)
			sb_printf(sb, ", each must read 0x%02x", op->mem.byte);
		if (op->mem.on_fault != FAULT_FAIL)
			sb_printf(sb, ", on fault %s", words_fault[op->mem.on_fault]);
		sb_putc(sb, '\n');
		break;
	case IR_MEMSLOT:
		sb_printf(sb, "memslot %s %s on vm %s", words_memslot[op->memslot.op],
			  op->memslot.name, sc->vms[op->memslot.vm].name);
		if (op->memslot.op == MEMSLOT_ADD && op->memslot.guest_slot >= 0) {
			sb_puts(sb, ", back");
		} else if (op->memslot.op == MEMSLOT_ADD) {
			sb_puts(sb, ", ");
			size(sb, op->memslot.size);
			if (op->memslot.backing >= 0)
				sb_printf(sb, " of %s", sc->backings[op->memslot.backing].name);
			else
				sb_puts(sb, " of its own anonymous memory");
		}
		if (op->memslot.has_gpa) {
			sb_puts(sb, " at gpa ");
			size(sb, op->memslot.gpa);
		}
		sb_putc(sb, '\n');
		break;
	case IR_DIRTYLOG:
		sb_printf(sb, "dirty log %s on vm %s", words_dirtylog[op->dirtylog.op],
			  sc->vms[op->dirtylog.vm].name);
		if (op->dirtylog.slot >= 0)
			sb_printf(sb, ", slot %s.slot[%d] alone",
				  sc->vms[op->dirtylog.vm].name, op->dirtylog.slot);
		sb_putc(sb, '\n');
		break;
	case IR_EXEC:
		sb_printf(sb, "run \"%s\"\n", op->exec.command);
		break;
	case IR_METRIC:
		sb_printf(sb, "metric %s.%s = ", sc->phases[op->metric.phase].name,
			  op->metric.name);
		plan_expr(sb, op->metric.value, sc);
		if (*op->metric.unit)
			sb_printf(sb, " (%s)", op->metric.unit);
		if (op->metric.better)
			sb_printf(sb, ", %s is better", op->metric.better > 0 ? "higher" : "lower");
		sb_putc(sb, '\n');
		break;
	case IR_CREATE_CGROUP: {
		const struct ir_cgroup *cg = sc->cgroup;
		bool any = false;

		sb_printf(sb, "create cgroup %s (a memory cgroup under the cgroup2 root's scn/) and move scn into it",
			  cg->name);
		for (int f = 0; f < RT_CG__COUNT; f++) {
			if (!cg->set[f])
				continue;
			sb_printf(sb, "%s %s ", any ? "," : ":", rt_cg_file_name(f));
			cg_limit(sb, cg->value[f]);
			any = true;
		}
		sb_putc(sb, '\n');
		break;
	}
	case IR_CGROUP_WRITE:
		sb_printf(sb, "write %s of cgroup %s: ", rt_cg_file_name(op->cgroup.file),
			  sc->cgroup->name);
		cg_limit(sb, op->cgroup.value);
		sb_putc(sb, '\n');
		break;
	case IR_VCPU_RESET:
		sb_printf(sb, "reset the mmu of %s of %s (toggle CR0.WP)\n",
			  vcpu_range(buf, sizeof(buf), op->vcpus.first_vcpu,
				     op->vcpus.last_vcpu, sc->vms[op->vcpus.vm].vcpus),
			  sc->vms[op->vcpus.vm].name);
		break;
	case IR_KSM_WAIT:
		if (op->ksm.what == KSMW_SCANS)
			sb_printf(sb, "ksm wait for %" PRId64 " full scans", op->ksm.target);
		else if (op->ksm.target)
			sb_printf(sb, "ksm wait until pages_sharing >= %" PRId64,
				  op->ksm.target);
		else
			sb_printf(sb, "ksm wait until ksmd has scanned %s twice (2 full scans)",
				  op->ksm.backing >= 0 ? sc->backings[op->ksm.backing].name :
							 "memory");
		sb_puts(sb, ", timeout ");
		format_duration(sb, op->ksm.timeout);
		sb_putc(sb, '\n');
		break;
	case IR_KSM_PRCTL:
		sb_printf(sb, "prctl PR_SET_MEMORY_MERGE %d\n", op->prctl.on);
		break;
	case IR_SLEEP:
		sb_puts(sb, "sleep ");
		format_duration(sb, op->sleep.ns);
		sb_putc(sb, '\n');
		break;
	case IR_WAIT:
		sb_puts(sb, "wait until ");
		plan_expr(sb, op->wait.cond, sc);
		sb_puts(sb, ", timeout ");
		format_duration(sb, op->wait.timeout);
		sb_putc(sb, '\n');
		break;
	case IR_CONCURRENTLY:
		sb_printf(sb, "concurrently, %zu branch%s starting together:\n",
			  op->nbranches, op->nbranches == 1 ? "" : "es");
		for (i = 0; i < op->nbranches; i++) {
			indent(sb, depth + 1);
			sb_printf(sb, "branch %zu:\n", i + 1);
			render_block(sb, &op->branches[i], sc, depth + 2);
		}
		break;
	case IR_REPEAT:
		sb_printf(sb, "repeat %" PRId64 " time%s:\n", op->repeat.count,
			  op->repeat.count == 1 ? "" : "s");
		render_block(sb, &op->body, sc, depth + 1);
		break;
	case IR_EXPECT:
		sb_puts(sb, "expect ");
		plan_expr(sb, op->expect.cond, sc);
		sb_putc(sb, '\n');
		break;
	case IR_EXPECT_FAULT:
		sb_printf(sb, "expect a fault on %s of %s\n",
			  vcpu_range(buf, sizeof(buf), op->fault.first_vcpu,
				     op->fault.last_vcpu, sc->vms[op->fault.vm].vcpus),
			  sc->vms[op->fault.vm].name);
		break;
	case IR_PRINT:
		sb_puts(sb, "print ");
		render_text(sb, &op->print, sc);
		sb_putc(sb, '\n');
		break;
	}
}

static void render_block(struct strbuf *sb, const struct ir_block *b,
			 const struct ir_scenario *sc, int depth)
{
	size_t i;

	for (i = 0; i < b->n; i++)
		render_op(sb, &b->ops[i], sc, depth);
}

static const char *origin_name(enum param_origin o)
{
	switch (o) {
	case ORIGIN_DEFAULT: return "";
	case ORIGIN_WITH: return "  (include ... with)";
	case ORIGIN_COMMAND_LINE: return "  (-D)";
	case ORIGIN_SWEEP: return "  (swept)";
	}
	return "";
}

static void render_scenario(struct strbuf *sb, const struct ir_scenario *sc)
{
	static const struct rt_features no_features;
	char why[256];
	int64_t kvm = 0;
	struct strbuf parts;
	size_t i, w = 0;

	sb_puts(sb, "parameters:\n");
	for (i = 0; i < sc->nparams; i++)
		if (strlen(sc->params[i].name) > w)
			w = strlen(sc->params[i].name);
	for (i = 0; i < sc->nparams; i++) {
		sb_printf(sb, "  %-*s = ", (int)w, sc->params[i].name);
		value_format_human(sb, &sc->params[i].value);
		sb_printf(sb, "%s\n", origin_name(sc->params[i].origin));
	}
	if (!sc->nparams)
		sb_puts(sb, "  none\n");
	sb_puts(sb, "requires: ");
	plan_requirements(sb, sc);
	sb_puts(sb, "\nmemory: ");
	/* What run counts: KVM's memslot metadata too (guest_preflight,
	 * here without KVM's limits, which are the machine's). */
	guest_preflight(sc, &(const struct exec_opts){ .features = &no_features }, &kvm,
			why, sizeof(why));
	size(sb, add_sat(memneed_total(sc, NULL), kvm));
	sb_puts(sb, " of host memory");
	/* Where noreserve, a pool or KVM is in it, what it is made of. */
	sb_init(&parts);
	if (memneed_describe(&parts, sc, NULL, kvm, size))
		sb_printf(sb, " (%s)", parts.buf);
	sb_free(&parts);
	if (sc->guest_memory) {
		sb_puts(sb, ", ");
		size(sb, sc->guest_memory);
		sb_puts(sb, " of guest memory");
	}
	/* What run checks against pid_max, RLIMIT_NPROC and pids.max. */
	if (memneed_has_threads(sc)) {
		sb_init(&parts);
		sb_printf(sb, "\nthreads: %lld (", (long long)memneed_threads(sc, &parts));
		sb_printf(sb, "%s)", parts.buf);
		sb_free(&parts);
	}
	sb_puts(sb, "\nsteps:\n");
	render_block(sb, &sc->ops, sc, 1);
}

void plan_render(struct strbuf *sb, const struct ir_program *p,
		 const struct rt_facts *f, bool all_points)
{
	size_t i, k;

	sb_printf(sb, "scenario %s\n", p->path);
	sb_printf(sb, "machine: ncpus=%ld mem_total=", f->ncpus);
	size(sb, f->mem_total);
	sb_puts(sb, " mem_free=");
	size(sb, f->mem_free);
	sb_puts(sb, " page_size=");
	size(sb, f->page_size);
	sb_printf(sb, " nr_nodes=%ld thp_size=", f->nr_nodes);
	size(sb, f->thp_size);
	/* Named where it is not the reference machine's (check.c). */
	if (f->arch[0] && strcmp(f->arch, "x86_64"))
		sb_printf(sb, " arch=%s", f->arch);
	if (f->virt[0] && strcmp(f->virt, "vmx"))
		sb_printf(sb, " virt=%s", f->virt);
	sb_putc(sb, '\n');
	if (p->nsweeps) {
		sb_printf(sb, "sweep: %zu point%s, row-major over", p->npoints,
			  p->npoints == 1 ? "" : "s");
		for (i = 0; i < p->nsweeps; i++) {
			sb_printf(sb, "%s %s in ", i ? "," : "", p->sweeps[i].param);
			for (k = 0; k < p->sweeps[i].n; k++) {
				if (k)
					sb_puts(sb, " ");
				value_format_human(sb, &p->sweeps[i].values[k]);
			}
		}
		sb_puts(sb, "; each point runs afresh, knobs restored between points\n");
		if (p->table) {
			sb_printf(sb, "table: rows=%s", p->table->rows);
			if (p->table->cols)
				sb_printf(sb, " cols=%s", p->table->cols);
			sb_printf(sb, " value=%s", p->table->value_text ?
				  p->table->value_text : "");
			if (p->table->unit)
				sb_printf(sb, " unit=\"%s\"", p->table->unit);
			sb_putc(sb, '\n');
		}
	}
	for (i = 0; i < p->npoints; i++) {
		if (p->nsweeps) {
			sb_printf(sb, "\npoint %zu:", i + 1);
			for (k = 0; k < p->points[i].nparams; k++)
				if (p->points[i].params[k].origin == ORIGIN_SWEEP) {
					sb_printf(sb, " %s=", p->points[i].params[k].name);
					value_format_human(sb, &p->points[i].params[k].value);
				}
			sb_putc(sb, '\n');
			if (!all_points && i > 0)
				continue;
		}
		render_scenario(sb, &p->points[i]);
	}
}
