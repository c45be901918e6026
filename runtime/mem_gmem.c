// SPDX-License-Identifier: GPL-2.0-only
/* mem_gmem: guest_memfd as a backing (see mem_gmem.h). */
#include "mem_gmem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "compat.h"
#include "mem.h"
#include "numa.h"

/*
 * compat.h carries these for Debian 12's 6.1 headers; they must be the
 * kernel's own (include/uapi/linux/kvm.h of 6.18 and 7.3 agree), which a
 * newer system header would also fail here if it disagreed with.
 */
_Static_assert(GUEST_MEMFD_FLAG_MMAP == 1ULL << 0, "GUEST_MEMFD_FLAG_MMAP");
_Static_assert(GUEST_MEMFD_FLAG_INIT_SHARED == 1ULL << 1,
	       "GUEST_MEMFD_FLAG_INIT_SHARED");
_Static_assert(KVM_MEM_GUEST_MEMFD == 1UL << 2, "KVM_MEM_GUEST_MEMFD");
_Static_assert(KVM_CAP_GUEST_MEMFD == 234, "KVM_CAP_GUEST_MEMFD");
_Static_assert(KVM_CAP_GUEST_MEMFD_FLAGS == 244, "KVM_CAP_GUEST_MEMFD_FLAGS");
_Static_assert(sizeof(struct kvm_create_guest_memfd) == 64,
	       "struct kvm_create_guest_memfd");
_Static_assert(sizeof(struct kvm_userspace_memory_region2) == 160,
	       "struct kvm_userspace_memory_region2");
_Static_assert(offsetof(struct kvm_userspace_memory_region2, guest_memfd) == 40,
	       "kvm_userspace_memory_region2.guest_memfd");
_Static_assert(KVM_CREATE_GUEST_MEMFD == _IOWR(KVMIO, 0xd4, struct kvm_create_guest_memfd),
	       "KVM_CREATE_GUEST_MEMFD");
_Static_assert(KVM_SET_USER_MEMORY_REGION2 ==
	       _IOW(KVMIO, 0x49, struct kvm_userspace_memory_region2),
	       "KVM_SET_USER_MEMORY_REGION2");

static const char *flag_text(uint64_t f)
{
	static const char *const names[] = { "0", "MMAP", "INIT_SHARED",
					      "MMAP|INIT_SHARED" };

	return names[f & 3];
}

int rt_gmem_create(struct rt_mem *m, unsigned flags, struct rt_err *err)
{
	struct kvm_create_guest_memfd g = { .size = (uint64_t)m->size };
	int kvm, rc = 0;

	if (flags & RT_MEM_GMEM_MMAP)
		g.flags |= GUEST_MEMFD_FLAG_MMAP;
	if (flags & RT_MEM_GMEM_INIT_SHARED)
		g.flags |= GUEST_MEMFD_FLAG_INIT_SHARED;
	kvm = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (kvm < 0)
		return rt_fail_errno(err, errno, "open(/dev/kvm)");
	/* KVM_CREATE_VM can fail with EINTR while the kernel is busy. */
	for (int tries = 0; tries < 10; tries++) {
		m->vm_fd = ioctl(kvm, KVM_CREATE_VM, 0);
		if (m->vm_fd >= 0 || errno != EINTR)
			break;
	}
	if (m->vm_fd < 0) {
		rc = rt_fail_errno(err, errno, "KVM_CREATE_VM (for the guest_memfd)");
		goto out;
	}
	m->fd = ioctl(m->vm_fd, KVM_CREATE_GUEST_MEMFD, &g);
	if (m->fd < 0) {
		rc = rt_fail_errno(err, errno, "KVM_CREATE_GUEST_MEMFD(%lld bytes, flags %s)",
				   (long long)m->size, flag_text(g.flags));
		goto out;
	}
	/* KVM's fds are O_CLOEXEC already; a guest_memfd is anon_inode's. */
	fcntl(m->fd, F_SETFD, FD_CLOEXEC);
	m->gmem_flags = g.flags;
	if (flags & RT_MEM_GMEM_MMAP) {
		m->addr = mmap(NULL, (size_t)m->size, PROT_READ | PROT_WRITE,
			       MAP_SHARED, m->fd, 0);
		if (m->addr == MAP_FAILED) {
			m->addr = NULL;
			rc = rt_fail_errno(err, errno, "mmap(guest_memfd, %lld bytes)",
					   (long long)m->size);
		}
	}
out:
	close(kvm);
	return rc;
}

int rt_gmem_probe_policy(char *why, size_t len)
{
	struct rt_mem m = { .size = sysconf(_SC_PAGESIZE), .fd = -1, .vm_fd = -1 };
	struct rt_err err = { "" };
	unsigned long node0 = 1;
	int rc = 0;

	if (rt_gmem_create(&m, RT_MEM_GMEM_MMAP | RT_MEM_GMEM_INIT_SHARED, &err)) {
		snprintf(why, len, "%s", err.msg);
		goto out;
	}
	if (mbind(m.addr, (unsigned long)m.size, MPOL_BIND, &node0,
		  sizeof(node0) * 8, 0)) {
		snprintf(why, len, "mbind(MPOL_BIND) of a guest_memfd mapping: %s (errno %d)",
			 strerror(errno), errno);
		goto out;
	}
	rc = rt_gmem_policy_per_file(&m, &err);
	if (rc < 0)
		snprintf(why, len, "%s", err.msg);
	else if (!rc)
		snprintf(why, len, "an mbind of a guest_memfd mapping is the mapping's: a second mapping sees MPOL_DEFAULT");
	rc = rc > 0;
out:
	rt_mem_destroy(&m);
	return rc;
}

int rt_gmem_policy_per_file(const struct rt_mem *m, struct rt_err *err)
{
	unsigned long nodes[2] = { 0, 0 };
	int mode = -1, rc;
	void *alias;

	if (!m->addr)
		return rt_fail(err, -EINVAL, "the guest_memfd is not mapped");
	alias = mmap(NULL, (size_t)m->size, PROT_READ, MAP_SHARED, m->fd, 0);
	if (alias == MAP_FAILED)
		return rt_fail_errno(err, errno, "mmap(guest_memfd, a second view)");
	if (get_mempolicy(&mode, nodes, sizeof(nodes) * 8, alias, MPOL_F_ADDR))
		rc = rt_fail_errno(err, errno, "get_mempolicy(MPOL_F_ADDR)");
	else
		rc = mode != MPOL_DEFAULT;
	munmap(alias, (size_t)m->size);
	return rc;
}

int rt_gmem_probe_uffd(char *why, size_t len)
{
	struct rt_mem m = { .size = sysconf(_SC_PAGESIZE), .fd = -1, .vm_fd = -1 };
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_register reg = { .mode = UFFDIO_REGISTER_MODE_MISSING };
	struct rt_err err = { "" };
	int uffd = -1, ok = 0;

	if (rt_gmem_create(&m, RT_MEM_GMEM_MMAP | RT_MEM_GMEM_INIT_SHARED, &err)) {
		snprintf(why, len, "%s", err.msg);
		goto out;
	}
	/* User faults only: what an unprivileged run is allowed, enough here. */
	uffd = (int)syscall(SYS_userfaultfd, O_CLOEXEC | UFFD_USER_MODE_ONLY);
	if (uffd < 0 || ioctl(uffd, UFFDIO_API, &api)) {
		snprintf(why, len, "userfaultfd: %s (errno %d)", strerror(errno), errno);
		goto out;
	}
	reg.range.start = (uint64_t)(uintptr_t)m.addr;
	reg.range.len = (uint64_t)m.size;
	if (ioctl(uffd, UFFDIO_REGISTER, &reg)) {
		snprintf(why, len, "UFFDIO_REGISTER(MISSING) on a guest_memfd mapping: %s (errno %d)",
			 strerror(errno), errno);
		goto out;
	}
	ok = 1;
out:
	if (uffd >= 0)
		close(uffd);
	rt_mem_destroy(&m);
	return ok;
}

int rt_gmem_placement(const struct rt_mem *m, int64_t *counts, int max,
		      struct rt_err *err)
{
	long psz = sysconf(_SC_PAGESIZE);
	size_t n = (size_t)((m->size + psz - 1) / psz), i;
	volatile const char *view;
	unsigned char *vec;
	int rc;

	memset(counts, 0, (size_t)max * sizeof(*counts));
	if (!(m->gmem_flags & GUEST_MEMFD_FLAG_MMAP))
		return rt_fail(err, -EINVAL, "the guest_memfd is not mapped");
	vec = malloc(n ? n : 1);
	if (!vec)
		return rt_fail(err, -ENOMEM, "out of memory");
	view = mmap(NULL, (size_t)m->size, PROT_READ, MAP_SHARED, m->fd, 0);
	if (view == MAP_FAILED) {
		free(vec);
		return rt_fail_errno(err, errno, "mmap(guest_memfd, a second view)");
	}
	/* mincore of a file mapping asks the page cache, not page tables. */
	rc = mincore((void *)view, (size_t)m->size, vec) ?
	     rt_fail_errno(err, errno, "mincore(guest_memfd)") : 0;
	if (!rc) {
		for (i = 0; i < n; i++)
			if (vec[i] & 1)
				(void)view[i * (size_t)psz];
		rc = rt_numa_placement((void *)view, m->size, counts, max, err);
	}
	munmap((void *)view, (size_t)m->size);
	free(vec);
	return rc;
}
