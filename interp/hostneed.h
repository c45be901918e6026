// SPDX-License-Identifier: GPL-2.0-only
/*
 * hostneed: the machine a checked scenario needs, so that a test host can
 * be sized before it boots (scn run --kernel, --or-kernel) rather than
 * boot, skip and say why: the NUMA nodes its requirements, backings and
 * policies name, the CPUs and memory its requirements ask, the PCI BARs
 * its pfnmap backings map (--pfnmap), and the
 * memory it takes (memneed, with KVM's share), over every sweep point.
 */
#ifndef SCN_HOSTNEED_H
#define SCN_HOSTNEED_H

#include <stdint.h>

#include "ir.h"

#define HOST_NEED_MAX_BARS 8

struct host_need {
	long nodes, cpus;		/* at least; 0 where nothing asks */
	int64_t mem_total;		/* MemTotal at least (require mem) */
	int64_t mem_free;		/* MemAvailable at least: what it takes */
	/* What asks for each, for a message: "node 1, of region 'r'",
	 * "require cpus >= 4 at t.scn:3", "it takes 64M (...)". */
	char nodes_why[160], cpus_why[160], mem_why[200];
	bool pfnmap;			/* require pfnmap: a vfio-bound BAR */
	char pfnmap_why[160];
	/*
	 * The BARs, bytes: one of each pfnmap backing's size (a power of
	 * two, 1M at least), or one of 1G (the size whose 1G alignment maps
	 * one PUD) for a require pfnmap without one; over the points, of
	 * each size as many as the point that has most. nbars may pass
	 * HOST_NEED_MAX_BARS, the count stored.
	 */
	int64_t bars[HOST_NEED_MAX_BARS];
	unsigned nbars;
};

/* The least that p asks, at any of its points. */
void host_need_of(const struct ir_program *p, struct host_need *n);

#endif
