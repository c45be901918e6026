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

#include <stdbool.h>
#include <stddef.h>

#include "err.h"
#include "mm_tables.h"

#define RT_STATE_DIR "/run/scn"
#define RT_KNOB_VALUE_MAX 64

struct rt_knob_saved {
	enum knob knob;
	char value[RT_KNOB_VALUE_MAX];
};

struct rt_knobs {
	char dir[128];
	int lock_fd;
	int global_fd;		/* RT_STATE_DIR/knobs.lock, whatever dir is */
	int journal_fd;
	struct rt_knob_saved saved[KNOB__COUNT];
	size_t n;
};

/*
 * Takes the lock in dir (RT_STATE_DIR unless testing). Fails with -EBUSY
 * when another run holds it and -EEXIST when a journal is left behind;
 * the message says what to do.
 */
int rt_knobs_open(struct rt_knobs *k, const char *dir, struct rt_err *err);
/* Releases the lock; call after rt_knobs_restore(). */
void rt_knobs_close(struct rt_knobs *k);

/* The knob's current value as a scenario spells it ("madvise", "1"). */
int rt_knob_read(enum knob id, char *buf, size_t len, struct rt_err *err);
/* Whether this kernel has the knob (its file exists and is writable). */
bool rt_knob_present(enum knob id);

/* Saves the original (once per knob), then writes value. */
int rt_knob_set(struct rt_knobs *k, enum knob id, const char *value,
		struct rt_err *err);

/*
 * Puts every saved value back, newest first, then removes the journal.
 * What could not be restored is listed in report (one line each) and the
 * return is -EIO; the journal then stays for "scn restore".
 */
int rt_knobs_restore(struct rt_knobs *k, char *report, size_t len);

/* Restores from a journal left in dir. 0 if there was none to replay. */
int rt_knobs_replay(const char *dir, char *report, size_t len,
		    struct rt_err *err);

#endif
