// SPDX-License-Identifier: GPL-2.0-only
/*
 * mem: the memory a scenario declares, mapped in scn's address space:
 * private or shared anonymous memory, memfd (hugetlb too). The runtime
 * acts on it with mprotect, madvise, fallocate and munmap. guest_memfd
 * is made with a VM of its own (mem_gmem.h) and acted on the same way; a
 * pfnmap is a vfio-bound device's BAR (mem_pfnmap.h).
 */
#ifndef SCN_RT_MEM_H
#define SCN_RT_MEM_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "err.h"
#include "mm_tables.h"
#include "vfio.h"

#define RT_MEM_PREFAULT		0x1u	/* MADV_POPULATE_WRITE after mapping */
#define RT_MEM_NOHUGEPAGE	0x2u
#define RT_MEM_HUGEPAGE		0x4u
#define RT_MEM_NORESERVE	0x8u

struct rt_mem {
	enum backing_type type;
	void *addr;
	int64_t size;
	int64_t page_size;
	int fd;			/* memfd or guest_memfd, or -1 */
	int vm_fd;		/* guest_memfd: the VM it belongs to, or -1 */
	uint64_t gmem_flags;	/* guest_memfd: its GUEST_MEMFD_FLAG_* */
	struct rt_vfio vfio;	/* pfnmap: the device whose BAR it is */
	char device[16];	/* pfnmap: its PCI address */
	bool unmapped_any;	/* part of it was munmap()ed */
};

/*
 * mmap(2) where no memory scn mapped before was, while KSM may still hold
 * rmap items for it (mem.c says why): region memory and memslots.
 */
void *rt_mem_map_fresh(size_t size, int prot, int flags, int fd, off_t off);

/*
 * Maps size bytes of the given type. fill >= 0 writes that byte over all
 * of it (and so populates it); node >= 0 binds it to that node first.
 */
int rt_mem_create(struct rt_mem *m, enum backing_type type, int64_t size,
		  int64_t page_size, unsigned flags, int fill, int node,
		  struct rt_err *err);
void rt_mem_destroy(struct rt_mem *m);

enum rt_prot { RT_PROT_RO, RT_PROT_RW, RT_PROT_NONE };

int rt_mem_mprotect(struct rt_mem *m, int64_t off, int64_t size,
		    enum rt_prot prot, struct rt_err *err);
int rt_mem_madvise(struct rt_mem *m, int64_t off, int64_t size,
		   enum advice advice, struct rt_err *err);
int rt_mem_punch(struct rt_mem *m, int64_t off, int64_t size,
		 struct rt_err *err);
int rt_mem_munmap(struct rt_mem *m, int64_t off, int64_t size,
		  struct rt_err *err);
/*
 * Maps [off, off+size) of m again in its place (MAP_FIXED), as it was
 * made: the file's or the BAR's bytes at that offset for memfd, shmem's
 * new zeroes aside, guest_memfd and pfnmap, new zeroed pages for private
 * memory. What a munmap took away comes back without scn's address of m
 * changing, so a memslot over it works again.
 */
int rt_mem_remap(struct rt_mem *m, int64_t off, int64_t size,
		 struct rt_err *err);

/*
 * What an access does where it faults: a host access (rt_mem_touch) and
 * a guest job (vcpu.h) alike. fail: an error; skip: count it, leave the
 * page, go on; stop: count it, end the access (no error); retry: count
 * it, wait until the page can be accessed, access it again.
 */
enum rt_fault_policy { RT_FAULT_FAIL, RT_FAULT_SKIP, RT_FAULT_STOP,
		       RT_FAULT_RETRY };

/* How long a retrying host access waits before it tries a page again. */
#define RT_TOUCH_RETRY_NS 1000000LL

/* A host access: one byte every stride bytes of [off, off+size). */
struct rt_touch {
	int64_t off, size, stride;
	bool write;
	int byte;			/* written; a read: expected, or -1 */
	enum rt_fault_policy on_fault;
	/* Either set: the access ends with -EINTR (may be NULL). */
	const atomic_bool *stop, *stop2;
	atomic_llong *touched;		/* accesses, added in batches */
	atomic_llong *faults;		/* pages that faulted (not with fail) */
	uint64_t *pages;		/* a bit per page of m set as it is touched, or NULL */
};

/*
 * Touches the memory as t says: writes byte, or reads, and then byte >= 0
 * is the value each read must find (-EIO otherwise). The accesses are
 * added to *t->touched as they happen, in batches, so that another thread
 * can show progress. A fault (SIGSEGV, SIGBUS) is handled by
 * t->on_fault; a page that faults is counted once in *t->faults however
 * often a retry finds it faulting. Thread-safe: each thread catches its
 * own faults.
 */
int rt_mem_touch(struct rt_mem *m, const struct rt_touch *t,
		 struct rt_err *err);

/*
 * Writes byte over all of a shared backing through a second mapping of
 * it, so that its page cache is full while this mapping has no page
 * tables yet: what uffd minor faults need.
 */
int rt_mem_fill_cache(struct rt_mem *m, int byte, struct rt_err *err);

/* Pages of [off, off+size) present in memory (mincore). */
int rt_mem_resident(const struct rt_mem *m, int64_t off, int64_t size,
		    int64_t *pages, struct rt_err *err);

#endif
