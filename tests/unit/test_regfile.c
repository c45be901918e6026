// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of common/regfile: what a test host's command can leave in
 * the share (a link to a FIFO, a FIFO, a directory, a sparse file of
 * 10 GB, a device) is refused by name, at once, and never read or waited
 * on; a regular file within its bound is read whole (issue 24).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "../../common/regfile.h"
#include "../../common/util.h"
#include "tap.h"

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* regfile_read_at of name: its rc, and the words regfile_why says. */
static int read_one(int dir, const char *name, size_t max, char *why, size_t len)
{
	struct stat st;
	char *text = NULL;
	double t0 = now_s();
	int rc = regfile_read_at(dir, name, max, &text, NULL, &st);

	tap_ok(now_s() - t0 < 1.0, "'%s' is answered at once", name);
	if (rc)
		tap_ok(!text, "'%s': nothing comes back with an error", name);
	free(text);
	why[0] = '\0';
	if (rc)
		regfile_why(rc, &st, (off_t)max, why, len);
	return rc;
}

int main(void)
{
	char dir[] = "/tmp/scn-regfile.XXXXXX", path[256], why[200], *text;
	size_t len;
	int d, fd, rc;

	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	d = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);

	/* A regular file within its bound: read whole, NUL-terminated. */
	snprintf(path, sizeof(path), "%s/status", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	TAP_INT(write(fd, "exit 3\n", 7), 7, "status written");
	close(fd);
	rc = regfile_read_at(d, "status", 4096, &text, &len, NULL);
	TAP_INT(rc, 0, "a regular file is read");
	TAP_STR(rc ? NULL : text, "exit 3\n", "with all its bytes");
	TAP_INT(rc ? 0 : len, 7, "and its length");
	if (!rc)
		free(text);
	rc = regfile_read_at(d, "status", 6, &text, NULL, NULL);
	TAP_INT(rc, -EFBIG, "one byte past the bound is refused");

	/* A symbolic link to a FIFO: refused without being followed. */
	snprintf(path, sizeof(path), "%s/fifo", dir);
	tap_ok(!mkfifo(path, 0600), "a FIFO made");
	tap_ok(!symlinkat(path, d, "link"), "a link to it made");
	rc = read_one(d, "link", 4096, why, sizeof(why));
	TAP_INT(rc, -ELOOP, "a link is not followed");
	TAP_STR(why, "is a symbolic link, not a regular file", "and said");
	rc = read_one(d, "fifo", 4096, why, sizeof(why));
	TAP_INT(rc, -ENODEV, "a FIFO is not opened");
	TAP_STR(why, "is a named pipe, not a regular file", "and said");

	/* A directory, and a device. */
	tap_ok(!mkdirat(d, "dir", 0755), "a directory made");
	rc = read_one(d, "dir", 4096, why, sizeof(why));
	TAP_INT(rc, -EISDIR, "a directory is refused");
	TAP_STR(why, "is a directory, not a regular file", "and said");
	rc = read_one(AT_FDCWD, "/dev/zero", 4096, why, sizeof(why));
	TAP_INT(rc, -ENODEV, "a device is refused");
	TAP_STR(why, "is a device, not a regular file", "and said");

	/* A sparse file of 10 GiB: refused by its size, not read. */
	snprintf(path, sizeof(path), "%s/stdout", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	tap_ok(fd >= 0 && !ftruncate(fd, (off_t)10 << 30), "a 10 GiB sparse file made");
	close(fd);
	rc = read_one(d, "stdout", (size_t)1 << 30, why, sizeof(why));
	TAP_INT(rc, -EFBIG, "a file past the bound is refused");
	TAP_STR(why, "is 10 GiB, more than the 1 GiB scn reads", "and said");
	fd = regfile_open_at(d, "stdout", (off_t)16 << 30, NULL);
	tap_ok(fd >= 0, "within a larger bound it opens");
	if (fd >= 0) {
		tap_ok((fcntl(fd, F_GETFD) & FD_CLOEXEC) != 0, "close-on-exec");
		close(fd);
	}

	/* Nothing there. */
	rc = read_one(d, "result", 4096, why, sizeof(why));
	TAP_INT(rc, -ENOENT, "an absent file is -ENOENT");

	for (const char *const *n = (const char *const[]){ "status", "fifo", "link",
							   "stdout", NULL }; *n; n++)
		unlinkat(d, *n, 0);
	unlinkat(d, "dir", AT_REMOVEDIR);
	close(d);
	rmdir(dir);
	return tap_done();
}
