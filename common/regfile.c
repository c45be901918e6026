// SPDX-License-Identifier: GPL-2.0-only
#include "regfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

/* 0 when st is a regular file within max, else the error it is. */
static int refuse(const struct stat *st, off_t max)
{
	if (S_ISLNK(st->st_mode))
		return -ELOOP;
	if (S_ISDIR(st->st_mode))
		return -EISDIR;
	if (!S_ISREG(st->st_mode))
		return -ENODEV;
	if (st->st_size > max)
		return -EFBIG;
	return 0;
}

int regfile_open_at(int dirfd, const char *name, off_t max, struct stat *st)
{
	struct stat mine;
	int fd, rc;

	if (!st)
		st = &mine;
	/* A look first: a FIFO or a device is never opened, even once. */
	if (fstatat(dirfd, name, st, AT_SYMLINK_NOFOLLOW))
		return -errno;
	rc = refuse(st, max);
	if (rc)
		return rc;
	fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
		    O_CLOEXEC);
	if (fd < 0) {
		rc = -errno;
		/* Swapped for a link since the look. */
		if (rc == -ELOOP)
			st->st_mode = S_IFLNK;
		return rc;
	}
	/* And again on what was opened: a swap after the look is caught. */
	if (fstat(fd, st))
		rc = -errno;
	else
		rc = refuse(st, max);
	if (rc) {
		close(fd);
		return rc;
	}
	return fd;
}

int regfile_read_at(int dirfd, const char *name, size_t max, char **text,
		    size_t *len, struct stat *st)
{
	struct strbuf sb;
	char buf[65536];
	ssize_t n;
	int fd, rc = 0;

	*text = NULL;
	if (len)
		*len = 0;
	fd = regfile_open_at(dirfd, name, max > (size_t)INT64_MAX ? INT64_MAX :
			     (off_t)max, st);
	if (fd < 0)
		return fd;
	sb_init(&sb);
	for (;;) {
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			rc = -errno;
			break;
		}
		if (n == 0)
			break;
		/* It may grow while it is read: the bound holds anyway. */
		if (sb.len + (size_t)n > max) {
			rc = -EFBIG;
			break;
		}
		sb_putn(&sb, buf, (size_t)n);
	}
	close(fd);
	if (rc) {
		sb_free(&sb);
		return rc;
	}
	if (len)
		*len = sb.len;
	*text = sb_steal(&sb);
	return 0;
}

/* "10 GiB", "1.5 MiB", "300 B". */
static void size_words(char *buf, size_t len, long long bytes)
{
	static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
	size_t u = 0;
	double v = (double)bytes;

	while (v >= 1024 && u + 1 < ARRAY_SIZE(units)) {
		v /= 1024;
		u++;
	}
	if (v == (double)(long long)v)
		snprintf(buf, len, "%lld %s", (long long)v, units[u]);
	else
		snprintf(buf, len, "%.1f %s", v, units[u]);
}

void regfile_why(int rc, const struct stat *st, off_t max, char *buf,
		 size_t len)
{
	char have[32], most[32];
	const char *kind = "not a regular file";

	switch (rc) {
	case -ELOOP:
		snprintf(buf, len, "is a symbolic link, not a regular file");
		return;
	case -EISDIR:
		snprintf(buf, len, "is a directory, not a regular file");
		return;
	case -ENODEV:
		if (st && S_ISFIFO(st->st_mode))
			kind = "a named pipe";
		else if (st && S_ISSOCK(st->st_mode))
			kind = "a socket";
		else if (st && (S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode)))
			kind = "a device";
		if (strcmp(kind, "not a regular file"))
			snprintf(buf, len, "is %s, not a regular file", kind);
		else
			snprintf(buf, len, "is not a regular file");
		return;
	case -EFBIG:
		size_words(most, sizeof(most), (long long)max);
		if (st && st->st_size > max) {
			size_words(have, sizeof(have), (long long)st->st_size);
			snprintf(buf, len, "is %s, more than the %s scn reads", have,
				 most);
		} else {
			snprintf(buf, len, "grew past the %s scn reads", most);
		}
		return;
	default:
		snprintf(buf, len, "cannot be read: %s (errno %d)", strerror(-rc), -rc);
	}
}
