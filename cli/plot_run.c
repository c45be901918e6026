// SPDX-License-Identifier: GPL-2.0-only
/*
 * plot_run: gnuplot run on a plot's script (see plot.h): fork and exec,
 * no shell, its output kept for a failure's message, stopped by a
 * signal or when it takes too long; the picture copied to -o once it is
 * there; the temporary directory emptied of what scn wrote.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../common/outfile.h"
#include "../common/rmtree.h"
#include "../common/util.h"
#include "../runtime/signals.h"
#include "plot_run.h"

/* gnuplot draws any plot scn makes in a second or two: past this it is
 * stuck, and stopped. */
#define GNUPLOT_MAX_S 120
/* A gnuplot asked to stop (SIGTERM) is killed this much later. */
#define GNUPLOT_GRACE_S 2

/* True when an executable named name is on PATH. */
bool plot_on_path(const char *name)
{
	const char *path = getenv("PATH"), *p, *colon;
	bool found = false;

	if (!path)
		path = "/usr/local/bin:/usr/bin:/bin";
	for (p = path; !found; p = colon + 1) {
		char *file;

		colon = strchr(p, ':');
		if (!colon)
			colon = p + strlen(p);
		/* An empty entry is the current directory, as for execvp. */
		file = colon > p ? xasprintf("%.*s/%s", (int)(colon - p), p, name) :
				   xasprintf("./%s", name);
		found = access(file, X_OK) == 0;
		free(file);
		if (!*colon)
			break;
	}
	return found;
}

/* Shows what gnuplot said, indented, after a failure. */
static void show_file(const char *path)
{
	char line[1024];
	FILE *f = fopen(path, "re");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		fprintf(stderr, "  %s%s", line,
			strchr(line, '\n') ? "" : "\n");
	fclose(f);
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * Waits for gnuplot; a stop signal (blocked by cmd_plot, read here from
 * a signalfd with SIGCHLD) or GNUPLOT_MAX_S stops it: SIGTERM, then
 * SIGKILL. Returns 0 with *status, else the exit code after a message.
 */
static int wait_gnuplot(pid_t pid, int *status)
{
	double start = now_s(), term_at = 0;
	struct signalfd_siginfo si;
	int sfd, signo = 0, rc = 0;
	bool late = false;
	sigset_t set;

	signals_stop_set(&set);
	sigaddset(&set, SIGCHLD);
	sfd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
	while (waitpid(pid, status, WNOHANG) == 0) {
		struct pollfd p = { sfd, POLLIN, 0 };
		double now = now_s();

		if (!term_at && now - start > GNUPLOT_MAX_S)
			late = true;
		if (!term_at && (late || signo)) {
			kill(pid, SIGTERM);
			term_at = now;
		} else if (term_at && now - term_at > GNUPLOT_GRACE_S) {
			kill(pid, SIGKILL);
		}
		poll(&p, sfd >= 0 ? 1 : 0, 250);
		while (sfd >= 0 && read(sfd, &si, sizeof(si)) == sizeof(si))
			if (si.ssi_signo != SIGCHLD && !signo)
				signo = (int)si.ssi_signo;
	}
	if (sfd >= 0)
		close(sfd);
	if (signo) {
		fprintf(stderr, "scn: plot: interrupted by signal %d; gnuplot was "
			"stopped and its files removed\n", signo);
		rc = 128 + signo;
	} else if (late) {
		fprintf(stderr, "scn: plot: gnuplot did not finish within %d s: "
			"stopped\n", GNUPLOT_MAX_S);
		rc = PLOT_EXIT_FAILED;
	}
	return rc;
}

/* Runs gnuplot on the script; its stdout and stderr go to gnuplot.err. */
int plot_run_gnuplot(const struct plot *pl)
{
	char *script = plot_tmp_path(pl, "plot.gp"), *errs = plot_tmp_path(pl, "gnuplot.err");
	char *const argv[] = { "gnuplot", script, NULL };
	pid_t parent = getpid(), pid;
	int status, fd, rc = 0;

	fd = open(errs, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0) {
		fprintf(stderr, "scn: plot: cannot create '%s': %s\n", errs,
			strerror(errno));
		rc = PLOT_EXIT_CANTCREAT;
		goto out;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "scn: plot: fork: %s (errno %d)\n",
			strerror(errno), errno);
		close(fd);
		rc = PLOT_EXIT_FAILED;
		goto out;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
		sigset_t none;

		/* Ends with scn, even killed with SIGKILL; takes signals. */
		if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
			_exit(127);
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		if (null >= 0)
			dup2(null, STDIN_FILENO);
		dup2(fd, STDOUT_FILENO);
		dup2(fd, STDERR_FILENO);
		execvp(argv[0], argv);
		dprintf(STDERR_FILENO, "cannot run gnuplot: %s\n",
			strerror(errno));
		_exit(127);
	}
	close(fd);
	rc = wait_gnuplot(pid, &status);
	if (rc)
		goto out;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		goto out;
	if (WIFEXITED(status))
		fprintf(stderr, "scn: plot: gnuplot failed (exit %d):\n",
			WEXITSTATUS(status));
	else
		fprintf(stderr, "scn: plot: gnuplot was killed by signal %d:\n",
			WTERMSIG(status));
	show_file(errs);
	rc = PLOT_EXIT_FAILED;
out:
	free(script);
	free(errs);
	return rc;
}

/*
 * Copies the picture to -o, once gnuplot's file is there and not empty;
 * written beside -o and renamed over it (common/outfile.h).
 */
int plot_deliver(const struct plot *pl, const char *name)
{
	char *from = plot_tmp_path(pl, name), buf[65536];
	int in = -1, rc = 0, e;
	struct outfile of;
	FILE *out = NULL;
	struct stat st;
	ssize_t n;

	in = open(from, O_RDONLY | O_CLOEXEC);
	if (in < 0 || fstat(in, &st) || st.st_size == 0) {
		char *errs = plot_tmp_path(pl, "gnuplot.err");

		fprintf(stderr, "scn: plot: gnuplot drew nothing:\n");
		show_file(errs);
		free(errs);
		rc = PLOT_EXIT_FAILED;
		goto out;
	}
	out = outfile_open(&of, pl->o->out);
	if (!out)
		goto fail_write;
	while ((n = read(in, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || fwrite(buf, 1, (size_t)n, out) != (size_t)n) {
			e = errno;
			outfile_close(&of, false);
			out = NULL;
			errno = e;
			goto fail_write;
		}
	}
	e = -outfile_close(&of, true);
	out = NULL;
	if (e) {
		errno = e;
		goto fail_write;
	}
	goto out;
fail_write:
	fprintf(stderr, "scn: plot: cannot write '%s': %s\n", pl->o->out,
		strerror(errno));
	rc = PLOT_EXIT_CANTCREAT;
out:
	if (in >= 0)
		close(in);
	free(from);
	return rc;
}

/* Empties and removes the temporary directory (common/rmtree.h). */
void plot_remove_dir(const char *dir)
{
	rmtree(dir);
}

