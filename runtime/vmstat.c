// SPDX-License-Identifier: GPL-2.0-only
#include "vmstat.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int rt_vmstat_read(struct rt_vmstat *s, struct rt_err *err)
{
	FILE *f = fopen("/proc/vmstat", "re");
	char line[128];

	if (!f)
		return rt_fail_errno(err, errno, "open(/proc/vmstat)");
	s->n = 0;
	while (s->n < RT_VMSTAT_MAX && fgets(line, sizeof(line), f)) {
		char *sp = strchr(line, ' ');

		if (!sp || (size_t)(sp - line) >= sizeof(s->name[0]))
			continue;
		*sp = '\0';
		strcpy(s->name[s->n], line);
		s->value[s->n] = strtoll(sp + 1, NULL, 10);
		s->n++;
	}
	fclose(f);
	return 0;
}

bool rt_vmstat_get(const struct rt_vmstat *s, const char *name, int64_t *out)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->name[i], name)) {
			*out = s->value[i];
			return true;
		}
	return false;
}
