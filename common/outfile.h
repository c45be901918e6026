// SPDX-License-Identifier: GPL-2.0-only
/*
 * outfile: a file scn writes where the user said (-o, --console-log, plot
 * -o, the REPL's save), made so that nothing is written through a name
 * someone else planted there. scn runs as root, often in /tmp, where any
 * user may leave a symbolic link (or a hard link) to a file of root's at
 * the name a script is about to use: opening that name with O_TRUNC
 * would empty root's file.
 *
 * So the bytes go to a new file beside the target (created with O_EXCL,
 * ".NAME.XXXXXX" in the target's directory), which outfile_close renames
 * over the target once it is complete: a link at the target is replaced,
 * never followed, and a reader never sees half a file.
 *
 * A target that is a device, a FIFO or a socket (/dev/null, /dev/stdout,
 * a pipe of the shell's) cannot be replaced and is opened as it is; a
 * symbolic link is followed to one only where the kernel's
 * fs.protected_symlinks would follow it: the link is the caller's, or
 * its directory's owner's, or its directory is not sticky and writable
 * by all. A directory is refused.
 */
#ifndef SCN_OUTFILE_H
#define SCN_OUTFILE_H

#include <stdbool.h>
#include <stdio.h>

struct outfile {
	char *target;		/* as given */
	char *tmp;		/* the file written, renamed at the end; NULL
				 * when the target is written in place */
	FILE *fp;
};

/*
 * Opens a stream for target, as fopen(target, "w") would but as above.
 * Returns the stream (also in f->fp), or NULL with errno set: ELOOP for a
 * link that is not followed, EISDIR for a directory, or what creating the
 * file beside the target failed with.
 */
FILE *outfile_open(struct outfile *f, const char *target);

/*
 * Closes the stream; with keep, renames the file over the target (else
 * removes it). Returns 0, or -errno of the write, close or rename that
 * failed (the temporary file is removed then).
 */
int outfile_close(struct outfile *f, bool keep);

#endif
