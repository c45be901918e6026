// SPDX-License-Identifier: GPL-2.0-only
#include "mem.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/memfd.h>
#include <numaif.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "compat.h"
#include "mem_gmem.h"
#include "mem_pfnmap.h"

#ifndef MFD_HUGE_SHIFT
#define MFD_HUGE_SHIFT 26
#endif

static void touch_fault(int sig, siginfo_t *si, void *uc);

/* What handled the two before: a fault that is not a touch's goes there. */
static struct sigaction before_segv, before_bus;

static void install_fault_handlers_once(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = touch_fault;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, &before_segv);
	sigaction(SIGBUS, &sa, &before_bus);
}

static int huge_log2(int64_t page_size)
{
	int n = 0;

	while ((1LL << n) < page_size)
		n++;
	return n;
}

/*
 * KSM keeps a process's rmap items for an unmapped range, with their
 * smart-scan age and old checksums, until ksmd next passes the process;
 * memory mapped again in the same hole (the next run of a --repeat) takes
 * them over: its pages are skipped as old ones, merge scans late, or never
 * where two of them are out of step in their skips (they must meet in one
 * scan). So memory is asked for below all that scn mapped before, 1 GiB
 * aligned (for THP and 1 GiB hugetlb alike), down to half the first
 * address, then from the top again: gigabytes apart, no run's memory
 * lands where an earlier one's was while ksmd can still remember it.
 */
static pthread_mutex_t fresh_lock = PTHREAD_MUTEX_INITIALIZER;
static uintptr_t fresh_top, fresh_below;	/* 0: nothing mapped yet */

void *rt_mem_map_fresh(size_t size, int prot, int flags, int fd, off_t off)
{
	const uintptr_t align = (uintptr_t)1 << 30;
	uintptr_t len = ((uintptr_t)size + align - 1) & ~(align - 1), want = 0;
	void *p;

	pthread_mutex_lock(&fresh_lock);
	if (fresh_below && fresh_below - fresh_top / 2 < len)
		fresh_below = fresh_top;
	if (fresh_below > len)
		want = (fresh_below - len) & ~(align - 1);
	p = mmap((void *)want, size, prot, flags, fd, off);
	if (p != MAP_FAILED) {
		if (!fresh_top)
			fresh_top = (uintptr_t)p;
		if (!fresh_below || (uintptr_t)p < fresh_below)
			fresh_below = (uintptr_t)p;
	}
	pthread_mutex_unlock(&fresh_lock);
	return p;
}

static int map_anon(struct rt_mem *m, const struct backing_info *bi,
		    unsigned flags, struct rt_err *err)
{
	int mflags = MAP_ANONYMOUS;

	mflags |= (bi->flags & BK_SHARED) ? MAP_SHARED : MAP_PRIVATE;
	if (bi->flags & BK_HUGETLB)
		mflags |= MAP_HUGETLB | (huge_log2(m->page_size) << MAP_HUGE_SHIFT);
	if (flags & RT_MEM_NORESERVE)
		mflags |= MAP_NORESERVE;
	m->addr = rt_mem_map_fresh((size_t)m->size, PROT_READ | PROT_WRITE,
				   mflags, -1, 0);
	if (m->addr == MAP_FAILED) {
		m->addr = NULL;
		return rt_fail_errno(err, errno, "mmap(%s, %lld bytes)", bi->name,
				     (long long)m->size);
	}
	return 0;
}

static int map_memfd(struct rt_mem *m, const struct backing_info *bi,
		     unsigned flags, struct rt_err *err)
{
	unsigned mfd = MFD_CLOEXEC;
	int mflags = MAP_SHARED;

	if (bi->flags & BK_HUGETLB)
		mfd |= MFD_HUGETLB | ((unsigned)huge_log2(m->page_size) << MFD_HUGE_SHIFT);
	m->fd = memfd_create("scn", mfd);
	if (m->fd < 0)
		return rt_fail_errno(err, errno, "memfd_create(%s)", bi->name);
	if (ftruncate(m->fd, m->size))
		return rt_fail_errno(err, errno, "ftruncate(memfd, %lld)",
				     (long long)m->size);
	if (flags & RT_MEM_NORESERVE)
		mflags |= MAP_NORESERVE;
	m->addr = rt_mem_map_fresh((size_t)m->size, PROT_READ | PROT_WRITE,
				   mflags, m->fd, 0);
	if (m->addr == MAP_FAILED) {
		m->addr = NULL;
		return rt_fail_errno(err, errno, "mmap(memfd, %lld bytes)",
				     (long long)m->size);
	}
	return 0;
}

int rt_mem_create(struct rt_mem *m, enum backing_type type, int64_t size,
		  int64_t page_size, unsigned flags, int fill, int node,
		  struct rt_err *err)
{
	const struct backing_info *bi = &backing_info[type];
	int rc;

	memset(m, 0, sizeof(*m));
	m->type = type;
	m->size = size;
	m->page_size = page_size;
	m->fd = m->vm_fd = -1;
	m->vfio.container = m->vfio.group = m->vfio.device = -1;
	if (bi->flags & BK_PFNMAP)
		rc = rt_pfnmap_create(m, err);
	else if (bi->flags & BK_KVM)
		rc = rt_gmem_create(m, flags, err);
	else if (bi->flags & BK_FD)
		rc = map_memfd(m, bi, flags, err);
	else
		rc = map_anon(m, bi, flags, err);
	if (rc)
		goto fail;
	/* An unmapped guest_memfd: nothing of the host's to bind or fill. */
	if (!m->addr)
		return 0;
	if (node >= 0) {
		unsigned long mask = 1UL << node;

		if (mbind(m->addr, (unsigned long)size, MPOL_BIND, &mask,
			  sizeof(mask) * 8, 0)) {
			rc = rt_fail_errno(err, errno, "mbind(node %d)", node);
			goto fail;
		}
	}
	if ((bi->flags & BK_THP) || (flags & RT_MEM_HUGEPAGE)) {
		if (madvise(m->addr, (size_t)size, MADV_HUGEPAGE)) {
			rc = rt_fail_errno(err, errno, "madvise(MADV_HUGEPAGE)");
			goto fail;
		}
	}
	if ((flags & RT_MEM_NOHUGEPAGE) &&
	    madvise(m->addr, (size_t)size, MADV_NOHUGEPAGE)) {
		rc = rt_fail_errno(err, errno, "madvise(MADV_NOHUGEPAGE)");
		goto fail;
	}
	if (fill >= 0) {
		memset(m->addr, fill, (size_t)size);
	} else if ((flags & RT_MEM_PREFAULT) && (bi->flags & BK_PFNMAP)) {
		/* GUP, and so MADV_POPULATE_WRITE, refuses VM_PFNMAP: touch it. */
		rt_pfnmap_touch_all(m);
	} else if ((flags & RT_MEM_PREFAULT) &&
		   madvise(m->addr, (size_t)size, MADV_POPULATE_WRITE)) {
		rc = rt_fail_errno(err, errno, "madvise(MADV_POPULATE_WRITE)");
		goto fail;
	}
	return 0;
fail:
	rt_mem_destroy(m);
	return rc;
}

void rt_mem_destroy(struct rt_mem *m)
{
	if (m->addr)
		munmap(m->addr, (size_t)m->size);
	if (m->fd >= 0)
		close(m->fd);
	if (m->vm_fd >= 0)
		close(m->vm_fd);
	if (backing_info[m->type].flags & BK_PFNMAP)
		rt_vfio_close(&m->vfio);
	m->addr = NULL;
	m->fd = m->vm_fd = -1;
}

static int check_range(const struct rt_mem *m, int64_t off, int64_t size,
		       struct rt_err *err)
{
	if (!m->addr)
		return rt_fail(err, -EINVAL, "the memory is not mapped");
	if (off < 0 || size <= 0 || off + size > m->size)
		return rt_fail(err, -EINVAL, "range %lld+%lld is outside %lld bytes",
			       (long long)off, (long long)size, (long long)m->size);
	return 0;
}

int rt_mem_mprotect(struct rt_mem *m, int64_t off, int64_t size,
		    enum rt_prot prot, struct rt_err *err)
{
	static const int prots[] = { PROT_READ, PROT_READ | PROT_WRITE, PROT_NONE };
	static const char *const names[] = { "PROT_READ", "PROT_READ|PROT_WRITE",
					     "PROT_NONE" };
	int rc = check_range(m, off, size, err);

	if (rc)
		return rc;
	if (mprotect((char *)m->addr + off, (size_t)size, prots[prot]))
		return rt_fail_errno(err, errno, "mprotect(%s)", names[prot]);
	return 0;
}

int rt_mem_madvise(struct rt_mem *m, int64_t off, int64_t size,
		   enum advice advice, struct rt_err *err)
{
	const struct advice_info *ai = &advice_info[advice];
	int rc = check_range(m, off, size, err);

	if (rc)
		return rc;
	if (madvise((char *)m->addr + off, (size_t)size, ai->madv))
		return rt_fail_errno(err, errno, "madvise(%s)", ai->name);
	return 0;
}

int rt_mem_punch(struct rt_mem *m, int64_t off, int64_t size,
		 struct rt_err *err)
{
	int rc = 0;

	/* A guest_memfd without mmap is punched all the same. */
	if (m->addr || m->fd < 0)
		rc = check_range(m, off, size, err);
	else if (off < 0 || size <= 0 || off + size > m->size)
		rc = rt_fail(err, -EINVAL, "range %lld+%lld is outside %lld bytes",
			     (long long)off, (long long)size, (long long)m->size);
	if (rc)
		return rc;
	if (m->fd < 0)
		return rt_fail(err, -EINVAL, "fallocate needs a file-backed mapping");
	if (fallocate(m->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, off, size))
		return rt_fail_errno(err, errno, "fallocate(PUNCH_HOLE)");
	return 0;
}

int rt_mem_munmap(struct rt_mem *m, int64_t off, int64_t size,
		  struct rt_err *err)
{
	int rc = check_range(m, off, size, err);

	if (rc)
		return rc;
	/* Remapped as PROT_NONE, not left as a hole another mmap could fill. */
	if (mmap((char *)m->addr + off, (size_t)size, PROT_NONE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1,
		 0) == MAP_FAILED)
		return rt_fail_errno(err, errno, "munmap");
	m->unmapped_any = true;
	return 0;
}

int rt_mem_remap(struct rt_mem *m, int64_t off, int64_t size,
		 struct rt_err *err)
{
	const struct backing_info *bi = &backing_info[m->type];
	int mflags = MAP_FIXED, fd = -1, rc = check_range(m, off, size, err);
	off_t at = (off_t)off;
	void *p;

	if (rc)
		return rc;
	if (bi->flags & BK_PFNMAP) {
		fd = m->vfio.device;
		at += (off_t)m->vfio.offset;
	} else if (bi->flags & BK_FD) {
		fd = m->fd;
	}
	if (fd >= 0) {
		mflags |= MAP_SHARED;
	} else {
		mflags |= MAP_ANONYMOUS | ((bi->flags & BK_SHARED) ? MAP_SHARED : MAP_PRIVATE);
		if (bi->flags & BK_HUGETLB)
			mflags |= MAP_HUGETLB | (huge_log2(m->page_size) << MAP_HUGE_SHIFT);
		at = 0;
	}
	p = mmap((char *)m->addr + off, (size_t)size, PROT_READ | PROT_WRITE, mflags,
		 fd, at);
	if (p == MAP_FAILED)
		return rt_fail_errno(err, errno, "mmap(%s, %lld bytes at offset %lld)",
				     bi->name, (long long)size, (long long)off);
	if ((bi->flags & BK_THP) && madvise(p, (size_t)size, MADV_HUGEPAGE))
		return rt_fail_errno(err, errno, "madvise(MADV_HUGEPAGE)");
	return 0;
}

/*
 * A host access may fault: a write to memory the scenario made read-only,
 * an access to a part it unmapped, a hugetlb page the pool cannot give.
 * The fault ends the access, not scn: the handler jumps back to the
 * access loop of the thread that faulted, which reports it.
 */
static __thread sigjmp_buf *volatile touch_jump;
static __thread volatile void *touch_addr;
static __thread volatile int touch_sig;

static void touch_fault(int sig, siginfo_t *si, void *uc)
{
	if (!touch_jump) {
		/* Not ours: as if this handler were not there (main's crash report). */
		const struct sigaction *b = sig == SIGBUS ? &before_bus : &before_segv;

		if ((b->sa_flags & SA_SIGINFO) && b->sa_sigaction) {
			b->sa_sigaction(sig, si, uc);
		} else if (!(b->sa_flags & SA_SIGINFO) && b->sa_handler != SIG_DFL &&
			   b->sa_handler != SIG_IGN) {
			b->sa_handler(sig);
		} else {
			signal(sig, SIG_DFL);
			raise(sig);
		}
		return;
	}
	touch_addr = si->si_addr;
	touch_sig = sig;
	siglongjmp(*touch_jump, 1);
}

static void install_fault_handlers(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, install_fault_handlers_once);
}

static bool touch_stopped(const struct rt_touch *t)
{
	return (t->stop && atomic_load_explicit(t->stop, memory_order_relaxed)) ||
	       (t->stop2 && atomic_load_explicit(t->stop2, memory_order_relaxed));
}

/*
 * retry: the page is tried again after a short sleep, not at once: the
 * thread that will make it accessible (an mprotect in a concurrent
 * branch) gets the CPU, and a stop is seen within RT_TOUCH_RETRY_NS.
 */
static bool touch_retry_wait(const struct rt_touch *t)
{
	struct timespec ts = { 0, RT_TOUCH_RETRY_NS };

	if (touch_stopped(t))
		return false;
	nanosleep(&ts, NULL);	/* a signal cuts it short: the flags say why */
	return !touch_stopped(t);
}

static int touch_fault_error(const struct rt_mem *m, const struct rt_touch *t,
			     struct rt_err *err)
{
	return rt_fail(err, -EFAULT, "host %s at offset %lld faulted (%s): the memory is %s",
		       t->write ? "write" : "read",
		       (long long)((char *)touch_addr - (char *)m->addr),
		       touch_sig == SIGBUS ? "SIGBUS" : "SIGSEGV",
		       touch_sig == SIGBUS ? "not backed (a hugetlb pool too small?)" :
		       t->write ? "read-only or unmapped" : "unmapped or PROT_NONE");
}

int rt_mem_touch(struct rt_mem *m, const struct rt_touch *t,
		 struct rt_err *err)
{
	volatile unsigned char *p;
	/* volatile: they are read after a siglongjmp from the handler. */
	volatile int64_t i = 0, n = 0;	/* n: accesses not yet in *touched */
	volatile int64_t next = 0;	/* where the next page begins, from p */
	volatile int64_t counted = -1;	/* the page whose fault was counted last */
	const int64_t psz = m->page_size;
	unsigned char sink = 0;
	sigjmp_buf jump;
	int rc = check_range(m, t->off, t->size, err);

	if (rc)
		return rc;
	install_fault_handlers();
	/* volatile: every access happens, in order, as the scenario asks. */
	p = (volatile unsigned char *)m->addr + t->off;
arm:
	if (sigsetjmp(jump, 1)) {
		int64_t page = (t->off + i) / psz, past;

		touch_jump = NULL;
		if (t->on_fault == RT_FAULT_FAIL) {
			rc = touch_fault_error(m, t, err);
			goto out;
		}
		/* A page counts once, however often a retry finds it faulting. */
		if (page != counted && t->faults)
			atomic_fetch_add(t->faults, 1);
		counted = page;
		switch (t->on_fault) {
		case RT_FAULT_STOP:
			rc = 0;		/* the end of the access, not an error */
			goto out;
		case RT_FAULT_SKIP:
			/* Its other accesses would fault too: on from the next page. */
			past = (page + 1) * psz - t->off;
			i = (past + t->stride - 1) / t->stride * t->stride;
			break;
		default:
			if (!touch_retry_wait(t)) {
				rc = rt_fail(err, -EINTR, "interrupted");
				goto out;
			}
		}
		goto arm;
	}
	touch_jump = &jump;
	for (; i < t->size; i += t->stride, n++) {
		/* Counted as it goes, for a progress line; in batches, cheaply. */
		if (n == 4096) {
			atomic_fetch_add_explicit(t->touched, n, memory_order_relaxed);
			n = 0;
		}
		/* A slow fault (a uffd delay) must not keep Ctrl-C waiting. */
		if (touch_stopped(t)) {
			rc = rt_fail(err, -EINTR, "interrupted");
			break;
		}
		if (t->write) {
			p[i] = (unsigned char)t->byte;
		} else if (t->byte >= 0 && p[i] != (unsigned char)t->byte) {
			unsigned char got = p[i];

			rc = rt_fail(err, -EIO, "host read at offset %lld found 0x%02x, expected 0x%02x",
				     (long long)(t->off + i), got, t->byte);
			break;
		} else {
			sink ^= p[i];
		}
		/* The first access of a page that did not fault: the page counts. */
		if (t->pages && i >= next) {
			int64_t page = (t->off + i) / psz;

			__atomic_fetch_or(&t->pages[page / 64], 1ULL << (page % 64),
					  __ATOMIC_RELAXED);
			next = (page + 1) * psz - t->off;
		}
	}
out:
	touch_jump = NULL;
	(void)sink;
	atomic_fetch_add(t->touched, n);
	return rc;
}

int rt_mem_fill_cache(struct rt_mem *m, int byte, struct rt_err *err)
{
	void *alias;

	if (m->fd >= 0)
		alias = mmap(NULL, (size_t)m->size, PROT_READ | PROT_WRITE,
			     MAP_SHARED, m->fd, 0);
	else	/* shared anonymous memory: mremap of size 0 duplicates it */
		alias = mremap(m->addr, 0, (size_t)m->size, MREMAP_MAYMOVE);
	if (alias == MAP_FAILED)
		return rt_fail_errno(err, errno, m->fd >= 0 ? "mmap (second view)" :
				     "mremap (second view)");
	memset(alias, byte, (size_t)m->size);
	munmap(alias, (size_t)m->size);
	return 0;
}

int rt_mem_resident(const struct rt_mem *m, int64_t off, int64_t size,
		    int64_t *pages, struct rt_err *err)
{
	long psz = sysconf(_SC_PAGESIZE);
	size_t n = (size_t)((size + psz - 1) / psz), i;
	unsigned char *vec;
	int rc = check_range(m, off, size, err);

	if (rc)
		return rc;
	vec = malloc(n ? n : 1);
	if (!vec)
		return rt_fail(err, -ENOMEM, "out of memory");
	if (mincore((char *)m->addr + off, (size_t)size, vec)) {
		rc = rt_fail_errno(err, errno, "mincore");
		free(vec);
		return rc;
	}
	*pages = 0;
	for (i = 0; i < n; i++)
		*pages += vec[i] & 1;
	free(vec);
	return 0;
}
