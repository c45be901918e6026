// SPDX-License-Identifier: GPL-2.0-only
#include "uffd.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "compat.h"

/* A blocking read() is woken for shutdown by a signal that does nothing. */
#define UFFD_WAKE_SIGNAL SIGUSR2

static void wake_handler(int sig)
{
	(void)sig;
}

/*
 * Wakes every thread waiting in a fault of the range, then unregisters it
 * so that they fault normally. The wake comes first: when the range was
 * unmapped under a pending fault, there is nothing left to unregister,
 * and only UFFDIO_WAKE reaches the waiter.
 */
static void release_waiters(struct rt_uffd *u)
{
	struct uffdio_range r = { (uint64_t)(uintptr_t)u->addr, (uint64_t)u->len };

	if (u->fd < 0)
		return;
	ioctl(u->fd, UFFDIO_WAKE, &r);
	if (u->registered) {
		ioctl(u->fd, UFFDIO_UNREGISTER, &r);
		/* A thread that faulted again between the two is woken too. */
		ioctl(u->fd, UFFDIO_WAKE, &r);
	}
}

static void reader_fail(struct rt_uffd *u, const char *call, int errnum)
{
	/* After a stop, an ioctl on the unregistered range fails: no news. */
	if (atomic_load(&u->stopping))
		return;
	pthread_mutex_lock(&u->err_lock);
	if (!atomic_load(&u->failed))
		rt_fail_errno(&u->first_err, errnum, "uffd reader: %s", call);
	atomic_store(&u->failed, true);
	pthread_mutex_unlock(&u->err_lock);
	/* Whoever waits in a fault goes on; the phase reports the failure. */
	release_waiters(u);
}

static int resolve(struct rt_uffd *u, uint64_t addr)
{
	uint64_t page = addr & ~(uint64_t)(u->page_size - 1);

	switch (u->mode) {
	case RT_UFFD_WP: {
		struct uffdio_writeprotect wp = {
			.range = { page, (uint64_t)u->page_size }, .mode = 0 };

		return ioctl(u->fd, UFFDIO_WRITEPROTECT, &wp);
	}
	case RT_UFFD_MINOR: {
		struct uffdio_continue c = {
			.range = { page, (uint64_t)u->page_size } };

		return ioctl(u->fd, UFFDIO_CONTINUE, &c);
	}
	case RT_UFFD_MISSING:
		break;
	}
	if (u->resolve == RT_UFFD_ZEROPAGE) {
		struct uffdio_zeropage z = {
			.range = { page, (uint64_t)u->page_size } };

		return ioctl(u->fd, UFFDIO_ZEROPAGE, &z);
	} else {
		struct uffdio_copy c = { .dst = page,
					 .src = (uint64_t)(uintptr_t)u->source,
					 .len = (uint64_t)u->page_size };

		return ioctl(u->fd, UFFDIO_COPY, &c);
	}
}

static void record(struct rt_uffd_reader *rd, int64_t ns)
{
	pthread_mutex_lock(&rd->lat_lock);
	if (rd->nlat == rd->caplat) {
		size_t cap = rd->caplat ? rd->caplat * 2 : 4096;
		int64_t *v = realloc(rd->lat_ns, cap * sizeof(*v));

		if (v) {
			rd->lat_ns = v;
			rd->caplat = cap;
		}
	}
	if (rd->nlat < rd->caplat)
		rd->lat_ns[rd->nlat++] = ns;
	pthread_mutex_unlock(&rd->lat_lock);
}

/*
 * A fault's delay, spent waiting on the stop eventfd so that a stop ends
 * it at once: false when the service stops meanwhile.
 */
static bool delay(struct rt_uffd *u, int64_t until)
{
	struct pollfd p = { u->stop_fd, POLLIN, 0 };
	int64_t left;

	while (!atomic_load(&u->stopping) && (left = until - rt_now_ns()) > 0) {
		struct timespec ts = { left / 1000000000, left % 1000000000 };

		if (ppoll(&p, 1, &ts, NULL) > 0)
			break;
	}
	return !atomic_load(&u->stopping);
}

/* One message: returns 1 served, 0 nothing to do, -1 a failure. */
static int serve_one(struct rt_uffd_reader *rd)
{
	struct rt_uffd *u = rd->u;
	struct uffd_msg msg;
	ssize_t n = read(u->fd, &msg, sizeof(msg));
	int64_t t0;

	if (n < 0) {
		/* Another reader took it, or shutdown woke a blocking read. */
		if (errno == EAGAIN || errno == EINTR)
			return 0;
		reader_fail(u, "read", errno);
		return -1;
	}
	if (n != sizeof(msg)) {
		reader_fail(u, "read (short)", EIO);
		return -1;
	}
	if (msg.event != UFFD_EVENT_PAGEFAULT)
		return 0;	/* no other events were asked for */
	atomic_fetch_add(&u->inflight, 1);
	t0 = rt_now_ns();
	if (u->delay_ns && !delay(u, t0 + u->delay_ns)) {
		atomic_fetch_sub(&u->inflight, 1);
		return 0;
	}
	if (resolve(u, msg.arg.pagefault.address)) {
		/* Two faults on one page: the other reader was first. */
		if (errno == EEXIST) {
			atomic_fetch_add(&u->eexist, 1);
			atomic_fetch_sub(&u->inflight, 1);
			return 1;
		}
		reader_fail(u, u->mode == RT_UFFD_WP ? "UFFDIO_WRITEPROTECT" :
			       u->mode == RT_UFFD_MINOR ? "UFFDIO_CONTINUE" :
			       u->resolve == RT_UFFD_ZEROPAGE ? "UFFDIO_ZEROPAGE" :
							       "UFFDIO_COPY", errno);
		atomic_fetch_sub(&u->inflight, 1);
		return -1;
	}
	record(rd, rt_now_ns() - t0);
	atomic_fetch_add(&rd->faults, 1);
	atomic_fetch_sub(&u->inflight, 1);
	return 1;
}

static void *reader_main(void *arg)
{
	struct rt_uffd_reader *rd = arg;
	struct rt_uffd *u = rd->u;

	while (!atomic_load(&u->stopping) && !atomic_load(&u->failed)) {
		if (u->wait == RT_UFFD_READ) {
			serve_one(rd);
		} else if (u->wait == RT_UFFD_POLL) {
			struct pollfd p[2] = { { u->fd, POLLIN, 0 },
					       { u->stop_fd, POLLIN, 0 } };

			if (poll(p, 2, -1) < 0) {
				if (errno != EINTR)
					reader_fail(u, "poll", errno);
				continue;
			}
			if (p[1].revents)
				break;
			if (p[0].revents & POLLERR) {
				reader_fail(u, "poll (POLLERR)", EIO);
				break;
			}
			if (p[0].revents & POLLIN)
				serve_one(rd);
		} else {
			struct epoll_event ev;
			int r = epoll_wait(rd->epfd, &ev, 1, -1);

			if (r < 0) {
				if (errno != EINTR)
					reader_fail(u, "epoll_wait", errno);
				continue;
			}
			if (r == 1 && ev.data.u32 == 1)
				break;
			if (r == 1 && (ev.events & (EPOLLERR | EPOLLHUP))) {
				reader_fail(u, "epoll_wait (EPOLLERR)", EIO);
				break;
			}
			if (r == 1)
				serve_one(rd);
		}
	}
	return NULL;
}

static int open_uffd(bool blocking, struct rt_err *err)
{
	int flags = O_CLOEXEC | (blocking ? 0 : O_NONBLOCK), fd, dev;

	/* Faults of this process's own threads: user mode is enough. */
	fd = (int)syscall(__NR_userfaultfd, flags | UFFD_USER_MODE_ONLY);
	if (fd < 0)
		fd = (int)syscall(__NR_userfaultfd, flags);
	if (fd >= 0)
		return fd;
	dev = open("/dev/userfaultfd", O_RDWR | O_CLOEXEC);
	if (dev < 0)
		return rt_fail_errno(err, errno,
				     "userfaultfd() is refused and /dev/userfaultfd cannot be opened");
	fd = ioctl(dev, USERFAULTFD_IOC_NEW, flags);
	if (fd < 0)
		fd = rt_fail_errno(err, errno, "ioctl(/dev/userfaultfd, USERFAULTFD_IOC_NEW)");
	close(dev);
	return fd;
}

static uint64_t features_for(enum rt_uffd_mode mode, bool shared, bool hugetlb)
{
	switch (mode) {
	case RT_UFFD_MINOR:
		return hugetlb ? UFFD_FEATURE_MINOR_HUGETLBFS : UFFD_FEATURE_MINOR_SHMEM;
	case RT_UFFD_WP:
		return shared || hugetlb ? UFFD_FEATURE_WP_HUGETLBFS_SHMEM :
					   UFFD_FEATURE_PAGEFAULT_FLAG_WP;
	case RT_UFFD_MISSING:
		break;
	}
	return hugetlb ? UFFD_FEATURE_MISSING_HUGETLBFS :
	       shared ? UFFD_FEATURE_MISSING_SHMEM : 0;
}

static int start_readers(struct rt_uffd *u, int n, struct rt_err *err)
{
	struct sigaction sa;
	int i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = wake_handler;	/* no SA_RESTART: read() returns EINTR */
	sigaction(UFFD_WAKE_SIGNAL, &sa, NULL);
	u->readers = calloc((size_t)n, sizeof(*u->readers));
	if (!u->readers)
		return rt_fail(err, -ENOMEM, "out of memory");
	u->nreaders = n;
	for (i = 0; i < n; i++) {
		struct rt_uffd_reader *rd = &u->readers[i];

		rd->u = u;
		rd->epfd = -1;
		pthread_mutex_init(&rd->lat_lock, NULL);
		if (u->wait == RT_UFFD_EPOLL) {
			struct epoll_event ev = { .events = EPOLLIN | EPOLLEXCLUSIVE,
						  .data.u32 = 0 };

			rd->epfd = epoll_create1(EPOLL_CLOEXEC);
			if (rd->epfd < 0 ||
			    epoll_ctl(rd->epfd, EPOLL_CTL_ADD, u->fd, &ev))
				return rt_fail_errno(err, errno, "epoll (reader %d)", i);
			ev.events = EPOLLIN;
			ev.data.u32 = 1;
			if (epoll_ctl(rd->epfd, EPOLL_CTL_ADD, u->stop_fd, &ev))
				return rt_fail_errno(err, errno, "epoll (reader %d)", i);
		}
		if (pthread_create(&rd->thread, NULL, reader_main, rd))
			return rt_fail(err, -EAGAIN, "pthread_create (reader %d)", i);
		rd->started = true;
	}
	return 0;
}

int rt_uffd_start(struct rt_uffd *u, void *addr, int64_t len,
		  int64_t page_size, bool shared, bool hugetlb,
		  enum rt_uffd_mode mode, enum rt_uffd_resolve res,
		  enum rt_uffd_wait wait, int readers, int64_t delay_ns,
		  int fill, struct rt_err *err)
{
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_register reg = {
		.range = { (uint64_t)(uintptr_t)addr, (uint64_t)len } };
	int rc;

	memset(u, 0, sizeof(*u));
	u->fd = u->stop_fd = -1;
	u->mode = mode;
	u->wait = wait;
	u->resolve = res;
	u->delay_ns = delay_ns;
	u->page_size = page_size;
	u->addr = addr;
	u->len = len;
	pthread_mutex_init(&u->err_lock, NULL);
	u->fd = open_uffd(wait == RT_UFFD_READ, err);
	if (u->fd < 0)
		return u->fd;
	api.features = features_for(mode, shared, hugetlb);
	if (ioctl(u->fd, UFFDIO_API, &api))
		return rt_fail_errno(err, errno, "UFFDIO_API (features 0x%llx)",
				     (unsigned long long)api.features);
	if ((api.features & features_for(mode, shared, hugetlb)) !=
	    features_for(mode, shared, hugetlb))
		return rt_fail(err, -EOPNOTSUPP, "the kernel lacks userfaultfd feature 0x%llx",
			       (unsigned long long)features_for(mode, shared, hugetlb));
	reg.mode = mode == RT_UFFD_MINOR ? UFFDIO_REGISTER_MODE_MINOR :
		   mode == RT_UFFD_WP ? UFFDIO_REGISTER_MODE_WP :
					UFFDIO_REGISTER_MODE_MISSING;
	if (ioctl(u->fd, UFFDIO_REGISTER, &reg))
		return rt_fail_errno(err, errno, "UFFDIO_REGISTER");
	u->registered = true;
	if (mode == RT_UFFD_WP) {
		struct uffdio_writeprotect wp = { .range = reg.range,
						  .mode = UFFDIO_WRITEPROTECT_MODE_WP };

		if (ioctl(u->fd, UFFDIO_WRITEPROTECT, &wp))
			return rt_fail_errno(err, errno, "UFFDIO_WRITEPROTECT");
	}
	if (mode == RT_UFFD_MISSING && res == RT_UFFD_COPY) {
		u->source = mmap(NULL, (size_t)page_size, PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (u->source == MAP_FAILED) {
			u->source = NULL;
			return rt_fail_errno(err, errno, "mmap (copy source)");
		}
		memset(u->source, fill < 0 ? 0 : fill, (size_t)page_size);
	}
	u->stop_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (u->stop_fd < 0)
		return rt_fail_errno(err, errno, "eventfd");
	rc = start_readers(u, readers, err);
	return rc;
}

void rt_uffd_interrupt(struct rt_uffd *u)
{
	uint64_t one = 1;
	int i;

	atomic_store(&u->stopping, true);
	if (u->stop_fd >= 0 && write(u->stop_fd, &one, sizeof(one)) < 0)
		(void)0;	/* a full counter already wakes them */
	release_waiters(u);
	for (i = 0; i < u->nreaders; i++)
		if (u->readers[i].started && u->wait == RT_UFFD_READ)
			pthread_kill(u->readers[i].thread, UFFD_WAKE_SIGNAL);
}

void rt_uffd_stop(struct rt_uffd *u)
{
	uint64_t one = 1;
	int i;

	/* First wake whoever is blocked in a fault, then the readers. */
	release_waiters(u);
	u->registered = false;
	atomic_store(&u->stopping, true);
	if (u->stop_fd >= 0 && write(u->stop_fd, &one, sizeof(one)) < 0)
		(void)0;	/* a full counter already wakes them */
	for (i = 0; i < u->nreaders; i++)
		if (u->readers[i].started && u->wait == RT_UFFD_READ)
			pthread_kill(u->readers[i].thread, UFFD_WAKE_SIGNAL);
	for (i = 0; i < u->nreaders; i++) {
		struct rt_uffd_reader *rd = &u->readers[i];

		if (rd->started)
			pthread_join(rd->thread, NULL);
		if (rd->epfd >= 0)
			close(rd->epfd);
		free(rd->lat_ns);
		pthread_mutex_destroy(&rd->lat_lock);
	}
	free(u->readers);
	u->readers = NULL;
	u->nreaders = 0;
	if (u->source)
		munmap(u->source, (size_t)u->page_size);
	u->source = NULL;
	if (u->stop_fd >= 0)
		close(u->stop_fd);
	if (u->fd >= 0)
		close(u->fd);
	u->fd = u->stop_fd = -1;
	pthread_mutex_destroy(&u->err_lock);
}

void rt_uffd_quiesce(struct rt_uffd *u)
{
	/* Bounded: the fault is resolved, only its counting is left. */
	while (atomic_load(&u->inflight) > 0 && !atomic_load(&u->failed))
		sched_yield();
}

void rt_uffd_reset_stats(struct rt_uffd *u)
{
	int i;

	for (i = 0; i < u->nreaders; i++) {
		pthread_mutex_lock(&u->readers[i].lat_lock);
		u->readers[i].nlat = 0;
		atomic_store(&u->readers[i].faults, 0);
		pthread_mutex_unlock(&u->readers[i].lat_lock);
	}
	atomic_store(&u->eexist, 0);
}

const char *rt_uffd_error(struct rt_uffd *u)
{
	return atomic_load(&u->failed) ? u->first_err.msg : NULL;
}
