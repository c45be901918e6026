// SPDX-License-Identifier: GPL-2.0-only
/* debian_apt: scn's apt configuration of Debian's archive, and the index of
 * its lists (see debian.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "debian.h"
#include "helper.h"

#define KEYRING "/usr/share/keyrings/debian-archive-keyring.gpg"
#define APT_HELPER "/usr/lib/apt/apt-helper"
#define DAY (24 * 3600)
#define MISS_AGE 600		/* a miss updates lists older than this */
#define RETRY_AGE 600		/* a failed update is not tried again sooner */

/* ---- the apt configuration -------------------------------------------- */

void th_deb_apt_argv(struct th_deb_apt *a, const char *cache,
		     const char *const *args)
{
	static const char *const fixed[] = {
		"Dir::Etc::SourceParts=/dev/null",
		/* The machine's pins are for its own sources. */
		"Dir::Etc::Preferences=/dev/null",
		"Dir::Etc::PreferencesParts=/dev/null",
		"Acquire::Languages=none",
	};
	const char *dirs[][2] = {
		{ "Dir::Etc::SourceList", "sources.list" },
		{ "Dir::State::Lists", "lists" },
		{ "Dir::State::status", "status" },
		{ "Dir::Cache", "cache" },
	};
	size_t n = 0, o = 0;

	a->argv[n++] = args[0];
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++) {
		snprintf(a->opt[o], sizeof(a->opt[o]), "%s=%s/apt/%s", dirs[i][0],
			 cache, dirs[i][1]);
		a->argv[n++] = "-o";
		a->argv[n++] = a->opt[o++];
	}
	for (size_t i = 0; i < ARRAY_SIZE(fixed); i++) {
		a->argv[n++] = "-o";
		a->argv[n++] = fixed[i];
	}
	/* Every architecture a flavour has, once. */
	for (size_t i = 0; i < th_deb_nflavours; i++) {
		bool seen = false;

		for (size_t j = 0; j < i; j++)
			seen |= !strcmp(th_deb_flavours[j].arch, th_deb_flavours[i].arch);
		if (seen)
			continue;
		snprintf(a->opt[o], sizeof(a->opt[o]), "APT::Architectures::=%s",
			 th_deb_flavours[i].arch);
		a->argv[n++] = "-o";
		a->argv[n++] = a->opt[o++];
	}
	for (size_t i = 1; args[i] && n + 1 < ARRAY_SIZE(a->argv); i++)
		a->argv[n++] = args[i];
	a->argv[n] = NULL;
}

static bool is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static time_t mtime_of(const char *path)
{
	struct stat st;

	return stat(path, &st) ? 0 : st.st_mtime;
}

/* Sets path's times to now, making it where it is not there. */
static void touch(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);

	if (fd >= 0) {
		futimens(fd, NULL);
		close(fd);
	}
}

/* Writes CACHE/apt/sources.list (and the dirs) where it differs; true when
 * it was written: the lists it had are not its lists. */
static int write_sources(const char *apt, bool *changed, struct rt_err *err)
{
	static const char *const sub[] = { "", "/lists", "/lists/partial", "/cache",
					   "/cache/archives",
					   "/cache/archives/partial" };
	char path[PATH_MAX], tmp[PATH_MAX + 8], old[2048] = "";
	struct strbuf sb;
	ssize_t n = 0;
	int fd, rc = 0;

	*changed = false;
	for (size_t i = 0; i < ARRAY_SIZE(sub); i++) {
		th_path(path, sizeof(path), "%s%s", apt, sub[i]);
		if (mkdir(path, 0755) && errno != EEXIST)
			return rt_fail_errno(err, errno, "creating '%s'", path);
	}
	th_path(path, sizeof(path), "%s/status", apt);
	if (!is_file(path))
		touch(path);
	sb_init(&sb);
	sb_puts(&sb, "# scn's own: Debian's kernels (rewritten by scn)\n");
	/* The architectures its lists are of (th_deb_apt_argv's): a new one
	 * changes the file, and so asks for lists that have it. */
	sb_puts(&sb, "# architectures:");
	for (size_t i = 0; i < th_deb_nflavours; i++) {
		bool seen = false;

		for (size_t j = 0; j < i; j++)
			seen |= !strcmp(th_deb_flavours[j].arch, th_deb_flavours[i].arch);
		if (!seen)
			sb_printf(&sb, " %s", th_deb_flavours[i].arch);
	}
	sb_puts(&sb, "\n");
	for (size_t i = 0; i < th_deb_nsuites; i++)
		sb_printf(&sb, "deb [signed-by=%s] %s %s main\n", KEYRING,
			  th_deb_suites[i].uri, th_deb_suites[i].suite);
	th_path(path, sizeof(path), "%s/sources.list", apt);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = read(fd, old, sizeof(old) - 1);
		close(fd);
	}
	if (n == (ssize_t)sb.len && !memcmp(old, sb.buf, sb.len)) {
		sb_free(&sb);
		return 0;
	}
	th_path(tmp, sizeof(tmp), "%s.new", path);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || write(fd, sb.buf, sb.len) != (ssize_t)sb.len ||
	    close(fd) || rename(tmp, path))
		rc = rt_fail_errno(err, errno, "writing '%s'", path);
	if (rc && fd >= 0)
		unlink(tmp);
	sb_free(&sb);
	*changed = !rc;
	return rc;
}

/* ---- the index -------------------------------------------------------- */

static void add_suite(struct th_deb_rel *r, const char *suite)
{
	size_t k = strlen(suite), n = strlen(r->suite);

	for (const char *p = r->suite; *p; p += strcspn(p, ",") + (p[strcspn(p, ",")] ? 1 : 0))
		if (!strncmp(p, suite, k) && (p[k] == ',' || !p[k]))
			return;
	if (n + k + 2 <= sizeof(r->suite))
		snprintf(r->suite + n, sizeof(r->suite) - n, "%s%s", n ? "," : "", suite);
}

/*
 * One package of the lists into ix: a newer version of a release wins. A
 * linux-image that depends on the packages of a kernel is a metapackage
 * (7.x's linux-image-REL), not an image.
 */
static void add_package(struct th_deb_index *ix, const char *pkg,
			const char *version, const char *depends,
			const char *suite)
{
	struct th_deb_rel r = { 0 }, *old;
	unsigned part;

	if (!th_deb_package(pkg, r.rel, sizeof(r.rel), &part) ||
	    strlen(version) >= sizeof(r.version))
		return;
	if (part == TH_DEB_IMAGE && (strstr(depends, "linux-image-") ||
				     strstr(depends, "linux-binary-") ||
				     strstr(depends, "linux-modules-")))
		part |= TH_DEB_META;
	old = (struct th_deb_rel *)th_deb_find(ix, r.rel);
	if (old) {
		int c = th_deb_vercmp(version, old->version);

		if (c > 0) {
			snprintf(old->version, sizeof(old->version), "%s", version);
			snprintf(old->suite, sizeof(old->suite), "%s", suite);
			old->parts = part;
		} else if (c == 0) {
			old->parts |= part;
			add_suite(old, suite);
		}
		return;
	}
	snprintf(r.version, sizeof(r.version), "%s", version);
	snprintf(r.suite, sizeof(r.suite), "%s", suite);
	r.parts = part;
	r.flavour = th_deb_flavour_of(r.rel);
	VEC_PUSH(ix->v, ix->n, ix->cap, r);
}

/* The value of field (with its ": ") in the stanza [p, end), into buf. */
static void field(const char *p, const char *end, const char *name, char *buf,
		  size_t len)
{
	size_t n = strlen(name);

	buf[0] = '\0';
	for (const char *l = p; l < end;) {
		const char *nl = memchr(l, '\n', (size_t)(end - l));

		if (!nl)
			nl = end;
		if ((size_t)(nl - l) > n && !memcmp(l, name, n) &&
		    (size_t)(nl - l - n) < len) {
			memcpy(buf, l + n, (size_t)(nl - l - n));
			buf[nl - l - n] = '\0';
			return;
		}
		l = nl + 1;
	}
}

/*
 * The kernels' stanzas of a Packages file (its text in [data, data +
 * len)): Package and Version of each, found by memmem, since the lists
 * hold 60 MB of other packages each.
 */
static void read_packages(const char *data, size_t len, const char *suite,
			  struct th_deb_index *ix)
{
	static const char key[] = "\nPackage: linux-";
	const char *end = data + len, *p = data;
	bool first = len >= sizeof(key) - 1 && !memcmp(data, key + 1, sizeof(key) - 2);

	/* Each stanza but the first starts after a '\n'. */
	while (p < end && (first || (p = memmem(p, (size_t)(end - p), key,
						 sizeof(key) - 1)))) {
		const char *start = first ? p : p + 1;
		const char *stop = memmem(start, (size_t)(end - start), "\n\n", 2);
		char pkg[256], ver[128], dep[2048];

		first = false;
		if (!stop)
			stop = end;
		field(start, stop, "Package: ", pkg, sizeof(pkg));
		field(start, stop, "Version: ", ver, sizeof(ver));
		field(start, stop, "Depends: ", dep, sizeof(dep));
		if (pkg[0] && ver[0])
			add_package(ix, pkg, ver, dep, suite);
		p = stop;
	}
}

/*
 * The suite of a file of the lists, by apt's names for them
 * (deb.debian.org_debian_dists_SUITE_main_binary-ARCH_Packages.lz4):
 * one of the table's, or NULL.
 */
static const char *list_suite(const char *name)
{
	const char *d = strstr(name, "_dists_");

	if (!d || !strstr(name, "_binary-") || !strstr(name, "_Packages"))
		return NULL;
	d += 7;
	for (size_t i = 0; i < th_deb_nsuites; i++) {
		size_t n = strlen(th_deb_suites[i].suite);

		if (!strncmp(d, th_deb_suites[i].suite, n) && !strncmp(d + n, "_main_", 6))
			return th_deb_suites[i].suite;
	}
	return NULL;
}

/* One list (path) of suite into ix, through the file tmp. */
static int scan_list(const char *path, const char *suite, const char *tmp,
		     struct th_deb_index *ix, struct rt_err *err)
{
	const char *cat[] = { APT_HELPER, "cat-file", path, NULL };
	struct th_spawn c = { .argv = cat };
	struct stat st;
	void *data;
	int rc;

	c.out_fd = open(tmp, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (c.out_fd < 0)
		return rt_fail_errno(err, errno, "creating '%s'", tmp);
	rc = th_spawn_run(&c);
	if (rc == -EINTR)
		rt_fail(err, rc, "while reading apt's lists");
	else if (rc == 0 && !fstat(c.out_fd, &st) && st.st_size > 1 &&
		 (data = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE,
			      c.out_fd, 0)) != MAP_FAILED) {
		read_packages(data, (size_t)st.st_size, suite, ix);
		munmap(data, (size_t)st.st_size);
	}
	close(c.out_fd);
	return rc == -EINTR ? rc : 0;	/* a list it cannot read is a list less */
}

/*
 * Reads every Packages list of the configuration into ix, suite by suite
 * in the table's order (a release in two names them in that order);
 * apt-helper cat-file reads each whatever its compression (what apt
 * documents for reading its lists). -EINTR at a stop signal.
 */
static int scan_lists(const char *apt, struct th_deb_index *ix, struct rt_err *err)
{
	char dir[PATH_MAX], tmp[PATH_MAX];
	int rc = 0;
	DIR *d;

	th_path(dir, sizeof(dir), "%s/lists", apt);
	th_path(tmp, sizeof(tmp), "%s/.packages-%d", apt, (int)getpid());
	d = opendir(dir);
	if (!d)
		return rt_fail_errno(err, errno, "reading '%s'", dir);
	for (size_t i = 0; i < th_deb_nsuites && !rc; i++) {
		struct dirent *e;

		rewinddir(d);
		while (!rc && (e = readdir(d))) {
			const char *suite = list_suite(e->d_name);
			char path[PATH_MAX + 256];

			if (suite && !strcmp(suite, th_deb_suites[i].suite) &&
			    !th_path(path, sizeof(path), "%s/%s", dir, e->d_name))
				rc = scan_list(path, suite, tmp, ix, err);
		}
	}
	closedir(d);
	unlink(tmp);
	return rc;
}

static int by_release(const void *a, const void *b)
{
	const struct th_deb_rel *x = a, *y = b;
	int c = th_deb_vercmp(x->version, y->version);

	return c ? c : strverscmp(x->rel, y->rel);
}

static int write_index(const char *apt, const struct th_deb_index *ix,
		       struct rt_err *err)
{
	char path[PATH_MAX], tmp[PATH_MAX + 8];
	FILE *f;

	th_path(path, sizeof(path), "%s/index", apt);
	th_path(tmp, sizeof(tmp), "%s.new", path);
	f = fopen(tmp, "we");
	if (!f)
		return rt_fail_errno(err, errno, "creating '%s'", tmp);
	fprintf(f, "# scn: the kernels of the lists: RELEASE VERSION SUITES PARTS\n");
	for (size_t i = 0; i < ix->n; i++)
		fprintf(f, "%s %s %s %x\n", ix->v[i].rel, ix->v[i].version,
			ix->v[i].suite, ix->v[i].parts);
	if (fclose(f) || rename(tmp, path)) {
		int rc = rt_fail_errno(err, errno, "writing '%s'", path);

		unlink(tmp);
		return rc;
	}
	return 0;
}

/* CACHE/apt/index into ix; false when there is none. */
static bool read_index(const char *apt, struct th_deb_index *ix)
{
	char path[PATH_MAX], line[512];
	FILE *f;

	th_path(path, sizeof(path), "%s/index", apt);
	f = fopen(path, "re");
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		struct th_deb_rel r = { 0 };

		char pkg[128];
		unsigned part;

		/* Only what th_deb_package takes: an older scn's index may
		 * hold series' metapackages. */
		if (line[0] == '#' ||
		    sscanf(line, "%95s %63s %63s %x", r.rel, r.version, r.suite,
			   &r.parts) != 4 ||
		    th_path(pkg, sizeof(pkg), "linux-image-%s", r.rel) ||
		    !th_deb_package(pkg, r.rel, sizeof(r.rel), &part))
			continue;
		r.flavour = th_deb_flavour_of(r.rel);
		VEC_PUSH(ix->v, ix->n, ix->cap, r);
	}
	fclose(f);
	return true;
}

/* The "NAME VERSION" note and "suite"/"part" lines of an entry (kernel.c
 * writes them), as a release of the cache. */
static void read_entry(const char *dir, struct th_deb_rel *r)
{
	char path[PATH_MAX], line[320];
	FILE *f;

	th_path(path, sizeof(path), "%s/.scn-package", dir);
	f = fopen(path, "re");
	if (!f)
		return;
	for (int i = 0; fgets(line, sizeof(line), f); i++) {
		char rel[96], *sp;
		unsigned part;

		line[strcspn(line, "\n")] = '\0';
		sp = strchr(line, ' ');
		if (!i && sp)
			snprintf(r->version, sizeof(r->version), "%s", sp + 1);
		else if (!strncmp(line, "suite ", 6))
			snprintf(r->suite, sizeof(r->suite), "%.63s", line + 6);
		else if (!strncmp(line, "part ", 5) &&
			 (line[5 + strcspn(line + 5, ":")] = '\0',
			  th_deb_package(line + 5, rel, sizeof(rel), &part)))
			r->parts |= part;
	}
	fclose(f);
}

/* Marks what the cache holds; adds the releases only it has. */
static void add_cached(const char *cache, struct th_deb_index *ix)
{
	struct dirent *e;
	DIR *d = opendir(cache);

	while (d && (e = readdir(d))) {
		struct th_deb_rel r = { 0 }, *old;
		char dir[PATH_MAX], entry[300], names[4][256];
		struct stat st;
		unsigned part;

		if (e->d_name[0] == '.' ||
		    !th_deb_package(e->d_name, r.rel, sizeof(r.rel), &part) ||
		    th_path(dir, sizeof(dir), "%s/%s", cache, e->d_name) ||
		    lstat(dir, &st) || !S_ISDIR(st.st_mode))
			continue;
		old = (struct th_deb_rel *)th_deb_find(ix, r.rel);
		if (old) {
			/* The entry the release's parts name, not another. */
			th_deb_parts(old, entry, sizeof(entry), names, 4);
			if (!strcmp(entry, e->d_name))
				old->cached = true;
			continue;
		}
		r.flavour = th_deb_flavour_of(r.rel);
		read_entry(dir, &r);
		if (!(r.parts & TH_DEB_SPLIT))
			r.parts = part;
		r.cached = true;
		VEC_PUSH(ix->v, ix->n, ix->cap, r);
	}
	if (d)
		closedir(d);
}

/* Runs apt-get update of the configuration; said on log. */
static int update(const char *cache, FILE *log, char *why, size_t wlen)
{
	const char *args[] = { "apt-get", "-q", "update", NULL };
	struct th_deb_apt a;
	struct th_spawn s = { .argv = a.argv, .out_fd = -1 };
	int rc;

	if (access(KEYRING, R_OK)) {
		snprintf(why, wlen, "no Debian archive keyring %s (apt-get install "
			 "debian-archive-keyring)", KEYRING);
		return -ENOENT;
	}
	th_deb_apt_argv(&a, cache, args);
	if (log)
		fprintf(log, "# test host: asking Debian's archive which kernels it "
			"has (apt-get update of %s/apt)\n", cache);
	rc = th_spawn_run(&s);
	if (rc == -EINTR)
		return rc;
	if (rc < 0)
		snprintf(why, wlen, "apt-get: %s", strerror(-rc));
	else if (rc)
		snprintf(why, wlen, "apt-get update failed (exit %d): %.200s", rc, s.err);
	return rc ? -EIO : 0;
}

int th_deb_index_get(const char *cache, enum th_deb_refresh refresh, FILE *log,
		     struct th_deb_index *ix, struct rt_err *err)
{
	char apt[PATH_MAX], stamp[PATH_MAX + 8], tried[PATH_MAX + 8], why[300] = "";
	time_t now = time(NULL), updated, last;
	bool changed = false, have;
	int rc = 0;

	memset(ix, 0, sizeof(*ix));
	if (th_path(apt, sizeof(apt), "%s/apt", cache))
		return rt_fail(err, -ENAMETOOLONG, "kernel cache path too long");
	th_path(stamp, sizeof(stamp), "%s/updated", apt);
	th_path(tried, sizeof(tried), "%s/tried", apt);
	if (refresh != TH_DEB_AS_IS) {
		rc = write_sources(apt, &changed, err);
		if (rc)
			return rc;
	}
	updated = changed ? 0 : mtime_of(stamp);
	last = mtime_of(tried);
	have = !changed && read_index(apt, ix);
	if ((refresh == TH_DEB_FRESH && (!updated || now - updated > DAY)) ||
	    (refresh == TH_DEB_MISS && now - updated > MISS_AGE)) {
		/* A failed try is not made again at once: offline, every run
		 * would wait for it. */
		if (!(last > updated && now - last < RETRY_AGE)) {
			touch(tried);
			rc = update(cache, log, why, sizeof(why));
			if (rc == -EINTR)
				return rt_fail(err, rc, "while apt-get update ran");
			if (!rc) {
				touch(stamp);
				updated = now;
				have = false;	/* read the new lists */
			} else if (log) {
				fprintf(log, "# test host: warning: %s: %s\n", why,
					have ? "its lists of before serve" :
					"only the kernel cache serves");
			}
			rc = 0;
		}
	}
	/* The index of the lists there are, once after each update. */
	if (!have && refresh != TH_DEB_AS_IS) {
		struct th_deb_index fresh = { 0 };

		rc = scan_lists(apt, &fresh, err);
		if (rc == -EINTR) {
			th_deb_index_free(&fresh);
			return rc;
		}
		if (!rc && fresh.n) {
			qsort(fresh.v, fresh.n, sizeof(*fresh.v), by_release);
			th_deb_index_free(ix);
			*ix = fresh;
			have = true;
			write_index(apt, ix, err);
		} else {
			th_deb_index_free(&fresh);
		}
		rc = 0;
	}
	ix->updated = have ? updated : 0;
	ix->archive = have;
	add_cached(cache, ix);
	return rc;
}

void th_deb_index_free(struct th_deb_index *ix)
{
	free(ix->v);
	memset(ix, 0, sizeof(*ix));
}
