// SPDX-License-Identifier: GPL-2.0-only
/*
 * mem_gmem: guest_memfd as a backing. KVM_CREATE_GUEST_MEMFD is an ioctl
 * of a VM and its file can be bound to that VM's memslots only, yet a
 * scenario declares the backing before its vm. So the backing makes the
 * VM's fd itself, and the vm declared on it later adopts that fd
 * (rt_vm_config.vm_fd) rather than creating one. With GUEST_MEMFD_FLAG_MMAP
 * the file is also mapped in scn (MAP_SHARED: the kernel refuses a private
 * mapping), and every host action of mem.h works on that mapping.
 */
#ifndef SCN_RT_MEM_GMEM_H
#define SCN_RT_MEM_GMEM_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"

struct rt_mem;

/* rt_mem_create flags for guest_memfd: GUEST_MEMFD_FLAG_MMAP, _INIT_SHARED. */
#define RT_MEM_GMEM_MMAP	0x10u
#define RT_MEM_GMEM_INIT_SHARED	0x20u

/*
 * Makes the VM and its guest_memfd of m->size bytes (m->fd, m->vm_fd),
 * and with RT_MEM_GMEM_MMAP maps it (m->addr; NULL otherwise). On failure
 * nothing is left open; the message names the ioctl and the flags.
 */
int rt_gmem_create(struct rt_mem *m, unsigned flags, struct rt_err *err);

/*
 * The memory policy a second mapping of the file sees where mbind set
 * one on m's mapping: 1 the policy is the file's (it kept the mode),
 * 0 it belongs to the mapping (the second sees MPOL_DEFAULT); -errno.
 */
int rt_gmem_policy_per_file(const struct rt_mem *m, struct rt_err *err);

/*
 * Whether the kernel keeps an mbind of a guest_memfd mapping on the file
 * (7.3) rather than on the mapping (6.18): 1, or 0 with why.
 */
int rt_gmem_probe_policy(char *why, size_t len);

/*
 * Pages of the file per node, counts[n] for nodes 0..max-1. KVM maps a
 * guest_memfd's pages into the guest from the file, so scn's mapping
 * has no page tables for them and move_pages() there finds nothing: this
 * asks the page cache which pages exist (mincore), reads each of those
 * through a second mapping (a fault there finds the page, allocates
 * none), and asks move_pages() of that mapping.
 */
int rt_gmem_placement(const struct rt_mem *m, int64_t *counts, int max,
		      struct rt_err *err);

/*
 * Whether UFFDIO_REGISTER (missing mode) takes an mmap'd, shared
 * guest_memfd: 1, or 0 with why (the call that failed and its errno).
 */
int rt_gmem_probe_uffd(char *why, size_t len);

#endif
