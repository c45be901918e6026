// SPDX-License-Identifier: GPL-2.0-only
/* modules: finding, ordering and decompressing modules (see modules.h). */
#define _FILE_OFFSET_BITS 64
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "modules.h"
#include "helper.h"

/* What a module file may end with, and the program that decompresses it. */
static const struct {
	const char *suffix;
	const char *prog;	/* NULL: plain */
} kinds[] = {
	{ ".ko", NULL },
	{ ".ko.xz", "xz" },
	{ ".ko.zst", "zstd" },
	{ ".ko.gz", "gzip" },
};

/* The kind of a module file by its name; -1 when it is none. */
static int kind_of(const char *path)
{
	size_t n = strlen(path);

	for (int i = (int)ARRAY_SIZE(kinds) - 1; i >= 0; i--) {
		size_t k = strlen(kinds[i].suffix);

		if (n > k && !strcmp(path + n - k, kinds[i].suffix))
			return i;
	}
	return -1;
}

/* "kernel/arch/x86/kvm/kvm-amd.ko.xz" -> "kvm_amd" (also from ".o"). */
static char *name_of(const char *path)
{
	const char *base = strrchr(path, '/');
	char *name, *dot;

	name = xstrdup(base ? base + 1 : path);
	dot = strstr(name, ".ko");
	if (!dot && (dot = strrchr(name, '.')) && strcmp(dot, ".o"))
		dot = NULL;
	if (dot)
		*dot = '\0';
	for (char *p = name; *p; p++)
		if (*p == '-')
			*p = '_';
	return name;
}

static bool same_name(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (*a != *b && !((*a == '-' || *a == '_') && (*b == '-' || *b == '_')))
			return false;
	return *a == *b;
}

struct th_mod *th_mod_find(struct th_modtree *t, const char *name)
{
	for (size_t i = 0; i < t->n; i++)
		if (same_name(t->mods[i].name, name))
			return &t->mods[i];
	return NULL;
}

bool th_mod_builtin(const struct th_modtree *t, const char *name)
{
	for (size_t i = 0; i < t->nbuiltin; i++)
		if (same_name(t->builtin[i], name))
			return true;
	return false;
}

static struct th_mod *add(struct th_modtree *t, const char *path)
{
	struct th_mod m = { .name = name_of(path), .path = xstrdup(path) };
	struct th_mod *old = th_mod_find(t, m.name);

	if (old) {		/* the first of the order wins, as for modprobe */
		free(m.name);
		free(m.path);
		return old;
	}
	VEC_PUSH(t->mods, t->n, t->cap, m);
	return &t->mods[t->n - 1];
}

/* Reads dir/name line by line into fn; -errno when it cannot be opened. */
static int each_line(struct th_modtree *t, const char *name,
		     void (*fn)(struct th_modtree *, char *))
{
	char path[4096], *line = NULL;
	size_t cap = 0;
	ssize_t n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", t->dir, name);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	while ((n = getline(&line, &cap, f)) > 0) {
		while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		if (n)
			fn(t, line);
	}
	free(line);
	fclose(f);
	return 0;
}

/* Where a file named in the tree is, absolute. */
static char *in_tree(const struct th_modtree *t, const char *rel, size_t n)
{
	return xasprintf("%s/%.*s", t->dir, (int)n, rel);
}

/* "kernel/fs/9p/9p.ko.xz: kernel/fs/netfs/netfs.ko.xz kernel/net/..." */
static void dep_line(struct th_modtree *t, char *line)
{
	char *colon = strchr(line, ':'), *path, *tok, *save = NULL;
	struct th_mod *m;
	size_t cap = 0;

	if (!colon)
		return;
	path = in_tree(t, line, (size_t)(colon - line));
	m = add(t, path);
	free(path);
	if (m->deps_known)
		return;
	m->deps_known = true;
	for (tok = strtok_r(colon + 1, " \t", &save); tok;
	     tok = strtok_r(NULL, " \t", &save))
		VEC_PUSH(m->deps, m->ndeps, cap, name_of(tok));
}

/* A line of modules.order names a module by .ko or .o, compressed or not. */
static void order_line(struct th_modtree *t, char *line)
{
	char *stem = xstrdup(line), *dot = strstr(stem, ".ko");
	struct stat st;

	if (!dot) {
		size_t n = strlen(stem);

		if (n > 2 && !strcmp(stem + n - 2, ".o"))
			dot = stem + n - 2;
	}
	if (dot)
		*dot = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(kinds); i++) {
		char *path = xasprintf("%s/%s%s", t->dir, stem, kinds[i].suffix);

		if (stat(path, &st) == 0) {
			add(t, path);
			free(path);
			break;
		}
		free(path);
	}
	free(stem);
}

static void builtin_line(struct th_modtree *t, char *line)
{
	VEC_PUSH(t->builtin, t->nbuiltin, t->builtin_cap, name_of(line));
}

/* nftw has no context argument: the tree being walked. */
static struct th_modtree *walking;

static int walk_one(const char *path, const struct stat *st, int type,
		    struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (type == FTW_F && kind_of(path) >= 0)
		add(walking, path);
	return 0;
}

int th_modtree_open(struct th_modtree *t, const char *dir, const char *cache,
		    struct rt_err *err)
{
	struct stat st;

	memset(t, 0, sizeof(*t));
	t->dir = xstrdup(dir);
	t->cache = xstrdup(cache);
	if (stat(dir, &st) || !S_ISDIR(st.st_mode))
		return rt_fail_errno(err, errno ? errno : ENOTDIR,
				     "modules directory '%s'", dir);
	each_line(t, "modules.builtin", builtin_line);
	if (each_line(t, "modules.dep", dep_line) == 0 && t->n)
		return 0;
	if (each_line(t, "modules.order", order_line) == 0 && t->n)
		return 0;
	walking = t;
	if (nftw(dir, walk_one, 32, FTW_PHYS))
		return rt_fail_errno(err, errno, "walking '%s'", dir);
	return 0;
}

void th_modtree_free(struct th_modtree *t)
{
	for (size_t i = 0; i < t->n; i++) {
		for (size_t k = 0; k < t->mods[i].ndeps; k++)
			free(t->mods[i].deps[k]);
		free(t->mods[i].deps);
		free(t->mods[i].name);
		free(t->mods[i].path);
	}
	for (size_t i = 0; i < t->nbuiltin; i++)
		free(t->builtin[i]);
	free(t->builtin);
	free(t->mods);
	free(t->dir);
	free(t->cache);
	memset(t, 0, sizeof(*t));
}

/* ---- ELF .modinfo ------------------------------------------------------- */

int th_modinfo_get(const void *data, size_t len, const char *key, char *buf,
		   size_t size)
{
	const unsigned char *d = data;
	const Elf64_Ehdr *eh = data;
	const Elf64_Shdr *sh, *names;
	size_t klen = strlen(key);

	if (len < sizeof(*eh) || memcmp(d, ELFMAG, SELFMAG) ||
	    d[EI_CLASS] != ELFCLASS64 || eh->e_shentsize != sizeof(Elf64_Shdr) ||
	    eh->e_shoff > len || eh->e_shstrndx >= eh->e_shnum ||
	    (len - eh->e_shoff) / sizeof(Elf64_Shdr) < eh->e_shnum)
		return -EINVAL;
	sh = (const Elf64_Shdr *)(d + eh->e_shoff);
	names = &sh[eh->e_shstrndx];
	if (names->sh_offset > len || names->sh_size > len - names->sh_offset)
		return -EINVAL;
	for (unsigned i = 0; i < eh->e_shnum; i++) {
		const char *p, *end;

		if (sh[i].sh_name >= names->sh_size ||
		    strncmp((const char *)d + names->sh_offset + sh[i].sh_name,
			    ".modinfo", names->sh_size - sh[i].sh_name))
			continue;
		if (sh[i].sh_offset > len || sh[i].sh_size > len - sh[i].sh_offset)
			return -EINVAL;
		p = (const char *)d + sh[i].sh_offset;
		end = p + sh[i].sh_size;
		/* "key=value\0key=value\0...", with NUL padding between. */
		while (p < end) {
			size_t n = strnlen(p, (size_t)(end - p));

			if (n > klen && !strncmp(p, key, klen) && p[klen] == '=') {
				snprintf(buf, size, "%.*s", (int)(n - klen - 1),
					 p + klen + 1);
				return 0;
			}
			p += n + 1;
		}
		return -ENOENT;
	}
	return -EINVAL;
}

/* ---- decompression and dependencies ------------------------------------- */

/* Whether the file at path reads as a 64-bit ELF module, whole. */
static bool reads_as_module(const char *path)
{
	struct stat st;
	char magic[64];
	void *data;
	bool ok;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);

	if (fd < 0)
		return false;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size < 64) {
		close(fd);
		return false;
	}
	data = xmalloc((size_t)st.st_size);
	ok = read(fd, data, (size_t)st.st_size) == st.st_size &&
	     th_modinfo_get(data, (size_t)st.st_size, "vermagic", magic,
			    sizeof(magic)) != -EINVAL;
	free(data);
	close(fd);
	return ok;
}

int th_mod_plain(struct th_modtree *t, const struct th_mod *m, char *buf,
		 size_t len, struct rt_err *err)
{
	int kind = kind_of(m->path), fd, rc;
	char tmp[4096];
	struct stat st;

	if (kind <= 0) {
		if (t->verify && (rc = t->verify(t->verify_ctx, m->path, err)))
			return rc;
		snprintf(buf, len, "%s", m->path);
		return 0;
	}
	snprintf(buf, len, "%s/%s.ko", t->cache, m->name);
	/* The section headers end a module: a cut copy loses them. */
	if (stat(buf, &st) == 0) {
		if (reads_as_module(buf))
			return 0;
		unlink(buf);
	}
	if (t->verify && (rc = t->verify(t->verify_ctx, m->path, err)))
		return rc;
	/* Another scn may be at the same copy: each writes its own, and the
	 * rename makes one of them the copy, whole. */
	snprintf(tmp, sizeof(tmp), "%s/.%s.ko.%d", t->cache, m->name, getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return rt_fail_errno(err, errno, "creating '%s'", tmp);
	{
		const char *argv[] = { kinds[kind].prog, "-dc", m->path, NULL };
		struct th_spawn s = { .argv = argv, .out_fd = fd };

		rc = th_spawn_run(&s);
		close(fd);
		if (rc == -EINTR)
			rc = rt_fail(err, -EINTR, "while decompressing '%s'", m->path);
		else if (rc == -ENOENT)
			rc = rt_fail(err, -ENOENT, "'%s' is compressed and %s is "
				     "not installed", m->path, kinds[kind].prog);
		else if (rc < 0)
			rc = rt_fail_errno(err, -rc, "running %s", kinds[kind].prog);
		else if (rc)
			rc = rt_fail(err, -EIO, "%s -dc '%s' failed (exit %d): %s",
				     kinds[kind].prog, m->path, rc, s.err);
	}
	if (!rc && !reads_as_module(tmp))
		rc = rt_fail(err, t->verify ? -EBADMSG : -ENOEXEC, "'%s' does "
			     "not decompress to a module", m->path);
	if (!rc && rename(tmp, buf))
		rc = rt_fail_errno(err, errno, "renaming '%s'", tmp);
	if (rc)
		unlink(tmp);
	return rc;
}

int th_mod_info(struct th_modtree *t, const struct th_mod *m, const char *key,
		char *buf, size_t size, struct rt_err *err)
{
	char path[4096];
	struct stat st;
	void *data;
	int fd, rc;

	rc = th_mod_plain(t, m, path, sizeof(path), err);
	if (rc)
		return rc;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		rc = rt_fail_errno(err, errno, "opening '%s'", path);
		if (fd >= 0)
			close(fd);
		return rc;
	}
	data = xmalloc((size_t)st.st_size + 1);
	if (read(fd, data, (size_t)st.st_size) != st.st_size) {
		close(fd);
		free(data);
		return rt_fail(err, -EIO, "short read of '%s'", path);
	}
	close(fd);
	rc = th_modinfo_get(data, (size_t)st.st_size, key, buf, size);
	free(data);
	if (rc == -EINVAL)
		return rt_fail(err, rc, "'%s' is not a 64-bit ELF module", path);
	if (rc == -ENOENT && size)
		buf[0] = '\0';
	return 0;
}

/* The "depends=" of m's .modinfo, read once. */
static int read_deps(struct th_modtree *t, struct th_mod *m, struct rt_err *err)
{
	char deps[1024], *tok, *save = NULL;
	size_t cap = 0;
	int rc;

	if (m->deps_known)
		return 0;
	rc = th_mod_info(t, m, "depends", deps, sizeof(deps), err);
	if (rc)
		return rc;
	m->deps_known = true;
	for (tok = strtok_r(deps, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
		VEC_PUSH(m->deps, m->ndeps, cap, name_of(tok));
	return 0;
}

static bool listed(const struct th_modlist *l, const struct th_mod *m)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i] == m)
			return true;
	return false;
}

/* Depth first: what m needs, then m. depth bounds a broken tree's cycle. */
static int visit(struct th_modtree *t, const char *name, struct th_modlist *l,
		 int depth, struct rt_err *err)
{
	struct th_mod *m;
	int rc;

	if (depth > 64)
		return rt_fail(err, -ELOOP, "module dependencies of '%s' go round",
			       name);
	m = th_mod_find(t, name);
	if (!m) {
		if (!th_mod_builtin(t, name))
			VEC_PUSH(l->missing, l->nmissing, l->missing_cap,
				 xstrdup(name));
		return 0;
	}
	if (listed(l, m))
		return 0;
	rc = read_deps(t, m, err);
	if (rc)
		return rc;
	for (size_t i = 0; i < m->ndeps; i++) {
		rc = visit(t, m->deps[i], l, depth + 1, err);
		if (rc)
			return rc;
	}
	if (!listed(l, m))
		VEC_PUSH(l->v, l->n, l->cap, m);
	return 0;
}

int th_mod_closure(struct th_modtree *t, const char *const *want, size_t nwant,
		   struct th_modlist *l, struct rt_err *err)
{
	for (size_t i = 0; i < nwant; i++) {
		int rc = visit(t, want[i], l, 0, err);

		if (rc)
			return rc;
	}
	return 0;
}

void th_modlist_free(struct th_modlist *l)
{
	for (size_t i = 0; i < l->nmissing; i++)
		free(l->missing[i]);
	free(l->missing);
	free(l->v);
	memset(l, 0, sizeof(*l));
}
