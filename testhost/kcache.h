// SPDX-License-Identifier: GPL-2.0-only
/*
 * kcache: the kernel cache, where Debian's kernels are kept unpacked.
 *
 * The cache is $SCN_KERNEL_CACHE, else /var/cache/scn/kernels (root, or a
 * user who may write it), else $XDG_CACHE_HOME/scn/kernels, else
 * ~/.cache/scn/kernels, else (no home) TMPDIR/scn-kernels.UID, a
 * directory of this user's made 0700. Whichever it is, it is checked as
 * the state directory is (runtime/journals.h): a real directory of root's
 * or this user's that no group or other may write; an entry (or a .deb
 * at hand) that another user owns is refused by name.
 *
 * An entry is one release: every package of it unpacked into one tree
 * (CACHE/ENTRY, named by debian.h's th_deb_parts), with the packages'
 * md5sums and each file's size kept beside it (sums.h) and a note
 * (.scn-package) that names the entry, its version, its suite and the
 * packages it was made of, so that a damaged entry is fetched again from
 * the same packages. One lock file serializes the scn processes that
 * fetch; an entry is unpacked aside and renamed into place whole.
 */
#ifndef SCN_TH_KCACHE_H
#define SCN_TH_KCACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../runtime/err.h"
#include "debian.h"
#include "kernel.h"

/* The note an entry keeps, written before the rename. */
#define TH_KC_NOTE ".scn-package"

/* What an entry is made of. */
struct th_kc_want {
	char entry[300];	/* "linux-image-7.3.4+deb13-amd64" */
	char names[4][256];	/* "NAME:ARCH" for apt-get download */
	size_t n;
	char suite[64];		/* or "" */
};

/*
 * The cache directory into buf, made where missing and checked; 0, or
 * -errno with err (-EPERM, -ENOTDIR: another user's, or open to others).
 */
int th_kc_dir(char *buf, size_t len, struct rt_err *err);

/* Takes the cache's lock; the fd to close, or -errno with err. */
int th_kc_lock(const char *cache, struct rt_err *err);

/* The entry and packages of a release of the index. */
void th_kc_want_of(const struct th_deb_rel *r, struct th_kc_want *w);

/*
 * The packages an entry was made of, from its note: true with w filled
 * where the note names them (an older scn's names none).
 */
bool th_kc_entry_want(const char *cache, const char *entry, struct th_kc_want *w);

/*
 * The parts of release rel whose .deb is at hand in the cache (left by an
 * earlier fetch, or put there by hand), as th_deb_part bits, with the
 * version of one into version (len bytes); 0 when none is.
 */
unsigned th_kc_at_hand(const char *cache, const char *rel, char *version,
		       size_t len);

/*
 * Fetches w into its entry (each package's .deb at hand, else apt-get
 * download with debian.h's configuration), replacing an entry there with
 * replace. Under the lock. 0, -ENOPKG when a package cannot be had,
 * -EINTR at a stop signal (what it made is removed), -errno.
 */
int th_kc_fetch(const char *cache, const struct th_kc_want *w, bool replace,
		FILE *log, struct rt_err *err);

/*
 * The entry of w as a kernel, checked, fetched again when damaged
 * (kernel.h says how), fetched first where it is missing. Under the lock.
 * 0, or as th_kernel_resolve.
 */
int th_kc_use(const char *cache, const struct th_kc_want *w, FILE *log,
	      struct th_kernel *k, struct rt_err *err);

#endif
