// SPDX-License-Identifier: GPL-2.0-only
/* helper: a helper program run to its end (see helper.h). */
#define _FILE_OFFSET_BITS 64
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "helper.h"

extern char **environ;

/* A stopped helper gets SIGTERM, then SIGKILL this much later. */
#define KILL_GRACE_MS 3000

/* ---- signals ------------------------------------------------------------- */

void th_signals_stop_set(sigset_t *set)
{
	sigset_t stops, now;

	/* The stop signals (common/util.h) that the caller blocks. */
	stop_signal_set(&stops);
	pthread_sigmask(SIG_BLOCK, NULL, &now);
	sigemptyset(set);
	for (int s = 1; s < NSIG; s++)
		if (sigismember(&stops, s) == 1 && sigismember(&now, s) == 1)
			sigaddset(set, s);
}

int th_signals_take(void)
{
	struct timespec zero = { 0, 0 };
	sigset_t stops;
	int s;

	th_signals_stop_set(&stops);
	if (sigisemptyset(&stops))
		return 0;
	s = sigtimedwait(&stops, NULL, &zero);
	return s > 0 ? s : 0;
}

bool th_signals_pending(void)
{
	sigset_t stops, pend;

	th_signals_stop_set(&stops);
	if (sigpending(&pend))
		return false;
	for (int s = 1; s < NSIG; s++)
		if (sigismember(&stops, s) == 1 && sigismember(&pend, s) == 1)
			return true;
	return false;
}

void th_signals_block(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &set, old);
}

void th_signals_restore(const sigset_t *old)
{
	struct timespec zero = { 0, 0 };
	sigset_t stops, mine;

	/* What this unblocks and is pending would end scn on the spot. */
	th_signals_stop_set(&stops);
	sigemptyset(&mine);
	for (int s = 1; s < NSIG; s++)
		if (sigismember(&stops, s) == 1 && sigismember(old, s) != 1)
			sigaddset(&mine, s);
	if (!sigisemptyset(&mine))
		while (sigtimedwait(&mine, NULL, &zero) > 0)
			;
	pthread_sigmask(SIG_SETMASK, old, NULL);
}

/* ---- starting a child ---------------------------------------------------- */

/* name as execvp would find it, into buf; -ENOENT when it is nowhere. */
static int find_program(const char *name, char *buf, size_t len)
{
	const char *path = getenv("PATH");
	struct stat st;

	if (strchr(name, '/')) {
		if (th_path(buf, len, "%s", name))
			return -ENAMETOOLONG;
		return stat(buf, &st) ? -errno : 0;
	}
	if (!path || !*path)
		path = "/usr/local/bin:/usr/bin:/bin";
	for (const char *p = path;; p += strcspn(p, ":") + 1) {
		size_t n = strcspn(p, ":");

		if (!th_path(buf, len, "%.*s/%s", n ? (int)n : 1, n ? p : ".",
			     name) &&
		    stat(buf, &st) == 0 && S_ISREG(st.st_mode) &&
		    access(buf, X_OK) == 0)
			return 0;
		if (!p[n])
			break;
	}
	return -ENOENT;
}

/*
 * The child's side, between fork and exec: only calls that are safe
 * there. Writes errno to report and exits when it cannot go on.
 */
static void __attribute__((noreturn))
child(const char *prog, const char *const *argv, const char *cwd, int out_fd,
      int err_fd, bool own_group, pid_t parent, int report)
{
	sigset_t none;
	int o, e, null, code;

	/* Before the check: a parent that dies after it still kills us. */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
		_exit(127);
	if (own_group)
		setpgid(0, 0);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	/* Above 2 first, so that one of them may already be 1 or 2. */
	o = fcntl(out_fd, F_DUPFD_CLOEXEC, 3);
	e = fcntl(err_fd, F_DUPFD_CLOEXEC, 3);
	null = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (o < 0 || e < 0 || null < 0 ||
	    (null ? dup2(null, 0) : fcntl(0, F_SETFD, 0)) < 0 ||
	    dup2(o, 1) < 0 || dup2(e, 2) < 0 || (cwd && chdir(cwd)))
		goto fail;
	execve(prog, (char *const *)argv, environ);
fail:
	code = errno;
	if (write(report, &code, sizeof(code)) < 0)
		code = 0;
	_exit(127);
}

pid_t th_spawn_start(const char *const *argv, const char *cwd, int out_fd,
		     int err_fd, bool own_group)
{
	char prog[PATH_MAX];
	pid_t parent = getpid(), pid;
	int report[2], code = 0, rc;
	ssize_t n;

	rc = find_program(argv[0], prog, sizeof(prog));
	if (rc)
		return rc;
	if (pipe2(report, O_CLOEXEC))
		return -errno;
	pid = fork();
	if (pid < 0) {
		rc = -errno;
		close(report[0]);
		close(report[1]);
		return rc;
	}
	if (pid == 0)
		child(prog, argv, cwd, out_fd, err_fd, own_group, parent, report[1]);
	/* In both: the child may not have got there yet when we signal it. */
	if (own_group)
		setpgid(pid, pid);
	close(report[1]);
	/* The write end closes at exec: nothing read means it ran. */
	while ((n = read(report[0], &code, sizeof(code))) < 0 && errno == EINTR)
		;
	close(report[0]);
	if (n == (ssize_t)sizeof(code)) {
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		return -(code ? code : EIO);
	}
	return pid;
}

/* ---- a helper run to its end --------------------------------------------- */

/* Keeps the last non-empty line of what was read. */
static void keep_last_line(char *dst, size_t size, const struct strbuf *all)
{
	size_t end = all->len, start;

	while (end && (all->buf[end - 1] == '\n' || all->buf[end - 1] == ' '))
		end--;
	start = end;
	while (start && all->buf[start - 1] != '\n')
		start--;
	snprintf(dst, size, "%.*s", (int)(end - start), all->buf + start);
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * Reads the child's pipes until both are closed; a stop signal pending
 * stops the child's process group (SIGTERM, then SIGKILL). True when it
 * was stopped so.
 */
static bool drain(int outp, int errp, struct strbuf *out, struct strbuf *err,
		  pid_t pid)
{
	struct pollfd p[3] = { { outp, POLLIN, 0 }, { errp, POLLIN, 0 },
			       { -1, POLLIN, 0 } };
	char buf[8192];
	int open = (outp >= 0) + 1;
	long long stopped = 0;
	bool killed = false;
	sigset_t stops;

	th_signals_stop_set(&stops);
	if (!sigisemptyset(&stops))
		p[2].fd = signalfd(-1, &stops, SFD_CLOEXEC | SFD_NONBLOCK);
	while (open > 0) {
		int wait = stopped ? 250 : -1;

		if (poll(p, 3, wait) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		/* Left pending (not read) for the caller, which says which. */
		if (p[2].fd >= 0 && p[2].revents) {
			kill(-pid, SIGTERM);
			stopped = now_ms();
			close(p[2].fd);
			p[2].fd = -1;
		}
		if (stopped && !killed && now_ms() - stopped > KILL_GRACE_MS) {
			kill(-pid, SIGKILL);
			killed = true;
		} else if (killed && now_ms() - stopped > KILL_GRACE_MS + 2000) {
			break;	/* something outside the group holds the pipes */
		}
		for (int i = 0; i < 2; i++) {
			ssize_t n;

			if (p[i].fd < 0 || !p[i].revents)
				continue;
			n = read(p[i].fd, buf, sizeof(buf));
			if (n > 0) {
				sb_putn(i ? err : out, buf, (size_t)n);
				/* Only the tail of stderr is wanted. */
				if (i && err->len > 65536) {
					memmove(err->buf, err->buf + err->len - 4096, 4096);
					err->len = 4096;
				}
			} else if (n == 0 || errno != EINTR) {
				p[i].fd = -1;
				open--;
			}
		}
	}
	if (p[2].fd >= 0)
		close(p[2].fd);
	return stopped != 0;
}

int th_spawn_run(struct th_spawn *s)
{
	int outp[2] = { -1, -1 }, errp[2] = { -1, -1 }, status, rc, out_fd;
	struct strbuf out, err;
	bool stopped;
	pid_t pid;

	s->err[0] = '\0';
	if (pipe2(errp, O_CLOEXEC))
		return -errno;
	if (s->out_fd >= 0)
		out_fd = s->out_fd;
	else if (s->out)
		out_fd = pipe2(outp, O_CLOEXEC) ? -1 : outp[1];
	else
		out_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (out_fd < 0) {
		rc = -errno;
		close(errp[0]);
		close(errp[1]);
		return rc;
	}
	/* A group of its own: apt-get's methods are stopped with it. */
	pid = th_spawn_start(s->argv, s->cwd, out_fd, errp[1], true);
	close(errp[1]);
	if (outp[1] >= 0)
		close(outp[1]);
	else if (s->out_fd < 0)
		close(out_fd);
	if (pid < 0) {
		close(errp[0]);
		if (outp[0] >= 0)
			close(outp[0]);
		return pid;
	}
	sb_init(&out);
	sb_init(&err);
	stopped = drain(outp[0], errp[0], s->out ? s->out : &out, &err, pid);
	close(errp[0]);
	if (outp[0] >= 0)
		close(outp[0]);
	keep_last_line(s->err, sizeof(s->err), &err);
	sb_free(&out);
	sb_free(&err);
	if (stopped)
		kill(-pid, SIGKILL);	/* what is left of it, if anything */
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	if (stopped)
		return -EINTR;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

/* ---- files --------------------------------------------------------------- */

int th_path(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}
