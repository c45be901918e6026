// SPDX-License-Identifier: GPL-2.0-only
#include "exec.h"

#include <errno.h>
#include <stdarg.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../runtime/clock.h"
#include "../runtime/knobs.h"
#include "../runtime/ksm.h"
#include "../runtime/mem.h"
#include "../runtime/mem_gmem.h"
#include "../runtime/numa.h"
#include "../runtime/uffd.h"
#include "exec_confound.h"
#include "exec_run.h"
#include "exec_uffd.h"
#include "plan.h"
#include "preflight.h"
#include "progress.h"
#include "samples.h"
#include "words.h"

/* --- operations ---------------------------------------------------------- */

static void run_block(struct strand *s, const struct ir_block *b);

/*
 * Runs cmd with /bin/sh in a process group of its own, with the signals
 * scn blocks for its signal thread unblocked again. A stop (Ctrl-C, a
 * kill of scn, --timeout) sends SIGTERM to the whole group rather than
 * waiting it out, so that nothing the shell started is left behind.
 */
static int run_command(const char *cmd, const atomic_bool *stop,
		       struct rt_err *err)
{
	bool killed = false;
	sigset_t none;
	int status;
	pid_t pid = fork(), got;

	if (pid < 0)
		return rt_fail_errno(err, errno, "fork");
	if (pid == 0) {
		setpgid(0, 0);
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	for (;;) {
		got = waitpid(pid, &status, WNOHANG);
		if (got == pid)
			break;
		if (got < 0 && errno != EINTR)
			return rt_fail_errno(err, errno, "waitpid");
		if (!killed && stop && atomic_load(stop)) {
			kill(-pid, SIGTERM);
			killed = true;
		}
		usleep(killed ? 1000 : 5000);
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (killed)
		return rt_fail(err, -EINTR, "interrupted");
	if (WIFEXITED(status))
		return rt_fail(err, -ECHILD, "\"%s\" exited with %d", cmd,
			       WEXITSTATUS(status));
	return rt_fail(err, -ECHILD, "\"%s\" was killed by signal %d", cmd,
		       WTERMSIG(status));
}

static int sleep_ns(struct strand *s, int64_t ns, struct rt_err *err)
{
	int64_t end = rt_deadline_ns(ns), now;

	/* In slices, so that Ctrl-C is not kept waiting. */
	while ((now = rt_now_ns()) < end) {
		int64_t left = end - now, slice = left < 10000000 ? left : 10000000;
		struct timespec ts = { slice / 1000000000, slice % 1000000000 };

		if (stopping(s))
			return rt_fail(err, -EINTR, "interrupted");
		nanosleep(&ts, NULL);
	}
	return 0;
}

static void print_text(struct strand *s, const struct ir_op *op)
{
	struct strbuf sb;
	struct rt_err err;
	size_t i;

	sb_init(&sb);
	for (i = 0; i < op->print.n; i++) {
		const struct ir_text_part *p = &op->print.parts[i];
		struct value v;

		if (p->text) {
			sb_puts(&sb, p->text);
			continue;
		}
		pthread_mutex_lock(&s->r->lock);
		if (samples_eval(s->r->res, p->expr, &v, &err)) {
			pthread_mutex_unlock(&s->r->lock);
			fail_at(s, p->expr->loc, err.msg);
			sb_free(&sb);
			return;
		}
		pthread_mutex_unlock(&s->r->lock);
		value_format(&sb, &v, p->format);
	}
	pthread_mutex_lock(&s->r->lock);
	fprintf(s->r->o->out, "%s\n", sb.buf ? sb.buf : "");
	run_check_written(s->r, s->r->o->out, "the output", op->loc);
	pthread_mutex_unlock(&s->r->lock);
	if (atomic_load(&s->r->error) && s->sibling_stop)
		atomic_store(s->sibling_stop, true);
	sb_free(&sb);
}

/* metric PHASE.NAME = EXPR: a sample of the phase's metric NAME. */
static void record_metric(struct strand *s, const struct ir_op *op)
{
	struct rt_err err;
	struct value v;
	int rc;

	pthread_mutex_lock(&s->r->lock);
	rc = samples_eval(s->r->res, op->metric.value, &v, &err);
	if (!rc)
		samples_add_metric(&s->r->res->phases[op->metric.phase],
				   op->metric.name, op->metric.unit,
				   op->metric.better, exec_value_number(&v));
	pthread_mutex_unlock(&s->r->lock);
	if (rc)
		fail_at(s, op->loc, err.msg);
}

/*
 * A failed condition with its operands' values: "0 == 1" for a
 * comparison, "(0 == 1) && (5 == 4)" for both sides of && and ||, the
 * branch taken of ?:. Non-zero when a value cannot be had.
 */
static int explain(const struct run_samples *res, const struct ir_expr *x,
		   struct strbuf *sb)
{
	struct value a, b;
	struct rt_err err;
	bool logic = x->kind == IRX_BINARY && (x->op == OP_AND || x->op == OP_OR);

	if (x->kind == IRX_COND) {
		if (samples_eval(res, x->a, &a, &err))
			return -1;
		return explain(res, a.i ? x->b : x->c, sb);
	}
	if (x->kind != IRX_BINARY) {
		if (samples_eval(res, x, &a, &err))
			return -1;
		value_format_human(sb, &a);
		return 0;
	}
	if (logic) {
		sb_putc(sb, '(');
		if (explain(res, x->a, sb))
			return -1;
		sb_printf(sb, ") %s (", ast_op_text(x->op));
		if (explain(res, x->b, sb))
			return -1;
		sb_putc(sb, ')');
		return 0;
	}
	if (samples_eval(res, x->a, &a, &err) || samples_eval(res, x->b, &b, &err))
		return -1;
	value_format_human(sb, &a);
	sb_printf(sb, " %s ", ast_op_text(x->op));
	value_format_human(sb, &b);
	return 0;
}

static void expect(struct strand *s, const struct ir_op *op)
{
	struct rt_err err;
	struct value v;
	int rc;

	pthread_mutex_lock(&s->r->lock);
	rc = samples_eval(s->r->res, op->expect.cond, &v, &err);
	pthread_mutex_unlock(&s->r->lock);
	if (rc) {
		fail_at(s, op->loc, err.msg);
		return;
	}
	if (!v.i && ksm_not_judged(s, op))
		return;
	if (!v.i) {
		struct strbuf sb;

		sb_init(&sb);
		sb_printf(&sb, "expectation failed: %s", op->expect.text);
		/* Show the operands of the comparisons as they were. */
		if (op->expect.cond->kind == IRX_BINARY ||
		    op->expect.cond->kind == IRX_COND) {
			struct strbuf ops;

			sb_init(&ops);
			if (!explain(s->r->res, op->expect.cond, &ops))
				sb_printf(&sb, " (%s)", ops.buf);
			sb_free(&ops);
		}
		pthread_mutex_lock(&s->r->lock);
		diag_error(s->r->d, op->loc, "%s", sb.buf);
		atomic_store(&s->r->failed, true);
		pthread_mutex_unlock(&s->r->lock);
		sb_free(&sb);
	}
}

static int wait_until(struct strand *s, const struct ir_op *op,
		      struct rt_err *err)
{
	int64_t end = rt_deadline_ns(op->wait.timeout);
	struct value v;
	int rc;

	for (;;) {
		pthread_mutex_lock(&s->r->lock);
		rc = samples_eval(s->r->res, op->wait.cond, &v, err);
		pthread_mutex_unlock(&s->r->lock);
		if (rc)
			return rc;
		if (v.i)
			return 0;
		if (rt_now_ns() > end)
			return rt_fail(err, -ETIMEDOUT, "the condition stayed false");
		rc = sleep_ns(s, 1000000, err);
		if (rc)
			return rc;
	}
}

static int ksm_wait(struct strand *s, const struct ir_op *op,
		    struct rt_err *err)
{
	int64_t run;
	int rc = rt_ksm_read("run", &run, err);

	if (rc)
		return rc;
	if (run != 1)
		return rt_fail(err, -EINVAL,
			       "ksmd is not running (ksm.run is %lld): set ksm.run = 1",
			       (long long)run);
	/* As ksm_tests: every page seen twice (see rt_ksm_wait_merged). */
	if (op->ksm.what == KSMW_MERGED && !op->ksm.target)
		return rt_ksm_wait_merged(op->ksm.timeout, wd_halt_flag(&s->r->wd),
					  err);
	return rt_ksm_wait_scans(op->ksm.what == KSMW_SCANS ? op->ksm.target : 2,
				 op->ksm.what == KSMW_MERGED ? op->ksm.target : 0,
				 op->ksm.timeout, wd_halt_flag(&s->r->wd), err);
}

/* Where the branches of concurrently wait to start together. */
struct gate {
	pthread_mutex_t lock;
	pthread_cond_t open;
	bool go;
};

struct branch {
	struct strand s;
	const struct ir_block *block;
	struct gate *start;
	struct conc_level *level;	/* b->s.conc, which it leaves as it ends */
	pthread_t thread;
};

static void *branch_main(void *arg)
{
	struct branch *b = arg;

	pthread_setname_np(pthread_self(), "scn-branch");
	pthread_mutex_lock(&b->start->lock);
	while (!b->start->go)
		pthread_cond_wait(&b->start->open, &b->start->lock);
	pthread_mutex_unlock(&b->start->lock);
	if (!stopping(&b->s)) {	/* else a sibling could not start */
		b->s.slot = wd_slot_get(&b->s.r->wd);
		run_block(&b->s, b->block);
		wd_slot_put(&b->s.r->wd, b->s.slot);
	}
	atomic_fetch_sub(&b->level->running, 1);
	return NULL;
}

bool strand_siblings_running(const void *conc)
{
	for (const struct conc_level *l = conc; l; l = l->up)
		if (atomic_load(&l->running) > 1)
			return true;
	return false;
}

static void run_concurrently(struct strand *s, const struct ir_op *op)
{
	struct branch *br = xcalloc(op->nbranches, sizeof(*br));
	atomic_bool sib = false;
	struct gate start = { .go = false };
	struct conc_level level = { .up = s->conc };
	size_t i, started = 0;
	int rc = 0;

	/*
	 * Every branch starts at the same instant, once all exist; the block
	 * ends with the last.
	 */
	pthread_mutex_init(&start.lock, NULL);
	pthread_cond_init(&start.open, NULL);
	/*
	 * An error stops the whole run: inside a branch of an outer block,
	 * the branches of this one share its flag, so that a failure at any
	 * level reaches a writer that retries at any other.
	 */
	for (i = 0; i < op->nbranches; i++) {
		br[i].s.r = s->r;
		br[i].s.sibling_stop = s->sibling_stop ? s->sibling_stop : &sib;
		br[i].s.conc = &level;
		br[i].level = &level;
		br[i].block = &op->branches[i];
		br[i].start = &start;
	}
	atomic_init(&level.running, (int)op->nbranches);
	for (i = 0; i < op->nbranches && !rc; i++) {
		rc = pthread_create(&br[i].thread, NULL, branch_main, &br[i]);
		if (!rc)
			started++;
	}
	atomic_fetch_sub(&level.running, (int)(op->nbranches - started));
	if (rc) {
		struct rt_err err;

		/* The ones started see the stop as the gate opens. */
		atomic_store(br[0].s.sibling_stop, true);
		rt_fail_errno(&err, rc, "pthread_create (branch %zu of %zu of concurrently)",
			      started + 1, op->nbranches);
		fail_at(s, op->loc, err.msg);
	}
	pthread_mutex_lock(&start.lock);
	start.go = true;
	pthread_cond_broadcast(&start.open);
	pthread_mutex_unlock(&start.lock);
	for (i = 0; i < started; i++)
		pthread_join(br[i].thread, NULL);
	pthread_cond_destroy(&start.open);
	pthread_mutex_destroy(&start.lock);
	free(br);
}

void run_backing_drop(struct run_backing *b)
{
	if (b->made)
		rt_mem_destroy(&b->mem);
	b->made = false;
	page_bits_free(&b->touched);
}

/* The pages an access job touched, in the phase's bitmap of its backing. */
static int64_t count_touched(struct run *r)
{
	int64_t pages = 0;

	for (size_t i = 0; i < r->sc->nbackings; i++)
		pages += page_bits_count(&r->backings[i].touched);
	return pages;
}

static void clear_touched(struct run *r)
{
	for (size_t i = 0; i < r->sc->nbackings; i++)
		page_bits_clear(&r->backings[i].touched);
}

/* What an expression of the scenario is looked for, and whether it was. */
struct wanted {
	enum irx_kind kind;	/* IRX_PLACEMENT, or IRX_GAUGE for either gauge */
	int64_t which;		/* its backing, or its gauge_source */
	bool found;
	const char *name;	/* IRX_GAUGE: this counter of it only, or NULL */
};

static void look_for(const struct ir_expr *x, void *ctx)
{
	struct wanted *w = ctx;

	if (w->kind == IRX_PLACEMENT && x->kind == IRX_PLACEMENT && x->v.i == w->which)
		w->found = true;
	if (w->kind == IRX_GAUGE && (x->kind == IRX_GAUGE || x->kind == IRX_GAUGE_DELTA) &&
	    (int64_t)x->gauge == w->which &&
	    (!w->name || (x->gauge_name && !strcmp(x->gauge_name, w->name))))
		w->found = true;
}

static bool scenario_has(const struct ir_scenario *sc, struct wanted *w)
{
	ir_visit_exprs(sc, look_for, w);
	return w->found;
}

bool scenario_places(const struct ir_scenario *sc, int backing)
{
	return scenario_has(sc, &(struct wanted){ IRX_PLACEMENT, backing, false, NULL });
}

bool scenario_reads(const struct ir_scenario *sc, enum gauge_source g)
{
	return scenario_has(sc, &(struct wanted){ IRX_GAUGE, g, false, NULL });
}

bool scenario_reads_counter(const struct ir_scenario *sc, enum gauge_source g,
			    const char *name)
{
	return scenario_has(sc, &(struct wanted){ IRX_GAUGE, g, false, name });
}

/* Where each region's pages are at the end of a phase, per node. */
static int64_t *place_pages(struct run *r)
{
	int64_t *place = xcalloc(r->sc->nbackings * SAMPLES_NODES + 1,
				 sizeof(*place));
	struct rt_err err;
	size_t i;

	for (i = 0; i < r->sc->nbackings; i++) {
		const struct run_backing *rb = &r->backings[i];

		if (rb->made && rb->mem.vm_fd >= 0 && rb->placement_read)
			rt_gmem_placement(&rb->mem, place + i * SAMPLES_NODES,
					  SAMPLES_NODES, &err);
		else if (rb->made && !rb->mem.unmapped_any && rb->placement_read)
			rt_numa_placement(rb->mem.addr, rb->mem.size,
					  place + i * SAMPLES_NODES, SAMPLES_NODES,
					  &err);
	}
	return place;
}

/*
 * A phase whose watchdog fired fails at its line, with a note at each
 * statement that was running; true if it fired.
 */
static bool watchdog_fired(struct strand *s)
{
	struct wd_report *rep = xmalloc(sizeof(*rep));
	struct strbuf sb;
	bool fired = wd_fired(&s->r->wd, rep);

	if (fired) {
		sb_init(&sb);
		format_duration(&sb, rep->timeout_ns);
		pthread_mutex_lock(&s->r->lock);
		diag_error(s->r->d, rep->phase_loc,
			   "phase '%s' made no progress for %s (its watchdog): stopped",
			   rep->phase, sb.buf);
		for (size_t i = 0; i < rep->n; i++)
			diag_note(s->r->d, rep->doing[i].loc, "it was running '%s' here",
				  rep->doing[i].what);
		diag_take(s->r->d, &s->r->guest_notes);
		atomic_store(&s->r->failed, true);
		atomic_store(&s->r->error, true);
		pthread_mutex_unlock(&s->r->lock);
		sb_free(&sb);
	}
	free(rep);
	return fired;
}

void run_phase(struct strand *s, const struct ir_op *op)
{
	const struct ir_phase *ph = &s->r->sc->phases[op->index];
	struct phase_result *pr = &s->r->res->phases[op->index];
	struct rt_err err;
	struct rt_vmstat *v0 = xmalloc(sizeof(*v0)), *v1 = xmalloc(sizeof(*v1));
	struct ksm_snapshot k0 = { 0 }, k1 = { 0 }, st0 = { 0 }, st1 = { 0 };
	struct rt_vmstat *cg0, *cg1, *ev0, *ev1;
	struct phase_env e0, e1;
	int64_t *place;
	struct progress *pg = NULL;
	bool have_ksm = access("/sys/kernel/mm/ksm", F_OK) == 0;
	struct run_counts counts;
	int64_t t0, t1;
	bool failed_before = atomic_load(&s->r->error);
	bool fired;

	wd_arm(&s->r->wd, ph->name, ph->loc, ph->watchdog);
	if (ph->exec_before)
		wd_doing(&s->r->wd, s->slot, "before=", ph->loc);
	if (ph->exec_before &&
	    run_command(ph->exec_before, wd_halt_flag(&s->r->wd), &err))
		fail_at(s, op->loc, err.msg);
	/*
	 * The machine-wide counters of the first phase must not count what
	 * an ended run (the scenario before, in a suite) left to ksmd.
	 */
	if (have_ksm && s->r->reads_ksm && !s->r->ksm_settled)
		ksm_settle_first(s, op);
	if (have_ksm) {
		samples_ksm_snapshot(&k0, &err);
		samples_ksm_stat_snapshot(&st0);
	}
	confound_read(&e0, s->r->reads_ksm);
	run_cgroup_snapshot(s->r, &cg0, &ev0);
	if (rt_vmstat_read(v0, &err))
		v0->n = 0;
	atomic_store(&s->r->counts.accesses, 0);
	atomic_store(&s->r->counts.host_faults, 0);
	clear_touched(s->r);
	for (size_t u = 0; u < s->r->sc->nuffds; u++)
		if (s->r->uffds[u].started)
			rt_uffd_reset_stats(&s->r->uffds[u].svc);
	if (s->r->o->progress)
		pg = progress_start(s->r->o->progress, ph->name, &s->r->counts.accesses,
				    pr->runs ? (int64_t)pr->samples[METRIC_ACCESSES][pr->runs - 1] : 0);
	s->r->phase = op->index;
	guest_phase_begin(s->r);
	t0 = rt_now_ns();
	run_block(s, &op->body);
	t1 = rt_now_ns();
	s->r->phase = -1;
	/* Ctrl-C or --timeout: the line keeps what the phase had reached. */
	progress_stop(pg, s->r->o->stop && atomic_load(s->r->o->stop));
	if (rt_vmstat_read(v1, &err))
		v1->n = 0;
	run_cgroup_snapshot(s->r, &cg1, &ev1);
	if (have_ksm) {
		samples_ksm_snapshot(&k1, &err);
		samples_ksm_stat_snapshot(&st1);
	}
	confound_read(&e1, s->r->reads_ksm);
	kernel_watch_phase(s, op);
	place = place_pages(s->r);
	run_uffd_collect(s, pr);
	pthread_mutex_lock(&s->r->lock);
	free(pr->vm_start);
	free(pr->vm_end);
	pr->vm_start = v0;
	pr->vm_end = v1;
	free(pr->cg_start);
	free(pr->cg_end);
	free(pr->ev_start);
	free(pr->ev_end);
	pr->cg_start = cg0;
	pr->cg_end = cg1;
	pr->ev_start = ev0;
	pr->ev_end = ev1;
	pr->ksm_start = k0;
	pr->ksm_end = k1;
	pr->stat_start = st0;
	pr->stat_end = st1;
	pr->env_start = e0;
	pr->env_end = e1;
	note_confounders(s, op, pr);
	free(pr->placement);
	pr->placement = place;
	counts = (struct run_counts){ .ns = t1 - t0, .pages = count_touched(s->r),
				      .accesses = atomic_load(&s->r->counts.accesses),
				      .host_faults = atomic_load(&s->r->counts.host_faults) };
	guest_phase_end(s->r, pr, &counts);
	if (!s->r->warmup) {
		char *pn = guest_pfnmap_note(s->r, ph->name, pr);

		if (pn)
			diag_warning(s->r->d, op->loc, "%s", pn);
		free(pn);
	}
	samples_add_run(s->r->res, op->index, &counts);
	samples_add_counters(s->r->res, op->index);
	samples_set_runq(s->r->res, op->index, confound_runq(&e0, &e1),
			 confound_runq_others(&e0, &e1));
	guest_phase_series(s->r, pr);
	if (!s->r->warmup && !pr->kvm_noted && s->r->reads_signal_stat) {
		char *note = guest_stat_note(s->r, pr, s->r->sc->phases[op->index].name);

		if (note)
			diag_warning(s->r->d, op->loc, "%s", note);
		pr->kvm_noted = note != NULL;
		free(note);
	}
	if (run_uffd_serving(s->r))
		samples_add_uffd_run(pr);
	if (!failed_before && atomic_load(&s->r->error))
		pr->failed = true;
	if (s->r->o->obs && s->r->o->obs->phase_done)
		s->r->o->obs->phase_done(s->r->o->obs->ctx, s->r->point, s->r->run,
					 s->r->warmup, op->index, pr);
	pthread_mutex_unlock(&s->r->lock);
	if (ph->exec_after) {
		wd_doing(&s->r->wd, s->slot, "after=", ph->loc);
		if (run_command(ph->exec_after, wd_halt_flag(&s->r->wd), &err))
			fail_at(s, op->loc, err.msg);
	}
	wd_doing(&s->r->wd, s->slot, NULL, ph->loc);
	wd_disarm(&s->r->wd);
	fired = watchdog_fired(s);
	if (fired && !failed_before)
		pr->failed = true;
	if (fired)
		run_logf(s->r, "# phase %s: failed\n", ph->name);
	else if (stopping(s))
		run_logf(s->r, "# phase %s: interrupted\n", ph->name);
	else if (!failed_before && !atomic_load(&s->r->error))
		run_logf(s->r, "# phase %s: %" PRId64 ".%09" PRId64 "s\n", ph->name,
		      counts.ns / 1000000000, counts.ns % 1000000000);
	else
		run_logf(s->r, "# phase %s: failed\n", ph->name);
}

static void do_op(struct strand *s, const struct ir_op *op)
{
	struct run *r = s->r;
	struct rt_err err = { "" };
	char value[64];
	int rc = 0;
	int64_t i;

	switch (op->kind) {
	case IR_SET_KNOB:
		if (op->knob.value.type == VT_INT)
			snprintf(value, sizeof(value), "%" PRId64, op->knob.value.i);
		else
			snprintf(value, sizeof(value), "%s", op->knob.value.s);
		/* A session takes the lock and journal at its first knob. */
		if (!r->knobs_open) {
			rc = take_knobs(r, &err);
			if (rc)
				break;
		}
		rc = rt_knob_set(&r->knobs, op->knob.knob, value, &err);
		break;
	case IR_POLICY:
		rc = rt_numa_set_policy(op->policy.mode, op->policy.nodes, &err);
		if (!rc && op->policy.backing < 0)
			rc = guest_policy(s, op, &err);
		break;
	case IR_CREATE_BACKING: {
		const struct ir_backing *b = &r->sc->backings[op->index];
		struct run_backing *rb = &r->backings[op->index];
		const struct ir_uffd *u = uffd_of(r->sc, op->index);
		bool empty = u && u->mode != UFFD_WP;
		unsigned flags = (b->prefault && !empty ? RT_MEM_PREFAULT : 0) |
				 (b->nohugepage ? RT_MEM_NOHUGEPAGE : 0) |
				 (b->hugepage ? RT_MEM_HUGEPAGE : 0) |
				 (b->noreserve ? RT_MEM_NORESERVE : 0) |
				 (b->gmem_mmap ? RT_MEM_GMEM_MMAP : 0) |
				 (b->gmem_init_shared ? RT_MEM_GMEM_INIT_SHARED : 0);

		/* Memory a uffd serves starts empty: its faults are the point. */
		rc = rt_mem_create(&rb->mem, b->type, b->size,
				   b->page_size, flags,
				   b->has_fill && !empty ? (int)b->fill : -1,
				   b->node, &err);
		if (!rc) {
			rb->made = true;
			page_bits_make(&rb->touched, b->size / b->page_size);
		}
		break;
	}
	case IR_CREATE_UFFD:
		rc = run_uffd_start(r, op->index, &err);
		break;
	case IR_CREATE_CGROUP:
		rc = run_cgroup_create(r, &err);
		break;
	case IR_CGROUP_WRITE:
		rc = run_cgroup_write(r, op, &err);
		break;
	case IR_PHASE:
		run_phase(s, op);
		return;
	case IR_MPROTECT:
		rc = rt_mem_mprotect(&r->backings[op->mem.backing].mem, op->mem.offset,
				     op->mem.size, (enum rt_prot)op->mem.prot, &err);
		break;
	case IR_MADVISE:
		rc = rt_mem_madvise(&r->backings[op->mem.backing].mem, op->mem.offset,
				    op->mem.size, op->mem.advice, &err);
		break;
	case IR_PUNCH:
		rc = rt_mem_punch(&r->backings[op->mem.backing].mem, op->mem.offset,
				  op->mem.size, &err);
		break;
	case IR_MUNMAP:
		rc = rt_mem_munmap(&r->backings[op->mem.backing].mem, op->mem.offset,
				   op->mem.size, &err);
		break;
	case IR_REMAP:
		rc = rt_mem_remap(&r->backings[op->mem.backing].mem, op->mem.offset,
				  op->mem.size, &err);
		break;
	case IR_HOST_ACCESS: {
		struct rt_touch t = {
			.off = op->mem.offset, .size = op->mem.size,
			.stride = op->mem.stride, .write = op->mem.write,
			.byte = op->mem.byte,
			.on_fault = (enum rt_fault_policy)op->mem.on_fault,
			/* A failing branch stops a writer that retries. */
			.stop = wd_halt_flag(&r->wd), .stop2 = s->sibling_stop,
			.touched = &r->counts.accesses,
			.faults = &r->counts.host_faults,
			.pages = r->backings[op->mem.backing].touched.bits,
		};

		rc = rt_mem_touch(&r->backings[op->mem.backing].mem, &t, &err);
		break;
	}
	case IR_EXEC:
		rc = run_command(op->exec.command, wd_halt_flag(&r->wd), &err);
		break;
	case IR_CREATE_VM:
		rc = guest_create_vm(r, op->index, &err);
		break;
	case IR_GUEST:
	case IR_VCPU_RESET:
	case IR_MEMSLOT:
	case IR_DIRTYLOG:
	case IR_EXPECT_FAULT:
		guest_op(s, op);
		return;
	case IR_KSM_WAIT:
		/* Its own timeout bounds it, not the phase's watchdog. */
		wd_pause(&r->wd);
		rc = ksm_wait(s, op, &err);
		wd_resume(&r->wd);
		break;
	case IR_KSM_PRCTL:
		rc = rt_ksm_prctl(op->prctl.on, &err);
		break;
	case IR_SLEEP:
		rc = sleep_ns(s, op->sleep.ns, &err);
		break;
	case IR_WAIT:
		wd_pause(&r->wd);
		rc = wait_until(s, op, &err);
		wd_resume(&r->wd);
		break;
	case IR_CONCURRENTLY:
		run_concurrently(s, op);
		return;
	case IR_REPEAT:
		for (i = 0; i < op->repeat.count && !stopping(s) && !atomic_load(&r->error); i++)
			run_block(s, &op->body);
		return;
	case IR_EXPECT:
		expect(s, op);
		return;
	case IR_PRINT:
		print_text(s, op);
		return;
	case IR_METRIC:
		record_metric(s, op);
		return;
	default:
		rc = rt_fail(&err, -EOPNOTSUPP, "'%s' is not supported by this build",
			     ir_op_name(op->kind));
	}
	if (rc && !(rc == -EINTR && stopping(s)))
		fail_at(s, op->loc, err.msg);
}

/* An operation, with what it is in its strand's watchdog slot. */
void run_op(struct strand *s, const struct ir_op *op)
{
	bool leaf = op->kind != IR_PHASE && op->kind != IR_REPEAT &&
		    op->kind != IR_CONCURRENTLY;

	if (leaf) {
		char what[WD_WHAT_MAX];

		if (op->kind == IR_HOST_ACCESS)
			snprintf(what, sizeof(what), "host %s %s%s",
				 op->mem.write ? "write" : "read",
				 s->r->sc->backings[op->mem.backing].name,
				 /* a watchdog that fires names the waiting */
				 op->mem.on_fault == FAULT_RETRY ? " on_fault=retry" : "");
		else if (op->kind == IR_GUEST)
			snprintf(what, sizeof(what), "guest %s on vCPUs %d..%d of %s",
				 words_guest_op[op->guest.op], op->guest.first_vcpu,
				 op->guest.last_vcpu, s->r->sc->vms[op->guest.vm].name);
		else
			snprintf(what, sizeof(what), "%s", ir_op_name(op->kind));
		wd_doing(&s->r->wd, s->slot, what, op->loc);
	}
	do_op(s, op);
	if (leaf)
		wd_doing(&s->r->wd, s->slot, NULL, op->loc);
	wd_progress(&s->r->wd);
}

static void run_block(struct strand *s, const struct ir_block *b)
{
	size_t i;

	/* After an error nothing more runs; a failed expectation goes on. */
	for (i = 0; i < b->n && !stopping(s) && !atomic_load(&s->r->error); i++)
		run_op(s, &b->ops[i]);
}

/* Frees every object the run made, then puts every knob back. */
void teardown(struct run *r)
{
	char report[1024];
	size_t i;

	/* The vCPUs stop first: nothing touches memory after this. */
	guest_destroy_vms(r, 0, r->sc->nvms);
	guest_free(r);
	diag_free(&r->guest_notes);
	for (i = 0; i < r->sc->nuffds; i++)
		if (r->uffds[i].started)
			run_uffd_stop(r, i);
	for (i = r->sc->nbackings; i-- > 0;)
		run_backing_drop(&r->backings[i]);
	run_cgroup_leave(r);
	if (r->knobs_open) {
		if (rt_knobs_restore(&r->knobs, report, sizeof(report)))
			diag_error(r->d, (struct loc){ 0 },
				   "knobs not restored; the journal stays for 'scn restore':\n%s",
				   report);
		rt_knobs_close(&r->knobs);
	}
}

/* One run of a point: everything made, done and torn down. */
static int run_point(const struct ir_scenario *sc, const struct exec_opts *o,
		     struct diag *d, char *reason, size_t len,
		     struct run_samples *res, size_t point, unsigned run, bool warmup)
{
	struct run r = { .sc = sc, .o = o, .d = d, .res = res, .point = point,
			 .run = run, .warmup = warmup };
	struct strand main_strand = { .r = &r, .slot = -1 };
	struct rt_err err;
	bool knobs = sets_knobs(&sc->ops) || o->exclusive;
	/* This run's errors: an earlier point's failed that point alone. */
	unsigned errors_before = d->nerrors;
	int status = preflight(sc, o, d, reason, len);

	if (status != EXEC_PASS)
		return status;
	/* A run that changes knobs finds a journal left when it takes the lock. */
	if (!knobs && journal_left(o, d))
		return EXEC_FAIL;
	pthread_mutex_init(&r.lock, NULL);
	r.backings = xcalloc(sc->nbackings + 1, sizeof(*r.backings));
	r.uffds = xcalloc(sc->nuffds + 1, sizeof(*r.uffds));
	/* Asking the kernel costs a call per 4096 pages: only what is read. */
	for (size_t b = 0; b < sc->nbackings; b++)
		r.backings[b].placement_read = scenario_places(sc, (int)b);
	r.reads_ksm = scenario_reads(sc, GAUGE_KSM);
	r.reads_signal_stat = scenario_reads_counter(sc, GAUGE_KVM, ARCH_SIGNAL_STAT);
	r.vms = xcalloc(sc->nvms + 1, sizeof(*r.vms));
	r.phase = -1;
	if (o->obs && o->obs->run_start)
		o->obs->run_start(o->obs->ctx, point, run, warmup);
	kernel_watch_start(&r);
	if (run_watch(&r, d)) {
		atomic_store(&r.failed, true);
		atomic_store(&r.error, true);
	} else {
		main_strand.slot = wd_slot_get(&r.wd);
	}
	if (!atomic_load(&r.failed) && knobs) {
		int rc = take_knobs(&r, &err);

		if (rc == -EBUSY) {
			snprintf(reason, len, "%s", err.msg);
			status = EXEC_BUSY;
		} else if (rc && rc != -EINTR) {
			diag_error(d, (struct loc){ 0 }, "%s", err.msg);
		}
		if (rc) {
			atomic_store(&r.failed, true);
			atomic_store(&r.error, true);
		}
	}
	/* The knobs as found, once no other run changes them (under the lock). */
	if (o->found && !o->found->taken && !atomic_load(&r.failed))
		rt_knob_values_read(o->found);
	if (!atomic_load(&r.failed))
		run_block(&main_strand, &sc->ops);
	teardown(&r);
	wd_stop(&r.wd);
	kernel_watch_end(&r);
	if (o->stop && atomic_load(o->stop))
		status = EXEC_INTERRUPTED;
	else if (status == EXEC_BUSY)
		;	/* nothing ran: the reason says why */
	else if (atomic_load(&r.failed) || d->nerrors > errors_before)
		status = EXEC_FAIL;
	else if (atomic_load(&r.skipped)) {
		snprintf(reason, len, "%s", r.skip_reason);
		status = EXEC_SKIP;
	}
	free(r.backings);
	free(r.uffds);
	free(r.vms);
	pthread_mutex_destroy(&r.lock);
	return status;
}

/* "point N: name=value ...": the point's swept values. */
static void point_label(const struct ir_program *p, size_t i, struct strbuf *sb)
{
	sb_printf(sb, "point %zu:", i + 1);
	for (size_t k = 0; k < p->points[i].nparams; k++)
		if (p->points[i].params[k].origin == ORIGIN_SWEEP) {
			sb_printf(sb, " %s=", p->points[i].params[k].name);
			value_format_human(sb, &p->points[i].params[k].value);
		}
}

/* The "# point N: name=value ..." line that starts a sweep point. */
static void log_point(const struct ir_program *p, size_t i, FILE *log)
{
	struct strbuf sb;

	sb_init(&sb);
	point_label(p, i, &sb);
	fprintf(log, "# %s\n", sb.buf);
	sb_free(&sb);
}

/*
 * The runs of one point: the warm-ups, each with results of its own that
 * are dropped, then the measured runs, which add their samples to the
 * point's results. A failed run ends the point: what follows would
 * measure a broken state.
 */
static int run_point_runs(const struct ir_program *p, size_t i,
			  const struct exec_opts *o, struct diag *d,
			  char *reason, size_t len)
{
	const struct ir_scenario *sc = &p->points[i];
	unsigned repeat = o->repeat ? o->repeat : 1, run;
	struct exec_cell cell = { 0 };
	struct run_samples res;
	unsigned before = d->nerrors;
	size_t first = d->len;
	int st = EXEC_PASS;

	samples_init(&res, sc);
	for (run = 1; run <= o->warmup + repeat && st == EXEC_PASS; run++) {
		bool warm = run <= o->warmup;
		struct run_samples scratch;

		if (o->log && o->warmup + repeat > 1)
			fprintf(o->log, "# %s %u of %u\n", warm ? "warm-up run" : "run",
				warm ? run : run - o->warmup, warm ? o->warmup : repeat);
		if (warm)
			samples_init(&scratch, sc);
		st = run_point(sc, o, d, reason, len, warm ? &scratch : &res, i,
			       run, warm);
		if (warm)
			samples_free(&scratch);
		/* The table's value of this run: its last is this run's. */
		if (!warm && st == EXEC_PASS && sc->table_value) {
			struct value v;
			struct rt_err err;
			double x = samples_eval(&res, sc->table_value, &v, &err) ?
				   NAN : exec_value_number(&v);

			if (!isnan(x)) {
				cell.samples = xrealloc(cell.samples,
							(cell.n + 1) * sizeof(*cell.samples));
				cell.samples[cell.n++] = x;
			}
		}
	}
	if (sc->table_value && (st == EXEC_PASS || st == EXEC_FAIL)) {
		struct rt_err err;

		cell.ok = !samples_eval(&res, sc->table_value, &cell.v, &err);
		/* A failed run explains a missing cell better than this. */
		if (!cell.ok && d->nerrors == before) {
			diag_error(d, sc->table_value->loc, "table: %s", err.msg);
			st = EXEC_FAIL;
		}
	}
	/* What the point's runs said names the point: printed at its end,
	 * before the next point's lines, and where -q left those out. */
	if (p->nsweeps) {
		struct strbuf sb;

		sb_init(&sb);
		point_label(p, i, &sb);
		diag_context(d, first, "%s", sb.buf);
		sb_free(&sb);
	}
	if (o->obs && o->obs->point_done)
		o->obs->point_done(o->obs->ctx, i, st, &res, &cell);
	free(cell.samples);
	samples_free(&res);
	return st;
}

double exec_value_number(const struct value *v)
{
	switch (v->type) {
	case VT_INT:
	case VT_SIZE:
		return (double)v->i;
	case VT_DURATION:
		return (double)v->i / 1e9;
	case VT_REAL:
		return v->r;
	default:
		return NAN;
	}
}

const char *exec_status_name(int status)
{
	switch (status) {
	case EXEC_PASS:
		return "pass";
	case EXEC_SKIP:
	case EXEC_BUSY:
		return "skip";
	case EXEC_INTERRUPTED:
		return "interrupted";
	case EXEC_UNSUPPORTED:
		return "unsupported";
	default:
		return "fail";
	}
}

bool exec_would_skip(const struct ir_program *p, const struct exec_opts *o,
		     char *reason, size_t len)
{
	struct diag d;
	bool skip;

	if (!p->npoints)
		return false;
	diag_init(&d);
	skip = preflight(&p->points[0], o, &d, reason, len) == EXEC_SKIP;
	diag_free(&d);
	return skip;
}

int exec_program(const struct ir_program *p, const struct exec_opts *o,
		 struct diag *d, char *reason, size_t len)
{
	int worst = EXEC_PASS, st;
	size_t i;

	for (i = 0; i < p->npoints; i++) {
		if (o->shard_of && i % o->shard_of != o->shard_part - 1)
			continue;	/* another shard's point */
		if (p->nsweeps && o->log)
			log_point(p, i, o->log);
		st = run_point_runs(p, i, o, d, reason, len);
		if (st == EXEC_SKIP || st == EXEC_BUSY || st == EXEC_INTERRUPTED ||
		    st == EXEC_UNSUPPORTED)
			return st;
		if (st > worst)
			worst = st;
	}
	return worst;
}
