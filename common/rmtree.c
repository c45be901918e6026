// SPDX-License-Identifier: GPL-2.0-only
#include "rmtree.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Where a removal may go, and what it met. */
struct walk {
	unsigned major, minor;	/* the file system it started on */
	uint64_t mnt;		/* and its mount, where the kernel says */
	bool has_mnt;
	void (*between)(void *arg, int dirfd, const char *name);
	void *arg;
	int rc;			/* the first failure */
	int repeats;		/* passes again over a directory, in all */
};

#define LOOK_MASK (STATX_TYPE | STATX_MODE | STATX_UID | STATX_INO | \
		   STATX_SIZE | STATX_MNT_ID)

/* What name in dirfd is itself, never what a link names. */
static int look(int dirfd, const char *name, int flags, struct statx *x)
{
	if (statx(dirfd, name, flags | AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT,
		  LOOK_MASK, x))
		return -errno;
	return 0;
}

static void note(struct walk *w, int e)
{
	if (!w->rc)
		w->rc = -e;
}

static int walk_start(struct walk *w, int dirfd)
{
	struct statx x;
	int rc = look(dirfd, "", AT_EMPTY_PATH, &x);

	if (rc)
		return rc;
	w->major = x.stx_dev_major;
	w->minor = x.stx_dev_minor;
	w->has_mnt = x.stx_mask & STATX_MNT_ID;
	w->mnt = x.stx_mnt_id;
	return 0;
}

/*
 * Whether x is on the walk's mount: the same device, the same mount id
 * (a bind mount of the same file system has the same device), and not
 * the root of a mount.
 */
static bool same_mount(const struct walk *w, const struct statx *x)
{
	if (x->stx_dev_major != w->major || x->stx_dev_minor != w->minor)
		return false;
	if (w->has_mnt && (x->stx_mask & STATX_MNT_ID) && x->stx_mnt_id != w->mnt)
		return false;
	return !((x->stx_attributes_mask & STATX_ATTR_MOUNT_ROOT) &&
		 (x->stx_attributes & STATX_ATTR_MOUNT_ROOT));
}

static bool same_file(const struct statx *a, const struct statx *b)
{
	return a->stx_ino == b->stx_ino && a->stx_dev_major == b->stx_dev_major &&
	       a->stx_dev_minor == b->stx_dev_minor;
}

/* Passes again over a directory, in a whole removal: a bound on the
 * work a tree changed under the walk can make it do. */
#define MAX_REPEATS 64

static bool remove_entry(struct walk *w, int dirfd, const char *name, int depth);

/*
 * Empties the directory open as fd (which it closes): its entries are at
 * depth + 1. At the top the marker goes last. An entry that changed
 * under the walk (a directory swapped for a link, renamed aside) makes
 * another pass, three at most, which meets what is there now.
 */
static void empty_dir(struct walk *w, int fd, int depth)
{
	DIR *d = fdopendir(fd);
	struct dirent *e;
	bool mark = false, changed = true;

	if (!d) {
		note(w, errno);
		close(fd);
		return;
	}
	for (int pass = 0; changed && pass < 3 && w->repeats < MAX_REPEATS; pass++) {
		changed = false;
		w->repeats += pass > 0;
		rewinddir(d);
		while ((e = readdir(d))) {
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			if (!depth && !strcmp(e->d_name, RMTREE_MARK)) {
				mark = true;
				continue;
			}
			changed |= remove_entry(w, dirfd(d), e->d_name, depth + 1);
		}
	}
	if (mark && unlinkat(dirfd(d), RMTREE_MARK, 0) && errno != ENOENT)
		note(w, errno);
	closedir(d);
}

/*
 * Empties the directory fd, name in dirfd, then removes the name; true
 * when the name is no longer that directory (ENOTDIR: swapped).
 */
static bool remove_dir(struct walk *w, int dirfd, const char *name, int fd,
		       int depth)
{
	empty_dir(w, fd, depth);
	if (!unlinkat(dirfd, name, AT_REMOVEDIR) || errno == ENOENT)
		return false;
	note(w, errno);
	return errno == ENOTDIR;
}

/*
 * Removes name in dirfd, whatever it is, at depth below the top; true
 * when it changed under the walk, for another pass to meet.
 */
static bool remove_entry(struct walk *w, int dirfd, const char *name, int depth)
{
	struct statx x, opened;
	int fd, rc = look(dirfd, name, 0, &x);

	if (rc) {
		if (rc != -ENOENT)
			note(w, -rc);
		return false;
	}
	if (w->between)
		w->between(w->arg, dirfd, name);
	if (!S_ISDIR(x.stx_mode)) {
		/* A link goes as a link: unlinkat never follows the last name.
		 * EISDIR: a directory now, met by another pass. */
		if (!unlinkat(dirfd, name, 0) || errno == ENOENT)
			return false;
		note(w, errno);
		return errno == EISDIR;
	}
	if (!same_mount(w, &x)) {
		note(w, EXDEV);
		return false;
	}
	if (depth >= RMTREE_MAX_DEPTH) {
		note(w, ELOOP);
		return false;
	}
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		/* Swapped since it was looked at: a link (ELOOP) or a file
		 * (ENOTDIR) now, which goes as a name; what was there may
		 * have been renamed beside it. */
		if (errno == ELOOP || errno == ENOTDIR) {
			if (unlinkat(dirfd, name, 0) && errno != ENOENT)
				note(w, errno);
			return true;
		}
		if (errno != ENOENT)
			note(w, errno);
		return false;
	}
	/* Another directory swapped in: left for the next pass to look at. */
	if (look(fd, "", AT_EMPTY_PATH, &opened) || !same_file(&x, &opened) ||
	    !same_mount(w, &opened)) {
		close(fd);
		note(w, EAGAIN);
		return true;
	}
	return remove_dir(w, dirfd, name, fd, depth);
}

/* 0 once name is gone from dirfd; else the first failure the walk met. */
static int outcome(const struct walk *w, int dirfd, const char *name)
{
	struct statx x;

	if (look(dirfd, name, 0, &x) == -ENOENT)
		return 0;
	return w->rc ? w->rc : -ENOTEMPTY;
}

int rmtree_at_hooked(int dirfd, const char *name,
		     void (*between)(void *arg, int dirfd, const char *name),
		     void *arg)
{
	struct walk w = { .between = between, .arg = arg };
	int rc;

	if (!*name || !strcmp(name, ".") || !strcmp(name, "..") || strchr(name, '/'))
		return -EINVAL;
	rc = walk_start(&w, dirfd);
	if (rc)
		return rc;
	remove_entry(&w, dirfd, name, 0);
	return outcome(&w, dirfd, name);
}

int rmtree_at(int dirfd, const char *name)
{
	return rmtree_at_hooked(dirfd, name, NULL, NULL);
}

int rmtree(const char *path)
{
	char buf[PATH_MAX], *base, *slash;
	int dirfd = AT_FDCWD, rc;
	size_t n = strlen(path);

	while (n > 1 && path[n - 1] == '/')
		n--;
	if (!n || n >= sizeof(buf))
		return -EINVAL;
	memcpy(buf, path, n);
	buf[n] = '\0';
	slash = strrchr(buf, '/');
	base = buf;
	if (slash) {
		*slash = '\0';
		base = slash + 1;
		dirfd = open(slash == buf ? "/" : buf,
			     O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (dirfd < 0)
			return errno == ENOENT ? 0 : -errno;
	}
	rc = rmtree_at(dirfd, base);
	if (dirfd >= 0)
		close(dirfd);
	return rc;
}

int rmtree_mark(const char *dir)
{
	char path[PATH_MAX], line[32];
	int fd, n, rc = 0;

	if (snprintf(path, sizeof(path), "%s/%s", dir, RMTREE_MARK) >=
	    (int)sizeof(path))
		return -ENAMETOOLONG;
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	n = snprintf(line, sizeof(line), "scn %d\n", (int)getpid());
	errno = 0;
	if (write(fd, line, (size_t)n) != n)
		rc = errno ? -errno : -EIO;
	close(fd);
	return rc;
}

/*
 * name in dirfd opened, if it is scn's own (rmtree_ours_at) and on the
 * walk's mount; -1 else. The marker is looked at before it is opened, so
 * that a FIFO or a device planted in its place is never opened.
 */
static int open_ours(const struct walk *w, int dirfd, const char *name)
{
	struct statx dir, opened, mark, mark_opened;
	uid_t me = geteuid();
	char buf[64];
	ssize_t n = -1;
	int fd, mfd;

	if (look(dirfd, name, 0, &dir) || !S_ISDIR(dir.stx_mode) ||
	    dir.stx_uid != me || !same_mount(w, &dir))
		return -1;
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (look(fd, "", AT_EMPTY_PATH, &opened) || !same_file(&dir, &opened) ||
	    opened.stx_uid != me)
		goto not_ours;
	if (look(fd, RMTREE_MARK, 0, &mark) || !S_ISREG(mark.stx_mode) ||
	    mark.stx_uid != me || mark.stx_size >= sizeof(buf))
		goto not_ours;
	mfd = openat(fd, RMTREE_MARK, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
		     O_NOCTTY | O_CLOEXEC);
	if (mfd < 0)
		goto not_ours;
	if (!look(mfd, "", AT_EMPTY_PATH, &mark_opened) &&
	    same_file(&mark, &mark_opened))
		n = read(mfd, buf, sizeof(buf));
	close(mfd);
	if (n >= 4 && !memcmp(buf, "scn ", 4))
		return fd;
not_ours:
	close(fd);
	return -1;
}

bool rmtree_ours_at(int dirfd, const char *name)
{
	struct walk w = { 0 };
	int fd;

	if (walk_start(&w, dirfd))
		return false;
	fd = open_ours(&w, dirfd, name);
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

void rmtree_stale(const char *dir, bool (*stale)(const char *name))
{
	struct walk w = { 0 };
	struct dirent *e;
	DIR *d;
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return;
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		return;
	}
	if (walk_start(&w, fd)) {
		closedir(d);
		return;
	}
	while ((e = readdir(d))) {
		int sub;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
		    !stale(e->d_name))
			continue;
		sub = open_ours(&w, fd, e->d_name);
		if (sub >= 0)
			(void)remove_dir(&w, fd, e->d_name, sub, 0);
	}
	closedir(d);
}
