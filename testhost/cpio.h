// SPDX-License-Identifier: GPL-2.0-only
/*
 * cpio: writes an initramfs in the "newc" format the kernel unpacks
 * (Documentation/driver-api/early-userspace/buffer-format.rst): per entry
 * a 110-byte ASCII header, the name, the data, each padded to 4 bytes,
 * and a "TRAILER!!!" entry at the end. Uncompressed: under TCG the kernel
 * unpacks plain bytes faster than it inflates them.
 *
 * Errors are sticky: every call after a failed write does nothing, and
 * cpio_finish() returns the first error.
 */
#ifndef SCN_TH_CPIO_H
#define SCN_TH_CPIO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

struct cpio {
	FILE *f;		/* borrowed */
	uint32_t ino;
	int err;		/* the first -errno */
};

void cpio_init(struct cpio *c, FILE *f);
/* A directory; its parents must come first. */
void cpio_dir(struct cpio *c, const char *name, mode_t perm);
/* A regular file holding len bytes of data. */
void cpio_file(struct cpio *c, const char *name, mode_t perm, const void *data,
	       size_t len);
/* A regular file with the contents of path on this machine. */
void cpio_copy(struct cpio *c, const char *name, mode_t perm, const char *path);
/* A character device node. */
void cpio_chardev(struct cpio *c, const char *name, mode_t perm,
		  unsigned major, unsigned minor);
/* Writes the trailer and flushes; 0 or the first -errno. */
int cpio_finish(struct cpio *c);

#endif
