// SPDX-License-Identifier: GPL-2.0-only
/*
 * knobs: system settings a scenario changes (KSM, THP, hugetlb pools,
 * sysctls), always put back. Before the first write, a knob's original
 * value is appended to a journal under /run (gone at reboot, as the
 * knobs' values are) and synced; a lock keeps two runs from changing
 * knobs at once. rt_knobs_restore() puts every value back in reverse
 * order and removes the journal; after a SIGKILL, rt_knobs_replay()
 * does the same from the journal alone ("scn restore").
 */
#ifndef SCN_RT_KNOBS_H
#define SCN_RT_KNOBS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cgroup.h"
#include "err.h"
#include "mm_tables.h"

#define RT_STATE_DIR "/run/scn"
#define RT_KNOB_VALUE_MAX 64
/* Memory cgroups one run may make. */
#define RT_KNOBS_CGROUPS 4

struct rt_knob_saved {
	enum knob knob;
	char value[RT_KNOB_VALUE_MAX];
};

/* How a run takes the lock. */
struct rt_knobs_how {
	const char *dir;		/* journal and lock; NULL: RT_STATE_DIR */
	const char *owner;		/* names the holder to others ("x.scn") */
	int64_t wait_ns;		/* 0: -EBUSY at once; < 0: until *stop */
	const atomic_bool *stop;	/* may be NULL; ends a wait: -EINTR */
};

struct rt_knobs {
	char dir[128];
	int lock_fd;
	int global_fd;		/* RT_STATE_DIR/knobs.lock, whatever dir is */
	int journal_fd;
	struct rt_knob_saved saved[KNOB__COUNT];
	size_t n;
	char cgroups[RT_KNOBS_CGROUPS][RT_CG_PATH];	/* to remove */
	size_t ncgroups;
};

/*
 * Takes the lock in how->dir, waiting for it as how says. Fails with
 * -EBUSY when another run holds it (the message names that run: pid,
 * owner, since when), -EINTR when *stop ended the wait, and -EEXIST when
 * a journal is left behind; the message says what to do. The holder's
 * name is written into the lock file for the next one to read.
 */
int rt_knobs_open(struct rt_knobs *k, const struct rt_knobs_how *how,
		  struct rt_err *err);
/*
 * -EEXIST, with a message that names it, while the journal of a run that
 * did not finish is left in any state directory (journals.h); else 0.
 */
int rt_knobs_orphans(struct rt_err *err);
/* Releases the lock; call after rt_knobs_restore(). */
void rt_knobs_close(struct rt_knobs *k);

/* The knob's current value as a scenario spells it ("madvise", "1"). */
int rt_knob_read(enum knob id, char *buf, size_t len, struct rt_err *err);
/*
 * 0 when the knob's file exists and can be written; -ENOENT when this
 * kernel lacks it; another -errno (-EROFS: a read-only /sys, as in a
 * container; -EACCES: not root) when it is there but cannot be written.
 */
int rt_knob_writable(enum knob id, struct rt_err *err);
/* Whether this kernel has the knob and it can be written. */
bool rt_knob_present(enum knob id);

/*
 * Every knob's value as a run found it (empty for an absent knob and for
 * actions): what a result's fingerprint says it ran under.
 */
struct rt_knob_values {
	bool taken;
	char v[KNOB__COUNT][RT_KNOB_VALUE_MAX];
};
void rt_knob_values_read(struct rt_knob_values *kv);

/* Saves the original (once per knob), then writes value. */
int rt_knob_set(struct rt_knobs *k, enum knob id, const char *value,
		struct rt_err *err);

/*
 * Journals a memory cgroup (cgroup.h) before it is made, so that the
 * restore below, or "scn restore" after a SIGKILL, removes it.
 */
int rt_knobs_journal_cgroup(struct rt_knobs *k, const char *path,
			    struct rt_err *err);

/*
 * Removes the journaled cgroups (newest first), then puts every saved
 * value back, newest first, then removes the journal.
 * What could not be restored is listed in report (one line each) and the
 * return is -EIO; the journal then stays for "scn restore".
 */
int rt_knobs_restore(struct rt_knobs *k, char *report, size_t len);

/*
 * Restores from a journal left in dir: the knobs and cgroups it put back,
 * 0 if there was none to replay. -EACCES when this user cannot look into
 * dir (root's, as another user): not the same as no journal. -EBUSY while
 * a run holds the lock, the message naming it.
 */
int rt_knobs_replay(const char *dir, char *report, size_t len,
		    struct rt_err *err);

#endif
