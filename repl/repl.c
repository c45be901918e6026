// SPDX-License-Identifier: GPL-2.0-only
/*
 * repl: "scn repl" on this machine (see repl.h). Reads inputs (a line,
 * or lines until a block closes), hands each to the session
 * (session.h), and tears the session down at the end of input, at quit,
 * or at SIGTERM or SIGHUP; every knob is restored on each of these ways
 * out.
 *
 * Signals are taken by one thread with sigwait(), as in scn run. On a
 * terminal, Ctrl-C while an input runs stops it (the session undoes it);
 * at the prompt it drops the line being typed, through a pipe that the
 * line reader polls. In a script, Ctrl-C ends the session.
 */
#include "repl.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../runtime/features.h"
#include "../runtime/signals.h"
#include "edit.h"
#include "session.h"

struct repl_signals {
	sigset_t set;
	atomic_bool done;	/* the session is over: the thread returns */
	atomic_bool stop;	/* the running input stops */
	atomic_bool busy;	/* an input is running */
	atomic_int quit;	/* the signal that ends the session, or 0 */
	bool tty;
	int pipe[2];		/* wakes the line reader */
	pthread_t thread;
};

static void wake(struct repl_signals *s, char why)
{
	/* Non-blocking: a full pipe already says enough. */
	if (write(s->pipe[1], &why, 1) < 0)
		return;
}

static void *signal_main(void *arg)
{
	struct repl_signals *s = arg;
	int sig;

	pthread_setname_np(pthread_self(), "scn-signals");
	for (;;) {
		if (sigwait(&s->set, &sig))
			continue;
		if (atomic_load(&s->done))
			return NULL;
		if (sig == SIGINT && s->tty) {
			if (atomic_load(&s->busy))
				atomic_store(&s->stop, true);
			else
				wake(s, 'i');
			continue;
		}
		atomic_store(&s->quit, sig);
		atomic_store(&s->stop, true);
		wake(s, 'q');
	}
}

static int start_signals(struct repl_signals *s, bool tty)
{
	sigset_t mask;

	memset(s, 0, sizeof(*s));
	s->tty = tty;
	if (pipe2(s->pipe, O_CLOEXEC | O_NONBLOCK))
		return -errno;
	signals_stop_set(&s->set);
	signals_run_mask(&mask);
	/*
	 * Blocked before any thread starts, so that all inherit the mask;
	 * a write to a closed pipe fails with EPIPE instead of killing.
	 */
	if (pthread_sigmask(SIG_BLOCK, &mask, NULL) ||
	    pthread_create(&s->thread, NULL, signal_main, s)) {
		close(s->pipe[0]);
		close(s->pipe[1]);
		return -EAGAIN;
	}
	return 0;
}

static void stop_signals(struct repl_signals *s)
{
	atomic_store(&s->done, true);
	pthread_kill(s->thread, SIGTERM);	/* any signal of the set wakes it */
	pthread_join(s->thread, NULL);
	close(s->pipe[0]);
	close(s->pipe[1]);
}

/*
 * Reads one input: a line, or lines until its blocks, brackets and lists
 * are closed. *first is its first line's number on stdin. Returns
 * REPL_READ_LINE with the text in *text, or why there is none.
 */
static enum repl_read read_input(struct repl_reader *rd, int *lineno,
				 int *first, char **text)
{
	struct strbuf sb;
	enum repl_read r;
	char *line;

	sb_init(&sb);
	for (;;) {
		r = repl_read_line(rd, sb.len > 0, &line);
		if (r != REPL_READ_LINE) {
			/* A block left open at the end of input is checked as it is. */
			if (r == REPL_READ_EOF && sb.len)
				break;
			sb_free(&sb);
			return r;
		}
		++*lineno;
		if (!sb.len && !line[strspn(line, " \t\r")]) {
			free(line);
			continue;	/* blank lines between inputs */
		}
		if (!sb.len)
			*first = *lineno;
		sb_puts(&sb, line);
		sb_putc(&sb, '\n');
		free(line);
		if (repl_is_command(sb.buf) || !repl_incomplete(sb.buf))
			break;
	}
	*text = sb_steal(&sb);
	return REPL_READ_LINE;
}

int repl_main(const struct repl_opts *a)
{
	struct repl_signals sig;
	struct repl_reader *rd = NULL;
	struct rt_features *f;
	struct exec_opts eo;
	struct repl R;
	bool tty = isatty(0);
	int rc, lineno = 0, first = 0, quit;

	setlocale(LC_CTYPE, "");	/* libedit's characters; numbers stay "C" */
	f = xcalloc(1, sizeof(*f));
	rt_features_probe(f);
	if (start_signals(&sig, tty)) {
		fprintf(stderr, "scn: cannot start the signal thread\n");
		free(f);
		return 70;
	}
	eo = (struct exec_opts){ .features = f, .state_dir = a->state_dir,
				 .owner = "scn repl", .wait_ns = a->wait_ns,
				 .stop = &sig.stop, .out = stdout,
				 .log = a->quiet ? NULL : stderr,
				 .progress = isatty(2) ? stderr : NULL };
	if (repl_open(&R, f, &eo, stdout, stderr, tty)) {
		repl_close(&R);
		stop_signals(&sig);
		free(f);
		return 1;
	}
	rd = repl_reader_open(&R, tty, sig.pipe[0]);
	if (tty)
		printf("scn repl %s: the scn language one input at a time; 'help' lists the commands\n",
		       SCN_VERSION);
	for (;;) {
		enum repl_read r;
		enum repl_result res;
		char *text = NULL;

		fflush(stdout);
		r = read_input(rd, &lineno, &first, &text);
		if (atomic_load(&sig.quit) || r == REPL_READ_EOF) {
			if (tty && r == REPL_READ_EOF)
				fputc('\n', stdout);	/* after the prompt Ctrl-D left */
			free(text);
			break;
		}
		if (r == REPL_READ_WOKEN) {
			fputc('\n', stdout);	/* Ctrl-C at the prompt: the line is dropped */
			continue;
		}
		atomic_store(&sig.stop, false);
		atomic_store(&sig.busy, true);
		res = repl_input(&R, text, first);
		atomic_store(&sig.busy, false);
		atomic_store(&sig.stop, false);
		free(text);
		fflush(stdout);
		if (res == REPL_QUIT || atomic_load(&sig.quit))
			break;
	}
	repl_reader_close(rd);
	fflush(stdout);
	rc = repl_close(&R) ? 1 : 0;
	quit = atomic_load(&sig.quit);
	stop_signals(&sig);
	if (quit) {
		fprintf(stderr, "scn: ended by signal %d; every knob was restored\n", quit);
		rc = 128 + quit;
	} else if (!tty && R.failures) {
		rc = rc ? rc : 1;
	}
	free(f);
	return rc;
}
