// SPDX-License-Identifier: GPL-2.0-only
#include "knobs.h"

#include "clock.h"
#include "journals.h"
#include "probe.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define JOURNAL "journal"
#define LOCK "lock"
/* A journal line that names a memory cgroup to remove, not a knob. */
#define CGROUP_ENTRY "cgroup"
/*
 * Every run that changes knobs holds this lock too, whatever its state
 * directory: two runs with two directories (the tests use their own)
 * would otherwise each save the other's values as the originals, and
 * leave them behind when they restore.
 */
#define GLOBAL_LOCK RT_STATE_DIR "/knobs.lock"

static int path_in(char *buf, size_t len, const char *dir, const char *name)
{
	return snprintf(buf, len, "%s/%s", dir, name) >= (int)len ? -ENAMETOOLONG : 0;
}

int rt_knob_writable(enum knob id, struct rt_err *err)
{
	const char *path = knob_info[id].path;

	if (access(path, F_OK))
		return rt_fail_errno(err, errno, "%s", path);
	if (access(path, W_OK))
		return rt_fail_errno(err, errno, "access(%s, W_OK)", path);
	return 0;
}

bool rt_knob_present(enum knob id)
{
	struct rt_err err;

	return rt_knob_writable(id, &err) == 0;
}

/* "always [madvise] never" -> "madvise"; "1\n" -> "1". */
static void current_word(char *s)
{
	char *open = strchr(s, '['), *close = open ? strchr(open, ']') : NULL;
	size_t n;

	if (open && close) {
		n = (size_t)(close - open - 1);
		memmove(s, open + 1, n);
		s[n] = '\0';
	}
	n = strcspn(s, "\n");
	s[n] = '\0';
}

int rt_knob_read(enum knob id, char *buf, size_t len, struct rt_err *err)
{
	const struct knob_info *ki = &knob_info[id];
	int fd = open(ki->path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return rt_fail_errno(err, errno, "open(%s)", ki->path);
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return rt_fail_errno(err, errno, "read(%s)", ki->path);
	buf[n] = '\0';
	current_word(buf);
	return 0;
}

void rt_knob_values_read(struct rt_knob_values *kv)
{
	struct rt_err err;

	for (int i = 0; i < KNOB__COUNT; i++)
		if (knob_info[i].kind == KNOB_ACTION || !rt_knob_present((enum knob)i) ||
		    rt_knob_read((enum knob)i, kv->v[i], sizeof(kv->v[i]), &err))
			kv->v[i][0] = '\0';
	kv->taken = true;
}

static int write_value(const char *path, const char *value, struct rt_err *err)
{
	int rc = rt_probe_write_text(path, value);

	return rc ? rt_fail_errno(err, -rc, "write(%s, \"%s\")", path, value) : 0;
}

/*
 * The holder of GLOBAL_LOCK writes who it is into the file, so that a run
 * it keeps waiting can say: "pid\towner\tsince" (seconds since the epoch).
 */
static void write_holder(int fd, const char *owner)
{
	char line[512];
	int n = snprintf(line, sizeof(line), "%d\t%s\t%lld\n", (int)getpid(),
			 owner ? owner : "scn", (long long)time(NULL));

	if (n > (int)sizeof(line) - 1)
		n = (int)sizeof(line) - 1;
	if (ftruncate(fd, 0) == 0 && pwrite(fd, line, (size_t)n, 0) == n)
		return;
	/* A holder that cannot say who it is still holds the lock. */
}

/* "pid 1234 ('ksm_merge.scn') since 2026-01-05T10:00:01Z, 12s ago" */
static void describe_holder(int fd, char *buf, size_t len)
{
	char line[512], when[32], *tab, *tab2;
	long long since;
	struct tm tm;
	time_t t;
	ssize_t n = pread(fd, line, sizeof(line) - 1, 0);

	if (n <= 0) {
		snprintf(buf, len, "a run that did not say who it is");
		return;
	}
	line[n] = '\0';
	line[strcspn(line, "\n")] = '\0';
	tab = strchr(line, '\t');
	tab2 = tab ? strchr(tab + 1, '\t') : NULL;
	if (!tab2) {
		snprintf(buf, len, "a run that did not say who it is");
		return;
	}
	*tab = *tab2 = '\0';
	/* flock(1) or a tool of the user's holds it without saying so. */
	if (kill((pid_t)atoi(line), 0) && errno == ESRCH) {
		snprintf(buf, len, "a process that did not say who it is");
		return;
	}
	since = atoll(tab2 + 1);
	t = (time_t)since;
	gmtime_r(&t, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	snprintf(buf, len, "pid %.16s ('%.160s') since %s, %llds ago", line,
		 tab + 1, when, (long long)time(NULL) - since);
}

/* Sleeps a tenth of a second; false once *stop is set. */
static bool nap(const atomic_bool *stop)
{
	struct timespec ts = { 0, 100000000 };

	if (stop && atomic_load(stop))
		return false;
	nanosleep(&ts, NULL);
	return !(stop && atomic_load(stop));
}

/*
 * Takes GLOBAL_LOCK into *fd, waiting as how says; -EBUSY while another
 * run holds it, with that run named.
 */
static int lock_global(int *fd, const struct rt_knobs_how *how,
		       struct rt_err *err)
{
	int64_t end = how && how->wait_ns > 0 ? rt_deadline_ns(how->wait_ns) : 0;
	char holder[256];
	int e;

	e = rt_state_dir_check(RT_STATE_DIR, true, err);
	if (e)
		return e;
	*fd = open(GLOBAL_LOCK, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (*fd < 0)
		return rt_fail_errno(err, errno, "open(%s)", GLOBAL_LOCK);
	while (flock(*fd, LOCK_EX | LOCK_NB)) {
		e = errno;
		if (e == EWOULDBLOCK && how && how->wait_ns &&
		    (how->wait_ns < 0 || rt_now_ns() < end)) {
			if (nap(how->stop))
				continue;
			close(*fd);
			*fd = -1;
			return rt_fail(err, -EINTR, "interrupted while waiting for %s",
				       GLOBAL_LOCK);
		}
		if (e == EWOULDBLOCK)
			describe_holder(*fd, holder, sizeof(holder));
		close(*fd);
		*fd = -1;
		if (e == EWOULDBLOCK)
			return rt_fail(err, -EBUSY,
				       "another scn run holds %s: %s%s",
				       GLOBAL_LOCK, holder,
				       how && how->wait_ns ? " (after waiting for it)" : "");
		return rt_fail_errno(err, e, "flock(%s)", GLOBAL_LOCK);
	}
	write_holder(*fd, how ? how->owner : NULL);
	return 0;
}

int rt_knobs_open(struct rt_knobs *k, const struct rt_knobs_how *how,
		  struct rt_err *err)
{
	const char *dir = how ? how->dir : NULL;
	char path[192];
	struct stat st;

	int rc;

	memset(k, 0, sizeof(*k));
	k->lock_fd = -1;
	k->journal_fd = -1;
	snprintf(k->dir, sizeof(k->dir), "%s", dir ? dir : RT_STATE_DIR);
	rc = lock_global(&k->global_fd, how, err);
	if (rc)
		return rc;
	/* Its lock and journal are made in it as root: no one else's. */
	rc = rt_state_dir_check(k->dir, true, err);
	if (rc) {
		rt_knobs_close(k);
		return rc;
	}
	if (path_in(path, sizeof(path), k->dir, LOCK)) {
		rt_knobs_close(k);
		return rt_fail(err, -ENAMETOOLONG, "state directory name too long");
	}
	k->lock_fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (k->lock_fd < 0) {
		rc = rt_fail_errno(err, errno, "open(%s)", path);
		rt_knobs_close(k);
		return rc;
	}
	if (flock(k->lock_fd, LOCK_EX | LOCK_NB)) {
		int e = errno;
		char holder[256];

		if (e == EWOULDBLOCK)
			describe_holder(k->lock_fd, holder, sizeof(holder));
		close(k->lock_fd);
		k->lock_fd = -1;
		rt_knobs_close(k);
		if (e == EWOULDBLOCK)
			return rt_fail(err, -EBUSY,
				       "another scn run holds %s and may be changing system knobs: %s",
				       path, holder);
		return rt_fail_errno(err, e, "flock(%s)", path);
	}
	/* A run of an older scn takes this lock alone: it says who holds it too. */
	write_holder(k->lock_fd, how ? how->owner : NULL);
	path_in(path, sizeof(path), k->dir, JOURNAL);
	if (stat(path, &st) == 0) {
		rt_knobs_close(k);
		return rt_fail(err, -EEXIST,
			       "%s holds knob values of a run that did not finish; run 'scn restore' first",
			       path);
	}
	rc = rt_knobs_orphans(err);
	if (rc)
		rt_knobs_close(k);
	return rc;
}

int rt_knobs_orphans(struct rt_err *err)
{
	struct rt_orphan o;
	char when[32];
	struct tm tm;
	time_t t;
	size_t n = rt_journals_orphans(&o, 1);

	if (!n)
		return 0;
	t = (time_t)(o.since_ns / 1000000000);
	gmtime_r(&t, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	return rt_fail(err, -EEXIST,
		       "a run that did not finish (pid %d, knobs changed since %s) left its knob values in %.200s/journal%s; run 'scn restore' first",
		       o.pid, when, o.dir, n > 1 ? ", and there are more" : "");
}

void rt_knobs_close(struct rt_knobs *k)
{
	if (k->journal_fd >= 0)
		close(k->journal_fd);
	if (k->lock_fd >= 0)
		close(k->lock_fd);	/* releases the flock */
	if (k->global_fd >= 0)
		close(k->global_fd);
	k->journal_fd = -1;
	k->lock_fd = -1;
	k->global_fd = -1;
}

/* Appends "name\tvalue" to the journal and syncs it. */
static int journal_line(struct rt_knobs *k, const char *name, const char *value,
			struct rt_err *err)
{
	char path[192], line[RT_CG_PATH + 64];
	int n;

	if (k->journal_fd < 0) {
		/* Listed before it exists: a journal is never out of sight. */
		int rc = rt_journals_register(k->dir, err);

		if (rc)
			return rc;
		path_in(path, sizeof(path), k->dir, JOURNAL);
		/* A new file: rt_knobs_open saw none there. */
		k->journal_fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND |
				     O_NOFOLLOW | O_CLOEXEC, 0600);
		if (k->journal_fd < 0)
			return rt_fail_errno(err, errno, "open(%s)", path);
	}
	n = snprintf(line, sizeof(line), "%s\t%s\n", name, value);
	if (n >= (int)sizeof(line))
		return rt_fail(err, -ENAMETOOLONG, "a journal line is too long");
	if (write(k->journal_fd, line, (size_t)n) != n || fsync(k->journal_fd))
		return rt_fail_errno(err, errno, "write(journal)");
	return 0;
}

static int journal_append(struct rt_knobs *k, const struct rt_knob_saved *s,
			  struct rt_err *err)
{
	return journal_line(k, knob_info[s->knob].name, s->value, err);
}

int rt_knobs_journal_cgroup(struct rt_knobs *k, const char *path,
			    struct rt_err *err)
{
	int rc;

	if (k->ncgroups == RT_KNOBS_CGROUPS)
		return rt_fail(err, -ENOSPC, "more than %d cgroups in one run",
			       RT_KNOBS_CGROUPS);
	rc = journal_line(k, CGROUP_ENTRY, path, err);
	if (!rc)
		snprintf(k->cgroups[k->ncgroups++], RT_CG_PATH, "%s", path);
	return rc;
}

/* KSM refuses these (EBUSY) while any page is shared, ours or not. */
static bool ksm_busy_knob(enum knob id)
{
	return id == KNOB_KSM_MERGE_ACROSS_NODES || id == KNOB_KSM_MAX_PAGE_SHARING;
}

int rt_knob_set(struct rt_knobs *k, enum knob id, const char *value,
		struct rt_err *err)
{
	const struct knob_info *ki = &knob_info[id];
	struct rt_knob_saved s = { .knob = id };
	size_t i;
	int rc;

	if (ki->kind != KNOB_ACTION) {
		for (i = 0; i < k->n; i++)
			if (k->saved[i].knob == id)
				break;
		if (i == k->n) {
			rc = rt_knob_read(id, s.value, sizeof(s.value), err);
			if (rc)
				return rc;
			rc = journal_append(k, &s, err);
			if (rc)
				return rc;
			k->saved[k->n++] = s;
		}
	}
	rc = write_value(ki->path, value, err);
	if (rc == -EBUSY && ksm_busy_knob(id)) {
		size_t used = strlen(err->msg);

		/* ksm_tests does so too: it writes run=2 before these. */
		snprintf(err->msg + used, sizeof(err->msg) - used,
			 ": KSM pages are shared; set ksm.run = 2 before it (it unmerges every KSM page)");
	}
	return rc;
}

/* Whether a knob reads as value now (an int by its number). */
static bool reads_as(enum knob id, const char *value, char *now, size_t len)
{
	struct rt_err err;

	if (rt_knob_read(id, now, len, &err)) {
		snprintf(now, len, "unreadable");
		return false;
	}
	if (knob_info[id].kind == KNOB_INT)
		return atoll(now) == atoll(value);
	return !strcmp(now, value);
}


/*
 * Before a busy KSM knob is written back: every KSM page is unmerged
 * (run=2), and ksm.run is saved first if the run did not set it, so that
 * the passes below put it back too. Returns the write's result.
 */
static int unmerge_for(struct rt_knobs *k, struct rt_err *err)
{
	return rt_knob_set(k, KNOB_KSM_RUN, "2", err);
}

/*
 * Writes every saved value back, newest first, in passes until all read
 * as saved: some knobs move others. ksm.advisor_mode resets
 * pages_to_scan; a busy KSM knob needs run=2 first, which leaves ksm.run
 * to put back after it, whichever was set first; a hugetlb pool may grow
 * on a second try. What still differs after the last pass is reported.
 */
#define RESTORE_PASSES 3
static int restore_knobs(struct rt_knobs *k, char *report, size_t len)
{
	struct rt_err errs[KNOB__COUNT + 1];
	bool failed[KNOB__COUNT + 1] = { false }, unmerged = false;
	char now[RT_KNOB_VALUE_MAX];
	int pass, rc = 0;
	size_t i;

	for (pass = 0; pass < RESTORE_PASSES; pass++) {
		bool wrote = false;

		for (i = k->n; i-- > 0;) {
			const struct rt_knob_saved *s = &k->saved[i];
			int wrc;

			if (reads_as(s->knob, s->value, now, sizeof(now)))
				continue;
			wrote = true;
			wrc = write_value(knob_info[s->knob].path, s->value, &errs[i]);
			if (wrc == -EBUSY && ksm_busy_knob(s->knob) && !unmerged) {
				unmerged = true;
				if (!unmerge_for(k, &errs[i]))
					wrc = write_value(knob_info[s->knob].path,
							  s->value, &errs[i]);
			}
			failed[i] = wrc != 0;
		}
		if (!wrote)
			break;
	}
	for (i = 0; i < k->n; i++) {
		const struct rt_knob_saved *s = &k->saved[i];
		size_t used = strlen(report);

		if (reads_as(s->knob, s->value, now, sizeof(now)))
			continue;
		rc = -EIO;
		if (failed[i])
			snprintf(report + used, len - used, "%s: not restored to %s: %s\n",
				 knob_info[s->knob].name, s->value, errs[i].msg);
		else	/* a hugetlb pool cannot shrink below the pages in use */
			snprintf(report + used, len - used,
				 "%s: restored to %s, not %s (the kernel kept it)\n",
				 knob_info[s->knob].name, now, s->value);
	}
	return rc;
}

static void remove_journal(const char *dir)
{
	char path[192];

	path_in(path, sizeof(path), dir, JOURNAL);
	unlink(path);
	rt_journals_forget(dir);
}

int rt_knobs_restore(struct rt_knobs *k, char *report, size_t len)
{
	int rc = 0;
	size_t i;

	report[0] = '\0';
	/* A group goes first: it was made after the knobs it runs under. */
	for (i = k->ncgroups; i-- > 0;) {
		struct rt_err err;
		size_t used = strlen(report);

		if (!rt_cgroup_remove_path(k->cgroups[i], &err))
			continue;
		snprintf(report + used, len - used, "cgroup %s: not removed: %s\n",
			 k->cgroups[i], err.msg);
		rc = -EIO;
	}
	if (restore_knobs(k, report, len))
		rc = -EIO;
	if (!rc) {
		remove_journal(k->dir);
		k->n = 0;
		k->ncgroups = 0;
	}
	return rc;
}

int rt_knobs_replay(const char *dir, char *report, size_t len,
		    struct rt_err *err)
{
	struct rt_knob_saved saved[KNOB__COUNT * 2];
	struct rt_knobs k;
	char path[192], line[RT_CG_PATH + 64];
	size_t n = 0, i, ncg;
	FILE *f;
	int rc, fd;

	report[0] = '\0';
	memset(&k, 0, sizeof(k));
	k.lock_fd = -1;
	k.journal_fd = -1;
	k.global_fd = -1;
	snprintf(k.dir, sizeof(k.dir), "%s", dir ? dir : RT_STATE_DIR);
	path_in(path, sizeof(path), k.dir, JOURNAL);
	if (access(path, F_OK)) {
		/* No journal: nothing to restore, no lock needed. A directory
		 * this user cannot look into (root's, as another user) is not
		 * one without a journal. */
		if (errno == ENOENT || errno == ENOTDIR)
			return 0;
		return rt_fail_errno(err, errno, "cannot look for a journal in "
				     "state directory '%s'", k.dir);
	}
	/* Replayed as root, it writes any knob it names: only root's. */
	rc = rt_state_dir_check(k.dir, false, err);
	if (rc)
		return rc;
	rc = lock_global(&k.global_fd, &(struct rt_knobs_how){
				 .dir = dir, .owner = "scn restore" }, err);
	if (rc)
		return rc;
	path_in(path, sizeof(path), k.dir, LOCK);
	k.lock_fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (k.lock_fd < 0) {
		rc = errno;
		rt_knobs_close(&k);
		return rc == ENOENT ? 0 : rt_fail_errno(err, rc, "open(%s)", path);
	}
	if (flock(k.lock_fd, LOCK_EX | LOCK_NB)) {
		char holder[256];

		describe_holder(k.lock_fd, holder, sizeof(holder));
		rt_knobs_close(&k);
		return rt_fail(err, -EBUSY, "a run is still going: it holds %s: %s",
			       path, holder);
	}
	path_in(path, sizeof(path), k.dir, JOURNAL);
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		rc = errno;
		rt_knobs_close(&k);
		return rc == ENOENT ? 0 : rt_fail_errno(err, rc, "open(%s)", path);
	}
	rc = rt_state_file_check(fd, path, err);
	f = rc ? NULL : fdopen(fd, "re");
	if (!f) {
		close(fd);
		rt_knobs_close(&k);
		return rc ? rc : rt_fail_errno(err, errno, "fdopen(%s)", path);
	}
	while (fgets(line, sizeof(line), f) && n < sizeof(saved) / sizeof(saved[0])) {
		char *tab = strchr(line, '\t');
		int id;

		if (!tab)
			continue;
		*tab = '\0';
		tab[1 + strcspn(tab + 1, "\n")] = '\0';
		if (!strcmp(line, CGROUP_ENTRY)) {
			if (k.ncgroups < RT_KNOBS_CGROUPS)
				snprintf(k.cgroups[k.ncgroups++], RT_CG_PATH, "%s",
					 tab + 1);
			continue;
		}
		for (id = 0; id < KNOB__COUNT; id++)
			if (!strcmp(knob_info[id].name, line))
				break;
		if (id == KNOB__COUNT)
			continue;
		saved[n].knob = (enum knob)id;
		snprintf(saved[n].value, sizeof(saved[n].value), "%s", tab + 1);
		n++;
	}
	fclose(f);
	/* The first saved value of a knob is its original. */
	for (i = 0; i < n; i++) {
		size_t j;
		bool first = true;

		for (j = 0; j < i; j++)
			first &= saved[j].knob != saved[i].knob;
		if (first)
			k.saved[k.n++] = saved[i];
	}
	ncg = k.ncgroups;
	rc = rt_knobs_restore(&k, report, len);
	if (!rc && !k.n && !report[0])
		snprintf(report, len, "%zu knob%s restored%s\n", n, n == 1 ? "" : "s",
			 ncg ? ncg == 1 ? ", a memory cgroup removed" :
				 ", memory cgroups removed" : "");
	rt_knobs_close(&k);
	return rc ? rt_fail(err, rc, "some knobs were not restored") : (int)(n + ncg);
}
