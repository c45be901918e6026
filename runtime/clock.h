// SPDX-License-Identifier: GPL-2.0-only
/* clock: the one clock phases are timed with, CLOCK_MONOTONIC in ns. */
#ifndef SCN_RT_CLOCK_H
#define SCN_RT_CLOCK_H

#include <pthread.h>
#include <stdint.h>
#include <time.h>

static inline int64_t rt_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/*
 * The time ns from now, for a deadline. Saturates: a duration near
 * INT64_MAX (sleep 9223372035s) would overflow now + ns into the past.
 */
static inline int64_t rt_deadline_ns(int64_t ns)
{
	int64_t now = rt_now_ns();

	return ns > INT64_MAX - now ? INT64_MAX : now + ns;
}

/*
 * A condition variable whose timed waits take rt_now_ns() deadlines: the
 * default clock is CLOCK_REALTIME, against which a monotonic deadline lies
 * decades in the past and every wait returns at once.
 */
static inline void rt_cond_init_monotonic(pthread_cond_t *cond)
{
	pthread_condattr_t ca;

	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(cond, &ca);
	pthread_condattr_destroy(&ca);
}

#endif
