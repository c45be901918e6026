// SPDX-License-Identifier: GPL-2.0-only
/* outfile: a user's output file, written beside and renamed (outfile.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"
#include "util.h"

/* The process's umask, read without changing it (umask(2) would). */
static mode_t current_umask(void)
{
	FILE *f = fopen("/proc/self/status", "re");
	char line[128];
	unsigned m = 022;

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "Umask: %o", &m) == 1)
			break;
	if (f)
		fclose(f);
	return (mode_t)m;
}

/* "a/b/c.json" -> "a/b" (a copy); "c.json" -> "." */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xstrndup(path, (size_t)(slash - path));
}

/* Whether fs.protected_symlinks would let this process follow link. */
static bool link_followable(const char *link, const struct stat *lst)
{
	char *dir = dir_of(link);
	struct stat dst;
	bool ok;

	ok = stat(dir, &dst) == 0 &&
	     (lst->st_uid == geteuid() || lst->st_uid == dst.st_uid ||
	      !((dst.st_mode & S_ISVTX) && (dst.st_mode & S_IWOTH)));
	free(dir);
	return ok;
}

/* The target as it is, for a device, FIFO or socket. */
static FILE *open_in_place(struct outfile *f, const char *target)
{
	int fd = open(target, O_WRONLY | O_CLOEXEC | O_NOCTTY);

	if (fd < 0)
		return NULL;
	f->fp = fdopen(fd, "w");
	if (!f->fp)
		close(fd);
	return f->fp;
}

FILE *outfile_open(struct outfile *f, const char *target)
{
	struct stat lst, st;
	char *dir, *base;
	int fd, e;

	memset(f, 0, sizeof(*f));
	f->target = xstrdup(target);
	if (lstat(target, &lst) == 0) {
		if (S_ISDIR(lst.st_mode)) {
			errno = EISDIR;
			goto fail;
		}
		if (S_ISLNK(lst.st_mode) && stat(target, &st) == 0 &&
		    !S_ISREG(st.st_mode)) {
			if (S_ISDIR(st.st_mode)) {
				errno = EISDIR;
				goto fail;
			}
			if (!link_followable(target, &lst)) {
				errno = ELOOP;
				goto fail;
			}
			if (!open_in_place(f, target))
				goto fail;
			return f->fp;
		}
		if (!S_ISLNK(lst.st_mode) && !S_ISREG(lst.st_mode)) {
			if (!open_in_place(f, target))
				goto fail;
			return f->fp;
		}
	} else if (errno != ENOENT) {
		goto fail;
	}
	/* A regular file, a link to one, or nothing yet: written beside. */
	dir = dir_of(target);
	base = strrchr(target, '/') ? strrchr(target, '/') + 1 : f->target;
	f->tmp = xasprintf("%s/.%s.XXXXXX", dir, base);
	free(dir);
	fd = mkostemp(f->tmp, O_CLOEXEC);
	if (fd < 0)
		goto fail;
	/* As fopen would make it: 0666 less the umask (mkostemp says 0600). */
	if (fchmod(fd, 0666 & ~current_umask()) || !(f->fp = fdopen(fd, "w"))) {
		e = errno;
		close(fd);
		unlink(f->tmp);
		errno = e;
		goto fail;
	}
	return f->fp;
fail:
	e = errno;
	free(f->tmp);
	free(f->target);
	memset(f, 0, sizeof(*f));
	errno = e;
	return NULL;
}

int outfile_close(struct outfile *f, bool keep)
{
	int rc = 0;

	if (!f->fp)
		return 0;
	if (ferror(f->fp))
		rc = -EIO;
	if (fclose(f->fp) && !rc)
		rc = -errno;
	f->fp = NULL;
	if (f->tmp) {
		if (keep && !rc && rename(f->tmp, f->target))
			rc = -errno;
		if (!keep || rc)
			unlink(f->tmp);
	}
	free(f->tmp);
	free(f->target);
	f->tmp = f->target = NULL;
	return rc;
}
