// SPDX-License-Identifier: GPL-2.0-only
/* kcache: the kernel cache's directory, entries and fetches (see kcache.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/rmtree.h"
#include "../common/util.h"
#include "../runtime/journals.h"
#include "helper.h"
#include "kcache.h"

#define SYSTEM_CACHE "/var/cache/scn/kernels"

static bool is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
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

/* Whose a file of the cache may be: root's, or this user's own. */
static bool trusted(uid_t uid)
{
	return uid == 0 || uid == geteuid();
}

int th_kc_dir(char *buf, size_t len, struct rt_err *err)
{
	const char *env = getenv("SCN_KERNEL_CACHE"), *home = getenv("HOME");
	const char *tmp = getenv("TMPDIR");

	if (env && *env) {
		th_path(buf, len, "%s", env);
	} else if (geteuid() == 0 || access(SYSTEM_CACHE, W_OK) == 0) {
		th_path(buf, len, "%s", SYSTEM_CACHE);
	} else if ((env = getenv("XDG_CACHE_HOME")) && *env) {
		th_path(buf, len, "%s/scn/kernels", env);
	} else if (home && *home) {
		th_path(buf, len, "%s/.cache/scn/kernels", home);
	} else {
		/* No home: one of this user's own, never a directory another
		 * user made first (TMPDIR is everyone's). */
		if (th_path(buf, len, "%s/scn-kernels.%u", tmp && *tmp ? tmp : "/tmp",
			    (unsigned)geteuid()))
			return rt_fail(err, -ENAMETOOLONG, "TMPDIR is too long");
		return rt_owned_dir_check(buf, "kernel cache", "a kernel", true, err);
	}
	if (make_dirs(buf))
		return rt_fail_errno(err, errno, "kernel cache '%s'", buf);
	return rt_owned_dir_check(buf, "kernel cache", "a kernel", false, err);
}

int th_kc_lock(const char *cache, struct rt_err *err)
{
	char path[PATH_MAX];
	int lock;

	th_path(path, sizeof(path), "%s/.lock", cache);
	lock = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
	if (lock < 0 || flock(lock, LOCK_EX)) {
		int rc = rt_fail_errno(err, errno, "locking '%s'", path);

		if (lock >= 0)
			close(lock);
		return rc;
	}
	return lock;
}

void th_kc_want_of(const struct th_deb_rel *r, struct th_kc_want *w)
{
	memset(w, 0, sizeof(*w));
	w->n = th_deb_parts(r, w->entry, sizeof(w->entry), w->names,
			    ARRAY_SIZE(w->names));
	snprintf(w->suite, sizeof(w->suite), "%s", r->suite);
}

bool th_kc_entry_want(const char *cache, const char *entry, struct th_kc_want *w)
{
	char path[PATH_MAX], line[320];
	struct th_kc_want got = { 0 };
	FILE *f;

	if (th_path(path, sizeof(path), "%s/%s/%s", cache, entry, TH_KC_NOTE))
		return false;
	f = fopen(path, "re");
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, "part ", 5) && got.n < ARRAY_SIZE(got.names))
			th_path(got.names[got.n++], sizeof(got.names[0]), "%s", line + 5);
		else if (!strncmp(line, "suite ", 6))
			th_path(got.suite, sizeof(got.suite), "%s", line + 6);
	}
	fclose(f);
	if (!got.n)
		return false;
	snprintf(got.entry, sizeof(got.entry), "%s", entry);
	*w = got;
	return true;
}

/* ---- .debs ------------------------------------------------------------- */

/*
 * A .deb of pkg in dir (left by an earlier fetch or by hand, and owned by
 * root or this user); "" if none. "NAME:ARCH" is NAME's.
 */
static void find_deb(const char *dir, const char *pkg, char *out, size_t len)
{
	size_t n = strcspn(pkg, ":/");
	struct dirent *e;
	DIR *d = opendir(dir);

	out[0] = '\0';
	while (d && (e = readdir(d))) {
		size_t m = strlen(e->d_name);
		struct stat st;

		if (!strncmp(e->d_name, pkg, n) && e->d_name[n] == '_' &&
		    m > 4 && !strcmp(e->d_name + m - 4, ".deb") &&
		    !th_path(out, len, "%s/%s", dir, e->d_name) &&
		    !lstat(out, &st) && S_ISREG(st.st_mode) && trusted(st.st_uid))
			break;
		out[0] = '\0';
	}
	if (d)
		closedir(d);
}

/* "NAME_VERSION_ARCH.deb" -> "VERSION" ("%3a" is an epoch's ':'). */
static void deb_version(const char *deb, char *buf, size_t len)
{
	const char *base = strrchr(deb, '/');
	char name[512], *u1, *u2, *ep;

	buf[0] = '\0';
	th_path(name, sizeof(name), "%s", base ? base + 1 : deb);
	u1 = strchr(name, '_');
	u2 = u1 ? strchr(u1 + 1, '_') : NULL;
	if (!u2)
		return;
	*u2 = '\0';
	if ((ep = strstr(u1 + 1, "%3a"))) {
		*ep = ':';
		memmove(ep + 1, ep + 3, strlen(ep + 3) + 1);
	}
	th_path(buf, len, "%s", u1 + 1);
}

unsigned th_kc_at_hand(const char *cache, const char *rel, char *version,
		       size_t len)
{
	unsigned parts = 0;
	struct dirent *e;
	DIR *d = opendir(cache);

	while (d && (e = readdir(d))) {
		char name[300], r[128], deb[PATH_MAX];
		size_t m = strlen(e->d_name);
		unsigned part;

		if (m < 5 || strcmp(e->d_name + m - 4, ".deb"))
			continue;
		th_path(name, sizeof(name), "%.*s", (int)strcspn(e->d_name, "_"),
			e->d_name);
		find_deb(cache, name, deb, sizeof(deb));
		if (!deb[0] || !th_deb_package(name, r, sizeof(r), &part) ||
		    strcmp(r, rel))
			continue;
		parts |= part;
		deb_version(deb, version, len);
	}
	if (d)
		closedir(d);
	return parts;
}

/* ---- fetching ----------------------------------------------------------- */

/*
 * What a fetch that was killed left: every fetch runs under the cache's
 * lock, so a .fetch-PID directory seen while holding it is no one's
 * (rmtree_stale takes it if it is this user's, with the marker).
 */
static bool fetch_dir(const char *name)
{
	return !strncmp(name, ".fetch-", 7);
}

/* Runs a helper of the fetch; its failure (or a stop signal) into err. */
static int fetch_step(const char *const *argv, const char *cwd, const char *what,
		      const char *verb, struct rt_err *err)
{
	struct th_spawn s = { .argv = argv, .cwd = cwd, .out_fd = -1 };
	int rc = th_spawn_run(&s);

	if (rc == -EINTR)
		return rt_fail(err, -EINTR, "while fetching %s (%s %s stopped)", what,
			       argv[0], verb);
	if (rc < 0)
		return rt_fail_errno(err, -rc, "%s", argv[0]);
	if (rc)
		return rt_fail(err, -ENOPKG, "%s %s %s failed (exit %d): %s", argv[0],
			       verb, what, rc, s.err);
	return 0;
}

/* Appends the file at path (when there is one) to fd. */
static int append(int fd, const char *path)
{
	char buf[8192];
	ssize_t n;
	int in = open(path, O_RDONLY | O_CLOEXEC);

	if (in < 0)
		return errno == ENOENT ? 0 : -errno;
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(fd, buf, (size_t)n) != n) {
			n = -1;
			break;
		}
	close(in);
	return n < 0 ? -EIO : 0;
}

/* The note: "ENTRY VERSION", then the suite and the packages. */
static int write_note(const char *unpack, const struct th_kc_want *w,
		      const char *version, struct rt_err *err)
{
	char path[PATH_MAX];
	int fd, bad;

	th_path(path, sizeof(path), "%s/%s", unpack, TH_KC_NOTE);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return rt_fail_errno(err, errno, "writing '%s'", path);
	bad = dprintf(fd, "%s %s\n", w->entry, version) < 0;
	if (w->suite[0])
		bad |= dprintf(fd, "suite %s\n", w->suite) < 0;
	for (size_t i = 0; i < w->n; i++)
		bad |= dprintf(fd, "part %s\n", w->names[i]) < 0;
	if (close(fd) || bad)
		return rt_fail_errno(err, errno ? errno : EIO, "writing '%s'", path);
	return 0;
}

/* Downloads the packages of w that are not at hand into work. */
static int download(const char *cache, const char *work,
		    const struct th_kc_want *w, char debs[][PATH_MAX], FILE *log,
		    struct rt_err *err)
{
	const char *args[4 + ARRAY_SIZE(w->names) + 1] = { "apt-get", "download", "-q" };
	struct strbuf names;
	struct th_deb_apt a;
	size_t na = 3;
	int rc;

	sb_init(&names);
	for (size_t i = 0; i < w->n; i++) {
		find_deb(cache, w->names[i], debs[i], PATH_MAX);
		if (!debs[i][0]) {
			args[na++] = w->names[i];
			sb_printf(&names, "%s%s", names.len ? ", " : "", w->names[i]);
		}
	}
	args[na] = NULL;
	if (na == 3) {
		sb_free(&names);
		return 0;
	}
	if (log)
		fprintf(log, "# fetching %s from Debian's archive\n", names.buf);
	th_deb_apt_argv(&a, cache, args);
	rc = fetch_step(a.argv, work, w->entry, "download", err);
	for (size_t i = 0; !rc && i < w->n; i++) {
		if (debs[i][0])
			continue;
		find_deb(work, w->names[i], debs[i], PATH_MAX);
		if (!debs[i][0])
			rc = rt_fail(err, -ENOPKG, "apt-get download %s left no .deb",
				     w->names[i]);
	}
	sb_free(&names);
	return rc;
}

int th_kc_fetch(const char *cache, const struct th_kc_want *w, bool replace,
		FILE *log, struct rt_err *err)
{
	char work[PATH_MAX], unpack[PATH_MAX + 8], final[PATH_MAX];
	char sums[PATH_MAX + 16], aside[PATH_MAX], version[96] = "";
	char debs[ARRAY_SIZE(w->names)][PATH_MAX] = { { 0 } };
	int rc, fd = -1;

	if (!w->n)
		return rt_fail(err, -ENOPKG, "%s: no package of it to fetch", w->entry);
	if (th_path(work, sizeof(work), "%s/.fetch-%d", cache, (int)getpid()) ||
	    th_path(unpack, sizeof(unpack), "%s/root", work) ||
	    th_path(sums, sizeof(sums), "%s/md5sums", work) ||
	    th_path(final, sizeof(final), "%s/%s", cache, w->entry) ||
	    th_path(aside, sizeof(aside), "%s/replaced", work))
		return rt_fail(err, -ENAMETOOLONG, "kernel cache path too long");
	rmtree_stale(cache, fetch_dir);
	if (make_dirs(unpack))
		return rt_fail_errno(err, errno, "creating '%s'", unpack);
	/* A fetch killed midway leaves work to the next one's sweep. */
	rc = rmtree_mark(work);
	if (rc && rc != -EEXIST) {
		rc = rt_fail_errno(err, -rc, "writing '%s/%s'", work, RMTREE_MARK);
		goto out;
	}
	rc = download(cache, work, w, debs, log, err);
	if (rc)
		goto out;
	fd = open(sums, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) {
		rc = rt_fail_errno(err, errno, "creating '%s'", sums);
		goto out;
	}
	/* Every package into one tree, their md5sums into one list. */
	for (size_t i = 0; !rc && i < w->n; i++) {
		char control[PATH_MAX + 16], list[PATH_MAX + 32];
		const char *x[] = { "dpkg-deb", "-x", debs[i], unpack, NULL };
		const char *e[] = { "dpkg-deb", "-e", debs[i], control, NULL };

		th_path(control, sizeof(control), "%s/control-%zu", work, i);
		th_path(list, sizeof(list), "%s/md5sums", control);
		rc = fetch_step(x, NULL, w->names[i], "-x", err);
		if (!rc)
			rc = fetch_step(e, NULL, w->names[i], "-e", err);
		if (!rc && append(fd, list))
			rc = rt_fail_errno(err, EIO, "writing '%s'", sums);
		if (!rc && !version[0])
			deb_version(debs[i], version, sizeof(version));
	}
	close(fd);
	if (!rc)
		rc = th_sums_write(unpack, sums, err);
	if (!rc)
		rc = write_note(unpack, w, version, err);
	if (rc)
		goto out;
	/* Under the lock: no other scn looks at the entry meanwhile. Aside
	 * into work, it goes with work. */
	if (replace && rename(final, aside) && errno != ENOENT) {
		rc = rt_fail_errno(err, errno, "renaming '%s' aside", final);
		goto out;
	}
	if (rename(unpack, final)) {
		rc = rt_fail_errno(err, errno, "renaming '%s' to '%s'", unpack, final);
		goto out;
	}
	/* 100 MB each that the unpacked tree makes useless. */
	for (size_t i = 0; i < w->n; i++)
		unlink(debs[i]);
out:
	rmtree(work);
	return rc;
}

/* ---- using an entry ----------------------------------------------------- */

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
	/* The test host's features read the preempt model from it. */
	if (!rc && k->config[0])
		rc = th_sums_check_file(k->sums, k->config, err);
	return rc ? -EBADMSG : 0;
}

/*
 * The image of an unpacked tree, and its release: boot/vmlinuz-REL (to
 * 6.12; vmlinux-REL where the image is not compressed), else the 7.x
 * layout's usr/lib/modules/REL/vmlinuz.unsigned (vmlinuz where signed).
 */
static bool find_image(const char *dir, struct th_kernel *k)
{
	static const char *const boot[] = { "vmlinuz-", "vmlinux-" };
	static const char *const mods[] = { "usr/lib/modules", "lib/modules" };
	static const char *const names[] = { "vmlinuz.unsigned", "vmlinuz", "vmlinux" };
	char path[PATH_MAX];
	struct dirent *e;
	bool found = false;
	DIR *d;

	th_path(path, sizeof(path), "%s/boot", dir);
	d = opendir(path);
	while (d && !found && (e = readdir(d)))
		for (size_t i = 0; i < ARRAY_SIZE(boot) && !found; i++)
			if (!strncmp(e->d_name, boot[i], strlen(boot[i])) &&
			    e->d_name[strlen(boot[i])] &&
			    !th_path(k->image, sizeof(k->image), "%s/%s", path,
				     e->d_name)) {
				th_path(k->release, sizeof(k->release), "%s",
					e->d_name + strlen(boot[i]));
				found = true;
			}
	if (d)
		closedir(d);
	for (size_t m = 0; m < ARRAY_SIZE(mods) && !found; m++) {
		th_path(path, sizeof(path), "%s/%s", dir, mods[m]);
		d = opendir(path);
		while (d && !found && (e = readdir(d))) {
			if (e->d_name[0] == '.')
				continue;
			for (size_t i = 0; i < ARRAY_SIZE(names) && !found; i++) {
				struct stat st;

				if (th_path(k->image, sizeof(k->image), "%s/%s/%s", path,
					    e->d_name, names[i]) ||
				    lstat(k->image, &st) || !S_ISREG(st.st_mode))
					continue;
				th_path(k->release, sizeof(k->release), "%s", e->d_name);
				found = true;
			}
		}
		if (d)
			closedir(d);
	}
	return found;
}

/*
 * The unpacked entry at dir as a kernel: its image and modules, the
 * entry checked when check is set (-ENODATA, -EBADMSG: check_entry).
 */
static int use_unpacked(const char *dir, bool check, struct th_kernel *k,
			struct rt_err *err)
{
	char path[PATH_MAX], note[300] = "", root[PATH_MAX];
	FILE *f;
	int rc;

	th_path(root, sizeof(root), "%s", dir);	/* dir may be k->root */
	dir = root;
	th_kernel_free(k);
	memset(k, 0, sizeof(*k));
	rc = rt_owned_dir_check(dir, "kernel cache entry", "a kernel", false, err);
	if (rc)
		return rc;
	th_path(k->root, sizeof(k->root), "%s", dir);
	if (!find_image(dir, k))
		/* A package has one: a tree without it lost it. */
		return rt_fail(err, -EBADMSG, "it holds no kernel image (boot/vmlinuz-*, "
			       "usr/lib/modules/*/vmlinuz*)");
	th_path(k->modules, sizeof(k->modules), "%s/lib/modules/%s", dir, k->release);
	if (!is_dir(k->modules))
		th_path(k->modules, sizeof(k->modules), "%s/usr/lib/modules/%s",
			 dir, k->release);
	if (!is_dir(k->modules))
		k->modules[0] = '\0';
	/* linux-base's (7.x), else the image package's. */
	if (!k->modules[0] || th_path(k->config, sizeof(k->config), "%s/config",
				       k->modules) || access(k->config, R_OK))
		if (th_path(k->config, sizeof(k->config), "%s/boot/config-%s", dir,
			    k->release) || access(k->config, R_OK))
			k->config[0] = '\0';
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
	th_path(path, sizeof(path), "%s/%s", dir, TH_KC_NOTE);
	f = fopen(path, "re");
	if (f && fgets(note, sizeof(note), f))
		note[strcspn(note, "\n")] = '\0';
	if (f)
		fclose(f);
	th_path(k->package, sizeof(k->package), "%s", note);
	return 0;
}

int th_kc_use(const char *cache, const struct th_kc_want *want, FILE *log,
	      struct th_kernel *k, struct rt_err *err)
{
	char dir[PATH_MAX], why[sizeof(err->msg)], then[sizeof(err->msg)];
	struct th_kc_want w = *want;
	int rc, frc;

	th_path(dir, sizeof(dir), "%s/%s", cache, w.entry);
	if (!is_dir(dir)) {
		rc = th_kc_fetch(cache, &w, false, log, err);
		if (rc)
			return rc;
	}
	/* What made the entry is fetched again, if it comes to that. */
	th_kc_entry_want(cache, w.entry, &w);
	rc = use_unpacked(dir, true, k, err);
	if (rc != -ENODATA && rc != -EBADMSG)
		return rc;
	snprintf(why, sizeof(why), "%s", err->msg);
	if (log)
		fprintf(log, "# test host: the kernel cache entry %s %s: fetching "
			"it again (%s)\n", dir, rc == -ENODATA ? "cannot be checked" :
			"is damaged", why);
	frc = th_kc_fetch(cache, &w, true, log, err);
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
				"again (%s): using the cached copy unchecked\n",
				w.entry, then);
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
