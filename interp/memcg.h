// SPDX-License-Identifier: GPL-2.0-only
/*
 * memcg: the memory cgroup of a scenario in the checker (the `cgroup`
 * declaration, `host cgroup` in a phase, the room its limits leave) and
 * what a run needs to know of it. The group itself is runtime/cgroup.h.
 */
#ifndef SCN_MEMCG_H
#define SCN_MEMCG_H

#include "items.h"
#include "lower.h"

/* What scn itself needs in its group beside the scenario's memory. */
#define CGROUP_SCN_OWN (32LL * 1024 * 1024)

/* cgroup NAME memory.max=SIZE ...: outside phases, above any memory. */
void lower_cgroup(struct lower *L, const struct ast *n);
/* host cgroup NAME memory.KEY=VALUE ...: one write per key, in order. */
void lower_host_cgroup(struct lower *L, const struct ast *n, struct items *it);
/*
 * Warns where memory.max or memory.high leave the scenario's memory, and
 * scn itself, too little room; once all memory is declared.
 */
void cgroup_check_memory(struct lower *L);
/* The bytes of sc's memory its cgroup is charged for: the backings' need, not hugetlb. */
int64_t cgroup_charged_memory(const struct ir_scenario *sc);

#endif
