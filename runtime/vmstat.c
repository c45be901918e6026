// SPDX-License-Identifier: GPL-2.0-only
#include "vmstat.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int rt_counters_read(const char *path, char (*name)[RT_COUNTER_NAME],
		     int64_t *value, size_t max, size_t *n, struct rt_err *err)
{
	FILE *f = fopen(path, "re");
	char line[128];

	*n = 0;
	if (!f)
		return rt_fail_errno(err, errno, "open(%s)", path);
	while (*n < max && fgets(line, sizeof(line), f)) {
		char *sp = strchr(line, ' ');

		/* "ksm_mergeable: yes" of ksm_stat is a word, not a counter. */
		if (!sp || (size_t)(sp - line) >= RT_COUNTER_NAME || sp[-1] == ':' ||
		    !(isdigit((unsigned char)sp[1]) || sp[1] == '-'))
			continue;
		*sp = '\0';
		strcpy(name[*n], line);
		value[(*n)++] = strtoll(sp + 1, NULL, 10);
	}
	fclose(f);
	return 0;
}

int rt_vmstat_read(struct rt_vmstat *s, struct rt_err *err)
{
	return rt_counters_read("/proc/vmstat", s->name, s->value, RT_VMSTAT_MAX,
				&s->n, err);
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

bool rt_proc_field(const char *path, const char *name, char *val, size_t len)
{
	char line[128];
	size_t n = strlen(name);
	bool found = false;
	FILE *f = fopen(path, "re");

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		if (strncmp(line, name, n) || (line[n] != ' ' && line[n] != ':'))
			continue;
		snprintf(val, len, "%s", line + n + 1 + strspn(line + n + 1, " :"));
		val[strcspn(val, "\n")] = '\0';
		found = true;
	}
	fclose(f);
	return found;
}

int64_t rt_runq_wait_ns(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	int64_t sum = -1;

	if (!d)
		return -1;
	while ((e = readdir(d))) {
		unsigned long long run, wait;
		char path[64];
		FILE *f;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%.16s/schedstat", e->d_name);
		f = fopen(path, "re");
		if (!f)
			continue;	/* a thread that just ended */
		if (fscanf(f, "%llu %llu", &run, &wait) == 2)
			sum = (sum < 0 ? 0 : sum) + (int64_t)wait;
		fclose(f);
	}
	closedir(d);
	return sum;
}

int64_t rt_cpu_idle_ns(int *ncpus)
{
	unsigned long long user, nice, sys, idle, iowait;
	long hz = sysconf(_SC_CLK_TCK);
	FILE *f = fopen("/proc/stat", "re");
	char line[512];
	int64_t ns = -1;
	int n = 0;

	*ncpus = 0;
	if (!f || hz <= 0) {
		if (f)
			fclose(f);
		return -1;
	}
	/*
	 * The first line sums every CPU's nanoseconds before it turns them
	 * into ticks, so it is one tick off at most where the per-CPU lines
	 * are one tick each; those are counted, as only online CPUs have one.
	 */
	if (fgets(line, sizeof(line), f) &&
	    sscanf(line, "cpu %llu %llu %llu %llu %llu", &user, &nice, &sys,
		   &idle, &iowait) == 5)
		ns = (int64_t)((idle + iowait) * (1000000000ull / (unsigned long long)hz));
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "cpu", 3))
			break;
		n++;
		/* A line longer than the buffer: its rest is no "cpu" line. */
		while (!strchr(line, '\n') && fgets(line, sizeof(line), f))
			;
	}
	fclose(f);
	*ncpus = n;
	return n ? ns : -1;
}

int64_t rt_own_cpu_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts))
		return -1;
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}
