// SPDX-License-Identifier: GPL-2.0-only
#include "ksm.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "compat.h"
#include "vmstat.h"

static const char *const counter_names[] = {
#define KSMC_NAME(id, name) name,
	KSM_COUNTER_LIST(KSMC_NAME)
#undef KSMC_NAME
};

const char *rt_ksm_counter_name(enum ksm_counter c)
{
	return counter_names[c];
}

static const char *const stat_names[] = {
#define KSMS_NAME(id, name) name,
	KSM_STAT_LIST(KSMS_NAME)
#undef KSMS_NAME
};

const char *rt_ksm_stat_name(enum ksm_stat s)
{
	return stat_names[s];
}

int rt_ksm_read(const char *name, int64_t *out, struct rt_err *err)
{
	char path[128], buf[64];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/sys/kernel/mm/ksm/%s", name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return rt_fail_errno(err, errno, "open(%s)", path);
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n < 0)
		return rt_fail_errno(err, errno, "read(%s)", path);
	buf[n] = '\0';
	*out = strtoll(buf, NULL, 10);
	return 0;
}

/* /proc/PID/ksm_stat's merged pages, or the older file that held them. */
static int merging_of(const char *proc, int64_t *out)
{
	char path[64], val[32];

	snprintf(path, sizeof(path), "%s/ksm_stat", proc);
	if (!rt_proc_field(path, "ksm_merging_pages", val, sizeof(val))) {
		FILE *f;

		snprintf(path, sizeof(path), "%s/ksm_merging_pages", proc);
		f = fopen(path, "re");
		if (!f || !fgets(val, sizeof(val), f)) {
			int e = f ? EIO : errno;

			if (f)
				fclose(f);
			return -e;
		}
		fclose(f);
	}
	*out = strtoll(val, NULL, 10);
	return 0;
}

int rt_ksm_own_merging(int64_t *out, struct rt_err *err)
{
	int rc = merging_of("/proc/self", out);

	if (rc)
		return rt_fail(err, rc, "this kernel has no /proc/self/ksm_stat");
	return 0;
}

/* Whether the process of proc uses KSM: advice, prctl, or tracked pages. */
static bool uses_ksm(const char *proc, int64_t *merging, bool *known)
{
	char path[64], val[32];
	bool used = false;

	*merging = 0;
	snprintf(path, sizeof(path), "%s/ksm_stat", proc);
	if (rt_proc_field(path, "ksm_rmap_items", val, sizeof(val))) {
		*known = true;
		used = strtoll(val, NULL, 10) > 0;
		if (rt_proc_field(path, "ksm_mergeable", val, sizeof(val)))
			used |= !strcmp(val, "yes");
		if (rt_proc_field(path, "ksm_merge_any", val, sizeof(val)))
			used |= !strcmp(val, "yes");
	}
	if (!merging_of(proc, merging)) {
		*known = true;
		used |= *merging > 0;
	}
	return used;
}

void rt_ksm_others(struct rt_ksm_others *o)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	pid_t self = getpid();
	bool known = false;

	memset(o, 0, sizeof(*o));
	if (!d) {
		o->n = -1;
		return;
	}
	while ((e = readdir(d))) {
		char proc[32], path[64];
		int64_t merging;
		int pid;
		FILE *f;

		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		pid = atoi(e->d_name);
		if (pid == self)
			continue;
		snprintf(proc, sizeof(proc), "/proc/%d", pid);
		if (!uses_ksm(proc, &merging, &known))
			continue;
		o->merging += merging;
		if (o->n++)
			continue;
		o->pid = pid;
		snprintf(path, sizeof(path), "%s/comm", proc);
		f = fopen(path, "re");
		if (f && fgets(o->comm, sizeof(o->comm), f))
			o->comm[strcspn(o->comm, "\n")] = '\0';
		if (f)
			fclose(f);
	}
	closedir(d);
	if (!known && !o->n)
		o->n = -1;
}

int rt_ksm_wait_scans(int64_t scans, int64_t target, int64_t timeout_ns,
		      const atomic_bool *stop, struct rt_err *err)
{
	const struct timespec nap = { 0, 1000000 };
	int64_t start = rt_now_ns(), first, now;
	int rc = rt_ksm_read("full_scans", &first, err);

	if (rc)
		return rc;
	for (;;) {
		if (target > 0) {
			/* Another process's merging must not end the wait. */
			rc = merging_of("/proc/self", &now) ?
			     rt_ksm_read("pages_sharing", &now, err) : 0;
			if (rc)
				return rc;
			if (now >= target)
				return 0;
		} else {
			rc = rt_ksm_read("full_scans", &now, err);
			if (rc)
				return rc;
			if (now - first >= scans)
				return 0;
		}
		if (stop && atomic_load(stop))
			return rt_fail(err, -EINTR, "interrupted");
		if (rt_now_ns() - start > timeout_ns && target > 0)
			return rt_fail(err, -ETIMEDOUT, "%lld page%s merged, not %lld",
				       (long long)now, now == 1 ? "" : "s",
				       (long long)target);
		if (rt_now_ns() - start > timeout_ns)
			return rt_fail(err, -ETIMEDOUT, "ksmd did %lld of %lld full scan%s",
				       (long long)(now - first), (long long)scans,
				       scans == 1 ? "" : "s");
		nanosleep(&nap, NULL);
	}
}

static int64_t own_rmap_items(void)
{
	char val[32];

	if (!rt_proc_field("/proc/self/ksm_stat", "ksm_rmap_items", val, sizeof(val)))
		return -1;
	return strtoll(val, NULL, 10);
}

/* pages_skipped (smart scan, 6.7+), or -1 where the kernel has none. */
static int64_t pages_skipped(void)
{
	struct rt_err ignored;
	int64_t v;

	return rt_ksm_read("pages_skipped", &v, &ignored) ? -1 : v;
}

/*
 * A skip_age() of mm/ksm.c gives a page at most 8 skipped scans in a row;
 * waiting this many scans more for a scan without skips is enough.
 */
#define SMART_SCAN_SKIPS 8

int rt_ksm_wait_merged(int64_t timeout_ns, const atomic_bool *stop,
		       struct rt_err *err)
{
	const struct timespec nap = { 0, 1000000 };
	int64_t start = rt_now_ns(), first, now, from = -1, seen = -1, at = -1;
	int64_t items0 = own_rmap_items(), items, skipped = pages_skipped(), s;
	int rc = rt_ksm_read("full_scans", &first, err);

	if (rc)
		return rc;
	for (;;) {
		/* Items before scans: a look seen here was in scan "now" or before. */
		items = from < 0 && items0 >= 0 ? own_rmap_items() : -1;
		rc = rt_ksm_read("full_scans", &now, err);
		if (rc)
			return rc;
		/* The scan in which ksmd first met the pages: count from it. */
		if (from < 0 && items > items0)
			from = now;
		if (seen < 0 && ((from >= 0 && now - from >= 2) || now - first >= 3))
			seen = now;
		/*
		 * Smart scan skips a page whose rmap item has aged without a
		 * merge, and an item is reused for a new mapping at the same
		 * address (a region made again at the next run of a repeat):
		 * where ksmd skipped pages during the wait, wait on until a
		 * whole scan skipped none, at most SMART_SCAN_SKIPS scans.
		 */
		if (seen >= 0 && now != at) {
			s = pages_skipped();
			if (s == skipped || now - seen >= SMART_SCAN_SKIPS + 1)
				return 0;
			skipped = s;
			at = now;
		}
		if (stop && atomic_load(stop))
			return rt_fail(err, -EINTR, "interrupted");
		if (rt_now_ns() - start > timeout_ns)
			return rt_fail(err, -ETIMEDOUT,
				       "ksmd did %lld full scans, and has %s this process's pages",
				       (long long)(now - first),
				       from < 0 ? "not yet looked at" : "looked at");
		nanosleep(&nap, NULL);
	}
}

/* The counters rt_ksm_settle watches; ksm_zero_pages is not on 6.1. */
static const char *const settle_names[] = {
	"pages_shared", "pages_sharing", "pages_unshared", "ksm_zero_pages",
};
#define SETTLE_N (sizeof(settle_names) / sizeof(settle_names[0]))

static void settle_read(int64_t v[SETTLE_N])
{
	struct rt_err ignored;

	for (size_t i = 0; i < SETTLE_N; i++)
		if (rt_ksm_read(settle_names[i], &v[i], &ignored))
			v[i] = 0;
}

int rt_ksm_settle(int64_t timeout_ns, const atomic_bool *stop,
		  struct rt_err *err)
{
	const struct timespec nap = { 0, 1000000 };
	int64_t start = rt_now_ns(), run, sleep_ms = 20, scan, now, quiet_ns;
	int64_t first[SETTLE_N], before[SETTLE_N], last[SETTLE_N], cur[SETTLE_N];
	int64_t last_change = start;
	bool at_end = false;		/* before[] was read as a scan ended */
	int rc = rt_ksm_read("run", &run, err);

	if (rc || run != 1)
		return rc;
	rc = rt_ksm_read("full_scans", &scan, err);
	if (rc)
		return rc;
	rt_ksm_read("sleep_millisecs", &sleep_ms, err);
	/* ksmd naps between batches; with nothing to scan it waits for work. */
	quiet_ns = (sleep_ms * 3 > 200 ? sleep_ms * 3 : 200) * 1000000;
	settle_read(first);
	memcpy(last, first, sizeof(last));
	for (;;) {
		rc = rt_ksm_read("full_scans", &now, err);
		if (rc)
			return rc;
		settle_read(cur);
		if (now != scan || memcmp(cur, last, sizeof(cur))) {
			last_change = rt_now_ns();
			memcpy(last, cur, sizeof(last));
		}
		if (now != scan) {
			/* A scan ended: compare with the end of the one before. */
			if (at_end && !memcmp(before, cur, sizeof(cur)))
				return 0;
			memcpy(before, cur, sizeof(before));
			at_end = true;
			scan = now;
		}
		/* Nothing moved for a while: ksmd is idle or has nothing to change. */
		if (rt_now_ns() - last_change >= quiet_ns)
			return 0;
		if (stop && atomic_load(stop))
			return rt_fail(err, -EINTR, "interrupted");
		if (rt_now_ns() - start > timeout_ns) {
			char moved[256] = "";
			size_t used = 0;

			for (size_t i = 0; i < SETTLE_N && used < sizeof(moved); i++)
				if (cur[i] != first[i])
					used += (size_t)snprintf(moved + used, sizeof(moved) - used,
						"%s%s %lld -> %lld", used ? ", " : "",
						settle_names[i], (long long)first[i],
						(long long)cur[i]);
			return rt_fail(err, -ETIMEDOUT, "KSM's machine-wide counters did not settle in %lld s (%s)",
				       (long long)(timeout_ns / 1000000000),
				       used ? moved : "ksmd finished no two full scans alike");
		}
		nanosleep(&nap, NULL);
	}
}

int rt_ksm_prctl(bool on, struct rt_err *err)
{
	if (prctl(PR_SET_MEMORY_MERGE, on ? 1 : 0, 0, 0, 0))
		return rt_fail_errno(err, errno, "prctl(PR_SET_MEMORY_MERGE, %d)", on);
	return 0;
}
