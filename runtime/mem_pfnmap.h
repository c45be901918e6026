// SPDX-License-Identifier: GPL-2.0-only
/*
 * mem_pfnmap: a PCI device's memory BAR as a backing (issue 29), mapped
 * through VFIO (vfio.h). The mapping is VM_PFNMAP: the kernel has no page
 * structs behind it, so smaps, pagemap, mincore, madvise, KSM, uffd and
 * mbind have nothing to work on, while mprotect and munmap work and KVM
 * maps it into a guest by pfn. Its page size is the alignment of the
 * address (m->page_size): vfio-pci's huge fault maps a PUD at 1G, a PMD
 * at 2M, a PTE at 4K.
 */
#ifndef SCN_RT_MEM_PFNMAP_H
#define SCN_RT_MEM_PFNMAP_H

#include "err.h"

struct rt_mem;

/*
 * Maps m->size bytes of the BAR of the vfio-bound device with the
 * smallest BAR that is as large (then the lowest address) whose group no
 * other backing of scn's holds, at an address aligned to m->page_size (and not to twice it).
 * m->addr, m->vfio, m->device; on failure nothing is left open and the
 * message names every device tried and why it was passed over.
 */
int rt_pfnmap_create(struct rt_mem *m, struct rt_err *err);

/* Writes each 4K page of it once, keeping its bytes: a prefault. */
void rt_pfnmap_touch_all(struct rt_mem *m);

#endif
