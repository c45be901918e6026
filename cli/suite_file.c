// SPDX-License-Identifier: GPL-2.0-only
/*
 * suite_file: reading a suite. Words are split at blanks, with no
 * quoting: a -D value in a suite is an scn expression like "64M" or
 * "max(1,ncpus/2)", and a shell-like quoting layer would only add a
 * second set of rules to get wrong. "#" starts a comment anywhere, which
 * also keeps "#" out of paths and so out of KTAP test names, where it
 * would start a directive.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/util.h"
#include "cmd_testhost.h"
#include "suite_file.h"

size_t suite_exec_arg_max(void)
{
	long page = sysconf(_SC_PAGESIZE);

	return 32 * (size_t)(page > 0 ? page : 4096);
}

size_t suite_exec_all_max(void)
{
	long v = sysconf(_SC_ARG_MAX);	/* glibc: a quarter of RLIMIT_STACK */

	if (v < 128 << 10)
		v = 128 << 10;
	if (v > 6 << 20)
		v = 6 << 20;	/* the kernel's cap: 3/4 of _STK_LIM */
	return (size_t)v;
}

static struct suite_entry *add_entry(struct suite *s, char *path, int line)
{
	struct suite_entry e = { 0 };

	e.path = path;
	e.name = path_stem(path, ".scn");
	e.line = line;
	VEC_PUSH(s->e, s->n, s->cap, e);
	return &s->e[s->n - 1];
}

void suite_free(struct suite *s)
{
	size_t i, j;

	for (i = 0; i < s->n; i++) {
		for (j = 0; j < s->e[i].ndefines; j++)
			free(s->e[i].defines[j]);
		free(s->e[i].defines);
		free(s->e[i].path);
		free(s->e[i].name);
		free(s->e[i].kernel);
		free(s->e[i].or_kernel);
		for (j = 0; j < s->e[i].npfnmap; j++)
			free(s->e[i].pfnmap_word[j]);
	}
	free(s->e);
	memset(s, 0, sizeof(*s));
}

unsigned suite_pfnmap_union(const struct suite *s, int64_t *sizes, unsigned max)
{
	unsigned n = 0;

	for (size_t i = 0; i < s->n; i++)
		multiset_merge_max(sizes, &n, max, s->e[i].pfnmap, s->e[i].npfnmap);
	return n;
}

/* One word of a line: its text and its columns, for messages. */
struct word {
	const char *p;
	size_t len;
	int col;		/* from 1 */
};

/* Splits a line into words until a '#'; returns how many (at most max). */
static size_t split_words(const char *line, size_t len, struct word *w,
			  size_t max, bool *too_many)
{
	size_t i = 0, n = 0;

	*too_many = false;
	for (;;) {
		while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
			i++;
		if (i >= len || line[i] == '#')
			return n;
		if (n == max) {
			*too_many = true;
			return n;
		}
		w[n].p = line + i;
		w[n].col = (int)i + 1;
		while (i < len && line[i] != ' ' && line[i] != '\t' &&
		       line[i] != '\r' && line[i] != '#')
			i++;
		w[n].len = (size_t)(line + i - w[n].p);
		n++;
	}
}

static struct loc word_loc(const struct source *src, int line,
			   const struct word *w)
{
	struct loc l = { src, line, w->col, line, w->col + (int)w->len };

	return l;
}

static bool word_is(const struct word *w, const char *s)
{
	return w->len == strlen(s) && !memcmp(w->p, s, w->len);
}

/* Whole seconds, 1 to SUITE_TIMEOUT_MAX; false for anything else. */
static bool line_seconds(const char *p, size_t len, unsigned *out)
{
	unsigned long v = 0;
	size_t i;

	if (!len || len > 6)
		return false;
	for (i = 0; i < len; i++) {
		if (!isdigit((unsigned char)p[i]))
			return false;
		v = v * 10 + (unsigned long)(p[i] - '0');
	}
	if (v < 1 || v > SUITE_TIMEOUT_MAX)
		return false;
	*out = (unsigned)v;
	return true;
}

static void bad_seconds(struct diag *d, struct loc l, const struct word *w,
			size_t skip)
{
	struct diag_rec *r;

	r = diag_error(d, l, "'%.*s' is not a timeout in whole seconds",
		       (int)(w->len - skip), w->p + skip);
	diag_hint(r, "write 1 to %u, without a unit: timeout=120", SUITE_TIMEOUT_MAX);
}

/* NAME=VALUE with NAME a name of the language; the checker sees VALUE. */
static bool define_ok(const char *p, size_t len)
{
	size_t i;

	if (!len || !(isalpha((unsigned char)p[0]) || p[0] == '_'))
		return false;
	for (i = 1; i < len && p[i] != '='; i++)
		if (!isalnum((unsigned char)p[i]) && p[i] != '_')
			return false;
	return i < len - 1;	/* an '=' and something after it */
}

static bool same_define_name(const char *a, const char *b, size_t blen)
{
	size_t na = strcspn(a, "="), nb = 0;

	while (nb < blen && b[nb] != '=')
		nb++;
	return na == nb && !memcmp(a, b, na);
}

static void add_define(struct suite_entry *e, struct diag *d, struct loc l,
		       const char *p, size_t len)
{
	size_t i;

	if (!define_ok(p, len)) {
		diag_hint(diag_error(d, l, "'%.*s' is not NAME=VALUE", (int)len, p),
			  "-D size=64M sets the parameter size");
		return;
	}
	/* The child's exec would fail with E2BIG: said here, before any runs. */
	if (len + 1 > suite_exec_arg_max()) {
		diag_hint(diag_error(d, l, "-D %.*s=... is %zu bytes long; exec takes "
				     "one argument of at most %zu bytes (MAX_ARG_STRLEN)",
				     (int)strcspn(p, "="), p, len, suite_exec_arg_max() - 1),
			  "a value this large is better read from a file by the scenario");
		return;
	}
	for (i = 0; i < e->ndefines; i++) {
		if (same_define_name(e->defines[i], p, len)) {
			diag_error(d, l, "parameter '%.*s' is set twice on this line",
				   (int)strcspn(e->defines[i], "="), e->defines[i]);
			return;
		}
	}
	VEC_PUSH(e->defines, e->ndefines, e->cap, xstrndup(p, len));
}

/* pfnmap=SIZE[,SIZE...]: each a --pfnmap SIZE, at most TH_MAX_PFNMAP. */
static void add_pfnmaps(struct suite_entry *e, struct diag *d, struct loc l,
			const char *p, size_t len)
{
	const char *end = p + len;

	if (e->npfnmap) {
		diag_error(d, l, "pfnmap= is given twice on this line");
		return;
	}
	if (!len) {
		diag_hint(diag_error(d, l, "pfnmap= names no size"),
			  "pfnmap=1G gives the line's test host a 1 GiB PCI BAR");
		return;
	}
	while (p <= end) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		size_t n = (size_t)((comma ? comma : end) - p);
		char *word = xstrndup(p, n);
		int64_t sz;

		if (!th_cli_pfnmap_size(word, &sz)) {
			diag_error(d, l, "pfnmap= '%s': %s", word, TH_PFNMAP_SIZE_RULE);
			free(word);
			return;
		}
		if (e->npfnmap == TH_MAX_PFNMAP) {
			diag_error(d, l, "pfnmap= names more than %d BARs", TH_MAX_PFNMAP);
			free(word);
			return;
		}
		e->pfnmap_word[e->npfnmap] = word;
		e->pfnmap[e->npfnmap++] = sz;
		if (!comma)
			break;
		p = comma + 1;
	}
}

/* The path a line names, relative to the suite file's directory. */
static char *resolve(const char *suite_path, const struct word *w)
{
	const char *slash = strrchr(suite_path, '/');

	if (w->p[0] == '/' || !slash)
		return xstrndup(w->p, w->len);
	return xasprintf("%.*s%.*s", (int)(slash - suite_path + 1), suite_path,
			 (int)w->len, w->p);
}

#define LINE_WORDS 64

static void parse_line(struct suite *s, const char *suite_path,
		       const struct source *src, int line, unsigned *file_timeout,
		       struct diag *d)
{
	struct word w[LINE_WORDS];
	struct suite_entry *e;
	struct stat st;
	bool too_many;
	size_t len, n, i;
	const char *text = source_line(src, line, &len);
	char *path;
	int err;

	n = split_words(text, len, w, LINE_WORDS, &too_many);
	if (too_many) {
		diag_error(d, word_loc(src, line, &w[LINE_WORDS - 1]),
			   "more than %d words on one line", LINE_WORDS);
		return;
	}
	if (!n)
		return;
	if (word_is(&w[0], "timeout")) {
		if (n != 2) {
			diag_hint(diag_error(d, word_loc(src, line, &w[0]),
					     "'timeout' takes one value"),
				  "timeout 120 sets the default of the lines below");
			return;
		}
		if (!line_seconds(w[1].p, w[1].len, file_timeout))
			bad_seconds(d, word_loc(src, line, &w[1]), &w[1], 0);
		return;
	}
	if (w[0].len < 5 || memcmp(w[0].p + w[0].len - 4, ".scn", 4)) {
		diag_hint(diag_error(d, word_loc(src, line, &w[0]),
				     "expected a scenario file (*.scn) or 'timeout SECONDS', found '%.*s'",
				     (int)w[0].len, w[0].p),
			  "a line is: PATH.scn [-D NAME=VALUE]... [timeout=SECONDS] [kernel=SPEC,...] [or_kernel=SPEC] [pfnmap=SIZE,...]");
		return;
	}
	path = resolve(suite_path, &w[0]);
	err = stat(path, &st) ? errno : 0;
	if (err || !S_ISREG(st.st_mode)) {
		diag_error(d, word_loc(src, line, &w[0]),
			   "cannot read scenario '%s': %s", path,
			   err ? strerror(err) : "not a regular file");
		free(path);
		return;
	}
	e = add_entry(s, path, line);
	e->col = w[0].col;
	e->end_col = w[0].col + (int)w[0].len;
	e->file_timeout = *file_timeout;
	for (i = 1; i < n; i++) {
		struct loc l = word_loc(src, line, &w[i]);

		if (word_is(&w[i], "-D")) {
			if (i + 1 == n) {
				diag_error(d, l, "-D needs NAME=VALUE after it");
				return;
			}
			i++;
			add_define(e, d, word_loc(src, line, &w[i]), w[i].p, w[i].len);
		} else if (w[i].len > 2 && !memcmp(w[i].p, "-D", 2)) {
			add_define(e, d, l, w[i].p + 2, w[i].len - 2);
		} else if (w[i].len >= 8 && !memcmp(w[i].p, "timeout=", 8)) {
			if (e->line_timeout)
				diag_error(d, l, "timeout= is given twice on this line");
			else if (!line_seconds(w[i].p + 8, w[i].len - 8, &e->line_timeout))
				bad_seconds(d, l, &w[i], 8);
		} else if (w[i].len >= 7 && !memcmp(w[i].p, "kernel=", 7)) {
			if (e->kernel)
				diag_error(d, l, "kernel= is given twice on this line");
			else if (w[i].len == 7)
				diag_hint(diag_error(d, l, "kernel= names no kernel"),
					  "kernel=debian:6.12,debian:7.3 runs the scenario on each");
			else
				e->kernel = xstrndup(w[i].p + 7, w[i].len - 7);
		} else if (w[i].len >= 10 && !memcmp(w[i].p, "or_kernel=", 10)) {
			if (e->or_kernel)
				diag_error(d, l, "or_kernel= is given twice on this line");
			else if (w[i].len == 10 || memchr(w[i].p + 10, ',', w[i].len - 10))
				diag_hint(diag_error(d, l, "or_kernel= names one kernel"),
					  "or_kernel=debian:7.3: where the suite runs with --or-kernel and this machine cannot run the scenario, it runs there");
			else
				e->or_kernel = xstrndup(w[i].p + 10, w[i].len - 10);
		} else if (w[i].len >= 7 && !memcmp(w[i].p, "pfnmap=", 7)) {
			add_pfnmaps(e, d, l, w[i].p + 7, w[i].len - 7);
		} else {
			diag_hint(diag_error(d, l, "unknown word '%.*s' on a scenario line",
					     (int)w[i].len, w[i].p),
				  "a scenario line takes -D NAME=VALUE, timeout=SECONDS, kernel=SPEC,..., or_kernel=SPEC and pfnmap=SIZE,...");
		}
	}
}

int suite_load_file(struct suite *s, const char *path,
		    struct source_set *srcs, struct diag *d)
{
	struct source *src;
	unsigned file_timeout = 0;
	size_t line;
	int rc;

	memset(s, 0, sizeof(*s));
	rc = source_add_file(srcs, path, &src);
	if (!rc || rc == -EILSEQ)
		s->src = src;
	if (rc == -EILSEQ) {
		/* As a scenario's: at the byte, exit 65. */
		diag_error(d, source_loc_at(src, src->nul_at), "cannot read '%s': %s",
			   src->name, SOURCE_NUL_WORDS);
		return -EINVAL;
	}
	if (rc)
		return rc;
	for (line = 1; line <= src->nlines; line++)
		parse_line(s, path, src, (int)line, &file_timeout, d);
	return d->nerrors ? -EINVAL : 0;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int suite_load_dir(struct suite *s, const char *dir)
{
	size_t n = 0, cap = 0, i, dlen = strlen(dir);
	char **names = NULL;
	struct dirent *de;
	DIR *dp;

	memset(s, 0, sizeof(*s));
	dp = opendir(dir);
	if (!dp)
		return -errno;
	while ((de = readdir(dp))) {
		size_t len = strlen(de->d_name);
		struct stat st;
		char *p;

		if (len < 5 || strcmp(de->d_name + len - 4, ".scn"))
			continue;
		p = xasprintf("%.*s/%s", (int)(dlen > 1 && dir[dlen - 1] == '/' ?
					       dlen - 1 : dlen), dir, de->d_name);
		if (stat(p, &st) || !S_ISREG(st.st_mode)) {
			free(p);
			continue;
		}
		VEC_PUSH(names, n, cap, p);
	}
	closedir(dp);
	/* readdir's order is the file system's: sort, so runs compare. */
	if (n)
		qsort(names, n, sizeof(*names), cmp_names);
	for (i = 0; i < n; i++)
		add_entry(s, names[i], 0);
	free(names);
	return 0;
}
