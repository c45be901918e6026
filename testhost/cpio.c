// SPDX-License-Identifier: GPL-2.0-only
/* cpio: the newc writer of the test host's initramfs (see cpio.h). */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cpio.h"

#define NEWC_MAGIC "070701"

void cpio_init(struct cpio *c, FILE *f)
{
	c->f = f;
	c->ino = 1;
	c->err = 0;
}

static void put(struct cpio *c, const void *p, size_t n)
{
	if (c->err || !n)
		return;
	if (fwrite(p, 1, n, c->f) != n)
		c->err = errno ? -errno : -EIO;
}

/* Zeros up to the next multiple of 4 of the bytes written so far. */
static void pad4(struct cpio *c, size_t written)
{
	static const char zeros[4];

	put(c, zeros, (4 - written % 4) % 4);
}

static void header(struct cpio *c, const char *name, mode_t mode,
		   uint32_t nlink, size_t size, unsigned rmaj, unsigned rmin)
{
	size_t namesize = strlen(name) + 1;
	char h[111];

	if (size > UINT32_MAX) {
		c->err = c->err ? c->err : -EFBIG;
		return;
	}
	/* ino mode uid gid nlink mtime size devmaj devmin rdevmaj rdevmin
	 * namesize check: eight hex digits each. */
	snprintf(h, sizeof(h), "%s%08x%08x%08x%08x%08x%08x%08x%08x%08x%08x%08x%08x%08x",
		 NEWC_MAGIC, c->ino++, (unsigned)mode, 0u, 0u, nlink, 0u,
		 (unsigned)size, 0u, 0u, rmaj, rmin, (unsigned)namesize, 0u);
	put(c, h, 110);
	put(c, name, namesize);
	pad4(c, 110 + namesize);
}

void cpio_dir(struct cpio *c, const char *name, mode_t perm)
{
	header(c, name, S_IFDIR | perm, 2, 0, 0, 0);
}

void cpio_file(struct cpio *c, const char *name, mode_t perm, const void *data,
	       size_t len)
{
	header(c, name, S_IFREG | perm, 1, len, 0, 0);
	put(c, data, len);
	pad4(c, len);
}

void cpio_copy(struct cpio *c, const char *name, mode_t perm, const char *path)
{
	char buf[65536];
	struct stat st;
	size_t done = 0;
	ssize_t n;
	int fd;

	if (c->err)
		return;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		c->err = -errno;
		if (fd >= 0)
			close(fd);
		return;
	}
	header(c, name, S_IFREG | perm, 1, (size_t)st.st_size, 0, 0);
	while (!c->err && done < (size_t)st.st_size) {
		n = read(fd, buf, sizeof(buf));
		if (n <= 0) {
			/* The file shrank under us: the header lied. */
			c->err = n < 0 ? -errno : -EIO;
			break;
		}
		if ((size_t)n > (size_t)st.st_size - done)
			n = (ssize_t)((size_t)st.st_size - done);
		put(c, buf, (size_t)n);
		done += (size_t)n;
	}
	close(fd);
	pad4(c, done);
}

void cpio_chardev(struct cpio *c, const char *name, mode_t perm,
		  unsigned major, unsigned minor)
{
	header(c, name, S_IFCHR | perm, 1, 0, major, minor);
}

int cpio_finish(struct cpio *c)
{
	header(c, "TRAILER!!!", 0, 1, 0, 0, 0);
	if (!c->err && fflush(c->f))
		c->err = -errno;
	return c->err;
}
