// SPDX-License-Identifier: GPL-2.0-only
/*
 * exec_confound: what a run makes of the work beside it (see
 * exec_confound.h): the warnings of a phase that something else moved
 * the counters of, the settling of KSM's counters before the first
 * phase that reads them, and the expectations on machine-wide KSM
 * counters that cannot be judged. What is read of the machine is
 * confound.h's.
 */
#include "exec_confound.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime/ksm.h"

/*
 * How long the first phase of a run judged on machine-wide KSM counters
 * waits for them to settle (rt_ksm_settle): ksmd needs a full scan or two
 * to drop what an ended run left, a fraction of a second at scn's
 * scenarios' knobs; 20 s covers slow knobs too.
 */
#define KSM_SETTLE_NS (20 * 1000000000LL)

/*
 * The other KSM user that a machine-wide KSM counter of x saw (at the
 * end of its phase, or now for one read live), or NULL: such a counter
 * counts that process's pages too, so a failed expectation on it says
 * nothing about this run.
 */
static bool ksm_confounded(const struct run *r, const struct ir_expr *x,
			   struct rt_ksm_others *who)
{
	const struct rt_ksm_others *o = NULL;
	struct phase_env now;

	if (!x)
		return false;
	if ((x->kind == IRX_GAUGE || x->kind == IRX_GAUGE_DELTA) &&
	    x->gauge == GAUGE_KSM) {
		if (x->phase >= 0) {
			const struct phase_result *pr = &r->res->phases[x->phase];

			o = confound_ksm_other(&pr->env_start, &pr->env_end);
		} else {
			confound_read(&now, true);
			o = confound_ksm_other(&now, &now);
		}
		if (o) {
			*who = *o;
			return true;
		}
	}
	return ksm_confounded(r, x->a, who) || ksm_confounded(r, x->b, who) ||
	       ksm_confounded(r, x->c, who);
}

static bool reads_ksm_counter(const struct ir_expr *x)
{
	if (!x)
		return false;
	if ((x->kind == IRX_GAUGE || x->kind == IRX_GAUGE_DELTA) && x->gauge == GAUGE_KSM)
		return true;
	return reads_ksm_counter(x->a) || reads_ksm_counter(x->b) ||
	       reads_ksm_counter(x->c);
}

/*
 * Whether a failed expectation cannot be judged: it reads the
 * machine-wide KSM counters, and another process used KSM (who, with
 * who->n > 0) or they had not settled when the run began (who->n == 0).
 */
static bool ksm_unjudged(const struct run *r, const struct ir_expr *x,
			 struct rt_ksm_others *who)
{
	memset(who, 0, sizeof(*who));
	if (ksm_confounded(r, x, who))
		return true;
	return r->ksm_unsettled[0] && reads_ksm_counter(x);
}

/*
 * KSM's counters still moved when the run's first phase began (an ended
 * run's pages leaving ksmd's trees, another process): warned, and what
 * the scenario expects of them is not judged (ksm_unjudged).
 */
static void ksm_unsettled(struct strand *s, const struct ir_op *op, const char *why)
{
	pthread_mutex_lock(&s->r->lock);
	snprintf(s->r->ksm_unsettled, sizeof(s->r->ksm_unsettled),
		 "before phase '%.40s' %.200s", s->r->sc->phases[op->index].name, why);
	diag_warning(s->r->d, op->loc, "%s: the phase's ksm.* counters count more than this run's work",
		     s->r->ksm_unsettled);
	pthread_mutex_unlock(&s->r->lock);
}

void note_confounders(struct strand *s, const struct ir_op *op,
		      struct phase_result *pr)
{
	char *notes[CONFOUND_MAX];
	size_t n, i;

	if (s->r->warmup || pr->noted)
		return;
	n = confound_notes(s->r->sc->phases[op->index].name, &pr->env_start,
			   &pr->env_end, pr->vm_start && pr->vm_start->n ? pr->vm_start : NULL,
			   pr->vm_end && pr->vm_end->n ? pr->vm_end : NULL,
			   s->r->reads_ksm, notes);
	for (i = 0; i < n; i++) {
		diag_warning(s->r->d, op->loc, "%s", notes[i]);
		free(notes[i]);
	}
	pr->noted = n > 0;
}

void kernel_watch_start(struct run *r)
{
	r->taint_start = rt_taint_read();
	rt_kmsg_mark(&r->kmsg);
}

/*
 * What the kernel did since the last look, as a warning at loc (during
 * what: "this run", "phase 'p'"); the next look starts from here.
 */
static void kernel_look(struct run *r, struct loc loc, const char *during)
{
	unsigned long now = rt_taint_read(),
		      fresh = rt_taint_trouble(now & ~r->taint_start);
	char line[512] = "", taint[256] = "";
	bool logged = rt_kmsg_trouble(&r->kmsg, line, sizeof(line));
	bool readable = r->kmsg.fd >= 0;

	r->taint_start = now;
	if (!fresh && !logged)
		return;
	rt_taint_describe(fresh ? fresh : rt_taint_trouble(now), taint, sizeof(taint));
	diag_warning(r->d, loc,
		     "the kernel %s during %s%s%s%s: %s%s; what the run measured may be the kernel's trouble",
		     fresh ? "became tainted" : "logged trouble", during, taint[0] ? " (" : "",
		     taint, taint[0] ? ")" : "", logged ? "its log says " : "",
		     logged ? line : readable ? "its log says nothing of it" :
		     "its log (/dev/kmsg) is not readable here: see dmesg");
}

void kernel_watch_phase(struct strand *s, const struct ir_op *op)
{
	char during[96];

	snprintf(during, sizeof(during), "phase '%.60s'", s->r->sc->phases[op->index].name);
	pthread_mutex_lock(&s->r->lock);
	kernel_look(s->r, op->loc, during);
	pthread_mutex_unlock(&s->r->lock);
}

void kernel_watch_end(struct run *r)
{
	/* What no phase saw: the run's setup or teardown. */
	kernel_look(r, (struct loc){ 0 }, "this run");
	rt_kmsg_close(&r->kmsg);
}

void ksm_settle_first(struct strand *s, const struct ir_op *op)
{
	struct rt_err err;

	s->r->ksm_settled = true;
	if (rt_ksm_settle(KSM_SETTLE_NS, s->r->o->stop, &err) == -ETIMEDOUT)
		ksm_unsettled(s, op, err.msg);
}

bool ksm_not_judged(struct strand *s, const struct ir_op *op)
{
	struct rt_ksm_others who;
	char desc[300];

	if (!ksm_unjudged(s->r, op->expect.cond, &who))
		return false;
	if (who.n)
		confound_describe(&who, desc, sizeof(desc));
	pthread_mutex_lock(&s->r->lock);
	if (who.n)
		diag_warning(s->r->d, op->loc,
			     "expectation not judged: %s reads machine-wide KSM counters, and another process used KSM (%s)",
			     op->expect.text, desc);
	else
		diag_warning(s->r->d, op->loc,
			     "expectation not judged: %s reads machine-wide KSM counters, which were still moving when the run began: %s",
			     op->expect.text, s->r->ksm_unsettled);
	if (!atomic_load(&s->r->skipped) && who.n)
		snprintf(s->r->skip_reason, sizeof(s->r->skip_reason),
			 "another KSM user is active (%s): the expectation at %s:%d reads machine-wide KSM counters",
			 desc, op->loc.src ? op->loc.src->name : "?", op->loc.first_line);
	else if (!atomic_load(&s->r->skipped))
		snprintf(s->r->skip_reason, sizeof(s->r->skip_reason),
			 "%s: the expectation at %s:%d reads machine-wide KSM counters",
			 s->r->ksm_unsettled, op->loc.src ? op->loc.src->name : "?",
			 op->loc.first_line);
	atomic_store(&s->r->skipped, true);
	pthread_mutex_unlock(&s->r->lock);
	return true;
}
