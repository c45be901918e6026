// SPDX-License-Identifier: GPL-2.0-only
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(void)
{
	fputs("scn: out of memory\n", stderr);
	abort();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		out_of_memory();
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xvasprintf(const char *fmt, va_list ap)
{
	struct strbuf sb;

	sb_init(&sb);
	sb_vprintf(&sb, fmt, ap);
	return sb_steal(&sb);
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}

int64_t add_sat(int64_t a, int64_t b)
{
	int64_t r;

	return __builtin_add_overflow(a, b, &r) ? INT64_MAX : r;
}

/* How many of the first n values of v equal x. */
static unsigned count_of(const int64_t *v, unsigned n, int64_t x)
{
	unsigned k = 0;

	for (unsigned i = 0; i < n; i++)
		k += v[i] == x;
	return k;
}

void multiset_merge_max(int64_t *set, unsigned *n, unsigned cap, const int64_t *add,
			unsigned nadd)
{
	for (unsigned i = 0; i < nadd; i++)
		for (unsigned have = count_of(set, *n < cap ? *n : cap, add[i]);
		     have < count_of(add, nadd, add[i]); have++) {
			if (*n < cap)
				set[*n] = add[i];
			(*n)++;
		}
}

void grow_array(void **arr, size_t *cap, size_t need, size_t elem)
{
	size_t n = *cap ? *cap : 4;

	if (need <= *cap)
		return;
	while (n < need)
		n *= 2;
	*arr = xrealloc(*arr, n * elem);
	*cap = n;
}

void sb_init(struct strbuf *sb)
{
	sb->buf = NULL;
	sb->len = 0;
	sb->cap = 0;
}

void sb_free(struct strbuf *sb)
{
	free(sb->buf);
	sb_init(sb);
}

static void sb_reserve(struct strbuf *sb, size_t extra)
{
	grow_array((void **)&sb->buf, &sb->cap, sb->len + extra + 1, 1);
}

void sb_putn(struct strbuf *sb, const char *s, size_t n)
{
	sb_reserve(sb, n);
	memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void sb_putc(struct strbuf *sb, char c)
{
	sb_putn(sb, &c, 1);
}

void sb_puts(struct strbuf *sb, const char *s)
{
	sb_putn(sb, s, strlen(s));
}

void sb_vprintf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list ap2;
	int n;

	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		return;
	sb_reserve(sb, (size_t)n);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
}

void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(sb, fmt, ap);
	va_end(ap);
}

char *sb_steal(struct strbuf *sb)
{
	char *p = sb->buf ? sb->buf : xstrdup("");

	sb_init(sb);
	return p;
}

size_t str_hash(const char *s, size_t n)
{
	size_t h = 5381, i;

	for (i = 0; i < n; i++)
		h = h * 33 + (unsigned char)s[i];
	return h;
}

/* Optimal string alignment: a swap of two letters costs one, as typed. */
unsigned edit_distance(const char *a, const char *b, unsigned max)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	unsigned d[65][65], best;

	if (la > 64 || lb > 64)
		return max + 1;
	for (i = 0; i <= la; i++)
		d[i][0] = (unsigned)i;
	for (j = 0; j <= lb; j++)
		d[0][j] = (unsigned)j;
	for (i = 1; i <= la; i++) {
		best = ~0u;
		for (j = 1; j <= lb; j++) {
			unsigned v = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);

			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
			if (v < best)
				best = v;
		}
		if (best > max && lb)
			return max + 1;
	}
	return d[la][lb] > max ? max + 1 : d[la][lb];
}

void suggest_init(struct suggest *s, const char *word)
{
	s->word = word;
	s->best = NULL;
	s->best_dist = ~0u;
}

void suggest_offer(struct suggest *s, const char *candidate)
{
	/* A third of the word may be wrong, at least one letter, at most 3. */
	unsigned limit = (unsigned)strlen(s->word) / 3;
	unsigned d;

	if (limit < 1)
		limit = 1;
	if (limit > 3)
		limit = 3;
	if (!strcmp(candidate, s->word))
		return;
	d = edit_distance(s->word, candidate, limit);
	if (d <= limit && d < s->best_dist) {
		s->best = candidate;
		s->best_dist = d;
	}
}

const char *suggest_result(const struct suggest *s)
{
	return s->best;
}

char *path_stem(const char *path, const char *ext)
{
	const char *base = strrchr(path, '/');
	size_t n, e = strlen(ext);

	base = base ? base + 1 : path;
	n = strlen(base);
	if (n > e && !strcmp(base + n - e, ext))
		n -= e;
	return xstrndup(base, n);
}

bool parse_whole(const char *s, unsigned long min, unsigned long max,
		 unsigned long *out)
{
	unsigned long v;
	char *end;

	if (!isdigit((unsigned char)*s))
		return false;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return false;
	if (out)
		*out = v;
	return true;
}

bool parse_duration(const char *s, int64_t min_ns, int64_t max_ns,
		    int64_t *out)
{
	static const struct {
		const char *unit;
		int64_t ns;
	} units[] = { { "ns", 1 }, { "us", 1000 }, { "ms", 1000000 },
		      { "s", 1000000000 }, { "", 1000000000 } };
	const char *p = s, *frac = NULL;
	int64_t whole = 0, v, scale = 0;
	size_t i, nfrac = 0;

	if (!isdigit((unsigned char)*p))
		return false;
	for (; isdigit((unsigned char)*p); p++) {
		if (whole > (INT64_MAX - 9) / 10)
			return false;
		whole = whole * 10 + (*p - '0');
	}
	if (*p == '.') {
		frac = ++p;
		while (isdigit((unsigned char)*p))
			p++;
		nfrac = (size_t)(p - frac);
		if (!nfrac)
			return false;
	}
	for (i = 0; i < ARRAY_SIZE(units); i++)
		if (!strcmp(p, units[i].unit)) {
			scale = units[i].ns;
			break;
		}
	if (!scale || whole > INT64_MAX / scale)
		return false;
	v = whole * scale;
	/* Each digit of the fraction is worth a tenth of the one before. */
	for (i = 0; i < nfrac; i++) {
		int64_t d = frac[i] - '0';

		scale /= 10;
		if (!scale) {
			if (d)
				return false;	/* finer than a nanosecond */
			continue;
		}
		if (v > INT64_MAX - d * scale)
			return false;
		v += d * scale;
	}
	if (v < min_ns || v > max_ns)
		return false;
	if (out)
		*out = v;
	return true;
}

void stop_signal_set(sigset_t *set)
{
	static const int stop[] = {
		SIGHUP, SIGINT, SIGQUIT, SIGABRT, SIGPIPE, SIGALRM, SIGTERM,
		SIGUSR1, SIGUSR2, SIGSTKFLT, SIGXCPU, SIGXFSZ, SIGVTALRM,
		SIGPROF, SIGIO, SIGPWR,
	};

	sigemptyset(set);
	for (size_t i = 0; i < ARRAY_SIZE(stop); i++)
		sigaddset(set, stop[i]);
	/* glibc keeps the first few for itself; SIGRTMIN is past them. */
	for (int s = SIGRTMIN; s <= SIGRTMAX; s++)
		sigaddset(set, s);
}
