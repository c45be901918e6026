// SPDX-License-Identifier: GPL-2.0-only
/*
 * uffd: a userfaultfd service on a range of memory. Reader threads wait
 * for faults (poll, epoll with EPOLLEXCLUSIVE, or a blocking read), may
 * sleep a set delay, resolve each fault (UFFDIO_COPY, ZEROPAGE, CONTINUE
 * or WRITEPROTECT) and time it. A reader that fails unregisters the
 * range, so the thread that faulted goes on instead of hanging, and the
 * failure is reported by rt_uffd_error().
 */
#ifndef SCN_RT_UFFD_H
#define SCN_RT_UFFD_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "err.h"

enum rt_uffd_mode { RT_UFFD_MISSING, RT_UFFD_MINOR, RT_UFFD_WP };
enum rt_uffd_wait { RT_UFFD_POLL, RT_UFFD_EPOLL, RT_UFFD_READ };
enum rt_uffd_resolve { RT_UFFD_COPY, RT_UFFD_ZEROPAGE, RT_UFFD_CONTINUE };

struct rt_uffd_reader {
	struct rt_uffd *u;
	pthread_t thread;
	bool started;
	int epfd;
	atomic_llong faults;		/* resolved by this reader */
	int64_t *lat_ns;		/* service time of each, this phase */
	size_t nlat, caplat;
	pthread_mutex_t lat_lock;
};

struct rt_uffd {
	int fd;
	int stop_fd;			/* eventfd: readers return */
	atomic_bool stopping;
	enum rt_uffd_mode mode;
	enum rt_uffd_wait wait;
	enum rt_uffd_resolve resolve;
	int64_t delay_ns;
	int64_t page_size;
	char *addr;			/* the registered range */
	int64_t len;
	char *source;			/* a page to copy from (COPY) */
	bool registered;
	int nreaders;
	struct rt_uffd_reader *readers;
	atomic_llong eexist;		/* faults another reader had resolved */
	atomic_int inflight;		/* faults read, not yet counted */
	atomic_bool failed;
	pthread_mutex_t err_lock;
	struct rt_err first_err;
};

/*
 * Opens a userfaultfd (the syscall, else /dev/userfaultfd) asking for the
 * features the mode needs on this memory, registers [addr, addr+len) and
 * starts the readers. shared/hugetlb describe the memory. fill is the
 * byte a copied page holds. Returns 0 or -errno (-EOPNOTSUPP: a feature
 * the kernel lacks, named in err).
 */
int rt_uffd_start(struct rt_uffd *u, void *addr, int64_t len,
		  int64_t page_size, bool shared, bool hugetlb,
		  enum rt_uffd_mode mode, enum rt_uffd_resolve resolve,
		  enum rt_uffd_wait wait, int readers, int64_t delay_ns,
		  int fill, struct rt_err *err);

/*
 * A stop from another thread while the service runs: unregisters the
 * range and wakes every thread blocked in one of its faults (they fault
 * again, now without the service) and tells the readers to return, also
 * from a delay. Frees nothing; rt_uffd_stop() still follows. Safe to
 * call while a phase runs, not concurrently with rt_uffd_stop().
 */
void rt_uffd_interrupt(struct rt_uffd *u);

/* Unregisters (waking any thread blocked in a fault), stops, joins. */
void rt_uffd_stop(struct rt_uffd *u);

/*
 * Waits until every fault a reader has taken is counted: the resolving
 * ioctl wakes the faulting thread before the reader counts it, so a
 * phase can end first.
 */
void rt_uffd_quiesce(struct rt_uffd *u);

/* Forgets the latencies and counts of the phase before. */
void rt_uffd_reset_stats(struct rt_uffd *u);

/* The first reader failure, or NULL. */
const char *rt_uffd_error(struct rt_uffd *u);

#endif
