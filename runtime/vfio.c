// SPDX-License-Identifier: GPL-2.0-only
#include "vfio.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/vfio.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

static bool pow2(uint64_t x)
{
	return x && !(x & (x - 1));
}

void rt_vfio_close(struct rt_vfio *v)
{
	if (v->device >= 0)
		close(v->device);
	if (v->group >= 0)
		close(v->group);
	if (v->container >= 0)
		close(v->container);
	v->container = v->group = v->device = -1;
}

int rt_vfio_open(struct rt_vfio *v, const char *addr, int group, int bar,
		 struct rt_err *err)
{
	struct vfio_group_status st = { .argsz = sizeof(st) };
	struct vfio_region_info ri = { .argsz = sizeof(ri) };
	char path[64];
	int rc;

	v->container = v->group = v->device = -1;
	if (bar < 0 || bar > VFIO_PCI_BAR5_REGION_INDEX)
		return rt_fail(err, -EINVAL, "BAR %d: a PCI device has BARs 0 to 5", bar);
	v->container = open("/dev/vfio/vfio", O_RDWR | O_CLOEXEC);
	if (v->container < 0)
		return rt_fail_errno(err, errno, "opening /dev/vfio/vfio");
	if (ioctl(v->container, VFIO_GET_API_VERSION) != VFIO_API_VERSION ||
	    ioctl(v->container, VFIO_CHECK_EXTENSION, VFIO_TYPE1v2_IOMMU) <= 0) {
		rc = rt_fail(err, -ENODEV, "/dev/vfio/vfio: no type1v2 IOMMU "
			     "(vfio_iommu_type1 not loaded?)");
		goto fail;
	}
	snprintf(path, sizeof(path), "/dev/vfio/%d", group);
	v->group = open(path, O_RDWR | O_CLOEXEC);
	if (v->group < 0) {
		rc = rt_fail_errno(err, errno, "opening %s (the group of %s)", path, addr);
		goto fail;
	}
	if (ioctl(v->group, VFIO_GROUP_GET_STATUS, &st)) {
		rc = rt_fail_errno(err, errno, "VFIO_GROUP_GET_STATUS of %s", path);
		goto fail;
	}
	/* Viable: every device of the group bound to vfio (or none). */
	if (!(st.flags & VFIO_GROUP_FLAGS_VIABLE)) {
		rc = rt_fail(err, -EBUSY, "%s is not viable: a device of its group "
			     "is bound to another driver", path);
		goto fail;
	}
	if (ioctl(v->group, VFIO_GROUP_SET_CONTAINER, &v->container)) {
		rc = rt_fail_errno(err, errno, "VFIO_GROUP_SET_CONTAINER of %s", path);
		goto fail;
	}
	if (ioctl(v->container, VFIO_SET_IOMMU, VFIO_TYPE1v2_IOMMU)) {
		rc = rt_fail_errno(err, errno, "VFIO_SET_IOMMU type1v2");
		goto fail;
	}
	v->device = ioctl(v->group, VFIO_GROUP_GET_DEVICE_FD, addr);
	if (v->device < 0) {
		rc = rt_fail_errno(err, errno, "VFIO_GROUP_GET_DEVICE_FD %s", addr);
		goto fail;
	}
	ri.index = (unsigned)bar;
	if (ioctl(v->device, VFIO_DEVICE_GET_REGION_INFO, &ri)) {
		rc = rt_fail_errno(err, errno, "VFIO_DEVICE_GET_REGION_INFO %s BAR %d",
				   addr, bar);
		goto fail;
	}
	if (!(ri.flags & VFIO_REGION_INFO_FLAG_MMAP) || !ri.size) {
		rc = rt_fail(err, -ENODEV, "%s BAR %d cannot be mmap'd (flags %#x, "
			     "size %llu)", addr, bar, ri.flags,
			     (unsigned long long)ri.size);
		goto fail;
	}
	v->bar = bar;
	v->size = ri.size;
	v->offset = ri.offset;
	return 0;
fail:
	rt_vfio_close(v);
	return rc;
}

int rt_vfio_map(const struct rt_vfio *v, uint64_t size, uint64_t align,
		int prot, void **out, struct rt_err *err)
{
	uint64_t base, at, span;
	void *area, *p;

	if (!pow2(align) || align < 4096 || !pow2(size))
		return rt_fail(err, -EINVAL, "size %llu and align %llu: powers of two, "
			       "align 4K at least", (unsigned long long)size,
			       (unsigned long long)align);
	if (align > size)
		return rt_fail(err, -EINVAL, "align %llu MiB is larger than the "
			       "mapping's %llu MiB", (unsigned long long)(align >> 20),
			       (unsigned long long)(size >> 20));
	if (size > v->size)
		return rt_fail(err, -EINVAL, "%llu MiB is more than the BAR's %llu MiB",
			       (unsigned long long)(size >> 20),
			       (unsigned long long)(v->size >> 20));
	span = size + 2 * align;
	area = mmap(NULL, span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
		    -1, 0);
	if (area == MAP_FAILED)
		return rt_fail_errno(err, errno, "reserving %llu bytes",
				     (unsigned long long)span);
	base = (uint64_t)(uintptr_t)area;
	at = (base + align - 1) & ~(align - 1);
	/* Aligned to align but not to 2 * align: pages no larger than asked. */
	if (!(at & (2 * align - 1)))
		at += align;
	p = mmap((void *)(uintptr_t)at, size, prot, MAP_SHARED | MAP_FIXED, v->device,
		 (off_t)v->offset);
	if (p == MAP_FAILED) {
		int e = errno;

		munmap(area, span);
		return rt_fail_errno(err, e, "mmap of BAR %d at %#llx", v->bar,
				     (unsigned long long)at);
	}
	if (at > base)
		munmap(area, at - base);
	if (base + span > at + size)
		munmap((void *)(uintptr_t)(at + size), base + span - at - size);
	*out = p;
	return 0;
}
