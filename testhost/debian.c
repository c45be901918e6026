// SPDX-License-Identifier: GPL-2.0-only
/* debian: Debian's kernels by name, their versions, and what there is (see debian.h). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "debian.h"

/* The series help and docs name; any other the archive has works too. */
const char *const th_deb_named[] = { "6.1", "6.12", "7.0", "7.2", "7.3", "sid", NULL };

/* Longest tails first: a spec's tail is the longest that fits. */
const struct th_deb_flavour th_deb_flavours[] = {
	{ "-arm64-16k", "arm64-16k", "arm64", TH_ARCH_AARCH64, 16384 },
	{ "-rt-arm64", "rt-arm64", "arm64", TH_ARCH_AARCH64, 4096 },
	{ "-arm64", "arm64", "arm64", TH_ARCH_AARCH64, 4096 },
	{ "-riscv64", "riscv64", "riscv64", TH_ARCH_RISCV64, 4096 },
	{ "-rt", "rt-amd64", "amd64", TH_ARCH_X86_64, 4096 },
	{ "", "amd64", "amd64", TH_ARCH_X86_64, 4096 },
	/* No spec names them (no 9p in a cloud kernel); a package may. */
	{ NULL, "cloud-amd64", "amd64", TH_ARCH_X86_64, 4096 },
	{ NULL, "cloud-arm64", "arm64", TH_ARCH_AARCH64, 4096 },
};
const size_t th_deb_nflavours = ARRAY_SIZE(th_deb_flavours);

/* The order --list and the spec lists give the flavours in. */
static const char *const flavour_order[] = { "", "-rt", "-arm64", "-arm64-16k",
					     "-rt-arm64", "-riscv64" };

/* The packages of a release: name = PREFIX REL SUFFIX. The unsigned image
 * is tried before the signed one of the same prefix. */
static const struct {
	unsigned part;
	const char *prefix, *suffix;
} part_names[] = {
	{ TH_DEB_IMAGE_UNSIGNED, "linux-image-", "-unsigned" },
	{ TH_DEB_IMAGE, "linux-image-", "" },
	{ TH_DEB_BINARY_UNSIGNED, "linux-binary-unsigned-", "" },
	{ TH_DEB_BINARY, "linux-binary-", "" },
	{ TH_DEB_MODULES, "linux-modules-", "" },
	{ TH_DEB_BASE, "linux-base-", "" },
};

/*
 * The suites the configuration names: bookworm's security suite has
 * bookworm's 6.12 kernels, trixie's the newest of trixie's own.
 */
const struct th_deb_suite th_deb_suites[] = {
	{ "http://deb.debian.org/debian", "bookworm" },
	{ "http://deb.debian.org/debian-security", "bookworm-security" },
	{ "http://deb.debian.org/debian", "trixie" },
	{ "http://deb.debian.org/debian-security", "trixie-security" },
	{ "http://deb.debian.org/debian", "trixie-backports" },
	{ "http://deb.debian.org/debian", "sid" },
};
const size_t th_deb_nsuites = ARRAY_SIZE(th_deb_suites);

/* ---- names ----------------------------------------------------------- */

const struct th_deb_flavour *th_deb_flavour_of(const char *rel)
{
	const struct th_deb_flavour *best = NULL;
	size_t n = strlen(rel), bl = 0;

	for (size_t i = 0; i < th_deb_nflavours; i++) {
		size_t f = strlen(th_deb_flavours[i].name);

		if (n > f + 1 && rel[n - f - 1] == '-' &&
		    !strcmp(rel + n - f, th_deb_flavours[i].name) && f > bl) {
			best = &th_deb_flavours[i];
			bl = f;
		}
	}
	return best;
}

/* Whether a release's version has two dots: "7.3.4+deb13", "6.1.0-57". */
static bool dotted(const char *rel)
{
	const char *dot = strchr(rel, '.'), *second = dot ? strchr(dot + 1, '.') : NULL;

	return second && second < rel + strlen(rel) - strlen(th_deb_flavour_of(rel)->name);
}

bool th_deb_package(const char *name, char *rel, size_t len, unsigned *part)
{
	size_t n = strlen(name);

	for (size_t i = 0; i < ARRAY_SIZE(part_names); i++) {
		size_t p = strlen(part_names[i].prefix), s = strlen(part_names[i].suffix);
		char r[128];

		if (n <= p + s || strncmp(name, part_names[i].prefix, p) ||
		    strcmp(name + n - s, part_names[i].suffix) ||
		    n - p - s >= sizeof(r) || n - p - s >= len)
			continue;
		snprintf(r, sizeof(r), "%.*s", (int)(n - p - s), name + p);
		/* A release is VERSION-FLAVOUR, the version a number first
		 * with its patch level or ABI: linux-image-6.12-amd64 is the
		 * metapackage of a series, no release. */
		if (!isdigit((unsigned char)r[0]) || !th_deb_flavour_of(r) ||
		    strchr(r, '/') || strchr(r, ' ') || !dotted(r))
			continue;
		snprintf(rel, len, "%s", r);
		*part = part_names[i].part;
		return true;
	}
	return false;
}

/* "7.3", "7.2.12": two or three numbers. */
static bool is_series(const char *s)
{
	int dots = 0;

	if (!isdigit((unsigned char)*s))
		return false;
	for (; *s; s++) {
		if (*s == '.') {
			if (!isdigit((unsigned char)s[1]))
				return false;
			dots++;
		} else if (!isdigit((unsigned char)*s)) {
			return false;
		}
	}
	return dots == 1 || dots == 2;
}

int th_deb_parse(const char *what, struct th_deb_spec *s)
{
	size_t n = strlen(what);

	memset(s, 0, sizeof(*s));
	if (th_deb_package(what, s->rel, sizeof(s->rel), &s->part)) {
		s->kind = TH_DEB_PACKAGE;
		s->flavour = th_deb_flavour_of(s->rel);
		return 0;
	}
	for (size_t i = 0; i < th_deb_nflavours; i++) {
		const struct th_deb_flavour *f = &th_deb_flavours[i];
		size_t t = f->tail ? strlen(f->tail) : 0;
		char series[32];

		if (!f->tail || n <= t || strcmp(what + n - t, f->tail) ||
		    n - t >= sizeof(series))
			continue;
		snprintf(series, sizeof(series), "%.*s", (int)(n - t), what);
		if (strcmp(series, "sid") && !is_series(series))
			continue;
		s->kind = strcmp(series, "sid") ? TH_DEB_SERIES : TH_DEB_SUITE;
		snprintf(s->series, sizeof(s->series), "%s", series);
		s->flavour = f;
		return 0;
	}
	return -EINVAL;
}

bool th_deb_is_named(const struct th_deb_spec *s)
{
	if (s->kind == TH_DEB_PACKAGE)
		return false;
	for (size_t i = 0; th_deb_named[i]; i++)
		if (!strcmp(s->series, th_deb_named[i]))
			return true;
	return false;
}

/* ---- versions -------------------------------------------------------- */

/* dpkg's weight of a character outside a run of digits. */
static int order(int c)
{
	if (isdigit(c))
		return 0;
	if (isalpha(c))
		return c;
	if (c == '~')
		return -1;
	return c ? c + 256 : 0;
}

/* dpkg's comparison of two upstream parts or two revisions. */
static int verrevcmp(const char *a, const char *b)
{
	while (*a || *b) {
		int first = 0;

		while ((*a && !isdigit((unsigned char)*a)) ||
		       (*b && !isdigit((unsigned char)*b))) {
			int ac = order((unsigned char)*a), bc = order((unsigned char)*b);

			if (ac != bc)
				return ac - bc;
			a++;
			b++;
		}
		while (*a == '0')
			a++;
		while (*b == '0')
			b++;
		while (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			if (!first)
				first = *a - *b;
			a++;
			b++;
		}
		if (isdigit((unsigned char)*a))
			return 1;
		if (isdigit((unsigned char)*b))
			return -1;
		if (first)
			return first;
	}
	return 0;
}

/* "1:7.3.4-1~bpo13+1" -> epoch 1, upstream "7.3.4", revision "1~bpo13+1". */
static void split_version(const char *v, long *epoch, char *up, size_t ulen,
			  const char **rev)
{
	const char *colon = strchr(v, ':'), *dash;

	*epoch = colon ? strtol(v, NULL, 10) : 0;
	if (colon)
		v = colon + 1;
	dash = strrchr(v, '-');
	snprintf(up, ulen, "%.*s", (int)(dash ? dash - v : (long)strlen(v)), v);
	*rev = dash ? dash + 1 : "";
}

int th_deb_vercmp(const char *a, const char *b)
{
	char ua[64], ub[64];
	const char *ra, *rb;
	long ea, eb;
	int c;

	split_version(a, &ea, ua, sizeof(ua), &ra);
	split_version(b, &eb, ub, sizeof(ub), &rb);
	if (ea != eb)
		return ea < eb ? -1 : 1;
	c = verrevcmp(ua, ub);
	return c ? c : verrevcmp(ra, rb);
}

/* The upstream version of r: its package's, else its release's first part. */
static void upstream(const struct th_deb_rel *r, char *buf, size_t len)
{
	const char *rev;
	long epoch;

	if (r->version[0]) {
		split_version(r->version, &epoch, buf, len, &rev);
		return;
	}
	snprintf(buf, len, "%.*s", (int)strcspn(r->rel, "+-"), r->rel);
}

bool th_deb_match(const struct th_deb_spec *s, const struct th_deb_rel *r)
{
	char up[64];
	size_t n;

	if (s->flavour != r->flavour)
		return false;
	switch (s->kind) {
	case TH_DEB_PACKAGE:
		return !strcmp(s->rel, r->rel);
	case TH_DEB_SUITE: {
		const char *p = r->suite;
		size_t k = strlen(s->series);

		for (; *p; p += strcspn(p, ",") + (p[strcspn(p, ",")] ? 1 : 0))
			if (!strncmp(p, s->series, k) && (p[k] == ',' || !p[k]))
				return true;
		return false;
	}
	case TH_DEB_SERIES:
		upstream(r, up, sizeof(up));
		n = strlen(s->series);
		return !strncmp(up, s->series, n) &&
		       (!up[n] || up[n] == '.' || up[n] == '~' || up[n] == '+');
	}
	return false;
}

/* Where r's first suite is in the table: bookworm's before trixie's. */
static size_t suite_rank(const struct th_deb_rel *r)
{
	size_t n = strcspn(r->suite, ",");

	for (size_t i = 0; i < th_deb_nsuites; i++)
		if (strlen(th_deb_suites[i].suite) == n &&
		    !strncmp(r->suite, th_deb_suites[i].suite, n))
			return i;
	return th_deb_nsuites;
}

/*
 * Whether a is newer than b: by the upstream version; the same upstream
 * kernel built for two releases (6.12.118+deb12 and +deb13) by the suite
 * first in the table, so that the machine's own release's build serves
 * as it did when the machine's apt was asked.
 */
static bool newer(const struct th_deb_rel *a, const struct th_deb_rel *b)
{
	char ua[64], ub[64];
	int c;

	upstream(a, ua, sizeof(ua));
	upstream(b, ub, sizeof(ub));
	c = verrevcmp(ua, ub);
	if (c)
		return c > 0;
	if (suite_rank(a) != suite_rank(b))
		return suite_rank(a) < suite_rank(b);
	c = th_deb_vercmp(a->version, b->version);
	return c ? c > 0 : strverscmp(a->rel, b->rel) > 0;
}

bool th_deb_complete(const struct th_deb_rel *r)
{
	if (r->cached)
		return true;
	if (r->parts & (TH_DEB_BINARY_UNSIGNED | TH_DEB_BINARY))
		return r->parts & TH_DEB_MODULES;
	return r->parts & TH_DEB_IMAGE_UNSIGNED ||
	       (r->parts & TH_DEB_IMAGE && !(r->parts & TH_DEB_META));
}

void th_deb_missing(const struct th_deb_rel *r, char *buf, size_t len)
{
	if (r->parts & (TH_DEB_BINARY_UNSIGNED | TH_DEB_BINARY | TH_DEB_META) &&
	    !(r->parts & TH_DEB_MODULES))
		snprintf(buf, len, "linux-modules-%s", r->rel);
	else
		snprintf(buf, len, "linux-binary-unsigned-%s", r->rel);
}

const struct th_deb_rel *th_deb_newest(const struct th_deb_index *ix,
				       const struct th_deb_spec *s,
				       bool partial)
{
	const struct th_deb_rel *best = NULL;

	for (size_t i = 0; i < ix->n; i++) {
		const struct th_deb_rel *r = &ix->v[i];

		if ((partial || th_deb_complete(r)) && th_deb_match(s, r) &&
		    (!best || newer(r, best)))
			best = r;
	}
	return best;
}

const struct th_deb_rel *th_deb_find(const struct th_deb_index *ix,
				     const char *rel)
{
	for (size_t i = 0; i < ix->n; i++)
		if (!strcmp(ix->v[i].rel, rel))
			return &ix->v[i];
	return NULL;
}

size_t th_deb_parts(const struct th_deb_rel *r, char *entry, size_t elen,
		    char names[][256], size_t max)
{
	const char *arch = r->flavour ? r->flavour->arch : "amd64";
	unsigned image = r->parts & TH_DEB_BINARY_UNSIGNED ? TH_DEB_BINARY_UNSIGNED :
			 r->parts & TH_DEB_BINARY ? TH_DEB_BINARY :
			 r->parts & TH_DEB_IMAGE_UNSIGNED ? TH_DEB_IMAGE_UNSIGNED :
			 r->parts & TH_DEB_IMAGE ? TH_DEB_IMAGE : 0;
	unsigned want = image;
	size_t n = 0;

	if (image == TH_DEB_IMAGE_UNSIGNED)
		snprintf(entry, elen, "linux-image-%s-unsigned", r->rel);
	else
		snprintf(entry, elen, "linux-image-%s", r->rel);
	if (image & TH_DEB_SPLIT)
		want |= r->parts & (TH_DEB_MODULES | TH_DEB_BASE);
	for (size_t i = 0; i < ARRAY_SIZE(part_names) && n < max; i++)
		if (want & part_names[i].part)
			snprintf(names[n++], 256, "%s%s%s:%s", part_names[i].prefix,
				 r->rel, part_names[i].suffix, arch);
	return n;
}

/* ---- what there is, for people ----------------------------------------- */

void th_deb_grammar(struct strbuf *sb)
{
	sb_puts(sb, "debian:SERIES[-FLAVOUR], the newest of a series (");
	for (size_t i = 0; th_deb_named[i]; i++)
		if (strcmp(th_deb_named[i], "sid"))
			sb_printf(sb, "%s%s", i ? ", " : "", th_deb_named[i]);
	sb_puts(sb, " or another the archive has; sid: sid's newest) in a flavour (");
	for (size_t i = 1; i < ARRAY_SIZE(flavour_order); i++)
		sb_printf(sb, "%s%s", i > 1 ? ", " : "", flavour_order[i]);
	sb_puts(sb, "; none: amd64); debian:PACKAGE, one release "
		"(linux-image-RELEASE); or the path of a bzImage or an arm64 or "
		"riscv64 Image");
}

static size_t flavour_rank(const struct th_deb_flavour *f)
{
	for (size_t i = 0; f && f->tail && i < ARRAY_SIZE(flavour_order); i++)
		if (!strcmp(f->tail, flavour_order[i]))
			return i;
	return ARRAY_SIZE(flavour_order);
}

/* The "MAJOR.MINOR" of r's upstream version into buf. */
static void series_of(const struct th_deb_rel *r, char *buf, size_t len)
{
	char up[64];
	size_t n;

	upstream(r, up, sizeof(up));
	n = strcspn(up, ".");
	if (up[n])
		n += 1 + strspn(up + n + 1, "0123456789");
	snprintf(buf, len, "%.*s", (int)n, up);
}

struct spec_item {
	char series[32];
	size_t rank;
	bool sid;
};

static int by_spec(const void *a, const void *b)
{
	const struct spec_item *x = a, *y = b;

	if (x->sid != y->sid)
		return x->sid - y->sid;
	if (strcmp(x->series, y->series))
		return th_deb_vercmp(x->series, y->series);
	return (int)x->rank - (int)y->rank;
}

/* The series and flavours of ix, each once, in order: of its complete
 * releases, or of all with partial. */
static size_t spec_items(const struct th_deb_index *ix, bool partial,
			 struct spec_item **out)
{
	struct spec_item *v = NULL;
	size_t n = 0, cap = 0;

	for (size_t i = 0; i < ix->n; i++) {
		const struct th_deb_rel *r = &ix->v[i];
		struct th_deb_spec sid = { .kind = TH_DEB_SUITE, .series = "sid",
					   .flavour = r->flavour };
		struct spec_item it = { .rank = flavour_rank(r->flavour) };

		if (it.rank == ARRAY_SIZE(flavour_order) ||
		    (!partial && !th_deb_complete(r)))
			continue;
		for (int k = 0; k < 2; k++) {
			bool dup = false;

			if (k && !th_deb_match(&sid, r))
				break;
			it.sid = k;
			if (k)
				snprintf(it.series, sizeof(it.series), "sid");
			else
				series_of(r, it.series, sizeof(it.series));
			for (size_t j = 0; j < n && !dup; j++)
				dup = !by_spec(&v[j], &it);
			if (!dup)
				VEC_PUSH(v, n, cap, it);
		}
	}
	if (n)
		qsort(v, n, sizeof(*v), by_spec);
	*out = v;
	return n;
}

void th_deb_specs(const struct th_deb_index *ix, struct strbuf *sb)
{
	struct spec_item *v;
	size_t n = spec_items(ix, false, &v);

	/* A series once, its flavours after it: "debian:6.1 (-rt -arm64)". */
	for (size_t i = 0, j; i < n; i = j) {
		size_t tails = 0;

		for (j = i; j < n && !strcmp(v[j].series, v[i].series) &&
			    v[j].sid == v[i].sid; j++)
			tails += v[j].rank != 0;
		sb_printf(sb, "%sdebian:%s", i ? ", " : "", v[i].series);
		if (!tails)
			continue;
		sb_puts(sb, " (");
		for (size_t k = i, t = 0; k < j; k++)
			if (v[k].rank)
				sb_printf(sb, "%s%s", t++ ? " " : "", flavour_order[v[k].rank]);
		sb_putc(sb, ')');
	}
	free(v);
	if (!n)
		for (size_t i = 0; th_deb_named[i]; i++)
			sb_printf(sb, "%sdebian:%s", i ? ", " : "", th_deb_named[i]);
}

/* MAJOR * 1000 + MINOR of "7.3"; -1 for what is no number. */
static long series_number(const char *s)
{
	char *end;
	long major = strtol(s, &end, 10), minor;

	if (end == s || *end != '.')
		return -1;
	minor = strtol(end + 1, NULL, 10);
	return major * 1000 + minor;
}

void th_deb_nearest(const struct th_deb_index *ix, const char *what, char *buf,
		    size_t len)
{
	struct th_deb_spec s;
	struct spec_item *v;
	struct suggest sg;
	size_t n = spec_items(ix, false, &v);
	char **names = xcalloc(n + ix->n + 8, sizeof(*names));
	size_t nn = 0;
	long best = -1, want;
	const char *best_prefix = NULL;

	buf[0] = '\0';
	if (!n)		/* no index: the named series */
		for (size_t i = 0; th_deb_named[i]; i++)
			names[nn++] = xasprintf("%s", th_deb_named[i]);
	for (size_t i = 0; i < n; i++)
		names[nn++] = xasprintf("%s%s", v[i].series, flavour_order[v[i].rank]);
	/* A series by its number: 7.9 is nearest 7.3, in its flavour. */
	if (!th_deb_parse(what, &s) && s.kind == TH_DEB_SERIES &&
	    (want = series_number(s.series)) >= 0) {
		for (size_t i = 0; i < n; i++) {
			long have = series_number(v[i].series), d;

			if (have < 0 || v[i].sid || strcmp(flavour_order[v[i].rank],
							     s.flavour->tail))
				continue;
			d = labs(have - want);
			if (best < 0 || d <= best) {
				best = d;
				snprintf(buf, len, "debian:%s", names[i]);
			}
		}
	}
	/* "7.3-arm": a spec it begins, the shortest. */
	for (size_t i = 0; !buf[0] && i < nn; i++) {
		size_t k = strlen(what);

		if (k && !strncmp(names[i], what, k) && names[i][k] &&
		    (!best_prefix || strlen(names[i]) < strlen(best_prefix)))
			best_prefix = names[i];
	}
	if (!buf[0] && best_prefix)
		snprintf(buf, len, "debian:%s", best_prefix);
	if (!buf[0]) {
		suggest_init(&sg, what);
		for (size_t i = 0; i < nn; i++)
			suggest_offer(&sg, names[i]);
		/* A package misspelt: the packages, by their image's name. */
		for (size_t i = 0; !strncmp(what, "linux-", 6) && i < ix->n; i++) {
			names[nn] = xasprintf("linux-image-%s", ix->v[i].rel);
			suggest_offer(&sg, names[nn++]);
		}
		if (suggest_result(&sg))
			snprintf(buf, len, "debian:%s", suggest_result(&sg));
	}
	for (size_t i = 0; i < nn; i++)
		free(names[i]);
	free(names);
	free(v);
}

static int newest_first(const void *a, const void *b)
{
	const struct th_deb_rel *x = *(const struct th_deb_rel *const *)a;
	const struct th_deb_rel *y = *(const struct th_deb_rel *const *)b;

	return newer(x, y) ? -1 : newer(y, x) ? 1 : 0;
}

void th_deb_list(const struct th_deb_index *ix, struct strbuf *sb)
{
	const struct th_deb_rel **rels = xcalloc(ix->n + 1, sizeof(*rels));
	struct spec_item *v;
	size_t n = spec_items(ix, true, &v);

	sb_printf(sb, "%-22s %-22s %-18s %s\n", "SPEC", "VERSION", "SUITE",
		  "RELEASES, newest first (* cached)");
	for (size_t i = 0; i < n; i++) {
		struct th_deb_spec s = { .kind = v[i].sid ? TH_DEB_SUITE : TH_DEB_SERIES };
		const struct th_deb_rel *best;
		char spec[64];
		size_t m = 0, shown = 0, more = 0;

		snprintf(s.series, sizeof(s.series), "%s", v[i].series);
		for (size_t f = 0; f < th_deb_nflavours; f++)
			if (th_deb_flavours[f].tail &&
			    !strcmp(th_deb_flavours[f].tail, flavour_order[v[i].rank]))
				s.flavour = &th_deb_flavours[f];
		for (size_t k = 0; k < ix->n; k++)
			if (th_deb_match(&s, &ix->v[k]) && th_deb_complete(&ix->v[k]))
				rels[m++] = &ix->v[k];
		snprintf(spec, sizeof(spec), "debian:%s%s", v[i].series,
			 flavour_order[v[i].rank]);
		best = th_deb_newest(ix, &s, true);
		if (!m) {
			char missing[160];

			/* Older backports: signed images whose modules are gone. */
			th_deb_missing(best, missing, sizeof(missing));
			sb_printf(sb, "%-22s %-22s %-18s none can boot: the lists "
				  "have no %s (nor of older ones)\n", spec, "-",
				  best->suite, missing);
			continue;
		}
		qsort(rels, m, sizeof(*rels), newest_first);
		sb_printf(sb, "%-22s %-22s %-18s", spec,
			  rels[0]->version[0] ? rels[0]->version : "?",
			  rels[0]->suite[0] ? rels[0]->suite : "(cache)");
		/* The newest few, and every cached one. */
		for (size_t k = 0; k < m; k++) {
			size_t len = strlen(rels[k]->rel) - strlen(s.flavour->name) - 1;

			if (k >= 6 && !rels[k]->cached) {
				more++;
				continue;
			}
			sb_printf(sb, " %.*s%s", (int)len, rels[k]->rel,
				  rels[k]->cached ? "*" : "");
			shown++;
		}
		if (more)
			sb_printf(sb, " (+%zu older)", more);
		sb_putc(sb, '\n');
	}
	free(v);
	free(rels);
}
