// SPDX-License-Identifier: GPL-2.0-only
/* uffd: a userfaultfd service and its readers (see uffd.h). */
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

static void wake_handler(int sig)
{
	(void)sig;
}

static void wake_part(const struct rt_uffd_part *p)
{
	struct uffdio_range r = { (uint64_t)(uintptr_t)p->addr, (uint64_t)p->len };

	if (p->fd >= 0)
		ioctl(p->fd, UFFDIO_WAKE, &r);
}

/*
 * Wakes every thread waiting in a fault of the part, then unregisters it
 * so that they fault normally. The wake comes first: when the range was
 * unmapped under a pending fault, there is nothing left to unregister,
 * and only UFFDIO_WAKE reaches the waiter.
 */
static void release_part(struct rt_uffd_part *p)
{
	struct uffdio_range r = { (uint64_t)(uintptr_t)p->addr, (uint64_t)p->len };

	if (p->fd < 0)
		return;
	wake_part(p);
	if (atomic_exchange(&p->registered, 0)) {
		ioctl(p->fd, UFFDIO_UNREGISTER, &r);
		/* A thread that faulted again between the two is woken too. */
		wake_part(p);
	}
}

static void release_waiters(struct rt_uffd *u)
{
	for (int i = 0; i < u->nparts; i++)
		release_part(&u->parts[i]);
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

static const char *resolve_call(const struct rt_uffd *u)
{
	switch (u->cfg.mode) {
	case RT_UFFD_WP:
		return "UFFDIO_WRITEPROTECT";
	case RT_UFFD_MINOR:
		return "UFFDIO_CONTINUE";
	case RT_UFFD_MISSING:
		break;
	}
	return u->cfg.resolve == RT_UFFD_ZEROPAGE ? "UFFDIO_ZEROPAGE" : "UFFDIO_COPY";
}

static int resolve(struct rt_uffd *u, int fd, uint64_t addr)
{
	uint64_t psz = (uint64_t)u->cfg.page_size, page = addr & ~(psz - 1);

	switch (u->cfg.mode) {
	case RT_UFFD_WP: {
		struct uffdio_writeprotect wp = { .range = { page, psz }, .mode = 0 };

		return ioctl(fd, UFFDIO_WRITEPROTECT, &wp);
	}
	case RT_UFFD_MINOR: {
		struct uffdio_continue c = { .range = { page, psz } };

		return ioctl(fd, UFFDIO_CONTINUE, &c);
	}
	case RT_UFFD_MISSING:
		break;
	}
	if (u->cfg.resolve == RT_UFFD_ZEROPAGE) {
		struct uffdio_zeropage z = { .range = { page, psz } };

		return ioctl(fd, UFFDIO_ZEROPAGE, &z);
	} else {
		struct uffdio_copy c = { .dst = page,
					 .src = (uint64_t)(uintptr_t)u->source,
					 .len = psz };

		return ioctl(fd, UFFDIO_COPY, &c);
	}
}

/* One fault's service time, kept for the percentiles. */
static void record_latency(struct rt_uffd_reader *rd, int64_t ns)
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
 * A fault's delay, spent waiting on the stop and hurry eventfds so that
 * either ends it at once: false when the service stops meanwhile (the
 * fault is left), true when the fault is to be resolved now.
 */
static bool delay(struct rt_uffd *u, int64_t until)
{
	struct pollfd p[2] = { { u->stop_fd, POLLIN, 0 }, { u->hurry_fd, POLLIN, 0 } };
	int64_t left;

	while (!atomic_load(&u->stopping) && !atomic_load(&u->hurry) &&
	       (left = until - rt_now_ns()) > 0) {
		struct timespec ts = { left / 1000000000, left % 1000000000 };

		if (ppoll(p, 2, &ts, NULL) > 0)
			break;
	}
	return !atomic_load(&u->stopping);
}

/*
 * Thread tid's slot, found by probing from its hash without a lock, as
 * readers run at once; with claim, the first empty slot on the way
 * becomes tid's. NULL when tid has none (claiming: the table is full, and
 * counts no more threads).
 */
static struct rt_uffd_tid *tid_slot(struct rt_uffd_tid *tids, int tid, bool claim)
{
	unsigned h = (unsigned)tid * 2654435761u;

	for (unsigned k = 0; tid > 0 && k < RT_UFFD_TIDS; k++) {
		struct rt_uffd_tid *t = &tids[(h + k) % RT_UFFD_TIDS];
		int cur = atomic_load(&t->tid), zero = 0;

		if (cur == 0 && !claim)
			return NULL;
		if (cur == 0 && atomic_compare_exchange_strong(&t->tid, &zero, tid))
			cur = tid;
		else if (cur == 0)
			cur = zero;	/* another reader claimed it meanwhile */
		if (cur == tid)
			return t;
	}
	return NULL;
}

static void count_tid(struct rt_uffd *u, int tid)
{
	struct rt_uffd_tid *t = tid_slot(u->tids, tid, true);

	if (t)
		atomic_fetch_add(&t->faults, 1);
}

long long rt_uffd_faults_of(const struct rt_uffd *u, int tid)
{
	/* A lookup that does not claim writes nothing. */
	struct rt_uffd_tid *t = tid_slot((struct rt_uffd_tid *)u->tids, tid, false);

	return t ? atomic_load(&t->faults) : 0;
}

/*
 * The part's uffd in its readers' epoll. Several readers take it for one
 * fault at a time (EPOLLONESHOT), so that the reader epoll_wait gives it
 * to is the only one woken (no other reader finds it ready and reads in
 * vain), until that one arms it again; a lone reader has no one to hand
 * a fault to, and it stays armed.
 */
static int arm(struct rt_uffd *u, struct rt_uffd_part *p, int op)
{
	struct epoll_event ev = {
		.events = EPOLLIN | (u->cfg.readers > 1 ? EPOLLONESHOT : 0),
		.data.u32 = 0
	};

	return epoll_ctl(p->epfd, op, p->fd, &ev);
}

/*
 * One message: returns 1 served, 0 nothing to do, -1 a failure. rearm:
 * it came through epoll, which hands out the next one once it is taken.
 */
static int serve_one(struct rt_uffd_reader *rd, bool rearm)
{
	struct rt_uffd *u = rd->u;
	int fd = rd->part->fd;
	struct uffd_msg msg;
	ssize_t n = read(fd, &msg, sizeof(msg));
	int64_t t0;
	int rc;

	/* Before the delay and the ioctl: the next fault goes to another reader. */
	if (rearm && arm(u, rd->part, EPOLL_CTL_MOD)) {
		reader_fail(u, "epoll_ctl (EPOLL_CTL_MOD)", errno);
		return -1;
	}
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
	if (u->thread_ids) {
		atomic_store(&rd->held_addr, msg.arg.pagefault.address);
		atomic_store(&rd->held_tid, (int)msg.arg.pagefault.feat.ptid);
	}
	rc = u->cfg.delay_ns && !delay(u, rt_deadline_ns(u->cfg.delay_ns)) ? 0 :
	     resolve(u, fd, msg.arg.pagefault.address) ? -errno : 1;
	atomic_store(&rd->held_tid, 0);
	if (rc == 1) {
		record_latency(rd, rt_now_ns() - t0);
		atomic_fetch_add(&rd->faults, 1);
		if (u->thread_ids)
			count_tid(u, (int)msg.arg.pagefault.feat.ptid);
	} else if (rc == -EEXIST) {
		/* Two faults on one page: the other reader was first. */
		atomic_fetch_add(&u->eexist, 1);
		rc = 1;
	} else if (rc < 0) {
		reader_fail(u, resolve_call(u), -rc);
		rc = -1;
	}
	atomic_fetch_sub(&u->inflight, 1);
	return rc;
}

static void *reader_main(void *arg)
{
	struct rt_uffd_reader *rd = arg;
	struct rt_uffd *u = rd->u;
	sigset_t wake;

	pthread_setname_np(pthread_self(), "scn-uffd");
	/* The caller blocks it everywhere (uffd.h); here it must get through. */
	sigemptyset(&wake);
	sigaddset(&wake, RT_UFFD_WAKE_SIGNAL);
	pthread_sigmask(SIG_UNBLOCK, &wake, NULL);
	while (!atomic_load(&u->stopping) && !atomic_load(&u->failed)) {
		if (u->cfg.wait == RT_UFFD_READ) {
			serve_one(rd, false);
		} else if (u->cfg.wait == RT_UFFD_POLL) {
			struct pollfd p[2] = { { rd->part->fd, POLLIN, 0 },
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
				serve_one(rd, false);
		} else {
			struct epoll_event ev;
			int r = epoll_wait(rd->part->epfd, &ev, 1, -1);

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
				serve_one(rd, u->cfg.readers > 1);
		}
	}
	return NULL;
}

static int open_uffd(bool blocking, bool kernel_faults, struct rt_err *err)
{
	int flags = O_CLOEXEC | (blocking ? 0 : O_NONBLOCK), fd = -1, dev;

	/* Faults of scn's own threads: user mode is enough. */
	if (!kernel_faults)
		fd = (int)syscall(__NR_userfaultfd, flags | UFFD_USER_MODE_ONLY);
	if (fd < 0)
		fd = (int)syscall(__NR_userfaultfd, flags);
	if (fd >= 0)
		return fd;
	dev = open("/dev/userfaultfd", O_RDWR | O_CLOEXEC);
	if (dev < 0)
		return rt_fail_errno(err, errno, kernel_faults ?
				     "userfaultfd() for KVM's faults needs CAP_SYS_PTRACE or vm.unprivileged_userfaultfd=1, and /dev/userfaultfd cannot be opened" :
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

/* Opens part p's uffd and registers its memory. */
static int start_part(struct rt_uffd *u, struct rt_uffd_part *p,
		      struct rt_err *err)
{
	const struct rt_uffd_config *c = &u->cfg;
	uint64_t want = features_for(c->mode, c->shared, c->hugetlb);
	struct uffdio_api api = { .api = UFFD_API, .features = want };
	struct uffdio_register reg = {
		.range = { (uint64_t)(uintptr_t)p->addr, (uint64_t)p->len } };

	p->fd = open_uffd(c->wait == RT_UFFD_READ, c->kernel_faults, err);
	if (p->fd < 0)
		return p->fd;
	/* Which thread faulted, where the kernel tells: a watchdog's note. */
	api.features |= UFFD_FEATURE_THREAD_ID;
	if (ioctl(p->fd, UFFDIO_API, &api)) {
		api = (struct uffdio_api){ .api = UFFD_API, .features = want };
		if (ioctl(p->fd, UFFDIO_API, &api))
			return rt_fail_errno(err, errno, "UFFDIO_API (features 0x%llx)",
					     (unsigned long long)want);
	}
	u->thread_ids = api.features & UFFD_FEATURE_THREAD_ID;
	if ((api.features & want) != want)
		return rt_fail(err, -EOPNOTSUPP, "the kernel lacks userfaultfd feature 0x%llx",
			       (unsigned long long)want);
	reg.mode = c->mode == RT_UFFD_MINOR ? UFFDIO_REGISTER_MODE_MINOR :
		   c->mode == RT_UFFD_WP ? UFFDIO_REGISTER_MODE_WP :
					   UFFDIO_REGISTER_MODE_MISSING;
	if (ioctl(p->fd, UFFDIO_REGISTER, &reg))
		return rt_fail_errno(err, errno, "UFFDIO_REGISTER");
	atomic_store(&p->registered, 1);
	if (c->mode == RT_UFFD_WP) {
		struct uffdio_writeprotect wp = { .range = reg.range,
						  .mode = UFFDIO_WRITEPROTECT_MODE_WP };

		if (ioctl(p->fd, UFFDIO_WRITEPROTECT, &wp))
			return rt_fail_errno(err, errno, "UFFDIO_WRITEPROTECT");
	}
	return 0;
}

/*
 * One epoll for the readers of a part: each fault wakes one reader
 * (epoll_wait's waiters are exclusive, and the uffd is armed for one
 * event at a time), however many readers wait. The stop eventfd is
 * level-triggered, so that a stop wakes them all, one after another.
 */
static int make_epoll(struct rt_uffd *u, struct rt_uffd_part *p, struct rt_err *err)
{
	struct epoll_event ev = { .events = EPOLLIN, .data.u32 = 1 };

	p->epfd = epoll_create1(EPOLL_CLOEXEC);
	if (p->epfd < 0 || arm(u, p, EPOLL_CTL_ADD) ||
	    epoll_ctl(p->epfd, EPOLL_CTL_ADD, u->stop_fd, &ev))
		return rt_fail_errno(err, errno, "epoll for the uffd's readers");
	return 0;
}

static int start_reader(struct rt_uffd *u, struct rt_uffd_reader *rd, int i,
			struct rt_err *err)
{
	int rc;

	rd->u = u;
	pthread_mutex_init(&rd->lat_lock, NULL);
	rc = pthread_create(&rd->thread, NULL, reader_main, rd);
	if (rc)
		return rt_fail_errno(err, rc, "pthread_create (reader %d of %d)",
				     i + 1, u->nparts * u->cfg.readers);
	rd->started = true;
	return 0;
}

/* The parts: equal, on page boundaries; none empty. */
static int make_parts(struct rt_uffd *u, struct rt_err *err)
{
	int64_t pages = u->cfg.len / u->cfg.page_size;
	int n = u->cfg.parts < 1 ? 1 : u->cfg.parts;

	if (n > pages)
		n = (int)pages;
	u->parts = calloc((size_t)n, sizeof(*u->parts));
	if (!u->parts)
		return rt_fail(err, -ENOMEM, "out of memory");
	u->nparts = n;
	for (int i = 0; i < n; i++) {
		int64_t first = pages * i / n, end = pages * (i + 1) / n;

		u->parts[i].fd = u->parts[i].epfd = -1;
		u->parts[i].addr = (char *)u->cfg.addr + first * u->cfg.page_size;
		u->parts[i].len = (end - first) * u->cfg.page_size;
	}
	return 0;
}

int rt_uffd_start(struct rt_uffd *u, const struct rt_uffd_config *cfg,
		  struct rt_err *err)
{
	struct sigaction sa;
	int rc, i, k;

	memset(u, 0, sizeof(*u));
	u->cfg = *cfg;
	u->stop_fd = u->hurry_fd = -1;
	pthread_mutex_init(&u->err_lock, NULL);
	rc = make_parts(u, err);
	for (i = 0; !rc && i < u->nparts; i++)
		rc = start_part(u, &u->parts[i], err);
	if (rc)
		return rc;
	if (cfg->mode == RT_UFFD_MISSING && cfg->resolve == RT_UFFD_COPY) {
		u->source = mmap(NULL, (size_t)cfg->page_size, PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (u->source == MAP_FAILED) {
			u->source = NULL;
			return rt_fail_errno(err, errno, "mmap (copy source)");
		}
		memset(u->source, cfg->fill < 0 ? 0 : cfg->fill, (size_t)cfg->page_size);
	}
	u->stop_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	u->hurry_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (u->stop_fd < 0 || u->hurry_fd < 0)
		return rt_fail_errno(err, errno, "eventfd");
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = wake_handler;	/* no SA_RESTART: read() returns EINTR */
	sigaction(RT_UFFD_WAKE_SIGNAL, &sa, NULL);
	u->readers = calloc((size_t)(u->nparts * cfg->readers), sizeof(*u->readers));
	if (!u->readers)
		return rt_fail(err, -ENOMEM, "out of memory");
	for (i = 0; i < u->nparts && cfg->wait == RT_UFFD_EPOLL; i++) {
		rc = make_epoll(u, &u->parts[i], err);
		if (rc)
			return rc;
	}
	for (i = 0; i < u->nparts; i++)
		for (k = 0; k < cfg->readers; k++) {
			struct rt_uffd_reader *rd = &u->readers[u->nreaders];

			rd->part = &u->parts[i];
			rc = start_reader(u, rd, u->nreaders, err);
			/* A reader whose start failed half-way is cleaned up too. */
			u->nreaders++;
			if (rc)
				return rc;
		}
	return 0;
}

static void signal_stop(struct rt_uffd *u)
{
	uint64_t one = 1;

	atomic_store(&u->stopping, true);
	if (u->stop_fd >= 0 && write(u->stop_fd, &one, sizeof(one)) < 0)
		(void)0;	/* a full counter already wakes them */
	for (int i = 0; i < u->nreaders; i++)
		if (u->readers[i].started && u->cfg.wait == RT_UFFD_READ)
			pthread_kill(u->readers[i].thread, RT_UFFD_WAKE_SIGNAL);
}

void rt_uffd_interrupt(struct rt_uffd *u)
{
	atomic_store(&u->stopping, true);
	release_waiters(u);
	signal_stop(u);
}

void rt_uffd_hurry(struct rt_uffd *u)
{
	uint64_t one = 1;

	for (int i = 0; i < u->nreaders; i++) {
		/* The address first: whoever finds the tid finds it. */
		atomic_store(&u->readers[i].stuck_addr, atomic_load(&u->readers[i].held_addr));
		atomic_store(&u->readers[i].stuck_tid, atomic_load(&u->readers[i].held_tid));
	}
	atomic_store(&u->hurry, true);
	if (u->hurry_fd >= 0 && write(u->hurry_fd, &one, sizeof(one)) < 0)
		(void)0;	/* a full counter already wakes them */
	for (int i = 0; i < u->nparts; i++)
		wake_part(&u->parts[i]);
}

bool rt_uffd_was_holding(const struct rt_uffd *u, int tid, uint64_t *addr)
{
	for (int i = 0; tid > 0 && i < u->nreaders; i++)
		if (atomic_load(&u->readers[i].stuck_tid) == tid) {
			*addr = atomic_load(&u->readers[i].stuck_addr);
			return true;
		}
	return false;
}

/*
 * A blocking reader (wait=read) that the wake signal reached between its
 * check of stopping and its read(2) blocks on: nothing else would wake
 * it (the uffd stays open until it is joined). So it is signalled again
 * until it ends; a reader in poll or epoll has the stop eventfd.
 */
static void join_reader(struct rt_uffd *u, struct rt_uffd_reader *rd)
{
	const struct timespec again = { 0, 1000000 };

	if (u->cfg.wait == RT_UFFD_READ)
		while (pthread_tryjoin_np(rd->thread, NULL) == EBUSY) {
			pthread_kill(rd->thread, RT_UFFD_WAKE_SIGNAL);
			nanosleep(&again, NULL);
		}
	else
		pthread_join(rd->thread, NULL);
}

void rt_uffd_stop(struct rt_uffd *u)
{
	int i;

	/* First wake whoever is blocked in a fault, then the readers. */
	release_waiters(u);
	signal_stop(u);
	for (i = 0; i < u->nreaders; i++) {
		struct rt_uffd_reader *rd = &u->readers[i];

		if (rd->started)
			join_reader(u, rd);
		free(rd->lat_ns);
		pthread_mutex_destroy(&rd->lat_lock);
	}
	free(u->readers);
	u->readers = NULL;
	u->nreaders = 0;
	for (i = 0; i < u->nparts; i++) {
		if (u->parts[i].fd >= 0)
			close(u->parts[i].fd);
		if (u->parts[i].epfd >= 0)
			close(u->parts[i].epfd);
	}
	free(u->parts);
	u->parts = NULL;
	u->nparts = 0;
	if (u->source)
		munmap(u->source, (size_t)u->cfg.page_size);
	u->source = NULL;
	if (u->stop_fd >= 0)
		close(u->stop_fd);
	if (u->hurry_fd >= 0)
		close(u->hurry_fd);
	u->stop_fd = u->hurry_fd = -1;
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
	uint64_t v;
	int i;

	for (i = 0; i < u->nreaders; i++) {
		pthread_mutex_lock(&u->readers[i].lat_lock);
		u->readers[i].nlat = 0;
		atomic_store(&u->readers[i].faults, 0);
		pthread_mutex_unlock(&u->readers[i].lat_lock);
	}
	atomic_store(&u->eexist, 0);
	atomic_store(&u->hurry, false);
	for (i = 0; i < u->nreaders; i++)
		atomic_store(&u->readers[i].stuck_tid, 0);
	if (u->hurry_fd >= 0 && read(u->hurry_fd, &v, sizeof(v)) < 0)
		(void)0;	/* nothing written: nothing to drain */
}

const char *rt_uffd_error(struct rt_uffd *u)
{
	return atomic_load(&u->failed) ? u->first_err.msg : NULL;
}
