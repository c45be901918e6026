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
#include "kernel.h"
#include "helper.h"

#define PKG_PREFIX "linux-image-"
/* A spec's tail that asks for Debian's arm64 build: debian:6.12-arm64. */
#define ARM64_TAIL "-arm64"
/* An unpacked package's "NAME VERSION", written before the rename. */
#define PKG_NOTE ".scn-package"

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

/* mkdir -p; 0 or -errno. */
static int make_dirs(const char *path)
{
	char buf[PATH_MAX];

	th_path(buf, sizeof(buf), "%s", path);
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0755) && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	if (mkdir(buf, 0755) && errno != EEXIST)
		return -errno;
	return 0;
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
	    k->arch == TH_ARCH_AARCH64) {
		tail = "/arch/arm64/boot/Image";
		rc = th_image_release_arm64(k->image, k->release, sizeof(k->release));
	}
	if (rc)
		return rt_fail(err, -EINVAL, "'%s' is not an x86 bzImage or an "
			       "arm64 Image (a kernel build leaves one at "
			       "arch/x86/boot/bzImage or arch/arm64/boot/Image; "
			       "a compressed Image.gz will not do)", spec);
	t = strlen(tail);
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

static void cache_dir(char *buf, size_t len)
{
	const char *env = getenv("SCN_KERNEL_CACHE"), *home;

	if (env && *env) {
		th_path(buf, len, "%s", env);
		return;
	}
	if (geteuid() == 0 || access("/var/cache/scn/kernels", W_OK) == 0) {
		th_path(buf, len, "/var/cache/scn/kernels");
		return;
	}
	env = getenv("XDG_CACHE_HOME");
	home = getenv("HOME");
	if (env && *env)
		th_path(buf, len, "%s/scn/kernels", env);
	else
		th_path(buf, len, "%s/.cache/scn/kernels", home ? home : "/tmp");
}

/* What a package of the flavour ends with: "-rt-arm64-unsigned". */
static void pkg_suffix(bool rt, const char *arch, char *buf, size_t len)
{
	th_path(buf, len, "%s-%s-unsigned", rt ? "-rt" : "", arch);
}

/*
 * Whether a package name is what "debian:SERIES[-rt]" asks for of
 * Debian's architecture arch: linux-image-SERIES.* ending in
 * -ARCH-unsigned (-rt-ARCH-unsigned).
 */
static bool wanted(const char *name, const char *series, bool rt,
		   const char *arch)
{
	size_t np = strlen(PKG_PREFIX), ns = strlen(series), n = strlen(name);
	const char *ver = name + np;
	char suffix[64];
	size_t nx;

	pkg_suffix(rt, arch, suffix, sizeof(suffix));
	nx = strlen(suffix);
	if (strncmp(name, PKG_PREFIX, np) || strncmp(ver, series, ns) ||
	    ver[ns] != '.' || n < np + ns + nx || strcmp(name + n - nx, suffix))
		return false;
	return rt || (!strstr(ver, "-rt-") && !strstr(ver, "-cloud-"));
}

/* The newest wanted name of a newline-separated list, into best. */
static void pick_newest(char *list, const char *series, bool rt,
			const char *arch, char *best, size_t len)
{
	char *save = NULL;

	for (char *s = strtok_r(list, "\n", &save); s; s = strtok_r(NULL, "\n", &save))
		if (wanted(s, series, rt, arch) && (!*best || strverscmp(s, best) > 0))
			th_path(best, len, "%s", s);
}

/*
 * The kernel packages apt knows (apt-cache pkgnames linux-image-), one a
 * line, into names. -errno when apt-cache cannot run; an empty list
 * where apt has no lists.
 */
static int apt_names(struct strbuf *names, struct rt_err *err)
{
	const char *argv[] = { "apt-cache", "pkgnames", PKG_PREFIX, NULL };
	struct th_spawn s = { .argv = argv, .out_fd = -1, .out = names };
	int rc = th_spawn_run(&s);

	if (rc == -EINTR)
		return rt_fail(err, -EINTR, "while asking apt-cache which kernels there are");
	if (rc < 0)
		return rt_fail_errno(err, -rc, "apt-cache");
	return 0;
}

/* The newest package of the series apt knows; "" when none. */
static int apt_newest(const char *series, bool rt, const char *arch,
		      char *best, size_t len, struct rt_err *err)
{
	struct strbuf out;
	int rc;

	sb_init(&out);
	rc = apt_names(&out, err);
	best[0] = '\0';
	if (rc == 0 && out.len)
		pick_newest(out.buf, series, rt, arch, best, len);
	sb_free(&out);
	return rc;
}

/*
 * apt-cache takes a second or more to answer, so its answer is kept in
 * cache/.newest-SERIES[-rt] with the time apt's lists last changed, and
 * reused until they change (apt-get update).
 */
static void lists_stamp(char *buf, size_t len)
{
	struct stat st;

	if (stat("/var/lib/apt/lists", &st))
		snprintf(buf, len, "none");
	else
		snprintf(buf, len, "%lld.%09ld", (long long)st.st_mtim.tv_sec,
			 st.st_mtim.tv_nsec);
}

/* .newest-6.12-rt of amd64 (as before arm64 came), .newest-6.12-rt-arm64. */
static void memo_path(const char *cache, const char *series, bool rt,
		      const char *arch, char *buf, size_t len)
{
	bool other = strcmp(arch, "amd64");

	th_path(buf, len, "%s/.newest-%s%s%s%s", cache, series, rt ? "-rt" : "",
		other ? "-" : "", other ? arch : "");
}

static void memo_read(const char *cache, const char *series, bool rt,
		      const char *arch, char *pkg, size_t len)
{
	char path[PATH_MAX], stamp[64], line[320];
	FILE *f;

	pkg[0] = '\0';
	memo_path(cache, series, rt, arch, path, sizeof(path));
	lists_stamp(stamp, sizeof(stamp));
	f = fopen(path, "re");
	if (!f)
		return;
	if (fgets(line, sizeof(line), f) && !strncmp(line, stamp, strlen(stamp)) &&
	    line[strlen(stamp)] == '\n' && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (wanted(line, series, rt, arch))
			th_path(pkg, len, "%s", line);
	}
	fclose(f);
}

static void memo_write(const char *cache, const char *series, bool rt,
		       const char *arch, const char *pkg)
{
	char path[PATH_MAX], stamp[64];
	FILE *f;

	memo_path(cache, series, rt, arch, path, sizeof(path));
	lists_stamp(stamp, sizeof(stamp));
	f = fopen(path, "we");
	if (!f)
		return;
	fprintf(f, "%s\n%s\n", stamp, pkg);
	fclose(f);
}

/* The newest wanted package already unpacked in the cache; "" when none. */
static void cached_newest(const char *cache, const char *series, bool rt,
			  const char *arch, char *best, size_t len)
{
	struct strbuf names;
	struct dirent *e;
	DIR *d = opendir(cache);

	best[0] = '\0';
	if (!d)
		return;
	sb_init(&names);
	while ((e = readdir(d)))
		sb_printf(&names, "%s\n", e->d_name);
	closedir(d);
	pick_newest(names.buf, series, rt, arch, best, len);
	sb_free(&names);
}

/*
 * A .deb of pkg in dir (left by an earlier fetch or by hand); "" if none.
 * "NAME:ARCH" is NAME's.
 */
static void find_deb(const char *dir, const char *pkg, char *out, size_t len)
{
	size_t n = strcspn(pkg, ":");
	struct dirent *e;
	DIR *d = opendir(dir);

	out[0] = '\0';
	while (d && (e = readdir(d))) {
		size_t m = strlen(e->d_name);

		if (!strncmp(e->d_name, pkg, n) && e->d_name[n] == '_' &&
		    m > 4 && !strcmp(e->d_name + m - 4, ".deb")) {
			th_path(out, len, "%s/%s", dir, e->d_name);
			break;
		}
	}
	if (d)
		closedir(d);
}

/* "NAME_VERSION_ARCH.deb" -> "NAME VERSION" ("%3a" is an epoch's ':'). */
static void deb_note(const char *deb, char *buf, size_t len)
{
	const char *base = strrchr(deb, '/');
	char name[512], *u1, *u2, *ep;

	th_path(name, sizeof(name), "%s", base ? base + 1 : deb);
	u1 = strchr(name, '_');
	u2 = u1 ? strchr(u1 + 1, '_') : NULL;
	if (!u2) {
		th_path(buf, len, "%s", name);
		return;
	}
	*u1 = ' ';
	*u2 = '\0';
	if ((ep = strstr(name, "%3a"))) {
		*ep = ':';
		memmove(ep + 1, ep + 3, strlen(ep + 3) + 1);
	}
	th_path(buf, len, "%s", name);
}

/* Writes "NAME VERSION" of deb into the unpacked tree. */
static int write_note(const char *unpack, const char *deb, struct rt_err *err)
{
	char path[PATH_MAX], note[600];
	int fd;

	deb_note(deb, note, sizeof(note));
	th_path(path, sizeof(path), "%s/%s", unpack, PKG_NOTE);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || dprintf(fd, "%s\n", note) < 0) {
		int rc = rt_fail_errno(err, errno, "writing '%s'", path);

		if (fd >= 0)
			close(fd);
		return rc;
	}
	close(fd);
	return 0;
}

/*
 * What a fetch that was killed left: every fetch runs under the cache's
 * lock, so a .fetch-PID (or .broken-PID) directory seen while holding it
 * is no one's.
 */
static bool fetch_dir(const char *name)
{
	return !strncmp(name, ".fetch-", 7) || !strncmp(name, ".broken-", 8);
}

/* Runs a helper of the fetch; its failure (or a stop signal) into err. */
static int fetch_step(const char *const *argv, const char *cwd, const char *pkg,
		      struct rt_err *err)
{
	struct th_spawn s = { .argv = argv, .cwd = cwd, .out_fd = -1 };
	int rc = th_spawn_run(&s);

	if (rc == -EINTR)
		return rt_fail(err, -EINTR, "while fetching %s (%s %s stopped)", pkg,
			       argv[0], argv[1]);
	if (rc < 0)
		return rt_fail_errno(err, -rc, "%s", argv[0]);
	if (rc)
		return rt_fail(err, -ENOPKG, "%s %s %s failed (exit %d): %s", argv[0],
			       argv[1], pkg, rc, s.err);
	return 0;
}

/*
 * What apt-get download takes for pkg: an arm64 kernel is asked for as
 * NAME:arm64 (apt-get would look for this machine's architecture); a
 * NAME:ARCH stays as it is.
 */
static void apt_name(const char *pkg, char *buf, size_t len)
{
	size_t n = strlen(pkg), t = strlen("-arm64-unsigned");

	if (!strchr(pkg, ':') && n > t && !strcmp(pkg + n - t, "-arm64-unsigned"))
		th_path(buf, len, "%s:arm64", pkg);
	else
		th_path(buf, len, "%s", pkg);
}

/*
 * Downloads (unless a .deb is at hand) and unpacks pkg to cache/pkg, with
 * the package's own list of files and MD5s (sums.h). With replace, an
 * entry already there (a damaged one) is replaced by the new one whole.
 */
static int fetch(const char *cache, const char *pkg, bool replace, FILE *log,
		 struct rt_err *err)
{
	char work[PATH_MAX], deb[PATH_MAX], unpack[PATH_MAX + 8], final[PATH_MAX];
	char control[PATH_MAX + 8], sums[PATH_MAX + 16], aside[PATH_MAX];
	int rc;

	if (th_path(work, sizeof(work), "%s/.fetch-%d", cache, (int)getpid()) ||
	    th_path(unpack, sizeof(unpack), "%s/root", work) ||
	    th_path(control, sizeof(control), "%s/control", work) ||
	    th_path(sums, sizeof(sums), "%s/md5sums", control) ||
	    th_path(final, sizeof(final), "%s/%s", cache, pkg) ||
	    th_path(aside, sizeof(aside), "%s/.broken-%d", cache, (int)getpid()))
		return rt_fail(err, -ENAMETOOLONG, "kernel cache path too long");
	th_remove_stale(cache, fetch_dir);
	if (make_dirs(unpack))
		return rt_fail_errno(err, errno, "creating '%s'", unpack);
	find_deb(cache, pkg, deb, sizeof(deb));
	if (!deb[0]) {
		char name[300];
		const char *argv[] = { "apt-get", "download", "-q", name, NULL };

		apt_name(pkg, name, sizeof(name));
		if (log)
			fprintf(log, "# fetching %s from Debian's archive\n", name);
		rc = fetch_step(argv, work, pkg, err);
		find_deb(work, pkg, deb, sizeof(deb));
		if (!rc && !deb[0])
			rc = rt_fail(err, -ENOPKG, "apt-get download %s left no .deb",
				     pkg);
		if (rc)
			goto out;
	}
	{
		const char *x[] = { "dpkg-deb", "-x", deb, unpack, NULL };
		const char *e[] = { "dpkg-deb", "-e", deb, control, NULL };

		rc = fetch_step(x, NULL, pkg, err);
		if (!rc)
			rc = fetch_step(e, NULL, pkg, err);
	}
	if (!rc)
		rc = th_sums_write(unpack, sums, err);
	if (!rc)
		rc = write_note(unpack, deb, err);
	if (rc)
		goto out;
	/* Under the lock: no other scn looks at the entry meanwhile. */
	if (replace && rename(final, aside) && errno != ENOENT) {
		rc = rt_fail_errno(err, errno, "renaming '%s' aside", final);
		goto out;
	}
	if (rename(unpack, final)) {
		rc = rt_fail_errno(err, errno, "renaming '%s' to '%s'", unpack, final);
		goto out;
	}
	unlink(deb);		/* 100 MB that the unpacked tree makes useless */
out:
	th_remove_tree(work);
	th_remove_tree(aside);
	return rc;
}

/*
 * The checks of a cache entry that every use makes (kernel.h): the list
 * of its files, each of its size, and the MD5 of the files read here.
 * -ENODATA for an entry without a list (an older scn's), -EBADMSG for a
 * damaged one; err says what is wrong.
 */
static int check_entry(const char *dir, struct th_kernel *k, struct rt_err *err)
{
	static const char *const lists[] = { "modules.dep", "modules.order",
					     "modules.builtin" };
	char path[PATH_MAX];
	int rc;

	k->sums = xcalloc(1, sizeof(*k->sums));
	rc = th_sums_load(k->sums, dir, err);
	if (rc == -ENOENT)
		return rt_fail(err, -ENODATA, "it has no list of the package's files "
			       "(an older scn made it)");
	if (!rc)
		rc = th_sums_check_sizes(k->sums, err);
	if (!rc)
		rc = th_sums_check_file(k->sums, k->image, err);
	/* scn reads these; one the package lacks came from elsewhere. */
	for (size_t i = 0; !rc && k->modules[0] && i < ARRAY_SIZE(lists); i++)
		if (!th_path(path, sizeof(path), "%s/%s", k->modules, lists[i]) &&
		    access(path, F_OK) == 0)
			rc = th_sums_check_file(k->sums, path, err);
	return rc ? -EBADMSG : 0;
}

/*
 * The unpacked package at dir as a kernel: its vmlinuz and modules, the
 * entry checked when check is set (-ENODATA, -EBADMSG: check_entry).
 */
static int use_unpacked(const char *dir, bool check, struct th_kernel *k,
			struct rt_err *err)
{
	char path[PATH_MAX], note[300] = "", root[PATH_MAX];
	struct dirent *e;
	DIR *d;
	FILE *f;
	int rc;

	th_path(root, sizeof(root), "%s", dir);	/* dir may be k->root */
	dir = root;
	th_kernel_free(k);
	memset(k, 0, sizeof(*k));
	th_path(k->root, sizeof(k->root), "%s", dir);
	th_path(path, sizeof(path), "%s/boot", dir);
	d = opendir(path);
	while (d && (e = readdir(d)))
		if (!strncmp(e->d_name, "vmlinuz-", 8))
			break;
	if (!d || !e) {
		if (d)
			closedir(d);
		/* A package has one: a tree without it lost it. */
		return rt_fail(err, -EBADMSG, "it holds no boot/vmlinuz-*");
	}
	th_path(k->image, sizeof(k->image), "%s/%s", path, e->d_name);
	th_path(k->release, sizeof(k->release), "%s", e->d_name + 8);
	closedir(d);
	th_path(k->modules, sizeof(k->modules), "%s/lib/modules/%s", dir, k->release);
	if (!is_dir(k->modules))
		th_path(k->modules, sizeof(k->modules), "%s/usr/lib/modules/%s",
			 dir, k->release);
	if (!is_dir(k->modules))
		k->modules[0] = '\0';
	if (check) {
		rc = check_entry(dir, k, err);
		if (rc) {
			th_kernel_free(k);
			return rc;
		}
	}
	th_path(k->cache, sizeof(k->cache), "%s/scn-modules", dir);
	if (make_dirs(k->cache))
		k->cache[0] = '\0';	/* a read-only cache: decompress per run */
	th_path(path, sizeof(path), "%s/%s", dir, PKG_NOTE);
	f = fopen(path, "re");
	if (f && fgets(note, sizeof(note), f))
		note[strcspn(note, "\n")] = '\0';
	if (f)
		fclose(f);
	th_path(k->package, sizeof(k->package), "%s", note);
	return 0;
}

/*
 * The entry cache/pkg, checked; fetched again when it fails (why says
 * why on log), else, where an older scn's entry cannot be fetched again,
 * used as it is. Under the cache's lock.
 */
static int use_checked(const char *cache, const char *pkg, FILE *log,
		       struct th_kernel *k, struct rt_err *err)
{
	char dir[PATH_MAX], why[sizeof(err->msg)], then[sizeof(err->msg)];
	int rc, frc;

	th_path(dir, sizeof(dir), "%s/%s", cache, pkg);
	rc = use_unpacked(dir, true, k, err);
	if (rc != -ENODATA && rc != -EBADMSG)
		return rc;
	snprintf(why, sizeof(why), "%s", err->msg);
	if (log)
		fprintf(log, "# test host: the kernel cache entry %s %s: fetching "
			"it again\n", dir, rc == -ENODATA ? "cannot be checked" :
			"is damaged");
	frc = fetch(cache, pkg, true, log, err);
	if (frc == -EINTR)
		return frc;
	if (!frc)
		frc = use_unpacked(dir, true, k, err);
	if (!frc)
		return 0;
	/* err->msg is rt_fail's output: what it says is copied first. */
	snprintf(then, sizeof(then), "%s", err->msg);
	if (rc == -ENODATA && frc != -EBADMSG && frc != -ENODATA) {
		if (log)
			fprintf(log, "# test host: warning: %s could not be fetched "
				"again (%s): using the cached copy unchecked\n", pkg,
				then);
		return use_unpacked(dir, false, k, err);
	}
	/* What to do first: err->msg is cut at its size. */
	if (frc == -EBADMSG || frc == -ENODATA)
		return rt_fail(err, -EBADMSG, "the kernel cache entry '%s' is damaged "
			       "even as fetched again; remove it and run again (%s)",
			       dir, then);
	return rt_fail(err, -EBADMSG, "the kernel cache entry '%s' is damaged; "
		       "remove it and run again (%s; fetching it again failed: %s)",
		       dir, why, then);
}

/* Opens and takes the cache's lock; the fd, or -errno with err. */
static int lock_cache(const char *cache, struct rt_err *err)
{
	char path[PATH_MAX];
	int lock;

	if (make_dirs(cache))
		return rt_fail_errno(err, errno, "kernel cache '%s'", cache);
	th_path(path, sizeof(path), "%s/.lock", cache);
	lock = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (lock < 0 || flock(lock, LOCK_EX)) {
		int rc = rt_fail_errno(err, errno, "locking '%s'", path);

		if (lock >= 0)
			close(lock);
		return rc;
	}
	return lock;
}

/* The series of debian:SERIES[-rt][-arm64] scn names in its docs. */
static const char *const known_series[] = {
	"6.1", "6.12", "6.12-rt", "6.1-arm64", "6.12-arm64", "6.12-rt-arm64",
};

/*
 * The specs there are, for a message: the series apt knows (names, one
 * package a line) where it knows any, else the ones scn names.
 */
static int by_version(const void *a, const void *b)
{
	return strverscmp(*(char *const *)a, *(char *const *)b);
}

static void list_specs(const char *names, char *buf, size_t len)
{
	struct strbuf sb, seen;
	char *copy, *save = NULL, **v = NULL;
	size_t nv = 0, cap = 0;

	sb_init(&sb);
	sb_init(&seen);
	sb_putc(&seen, '\n');
	copy = xstrdup(names ? names : "");
	for (char *s = strtok_r(copy, "\n", &save); s; s = strtok_r(NULL, "\n", &save)) {
		const char *ver = s + strlen(PKG_PREFIX);
		size_t n = strspn(ver, "0123456789"), m;
		char series[32], key[48];
		bool rt, arm;

		if (strncmp(s, PKG_PREFIX, strlen(PKG_PREFIX)) || !n || ver[n] != '.')
			continue;
		m = n + 1 + strspn(ver + n + 1, "0123456789");
		if (m == n + 1 || m >= sizeof(series))
			continue;
		th_path(series, sizeof(series), "%.*s", (int)m, ver);
		arm = wanted(s, series, true, "arm64") || wanted(s, series, false, "arm64");
		rt = wanted(s, series, true, arm ? "arm64" : "amd64");
		if (!arm && !rt && !wanted(s, series, false, "amd64"))
			continue;
		th_path(key, sizeof(key), "\ndebian:%s%s%s\n", series, rt ? "-rt" : "",
			arm ? ARM64_TAIL : "");
		if (strstr(seen.buf, key))
			continue;
		sb_puts(&seen, key + 1);
		VEC_PUSH(v, nv, cap, xstrndup(key + 1, strlen(key + 1) - 1));
	}
	free(copy);
	qsort(v, nv, sizeof(*v), by_version);
	for (size_t i = 0; i < nv; i++) {
		sb_printf(&sb, "%s%s", i ? ", " : "", v[i]);
		free(v[i]);
	}
	free(v);
	if (!sb.len)
		for (size_t i = 0; i < ARRAY_SIZE(known_series); i++)
			sb_printf(&sb, "%sdebian:%s", i ? ", " : "", known_series[i]);
	snprintf(buf, len, "%s, debian:PACKAGE (a linux-image package apt "
		 "knows), or the path of a bzImage or an arm64 Image", sb.buf);
	sb_free(&sb);
	sb_free(&seen);
}

/*
 * "6.12-rt" -> series "6.12", rt; "6.12-arm64" is 6.12 of Debian's arm64
 * build (*arch "arm64", else "amd64"). False when what is not a series.
 */
static bool parse_debian_series(const char *what, char *series, size_t len,
				bool *rt, const char **arch)
{
	size_t n = strlen(what), t = strlen(ARM64_TAIL);
	char plain[64];

	*arch = "amd64";
	if (n > t && n < sizeof(plain) && !strcmp(what + n - t, ARM64_TAIL)) {
		th_path(plain, sizeof(plain), "%.*s", (int)(n - t), what);
		what = plain;
		*arch = "arm64";
	}
	n = strspn(what, "0123456789.");

	if (!n || n >= len || !strchr(what, '.') || what[0] == '.' ||
	    what[n - 1] == '.' || strstr(what, "..") ||
	    (what[n] && strcmp(what + n, "-rt")))
		return false;
	th_path(series, len, "%.*s", (int)n, what);
	*rt = what[n] != '\0';
	return true;
}

/* What apt knows of kernels, or nothing: a usage error can only be said
 * of a package or series when apt was there to ask. */
static int check_debian(const char *what, struct rt_err *err)
{
	char series[32], specs[768], cache[PATH_MAX], dir[PATH_MAX], pkg[256] = "";
	const char *arch = "amd64";
	struct strbuf names;
	bool rt = false, found = false, pkg_spec;
	int rc;

	pkg_spec = !strncmp(what, PKG_PREFIX, strlen(PKG_PREFIX));
	if (!pkg_spec && !parse_debian_series(what, series, sizeof(series), &rt, &arch)) {
		list_specs(NULL, specs, sizeof(specs));
		return rt_fail(err, -EINVAL, "unknown kernel 'debian:%s' (a kernel "
			       "is %s)", what, specs);
	}
	cache_dir(cache, sizeof(cache));
	if (pkg_spec) {
		if (strchr(what, '/'))
			return rt_fail(err, -EINVAL, "unknown kernel 'debian:%s'", what);
		if (!th_path(dir, sizeof(dir), "%s/%s", cache, what) && is_dir(dir))
			return 0;
	} else {
		for (size_t i = 0; i < ARRAY_SIZE(known_series); i++)
			if (!strcmp(what, known_series[i]))
				return 0;
		memo_read(cache, series, rt, arch, pkg, sizeof(pkg));
		if (!pkg[0])
			cached_newest(cache, series, rt, arch, pkg, sizeof(pkg));
		if (pkg[0])
			return 0;
	}
	sb_init(&names);
	rc = apt_names(&names, err);
	if (rc == -EINTR) {
		sb_free(&names);
		return rc;
	}
	for (char *s = names.buf, *nl; s && *s; s = nl ? nl + 1 : NULL) {
		nl = strchr(s, '\n');
		if (nl)
			*nl = '\0';
		found |= pkg_spec ? !strcmp(s, what) : wanted(s, series, rt, arch);
		if (nl)
			*nl = '\n';
	}
	/* A package is fine where apt cannot be asked: the fetch will say. */
	if (found || (pkg_spec && (rc || !names.len))) {
		sb_free(&names);
		return 0;
	}
	list_specs(names.buf, specs, sizeof(specs));
	sb_free(&names);
	if (pkg_spec)
		return rt_fail(err, -EINVAL, "unknown kernel 'debian:%s': apt knows "
			       "no such package (a kernel is %s)", what, specs);
	return rt_fail(err, -EINVAL, "unknown kernel 'debian:%s': %s (a kernel is %s)",
		       what, rc || !*specs ? "scn knows no such series" :
		       "apt knows no package of that series", specs);
}

int th_kernel_check(const char *spec, const char *modules, struct rt_err *err)
{
	char specs[768];
	struct stat st;

	if (!strncmp(spec, "debian:", 7)) {
		if (modules)
			return rt_fail(err, -EINVAL, "--modules goes with a kernel "
				       "you built, not with '%s'", spec);
		return check_debian(spec + 7, err);
	}
	if (stat(spec, &st) == 0 && S_ISREG(st.st_mode))
		return 0;
	list_specs(NULL, specs, sizeof(specs));
	if (stat(spec, &st) == 0)
		return rt_fail(err, -ENOENT, "kernel '%s' is not a file (a kernel "
			       "is %s)", spec, specs);
	return rt_fail(err, -ENOENT, "kernel '%s': %s (a kernel is %s)", spec,
		       strerror(errno), specs);
}

static int resolve_debian(const char *what, FILE *log, struct th_kernel *k,
			  struct rt_err *err)
{
	char cache[PATH_MAX], series[32], pkg[256] = "", dir[PATH_MAX + 256];
	char suffix[64];
	const char *arch = "amd64";
	bool rt = false;
	int lock, rc;

	if (!strncmp(what, PKG_PREFIX, strlen(PKG_PREFIX))) {
		if (strchr(what, '/'))
			return rt_fail(err, -EINVAL, "unknown kernel 'debian:%s'", what);
		th_path(pkg, sizeof(pkg), "%s", what);
	} else if (!parse_debian_series(what, series, sizeof(series), &rt, &arch)) {
		return rt_fail(err, -EINVAL, "unknown kernel 'debian:%s'", what);
	}
	cache_dir(cache, sizeof(cache));
	lock = lock_cache(cache, err);
	if (lock < 0)
		return lock;
	if (!pkg[0])
		memo_read(cache, series, rt, arch, pkg, sizeof(pkg));
	if (!pkg[0]) {
		rc = apt_newest(series, rt, arch, pkg, sizeof(pkg), err);
		if (rc == -EINTR)
			goto out;
		if (pkg[0])
			memo_write(cache, series, rt, arch, pkg);
		else		/* offline, or apt without lists: the cache */
			cached_newest(cache, series, rt, arch, pkg, sizeof(pkg));
		if (!pkg[0]) {
			pkg_suffix(rt, arch, suffix, sizeof(suffix));
			rc = rt_fail(err, -ENOPKG, "apt knows no package %s%s.*%s "
				     "(%s)", PKG_PREFIX, series, suffix,
				     strcmp(arch, "amd64") ? "dpkg --add-architecture "
				     "arm64 and apt-get update make it know "
				     "Debian's arm64 kernels: make deps-arm64" :
				     "apt-get update?");
			goto out;
		}
	}
	th_path(dir, sizeof(dir), "%s/%s", cache, pkg);
	if (!is_dir(dir)) {
		rc = fetch(cache, pkg, false, log, err);
		if (rc)
			goto out;
	}
	rc = use_checked(cache, pkg, log, k, err);
out:
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

/* Debian's static busybox of an architecture, as the cache keeps it. */
#define BUSYBOX_PKG "busybox-static"

int th_busybox_resolve(enum th_arch a, FILE *log, char *buf, size_t len,
		       struct rt_err *err)
{
	char cache[PATH_MAX], pkg[64], dir[PATH_MAX + 64];
	int lock, rc = 0;

	th_path(pkg, sizeof(pkg), "%s:%s", BUSYBOX_PKG, th_arch_debian(a));
	cache_dir(cache, sizeof(cache));
	lock = lock_cache(cache, err);
	if (lock < 0)
		return lock;
	th_path(dir, sizeof(dir), "%s/%s", cache, pkg);
	if (!is_dir(dir))
		rc = fetch(cache, pkg, false, log, err);
	if (!rc && (th_path(buf, len, "%s/bin/busybox", dir) || !is_file(buf)))
		rc = rt_fail(err, -ENOPKG, "'%s' holds no bin/busybox", dir);
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
	char cache[PATH_MAX], pkg[256], dir[PATH_MAX], why[sizeof(err->msg)];
	char then[sizeof(err->msg)];
	const char *slash = strrchr(k->root, '/');
	int lock, rc;

	if (!k->root[0] || !slash)
		return -EBADMSG;	/* err says why already */
	snprintf(why, sizeof(why), "%s", err->msg);
	th_path(dir, sizeof(dir), "%s", k->root);
	th_path(cache, sizeof(cache), "%.*s", (int)(slash - k->root), k->root);
	th_path(pkg, sizeof(pkg), "%s", slash + 1);
	lock = lock_cache(cache, err);
	if (lock < 0)
		return lock;
	if (log)
		fprintf(log, "# test host: %s: fetching it again\n", why);
	rc = fetch(cache, pkg, true, log, err);
	if (!rc)
		rc = use_unpacked(dir, true, k, err);
	if (rc && rc != -EINTR) {
		snprintf(then, sizeof(then), "%s", err->msg);
		/* why names the entry (th_kernel_verify). */
		rc = rt_fail(err, -EBADMSG, "%s; remove it and run again (fetching "
			     "it again failed: %s)", why, then);
	}
	close(lock);
	return rc;
}
