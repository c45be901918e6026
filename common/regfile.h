// SPDX-License-Identifier: GPL-2.0-only
/*
 * regfile: reading a file that someone else may have put in place of the
 * one scn expects. A test host's command writes into the share the
 * launcher reads after it (testhost/job.h), and a command can leave a
 * symbolic link to a FIFO there, a FIFO, a directory or a sparse file of
 * 10 GB: a plain open() would block for ever in the FIFO (with the stop
 * signals read through a signalfd, nothing would end it but SIGKILL), or
 * read for minutes.
 *
 * So the file is opened with O_NOFOLLOW | O_NONBLOCK relative to a
 * directory the caller holds, looked at first without opening it (so that
 * no device or FIFO is ever opened on purpose), fstat-checked to be a
 * regular file after the open (so that a swap between the look and the
 * open is caught too), and read only up to a bound the caller gives.
 */
#ifndef SCN_REGFILE_H
#define SCN_REGFILE_H

#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

/*
 * Opens name (relative to dirfd, or AT_FDCWD) for reading when it is a
 * regular file of at most max bytes. Returns the fd (O_CLOEXEC, with
 * O_NONBLOCK set, which a regular file ignores), or -errno: -ENOENT
 * nothing there, -ELOOP a symbolic link, -EISDIR a directory, -ENODEV a
 * FIFO, socket or device, -EFBIG more than max bytes, or what the open
 * failed with. st (may be NULL) gets what was found, also on -ELOOP,
 * -EISDIR, -ENODEV and -EFBIG.
 */
int regfile_open_at(int dirfd, const char *name, off_t max, struct stat *st);

/*
 * Reads all of name, as regfile_open_at opens it, into *text (malloc'ed,
 * NUL-terminated, the caller frees it; *len its length without the NUL,
 * len may be NULL). -EFBIG also when the file grows past max while read.
 * Nothing is returned in *text on an error; st as for regfile_open_at.
 */
int regfile_read_at(int dirfd, const char *name, size_t max, char **text,
		    size_t *len, struct stat *st);

/*
 * What rc from the functions above means, as the rest of a sentence that
 * starts with the file's name: "is a symbolic link", "is a named pipe",
 * "is 10 GiB, more than the 1 MiB scn reads", or strerror's words. st as
 * they filled it (NULL: the kind is not named).
 */
void regfile_why(int rc, const struct stat *st, off_t max, char *buf,
		 size_t len);

#endif
