// SPDX-License-Identifier: GPL-2.0-only
/* kvm_stats: KVM's binary statistics (see kvm_stats.h). */
#include "kvm_stats.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "compat.h"

int rt_stats_open(int kvm_obj_fd, struct rt_err *err)
{
	int fd = ioctl(kvm_obj_fd, KVM_GET_STATS_FD, 0);

	if (fd < 0)
		return rt_fail_errno(err, errno, "KVM_GET_STATS_FD");
	return fd;
}

static const char *unit_of(uint32_t flags)
{
	switch (flags & KVM_STATS_UNIT_MASK) {
	case KVM_STATS_UNIT_BYTES:
		return "bytes";
	case KVM_STATS_UNIT_SECONDS:
		return "s";
	case KVM_STATS_UNIT_CYCLES:
		return "cycles";
	case KVM_STATS_UNIT_BOOLEAN:
		return "boolean";
	default:
		return "";
	}
}

int rt_stats_layout_read(int stats_fd, struct rt_stats_layout *l,
			 struct rt_err *err)
{
	struct kvm_stats_header h;
	size_t stride;
	char *descs = NULL;
	int rc = 0;

	memset(l, 0, sizeof(*l));
	if (pread(stats_fd, &h, sizeof(h), 0) != (ssize_t)sizeof(h))
		return rt_fail_errno(err, errno ? errno : EIO, "read(KVM stats header)");
	stride = sizeof(struct kvm_stats_desc) + h.name_size;
	descs = malloc(stride * h.num_desc + 1);
	l->d = calloc(h.num_desc + 1, sizeof(*l->d));
	if (!descs || !l->d) {
		rc = rt_fail(err, -ENOMEM, "out of memory");
		goto out;
	}
	if (pread(stats_fd, descs, stride * h.num_desc, h.desc_offset) !=
	    (ssize_t)(stride * h.num_desc)) {
		rc = rt_fail_errno(err, errno ? errno : EIO, "read(KVM stats descriptors)");
		goto out;
	}
	l->data_offset = h.data_offset;
	for (uint32_t i = 0; i < h.num_desc; i++) {
		const struct kvm_stats_desc *d = (const void *)(descs + i * stride);
		uint32_t type = d->flags & KVM_STATS_TYPE_MASK;
		size_t end = d->offset + (size_t)d->size * sizeof(uint64_t);
		struct rt_stat_desc *o;

		if (end > l->data_size)
			l->data_size = end;
		if (d->size != 1 || type > KVM_STATS_TYPE_PEAK)
			continue;	/* a histogram */
		o = &l->d[l->n++];
		snprintf(o->name, sizeof(o->name), "%.*s",
			 (int)(h.name_size < RT_STAT_NAME ? h.name_size : RT_STAT_NAME - 1),
			 d->name);
		o->offset = d->offset;
		o->kind = type == KVM_STATS_TYPE_CUMULATIVE ? RT_STAT_COUNTER :
			  type == KVM_STATS_TYPE_INSTANT ? RT_STAT_GAUGE : RT_STAT_PEAK;
		o->unit = unit_of(d->flags);
		o->exponent = d->exponent;
		o->base = (d->flags & KVM_STATS_BASE_MASK) == KVM_STATS_BASE_POW2 ? 2 : 10;
	}
out:
	free(descs);
	if (rc)
		rt_stats_layout_free(l);
	return rc;
}

void rt_stats_layout_free(struct rt_stats_layout *l)
{
	free(l->d);
	memset(l, 0, sizeof(*l));
}

int rt_stats_read(int stats_fd, const struct rt_stats_layout *l, uint64_t *out,
		  struct rt_err *err)
{
	uint64_t stack[64], *buf = stack;
	size_t words = (l->data_size + 7) / 8;
	int rc = 0;

	if (words > 64) {
		buf = malloc(words * sizeof(*buf));
		if (!buf)
			return rt_fail(err, -ENOMEM, "out of memory");
	}
	if (pread(stats_fd, buf, l->data_size, l->data_offset) != (ssize_t)l->data_size)
		rc = rt_fail_errno(err, errno ? errno : EIO, "read(KVM stats)");
	for (size_t i = 0; !rc && i < l->n; i++)
		out[i] = buf[l->d[i].offset / 8];
	if (buf != stack)
		free(buf);
	return rc;
}

int rt_stats_find(const struct rt_stats_layout *l, const char *name)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->d[i].name, name))
			return (int)i;
	return -1;
}
