// SPDX-License-Identifier: GPL-2.0-only
/*
 * vmstat: /proc/vmstat read whole, so that a phase can report how any
 * counter moved (faults, THP, NUMA balancing, compaction).
 */
#ifndef SCN_RT_VMSTAT_H
#define SCN_RT_VMSTAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "err.h"

#define RT_VMSTAT_MAX 512
#define RT_COUNTER_NAME 48

struct rt_vmstat {
	size_t n;
	char name[RT_VMSTAT_MAX][RT_COUNTER_NAME];
	int64_t value[RT_VMSTAT_MAX];
};

/*
 * Reads a file of "name value" lines (/proc/vmstat, /proc/self/ksm_stat)
 * into up to max names and values; *n is how many. 0 or -errno.
 */
int rt_counters_read(const char *path, char (*name)[RT_COUNTER_NAME],
		     int64_t *value, size_t max, size_t *n, struct rt_err *err);
int rt_vmstat_read(struct rt_vmstat *s, struct rt_err *err);
/*
 * The value of the first "name value", "name: value" or "name   : value"
 * line of a small proc file (/proc/self/sched, ksm_stat), as text into
 * val; false when the file or the line is absent.
 */
bool rt_proc_field(const char *path, const char *name, char *val, size_t len);
/*
 * The time this process's threads spent runnable but waiting for a CPU
 * (run_delay of /proc/self/task/N/schedstat, summed), in ns; -1 where the
 * kernel does not tell (CONFIG_SCHED_INFO off). Over a phase it says how
 * much other work the machine made it wait for.
 */
int64_t rt_runq_wait_ns(void);
/*
 * The time every CPU of the machine was idle (idle and iowait of
 * /proc/stat's first line), summed, in ns, and in *ncpus how many CPUs
 * are online; -1 where /proc/stat cannot be read. Over a phase, the
 * CPUs' time less this is the time the machine worked, whoever for.
 */
int64_t rt_cpu_idle_ns(int *ncpus);
/* The CPU time of this process, its ended threads too (ns); -1 unknown. */
int64_t rt_own_cpu_ns(void);
/* The value of name, false if the kernel has no such counter. */
bool rt_vmstat_get(const struct rt_vmstat *s, const char *name, int64_t *out);

#endif
