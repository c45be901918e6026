// SPDX-License-Identifier: GPL-2.0-only
/*
 * exec_run: what every part of a run uses of its state (exec_run.h):
 * whether it is stopping, an error that fails it, the "# " log and the
 * writes that may fail, the watchdog's progress source, the knobs' lock.
 * It calls nothing of exec.c's, exec_guest.c's or exec_memcg.c's, which
 * all stand on it.
 */
#include "exec_run.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool stopping(const struct strand *s)
{
	return (s->r->o->stop && atomic_load(s->r->o->stop)) ||
	       wd_halted(&s->r->wd) ||
	       (s->sibling_stop && atomic_load(s->sibling_stop));
}

/*
 * What a phase's watchdog counts as progress besides finished statements:
 * host accesses, and faults the uffd services resolved (a slow fault
 * holds an access loop for its whole delay).
 */
static long long run_progress(void *ctx)
{
	struct run *r = ctx;
	long long sum = atomic_load(&r->counts.accesses);

	for (size_t i = 0; i < r->sc->nuffds; i++) {
		const struct rt_uffd *u = &r->uffds[i].svc;

		if (!r->uffds[i].started)
			continue;
		sum += atomic_load(&u->eexist);
		for (int k = 0; k < u->nreaders; k++)
			sum += atomic_load(&u->readers[k].faults);
	}
	return sum;
}

int run_watch(struct run *r, struct diag *d)
{
	struct rt_err err;
	int rc = wd_start(&r->wd, r->o->stop, &err);

	if (rc) {
		diag_error(d, (struct loc){ 0 }, "%s", err.msg);
		return rc;
	}
	wd_add_source(&r->wd, run_progress, r);
	return 0;
}

void fail_at(struct strand *s, struct loc loc, const char *msg)
{
	pthread_mutex_lock(&s->r->lock);
	diag_error(s->r->d, loc, "%s", msg);
	atomic_store(&s->r->failed, true);
	atomic_store(&s->r->error, true);
	pthread_mutex_unlock(&s->r->lock);
	if (s->sibling_stop)
		atomic_store(s->sibling_stop, true);
}

/*
 * After a write to f, under the run's lock: a write that failed (the
 * reader of a pipe is gone: EPIPE, a full disk) is an error that stops
 * the run, which then restores the machine as after any error.
 */
void run_check_written(struct run *r, FILE *f, const char *what,
		       struct loc loc)
{
	int e;

	errno = 0;
	if (fflush(f) == 0 && !ferror(f))
		return;
	e = errno ? errno : EIO;
	clearerr(f);
	if (atomic_load(&r->error))
		return;		/* said once is enough */
	diag_error(r->d, loc, "writing %s failed: %s (errno %d): the run stops",
		   what, strerror(e), e);
	atomic_store(&r->failed, true);
	atomic_store(&r->error, true);
}

void run_logf(struct run *r, const char *fmt, ...)
{
	va_list ap;

	if (!r->o->log)
		return;
	va_start(ap, fmt);
	pthread_mutex_lock(&r->lock);
	vfprintf(r->o->log, fmt, ap);
	run_check_written(r, r->o->log, "the log", (struct loc){ 0 });
	pthread_mutex_unlock(&r->lock);
	va_end(ap);
}

int take_knobs(struct run *r, struct rt_err *err)
{
	struct rt_knobs_how how = { .dir = r->o->state_dir, .owner = r->o->owner,
				    .stop = r->o->stop };
	int rc = rt_knobs_open(&r->knobs, &how, err);

	if (rc == -EBUSY && r->o->wait_ns) {
		run_logf(r, "# waiting for the knobs lock: %s\n", err->msg);
		how.wait_ns = r->o->wait_ns;
		rc = rt_knobs_open(&r->knobs, &how, err);
	}
	r->knobs_open = !rc;
	return rc;
}
