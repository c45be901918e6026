// SPDX-License-Identifier: GPL-2.0-only
/*
 * rmtree: removes what scn made, and nothing else, even while another
 * user changes the tree under it.
 *
 * Every step is taken relative to an open directory (openat, unlinkat,
 * statx with AT_SYMLINK_NOFOLLOW), never through a path: a component
 * swapped for a symbolic link halfway through the walk is removed as the
 * link it now is, and the directory already opened is emptied, not
 * whatever the link points at. A directory is entered only with
 * O_NOFOLLOW and only if it is the one just looked at (device, inode), on
 * the mount of the directory the removal started in: a mount point is
 * left, with what is under it. The walk goes RMTREE_MAX_DEPTH levels
 * deep at most (one descriptor per level).
 *
 * A directory scn makes for a while (a test host's work directory, a
 * kernel fetch) holds a marker, RMTREE_MARK, which it writes at once. A
 * sweep of the ones a killed scn left removes a directory only if it is
 * a real directory of this user's that holds a marker this user wrote;
 * any other (another user's, a link, one without the marker) is left, and
 * is no error. The marker goes last, so that a removal cut short is
 * swept again.
 */
#ifndef SCN_RMTREE_H
#define SCN_RMTREE_H

#include <stdbool.h>

#define RMTREE_MARK ".scn-made"
#define RMTREE_MAX_DEPTH 64

/*
 * rm -rf of path (a directory, or anything else, which is unlinked; a
 * link is removed, not followed). The components before the last are the
 * caller's and are followed. Goes on past what it cannot remove; returns
 * 0, or the first failure as -errno (-EXDEV: a mount point was left,
 * -ELOOP: the tree is deeper than RMTREE_MAX_DEPTH). A path that is not
 * there is 0.
 */
int rmtree(const char *path);

/* The same of name in the directory dirfd (or AT_FDCWD). */
int rmtree_at(int dirfd, const char *name);

/*
 * rmtree_at with between(arg, dirfd, name) called for each entry after it
 * was looked at and before it is opened or removed: for tests, which
 * change the tree at that worst moment.
 */
int rmtree_at_hooked(int dirfd, const char *name,
		     void (*between)(void *arg, int dirfd, const char *name),
		     void *arg);

/*
 * Writes the marker ("scn PID") into dir, a directory the caller has just
 * made; it must not be there yet. 0 or -errno.
 */
int rmtree_mark(const char *dir);

/*
 * Whether name in dirfd is scn's own: a directory (not a link) that this
 * user owns, holding a marker that is a regular file this user owns.
 */
bool rmtree_ours_at(int dirfd, const char *name);

/*
 * Removes each entry of dir that stale(name) calls stale and that
 * rmtree_ours_at calls scn's own; leaves every other. Best effort.
 */
void rmtree_stale(const char *dir, bool (*stale)(const char *name));

#endif
