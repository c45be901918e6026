// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of common/rmtree (issue 24): a removal never reaches past a
 * link, not even one swapped in while it walks, nor past a mount point;
 * a sweep takes only directories of this user's that hold scn's marker.
 * Every tree is made under a directory of the test's own in /tmp, next
 * to an "outside" directory whose files must all survive.
 */
#include "../../common/rmtree.h"
#include "tap.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char base[64];

static const char *at(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A path under base; four in use at a time at most. */
static const char *at(const char *fmt, ...)
{
	static char bufs[4][PATH_MAX];
	static int next;
	char *b = bufs[next++ % 4];
	int n = snprintf(b, PATH_MAX, "%s/", base);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(b + n, PATH_MAX - (size_t)n, fmt, ap);
	va_end(ap);
	return b;
}

static void make_dir(const char *path)
{
	if (mkdir(path, 0755) && errno != EEXIST) {
		perror(path);
		exit(2);
	}
}

static void make_file(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

	if (fd < 0 || write(fd, "x\n", 2) != 2) {
		perror(path);
		exit(2);
	}
	close(fd);
}

static void make_link(const char *target, const char *path)
{
	if (symlink(target, path)) {
		perror(path);
		exit(2);
	}
}

static bool exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

/* outside/ with files f0..f(n-1), the ones a bad removal would take. */
static void make_outside(int n)
{
	make_dir(at("outside"));
	for (int i = 0; i < n; i++)
		make_file(at("outside/f%d", i));
	make_file(at("secret"));
}

static int outside_left(int n)
{
	int left = 0;

	for (int i = 0; i < n; i++)
		left += exists(at("outside/f%d", i));
	return left;
}

static void links_not_followed(void)
{
	make_outside(4);
	make_dir(at("t"));
	make_dir(at("t/a"));
	make_dir(at("t/a/b"));
	make_file(at("t/a/b/file"));
	make_link(at("outside"), at("t/dirlink"));
	make_link(at("secret"), at("t/a/filelink"));
	make_link("../../outside/f0", at("t/a/b/relative"));
	TAP_INT(rmtree(at("t")), 0, "a tree with links out of it is removed");
	tap_ok(!exists(at("t")), "nothing of it is left");
	TAP_INT(outside_left(4), 4, "the directory a link named keeps its files");
	tap_ok(exists(at("secret")), "the file a link named is there");
	make_link(at("outside"), at("toplink"));
	TAP_INT(rmtree(at("toplink")), 0, "a link given to remove is removed");
	tap_ok(!exists(at("toplink")) && outside_left(4) == 4,
	       "as a link: what it names keeps its files");
	TAP_INT(rmtree(at("absent")), 0, "a path that is not there is no error");
	TAP_INT(rmtree(at("outside/f0/")), 0, "a file is unlinked");
	make_file(at("outside/f0"));
}

/*
 * The attack of issue 24: while the walk empties t/d, d is renamed away
 * and a link to outside/ put in its place. A walk by paths then unlinks
 * t/d/fN through the link, outside's files; by descriptor it goes on in
 * the directory it opened.
 */
struct swap {
	const char *when;	/* the entry at which to swap */
	const char *what;	/* t/WHAT becomes a link to outside */
	int done;
};

static void swap_now(void *arg, int dirfd, const char *name)
{
	struct swap *s = arg;

	(void)dirfd;
	if (s->done || strcmp(name, s->when))
		return;
	s->done = 1;
	if (rename(at("t/%s", s->what), at("t/%s.away", s->what)))
		perror("rename");
	make_link(at("outside"), at("t/%s", s->what));
}

static void swap_mid_walk(void)
{
	struct swap in_d = { .when = "f10", .what = "d" };
	struct swap at_d = { .when = "d", .what = "d" };
	int dirfd = open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	make_outside(40);
	make_dir(at("t"));
	make_dir(at("t/d"));
	for (int i = 0; i < 40; i++)
		make_file(at("t/d/f%d", i));
	TAP_INT(rmtree_at_hooked(dirfd, "t", swap_now, &in_d), 0,
		"a directory swapped for a link while it is emptied: all removed");
	tap_ok(in_d.done, "the swap happened mid-walk");
	TAP_INT(outside_left(40), 40, "the link's directory keeps every file");
	tap_ok(!exists(at("t")), "nothing of the tree is left");

	make_dir(at("t"));
	make_dir(at("t/d"));
	for (int i = 0; i < 40; i++)
		make_file(at("t/d/f%d", i));
	TAP_INT(rmtree_at_hooked(dirfd, "t", swap_now, &at_d), 0,
		"a directory swapped for a link before it is opened: all removed");
	tap_ok(at_d.done, "the swap happened between the look and the open");
	TAP_INT(outside_left(40), 40, "the link's directory keeps every file");
	tap_ok(!exists(at("t")), "nothing of the tree is left");
	close(dirfd);
}

static void too_deep(void)
{
	char path[PATH_MAX];
	int n = snprintf(path, sizeof(path), "%s/deep", base);

	make_dir(path);
	for (int i = 0; i < RMTREE_MAX_DEPTH + 4; i++) {
		n += snprintf(path + n, sizeof(path) - (size_t)n, "/d");
		make_dir(path);
	}
	TAP_INT(rmtree(at("deep")), -ELOOP, "a tree deeper than %d levels: -ELOOP",
		RMTREE_MAX_DEPTH);
	tap_ok(exists(at("deep")), "and it is left");
	if (system("rm -rf -- \"$RMTREE_BASE/deep\""))
		printf("# rm -rf of deep failed\n");
}

/* The marker as rmtree_mark writes it, or a look-alike. */
static void marked(const char *dir)
{
	make_dir(dir);
	TAP_INT(rmtree_mark(dir), 0, "the marker is written into %s", dir + strlen(base) + 1);
}

static void ownership(void)
{
	int dirfd = open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	make_dir(at("s"));
	marked(at("s/mine"));
	TAP_INT(rmtree_mark(at("s/mine")), -EEXIST, "a second marker is refused");
	make_dir(at("s/unmarked"));
	make_file(at("s/unmarked/keep"));
	make_link(at("s/mine"), at("s/link"));
	make_dir(at("s/marklink"));
	make_link(at("secret"), at("s/marklink/" RMTREE_MARK));
	make_dir(at("s/markfifo"));
	if (mkfifo(at("s/markfifo/" RMTREE_MARK), 0600))
		perror("mkfifo");
	make_dir(at("s/markdir"));
	make_dir(at("s/markdir/" RMTREE_MARK));
	make_dir(at("s/wrong"));
	make_file(at("s/wrong/" RMTREE_MARK));	/* "x\n", not scn's */
	close(dirfd);
	dirfd = open(at("s"), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	tap_ok(rmtree_ours_at(dirfd, "mine"), "a directory with scn's marker is its own");
	tap_ok(!rmtree_ours_at(dirfd, "unmarked"), "one without the marker is not");
	tap_ok(!rmtree_ours_at(dirfd, "link"), "a link to a marked directory is not");
	tap_ok(!rmtree_ours_at(dirfd, "marklink"), "a marker that is a link is not one");
	tap_ok(!rmtree_ours_at(dirfd, "markfifo"), "a marker that is a FIFO is not one "
	       "(and was not opened: the test did not hang)");
	tap_ok(!rmtree_ours_at(dirfd, "markdir"), "a marker that is a directory is not one");
	tap_ok(!rmtree_ours_at(dirfd, "wrong"), "a file of other words is not the marker");
	if (geteuid() == 0) {
		marked(at("s/theirs"));
		marked(at("s/theirmark"));
		if (chown(at("s/theirs"), 65534, 65534) ||
		    chown(at("s/theirmark/" RMTREE_MARK), 65534, 65534))
			perror("chown");
		tap_ok(!rmtree_ours_at(dirfd, "theirs"),
		       "a marked directory of another user's is not scn's own");
		tap_ok(!rmtree_ours_at(dirfd, "theirmark"),
		       "nor one whose marker another user wrote");
	} else {
		printf("# not root: directories of another user's not tried\n");
	}
	close(dirfd);
}

static bool any_name(const char *name)
{
	(void)name;
	return true;
}

/* The marker stays while anything else of its directory goes. */
struct mark_watch {
	int seen, missing;
};

static void mark_there(void *arg, int dirfd, const char *name)
{
	struct mark_watch *m = arg;

	(void)dirfd;
	if (!strcmp(name, "late")) {
		m->seen++;
		m->missing += !exists(at("m/" RMTREE_MARK));
	}
}

static void sweep(void)
{
	struct mark_watch m = { 0 };
	int dirfd = open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	make_dir(at("s/mine/sub"));
	make_link(at("outside"), at("s/mine/sub/out"));
	rmtree_stale(at("s"), any_name);
	tap_ok(!exists(at("s/mine")), "the sweep removes a marked directory");
	tap_ok(exists(at("s/unmarked/keep")), "and leaves one without the marker");
	tap_ok(exists(at("s/link")) && exists(at("s/marklink")) &&
	       exists(at("s/markfifo")) && exists(at("s/markdir")) &&
	       exists(at("s/wrong")), "and every look-alike");
	if (geteuid() == 0)
		tap_ok(exists(at("s/theirs")) && exists(at("s/theirmark")),
		       "and another user's");
	TAP_INT(outside_left(4), 4, "what a link in a swept directory named keeps its files");
	tap_ok(exists(at("secret")), "the file a look-alike marker named is there");

	marked(at("m"));
	make_file(at("m/late"));
	TAP_INT(rmtree_at_hooked(dirfd, "m", mark_there, &m), 0, "a marked tree is removed");
	tap_ok(m.seen == 1 && !m.missing, "its marker goes last");
	close(dirfd);
}

/*
 * A mount point inside the tree is left with what is under it: in a
 * mount namespace of a child's own, so that nothing outlives the test.
 */
static void mount_point(void)
{
	pid_t pid;
	int status;

	if (geteuid() != 0) {
		printf("# not root: no mount point tried\n");
		return;
	}
	pid = fork();
	if (pid == 0) {
		int rc;

		if (unshare(CLONE_NEWNS) || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL))
			_exit(77);
		make_dir(at("mt"));
		make_dir(at("mt/mnt"));
		if (mount("none", at("mt/mnt"), "tmpfs", 0, "size=1m"))
			_exit(77);
		make_file(at("mt/mnt/inside"));
		make_file(at("mt/beside"));
		rc = rmtree(at("mt"));
		_exit(rc == -EXDEV && exists(at("mt/mnt/inside")) &&
		      !exists(at("mt/beside")) ? 0 : 1);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 77) {
		printf("# no mount namespace here: no mount point tried\n");
		return;
	}
	tap_ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	       "a mount point is left with its files (-EXDEV), the rest removed");
	rmdir(at("mt/mnt"));
	rmdir(at("mt"));
}

int main(void)
{
	snprintf(base, sizeof(base), "/tmp/scn-rmtree.XXXXXX");
	if (!mkdtemp(base)) {
		perror("mkdtemp");
		return 2;
	}
	setenv("RMTREE_BASE", base, 1);
	links_not_followed();
	swap_mid_walk();
	too_deep();
	ownership();
	sweep();
	mount_point();
	if (system("rm -rf -- \"$RMTREE_BASE\""))
		printf("# rm -rf of %s failed\n", base);
	return tap_done();
}
