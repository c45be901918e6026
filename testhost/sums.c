// SPDX-License-Identifier: GPL-2.0-only
/* sums: a cached kernel's files, sizes and MD5s (see sums.h). */
#define _FILE_OFFSET_BITS 64
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/util.h"
#include "helper.h"
#include "sums.h"

/* ---- MD5 (RFC 1321) --------------------------------------------------------
 * Debian lists MD5s, so MD5 it is: here to find damage, not an attacker
 * (apt checks the download itself against the archive's signed hashes).
 */

struct md5 {
	uint32_t h[4];
	uint64_t len;		/* bytes so far */
	unsigned char block[64];
	size_t used;
};

/* The per-step constants: the integer part of 2^32 |sin(i + 1)|. */
static uint32_t md5_k[64];
/* The left rotations of each round, four per round. */
static const unsigned char md5_r[4][4] = {
	{ 7, 12, 17, 22 }, { 5, 9, 14, 20 }, { 4, 11, 16, 23 }, { 6, 10, 15, 21 },
};

static uint32_t rotl(uint32_t x, unsigned n)
{
	return x << n | x >> (32 - n);
}

static void md5_init(struct md5 *m)
{
	if (!md5_k[0])
		for (int i = 0; i < 64; i++)
			md5_k[i] = (uint32_t)floor(fabs(sin((double)(i + 1))) *
						   4294967296.0);
	m->h[0] = 0x67452301;
	m->h[1] = 0xefcdab89;
	m->h[2] = 0x98badcfe;
	m->h[3] = 0x10325476;
	m->len = 0;
	m->used = 0;
}

static void md5_block(struct md5 *m, const unsigned char *p)
{
	uint32_t w[16], a = m->h[0], b = m->h[1], c = m->h[2], d = m->h[3];

	for (int i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] | (uint32_t)p[4 * i + 1] << 8 |
		       (uint32_t)p[4 * i + 2] << 16 | (uint32_t)p[4 * i + 3] << 24;
	for (int i = 0; i < 64; i++) {
		uint32_t f, t;
		int g;

		switch (i / 16) {
		case 0:
			f = (b & c) | (~b & d);
			g = i;
			break;
		case 1:
			f = (d & b) | (~d & c);
			g = (5 * i + 1) % 16;
			break;
		case 2:
			f = b ^ c ^ d;
			g = (3 * i + 5) % 16;
			break;
		default:
			f = c ^ (b | ~d);
			g = (7 * i) % 16;
			break;
		}
		t = d;
		d = c;
		c = b;
		b = b + rotl(a + f + md5_k[i] + w[g], md5_r[i / 16][i % 4]);
		a = t;
	}
	m->h[0] += a;
	m->h[1] += b;
	m->h[2] += c;
	m->h[3] += d;
}

static void md5_update(struct md5 *m, const void *data, size_t len)
{
	const unsigned char *p = data;

	m->len += len;
	while (len) {
		size_t n = 64 - m->used < len ? 64 - m->used : len;

		memcpy(m->block + m->used, p, n);
		m->used += n;
		p += n;
		len -= n;
		if (m->used == 64) {
			md5_block(m, m->block);
			m->used = 0;
		}
	}
}

static void md5_final(struct md5 *m, char hex[33])
{
	unsigned char pad[72] = { 0x80 };
	uint64_t bits = m->len * 8;
	size_t n = (m->used < 56 ? 56 : 120) - m->used;

	for (int i = 0; i < 8; i++)
		pad[n + (size_t)i] = (unsigned char)(bits >> (8 * i));
	md5_update(m, pad, n + 8);
	for (int i = 0; i < 16; i++)
		snprintf(hex + 2 * i, 3, "%02x",
			 (unsigned)(m->h[i / 4] >> (8 * (i % 4))) & 0xff);
}

void th_md5(const void *data, size_t len, char hex[33])
{
	struct md5 m;

	md5_init(&m);
	md5_update(&m, data, len);
	md5_final(&m, hex);
}

int th_md5_file(const char *path, char hex[33])
{
	unsigned char buf[65536];
	struct md5 m;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);

	if (fd < 0)
		return -errno;
	md5_init(&m);
	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int rc = -errno;

			close(fd);
			return rc;
		}
		md5_update(&m, buf, (size_t)n);
	}
	close(fd);
	md5_final(&m, hex);
	return 0;
}

/* ---- the list --------------------------------------------------------------- */

static bool is_md5(const char *s)
{
	return strspn(s, "0123456789abcdef") == 32;
}

int th_sums_write(const char *root, const char *md5sums, struct rt_err *err)
{
	char path[PATH_MAX], tmp[PATH_MAX], *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int rc = 0;
	FILE *in, *out;

	if (th_path(path, sizeof(path), "%s/%s", root, TH_SUMS_FILE) ||
	    th_path(tmp, sizeof(tmp), "%s.new", path))
		return rt_fail(err, -ENAMETOOLONG, "kernel cache path too long");
	in = fopen(md5sums, "re");
	if (!in)
		return rt_fail_errno(err, errno, "reading '%s'", md5sums);
	out = fopen(tmp, "we");
	if (!out) {
		fclose(in);
		return rt_fail_errno(err, errno, "creating '%s'", tmp);
	}
	while (!rc && (n = getline(&line, &cap, in)) > 0) {
		char file[PATH_MAX];
		const char *rel;
		struct stat st;

		line[strcspn(line, "\n")] = '\0';
		if (!is_md5(line) || line[32] != ' ')
			continue;
		rel = line + 32 + strspn(line + 32, " *");
		while (rel[0] == '.' && rel[1] == '/')
			rel += 2;
		if (th_path(file, sizeof(file), "%s/%s", root, rel))
			continue;
		if (lstat(file, &st) || !S_ISREG(st.st_mode))
			rc = rt_fail(err, -EBADMSG, "the package lists '%s', which "
				     "it did not unpack", rel);
		else
			fprintf(out, "%.32s %lld %s\n", line, (long long)st.st_size,
				rel);
	}
	free(line);
	fclose(in);
	if (fclose(out) && !rc)
		rc = rt_fail_errno(err, errno, "writing '%s'", tmp);
	if (!rc && rename(tmp, path))
		rc = rt_fail_errno(err, errno, "renaming '%s'", tmp);
	if (rc)
		unlink(tmp);
	return rc;
}

static int by_path(const void *a, const void *b)
{
	return strcmp(((const struct th_sum *)a)->path,
		      ((const struct th_sum *)b)->path);
}

int th_sums_load(struct th_sums *s, const char *root, struct rt_err *err)
{
	char path[PATH_MAX], *line = NULL;
	size_t cap = 0;
	ssize_t n;
	FILE *f;

	memset(s, 0, sizeof(*s));
	s->root = xstrdup(root);
	th_path(path, sizeof(path), "%s/%s", root, TH_SUMS_FILE);
	f = fopen(path, "re");
	if (!f)
		return errno == ENOENT ? -ENOENT :
		       rt_fail_errno(err, errno, "reading '%s'", path);
	while ((n = getline(&line, &cap, f)) > 0) {
		struct th_sum e = { 0 };
		long long size;
		int at = 0;

		line[strcspn(line, "\n")] = '\0';
		if (!is_md5(line) || sscanf(line + 32, " %lld %n", &size, &at) != 1 ||
		    !at || size < 0 || !line[32 + at]) {
			fclose(f);
			free(line);
			return rt_fail(err, -EBADMSG, "'%s' is not a list of files", path);
		}
		memcpy(e.md5, line, 32);
		e.size = size;
		e.path = xstrdup(line + 32 + at);
		VEC_PUSH(s->v, s->n, s->cap, e);
	}
	free(line);
	fclose(f);
	if (!s->n)
		return rt_fail(err, -EBADMSG, "'%s' lists no file", path);
	qsort(s->v, s->n, sizeof(*s->v), by_path);
	return 0;
}

void th_sums_free(struct th_sums *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i].path);
	free(s->v);
	free(s->root);
	memset(s, 0, sizeof(*s));
}

const struct th_sum *th_sums_find(const struct th_sums *s, const char *path)
{
	size_t n = strlen(s->root);
	struct th_sum key;

	if (strncmp(path, s->root, n) || path[n] != '/')
		return NULL;
	key.path = (char *)path + n + 1;
	return bsearch(&key, s->v, s->n, sizeof(*s->v), by_path);
}

/* The file of e is there, regular, of its size. */
static int check_size(const struct th_sums *s, const struct th_sum *e,
		      struct rt_err *err)
{
	char path[PATH_MAX];
	struct stat st;

	th_path(path, sizeof(path), "%s/%s", s->root, e->path);
	if (lstat(path, &st))
		return rt_fail(err, -EBADMSG, "'%s' is missing", e->path);
	if (!S_ISREG(st.st_mode))
		return rt_fail(err, -EBADMSG, "'%s' is not a regular file", e->path);
	if (st.st_size != e->size)
		return rt_fail(err, -EBADMSG, "'%s' has %lld bytes, the package's "
			       "%lld", e->path, (long long)st.st_size,
			       (long long)e->size);
	return 0;
}

int th_sums_check_sizes(const struct th_sums *s, struct rt_err *err)
{
	for (size_t i = 0; i < s->n; i++) {
		int rc = check_size(s, &s->v[i], err);

		if (rc)
			return rc;
	}
	return 0;
}

int th_sums_check_file(const struct th_sums *s, const char *path,
		       struct rt_err *err)
{
	const struct th_sum *e = th_sums_find(s, path);
	char md5[33];
	int rc;

	if (!e) {
		size_t n = strlen(s->root);
		const char *rel = !strncmp(path, s->root, n) && path[n] == '/' ?
				  path + n + 1 : path;

		return rt_fail(err, -EBADMSG, "'%s' is not one of the package's "
			       "files", rel);
	}
	rc = check_size(s, e, err);
	if (rc)
		return rc;
	rc = th_md5_file(path, md5);
	if (rc)
		return rt_fail(err, -EBADMSG, "'%s' cannot be read: %s", e->path,
			       strerror(-rc));
	if (strcmp(md5, e->md5))
		return rt_fail(err, -EBADMSG, "'%s' is not the package's (MD5 %s, "
			       "the package's %s)", e->path, md5, e->md5);
	return 0;
}
