// SPDX-License-Identifier: GPL-2.0-only
/*
 * uffd: a userfaultfd service on a range of memory, or on equal parts of
 * it with a userfaultfd each (one per vCPU of a VM). Reader threads wait
 * for faults (poll, a shared epoll that hands each fault to one reader,
 * or a blocking read), may
 * sleep a set delay, resolve each fault (UFFDIO_COPY, ZEROPAGE, CONTINUE
 * or WRITEPROTECT) and time it. A reader that fails unregisters its
 * range, so the thread that faulted goes on instead of hanging, and the
 * failure is reported by rt_uffd_error().
 *
 * The faulting threads are scn's own host threads, or vCPUs: a guest
 * access to a registered page blocks its vCPU thread inside KVM_RUN
 * (KVM's page fault is a kernel-mode fault on the memslot's host
 * mapping) until a reader resolves it.
 */
#ifndef SCN_RT_UFFD_H
#define SCN_RT_UFFD_H

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "err.h"

/*
 * A reader that waits in a blocking read() (wait=read) is woken for a
 * stop by this signal, which does nothing else. Its default action is to
 * ignore it, so that one sent from outside harms nothing; the caller
 * should block it in every thread (the readers unblock it), so that it
 * interrupts no other system call.
 */
#define RT_UFFD_WAKE_SIGNAL SIGURG

enum rt_uffd_mode { RT_UFFD_MISSING, RT_UFFD_MINOR, RT_UFFD_WP };
enum rt_uffd_wait { RT_UFFD_POLL, RT_UFFD_EPOLL, RT_UFFD_READ };
enum rt_uffd_resolve { RT_UFFD_COPY, RT_UFFD_ZEROPAGE, RT_UFFD_CONTINUE };

/* What a service serves and how. */
struct rt_uffd_config {
	void *addr;			/* the memory, borrowed */
	int64_t len, page_size;
	bool shared, hugetlb;		/* what the memory is */
	enum rt_uffd_mode mode;
	enum rt_uffd_resolve resolve;
	enum rt_uffd_wait wait;
	int readers;			/* per part */
	int64_t delay_ns;		/* slept per fault before resolving it */
	int fill;			/* the byte a copied page holds */
	int parts;			/* 1, or that many equal parts, a uffd each */
	/*
	 * Faults come from the kernel too: KVM's faults on guest memory.
	 * Without it the uffd takes user-mode faults only, which is all a
	 * host thread's access needs and the least privilege.
	 */
	bool kernel_faults;
};

/* Faults resolved per faulting thread: a slot of a fixed table. */
#define RT_UFFD_TIDS 256
struct rt_uffd_tid {
	atomic_int tid;			/* 0: free */
	atomic_llong faults;
};

/* One userfaultfd and the part of the memory it serves. */
struct rt_uffd_part {
	int fd;
	int epfd;			/* its readers' epoll, for wait=epoll */
	char *addr;
	int64_t len;
	/*
	 * Readers that fail, the watchdog's stop and the owner unregister it:
	 * one does. An int: riscv64 has no byte-wide atomic exchange.
	 */
	atomic_int registered;
};

struct rt_uffd_reader {
	struct rt_uffd *u;
	struct rt_uffd_part *part;	/* the uffd it reads */
	pthread_t thread;
	bool started;
	atomic_llong faults;		/* resolved by this reader */
	atomic_int held_tid;		/* the thread whose fault it holds, or 0 */
	atomic_ullong held_addr;	/* and where */
	/* What it held when rt_uffd_hurry() came (the watchdog's thread). */
	atomic_int stuck_tid;
	_Atomic uint64_t stuck_addr;
	int64_t *lat_ns;		/* service time of each, this phase */
	size_t nlat, caplat;
	pthread_mutex_t lat_lock;
};

struct rt_uffd {
	struct rt_uffd_config cfg;
	int stop_fd;			/* eventfd: readers return */
	int hurry_fd;			/* eventfd: a delay ends at once */
	atomic_bool stopping;
	atomic_bool hurry;		/* resolve without the delay */
	struct rt_uffd_part *parts;
	int nparts;
	char *source;			/* a page to copy from (COPY) */
	int nreaders;			/* over all parts, part by part */
	struct rt_uffd_reader *readers;
	atomic_llong eexist;		/* faults another reader had resolved */
	atomic_int inflight;		/* faults read, not yet counted */
	atomic_bool failed;
	pthread_mutex_t err_lock;
	struct rt_err first_err;
	bool thread_ids;		/* messages name the faulting thread */
	/* Over the service's life: the first RT_UFFD_TIDS threads named. */
	struct rt_uffd_tid tids[RT_UFFD_TIDS];
};

/*
 * Opens a userfaultfd per part (the syscall, else /dev/userfaultfd)
 * asking for the features the mode needs on this memory, registers the
 * part and starts its readers. Returns 0 or -errno (-EOPNOTSUPP: a
 * feature the kernel lacks, named in err); on failure rt_uffd_stop()
 * still cleans up.
 */
int rt_uffd_start(struct rt_uffd *u, const struct rt_uffd_config *cfg,
		  struct rt_err *err);

/*
 * A stop from another thread while the service runs, for host threads:
 * unregisters the memory and wakes every thread blocked in one of its
 * faults (they fault again, now without the service) and tells the
 * readers to return, also from a delay. Frees nothing; rt_uffd_stop()
 * still follows. Safe to call while a phase runs, not concurrently with
 * rt_uffd_stop().
 */
void rt_uffd_interrupt(struct rt_uffd *u);

/*
 * A stop from another thread, for vCPUs: the service goes on (a REPL
 * keeps it for the next input), but a delay ends at once and every
 * thread blocked in a fault is woken (UFFDIO_WAKE). A vCPU kicked out of
 * KVM_RUN by a signal leaves a userfault at once where KVM's fault is
 * interruptible (Linux 6.3 on); elsewhere it leaves when its fault is
 * resolved, which the hurried readers do without their delay. Lasts
 * until rt_uffd_reset_stats().
 */
void rt_uffd_hurry(struct rt_uffd *u);

/*
 * Whether thread tid was waiting in a fault that a reader held (in its
 * delay, or resolving it) when rt_uffd_hurry() came; *addr is where.
 * Known where the kernel names faulting threads (UFFD_FEATURE_THREAD_ID).
 */
bool rt_uffd_was_holding(const struct rt_uffd *u, int tid, uint64_t *addr);

/*
 * The faults the service resolved for thread tid over its life (a
 * vCPU's userfaults); 0 where the kernel does not name threads.
 */
long long rt_uffd_faults_of(const struct rt_uffd *u, int tid);

/* Unregisters (waking any thread blocked in a fault), stops, joins. */
void rt_uffd_stop(struct rt_uffd *u);

/*
 * Waits until every fault a reader has taken is counted: the resolving
 * ioctl wakes the faulting thread before the reader counts it, so a
 * phase can end first.
 */
void rt_uffd_quiesce(struct rt_uffd *u);

/* Forgets the latencies and counts of the phase before; ends a hurry. */
void rt_uffd_reset_stats(struct rt_uffd *u);

/* The first reader failure, or NULL. */
const char *rt_uffd_error(struct rt_uffd *u);

#endif
