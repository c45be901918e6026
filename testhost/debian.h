// SPDX-License-Identifier: GPL-2.0-only
/*
 * debian: Debian's kernels by name, and the archive they come from.
 *
 * "debian:WHAT" of a --kernel spec is one of
 *   SERIES[-FLAVOUR]   the newest release of a series the archive has
 *                      (debian:7.3, debian:6.12-rt, debian:7.2.12: a
 *                      series of three numbers is that upstream version)
 *   sid[-FLAVOUR]      the newest release in sid
 *   PACKAGE            one release exactly, by any package of it
 *                      (linux-image-7.3.4+deb13-amd64, linux-binary-
 *                      unsigned-..., linux-image-6.12.117+deb12-amd64-
 *                      unsigned)
 * with FLAVOUR one of the table's (-rt, -arm64, -arm64-16k, -rt-arm64;
 * none: amd64). The table of named series (th_deb_named) is what help
 * texts, usage errors and `scn kernel --list` print alike.
 *
 * The archive is asked through an apt configuration of scn's own in
 * CACHE/apt (the kernel cache's): its sources.list names Debian's suites
 * (bookworm, trixie, trixie-backports, sid and the two security suites)
 * on deb.debian.org with Debian's archive keyring as the only key, its
 * own lists, archives and an empty dpkg status; the machine's apt sources
 * are never read or changed. `apt-get update` of it runs when its lists
 * are missing or a day old, or when a spec names what they lack (not
 * twice in ten minutes); after each, an index of every kernel package
 * the lists hold is written (CACHE/apt/index: release, version, suite and
 * which packages the release has), so that a spec is resolved without
 * apt. The caller holds the cache's lock around every call that may
 * update or write. debian.c has the names, versions and what there is;
 * debian_apt.c the configuration and the index.
 *
 * Debian ships a release in one of two layouts, and an entry of the cache
 * holds one release whole, whichever it is:
 *   to 6.12: linux-image-REL-unsigned (boot/vmlinuz-REL and the modules)
 *   6.16 on: linux-binary-unsigned-REL (usr/lib/modules/REL/
 *            vmlinuz.unsigned; sid has only the signed linux-binary-REL),
 *            linux-modules-REL (the .ko.xz, no modules.dep) and
 *            linux-base-REL (config, System.map, modules.order, dtb/);
 *            linux-image-REL is an empty metapackage
 */
#ifndef SCN_TH_DEBIAN_H
#define SCN_TH_DEBIAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include "../common/util.h"
#include "../runtime/err.h"
#include "testhost.h"

/* The packages of a release, as bits. */
enum th_deb_part {
	TH_DEB_IMAGE_UNSIGNED = 1 << 0,	/* linux-image-REL-unsigned */
	TH_DEB_IMAGE = 1 << 1,		/* linux-image-REL */
	TH_DEB_BINARY_UNSIGNED = 1 << 2,	/* linux-binary-unsigned-REL */
	TH_DEB_BINARY = 1 << 3,		/* linux-binary-REL */
	TH_DEB_MODULES = 1 << 4,	/* linux-modules-REL */
	TH_DEB_BASE = 1 << 5,		/* linux-base-REL */
	/* linux-image-REL is a metapackage (it depends on the packages that
	 * hold the kernel), not an image. */
	TH_DEB_META = 1 << 6,
};
#define TH_DEB_SPLIT (TH_DEB_BINARY_UNSIGNED | TH_DEB_BINARY | \
		      TH_DEB_MODULES | TH_DEB_BASE)

struct th_deb_flavour {
	const char *tail;	/* the spec's: "-arm64-16k"; NULL: by package only */
	const char *name;	/* the release's end: "arm64-16k" */
	const char *arch;	/* Debian's architecture: "arm64" */
	enum th_arch th;
	long page_size;		/* its base pages: 16384 for arm64-16k */
};

/* A release of the archive (or of the cache). */
struct th_deb_rel {
	char rel[96];		/* "7.3.4+deb13-amd64" */
	char version[64];	/* "7.3.4-1~bpo13+1"; "" when not known */
	char suite[64];		/* "trixie-backports" ("a,b" when in two) */
	unsigned parts;		/* enum th_deb_part */
	const struct th_deb_flavour *flavour;
	bool cached;		/* an entry of the cache holds it */
};

struct th_deb_index {
	struct th_deb_rel *v;
	size_t n, cap;
	time_t updated;		/* the lists' last update; 0: never */
	bool archive;		/* the index of the lists was read */
};

enum th_deb_kind { TH_DEB_SERIES, TH_DEB_SUITE, TH_DEB_PACKAGE };

struct th_deb_spec {
	enum th_deb_kind kind;
	char series[32];	/* "7.3", "7.2.12"; "sid" for a suite */
	char rel[96];		/* a package's release */
	unsigned part;		/* a package's part */
	const struct th_deb_flavour *flavour;
};

/* The named series ("6.1" ... "sid"), NULL-ended, and the flavours. */
extern const char *const th_deb_named[];
extern const struct th_deb_flavour th_deb_flavours[];
extern const size_t th_deb_nflavours;

/* The suites scn's apt configuration names, in order: a release in two
 * is the first's (bookworm's build of an upstream kernel over trixie's). */
struct th_deb_suite {
	const char *uri, *suite;
};
extern const struct th_deb_suite th_deb_suites[];
extern const size_t th_deb_nsuites;

/*
 * What a spec may be, one line of text for help and errors:
 * "debian:SERIES[-FLAVOUR] (SERIES 6.1, ...; FLAVOUR -rt, ...), ...".
 */
void th_deb_grammar(struct strbuf *sb);

/* The release and part of a package name; false when it is none. */
bool th_deb_package(const char *name, char *rel, size_t len, unsigned *part);
/* The flavour a release ends with, or NULL. */
const struct th_deb_flavour *th_deb_flavour_of(const char *rel);

/* "debian:WHAT" without the prefix, into s: 0, or -EINVAL. */
int th_deb_parse(const char *what, struct th_deb_spec *s);
/* Whether s is a series the table names (never wrong: a skip at worst). */
bool th_deb_is_named(const struct th_deb_spec *s);
/* Whether r is what s asks for. */
bool th_deb_match(const struct th_deb_spec *s, const struct th_deb_rel *r);
/*
 * Whether r can be booted: its image and its modules are in the archive
 * (or the cache holds it). The archive keeps the signed images of older
 * backports (7.0.x) after their modules are gone.
 */
bool th_deb_complete(const struct th_deb_rel *r);
/* The packages r lacks to be complete, "linux-modules-REL", into buf. */
void th_deb_missing(const struct th_deb_rel *r, char *buf, size_t len);

/* The newest complete release of ix that s asks for (any, complete or
 * not, with partial), or NULL. */
const struct th_deb_rel *th_deb_newest(const struct th_deb_index *ix,
				       const struct th_deb_spec *s,
				       bool partial);
/* ix's release named rel, or NULL. */
const struct th_deb_rel *th_deb_find(const struct th_deb_index *ix,
				     const char *rel);

/* dpkg's order of two versions: <0, 0, >0. */
int th_deb_vercmp(const char *a, const char *b);

/*
 * The cache entry of a release with these parts ("linux-image-REL" for
 * the 7.x layout, "linux-image-REL-unsigned" before), and the packages
 * to fetch for it, NAME:ARCH each, into names (each of len bytes, at
 * most 4). Returns how many.
 */
size_t th_deb_parts(const struct th_deb_rel *r, char *entry, size_t elen,
		    char names[][256], size_t max);

/*
 * The index of cache (CACHE/apt/index) into ix, with the cache's own
 * entries marked (or added: the releases that serve offline). With
 * refresh, apt-get update runs first where the lists are missing or a
 * day old; with miss, where they are older than ten minutes. An update
 * that fails is said on log and the old lists serve. 0; -EINTR at a stop
 * signal; other -errno only where the cache cannot be written. Free ix
 * with th_deb_index_free.
 */
enum th_deb_refresh { TH_DEB_AS_IS, TH_DEB_FRESH, TH_DEB_MISS };
int th_deb_index_get(const char *cache, enum th_deb_refresh refresh, FILE *log,
		     struct th_deb_index *ix, struct rt_err *err);
void th_deb_index_free(struct th_deb_index *ix);

/*
 * The argv of an apt program with scn's configuration of cache, then
 * args (NULL-ended): into a, which holds the strings. a->argv is ready
 * for th_spawn.
 */
struct th_deb_apt {
	char opt[16][4200];
	const char *argv[48];
};
void th_deb_apt_argv(struct th_deb_apt *a, const char *cache,
		     const char *const *args);

/*
 * The nearest spec to a wrong one, from ix (or the named ones), as
 * "debian:7.3": a series of the same flavour by number (7.9 -> 7.3), else
 * the spec with the fewest letters changed. "" when nothing is near.
 */
void th_deb_nearest(const struct th_deb_index *ix, const char *what, char *buf,
		    size_t len);

/* The specs ix offers, one per series and flavour, in order: into sb, as
 * "debian:6.1 debian:6.1-rt ..." (the named ones where ix is empty). */
void th_deb_specs(const struct th_deb_index *ix, struct strbuf *sb);

/*
 * The table `scn kernel --list` prints: a line per series and flavour ix
 * offers (SPEC VERSION SUITE RELEASES...), into sb.
 */
void th_deb_list(const struct th_deb_index *ix, struct strbuf *sb);

#endif
