// SPDX-License-Identifier: GPL-2.0-only
/*
 * memneed: how much of the machine's memory a scenario can take, worked
 * out from the checked IR. A backing counts in full, unless it is
 * noreserve: then only what the scenario's accesses touch of it (host
 * write, read and populate, guest jobs through a VM's memslots, prefault
 * and fill), since leaving the rest untouched is what noreserve is for.
 * A hugetlb pool knob counts the pages it adds. check and plan assume
 * empty pools; scn run reads them before its first side effect.
 */
#ifndef SCN_MEMNEED_H
#define SCN_MEMNEED_H

#include "../common/util.h"
#include "ir.h"

/*
 * Sets each backing's need, sc's real_memory, noreserve and pools; an
 * access to memory THP may back faults thp_size at most (the machine's).
 */
void memneed_compute(struct ir_scenario *sc, int64_t thp_size);

/*
 * Bytes pool p (an index of sc->pools) takes beyond its pages now
 * (pool_now[p]: pages the kernel has; NULL: none) and beyond sc's
 * hugetlb backings in it.
 */
int64_t memneed_pool(const struct ir_scenario *sc, int p, const int64_t *pool_now);

/* real_memory and the pools' growth: what the run needs of MemAvailable. */
int64_t memneed_total(const struct ir_scenario *sc, const int64_t *pool_now);

/* The pages of each of sc's pools now, as scn run compares them. */
void memneed_read_pools(const struct ir_scenario *sc,
			int64_t pool_now[IR_POOLS]);

/*
 * What the total is made of, for a plan or a reason: "1G touched of 64G
 * noreserve, 1.86T for hugetlb.pages_2M = 1000000000, ..." with fmt for
 * sizes; extra (KVM's share, 0: none) is named last. Nothing where the
 * backings' sizes say it all. Returns whether it wrote anything.
 */
bool memneed_describe(struct strbuf *sb, const struct ir_scenario *sc,
		      const int64_t *pool_now, int64_t extra,
		      void (*fmt)(struct strbuf *sb, int64_t bytes));

/*
 * The threads a run of sc starts besides those scn has before it: every
 * VM's vCPUs, every uffd service's readers (per part: a vCPU's range
 * each with one uffd per vCPU), the branches of concurrently (those
 * nested in one, all at once), and scn's own monitor and progress
 * threads. What they are goes to parts if not NULL ("64 vCPUs, 65536
 * uffd readers, 2 of scn's own").
 */
int64_t memneed_threads(const struct ir_scenario *sc, struct strbuf *parts);
/* Whether sc starts vCPU or reader threads (plan shows the count then). */
bool memneed_has_threads(const struct ir_scenario *sc);

#endif
