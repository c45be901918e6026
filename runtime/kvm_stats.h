// SPDX-License-Identifier: GPL-2.0-only
/*
 * kvm_stats: KVM's binary statistics of a VM or a vCPU (KVM_GET_STATS_FD):
 * the names once, then the values as often as asked, one pread each.
 * Only single-value statistics are kept (histograms are left out).
 */
#ifndef SCN_RT_KVM_STATS_H
#define SCN_RT_KVM_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"

#define RT_STAT_NAME 64

enum rt_stat_kind { RT_STAT_COUNTER, RT_STAT_GAUGE, RT_STAT_PEAK };

struct rt_stat_desc {
	char name[RT_STAT_NAME];
	uint32_t offset;		/* in the data block */
	enum rt_stat_kind kind;		/* cumulative, instant or peak */
	const char *unit;		/* "", "bytes", "s", "cycles", "boolean" */
	int exponent;			/* value * base^exponent is in unit */
	int base;			/* 10 or 2 */
};

struct rt_stats_layout {
	size_t n;
	struct rt_stat_desc *d;
	uint32_t data_offset;
	size_t data_size;		/* bytes read per snapshot */
};

/* Opens the statistics of a VM or vCPU fd: the fd, or -errno with err. */
int rt_stats_open(int kvm_obj_fd, struct rt_err *err);
/* Reads the names and where their values are. */
int rt_stats_layout_read(int stats_fd, struct rt_stats_layout *l,
			 struct rt_err *err);
void rt_stats_layout_free(struct rt_stats_layout *l);
/* The values now, out[l->n]. */
int rt_stats_read(int stats_fd, const struct rt_stats_layout *l, uint64_t *out,
		  struct rt_err *err);
/* The index of a name in l, or -1. */
int rt_stats_find(const struct rt_stats_layout *l, const char *name);

#endif
