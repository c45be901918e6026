// SPDX-License-Identifier: GPL-2.0-only
/*
 * kernel: what `--kernel SPEC` names, made ready to boot.
 *
 *   debian:6.1, debian:6.12, debian:6.12-rt
 *       the newest linux-image-<6.12.*>-amd64-unsigned (or -rt-amd64-
 *       unsigned; never -cloud-) package apt knows, fetched with
 *       `apt-get download` into the cache and unpacked with `dpkg-deb -x`
 *   debian:6.1-arm64, debian:6.12-arm64, debian:6.12-rt-arm64
 *       the same of Debian's arm64 kernels (-arm64-unsigned, never
 *       -16k-), fetched as PACKAGE:arm64 (dpkg --add-architecture arm64
 *       and apt-get update make apt know them)
 *   debian:linux-image-6.12.115+deb12-amd64-unsigned
 *       that package exactly
 *   PATH (a bzImage or an arm64 Image) [--modules DIR]
 *       a kernel you built; DIR is a modules_install root (with
 *       lib/modules/RELEASE), a lib/modules/RELEASE directory, or the
 *       build tree. A bzImage at arch/x86/boot/ (an Image at
 *       arch/arm64/boot/) of a build tree with modules.order finds its
 *       modules without --modules.
 *
 * The cache is $SCN_KERNEL_CACHE, else /var/cache/scn/kernels (root),
 * else ~/.cache/scn/kernels. One lock file serializes the scn processes
 * that fetch; a package is unpacked into a directory of its own and
 * renamed into place whole, so a reader never sees half of one. Without
 * apt (offline), the newest package already in the cache serves.
 */
#ifndef SCN_TH_KERNEL_H
#define SCN_TH_KERNEL_H

#include <limits.h>
#include <stdio.h>

#include "../runtime/err.h"
#include "testhost.h"

struct th_kernel {
	char image[PATH_MAX];		/* the bzImage */
	char modules[PATH_MAX];		/* the modules tree, or "" */
	char cache[PATH_MAX];		/* for decompressed modules, or "" */
	char release[128];		/* from the bzImage's header */
	char package[256];		/* "NAME VERSION" of a Debian kernel */
	enum th_arch arch;		/* by the image's header */
};

/*
 * Resolves spec (and --modules, or NULL) into k, fetching what is needed;
 * progress lines ("fetching ...") go to log if not NULL. Returns 0;
 * -EINVAL for a spec that is not one, -ENOENT for a missing file (both
 * the caller's mistake); -ENOPKG when this machine cannot have the kernel
 * (no apt, no such package, a failed download): err says why.
 */
int th_kernel_resolve(const char *spec, const char *modules, FILE *log,
		      struct th_kernel *k, struct rt_err *err);

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
