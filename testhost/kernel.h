// SPDX-License-Identifier: GPL-2.0-only
/*
 * kernel: what `--kernel SPEC` names, made ready to boot.
 *
 *   debian:SERIES[-FLAVOUR], debian:sid[-FLAVOUR], debian:PACKAGE
 *       a release of Debian's (debian.h says which and how it is asked
 *       for), fetched with `apt-get download` into the cache and unpacked
 *       with `dpkg-deb -x` (kcache.h), every package of it into one tree
 *   PATH (a bzImage or an arm64 Image) [--modules DIR]
 *       a kernel you built; DIR is a modules_install root (with
 *       lib/modules/RELEASE), a lib/modules/RELEASE directory, or the
 *       build tree. A bzImage at arch/x86/boot/ (an Image at
 *       arch/arm64/boot/) of a build tree with modules.order finds its
 *       modules without --modules.
 *
 * Without the archive (offline), the newest release already in the cache
 * serves a series.
 *
 * A cached release is checked each time it is used (sums.h): every file
 * of its packages there with its size, the image, the module lists and
 * the config with the packages' own MD5s, each module before it is decompressed,
 * and each decompressed copy read back as a module. A damaged entry is
 * fetched again and replaced whole; where that fails, the error names
 * the entry to remove. An entry an older scn made has no list of its
 * files: it is fetched again once, and used as it is while it cannot be.
 */
#ifndef SCN_TH_KERNEL_H
#define SCN_TH_KERNEL_H

#include <limits.h>
#include <stdio.h>

#include "../common/util.h"
#include "../runtime/err.h"
#include "debian.h"
#include "sums.h"
#include "testhost.h"

struct th_kernel {
	char image[PATH_MAX];		/* the bzImage */
	char modules[PATH_MAX];		/* the modules tree, or "" */
	char cache[PATH_MAX];		/* for decompressed modules, or "" */
	char release[128];		/* from the bzImage's header */
	char config[PATH_MAX];		/* its config file, or "" */
	char package[256];		/* "NAME VERSION" of a Debian kernel */
	char root[PATH_MAX];		/* a Debian kernel's cache entry, or "" */
	struct th_sums *sums;		/* its files, or NULL: not checked */
	enum th_arch arch;		/* by the image's header */
};

/*
 * Whether spec names a kernel scn can have, without fetching a kernel
 * (the archive's lists may be, debian.h): 0; -EINVAL for a spec that
 * names none (an unknown series, a package the archive does not have,
 * --modules with a Debian kernel) and -ENOENT for a missing file, each
 * with what a kernel may be and the nearest spec in err (the caller's
 * mistake). A series the table names is fine here even where the archive
 * cannot be asked: th_kernel_resolve says so (a skip); -EPERM where the
 * cache is another user's.
 */
int th_kernel_check(const char *spec, const char *modules, struct rt_err *err);

/*
 * Resolves spec (and --modules, or NULL) into k, fetching what is needed
 * and fetching again a damaged cache entry; progress lines ("fetching
 * ...") go to log if not NULL. Returns 0; -EINVAL for a spec that is not
 * one (or that the archive, asked, does not have), -ENOENT for a missing
 * file (both the caller's mistake); -ENOPKG when this machine cannot
 * have the kernel (no apt, the archive out of reach, a failed download);
 * -EPERM for a cache or entry of another user's; -EBADMSG for a damaged entry that could not be
 * fetched again (err names it); -EINTR when a stop signal came (what
 * the fetch made is removed). err says why. Free k with th_kernel_free.
 */
int th_kernel_resolve(const char *spec, const char *modules, FILE *log,
		      struct th_kernel *k, struct rt_err *err);
void th_kernel_free(struct th_kernel *k);

/*
 * A file of k (absolute) is the package's: 0 where k is not checked;
 * -EBADMSG with err naming the entry when it is damaged.
 */
int th_kernel_verify(const struct th_kernel *k, const char *path,
		     struct rt_err *err);

/*
 * Fetches k's package again and replaces its cache entry (damage found
 * in a file th_kernel_resolve does not read through). 0 with k made
 * anew, or as th_kernel_resolve.
 */
int th_kernel_repair(struct th_kernel *k, FILE *log, struct rt_err *err);

/*
 * The index of Debian's archive (debian.h), fresh (apt-get update where
 * it is a day old), with the cache's releases marked, and the cache's
 * path into cache: for `scn kernel --list`. 0 or -errno with err.
 */
int th_kernel_index(struct th_deb_index *ix, char *cache, size_t len, FILE *log,
		    struct rt_err *err);

/*
 * The specs there are, "debian:6.1 debian:6.1-rt ...", from the index as
 * the cache has it (never asking the archive), into sb: for usage errors.
 */
void th_kernel_specs(struct strbuf *sb);

/* The release a bzImage names in its setup header, into buf; 0 or -errno. */
int th_bzimage_release(const char *path, char *buf, size_t len);

/*
 * The path of a static busybox for a (Debian's busybox-static:arm64),
 * fetched into the kernel cache once, into buf: an aarch64 test host's
 * /bin/sh and commands, where this machine's cannot run. 0; -ENOPKG with
 * err when this machine cannot have it.
 */
int th_busybox_resolve(enum th_arch a, FILE *log, char *buf, size_t len,
		       struct rt_err *err);

#endif
