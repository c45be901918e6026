// SPDX-License-Identifier: GPL-2.0-only
/*
 * cgroup: a cgroup v2 group with the memory controller that a scenario
 * runs in. The group is ROOT/scn/PID.NAME under the cgroup2 mount (the
 * parent scn has no processes, so it may give its children the memory
 * controller; a group under this process's own would not: cgroup v2 lets
 * no group with processes give domain controllers to its children). The
 * process moves in with all its threads, so the memory it maps from then
 * on, the vCPU threads' and the readers' included, is charged to the
 * group, and the group's memory.stat and memory.events count this run's
 * work only. It moves back home before the group is removed.
 *
 * The journal of the knobs (knobs.h) names the group before it is made,
 * so that a run killed by SIGKILL (the OOM killer included) leaves
 * nothing that "scn restore" cannot remove.
 */
#ifndef SCN_RT_CGROUP_H
#define SCN_RT_CGROUP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "err.h"
#include "vmstat.h"

#define RT_CG_PATH 256
/* The parent of every group scn makes, under the cgroup2 mount. */
#define RT_CG_PARENT "scn"

/* The memory.* files a scenario writes. X(id, file, at creation, in a phase) */
#define RT_CG_FILE_LIST(X)                                                    \
	X(MAX, "memory.max", 1, 1)                                            \
	X(HIGH, "memory.high", 1, 1)                                          \
	X(LOW, "memory.low", 1, 1)                                            \
	X(MIN, "memory.min", 1, 1)                                            \
	X(SWAP_MAX, "memory.swap.max", 1, 1)                                  \
	X(RECLAIM, "memory.reclaim", 0, 1)

enum rt_cg_file {
#define RT_CG_ENUM(id, file, create, phase) RT_CG_##id,
	RT_CG_FILE_LIST(RT_CG_ENUM)
#undef RT_CG_ENUM
	RT_CG__COUNT
};

/* "memory.max", ... */
const char *rt_cg_file_name(enum rt_cg_file f);
/* Whether the file can be set where the group is declared / in a phase. */
bool rt_cg_file_at_creation(enum rt_cg_file f);

/* A value written as "max": no limit. */
#define RT_CG_UNLIMITED (-1)

struct rt_cgroup {
	char root[RT_CG_PATH];	/* the cgroup2 mount */
	char path[RT_CG_PATH];	/* the group */
	char home[RT_CG_PATH];	/* the group this process came from */
	bool made;		/* path was made by this run */
	bool entered;		/* this process is in it */
};

/*
 * Where cgroup2 is mounted, into root, if its root gives its children the
 * memory controller: 0. Otherwise -ENOENT or -EOPNOTSUPP and why, in a
 * line (no cgroup2 mount, the controller is on cgroup v1, it is not in
 * the root's cgroup.subtree_control).
 */
int rt_cgroup_memory_root(char *root, size_t len, char *why, size_t wlen);
/*
 * Whether a group would have memory.swap.max: a child of root that has
 * memory.max has it too, else (no child to look at) the kernel has swap
 * and its command line does not turn swap accounting off.
 */
bool rt_cgroup_swap_files(const char *root, char *why, size_t wlen);

/* SwapTotal of /proc/meminfo, in bytes; 0 when it cannot be read. */
int64_t rt_swap_total(void);

/*
 * Names the group of this process for a scenario's name, under the
 * cgroup2 mount: nothing is made. 0 or -errno with the reason.
 */
int rt_cgroup_plan(struct rt_cgroup *cg, const char *name, struct rt_err *err);
/*
 * Makes the parent (giving its children the memory controller) and the
 * group. The caller has journaled cg->path first.
 */
int rt_cgroup_make(struct rt_cgroup *cg, struct rt_err *err);
/*
 * Writes file of the group: bytes, or "max" for RT_CG_UNLIMITED. A
 * memory.reclaim the kernel could not satisfy whole (EAGAIN) is not an
 * error: *short_ is set (may be NULL), and the group's counters say how
 * much was reclaimed.
 */
int rt_cgroup_write(const struct rt_cgroup *cg, enum rt_cg_file file,
		    int64_t value, bool *short_, struct rt_err *err);
/* Moves this process, every thread, into the group. */
int rt_cgroup_enter(struct rt_cgroup *cg, struct rt_err *err);
/* Moves it back to the group it came from (the root, if that is gone). */
int rt_cgroup_leave(struct rt_cgroup *cg, struct rt_err *err);
/*
 * Removes a group scn made, by its path: what processes are left in it go
 * to the root of the hierarchy, then the group and, if empty, its parent
 * RT_CG_PARENT are removed. A group that is gone already is no error.
 * For a run's teardown (after rt_cgroup_leave) and for "scn restore".
 */
int rt_cgroup_remove_path(const char *path, struct rt_err *err);
/* Whether path looks like a group scn makes (ROOT/scn/PID.NAME). */
bool rt_cgroup_path_ours(const char *path);

/*
 * The group's counters now: memory.stat, and current (memory.current),
 * peak (memory.peak) and swap_current (memory.swap.current) where the
 * kernel has them. 0 or -errno.
 */
int rt_cgroup_stat(const char *path, struct rt_vmstat *s, struct rt_err *err);
/*
 * Whether a counter of rt_cgroup_stat() is in bytes (anon, file, current,
 * ...); the others count events (pgfault, pgsteal, ...).
 */
bool rt_cgroup_stat_is_bytes(const char *name);
/* memory.events: low, high, max, oom, oom_kill, ... */
int rt_cgroup_events(const char *path, struct rt_vmstat *s, struct rt_err *err);

#endif
