// SPDX-License-Identifier: GPL-2.0-only
/* progress: a phase's status line on a terminal (see progress.h). */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

#include "../common/util.h"
#include "../runtime/clock.h"
#include "progress.h"

/* A phase shorter than this never shows a line: no flicker. */
#define PROGRESS_DELAY_NS 500000000LL
#define PROGRESS_PERIOD_NS 250000000LL

struct progress {
	FILE *tty;
	const char *name;
	const atomic_llong *done;
	int64_t expected;
	int64_t t0;
	bool stop, drawn;
	pthread_mutex_t lock;
	pthread_cond_t wake;
	pthread_t thread;
};

/* 1234567 -> "1.23m": the language's count units (M is mebibytes). */
static void short_count(char *buf, size_t len, double v)
{
	static const char *const suffix[] = { "", "k", "m", "g" };
	size_t i = 0;

	while (v >= 1000 && i + 1 < ARRAY_SIZE(suffix)) {
		v /= 1000;
		i++;
	}
	snprintf(buf, len, i ? "%.3g%s" : "%.0f%s", v, suffix[i]);
}

static void draw(struct progress *p, int64_t now)
{
	double secs = (double)(now - p->t0) / 1e9;
	long long done = atomic_load_explicit(p->done, memory_order_relaxed);
	double rate = secs > 0 ? (double)done / secs : 0;
	char n[16], r[16];

	short_count(n, sizeof(n), (double)done);
	short_count(r, sizeof(r), rate);
	fprintf(p->tty, "\r\033[K# phase %s: %s accesses, %s/s, %.0fs", p->name, n, r, secs);
	if (p->expected > done && rate > 0)
		fprintf(p->tty, ", ~%.0fs left", (double)(p->expected - done) / rate);
	fflush(p->tty);
	p->drawn = true;
}

static void *progress_main(void *arg)
{
	struct progress *p = arg;
	struct timespec until;

	pthread_setname_np(pthread_self(), "scn-progress");
	pthread_mutex_lock(&p->lock);
	while (!p->stop) {
		int64_t now = rt_now_ns();

		if (now - p->t0 >= PROGRESS_DELAY_NS)
			draw(p, now);
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_nsec += PROGRESS_PERIOD_NS;
		if (until.tv_nsec >= 1000000000) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000;
		}
		pthread_cond_timedwait(&p->wake, &p->lock, &until);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

struct progress *progress_start(FILE *tty, const char *name,
				const atomic_llong *done, int64_t expected)
{
	struct progress *p = xcalloc(1, sizeof(*p));

	p->tty = tty;
	p->name = name;
	p->done = done;
	p->expected = expected;
	p->t0 = rt_now_ns();
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->wake, NULL);
	if (pthread_create(&p->thread, NULL, progress_main, p)) {
		pthread_mutex_destroy(&p->lock);
		pthread_cond_destroy(&p->wake);
		free(p);
		return NULL;
	}
	return p;
}

void progress_stop(struct progress *p, bool keep)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->lock);
	p->stop = true;
	pthread_cond_signal(&p->wake);
	pthread_mutex_unlock(&p->lock);
	pthread_join(p->thread, NULL);
	if (p->drawn) {
		fputs(keep ? "\n" : "\r\033[K", p->tty);
		fflush(p->tty);
	}
	pthread_mutex_destroy(&p->lock);
	pthread_cond_destroy(&p->wake);
	free(p);
}
