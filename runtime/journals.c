// SPDX-License-Identifier: GPL-2.0-only
#include "journals.h"
#include "probe.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/*
 * A process's start time in clock ticks since boot (/proc/PID/stat, field
 * 22): with the pid it names one process, even after the pid is reused.
 * 0 when the process is gone.
 */
static unsigned long long start_time(int pid)
{
	char path[64], buf[1024], *p;
	unsigned long long t = 0;
	int field;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	if (rt_probe_read_text(path, buf, sizeof(buf)))
		return 0;
	/* The command name may hold spaces and parentheses: after the last. */
	p = strrchr(buf, ')');
	if (!p)
		return 0;
	for (field = 2; p && field < 22; field++)
		p = strchr(p + 1, ' ');
	if (p)
		t = strtoull(p + 1, NULL, 10);
	return t;
}

/* Whose a file may be: root's, or this user's own. */
static bool trusted_owner(uid_t uid)
{
	return uid == 0 || uid == geteuid();
}

int rt_owned_dir_check(const char *dir, const char *what, const char *planted,
		       bool make, struct rt_err *err)
{
	char whose[48] = "root";
	struct stat st;

	if (make && mkdir(dir, 0700) && errno != EEXIST)
		return rt_fail_errno(err, errno, "mkdir(%s)", dir);
	if (lstat(dir, &st))
		return rt_fail_errno(err, errno, "%s '%s'", what, dir);
	if (S_ISLNK(st.st_mode))
		return rt_fail(err, -ENOTDIR, "%s '%s' is a symbolic link: refused "
			       "(name the directory itself)", what, dir);
	if (!S_ISDIR(st.st_mode))
		return rt_fail(err, -ENOTDIR, "%s '%s' is not a directory", what, dir);
	if (geteuid())
		snprintf(whose, sizeof(whose), "you (uid %u) or root",
			 (unsigned)geteuid());
	if (!trusted_owner(st.st_uid))
		return rt_fail(err, -EPERM, "%s '%s' belongs to uid %u, not to %s: "
			       "refused (another user could plant %s)", what, dir,
			       (unsigned)st.st_uid, whose, planted);
	if (st.st_mode & (S_IWGRP | S_IWOTH))
		return rt_fail(err, -EPERM, "%s '%s' is writable by %s: refused "
			       "(chmod go-w, or another directory)", what, dir,
			       st.st_mode & S_IWOTH ? "others" : "its group");
	return 0;
}

int rt_state_dir_check(const char *dir, bool make, struct rt_err *err)
{
	return rt_owned_dir_check(dir, "state directory", "its journal", make, err);
}

int rt_state_file_check(int fd, const char *path, struct rt_err *err)
{
	struct stat st;

	if (fstat(fd, &st))
		return rt_fail_errno(err, errno, "fstat(%s)", path);
	if (!S_ISREG(st.st_mode))
		return rt_fail(err, -EPERM, "'%s' is not a regular file: not "
			       "replayed", path);
	if (!trusted_owner(st.st_uid) || (st.st_mode & (S_IWGRP | S_IWOTH)))
		return rt_fail(err, -EPERM, "'%s' belongs to uid %u with mode %04o, "
			       "not to root alone: not replayed (no run of root's "
			       "wrote it; remove it)", path, (unsigned)st.st_uid,
			       (unsigned)(st.st_mode & 07777));
	return 0;
}

static void entry_path(char *buf, size_t len, int pid)
{
	snprintf(buf, len, "%s/%d", RT_JOURNALS_DIR, pid);
}

int rt_journals_register(const char *dir, struct rt_err *err)
{
	char abs[PATH_MAX], path[128], tmp[160], line[PATH_MAX + 96];
	struct timespec now;
	int fd, n, pid = (int)getpid();

	if (!realpath(dir, abs))
		return rt_fail_errno(err, errno, "realpath(%s)", dir);
	if ((n = rt_state_dir_check(RT_JOURNALS_DIR, true, err)))
		return n;
	clock_gettime(CLOCK_REALTIME, &now);
	n = snprintf(line, sizeof(line), "%d %llu %lld %s\n", pid, start_time(pid),
		     (long long)now.tv_sec * 1000000000 + now.tv_nsec, abs);
	entry_path(path, sizeof(path), pid);
	snprintf(tmp, sizeof(tmp), "%s.new", path);
	/* Whole or absent: written aside, then renamed into place; a stale
	 * .new (a run killed there) is removed, never written through. */
	unlink(tmp);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return rt_fail_errno(err, errno, "open(%s)", tmp);
	if (write(fd, line, (size_t)n) != n || fsync(fd)) {
		int e = errno;

		close(fd);
		unlink(tmp);
		return rt_fail_errno(err, e, "write(%s)", tmp);
	}
	close(fd);
	if (rename(tmp, path)) {
		int e = errno;

		unlink(tmp);
		return rt_fail_errno(err, e, "rename(%s)", tmp);
	}
	return 0;
}

/*
 * An entry read back: 1; 0 when it is not one; -EACCES (-EPERM) when
 * this user may not read it.
 */
static int read_entry(const char *name, struct rt_orphan *o,
		      unsigned long long *started)
{
	char path[PATH_MAX], line[PATH_MAX + 96];
	long long since;
	int fd, pos = 0;
	ssize_t n;

	if (strspn(name, "0123456789") != strlen(name) || !name[0])
		return 0;
	snprintf(path, sizeof(path), "%s/%s", RT_JOURNALS_DIR, name);
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	if (fd < 0)
		return errno == EACCES || errno == EPERM ? -errno : 0;
	n = read(fd, line, sizeof(line) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	line[n] = '\0';
	line[strcspn(line, "\n")] = '\0';
	if (sscanf(line, "%d %llu %lld %n", &o->pid, started, &since, &pos) < 3 ||
	    !pos || line[pos] != '/')
		return 0;
	o->since_ns = since;
	snprintf(o->dir, sizeof(o->dir), "%s", line + pos);
	return 1;
}

static bool same_dir(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX];

	if (!realpath(a, ra) || !realpath(b, rb))
		return !strcmp(a, b);
	return !strcmp(ra, rb);
}

void rt_journals_forget(const char *dir)
{
	struct rt_orphan o;
	unsigned long long started;
	struct dirent *de;
	char path[PATH_MAX];
	DIR *d = opendir(RT_JOURNALS_DIR);

	if (!d)
		return;
	while ((de = readdir(d)))
		if (read_entry(de->d_name, &o, &started) > 0 && same_dir(o.dir, dir)) {
			snprintf(path, sizeof(path), "%s/%s", RT_JOURNALS_DIR, de->d_name);
			unlink(path);
		}
	closedir(d);
}

static bool alive(int pid, unsigned long long started)
{
	if (kill(pid, 0) && errno == ESRCH)
		return false;
	/* A pid reused by a process that started at another time. */
	return start_time(pid) == started;
}

static int newest_first(const void *a, const void *b)
{
	const struct rt_orphan *x = a, *y = b;

	return x->since_ns < y->since_ns ? 1 : x->since_ns > y->since_ns ? -1 : 0;
}

int rt_journals_list(struct rt_orphan *out, size_t max, size_t *count,
		     struct rt_err *err)
{
	struct rt_orphan o;
	unsigned long long started;
	struct dirent *de;
	char path[PATH_MAX];
	size_t n = 0;
	int rc = 0, r;
	DIR *d = opendir(RT_JOURNALS_DIR);

	*count = 0;
	if (!d) {
		/* No registry: no run ever journaled a knob since the boot. */
		if (errno == ENOENT)
			return 0;
		return rt_fail_errno(err, errno, "cannot read the registry of "
				     "journals '%s'", RT_JOURNALS_DIR);
	}
	while ((de = readdir(d))) {
		r = read_entry(de->d_name, &o, &started);
		if (r < 0 && !rc)
			rc = rt_fail_errno(err, -r, "cannot read '%s/%s'",
					   RT_JOURNALS_DIR, de->d_name);
		if (r <= 0 || alive(o.pid, started))
			continue;
		snprintf(path, sizeof(path), "%s/journal", o.dir);
		if (access(path, F_OK) && errno == ENOENT) {
			/* Killed between removing its journal and its entry. */
			snprintf(path, sizeof(path), "%s/%s", RT_JOURNALS_DIR, de->d_name);
			unlink(path);
			continue;
		}
		if (n < max)
			out[n] = o;
		n++;
	}
	closedir(d);
	qsort(out, n < max ? n : max, sizeof(*out), newest_first);
	*count = n;
	return rc;
}

size_t rt_journals_orphans(struct rt_orphan *out, size_t max)
{
	struct rt_err err;
	size_t n;

	rt_journals_list(out, max, &n, &err);
	return n;
}
