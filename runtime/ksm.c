// SPDX-License-Identifier: GPL-2.0-only
#include "ksm.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "compat.h"

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
			rc = rt_ksm_read("pages_sharing", &now, err);
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
		if (rt_now_ns() - start > timeout_ns)
			return rt_fail(err, -ETIMEDOUT,
				       target > 0 ? "pages_sharing stayed at %lld, below %lld" :
						    "ksmd did %lld of %lld full scans",
				       (long long)(target > 0 ? now : now - first),
				       (long long)(target > 0 ? target : scans));
		nanosleep(&nap, NULL);
	}
}

int rt_ksm_prctl(bool on, struct rt_err *err)
{
	if (prctl(PR_SET_MEMORY_MERGE, on ? 1 : 0, 0, 0, 0))
		return rt_fail_errno(err, errno, "prctl(PR_SET_MEMORY_MERGE, %d)", on);
	return 0;
}
