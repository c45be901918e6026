// SPDX-License-Identifier: GPL-2.0-only
/*
 * vfio: a PCI device's BAR mapped through VFIO, the memory of a pfnmap
 * backing (issue 29). A type1v2 container, the device's group, the device
 * fd, the region info of its BAR; the mapping is VM_PFNMAP|VM_IO, and its
 * page size follows the address's alignment: vfio-pci's huge fault maps a
 * PUD at a 1G-aligned address, a PMD at 2M, a PTE at 4K
 * (../shared/design/machine.md, "A PCI BAR as guest memory"). smaps and
 * pagemap see nothing of it; the host faults tell the size.
 */
#ifndef SCN_RT_VFIO_H
#define SCN_RT_VFIO_H

#include <stdint.h>

#include "err.h"

struct rt_vfio {
	int container, group, device;	/* -1 when closed */
	int bar;			/* the region mapped */
	uint64_t size, offset;		/* the region's, from REGION_INFO */
};

/*
 * Opens the device at addr ("0000:00:01.0") of iommu group n, and the
 * region of its BAR bar (0-5). 0, or -errno with err: -ENOENT without the
 * group node, -ENODEV for a BAR that cannot be mmap'd.
 */
int rt_vfio_open(struct rt_vfio *v, const char *addr, int group, int bar,
		 struct rt_err *err);
void rt_vfio_close(struct rt_vfio *v);

/*
 * Maps the first size bytes of the BAR with prot at an address aligned to
 * align (a power of two from 4K), and not to twice align, so that the
 * mapping's pages are of that size and no larger: a PROT_NONE area of
 * size + 2 * align reserved, the BAR mapped MAP_FIXED into it, the rest
 * unmapped. *out the address. -EINVAL with err when align or size is not
 * a power of two, align exceeds size or size exceeds the BAR; nothing is
 * mapped then.
 */
int rt_vfio_map(const struct rt_vfio *v, uint64_t size, uint64_t align,
		int prot, void **out, struct rt_err *err);

#endif
