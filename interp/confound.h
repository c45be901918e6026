// SPDX-License-Identifier: GPL-2.0-only
/*
 * confound: the work beside a phase that moves the counters it is judged
 * by. /proc/vmstat and /sys/kernel/mm/ksm are machine-wide: another
 * process's faults, NUMA balancing or merging land in them too. The
 * scheduler's per-task NUMA data (/proc/self/task/N/sched) and
 * /proc/self/ksm_stat are this process's own. A phase's start and end
 * are read here, and what they show becomes the warnings a result
 * carries, each saying which of the two it rests on.
 */
#ifndef SCN_CONFOUND_H
#define SCN_CONFOUND_H

#include <stdbool.h>
#include <stddef.h>

#include "../runtime/ksm.h"
#include "../runtime/numa.h"
#include "../runtime/vmstat.h"

/* The state around a phase, at its start or its end. */
struct phase_env {
	bool balancing;			/* kernel.numa_balancing was not 0 */
	bool ksm_running;		/* ksm.run was 1 */
	struct rt_numa_own numa;	/* what balancing did to this process */
	struct rt_ksm_others ksm;	/* other processes that use KSM */
	int64_t runq_ns;		/* rt_runq_wait_ns() */
	int64_t cpu_ns;			/* rt_own_cpu_ns() */
	int64_t idle_ns;		/* rt_cpu_idle_ns() */
	int ncpus;			/* and the CPUs it counted */
	int64_t at;			/* when it was read: rt_now_ns() */
};

/*
 * This process's threads waiting for a CPU between e0 and e1, on average
 * (seconds waited per second; 0 where the kernel does not tell): a phase
 * timed while other work kept it waiting measured that work too.
 */
double confound_runq(const struct phase_env *e0, const struct phase_env *e1);

/*
 * The part of that waiting other work caused (seconds per second; NaN
 * where the kernel does not tell). This process's own threads beyond
 * the CPUs wait for each other: that is the scenario's load, the same
 * in every run of it. What others did is the time the machine's CPUs
 * worked (not idle) less this process's CPU time; the waiting they can
 * have caused is at most that, and at most all the waiting there was.
 */
double confound_runq_others(const struct phase_env *e0,
			    const struct phase_env *e1);

/*
 * Reads the state now. Other KSM users are looked for (a walk of /proc)
 * only where others_too is set, that is where the scenario reads the
 * machine-wide KSM counters, and only while ksmd runs.
 */
void confound_read(struct phase_env *e, bool others_too);

/*
 * The other KSM user seen at the end of the phase, else at its start
 * (while ksmd ran), or NULL: the machine-wide KSM counters of the phase
 * count its pages too.
 */
const struct rt_ksm_others *confound_ksm_other(const struct phase_env *e0,
					       const struct phase_env *e1);

#define CONFOUND_MAX 4

/*
 * The warnings of phase name, from its state e0 and e1 and /proc/vmstat
 * v0 and v1 at its start and end (either may be NULL): NUMA balancing
 * only where it was on or this process's own data moved, khugepaged,
 * and (with reads_ksm) another KSM user. Each is a string in notes[],
 * which the caller frees; returns how many.
 */
size_t confound_notes(const char *name, const struct phase_env *e0,
		      const struct phase_env *e1, const struct rt_vmstat *v0,
		      const struct rt_vmstat *v1, bool reads_ksm,
		      char *notes[CONFOUND_MAX]);

/* "pid 1234 ('qemu-system-x86'), 2 processes, 512 pages merged" */
void confound_describe(const struct rt_ksm_others *o, char *buf, size_t len);

#endif
