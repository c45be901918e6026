// SPDX-License-Identifier: GPL-2.0-only
/*
 * ksm: KSM's counters and waits. Merging itself is asked for with
 * madvise (mem.h) or prctl here; the scan runs in ksmd, so waiting for it
 * is the one place scn polls (sysfs has no event to wait on).
 */
#ifndef SCN_RT_KSM_H
#define SCN_RT_KSM_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "err.h"

#define KSM_COUNTER_LIST(X)                                                   \
	X(PAGES_SHARED, "pages_shared")                                       \
	X(PAGES_SHARING, "pages_sharing")                                     \
	X(PAGES_UNSHARED, "pages_unshared")                                   \
	X(PAGES_VOLATILE, "pages_volatile")                                   \
	X(PAGES_SCANNED, "pages_scanned")                                     \
	X(FULL_SCANS, "full_scans")                                           \
	X(KSM_ZERO_PAGES, "ksm_zero_pages")                                   \
	X(GENERAL_PROFIT, "general_profit")                                   \
	X(STABLE_NODE_CHAINS, "stable_node_chains")                           \
	X(STABLE_NODE_DUPS, "stable_node_dups")                               \
	X(PAGES_SKIPPED, "pages_skipped")

enum ksm_counter {
#define KSMC_ENUM(id, name) KSMC_##id,
	KSM_COUNTER_LIST(KSMC_ENUM)
#undef KSMC_ENUM
	KSMC__COUNT
};

const char *rt_ksm_counter_name(enum ksm_counter c);

/* What /proc/self/ksm_stat holds, per process. */
#define KSM_STAT_LIST(X)                                                      \
	X(RMAP_ITEMS, "ksm_rmap_items")                                       \
	X(ZERO_PAGES, "ksm_zero_pages")                                       \
	X(MERGING_PAGES, "ksm_merging_pages")                                 \
	X(PROCESS_PROFIT, "ksm_process_profit")

enum ksm_stat {
#define KSMS_ENUM(id, name) KSMS_##id,
	KSM_STAT_LIST(KSMS_ENUM)
#undef KSMS_ENUM
	KSMS__COUNT
};

const char *rt_ksm_stat_name(enum ksm_stat s);

/* Reads /sys/kernel/mm/ksm/NAME (any file there) as a number. */
int rt_ksm_read(const char *name, int64_t *out, struct rt_err *err);

/*
 * This process's merged pages: ksm_merging_pages of /proc/self/ksm_stat
 * (6.1), else /proc/self/ksm_merging_pages (5.19); -ENOENT on an older
 * kernel.
 */
int rt_ksm_own_merging(int64_t *out, struct rt_err *err);

/*
 * Other processes that use KSM: with memory advised mergeable (or the
 * whole process, prctl), or pages ksmd tracks. Their work moves the
 * machine-wide counters of /sys/kernel/mm/ksm as this process's does.
 */
struct rt_ksm_others {
	int n;			/* processes; -1 when this kernel cannot tell */
	int pid;		/* the first one found, and its name */
	char comm[32];
	int64_t merging;	/* their merged pages, all together */
};
void rt_ksm_others(struct rt_ksm_others *o);

/*
 * Waits until ksmd has done `scans` more full scans, or (target > 0)
 * until this process has target pages merged (rt_ksm_own_merging; where
 * the kernel cannot tell, until pages_sharing >= target), polling every
 * millisecond or so. Stops early with -EINTR when *stop becomes true and
 * -ETIMEDOUT at timeout_ns.
 */
int rt_ksm_wait_scans(int64_t scans, int64_t target, int64_t timeout_ns,
		      const atomic_bool *stop, struct rt_err *err);

/*
 * Waits until ksmd has seen every page this process advised twice, the
 * first look taking a page's checksum and the second merging it. ksmd
 * puts a process it meets for the first time just behind its cursor, so
 * the scan in progress may pass it by: two full scans are counted from
 * the one in which this process's rmap items (/proc/self/ksm_stat) grew,
 * or three where they do not (nothing new to look at, or a kernel that
 * does not tell). Where smart scan skipped pages meanwhile (pages_skipped
 * grew), it waits on until a full scan skips none, at most 8 scans more:
 * a page at an address this process advised before may be skipped so.
 * Stops as rt_ksm_wait_scans does.
 */
int rt_ksm_wait_merged(int64_t timeout_ns, const atomic_bool *stop,
		       struct rt_err *err);

/*
 * Waits until KSM's machine-wide counters (pages_shared, pages_sharing,
 * pages_unshared, ksm_zero_pages) read the same at the end of two full
 * scans in a row, or neither they nor full_scans moved for three of
 * ksmd's naps (200 ms at least: ksmd idles with nothing to scan). What
 * an ended process left in ksmd's trees is gone once ksmd has passed its
 * mm, and a run judged on those counters must not count it. Does nothing
 * while ksm.run is not 1. -ETIMEDOUT at timeout_ns with err saying what
 * still moved, -EINTR when *stop becomes true.
 */
int rt_ksm_settle(int64_t timeout_ns, const atomic_bool *stop,
		  struct rt_err *err);

/* prctl(PR_SET_MEMORY_MERGE): KSM for every mapping of this process. */
int rt_ksm_prctl(bool on, struct rt_err *err);

#endif
