// SPDX-License-Identifier: GPL-2.0-only
/*
 * mm_tables: the kernel objects scn can name, each listed once. The
 * checker reads the names and rules; the runtime reads the constants.
 * Adding a row here is all it takes for both to know a new entry.
 */
#ifndef SCN_MM_TABLES_H
#define SCN_MM_TABLES_H

#include <stddef.h>
#include <stdint.h>

/* Backing flags: what the kernel allows on such memory. */
#define BK_SHARED	0x01u	/* MAP_SHARED: MADV_FREE is EINVAL */
#define BK_HUGETLB	0x02u	/* hugetlb pages: no UFFDIO_ZEROPAGE */
#define BK_THP		0x04u	/* MADV_HUGEPAGE applied at creation */
#define BK_FD		0x08u	/* has a file: fallocate punch works */
#define BK_KVM		0x10u	/* guest_memfd: created by a VM */
#define BK_MINOR	0x20u	/* uffd minor mode works */
#define BK_MOVE		0x40u	/* UFFDIO_MOVE works (private anon) */
#define BK_PFNMAP	0x80u	/* a device's BAR through vfio: VM_PFNMAP */

/*
 * X(id, name, flags). A backing's page size is the machine's: its base
 * page, or for hugetlb the PMD's or what pagesize= says (interp/decl.c).
 */
#define BACKING_LIST(X)                                                       \
	X(ANON, "anon", BK_MOVE)                                              \
	X(ANON_THP, "anon_thp", BK_THP | BK_MOVE)                             \
	X(ANON_HUGETLB, "anon_hugetlb", BK_HUGETLB)                           \
	X(SHMEM, "shmem", BK_SHARED | BK_MINOR)                               \
	X(MEMFD, "memfd", BK_SHARED | BK_FD | BK_MINOR)                       \
	X(MEMFD_HUGETLB, "memfd_hugetlb",                                     \
	  BK_SHARED | BK_FD | BK_HUGETLB | BK_MINOR)                          \
	X(GUEST_MEMFD, "guest_memfd", BK_SHARED | BK_FD | BK_KVM)             \
	X(PFNMAP, "pfnmap", BK_SHARED | BK_PFNMAP)

enum backing_type {
#define BK_ENUM(id, name, flags) BACKING_##id,
	BACKING_LIST(BK_ENUM)
#undef BK_ENUM
	BACKING__COUNT
};

struct backing_info {
	const char *name;
	unsigned flags;
};

extern const struct backing_info backing_info[BACKING__COUNT];

/* Advice flags: where the kernel refuses it or ignores it. */
#define ADV_PRIVATE_ONLY 0x1u	/* EINVAL on shared mappings */
#define ADV_SHARED_ONLY	0x2u	/* EINVAL on private anonymous memory */
#define ADV_NOOP_SHARED	0x4u	/* accepted, does nothing on shmem/memfd */
#define ADV_NO_HUGETLB	0x8u	/* EINVAL on hugetlb */

/* X(id, name, MADV_ value, flags) */
#define ADVICE_LIST(X)                                                        \
	X(DONTNEED, "dontneed", 4, 0)                                         \
	X(FREE, "free", 8, ADV_PRIVATE_ONLY | ADV_NO_HUGETLB)                 \
	X(PAGEOUT, "pageout", 21, ADV_NO_HUGETLB)                             \
	X(COLD, "cold", 20, ADV_NO_HUGETLB)                                   \
	X(WILLNEED, "willneed", 3, 0)                                         \
	X(HUGEPAGE, "hugepage", 14, ADV_NO_HUGETLB)                           \
	X(NOHUGEPAGE, "nohugepage", 15, ADV_NO_HUGETLB)                       \
	X(COLLAPSE, "collapse", 25, ADV_NO_HUGETLB)                           \
	X(POPULATE_READ, "populate_read", 22, 0)                              \
	X(POPULATE_WRITE, "populate_write", 23, 0)                            \
	X(REMOVE, "remove", 9, ADV_SHARED_ONLY)                               \
	X(MERGEABLE, "mergeable", 12, ADV_NOOP_SHARED | ADV_NO_HUGETLB)       \
	X(UNMERGEABLE, "unmergeable", 13, ADV_NOOP_SHARED | ADV_NO_HUGETLB)

enum advice {
#define ADV_ENUM(id, name, value, flags) ADVICE_##id,
	ADVICE_LIST(ADV_ENUM)
#undef ADV_ENUM
	ADVICE__COUNT
};

struct advice_info {
	const char *name;
	int madv;
	unsigned flags;
};

extern const struct advice_info advice_info[ADVICE__COUNT];

/*
 * System knobs. KNOB_INT takes an integer in [min, max]; KNOB_WORD one of
 * the comma-separated words (as sysfs spells them; in scenarios '-' and
 * '+' are written '_'). KNOB_ACTION is written once and never restored.
 * X(id, name, path, kind, min, max, words)
 */
enum knob_kind { KNOB_INT, KNOB_WORD, KNOB_ACTION };

#define KSM_DIR "/sys/kernel/mm/ksm/"
#define THP_DIR "/sys/kernel/mm/transparent_hugepage/"
#define KHP_DIR THP_DIR "khugepaged/"
#define HTLB_DIR "/sys/kernel/mm/hugepages/"
/* NUMA balancing's scan pacing: sysctls until 5.13, debugfs since. */
#define NUMAB_DIR "/sys/kernel/debug/sched/numa_balancing/"
#define KNOB_LIST(X)                                                          \
	X(KSM_RUN, "ksm.run", KSM_DIR "run", KNOB_INT, 0, 2, NULL)            \
	X(KSM_PAGES_TO_SCAN, "ksm.pages_to_scan", KSM_DIR "pages_to_scan",    \
	  KNOB_INT, 0, 1000000000, NULL)                                      \
	X(KSM_SLEEP, "ksm.sleep_millisecs", KSM_DIR "sleep_millisecs",        \
	  KNOB_INT, 0, 4294967295LL, NULL)                                    \
	X(KSM_MERGE_ACROSS_NODES, "ksm.merge_across_nodes",                   \
	  KSM_DIR "merge_across_nodes", KNOB_INT, 0, 1, NULL)                 \
	X(KSM_USE_ZERO_PAGES, "ksm.use_zero_pages",                           \
	  KSM_DIR "use_zero_pages", KNOB_INT, 0, 1, NULL)                     \
	X(KSM_MAX_PAGE_SHARING, "ksm.max_page_sharing",                       \
	  KSM_DIR "max_page_sharing", KNOB_INT, 2, 2147483647, NULL)          \
	X(KSM_SMART_SCAN, "ksm.smart_scan", KSM_DIR "smart_scan", KNOB_INT,   \
	  0, 1, NULL)                                                         \
	X(KSM_ADVISOR_MODE, "ksm.advisor_mode", KSM_DIR "advisor_mode",       \
	  KNOB_WORD, 0, 0, "none,scan-time")                                  \
	X(KSM_ADVISOR_MAX_CPU, "ksm.advisor_max_cpu",                         \
	  KSM_DIR "advisor_max_cpu", KNOB_INT, 1, 100, NULL)                  \
	X(KSM_ADVISOR_TARGET, "ksm.advisor_target_scan_time",                 \
	  KSM_DIR "advisor_target_scan_time", KNOB_INT, 1, 4294967295LL, NULL) \
	X(KSM_ADVISOR_MIN, "ksm.advisor_min_pages_to_scan",                   \
	  KSM_DIR "advisor_min_pages_to_scan", KNOB_INT, 1, 1000000000, NULL) \
	X(KSM_ADVISOR_MAX, "ksm.advisor_max_pages_to_scan",                   \
	  KSM_DIR "advisor_max_pages_to_scan", KNOB_INT, 1, 1000000000, NULL) \
	X(THP_ENABLED, "thp.enabled", THP_DIR "enabled", KNOB_WORD, 0, 0,     \
	  "always,madvise,never")                                             \
	X(THP_DEFRAG, "thp.defrag", THP_DIR "defrag", KNOB_WORD, 0, 0,        \
	  "always,defer,defer+madvise,madvise,never")                         \
	X(THP_SHMEM, "thp.shmem_enabled", THP_DIR "shmem_enabled", KNOB_WORD, \
	  0, 0, "always,within_size,advise,never,deny,force")                 \
	X(THP_ZERO_PAGE, "thp.use_zero_page", THP_DIR "use_zero_page",        \
	  KNOB_INT, 0, 1, NULL)                                               \
	X(KHP_DEFRAG, "thp.khugepaged.defrag", KHP_DIR "defrag", KNOB_INT, 0, \
	  1, NULL)                                                            \
	X(KHP_PAGES_TO_SCAN, "thp.khugepaged.pages_to_scan",                  \
	  KHP_DIR "pages_to_scan", KNOB_INT, 1, 4294967295LL, NULL)           \
	X(KHP_SCAN_SLEEP, "thp.khugepaged.scan_sleep_millisecs",              \
	  KHP_DIR "scan_sleep_millisecs", KNOB_INT, 0, 4294967295LL, NULL)    \
	X(KHP_ALLOC_SLEEP, "thp.khugepaged.alloc_sleep_millisecs",            \
	  KHP_DIR "alloc_sleep_millisecs", KNOB_INT, 0, 4294967295LL, NULL)   \
	X(KHP_MAX_PTES_NONE, "thp.khugepaged.max_ptes_none",                  \
	  KHP_DIR "max_ptes_none", KNOB_INT, 0, 511, NULL)                    \
	X(HUGETLB_2M, "hugetlb.pages_2M",                                     \
	  HTLB_DIR "hugepages-2048kB/nr_hugepages", KNOB_INT, 0, 1000000000,  \
	  NULL)                                                               \
	X(HUGETLB_1G, "hugetlb.pages_1G",                                     \
	  HTLB_DIR "hugepages-1048576kB/nr_hugepages", KNOB_INT, 0, 1000000,  \
	  NULL)                                                               \
	X(NUMA_BALANCING, "kernel.numa_balancing",                            \
	  "/proc/sys/kernel/numa_balancing", KNOB_INT, 0, 3, NULL)            \
	X(NUMAB_SCAN_DELAY, "kernel.numa_balancing_scan_delay_ms",            \
	  NUMAB_DIR "scan_delay_ms", KNOB_INT, 0, 4294967295LL, NULL)         \
	X(NUMAB_PERIOD_MIN, "kernel.numa_balancing_scan_period_min_ms",       \
	  NUMAB_DIR "scan_period_min_ms", KNOB_INT, 0, 4294967295LL, NULL)    \
	X(NUMAB_PERIOD_MAX, "kernel.numa_balancing_scan_period_max_ms",       \
	  NUMAB_DIR "scan_period_max_ms", KNOB_INT, 0, 4294967295LL, NULL)    \
	X(NUMAB_SCAN_SIZE, "kernel.numa_balancing_scan_size_mb",              \
	  NUMAB_DIR "scan_size_mb", KNOB_INT, 1, 4294967295LL, NULL)          \
	X(OVERCOMMIT, "vm.overcommit_memory", "/proc/sys/vm/overcommit_memory", \
	  KNOB_INT, 0, 2, NULL)                                               \
	X(COMPACTION_PROACTIVENESS, "vm.compaction_proactiveness",            \
	  "/proc/sys/vm/compaction_proactiveness", KNOB_INT, 0, 100, NULL)    \
	X(SWAPPINESS, "vm.swappiness", "/proc/sys/vm/swappiness", KNOB_INT,   \
	  0, 200, NULL)                                                       \
	X(ZONE_RECLAIM, "vm.zone_reclaim_mode", "/proc/sys/vm/zone_reclaim_mode", \
	  KNOB_INT, 0, 7, NULL)                                               \
	X(DROP_CACHES, "vm.drop_caches", "/proc/sys/vm/drop_caches",          \
	  KNOB_ACTION, 1, 3, NULL)                                            \
	X(COMPACT_MEMORY, "vm.compact_memory", "/proc/sys/vm/compact_memory", \
	  KNOB_ACTION, 1, 1, NULL)

enum knob {
#define KNOB_ENUM(id, name, path, kind, min, max, words) KNOB_##id,
	KNOB_LIST(KNOB_ENUM)
#undef KNOB_ENUM
	KNOB__COUNT
};

struct knob_info {
	const char *name;
	const char *path;
	enum knob_kind kind;
	int64_t min, max;
	const char *words;	/* KNOB_WORD: "a,b,c" as sysfs spells them */
};

extern const struct knob_info knob_info[KNOB__COUNT];

/*
 * NUMA memory policies. X(id, name, MPOL_ value, takes nodes)
 */
#define POLICY_LIST(X)                                                        \
	X(DEFAULT, "default", 0, 0)                                           \
	X(PREFERRED, "preferred", 1, 1)                                       \
	X(BIND, "bind", 2, 1)                                                 \
	X(INTERLEAVE, "interleave", 3, 1)                                     \
	X(LOCAL, "local", 4, 0)                                               \
	X(PREFERRED_MANY, "preferred_many", 5, 1)                             \
	X(WEIGHTED_INTERLEAVE, "weighted_interleave", 6, 1)

enum mpolicy {
#define POL_ENUM(id, name, value, nodes) MPOLICY_##id,
	POLICY_LIST(POL_ENUM)
#undef POL_ENUM
	MPOLICY__COUNT
};

struct policy_info {
	const char *name;
	int mpol;
	int takes_nodes;
};

extern const struct policy_info policy_info[MPOLICY__COUNT];

#endif
