// SPDX-License-Identifier: GPL-2.0-only
/*
 * util: allocation that cannot fail quietly, a growable string buffer and
 * small string helpers shared by every layer.
 *
 * The room (common/) holds what every other room uses and nothing of
 * scn's own meaning: this, the arena, diagnostics at a source location,
 * source files, JSON read and written, statistics, files written whole.
 * It uses the C library alone.
 *
 * Allocation failure aborts: scn's data is small, and threading ENOMEM
 * through the parser and checker would hide the real errors.
 */
#ifndef SCN_UTIL_H
#define SCN_UTIL_H

#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

void *xmalloc(size_t n);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* Returns a malloc'ed string; the caller owns it. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* a + b, or INT64_MAX where that overflows: a sum of sizes that saturates. */
int64_t add_sat(int64_t a, int64_t b);

/*
 * Merges the nadd values of add into the multiset set (*n values, at most
 * cap stored, *n counting on past cap): of each value, as many as the
 * larger of its two counts. What one machine needs to meet several needs
 * at once (the PCI BARs of a suite's lines, of a sweep's points).
 */
void multiset_merge_max(int64_t *set, unsigned *n, unsigned cap, const int64_t *add,
			unsigned nadd);

/* Grows *arr so that it holds at least need elements of size elem. */
void grow_array(void **arr, size_t *cap, size_t need, size_t elem);
#define VEC_PUSH(arr, len, cap, val)                                          \
	do {                                                                  \
		grow_array((void **)&(arr), &(cap), (len) + 1,                \
			   sizeof(*(arr)));                                   \
		(arr)[(len)++] = (val);                                       \
	} while (0)

struct strbuf {
	char *buf;
	size_t len;
	size_t cap;
};

void sb_init(struct strbuf *sb);
void sb_free(struct strbuf *sb);
void sb_putc(struct strbuf *sb, char c);
void sb_puts(struct strbuf *sb, const char *s);
void sb_putn(struct strbuf *sb, const char *s, size_t n);
void sb_printf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void sb_vprintf(struct strbuf *sb, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
/* Hands the buffer to the caller (never NULL) and empties sb. */
char *sb_steal(struct strbuf *sb);

/* A whole decimal number in [min, max]: digits only, no sign or blank. */
bool parse_whole(const char *s, unsigned long min, unsigned long max,
		 unsigned long *out);

/*
 * A duration as the command line takes it, in the language's units: "2s",
 * "500ms", "1.5s", "20us", "100ns", or bare seconds ("2"). It must be a
 * whole number of nanoseconds within [min_ns, max_ns].
 */
bool parse_duration(const char *s, int64_t min_ns, int64_t max_ns,
		    int64_t *out);

/* A path's last component without ext: ("dir/ksm_merge.scn", ".scn") ->
 * "ksm_merge". The caller frees it. */
char *path_stem(const char *path, const char *ext);

/* A hash of the first n bytes of s (djb2), for the open-addressing tables. */
size_t str_hash(const char *s, size_t n);

/* Levenshtein distance, capped: returns max+1 once it is exceeded. */
unsigned edit_distance(const char *a, const char *b, unsigned max);

/*
 * Picks the candidate closest to word for a "did you mean" hint, or NULL
 * when nothing is close enough to be a likely typo.
 */
struct suggest {
	const char *word;
	const char *best;
	unsigned best_dist;
};
void suggest_init(struct suggest *s, const char *word);
void suggest_offer(struct suggest *s, const char *candidate);
const char *suggest_result(const struct suggest *s);

/*
 * The signals that end a process by default and can be caught (not those
 * a fault raises, nor those ignored by default), and the real-time ones:
 * what scn stops on, cleaning up, rather than die of.
 */
void stop_signal_set(sigset_t *set);

#endif
