// SPDX-License-Identifier: GPL-2.0-only
/*
 * session: the REPL's one run, grown input by input (see session.h). It
 * shares the run state and the operations with exec.c (exec_run.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "exec_confound.h"
#include "exec_run.h"
#include "exec_uffd.h"
#include "preflight.h"
#include "session.h"

/*
 * The uffd services live in an array that never moves, as their reader
 * threads point into it; the other arrays grow with the scenario.
 */
#define SESSION_MAX_UFFDS 256

struct knob_undo {
	enum knob knob;
	char value[RT_KNOB_VALUE_MAX];
};

struct exec_session {
	struct run r;
	struct exec_opts o;
	int slot;			/* the main strand's, in the watchdog */
	struct run_samples res;
	struct ir_scenario empty;	/* the scenario before any input */
	size_t cap_backings, cap_phases, cap_vms;
	struct knob_undo *undo;		/* knobs as the current input found them */
	size_t nundo;
};

static void *grow_zeroed(void *p, size_t old, size_t new, size_t elem)
{
	p = xrealloc(p, new * elem);
	memset((char *)p + old * elem, 0, (new - old) * elem);
	return p;
}

int exec_session_open(const struct exec_opts *o, struct diag *d,
		      struct exec_session **out)
{
	struct exec_session *s;

	if (journal_left(o, d))
		return -EBUSY;
	s = xcalloc(1, sizeof(*s));
	s->o = *o;
	s->r.o = &s->o;
	s->r.d = d;
	s->r.sc = &s->empty;
	s->r.res = &s->res;
	s->r.run = 1;
	s->r.phase = -1;
	pthread_mutex_init(&s->r.lock, NULL);
	s->r.uffds = xcalloc(SESSION_MAX_UFFDS, sizeof(*s->r.uffds));
	samples_init(&s->res, &s->empty);
	s->cap_phases = 1;
	exec_session_adopt(s, &s->empty);
	if (run_watch(&s->r, d)) {
		exec_session_close(s, d);
		return -EAGAIN;
	}
	s->slot = wd_slot_get(&s->r.wd);
	*out = s;
	return 0;
}

int exec_session_adopt(struct exec_session *s, const struct ir_scenario *sc)
{
	struct run *r = &s->r;
	size_t nb, np, b;

	if (!sc)
		sc = &s->empty;
	nb = sc->nbackings + 1;
	np = sc->nphases + 1;
	if (sc->nuffds > SESSION_MAX_UFFDS)
		return -E2BIG;
	if (nb > s->cap_backings) {
		r->backings = grow_zeroed(r->backings, s->cap_backings, nb,
					  sizeof(*r->backings));
		s->cap_backings = nb;
	}
	if (sc->nvms + 1 > s->cap_vms) {
		size_t nv = sc->nvms + 1;

		/* A VM's threads point at its struct rt_vm, not at this array. */
		r->vms = grow_zeroed(r->vms, s->cap_vms, nv, sizeof(*r->vms));
		s->cap_vms = nv;
	}
	if (np > s->cap_phases) {
		s->res.phases = grow_zeroed(s->res.phases, s->cap_phases, np,
					    sizeof(*s->res.phases));
		s->cap_phases = np;
	}
	r->sc = sc;
	s->res.sc = sc;
	/* A later print may read a region's placement that no earlier did. */
	for (b = 0; b < sc->nbackings; b++)
		r->backings[b].placement_read = scenario_places(sc, (int)b);
	/* show results names another KSM user whatever the inputs read. */
	r->reads_ksm = true;
	return 0;
}

int exec_session_preflight(struct exec_session *s,
			   const struct ir_scenario *sc, struct diag *d,
			   char *reason, size_t len)
{
	/*
	 * The prompt would have to take itself in and out of the group as
	 * inputs come and are undone: a cgroup is for scn run alone.
	 */
	if (sc->cgroup) {
		diag_hint(diag_error(d, sc->cgroup->loc,
				     "the REPL does not run 'cgroup': it moves scn into the group for a whole run"),
			  "write the scenario to a file and run it with scn run");
		return EXEC_UNSUPPORTED;
	}
	return preflight(sc, &s->o, d, reason, len);
}

static int session_status(struct exec_session *s)
{
	if (s->o.stop && atomic_load(s->o.stop))
		return EXEC_INTERRUPTED;
	if (atomic_load(&s->r.error))
		return -EIO;
	return atomic_load(&s->r.failed) ? EXEC_FAIL : EXEC_PASS;
}

static void session_begin(struct exec_session *s, struct diag *d)
{
	s->r.d = d;
	atomic_store(&s->r.failed, false);
	atomic_store(&s->r.error, false);
	wd_reset(&s->r.wd);
	atomic_store(&s->r.skipped, false);
}

int exec_session_run(struct exec_session *s, size_t first, size_t end,
		     struct diag *d)
{
	struct strand main_strand = { .r = &s->r, .slot = s->slot };
	const struct ir_block *b = &s->r.sc->ops;
	struct rt_err err;
	size_t i;

	session_begin(s, d);
	/* Knobs as this input finds them, for a rollback (set is top-level). */
	s->nundo = 0;
	s->undo = xrealloc(s->undo, (end - first + 1) * sizeof(*s->undo));
	for (i = first; i < end && i < b->n; i++) {
		const struct ir_op *op = &b->ops[i];
		struct knob_undo *u = &s->undo[s->nundo];

		if (op->kind != IR_SET_KNOB ||
		    knob_info[op->knob.knob].kind == KNOB_ACTION)
			continue;
		u->knob = op->knob.knob;
		if (!rt_knob_read(u->knob, u->value, sizeof(u->value), &err))
			s->nundo++;
	}
	kernel_watch_start(&s->r);
	for (i = first; i < end && i < b->n && !stopping(&main_strand) &&
	     !atomic_load(&s->r.error); i++)
		run_op(&main_strand, &b->ops[i]);
	kernel_watch_end(&s->r);
	return session_status(s);
}

/* The PHASE operation of phase i: at the top level or inside a repeat. */
static const struct ir_op *find_phase(const struct ir_block *b, int i)
{
	const struct ir_op *op;
	size_t k;

	for (k = 0; k < b->n; k++) {
		if (b->ops[k].kind == IR_PHASE && b->ops[k].index == i)
			return &b->ops[k];
		op = find_phase(&b->ops[k].body, i);
		if (op)
			return op;
	}
	return NULL;
}

int exec_session_run_phase(struct exec_session *s, int phase, struct diag *d)
{
	struct strand main_strand = { .r = &s->r, .slot = s->slot };
	const struct ir_op *op = find_phase(&s->r.sc->ops, phase);
	struct phase_result *pr;
	size_t runs, uffd_runs;
	bool failed;
	int st;

	if (!op)
		return -ENOENT;
	pr = &s->res.phases[phase];
	runs = pr->runs;
	uffd_runs = pr->uffd_runs;
	failed = pr->failed;
	pr->noted = false;	/* each run of it at the prompt gets its warnings */
	session_begin(s, d);
	kernel_watch_start(&s->r);
	run_phase(&main_strand, op);
	kernel_watch_end(&s->r);
	st = session_status(s);
	/* A run cut short would skew the phase's statistics: it is dropped. */
	if (st == EXEC_INTERRUPTED || st < 0) {
		pr->runs = runs;
		pr->uffd_runs = uffd_runs;
		pr->failed = failed;
	}
	return st;
}

void exec_session_rollback(struct exec_session *s,
			   const struct ir_scenario *old)
{
	const struct ir_scenario *cur = s->r.sc;
	struct run *r = &s->r;
	struct rt_err err;
	size_t i;

	if (!old)
		old = &s->empty;
	guest_destroy_vms(r, old->nvms, cur->nvms);
	for (i = old->nuffds; i < cur->nuffds; i++)
		if (r->uffds[i].started) {
			run_uffd_stop(r, i);
			memset(&r->uffds[i], 0, sizeof(r->uffds[i]));
		}
	for (i = cur->nbackings; i-- > old->nbackings;)
		run_backing_drop(&r->backings[i]);
	for (i = old->nphases; i < cur->nphases; i++)
		samples_clear_phase(&s->res.phases[i]);
	for (i = s->nundo; r->knobs_open && i-- > 0;)
		if (rt_knob_set(&r->knobs, s->undo[i].knob, s->undo[i].value, &err))
			diag_error(r->d, (struct loc){ 0 }, "%s", err.msg);
	s->nundo = 0;
	exec_session_adopt(s, old);
}

void exec_session_close(struct exec_session *s, struct diag *d)
{
	struct run *r;

	if (!s)
		return;
	r = &s->r;
	r->d = d;
	teardown(r);
	wd_stop(&r->wd);
	free(r->backings);
	free(r->uffds);
	free(r->vms);
	samples_free(&s->res);
	free(s->undo);
	pthread_mutex_destroy(&r->lock);
	free(s);
}

const struct run_samples *exec_session_results(const struct exec_session *s)
{
	return &s->res;
}

const struct rt_mem *exec_session_mem(const struct exec_session *s, int backing)
{
	if (backing < 0 || (size_t)backing >= s->r.sc->nbackings ||
	    !s->r.backings[backing].made)
		return NULL;
	return &s->r.backings[backing].mem;
}

const struct rt_uffd *exec_session_uffd(const struct exec_session *s, int i)
{
	if (i < 0 || (size_t)i >= s->r.sc->nuffds || !s->r.uffds[i].started)
		return NULL;
	return &s->r.uffds[i].svc;
}

struct rt_vm *exec_session_vm(const struct exec_session *s, int i)
{
	if (i < 0 || (size_t)i >= s->r.sc->nvms)
		return NULL;
	return s->r.vms[i].vm;
}

const struct rt_knobs *exec_session_knobs(const struct exec_session *s)
{
	return s->r.knobs_open ? &s->r.knobs : NULL;
}
