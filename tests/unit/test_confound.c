// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of interp/confound: which warnings a phase gets from what
 * ran beside it, and that each says whose counters it rests on.
 */
#include <math.h>
#include <stdlib.h>

#include "../../interp/confound.h"
#include "tap.h"

static struct rt_vmstat v0, v1;

static void vm(struct rt_vmstat *v, long long hints, long long ptes,
	       long long collapsed)
{
	static const char *const names[] = { "numa_hint_faults", "numa_pte_updates",
					     "numa_pages_migrated", "thp_collapse_alloc" };
	long long values[] = { hints, ptes, 0, collapsed };

	v->n = 4;
	for (size_t i = 0; i < v->n; i++) {
		snprintf(v->name[i], sizeof(v->name[i]), "%s", names[i]);
		v->value[i] = values[i];
	}
}

/* The notes of one phase, joined by " | ", for the checks. */
static char *notes_of(const struct phase_env *e0, const struct phase_env *e1,
		      bool reads_ksm)
{
	char *notes[CONFOUND_MAX], *all = calloc(1, 4096);
	size_t n = confound_notes("p", e0, e1, &v0, &v1, reads_ksm, notes);

	for (size_t i = 0; i < n; i++) {
		if (i)
			strcat(all, " | ");
		strncat(all, notes[i], 4096 - strlen(all) - 4);
		free(notes[i]);
	}
	return all;
}

/*
 * A phase of 1 s on 2 CPUs: this process waited wait_ms for a CPU and
 * ran own_ms, and the CPUs were idle idle_ms between them.
 */
static double others_of(double wait_ms, double own_ms, double idle_ms)
{
	struct phase_env a = { .runq_ns = 5000000, .cpu_ns = 7000000,
			       .idle_ns = 900000000, .ncpus = 2, .at = 1000000000 };
	struct phase_env b = a;

	b.at += 1000000000;
	b.runq_ns += (int64_t)(wait_ms * 1e6);
	b.cpu_ns += (int64_t)(own_ms * 1e6);
	b.idle_ns += (int64_t)(idle_ms * 1e6);
	return confound_runq_others(&a, &b);
}

/* runq.others: the waiting other work can have caused, and no more. */
static void test_runq_others(void)
{
	struct phase_env a = { .runq_ns = 0, .cpu_ns = 0, .idle_ns = 0, .ncpus = 2,
			       .at = 1 }, b = a;

	/* Three threads of its own on two CPUs: 2 s of work, 1 s waited. */
	tap_ok(others_of(1000, 2000, 0) == 0,
	       "its own threads beyond the CPUs waited for each other: runq.others 0, not 1 (%g)",
	       others_of(1000, 2000, 0));
	tap_ok(fabs(others_of(500, 1000, 700) - 0.3) < 1e-9,
	       "another process ran 0.3 s beside it: the 0.5 s it waited count 0.3 (%g)",
	       others_of(500, 1000, 700));
	tap_ok(fabs(others_of(200, 1000, 0) - 0.2) < 1e-9,
	       "another process took a whole CPU: no more than the 0.2 s it waited (%g)",
	       others_of(200, 1000, 0));
	tap_ok(others_of(0, 1000, 0) == 0, "it never waited: 0 whatever else ran");
	tap_ok(others_of(300, 1000, 1010) == 0,
	       "idle past the CPUs' time (/proc/stat's ticks round): 0, never below");
	b.at = a.at + 1000000000;
	b.idle_ns = -1;
	tap_ok(isnan(confound_runq_others(&a, &b)), "/proc/stat unread: unknown (NaN)");
	b.idle_ns = 0;
	b.ncpus = 3;
	tap_ok(isnan(confound_runq_others(&a, &b)), "a CPU came online: unknown (NaN)");
}

int main(void)
{
	struct phase_env e0 = { .numa = { .known = true } }, e1 = e0;
	char *s;

	/* Another process's hinting faults with balancing off at both ends. */
	vm(&v0, 100, 1000, 0);
	vm(&v1, 3088, 9000, 0);
	s = notes_of(&e0, &e1, false);
	TAP_STR(s, "", "balancing off at both ends: no NUMA warning for machine-wide faults");
	free(s);

	e1.balancing = true;
	s = notes_of(&e0, &e1, false);
	tap_ok(strstr(s, "took 2988 hinting faults, 8000 PTE updates and 0 migrations machine-wide, none in this process's own data: its timing may include") != NULL,
	       "balancing on: the machine-wide faults, named machine-wide: %s", s);
	free(s);

	e1.numa.scans = 2;
	e1.numa.migrated = 7;
	s = notes_of(&e0, &e1, false);
	tap_ok(strstr(s, "scanned this process's memory 2 times and migrated 7 of its pages (machine-wide: 2988 hinting faults") != NULL,
	       "this process's own NUMA data comes first: %s", s);
	free(s);

	e1.balancing = false;
	s = notes_of(&e0, &e1, false);
	tap_ok(strstr(s, "scanned this process's memory 2 times") != NULL,
	       "own data that moved warns even with balancing off at both ends");
	free(s);

	/* policy local: balancing walks the memory and marks nothing. */
	vm(&v1, 103, 1000, 0);
	e1.balancing = true;
	e1.numa.migrated = 0;
	s = notes_of(&e0, &e1, false);
	TAP_STR(s, "", "own scans while no PTE anywhere was marked and nothing moved: no warning");
	free(s);
	vm(&v1, 100, 1004, 0);
	s = notes_of(&e0, &e1, false);
	tap_ok(strstr(s, "scanned this process's memory 2 times and migrated 0 of its pages (machine-wide: 0 hinting faults, 4 PTE updates)") != NULL,
	       "own scans while PTEs were marked somewhere: a warning: %s", s);
	free(s);

	/* Counts of one are said in the singular (issue 25: "1 hinting faults"). */
	vm(&v1, 101, 1001, 0);
	e1.numa.scans = 1;
	e1.numa.migrated = 1;
	s = notes_of(&e0, &e1, false);
	tap_ok(strstr(s, "scanned this process's memory 1 time and migrated 1 of its pages (machine-wide: 1 hinting fault, 1 PTE update)") != NULL,
	       "one of each: singular: %s", s);
	free(s);
	e1.numa.scans = 0;
	e1.numa.migrated = 0;
	e1.numa.known = false;
	vm(&v1, 101, 1001, 0);
	s = notes_of(&e0, &e1, false);
	tap_ok(strstr(s, "took 1 hinting fault, 1 PTE update and 0 migrations machine-wide") != NULL,
	       "machine-wide ones: singular: %s", s);
	free(s);
	e1.numa.known = true;

	e1 = e0;
	vm(&v1, 100, 1000, 1);
	s = notes_of(&e0, &e1, false);
	TAP_STR(s, "during phase 'p', khugepaged collapsed 1 huge page machine-wide (of any process): its timing may include that work",
		"one collapse: singular");
	free(s);
	vm(&v1, 100, 1000, 3);
	s = notes_of(&e0, &e1, false);
	TAP_STR(s, "during phase 'p', khugepaged collapsed 3 huge pages machine-wide (of any process): its timing may include that work",
		"khugepaged collapses are named machine-wide");
	free(s);

	vm(&v1, 100, 1000, 0);
	e1.ksm_running = true;
	e1.ksm = (struct rt_ksm_others){ .n = 2, .pid = 42, .comm = "qemu-system-x86",
					 .merging = 512 };
	s = notes_of(&e0, &e1, false);
	TAP_STR(s, "", "another KSM user is not named where the scenario reads no ksm.*");
	free(s);
	s = notes_of(&e0, &e1, true);
	TAP_STR(s, "during phase 'p', another process used KSM (pid 42 ('qemu-system-x86') and 1 more, 512 pages merged): the machine-wide ksm.* counters of the phase count its pages too; ksm_stat.* are this process's own",
		"another KSM user is named where the scenario reads ksm.*");
	free(s);
	e1.ksm_running = false;
	tap_ok(!confound_ksm_other(&e0, &e1), "no other KSM user counts while ksmd did not run");
	test_runq_others();
	return tap_done();
}
