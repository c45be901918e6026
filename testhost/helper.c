// SPDX-License-Identifier: GPL-2.0-only
/* helper: a helper program run to its end (see helper.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <spawn.h>
#include <stdarg.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helper.h"

extern char **environ;

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

/* Reads the child's pipes until both are closed. */
static void drain(int outp, int errp, struct strbuf *out, struct strbuf *err)
{
	struct pollfd p[2] = { { outp, POLLIN, 0 }, { errp, POLLIN, 0 } };
	char buf[8192];
	int open = (outp >= 0) + 1;

	if (outp < 0)
		p[0].fd = -1;
	while (open > 0) {
		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			return;
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
}

int th_spawn_run(struct th_spawn *s)
{
	int outp[2] = { -1, -1 }, errp[2] = { -1, -1 }, status, rc;
	posix_spawn_file_actions_t fa;
	struct strbuf out, err;
	pid_t pid;

	s->err[0] = '\0';
	if (pipe2(errp, O_CLOEXEC))
		return -errno;
	if (s->out_fd < 0 && s->out && pipe2(outp, O_CLOEXEC)) {
		rc = -errno;
		close(errp[0]);
		close(errp[1]);
		return rc;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	if (s->out_fd >= 0)
		posix_spawn_file_actions_adddup2(&fa, s->out_fd, 1);
	else if (s->out)
		posix_spawn_file_actions_adddup2(&fa, outp[1], 1);
	else
		posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, errp[1], 2);
	if (s->cwd)
		posix_spawn_file_actions_addchdir_np(&fa, s->cwd);
	rc = posix_spawnp(&pid, s->argv[0], &fa, NULL, (char *const *)s->argv,
			  environ);
	posix_spawn_file_actions_destroy(&fa);
	close(errp[1]);
	if (outp[1] >= 0)
		close(outp[1]);
	if (rc) {
		close(errp[0]);
		if (outp[0] >= 0)
			close(outp[0]);
		return -rc;
	}
	sb_init(&out);
	sb_init(&err);
	drain(outp[0], errp[0], s->out ? s->out : &out, &err);
	close(errp[0]);
	if (outp[0] >= 0)
		close(outp[0]);
	keep_last_line(s->err, sizeof(s->err), &err);
	sb_free(&out);
	sb_free(&err);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

void th_remove_tree(const char *dir)
{
	const char *argv[] = { "rm", "-rf", "--one-file-system", dir, NULL };
	struct th_spawn s = { .argv = argv, .out_fd = -1 };

	th_spawn_run(&s);
}

void th_remove_stale(const char *dir, bool (*stale)(const char *name))
{
	struct dirent *e;
	DIR *d = opendir(dir);
	char path[PATH_MAX];

	while (d && (e = readdir(d)))
		if (stale(e->d_name) &&
		    !th_path(path, sizeof(path), "%s/%s", dir, e->d_name))
			th_remove_tree(path);
	if (d)
		closedir(d);
}

int th_path(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}
