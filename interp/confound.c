// SPDX-License-Identifier: GPL-2.0-only
#include "confound.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"
#include "../runtime/clock.h"

static long read_long(const char *path)
{
	FILE *f = fopen(path, "re");
	long v = 0;

	if (f) {
		if (fscanf(f, "%ld", &v) != 1)
			v = 0;
		fclose(f);
	}
	return v;
}

void confound_read(struct phase_env *e, bool others_too)
{
	memset(e, 0, sizeof(*e));
	e->balancing = read_long("/proc/sys/kernel/numa_balancing") != 0;
	e->ksm_running = read_long("/sys/kernel/mm/ksm/run") == 1;
	rt_numa_own(&e->numa);
	e->runq_ns = rt_runq_wait_ns();
	e->cpu_ns = rt_own_cpu_ns();
	e->idle_ns = rt_cpu_idle_ns(&e->ncpus);
	e->at = rt_now_ns();
	if (others_too && e->ksm_running)
		rt_ksm_others(&e->ksm);
}

double confound_runq(const struct phase_env *e0, const struct phase_env *e1)
{
	int64_t waited = e1->runq_ns - e0->runq_ns;

	if (e0->runq_ns < 0 || e1->runq_ns < 0 || e1->at <= e0->at || waited < 0)
		return 0;
	return (double)waited / (double)(e1->at - e0->at);
}

double confound_runq_others(const struct phase_env *e0,
			    const struct phase_env *e1)
{
	int64_t span = e1->at - e0->at, worked, others;

	if (e0->runq_ns < 0 || e1->runq_ns < 0 || e0->cpu_ns < 0 || e1->cpu_ns < 0 ||
	    e0->idle_ns < 0 || e1->idle_ns < 0 || span <= 0 ||
	    e0->ncpus != e1->ncpus || e0->ncpus <= 0)
		return NAN;	/* a CPU that came or went: the CPUs' time is unknown */
	worked = span * e1->ncpus - (e1->idle_ns - e0->idle_ns);
	others = worked - (e1->cpu_ns - e0->cpu_ns);
	if (others <= 0)
		return 0;
	return fmin(confound_runq(e0, e1), (double)others / (double)span);
}

const struct rt_ksm_others *confound_ksm_other(const struct phase_env *e0,
					       const struct phase_env *e1)
{
	if (e1->ksm_running && e1->ksm.n > 0)
		return &e1->ksm;
	if (e0->ksm_running && e0->ksm.n > 0)
		return &e0->ksm;
	return NULL;
}

void confound_describe(const struct rt_ksm_others *o, char *buf, size_t len)
{
	if (o->n > 1)
		snprintf(buf, len, "pid %d ('%s') and %d more, %lld pages merged",
			 o->pid, o->comm, o->n - 1, (long long)o->merging);
	else
		snprintf(buf, len, "pid %d ('%s'), %lld pages merged", o->pid,
			 o->comm, (long long)o->merging);
}

static int64_t delta(const struct rt_vmstat *v0, const struct rt_vmstat *v1,
		     const char *name)
{
	int64_t a, b;

	if (!v0 || !v1 || !rt_vmstat_get(v0, name, &a) || !rt_vmstat_get(v1, name, &b))
		return 0;
	return b - a;
}

/*
 * NUMA balancing: this process's own data first. The machine-wide
 * counters alone name it only while balancing was on: with it off at both
 * ends, what they show is another process's (or another run's toggling).
 */
static char *numa_note(const char *name, const struct phase_env *e0,
		       const struct phase_env *e1, const struct rt_vmstat *v0,
		       const struct rt_vmstat *v1)
{
	int64_t scans = e1->numa.scans - e0->numa.scans;
	int64_t moved = e1->numa.migrated - e0->numa.migrated;
	int64_t hints = delta(v0, v1, "numa_hint_faults");
	int64_t ptes = delta(v0, v1, "numa_pte_updates");
	int64_t migrated = delta(v0, v1, "numa_pages_migrated");
	bool own = e0->numa.known && e1->numa.known && (scans > 0 || moved > 0);

	/*
	 * A scan that found nothing to mark (under policy local, say) walked
	 * this process's memory and left its timing alone: no PTE anywhere
	 * was made a hinting one, and none of its pages moved (a hinting
	 * fault or two elsewhere is another task's).
	 */
	if (own && !moved && !ptes && !migrated)
		return NULL;
	if (own)
		return xasprintf("during phase '%s', NUMA balancing scanned this process's memory %lld time%s and migrated %lld of its pages (machine-wide: %lld hinting fault%s, %lld PTE update%s): its timing includes that work",
				 name, (long long)scans, scans == 1 ? "" : "s", (long long)moved,
				 (long long)hints, hints == 1 ? "" : "s",
				 (long long)ptes, ptes == 1 ? "" : "s");
	if (!(e0->balancing || e1->balancing) || !(hints || ptes || migrated))
		return NULL;
	return xasprintf("during phase '%s', NUMA balancing took %lld hinting fault%s, %lld PTE update%s and %lld migration%s machine-wide, %s: its timing may include that work",
			 name, (long long)hints, hints == 1 ? "" : "s", (long long)ptes,
			 ptes == 1 ? "" : "s", (long long)migrated, migrated == 1 ? "" : "s",
			 e1->numa.known ? "none in this process's own data" :
					  "this process's share unknown");
}

size_t confound_notes(const char *name, const struct phase_env *e0,
		      const struct phase_env *e1, const struct rt_vmstat *v0,
		      const struct rt_vmstat *v1, bool reads_ksm,
		      char *notes[CONFOUND_MAX])
{
	const struct rt_ksm_others *o = confound_ksm_other(e0, e1);
	int64_t collapsed = delta(v0, v1, "thp_collapse_alloc");
	size_t n = 0;
	char who[128];

	notes[n] = numa_note(name, e0, e1, v0, v1);
	if (notes[n])
		n++;
	/* The kernel keeps no count of it per process. */
	if (collapsed > 0)
		notes[n++] = xasprintf("during phase '%s', khugepaged collapsed %lld huge page%s machine-wide (of any process): its timing may include that work",
				       name, (long long)collapsed, collapsed == 1 ? "" : "s");
	if (reads_ksm && o) {
		confound_describe(o, who, sizeof(who));
		notes[n++] = xasprintf("during phase '%s', another process used KSM (%s): the machine-wide ksm.* counters of the phase count its pages too; ksm_stat.* are this process's own",
				       name, who);
	}
	return n;
}
