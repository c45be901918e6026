// SPDX-License-Identifier: GPL-2.0-only
/*
 * The memory policy the runtime sets, read back with get_mempolicy(), the
 * way the kernel sees it.
 */
#include <numaif.h>

#include "../../runtime/numa.h"
#include "tap.h"

int main(void)
{
	static const struct {
		enum mpolicy mode;
		uint64_t nodes;
		int want;
		uint64_t want_nodes;
	} cases[] = {
		{ MPOLICY_LOCAL, 0, MPOL_LOCAL, 0 },
		{ MPOLICY_BIND, 1, MPOL_BIND, 1 },
		{ MPOLICY_PREFERRED, 1, MPOL_PREFERRED, 1 },
		{ MPOLICY_INTERLEAVE, ~0ULL, MPOL_INTERLEAVE, 1 },	/* all: node 0 here */
		{ MPOLICY_DEFAULT, 0, MPOL_DEFAULT, 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct rt_err err;
		uint64_t nodes = 0;
		int mode = -1;

		if (!tap_ok(rt_numa_set_policy(cases[i].mode, cases[i].nodes, &err) == 0,
			    "set policy %s", policy_info[cases[i].mode].name)) {
			printf("#   %s\n", err.msg);
			continue;
		}
		rt_numa_get_policy(&mode, &nodes, &err);
		TAP_INT(mode, cases[i].want, "get_mempolicy reads %s back",
			policy_info[cases[i].mode].name);
		/* Only node 0 is certain to exist on every machine. */
		TAP_INT(nodes & 1, cases[i].want_nodes, "node mask of %s",
			policy_info[cases[i].mode].name);
	}
	return tap_done();
}
