// SPDX-License-Identifier: GPL-2.0-only
#include "numa.h"

#include <errno.h>
#include <numaif.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "all": the nodes online now, from sysfs ("0-1,3"). */
static uint64_t online_nodes(void)
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
		nodes = online_nodes();
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
