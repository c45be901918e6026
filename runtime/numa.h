// SPDX-License-Identifier: GPL-2.0-only
/* numa: the process memory policy (set_mempolicy through libnuma's numaif). */
#ifndef SCN_RT_NUMA_H
#define SCN_RT_NUMA_H

#include <stdint.h>

#include "err.h"
#include "mm_tables.h"

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

#endif
