// SPDX-License-Identifier: GPL-2.0-only
#include "numa.h"

#include <dirent.h>
#include <errno.h>
#include <numaif.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "vmstat.h"

uint64_t rt_numa_online(void)
{
	FILE *f = fopen("/sys/devices/system/node/online", "re");
	char buf[256], *p;
	uint64_t mask = 0;

	if (!f)
		return 1;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = '\0';
	fclose(f);
	char *save;

	for (p = strtok_r(buf, ",\n", &save); p; p = strtok_r(NULL, ",\n", &save)) {
		unsigned a, b;

		if (sscanf(p, "%u-%u", &a, &b) != 2)
			b = a = (unsigned)strtoul(p, NULL, 10);
		for (; a <= b && a < 64; a++)
			mask |= 1ULL << a;
	}
	return mask ? mask : 1;
}

int rt_numa_set_policy(enum mpolicy mode, uint64_t nodes, struct rt_err *err)
{
	const struct policy_info *pi = &policy_info[mode];
	unsigned long mask;

	if (nodes == ~0ULL)
		nodes = rt_numa_online();
	mask = (unsigned long)nodes;
	if (set_mempolicy(pi->mpol, pi->takes_nodes ? &mask : NULL,
			  pi->takes_nodes ? 64 : 0))
		return rt_fail_errno(err, errno, "set_mempolicy(%s)", pi->name);
	return 0;
}

int rt_numa_get_policy(int *mpol, uint64_t *nodes, struct rt_err *err)
{
	unsigned long mask = 0;

	if (get_mempolicy(mpol, &mask, 64, NULL, 0))
		return rt_fail_errno(err, errno, "get_mempolicy");
	*nodes = mask;
	return 0;
}

void rt_numa_own(struct rt_numa_own *o)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;

	memset(o, 0, sizeof(*o));
	if (!d)
		return;
	while ((e = readdir(d))) {
		char path[64], val[32];
		int64_t v;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%.16s/sched", e->d_name);
		if (rt_proc_field(path, "numa_pages_migrated", val, sizeof(val))) {
			o->known = true;
			o->migrated += strtoll(val, NULL, 10);
		}
		/* One mm: every thread shows the same count. */
		if (rt_proc_field(path, "mm->numa_scan_seq", val, sizeof(val)) &&
		    (v = strtoll(val, NULL, 10)) > o->scans)
			o->scans = v;
	}
	closedir(d);
}

int rt_numa_placement(void *addr, int64_t size, int64_t *counts, int max,
		      struct rt_err *err)
{
	long psz = sysconf(_SC_PAGESIZE);
	unsigned long n = (unsigned long)((size + psz - 1) / psz), i, chunk;
	void **pages;
	int *status;

	memset(counts, 0, (size_t)max * sizeof(*counts));
	pages = malloc(4096 * sizeof(*pages));
	status = malloc(4096 * sizeof(*status));
	if (!pages || !status) {
		free(pages);
		free(status);
		return rt_fail(err, -ENOMEM, "out of memory");
	}
	for (i = 0; i < n; i += chunk) {
		unsigned long k;

		chunk = n - i < 4096 ? n - i : 4096;
		for (k = 0; k < chunk; k++)
			pages[k] = (char *)addr + (i + k) * (unsigned long)psz;
		if (move_pages(0, chunk, pages, NULL, status, 0)) {
			int e = errno;

			free(pages);
			free(status);
			return rt_fail_errno(err, e, "move_pages");
		}
		for (k = 0; k < chunk; k++)
			if (status[k] >= 0 && status[k] < max)
				counts[status[k]]++;
	}
	free(pages);
	free(status);
	return 0;
}
