// SPDX-License-Identifier: GPL-2.0-only
/* kernel: --kernel SPEC resolved, fetched and unpacked (see kernel.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/util.h"
#include "arch.h"
#include "debian.h"
#include "helper.h"
#include "kcache.h"
#include "kernel.h"

int th_bzimage_release(const char *path, char *buf, size_t len)
{
	unsigned char h[0x210];
	char text[256];
	unsigned off;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	n = pread(fd, h, sizeof(h), 0);
	/* The x86 boot protocol: "HdrS" at 0x202, and at 0x20e the offset
	 * (from 0x200) of a string that starts with the release. */
	if (n != (ssize_t)sizeof(h) || memcmp(h + 0x202, "HdrS", 4)) {
		close(fd);
		return -ENOEXEC;
	}
	off = (unsigned)h[0x20e] | (unsigned)h[0x20f] << 8;
	n = pread(fd, text, sizeof(text) - 1, 0x200 + (off_t)off);
	close(fd);
	if (!off || n <= 0)
		return -ENOEXEC;
	text[n] = '\0';
	th_path(buf, len, "%.*s", (int)strcspn(text, " "), text);
	return 0;
}

static bool is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* ---- a kernel you built ------------------------------------------------- */

/* The modules tree that DIR (as --modules takes it) holds for release. */
static void modules_tree(const char *dir, const char *release, char *out,
			 size_t len)
{
	char path[PATH_MAX];
	struct dirent *e;
	int found = 0;
	DIR *d;

	th_path(path, sizeof(path), "%s/lib/modules/%s", dir, release);
	if (is_dir(path)) {
		th_path(out, len, "%s", path);
		return;
	}
	/* One release installed under another name: take it, and let the
	 * module loader's vermagic check speak if it does not fit. */
	th_path(path, sizeof(path), "%s/lib/modules", dir);
	d = opendir(path);
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		th_path(out, len, "%s/%s", path, e->d_name);
		found++;
	}
	if (d)
		closedir(d);
	if (found != 1)
		th_path(out, len, "%s", dir);
}

static int resolve_path(const char *spec, const char *modules,
			struct th_kernel *k, struct rt_err *err)
{
	char tree[PATH_MAX];
	const char *tail = "/arch/x86/boot/bzImage";
	size_t n = strlen(spec), t;
	int rc;

	if (!realpath(spec, k->image))
		return rt_fail_errno(err, errno, "kernel '%s'", spec);
	if (!is_file(k->image))
		return rt_fail(err, -ENOENT, "kernel '%s' is not a file", spec);
	rc = th_bzimage_release(k->image, k->release, sizeof(k->release));
	if (rc && th_image_arch(k->image, &k->arch) == 0 &&
	    k->arch != TH_ARCH_X86_64) {
		tail = k->arch == TH_ARCH_AARCH64 ? "/arch/arm64/boot/Image" :
		       "/arch/riscv/boot/Image";
		rc = th_image_release_arm64(k->image, k->release, sizeof(k->release));
	}
	if (rc)
		return rt_fail(err, -EINVAL, "'%s' is not an x86 bzImage or an "
			       "arm64 or RISC-V Image (a kernel build leaves one "
			       "at arch/x86/boot/bzImage, arch/arm64/boot/Image "
			       "or arch/riscv/boot/Image; a compressed Image.gz "
			       "will not do)", spec);
	t = strlen(tail);
	/* A build tree's own image: its .config is the tree's (absolute: the
	 * test host reads it). */
	{
		size_t ni = strlen(k->image);

		if (ni > t && !strcmp(k->image + ni - t, tail) &&
		    (th_path(k->config, sizeof(k->config), "%.*s/.config",
			     (int)(ni - t), k->image) || !is_file(k->config)))
			k->config[0] = '\0';
	}
	if (modules) {
		if (!is_dir(modules))
			return rt_fail(err, -ENOENT, "--modules '%s' is not a "
				       "directory", modules);
		modules_tree(modules, k->release, k->modules, sizeof(k->modules));
		return 0;
	}
	/* A build tree's own bzImage: its modules are beside it. */
	if (n > t && !strcmp(spec + n - t, tail)) {
		th_path(tree, sizeof(tree), "%.*s/modules.order", (int)(n - t), spec);
		if (is_file(tree))
			th_path(k->modules, sizeof(k->modules), "%.*s",
				 (int)(n - t), spec);
	}
	return 0;
}

/* ---- Debian's kernels --------------------------------------------------- */

/* What a kernel may be, in a message; the CLI says more (th_deb_grammar). */
#define SPECS "debian:SERIES[-FLAVOUR], debian:PACKAGE, or the path of a " \
	"bzImage or an arm64 or RISC-V Image"

/* "did you mean debian:7.3?" for what, from what the cache knows. */
static void nearest(const char *what, char *buf, size_t len)
{
	struct th_deb_index ix;
	struct rt_err err;
	char cache[PATH_MAX], near[300];

	buf[0] = '\0';
	if (th_kc_dir(cache, sizeof(cache), &err) ||
	    th_deb_index_get(cache, TH_DEB_AS_IS, NULL, &ix, &err))
		memset(&ix, 0, sizeof(ix));
	th_deb_nearest(&ix, what, near, sizeof(near));
	if (near[0])
		th_path(buf, len, "did you mean %s?", near);
	th_deb_index_free(&ix);
}

/* The index of the cache, refreshed as refresh says, under its lock. */
static int index_locked(const char *cache, enum th_deb_refresh refresh, FILE *log,
			struct th_deb_index *ix, struct rt_err *err)
{
	int lock = th_kc_lock(cache, err), rc;

	if (lock < 0)
		return lock;
	rc = th_deb_index_get(cache, refresh, log, ix, err);
	close(lock);
	return rc;
}

/*
 * The release spec s names, by the index (refreshed where it misses),
 * into r; the entry and packages into w. 0; -EINVAL when the archive's
 * index (fresh) has no such release; -ENOPKG when the archive cannot be
 * asked and the cache has none; -EINTR. Under the cache's lock.
 */
static int pick(const char *cache, const char *what, const struct th_deb_spec *s,
		FILE *log, struct th_kc_want *w, struct rt_err *err)
{
	struct th_deb_index ix;
	const struct th_deb_rel *r = NULL, *part = NULL;
	struct th_deb_rel hand = { 0 };
	char version[64] = "";
	unsigned at_hand;
	int rc;

	if (s->kind == TH_DEB_PACKAGE) {
		/* What the cache, the index as it is, or a .deb at hand knows
		 * needs no apt; the .debs at hand complete what the lists
		 * have of a release (an older backport's modules, say). */
		at_hand = th_kc_at_hand(cache, s->rel, version, sizeof(version));
		rc = th_deb_index_get(cache, TH_DEB_AS_IS, log, &ix, err);
		if (!rc && !th_deb_find(&ix, s->rel) && !at_hand) {
			th_deb_index_free(&ix);
			rc = th_deb_index_get(cache, TH_DEB_MISS, log, &ix, err);
		}
		if (!rc && (r = th_deb_find(&ix, s->rel))) {
			hand = *r;
			hand.parts |= at_hand;
		} else if (!rc) {
			/* Not in the lists: the .debs at hand, else the
			 * package's own kind says the layout, and apt-get
			 * download will say the rest. */
			snprintf(hand.rel, sizeof(hand.rel), "%s", s->rel);
			snprintf(hand.version, sizeof(hand.version), "%s", version);
			hand.flavour = s->flavour;
			hand.parts = at_hand ? at_hand :
				     s->part == TH_DEB_IMAGE_UNSIGNED ||
				     s->part == TH_DEB_IMAGE ? s->part :
				     TH_DEB_BINARY_UNSIGNED | TH_DEB_MODULES |
				     TH_DEB_BASE;
		}
		r = rc ? NULL : &hand;
		if (r && !th_deb_complete(r))
			part = r;
	} else {
		rc = th_deb_index_get(cache, TH_DEB_FRESH, log, &ix, err);
		if (!rc && !(r = th_deb_newest(&ix, s, false))) {
			th_deb_index_free(&ix);
			rc = th_deb_index_get(cache, TH_DEB_MISS, log, &ix, err);
			if (!rc)
				r = th_deb_newest(&ix, s, false);
		}
		/* A release the lists have only in part: the .debs at hand
		 * may complete it; else it is said so, not unknown. */
		if (!rc && !r && (part = th_deb_newest(&ix, s, true))) {
			hand = *part;
			hand.parts |= th_kc_at_hand(cache, part->rel, version,
						    sizeof(version));
			if (th_deb_complete(&hand)) {
				r = &hand;
				part = NULL;
			}
		}
		if (!rc && !r && !part) {
			char near[96];

			th_deb_nearest(&ix, what, near, sizeof(near));
			rc = rt_fail(err, ix.archive ? -EINVAL : -ENOPKG,
				     "Debian's archive %s no kernel 'debian:%s'%s%s%s",
				     ix.archive ? "has" : "cannot be asked, and the "
				     "kernel cache has", what, near[0] ? " (did you mean " : "",
				     near, near[0] ? "?)" : "");
		}
	}
	if (!rc && part) {
		char missing[160];

		th_deb_missing(part, missing, sizeof(missing));
		rc = rt_fail(err, -ENOPKG, "Debian's archive lists no %s: %s cannot "
			     "boot (older backports keep their signed images only; scn "
			     "kernel --list says what can; the missing .debs put into %s "
			     "complete it)", missing, part->rel, cache);
	}
	if (!rc) {
		th_kc_want_of(r, w);
		if (!w->n)
			rc = rt_fail(err, -ENOPKG, "Debian's archive has no kernel image "
				     "of release %s", r->rel);
	}
	th_deb_index_free(&ix);
	return rc;
}

/* The usage error of a Debian spec that names nothing; why says why. */
static int unknown(const char *what, const char *why, struct rt_err *err)
{
	char near[128];

	nearest(what, near, sizeof(near));
	if (!why[0] && !near[0])
		return rt_fail(err, -EINVAL, "unknown kernel 'debian:%s': a kernel "
			       "is %s", what, SPECS);
	return rt_fail(err, -EINVAL, "unknown kernel 'debian:%s' (%s%s%s): a kernel "
		       "is %s", what, why, why[0] && near[0] ? "; " : "", near, SPECS);
}

/* Whether ix has what s asks for. */
static bool has(const struct th_deb_index *ix, const struct th_deb_spec *s)
{
	return s->kind == TH_DEB_PACKAGE ? th_deb_find(ix, s->rel) != NULL :
	       th_deb_newest(ix, s, true) != NULL;
}

static int check_debian(const char *what, struct rt_err *err)
{
	struct th_deb_index ix;
	struct th_deb_spec s;
	char cache[PATH_MAX], entry[300], names[4][256];
	bool found, archive;
	int rc;

	if (th_deb_parse(what, &s))
		return unknown(what, "", err);
	/* The series the table names are never wrong: a skip at worst. */
	if (th_deb_is_named(&s))
		return 0;
	rc = th_kc_dir(cache, sizeof(cache), err);
	if (rc)
		return rc;
	if (s.kind == TH_DEB_PACKAGE) {
		char version[64];
		struct th_deb_rel r = { .parts = s.part };

		snprintf(r.rel, sizeof(r.rel), "%s", s.rel);
		r.flavour = s.flavour;
		th_deb_parts(&r, entry, sizeof(entry), names, 4);
		if (th_kc_at_hand(cache, s.rel, version, sizeof(version)) ||
		    (!th_path(names[0], sizeof(names[0]), "%s/%s", cache, entry) &&
		     !access(names[0], F_OK)))
			return 0;
	}
	rc = index_locked(cache, TH_DEB_FRESH, NULL, &ix, err);
	found = !rc && has(&ix, &s);
	if (!rc && !found) {
		th_deb_index_free(&ix);
		rc = index_locked(cache, TH_DEB_MISS, NULL, &ix, err);
		found = !rc && has(&ix, &s);
	}
	archive = ix.archive;
	th_deb_index_free(&ix);
	if (rc || found)
		return rc;
	/* Where the archive cannot be asked, a package may still come: the
	 * fetch will say. */
	if (!archive && s.kind == TH_DEB_PACKAGE)
		return 0;
	return unknown(what, !archive ? "scn knows no such series, and Debian's "
		       "archive cannot be asked" : s.kind == TH_DEB_PACKAGE ?
		       "Debian's archive has no such package" :
		       "Debian's archive has no such series", err);
}

/* "debain:6.12": a prefix a letter or two off "debian" is a typo. */
static bool typo_of_debian(const char *spec, const char **rest)
{
	const char *colon = strchr(spec, ':');
	char word[16];
	struct th_deb_spec s;

	if (!colon || colon == spec || (size_t)(colon - spec) >= sizeof(word))
		return false;
	snprintf(word, sizeof(word), "%.*s", (int)(colon - spec), spec);
	*rest = colon + 1;
	return edit_distance(word, "debian", 2) <= 2 && !th_deb_parse(*rest, &s);
}

int th_kernel_check(const char *spec, const char *modules, struct rt_err *err)
{
	char near[64] = "";
	const char *rest;
	struct stat st;
	int e;

	if (!strncmp(spec, "debian:", 7)) {
		if (modules)
			return rt_fail(err, -EINVAL, "--modules goes with a kernel "
				       "you built, not with '%s'", spec);
		return check_debian(spec + 7, err);
	}
	if (stat(spec, &st) == 0 && S_ISREG(st.st_mode))
		return 0;
	e = errno;
	if (stat(spec, &st) == 0)
		return rt_fail(err, -ENOENT, "kernel '%s' is not a file (a kernel "
			       "is %s)", spec, SPECS);
	if (typo_of_debian(spec, &rest))
		snprintf(near, sizeof(near), "; did you mean debian:%.40s?", rest);
	return rt_fail(err, -ENOENT, "kernel '%s': %s%s (a kernel is %s)", spec,
		       strerror(e), near, SPECS);
}

static int resolve_debian(const char *what, FILE *log, struct th_kernel *k,
			  struct rt_err *err)
{
	char cache[PATH_MAX];
	struct th_deb_spec s;
	struct th_kc_want w;
	int lock, rc;

	if (th_deb_parse(what, &s))
		return unknown(what, "", err);
	rc = th_kc_dir(cache, sizeof(cache), err);
	if (rc)
		return rc;
	lock = th_kc_lock(cache, err);
	if (lock < 0)
		return lock;
	rc = pick(cache, what, &s, log, &w, err);
	if (!rc)
		rc = th_kc_use(cache, &w, log, k, err);
	close(lock);
	return rc;
}

int th_kernel_resolve(const char *spec, const char *modules, FILE *log,
		      struct th_kernel *k, struct rt_err *err)
{
	int rc;

	memset(k, 0, sizeof(*k));
	if (!strncmp(spec, "debian:", 7)) {
		if (modules)
			return rt_fail(err, -EINVAL, "--modules goes with a kernel "
				       "you built, not with '%s'", spec);
		rc = resolve_debian(spec + 7, log, k, err);
	} else {
		rc = resolve_path(spec, modules, k, err);
	}
	/* The image's header says; a compressed one leaves the spec's word. */
	if (!rc && th_image_arch(k->image, &k->arch))
		k->arch = th_spec_arch(spec);
	return rc;
}

int th_kernel_index(struct th_deb_index *ix, char *cache, size_t len, FILE *log,
		    struct rt_err *err)
{
	int rc = th_kc_dir(cache, len, err);

	memset(ix, 0, sizeof(*ix));
	return rc ? rc : index_locked(cache, TH_DEB_FRESH, log, ix, err);
}

void th_kernel_specs(struct strbuf *sb)
{
	struct th_deb_index ix = { 0 };
	char cache[PATH_MAX];
	struct rt_err err;

	if (th_kc_dir(cache, sizeof(cache), &err) ||
	    th_deb_index_get(cache, TH_DEB_AS_IS, NULL, &ix, &err))
		memset(&ix, 0, sizeof(ix));
	th_deb_specs(&ix, sb);
	th_deb_index_free(&ix);
}

/* Debian's static busybox of an architecture, as the cache keeps it:
 * bookworm's, as the machine's own apt gave it before; trixie's for
 * riscv64, which bookworm has no port of. */
#define BUSYBOX_PKG "busybox-static"

int th_busybox_resolve(enum th_arch a, FILE *log, char *buf, size_t len,
		       struct rt_err *err)
{
	char cache[PATH_MAX], dir[PATH_MAX + 64];
	struct th_kc_want w = { .n = 1 };
	struct th_deb_index ix;
	int lock, rc = 0;

	th_path(w.entry, sizeof(w.entry), "%s:%s", BUSYBOX_PKG, th_arch_debian(a));
	th_path(w.names[0], sizeof(w.names[0]), "%s/%s", w.entry,
		a == TH_ARCH_RISCV64 ? "trixie" : "bookworm");
	rc = th_kc_dir(cache, sizeof(cache), err);
	if (rc)
		return rc;
	lock = th_kc_lock(cache, err);
	if (lock < 0)
		return lock;
	th_path(dir, sizeof(dir), "%s/%s", cache, w.entry);
	if (!is_dir(dir)) {
		/* apt-get download needs the lists. */
		rc = th_deb_index_get(cache, TH_DEB_FRESH, log, &ix, err);
		th_deb_index_free(&ix);
		if (!rc)
			rc = th_kc_fetch(cache, &w, false, log, err);
	}
	/* bookworm's package has bin/busybox, trixie's (merged /usr)
	 * usr/bin/busybox. */
	if (!rc && (th_path(buf, len, "%s/bin/busybox", dir) || !is_file(buf)) &&
	    (th_path(buf, len, "%s/usr/bin/busybox", dir) || !is_file(buf)))
		rc = rt_fail(err, -ENOPKG, "'%s' holds no bin/busybox or "
			     "usr/bin/busybox", dir);
	close(lock);
	return rc;
}

void th_kernel_free(struct th_kernel *k)
{
	if (k->sums) {
		th_sums_free(k->sums);
		free(k->sums);
		k->sums = NULL;
	}
}

int th_kernel_verify(const struct th_kernel *k, const char *path,
		     struct rt_err *err)
{
	int rc;

	if (!k->sums)
		return 0;
	rc = th_sums_check_file(k->sums, path, err);
	if (rc) {
		char why[sizeof(err->msg)];

		snprintf(why, sizeof(why), "%s", err->msg);
		rt_fail(err, rc, "the kernel cache entry '%s' is damaged (%s)",
			k->root, why);
	}
	return rc;
}

int th_kernel_repair(struct th_kernel *k, FILE *log, struct rt_err *err)
{
	char cache[PATH_MAX], why[sizeof(err->msg)], then[sizeof(err->msg)];
	const char *slash = strrchr(k->root, '/');
	struct th_kc_want w = { .n = 1 };
	int lock, rc;

	if (!k->root[0] || !slash)
		return -EBADMSG;	/* err says why already */
	snprintf(why, sizeof(why), "%s", err->msg);
	th_path(cache, sizeof(cache), "%.*s", (int)(slash - k->root), k->root);
	th_path(w.entry, sizeof(w.entry), "%s", slash + 1);
	/* An older scn's entry was one package, named as the entry. */
	if (!th_kc_entry_want(cache, w.entry, &w))
		th_path(w.names[0], sizeof(w.names[0]), "%s", w.entry);
	lock = th_kc_lock(cache, err);
	if (lock < 0)
		return lock;
	if (log)
		fprintf(log, "# test host: %s: fetching it again\n", why);
	rc = th_kc_fetch(cache, &w, true, log, err);
	if (!rc) {
		th_kernel_free(k);
		rc = th_kc_use(cache, &w, log, k, err);
	}
	if (rc && rc != -EINTR) {
		snprintf(then, sizeof(then), "%s", err->msg);
		/* why names the entry (th_kernel_verify). */
		rc = rt_fail(err, -EBADMSG, "%s; remove it and run again (fetching "
			     "it again failed: %s)", why, then);
	}
	close(lock);
	return rc;
}
