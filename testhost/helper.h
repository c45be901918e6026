// SPDX-License-Identifier: GPL-2.0-only
/*
 * helper: runs a helper program (xz, apt-cache, apt-get, dpkg-deb, qemu
 * --version) and waits for it, with its stdout going to a file or into
 * memory and the end of its stderr kept for the error message; starts
 * QEMU the same way.
 *
 * Nothing started here outlives scn: every child asks the kernel for
 * SIGKILL when the thread that started it ends (PR_SET_PDEATHSIG), so a
 * SIGKILL of scn takes QEMU and a download with it. The stop signals
 * (SIGINT, SIGTERM, SIGHUP, ... whichever the caller blocked: see
 * th_signals_block) are not taken from the child's way: a helper run to
 * its end is stopped when one is pending, and the run says -EINTR, so
 * that the caller removes what it made and exits 128+N. The signal stays
 * pending for th_signals_take.
 */
#ifndef SCN_TH_HELPER_H
#define SCN_TH_HELPER_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

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
 * the program is not installed); -EINTR when a stop signal came while it
 * ran: the helper (and its process group) was stopped and waited for.
 */
int th_spawn_run(struct th_spawn *s);

/*
 * Starts argv (argv[0] looked up in PATH) with stdin /dev/null and
 * stdout and stderr on out_fd and err_fd, no signal blocked, killed when
 * this thread ends; in a process group of its own when own_group (so that
 * its children are stopped with it). Returns its pid, or -errno.
 */
pid_t th_spawn_start(const char *const *argv, const char *cwd, int out_fd,
		     int err_fd, bool own_group);

/*
 * Blocks SIGINT, SIGTERM and SIGHUP (whatever else the caller blocked
 * stays so), the old mask into old. th_signals_restore takes every stop
 * signal still pending first, so that unblocking kills no one.
 */
void th_signals_block(sigset_t *old);
void th_signals_restore(const sigset_t *old);

/*
 * The stop signals: those whose default action ends the process, that
 * can be caught, and that this thread blocks now.
 */
void th_signals_stop_set(sigset_t *set);

/* The first pending stop signal, taken; 0 when none is pending. */
int th_signals_take(void);

/* Whether a stop signal is pending (it is left pending). */
bool th_signals_pending(void);

/*
 * snprintf for paths: 0, or -ENAMETOOLONG when buf was too small (and
 * holds a truncated path that must not be used).
 */
int th_path(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
