// SPDX-License-Identifier: GPL-2.0-only
#include "mem_pfnmap.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "features.h"
#include "mem.h"

/* The smallest BAR first, so that a larger one is left for a larger backing. */
static int by_size(const void *a, const void *b)
{
	const struct rt_pfnmap_dev *x = a, *y = b;

	if (x->size != y->size)
		return x->size < y->size ? -1 : 1;
	return strcmp(x->addr, y->addr);
}

int rt_pfnmap_create(struct rt_mem *m, struct rt_err *err)
{
	struct rt_pfnmap_dev devs[RT_PFNMAP_MAX];
	int n = rt_pfnmap_devices(devs, RT_PFNMAP_MAX);
	char tried[512] = "";
	size_t used = 0;
	int rc = -ENODEV;

	qsort(devs, (size_t)n, sizeof(devs[0]), by_size);
	for (int i = 0; i < n; i++) {
		const struct rt_pfnmap_dev *d = &devs[i];
		struct rt_err e;

		if (d->size < m->size) {
			used += (size_t)snprintf(tried + used, sizeof(tried) - used,
						 "%s%s: its BAR is %lld MiB", used ? "; " : "",
						 d->addr, (long long)(d->size >> 20));
			used = used < sizeof(tried) ? used : sizeof(tried) - 1;
			continue;
		}
		/* A group another backing holds is EBUSY: the next device then. */
		rc = rt_vfio_open(&m->vfio, d->addr, d->group, d->bar, &e);
		if (!rc) {
			rc = rt_vfio_map(&m->vfio, (uint64_t)m->size, (uint64_t)m->page_size,
					 PROT_READ | PROT_WRITE, &m->addr, &e);
			if (!rc) {
				_Static_assert(sizeof(m->device) == sizeof(d->addr), "addr");
				memcpy(m->device, d->addr, sizeof(m->device));
				return 0;
			}
			rt_vfio_close(&m->vfio);
			m->addr = NULL;
			*err = e;
			return rc;	/* the mapping's own error: another device would say the same */
		}
		used += (size_t)snprintf(tried + used, sizeof(tried) - used, "%s%s: %s",
					 used ? "; " : "", d->addr, e.msg);
		used = used < sizeof(tried) ? used : sizeof(tried) - 1;
	}
	if (!n)
		return rt_fail(err, -ENODEV, "no PCI device is bound to vfio-pci "
			       "(a test host makes one: --pfnmap SIZE)");
	return rt_fail(err, rc == -ENODEV ? -ENODEV : rc,
		       "no vfio device can give %lld MiB: %s",
		       (long long)(m->size >> 20), tried);
}

void rt_pfnmap_touch_all(struct rt_mem *m)
{
	for (int64_t off = 0; off < m->size; off += 4096) {
		volatile unsigned char *p = (unsigned char *)m->addr + off;

		*p = *p;
	}
}
