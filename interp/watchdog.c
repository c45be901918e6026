// SPDX-License-Identifier: GPL-2.0-only
#include "watchdog.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../common/util.h"
#include "../runtime/clock.h"

/* The sum of every progress counter: any change is progress. */
static long long progress_sum(struct watchdog *w)
{
	long long sum = atomic_load(&w->ticks);
	size_t i;

	for (i = 0; i < WD_SOURCES; i++)
		if (w->sources[i].read)
			sum += w->sources[i].read(w->sources[i].ctx);
	return sum;
}

static void run_hooks(struct watchdog *w)
{
	size_t i;

	pthread_mutex_lock(&w->hooks_lock);
	for (i = 0; i < w->nhooks; i++)
		if (w->hooks[i].fn)
			w->hooks[i].fn(w->hooks[i].ctx);
	pthread_mutex_unlock(&w->hooks_lock);
}

/* Called with the lock held: whether the armed phase has gone stale. */
static bool expired(struct watchdog *w, int64_t now)
{
	long long sum;

	if (!w->armed || w->fired)
		return false;
	if (atomic_load(&w->paused) > 0) {
		w->last_change = now;
		return false;
	}
	sum = progress_sum(w);
	if (sum != w->last_sum) {
		w->last_sum = sum;
		w->last_change = now;
		return false;
	}
	if (now - w->last_change < w->timeout_ns)
		return false;
	w->fired = true;
	w->report.phase = w->phase;
	w->report.phase_loc = w->phase_loc;
	w->report.timeout_ns = w->timeout_ns;
	w->report.n = 0;
	for (size_t i = 0; i < WD_SLOTS; i++)
		if (w->slots[i].used && w->slots[i].what[0])
			w->report.doing[w->report.n++] = w->slots[i];
	return true;
}

static void *monitor_main(void *arg)
{
	struct watchdog *w = arg;

	pthread_setname_np(pthread_self(), "scn-watchdog");
	pthread_mutex_lock(&w->lock);
	while (!w->quit) {
		struct timespec until;
		int64_t now = rt_now_ns(), at = now + WD_TICK_NS;
		bool act = false;

		/* The condition variable runs on CLOCK_MONOTONIC (wd_start). */
		until.tv_sec = at / 1000000000;
		until.tv_nsec = at % 1000000000;
		pthread_cond_timedwait(&w->cond, &w->lock, &until);
		if (w->quit)
			break;
		now = rt_now_ns();
		if (w->outer && atomic_load(w->outer) && !w->stop_seen) {
			w->stop_seen = true;
			act = true;
		}
		if (expired(w, now))
			act = true;
		if (!act)
			continue;
		atomic_store(&w->halt, true);
		/* Hooks may block a little (ioctls): not under the lock. */
		pthread_mutex_unlock(&w->lock);
		run_hooks(w);
		pthread_mutex_lock(&w->lock);
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

int wd_start(struct watchdog *w, const atomic_bool *outer, struct rt_err *err)
{
	int rc;

	memset(w, 0, sizeof(*w));
	atomic_init(&w->halt, false);
	atomic_init(&w->ticks, 0);
	atomic_init(&w->paused, 0);
	w->outer = outer;
	pthread_mutex_init(&w->lock, NULL);
	pthread_mutex_init(&w->hooks_lock, NULL);
	rt_cond_init_monotonic(&w->cond);
	rc = pthread_create(&w->thread, NULL, monitor_main, w);
	if (rc) {
		pthread_cond_destroy(&w->cond);
		pthread_mutex_destroy(&w->lock);
		pthread_mutex_destroy(&w->hooks_lock);
		return rt_fail_errno(err, rc, "pthread_create (the run's monitor)");
	}
	w->running = true;
	return 0;
}

void wd_stop(struct watchdog *w)
{
	if (!w->running)
		return;
	pthread_mutex_lock(&w->lock);
	w->quit = true;
	pthread_cond_signal(&w->cond);
	pthread_mutex_unlock(&w->lock);
	pthread_join(w->thread, NULL);
	w->running = false;
	pthread_cond_destroy(&w->cond);
	pthread_mutex_destroy(&w->lock);
	pthread_mutex_destroy(&w->hooks_lock);
	free(w->hooks);
	w->hooks = NULL;
	w->nhooks = 0;
}

void wd_reset(struct watchdog *w)
{
	pthread_mutex_lock(&w->lock);
	w->stop_seen = w->outer && atomic_load(w->outer);
	w->fired = false;
	atomic_store(&w->halt, w->stop_seen);
	pthread_mutex_unlock(&w->lock);
}

bool wd_halted(const struct watchdog *w)
{
	return atomic_load(&w->halt);
}

const atomic_bool *wd_halt_flag(const struct watchdog *w)
{
	return &w->halt;
}

void wd_arm(struct watchdog *w, const char *phase, struct loc loc,
	    int64_t timeout_ns)
{
	pthread_mutex_lock(&w->lock);
	w->armed = true;
	w->phase = phase;
	w->phase_loc = loc;
	w->timeout_ns = timeout_ns;
	w->last_change = rt_now_ns();
	w->last_sum = progress_sum(w);
	pthread_mutex_unlock(&w->lock);
}

void wd_disarm(struct watchdog *w)
{
	pthread_mutex_lock(&w->lock);
	w->armed = false;
	pthread_mutex_unlock(&w->lock);
}

bool wd_fired(struct watchdog *w, struct wd_report *out)
{
	bool fired;

	pthread_mutex_lock(&w->lock);
	fired = w->fired;
	if (fired && out)
		*out = w->report;
	pthread_mutex_unlock(&w->lock);
	return fired;
}

void wd_progress(struct watchdog *w)
{
	atomic_fetch_add_explicit(&w->ticks, 1, memory_order_relaxed);
}

void wd_pause(struct watchdog *w)
{
	atomic_fetch_add(&w->paused, 1);
}

void wd_resume(struct watchdog *w)
{
	/* The time paused is not counted: the clock starts again. */
	pthread_mutex_lock(&w->lock);
	w->last_change = rt_now_ns();
	atomic_fetch_sub(&w->paused, 1);
	pthread_mutex_unlock(&w->lock);
}

int wd_slot_get(struct watchdog *w)
{
	int i, got = -1;

	pthread_mutex_lock(&w->lock);
	for (i = 0; i < WD_SLOTS && got < 0; i++)
		if (!w->slots[i].used) {
			w->slots[i].used = true;
			w->slots[i].what[0] = '\0';
			got = i;
		}
	pthread_mutex_unlock(&w->lock);
	return got;
}

void wd_slot_put(struct watchdog *w, int slot)
{
	if (slot < 0)
		return;
	pthread_mutex_lock(&w->lock);
	w->slots[slot].used = false;
	pthread_mutex_unlock(&w->lock);
}

void wd_doing(struct watchdog *w, int slot, const char *what, struct loc loc)
{
	if (slot < 0)
		return;
	pthread_mutex_lock(&w->lock);
	snprintf(w->slots[slot].what, sizeof(w->slots[slot].what), "%s",
		 what ? what : "");
	w->slots[slot].loc = loc;
	pthread_mutex_unlock(&w->lock);
}

int wd_add_source(struct watchdog *w, long long (*read)(void *ctx), void *ctx)
{
	int i, id = -ENOSPC;

	pthread_mutex_lock(&w->lock);
	for (i = 0; i < WD_SOURCES && id < 0; i++)
		if (!w->sources[i].read) {
			w->sources[i] = (struct wd_source){ read, ctx };
			id = i;
		}
	/* A new counter is not progress by itself. */
	if (id >= 0)
		w->last_sum = progress_sum(w);
	pthread_mutex_unlock(&w->lock);
	return id;
}

void wd_remove_source(struct watchdog *w, int id)
{
	if (id < 0 || id >= WD_SOURCES)
		return;
	pthread_mutex_lock(&w->lock);
	w->sources[id].read = NULL;
	w->last_sum = progress_sum(w);
	pthread_mutex_unlock(&w->lock);
}

int wd_add_hook(struct watchdog *w, void (*fn)(void *ctx), void *ctx)
{
	size_t i;

	pthread_mutex_lock(&w->hooks_lock);
	for (i = 0; i < w->nhooks && w->hooks[i].fn; i++)
		;
	if (i == w->nhooks) {
		w->hooks = xrealloc(w->hooks, (w->nhooks + 1) * sizeof(*w->hooks));
		w->nhooks++;
	}
	w->hooks[i] = (struct wd_hook){ fn, ctx };
	pthread_mutex_unlock(&w->hooks_lock);
	return (int)i;
}

void wd_remove_hook(struct watchdog *w, int id)
{
	if (id < 0)
		return;
	pthread_mutex_lock(&w->hooks_lock);
	if ((size_t)id < w->nhooks)
		w->hooks[id].fn = NULL;
	pthread_mutex_unlock(&w->hooks_lock);
}
