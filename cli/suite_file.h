// SPDX-License-Identifier: GPL-2.0-only
/*
 * suite_file: the list of scenarios a suite runs, read from a suite file
 * or from a directory. A suite file (docs/results.md, section 7) has one
 * scenario a line, its path relative to the suite file, with optional
 * "-D NAME=VALUE" words, "timeout=SECONDS", "kernel=SPEC[,SPEC...]"
 * (the scenario over those kernels), "or_kernel=SPEC" (its --or-kernel)
 * and "pfnmap=SIZE[,SIZE...]" (the PCI
 * BARs of the test hosts it runs in); "timeout SECONDS" sets
 * the default of the lines after it; "#" starts a comment. The whole file
 * is checked before anything runs, so a typo on line 40 is found before
 * 39 scenarios have spent their minutes.
 */
#ifndef SCN_SUITE_FILE_H
#define SCN_SUITE_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "../common/diag.h"
#include "../common/source.h"
#include "../testhost/testhost.h"

/* The longest timeout a suite accepts: a day. */
#define SUITE_TIMEOUT_MAX 86400u

struct suite_entry {
	char *path;		/* as scn run is given it: suite dir + line */
	char *name;		/* base name without .scn: the KTAP test name */
	char **defines;		/* "NAME=VALUE", in the order written */
	size_t ndefines;
	size_t cap;
	unsigned line_timeout;	/* timeout= on its line; 0: none */
	char *kernel;		/* kernel= on its line ("debian:6.12,debian:7.3"), or NULL */
	/*
	 * or_kernel= on its line, or NULL: the test host of this line where
	 * the suite runs with --or-kernel and this machine cannot run it (a
	 * kernel that has what the scenario needs, guest_memfd say).
	 */
	char *or_kernel;
	/* pfnmap= on its line: the BARs its test host gets (--pfnmap) */
	char *pfnmap_word[TH_MAX_PFNMAP];	/* "1G", as written */
	int64_t pfnmap[TH_MAX_PFNMAP];		/* bytes */
	unsigned npfnmap;
	unsigned file_timeout;	/* the "timeout" line above it; 0: none */
	int line;		/* in the suite file; 0 from a directory */
	int col, end_col;	/* its path's columns on the line */
};

struct suite {
	struct suite_entry *e;
	size_t n;
	size_t cap;
	const struct source *src;	/* the suite file's, in srcs; or NULL */
};

/*
 * What one execve(2) takes, so that a suite's children are checked
 * before the first runs: each argument at most MAX_ARG_STRLEN bytes with
 * its NUL (32 pages); all of them with the environment, the program's
 * name and a pointer for each, ARG_MAX (a quarter of the stack's limit,
 * from 128 KiB to 6 MiB).
 */
size_t suite_exec_arg_max(void);
size_t suite_exec_all_max(void);

/*
 * Reads the suite file at path into s. Errors in the file are recorded
 * in d at their FILE:LINE:COL (the source stays in srcs, for the excerpt)
 * and the return is -EINVAL; a file that cannot be read is -errno with
 * nothing recorded.
 */
int suite_load_file(struct suite *s, const char *path,
		    struct source_set *srcs, struct diag *d);

/* Every *.scn directly in dir, sorted by name. 0 or -errno. */
int suite_load_dir(struct suite *s, const char *dir);

/*
 * The BARs one test host needs to run every line of s (a suite run with
 * one --kernel boots one for all): of each size, as many as the line
 * that asks most of it. At most max are stored in sizes; the count is
 * returned, which is more than max where they do not fit.
 */
unsigned suite_pfnmap_union(const struct suite *s, int64_t *sizes, unsigned max);

void suite_free(struct suite *s);

#endif
