// SPDX-License-Identifier: GPL-2.0-only
//
// Kernel interfaces newer than the uapi headers scn builds against.
//
// Debian 12 ships linux-libc-dev 6.1, while the kernels scn drives are much
// newer; glibc 2.36 and libnuma 2.0.16 lag the same way. Everything below is
// guarded so that a newer system header wins wherever it exists, and every
// value was checked against the upstream uapi headers (include/uapi/linux/
// kvm.h, userfaultfd.h, prctl.h, mempolicy.h, asm-generic/mman-common.h).
// Replacement lists are spelled exactly as upstream spells them, so that a
// system header included after this one redefines a macro identically rather
// than differently.
//
// Having a constant here says nothing about the running kernel: probe it
// (runtime/features.h) before relying on it.
//
// Include this header instead of <linux/mempolicy.h>: <numaif.h> defines the
// MPOL_* modes as macros, the kernel header as an enum, and the two collide.

#ifndef SCN_RUNTIME_COMPAT_H
#define SCN_RUNTIME_COMPAT_H

#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ioctl.h>
#include <numaif.h>
#include <linux/types.h>
#include <linux/userfaultfd.h>
#include <linux/kvm.h>

/*
 * arm64 maps a vCPU's dirty ring at page 64 of its fd, as x86 does
 * (6.3+), and so does riscv, whose ring came later (7.x: 6.12 has none);
 * Debian's arm64 and riscv64 headers of 6.1 predate that and leave the
 * generic 0, which is kvm_run itself: on riscv64 7.2, a ring read there
 * found nothing to harvest at KVM_EXIT_DIRTY_RING_FULL.
 */
#if defined(__aarch64__) || defined(__riscv)
#undef KVM_DIRTY_LOG_PAGE_OFFSET
#define KVM_DIRTY_LOG_PAGE_OFFSET 64
#endif

// ---- userfaultfd ----------------------------------------------------------

// /dev/userfaultfd (6.1) hands out a uffd by ioctl where the syscall is
// restricted by vm.unprivileged_userfaultfd.
#ifndef USERFAULTFD_IOC
#define USERFAULTFD_IOC 0xAA
#endif
#ifndef USERFAULTFD_IOC_NEW
#define USERFAULTFD_IOC_NEW _IO(USERFAULTFD_IOC, 0x00)
#endif

#ifndef UFFD_USER_MODE_ONLY
#define UFFD_USER_MODE_ONLY 1
#endif

// Feature bits reported by UFFDIO_API; 0-12 are all in the 6.1 header.
#ifndef UFFD_FEATURE_MINOR_SHMEM
#define UFFD_FEATURE_MINOR_SHMEM		(1<<10)
#endif
#ifndef UFFD_FEATURE_EXACT_ADDRESS
#define UFFD_FEATURE_EXACT_ADDRESS		(1<<11)
#endif
#ifndef UFFD_FEATURE_WP_HUGETLBFS_SHMEM
#define UFFD_FEATURE_WP_HUGETLBFS_SHMEM		(1<<12)
#endif
#ifndef UFFD_FEATURE_WP_UNPOPULATED
#define UFFD_FEATURE_WP_UNPOPULATED		(1<<13)
#endif
#ifndef UFFD_FEATURE_POISON
#define UFFD_FEATURE_POISON			(1<<14)
#endif
#ifndef UFFD_FEATURE_WP_ASYNC
#define UFFD_FEATURE_WP_ASYNC			(1<<15)
#endif
#ifndef UFFD_FEATURE_MOVE
#define UFFD_FEATURE_MOVE			(1<<16)
#endif
// Read-write protection (7.3): UFFDIO_REGISTER_MODE_RWP, UFFDIO_RWPROTECT,
// and its asynchronous mode, which UFFDIO_SET_MODE turns on and off.
#ifndef UFFD_FEATURE_RWP
#define UFFD_FEATURE_RWP			(1<<17)
#endif
#ifndef UFFD_FEATURE_RWP_ASYNC
#define UFFD_FEATURE_RWP_ASYNC			(1<<18)
#endif
#ifndef _UFFDIO_RWPROTECT
#define _UFFDIO_RWPROTECT			(0x09)
#endif
#ifndef _UFFDIO_SET_MODE
#define _UFFDIO_SET_MODE			(0x0A)
#endif

#ifndef UFFDIO_CONTINUE_MODE_WP
#define UFFDIO_CONTINUE_MODE_WP			((__u64)1<<1)
#endif

// UFFDIO_POISON (6.6): install poison markers so that access gets SIGBUS.
#ifndef UFFDIO_POISON
#define _UFFDIO_POISON			(0x08)
struct uffdio_poison {
	struct uffdio_range range;
#define UFFDIO_POISON_MODE_DONTWAKE		((__u64)1<<0)
	__u64 mode;
	__s64 updated;		// written back by the kernel
};
#define UFFDIO_POISON		_IOWR(UFFDIO, _UFFDIO_POISON, \
				      struct uffdio_poison)
#endif

// UFFDIO_MOVE (6.8): move pages between private anonymous ranges.
#ifndef UFFDIO_MOVE
#define _UFFDIO_MOVE			(0x05)
struct uffdio_move {
	__u64 dst;
	__u64 src;
	__u64 len;
#define UFFDIO_MOVE_MODE_DONTWAKE		((__u64)1<<0)
#define UFFDIO_MOVE_MODE_ALLOW_SRC_HOLES	((__u64)1<<1)
	__u64 mode;
	__s64 move;		// written back by the kernel
};
#define UFFDIO_MOVE		_IOWR(UFFDIO, _UFFDIO_MOVE,	\
				      struct uffdio_move)
#endif

// ---- KVM --------------------------------------------------------------------

#ifndef KVM_EXIT_MEMORY_FAULT
#define KVM_EXIT_MEMORY_FAULT     39
#endif
// The 6.1 struct kvm_run has no memory_fault member; this is its layout
// inside the exit union (kvm_run.padding) for KVM_EXIT_MEMORY_FAULT.
struct compat_kvm_memory_fault {
	__u64 flags;
	__u64 gpa;
	__u64 size;
};
#ifndef KVM_MEMORY_EXIT_FLAG_PRIVATE
#define KVM_MEMORY_EXIT_FLAG_PRIVATE	(1ULL << 3)
#endif

#ifndef KVM_CAP_BINARY_STATS_FD
#define KVM_CAP_BINARY_STATS_FD 203
#endif
#ifndef KVM_CAP_DIRTY_LOG_RING_ACQ_REL
#define KVM_CAP_DIRTY_LOG_RING_ACQ_REL 223
#endif
#ifndef KVM_CAP_DIRTY_LOG_RING_WITH_BITMAP
#define KVM_CAP_DIRTY_LOG_RING_WITH_BITMAP 225
#endif
#ifndef KVM_CAP_USER_MEMORY2
#define KVM_CAP_USER_MEMORY2 231
#endif
#ifndef KVM_CAP_MEMORY_FAULT_INFO
#define KVM_CAP_MEMORY_FAULT_INFO 232
#endif
#ifndef KVM_CAP_MEMORY_ATTRIBUTES
#define KVM_CAP_MEMORY_ATTRIBUTES 233
#endif
#ifndef KVM_CAP_GUEST_MEMFD
#define KVM_CAP_GUEST_MEMFD 234
#endif
#ifndef KVM_CAP_VM_TYPES
#define KVM_CAP_VM_TYPES 235
#endif
#ifndef KVM_CAP_PRE_FAULT_MEMORY
#define KVM_CAP_PRE_FAULT_MEMORY 236
#endif
// Answers with the GUEST_MEMFD_FLAG_* bits KVM_CREATE_GUEST_MEMFD accepts.
#ifndef KVM_CAP_GUEST_MEMFD_FLAGS
#define KVM_CAP_GUEST_MEMFD_FLAGS 244
#endif

#ifndef KVM_GET_STATS_FD
#define KVM_GET_STATS_FD  _IO(KVMIO,  0xce)
#endif

#ifndef KVM_MEM_GUEST_MEMFD
#define KVM_MEM_GUEST_MEMFD	(1UL << 2)
#endif

// KVM_SET_USER_MEMORY_REGION2 (6.8): a memslot that may be backed by a
// guest_memfd as well as by host virtual memory.
#ifndef KVM_SET_USER_MEMORY_REGION2
struct kvm_userspace_memory_region2 {
	__u32 slot;
	__u32 flags;
	__u64 guest_phys_addr;
	__u64 memory_size;
	__u64 userspace_addr;
	__u64 guest_memfd_offset;
	__u32 guest_memfd;
	__u32 pad1;
	__u64 pad2[14];
};
#define KVM_SET_USER_MEMORY_REGION2 _IOW(KVMIO, 0x49, \
					 struct kvm_userspace_memory_region2)
#endif

#ifndef KVM_CREATE_GUEST_MEMFD
struct kvm_create_guest_memfd {
	__u64 size;
	__u64 flags;
	__u64 reserved[6];
};
#define KVM_CREATE_GUEST_MEMFD	_IOWR(KVMIO,  0xd4, \
				      struct kvm_create_guest_memfd)
#endif
// guest_memfd flags (6.18): host mmap() of the fd, and memory that starts
// shared rather than private.
#ifndef GUEST_MEMFD_FLAG_MMAP
#define GUEST_MEMFD_FLAG_MMAP		(1ULL << 0)
#endif
#ifndef GUEST_MEMFD_FLAG_INIT_SHARED
#define GUEST_MEMFD_FLAG_INIT_SHARED	(1ULL << 1)
#endif

// ---- prctl, madvise, mempolicy --------------------------------------------

// Per-process KSM (6.4): every mergeable VMA of the process, present and
// future, without madvise(MADV_MERGEABLE).
#ifndef PR_SET_MEMORY_MERGE
#define PR_SET_MEMORY_MERGE		67
#endif
#ifndef PR_GET_MEMORY_MERGE
#define PR_GET_MEMORY_MERGE		68
#endif

// glibc 2.36 has the POPULATE advice but not COLLAPSE.
#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ	22
#endif
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE	23
#endif
#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE	25
#endif

#ifndef MPOL_PREFERRED_MANY
#define MPOL_PREFERRED_MANY   5
#endif
// libnuma 2.0.16 predates weighted interleave (6.9): the kernel enum's next
// value after MPOL_PREFERRED_MANY.
#ifndef MPOL_WEIGHTED_INTERLEAVE
#define MPOL_WEIGHTED_INTERLEAVE 6
#endif

#endif // SCN_RUNTIME_COMPAT_H
