// SPDX-License-Identifier: GPL-2.0-only
/*
 * helper: runs a helper program (xz, apt-cache, apt-get, dpkg-deb, qemu
 * --version) and waits for it, with its stdout going to a file or into
 * memory and the end of its stderr kept for the error message.
 */
#ifndef SCN_TH_HELPER_H
#define SCN_TH_HELPER_H

#include <stdbool.h>
#include <stddef.h>

#include "../common/util.h"

struct th_spawn {
	const char *const *argv;	/* argv[0] is looked up in PATH */
	const char *cwd;		/* or NULL */
	int out_fd;			/* stdout goes here when >= 0 ... */
	struct strbuf *out;		/* ... else into this, if not NULL */
	char err[512];			/* the last line of stderr */
};

/*
 * Runs s->argv to its end. Returns its exit status (0-255; 128+N when
 * killed by signal N), or -errno when it could not be started (-ENOENT:
 * the program is not installed).
 */
int th_spawn_run(struct th_spawn *s);

/*
 * snprintf for paths: 0, or -ENAMETOOLONG when buf was too small (and
 * holds a truncated path that must not be used).
 */
int th_path(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* rm -rf of a directory scn made; best effort. */
void th_remove_tree(const char *dir);

/* th_remove_tree of every entry of dir whose name stale() calls stale. */
void th_remove_stale(const char *dir, bool (*stale)(const char *name));

#endif
