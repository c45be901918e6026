// SPDX-License-Identifier: GPL-2.0-only
/*
 * sums: what a cached Debian kernel must hold, to tell a damaged cache
 * entry from a good one. When a package is unpacked, its own list of
 * checksums (DEBIAN/md5sums in the .deb) is kept beside the tree with
 * each file's size: "MD5 SIZE PATH" lines, PATH relative to the tree.
 * A later run checks the sizes of every listed file (cheap: a stat each)
 * and the MD5 of the files it reads (the kernel image, the module lists,
 * each module before it is decompressed).
 */
#ifndef SCN_TH_SUMS_H
#define SCN_TH_SUMS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../runtime/err.h"

/* The list a tree keeps, beside its files. */
#define TH_SUMS_FILE ".scn-files"

struct th_sum {
	char *path;		/* relative to the tree */
	int64_t size;
	char md5[33];		/* lower-case hex */
};

struct th_sums {
	char *root;		/* the tree */
	struct th_sum *v;	/* sorted by path */
	size_t n, cap;
};

/* The MD5 of len bytes at data, as 32 hex digits and a NUL. */
void th_md5(const void *data, size_t len, char hex[33]);
/* The MD5 of a file; 0 or -errno. */
int th_md5_file(const char *path, char hex[33]);

/*
 * Writes root/TH_SUMS_FILE from an md5sums file (dpkg's "MD5  PATH"
 * lines), with the size each file has in root now. 0, or -errno with
 * err (-EBADMSG when a listed file is not there).
 */
int th_sums_write(const char *root, const char *md5sums, struct rt_err *err);

/*
 * Reads root/TH_SUMS_FILE into s (free with th_sums_free). 0; -ENOENT
 * when the tree has none; -EBADMSG with err when it is not one.
 */
int th_sums_load(struct th_sums *s, const char *root, struct rt_err *err);
void th_sums_free(struct th_sums *s);

/* The entry of an absolute path inside the tree; NULL when unlisted. */
const struct th_sum *th_sums_find(const struct th_sums *s, const char *path);

/*
 * Every listed file is there, a regular file of its size. 0, or -EBADMSG
 * with err naming the first that is not.
 */
int th_sums_check_sizes(const struct th_sums *s, struct rt_err *err);

/*
 * The file at path (absolute, inside the tree) is listed, of its size
 * and its MD5. 0, or -EBADMSG with err saying what differs.
 */
int th_sums_check_file(const struct th_sums *s, const char *path,
		       struct rt_err *err);

#endif
