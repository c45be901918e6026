// SPDX-License-Identifier: GPL-2.0-only
/* limits: room for more threads under the kernel's caps (see limits.h). */
#include "limits.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "probe.h"

/* A number of a one-line file; -1 when absent or "max". */
static int64_t read_count(const char *path)
{
	char buf[64];

	if (rt_probe_read_text(path, buf, sizeof(buf)) || !strncmp(buf, "max", 3))
		return -1;
	return strtoll(buf, NULL, 10);
}

/* Tasks on the machine now: the total of /proc/loadavg's "running/total". */
static int64_t tasks_now(void)
{
	char buf[128], *slash;

	if (rt_probe_read_text("/proc/loadavg", buf, sizeof(buf)) ||
	    !(slash = strchr(buf, '/')))
		return 0;
	return strtoll(slash + 1, NULL, 10);
}

/* This process's threads now. */
static int64_t own_threads(void)
{
	struct dirent *e;
	DIR *d = opendir("/proc/self/task");
	int64_t n = 0;

	while (d && (e = readdir(d)))
		n += e->d_name[0] != '.';
	if (d)
		closedir(d);
	return n;
}

static void take(int64_t *room, int64_t r, char *why, size_t len,
		 const char *fmt, long long a, long long b)
{
	if (r < 0)
		r = 0;
	if (r < *room) {
		*room = r;
		snprintf(why, len, fmt, a, b);
	}
}

/*
 * pids.max up from this process's group: where the hierarchy is mounted
 * (mount), the group's path in it (from /proc/self/cgroup: "0::/a/b" for
 * v2, "N:pids:/a/b" for v1's pids controller).
 */
static void cgroup_room(int64_t *room, char *why, size_t len)
{
	char mount[256], line[PATH_MAX + 32], group[PATH_MAX] = "", path[PATH_MAX * 2];
	bool v2 = false;
	FILE *f;

	if (rt_probe_find_mount("cgroup", "pids", mount, sizeof(mount)))
		v2 = false;
	else if (rt_probe_find_mount("cgroup2", NULL, mount, sizeof(mount)))
		v2 = true;
	else
		return;
	f = fopen("/proc/self/cgroup", "re");
	while (f && fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':'), *rest = colon ? strchr(colon + 1, ':') : NULL;

		if (!rest)
			continue;
		line[strcspn(line, "\n")] = '\0';
		if ((v2 && rest == colon + 1) ||
		    (!v2 && (size_t)(rest - colon - 1) == 4 && !strncmp(colon + 1, "pids", 4)))
			snprintf(group, sizeof(group), "%s", rest + 1);
	}
	if (f)
		fclose(f);
	if (!group[0])
		return;
	/* Each level up to the root may cap the tasks below it. */
	for (;;) {
		int64_t max, cur;
		char *slash;

		snprintf(path, sizeof(path), "%s%s/pids.max", mount,
			 strcmp(group, "/") ? group : "");
		max = read_count(path);
		if (max >= 0) {
			snprintf(path, sizeof(path), "%s%s/pids.current", mount,
				 strcmp(group, "/") ? group : "");
			cur = read_count(path);
			if (cur < 0)
				cur = 0;
			if (max - cur < *room) {
				*room = max > cur ? max - cur : 0;
				snprintf(why, len, "pids.max of cgroup %s is %lld, %lld "
					 "in use", group, (long long)max, (long long)cur);
			}
		}
		slash = strrchr(group, '/');
		if (!slash || slash == group)
			break;
		*slash = '\0';
	}
}

int64_t rt_thread_room(char *why, size_t len)
{
	int64_t room = INT64_MAX, now = tasks_now(), v;
	struct rlimit rl;

	why[0] = '\0';
	if ((v = read_count("/proc/sys/kernel/pid_max")) > 0)
		take(&room, v - now, why, len, "kernel.pid_max is %lld, %lld in use",
		     (long long)v, (long long)now);
	if ((v = read_count("/proc/sys/kernel/threads-max")) > 0)
		take(&room, v - now, why, len, "kernel.threads-max is %lld, %lld "
		     "in use", (long long)v, (long long)now);
	/* The kernel lets root past RLIMIT_NPROC. */
	if (geteuid() != 0 && !getrlimit(RLIMIT_NPROC, &rl) &&
	    rl.rlim_cur != RLIM_INFINITY)
		take(&room, (int64_t)rl.rlim_cur - own_threads(), why, len,
		     "RLIMIT_NPROC is %lld, %lld threads of scn's own",
		     (long long)rl.rlim_cur, (long long)own_threads());
	cgroup_room(&room, why, len);
	return room;
}
