// SPDX-License-Identifier: GPL-2.0-only
/*
 * journals: one place that lists every knobs journal on this machine,
 * whatever the state directory of the run that wrote it. A run that is
 * about to write its first journal line registers it in
 * /run/scn/journals/PID ("pid start-time realtime-ns dir"); the entry
 * goes when the journal does. A journal whose process is gone (no such
 * pid, or a pid reused by a process that started at another time) is an
 * orphan: its knobs were left changed, and no run may journal them as
 * originals until "scn restore" has put them back.
 */
#ifndef SCN_RT_JOURNALS_H
#define SCN_RT_JOURNALS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "err.h"

#define RT_JOURNALS_DIR "/run/scn/journals"

struct rt_orphan {
	int pid;
	int64_t since_ns;	/* CLOCK_REALTIME when it registered */
	char dir[256];		/* the state directory, absolute */
};

/*
 * A directory scn keeps state in (/run/scn, a --state-dir, the registry)
 * is trusted only when no other user can change what is in it: a real
 * directory, not a symbolic link, owned by root (or by this user), and
 * writable by no group or other. Else a user could plant links where
 * root's scn creates its lock and journal, or swap in a journal of its
 * own for "scn restore" to replay. With make, a missing one is made 0700
 * first. 0, or -EPERM (-ENOTDIR) with a message that says why not.
 */
int rt_state_dir_check(const char *dir, bool make, struct rt_err *err);

/*
 * The same check of any directory whose contents scn trusts (the state
 * directory's, a per-user kernel cache): what names it in the messages
 * ("kernel cache"), planted what another user could put there ("a
 * kernel").
 */
int rt_owned_dir_check(const char *dir, const char *what, const char *planted,
		       bool make, struct rt_err *err);

/*
 * The same of a journal opened as fd: a regular file owned by root (or
 * this user) and writable by no group or other; -EPERM else.
 */
int rt_state_file_check(int fd, const char *path, struct rt_err *err);

/* Registers this process's journal in dir (which must exist). */
int rt_journals_register(const char *dir, struct rt_err *err);
/* Forgets every entry of dir: its journal was restored and removed. */
void rt_journals_forget(const char *dir);
/*
 * The orphans, newest first, at most max of them; returns how many there
 * are in all. Entries whose journal is gone are removed on the way. What
 * this user may not read (root's registry, as another user) is passed
 * over: a run's check, which has nothing to restore it with.
 */
size_t rt_journals_orphans(struct rt_orphan *out, size_t max);
/*
 * The same for "scn restore", which must not call a registry it cannot
 * read empty: the orphans into out and their number into *count, then 0;
 * or -errno (-EACCES) with err naming what could not be read, *count
 * then those it could.
 */
int rt_journals_list(struct rt_orphan *out, size_t max, size_t *count,
		     struct rt_err *err);

#endif
