// SPDX-License-Identifier: GPL-2.0-only
/* numa: the process memory policy (set_mempolicy through libnuma's numaif). */
#ifndef SCN_RT_NUMA_H
#define SCN_RT_NUMA_H

#include <stdbool.h>
#include <stdint.h>

#include "err.h"
#include "mm_tables.h"

/* The nodes online now, from sysfs ("0-1,3"), as a mask (node 0 if unknown). */
uint64_t rt_numa_online(void);

/* Sets the calling thread's policy; threads it starts inherit it. */
int rt_numa_set_policy(enum mpolicy mode, uint64_t nodes, struct rt_err *err);
/* The calling thread's policy as MPOL_ value and node mask. */
int rt_numa_get_policy(int *mpol, uint64_t *nodes, struct rt_err *err);

/*
 * Pages of [addr, addr+size) per node, by move_pages() without moving:
 * counts[n] for nodes 0..max-1; pages not present are not counted.
 */
int rt_numa_placement(void *addr, int64_t size, int64_t *counts, int max,
		      struct rt_err *err);

/*
 * What NUMA balancing did to this process, from the scheduler's own
 * data (/proc/self/task/N/sched): unlike /proc/vmstat's numa_* counters,
 * no other process's work is in it.
 */
struct rt_numa_own {
	bool known;		/* the kernel shows it (CONFIG_NUMA_BALANCING) */
	int64_t scans;		/* mm->numa_scan_seq: passes over its memory */
	int64_t migrated;	/* numa_pages_migrated, over its threads */
};
void rt_numa_own(struct rt_numa_own *o);

#endif
