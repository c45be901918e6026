// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_suite: runs a suite, one child "scn run" per scenario.
 *
 * Why children: a scenario that crashes, hangs in the kernel or is killed
 * must cost one result, not the suite, and each gets a fresh address
 * space, as kselftest's runner gives each test. The child's stdout comes
 * through a pipe rather than being inherited: lines still stream (each
 * is written on as soon as it is complete), and the suite sees them, so
 * it can promise exactly one result line per scenario (it writes the
 * line itself when the child died without one) and keep the output one
 * KTAP document (stray lines become diagnostics).
 *
 * Signals: the stop signals (signals.h) and SIGCHLD are blocked and read
 * from a signalfd in the one poll() loop, so no work happens in a
 * handler. A child keeps the stop signals blocked across exec: scn run
 * takes them with sigwait(), and a signal that arrives before its signal
 * thread starts waits instead of killing it with knobs half set.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../common/crash.h"
#include "../common/json_out.h"
#include "../common/outfile.h"
#include "../common/util.h"
#include "../results/report.h"
#include "../results/result_file.h"
#include "../runtime/knobs.h"
#include "../runtime/signals.h"
#include "cmd_suite.h"
#include "cmd_testhost.h"
#include "options.h"
#include "run_file.h"
#include "suite_file.h"

enum suite_fmt { SF_KTAP, SF_JSON, SF_NDJSON, SF_CSV };

/* What became of one scenario; the totals line counts these. */
enum outcome {
	OUT_PASS,
	OUT_FAIL,
	OUT_SKIP,
	OUT_XFAIL,
	OUT_TIMEOUT,		/* counted as fail, as kselftest does */
	OUT_ERROR,		/* could not run: bad scenario, crash, exec */
	OUT_INTERRUPTED,	/* counted as error */
};

static const char *const outcome_name[] = {
	[OUT_PASS] = "pass",
	[OUT_FAIL] = "fail",
	[OUT_SKIP] = "skip",
	[OUT_XFAIL] = "xfail",
	[OUT_TIMEOUT] = "timeout",
	[OUT_ERROR] = "error",
	[OUT_INTERRUPTED] = "interrupted",
};

struct suite_opts {
	const char **defines;
	size_t ndefines;
	const char **sweeps;
	size_t nsweeps;
	const char *state_dir;
	const char *wait;	/* "--wait[=DURATION]" as given, passed on */
	bool exclusive;		/* --exclusive, passed on */
	const char *repeat;
	const char *warmup;
	const char *output;
	unsigned timeout;	/* --timeout; 0: not given */
	bool quiet;
	enum suite_fmt fmt;
	/* --ring, --or-kernel and host options, passed on as "--NAME=VALUE" */
	char **pass;
	size_t npass;
	const char *kernels;	/* --kernel A,B: each scenario over them */
	bool or_kernel;		/* --or-kernel: a test host where KVM is not */
};

struct child {
	pid_t pid;
	unsigned timeout;
	int status;		/* from waitpid */
	int start_errno;	/* why it could not be started; 0: it was */
	bool reaped;
	bool killed;		/* by the backstop */
	bool result_seen;	/* its KTAP result line came through */
	enum outcome outcome;
	char reason[256];
	unsigned warnings;	/* "# warning:" lines of its KTAP block */
	double seconds;
	char json_path[64];	/* --format json: the child's -o file */
};

struct totals {
	unsigned pass, fail, xfail, xpass, skip, error;
};

struct runner {
	const struct suite_opts *o;
	const struct suite *s;
	const char *what;	/* the operand, as given */
	FILE *out;
	int sfd;
	sigset_t child_mask;
	int signo;		/* the first SIGINT, SIGTERM or SIGHUP */
	struct child *c;	/* [s->n] */
	size_t ran;		/* children started */
	struct totals t;
	struct strbuf partial;	/* the child's line so far */
	size_t json_results;	/* documents written into "results" */
};

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

bool cmd_suite_operand(const char *path)
{
	size_t n = strlen(path);
	struct stat st;

	if (n > 6 && !strcmp(path + n - 6, ".suite"))
		return true;
	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* --- KTAP result lines ------------------------------------------------- */

struct ktap_result {
	bool ok;
	long num;
	const char *rest;	/* after the number: " name # DIRECTIVE why" */
	enum outcome outcome;
	const char *why;	/* the directive's text, or "" */
};

static bool directive_is(const char *d, const char *word)
{
	size_t n = strlen(word);

	return !strncmp(d, word, n) && (d[n] == ' ' || d[n] == '\0');
}

/* Reads "ok N ...", "not ok N ..." at the start of a line. */
static bool parse_result(const char *s, struct ktap_result *kr)
{
	const char *hash, *d;
	char *end;

	memset(kr, 0, sizeof(*kr));
	if (!strncmp(s, "ok ", 3)) {
		kr->ok = true;
		s += 3;
	} else if (!strncmp(s, "not ok ", 7)) {
		s += 7;
	} else {
		return false;
	}
	if (!isdigit((unsigned char)*s))
		return false;
	errno = 0;
	kr->num = strtol(s, &end, 10);
	if (errno || (*end && *end != ' '))
		return false;
	kr->rest = end;
	kr->outcome = kr->ok ? OUT_PASS : OUT_FAIL;
	kr->why = "";
	hash = strchr(end, '#');
	if (!hash)
		return true;
	d = hash + 1;
	while (*d == ' ')
		d++;
	if (directive_is(d, "SKIP"))
		kr->outcome = OUT_SKIP;
	else if (directive_is(d, "XFAIL") || directive_is(d, "TODO"))
		kr->outcome = OUT_XFAIL;
	else if (directive_is(d, "TIMEOUT") && !kr->ok)
		kr->outcome = OUT_TIMEOUT;
	else if (directive_is(d, "ERROR") && !kr->ok)
		kr->outcome = OUT_ERROR;
	else
		return true;
	d += strcspn(d, " ");
	kr->why = d + strspn(d, " ");
	return true;
}

static bool is_plan(const char *s)
{
	if (strncmp(s, "1..", 3))
		return false;
	s += 3;
	return *s && strspn(s, "0123456789") == strlen(s);
}

/* --- the child's output ------------------------------------------------ */

/*
 * One line of the child's stdout in KTAP mode. The child prints only its
 * test block; lines that belong to a whole document (version, plan,
 * totals) are dropped, so that a child without --ktap-test still gives a
 * well-formed block, and anything else at the top level that is not a
 * diagnostic becomes one.
 */
static void ktap_line(struct runner *r, size_t i, char *line)
{
	struct child *c = &r->c[i];
	struct ktap_result kr;

	if (!*line)
		return;
	if (line[0] == ' ') {
		/* A sweep's warnings are in its points' blocks. */
		c->warnings += !strncmp(line + strspn(line, " "), "# warning: ", 11);
		if (c->result_seen)	/* its block is closed: keep it so */
			fprintf(r->out, "# %s\n", line + strspn(line, " "));
		else
			fprintf(r->out, "%s\n", line);
	} else if (line[0] == '#') {
		if (!strncmp(line, "# Totals:", 9))
			return;
		if (!strncmp(line, "# SKIP ", 7))
			snprintf(c->reason, sizeof(c->reason), "%s", line + 7);
		c->warnings += !strncmp(line, "# warning: ", 11);
		fprintf(r->out, "%s\n", line);
	} else if (!strncmp(line, "KTAP version ", 13) ||
		   !strncmp(line, "TAP version ", 12) || is_plan(line)) {
		return;
	} else if (!c->result_seen && parse_result(line, &kr)) {
		c->result_seen = true;
		c->outcome = kr.outcome;
		snprintf(c->reason, sizeof(c->reason), "%s", kr.why);
		/* The child was told its number; a wrong one is renumbered. */
		fprintf(r->out, "%s %zu%s\n", kr.ok ? "ok" : "not ok", i + 1, kr.rest);
	} else {
		fprintf(r->out, "# %s\n", line);
	}
}

static void child_line(struct runner *r, size_t i, char *line)
{
	switch (r->o->fmt) {
	case SF_KTAP:
		ktap_line(r, i, line);
		break;
	case SF_NDJSON:
		if (!strncmp(line, "# SKIP ", 7))
			snprintf(r->c[i].reason, sizeof(r->c[i].reason), "%s", line + 7);
		/* A host exec's output is not NDJSON: it goes to stderr. */
		if (line[0] == '{')
			fprintf(r->out, "%s\n", line);
		else if (*line)
			fprintf(stderr, "%s\n", line);
		break;
	case SF_JSON:
	case SF_CSV:
		if (!strncmp(line, "# SKIP ", 7))
			snprintf(r->c[i].reason, sizeof(r->c[i].reason), "%s", line + 7);
		if (*line)
			fprintf(stderr, "%s\n", line);
		break;
	}
	/*
	 * The reader of a pipe went away (scn run DIR | head -1): the suite
	 * stops as on SIGPIPE, which it passes on to the child so that it
	 * stops cleanly too, and launches nothing more.
	 */
	if ((fflush(r->out) || ferror(r->out)) && !r->signo) {
		r->signo = SIGPIPE;
		if (!r->c[i].reaped)
			kill(r->c[i].pid, SIGPIPE);
	}
}

/* Reads what the pipe has; returns false at end of file. */
static bool read_child(struct runner *r, size_t i, int fd)
{
	char buf[4096];
	ssize_t n;
	char *nl;

	n = read(fd, buf, sizeof(buf));
	if (n < 0)
		return errno == EINTR || errno == EAGAIN;
	if (n == 0) {
		if (r->partial.len) {
			child_line(r, i, r->partial.buf);
			r->partial.len = 0;
			r->partial.buf[0] = '\0';
		}
		return false;
	}
	sb_putn(&r->partial, buf, (size_t)n);
	while ((nl = memchr(r->partial.buf, '\n', r->partial.len))) {
		size_t len = (size_t)(nl - r->partial.buf) + 1;

		*nl = '\0';
		child_line(r, i, r->partial.buf);
		memmove(r->partial.buf, r->partial.buf + len, r->partial.len - len + 1);
		r->partial.len -= len;
	}
	return true;
}

/* --- signals ----------------------------------------------------------- */

static int signals_start(struct runner *r)
{
	sigset_t mask, stop, old;

	signals_stop_set(&stop);
	mask = stop;
	sigaddset(&mask, SIGCHLD);
	if (sigprocmask(SIG_BLOCK, &mask, &old))
		return -errno;
	/* A child's: what the suite had, and the stop signals, not SIGCHLD. */
	sigorset(&r->child_mask, &old, &stop);
	r->sfd = signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
	return r->sfd < 0 ? -errno : 0;
}

/*
 * Takes every pending signal. A stop signal is passed on to the running
 * child unless the terminal sent it (SI_KERNEL): then the child, in the
 * same process group, has it already. The child gets SUITE_KILL_GRACE
 * seconds to stop before the backstop kills it.
 */
static void take_signals(struct runner *r, struct child *c, int64_t *deadline)
{
	struct signalfd_siginfo si;
	int64_t grace = (int64_t)SUITE_KILL_GRACE * 1000000000;

	while (read(r->sfd, &si, sizeof(si)) == sizeof(si)) {
		if (si.ssi_signo == SIGCHLD) {
			if (c && !c->reaped && waitpid(c->pid, &c->status, WNOHANG) == c->pid)
				c->reaped = true;
			continue;
		}
		if (!r->signo)
			r->signo = (int)si.ssi_signo;
		if (!c || c->reaped)
			continue;
		if (si.ssi_code != SI_KERNEL)
			kill(c->pid, (int)si.ssi_signo);
		if (*deadline > now_ns() + grace)
			*deadline = now_ns() + grace;
	}
}

/* --- one scenario ------------------------------------------------------ */

static bool same_name(const char *a, const char *b)
{
	size_t n = strcspn(a, "=");

	return n == strcspn(b, "=") && !memcmp(a, b, n);
}

/* scn run --format F --ktap-test I --timeout T [...] -- FILE; json_path
 * is -o's for --format json and csv. */
static char **child_argv(const struct runner *r, size_t i, char *num, char *secs,
			 const char *json_path)
{
	const struct suite_entry *e = &r->s->e[i];
	const struct suite_opts *o = r->o;
	size_t n = 0, cap = 28 + o->npass + 2 * (o->ndefines + o->nsweeps + e->ndefines +
						  e->npfnmap), k, j;
	/*
	 * A line's pfnmap= is its own test hosts' BARs, in place of the
	 * command line's --pfnmap; where the whole suite runs in one test
	 * host, that host was booted with them all (suite_pfnmap_union), and
	 * on this machine its own devices are what there is.
	 */
	bool own_bars = e->npfnmap && (e->kernel || o->kernels || o->or_kernel);
	/* The line's or_kernel= is its --or-kernel, where the suite has one. */
	bool own_or = e->or_kernel && o->or_kernel && !e->kernel;
	char **v = xcalloc(cap, sizeof(*v));
	static const char *const fmt[] = {
		[SF_KTAP] = "ktap", [SF_JSON] = "json", [SF_NDJSON] = "ndjson",
		[SF_CSV] = "json",	/* the suite writes the rows from it */
	};

	v[n++] = "scn";
	v[n++] = "run";
	v[n++] = "--format";
	v[n++] = (char *)fmt[o->fmt];
	if (o->fmt == SF_KTAP) {
		v[n++] = "--ktap-test";
		v[n++] = num;
	}
	if (o->fmt == SF_JSON || o->fmt == SF_CSV) {
		v[n++] = "-o";
		v[n++] = (char *)json_path;
	}
	v[n++] = "--timeout";
	v[n++] = secs;
	if (o->state_dir) {
		v[n++] = "--state-dir";
		v[n++] = (char *)o->state_dir;
	}
	if (o->wait)
		v[n++] = (char *)o->wait;
	if (o->exclusive)
		v[n++] = "--exclusive";
	if (o->quiet)
		v[n++] = "-q";
	if (o->repeat) {
		v[n++] = "--repeat";
		v[n++] = (char *)o->repeat;
	}
	if (o->warmup) {
		v[n++] = "--warmup";
		v[n++] = (char *)o->warmup;
	}
	for (k = 0; k < o->nsweeps; k++) {
		v[n++] = "--sweep";
		v[n++] = (char *)o->sweeps[k];
	}
	for (k = 0; k < o->npass; k++)
		if ((!own_bars || strncmp(o->pass[k], "--pfnmap=", 9)) &&
		    (!own_or || strncmp(o->pass[k], "--or-kernel=", 12)))
			v[n++] = o->pass[k];
	if (e->kernel) {		/* the line's kernels beat the command line's */
		v[n++] = "--kernel";
		v[n++] = e->kernel;
	}
	if (own_or) {
		v[n++] = "--or-kernel";
		v[n++] = e->or_kernel;
	}
	for (k = 0; own_bars && k < e->npfnmap; k++) {
		v[n++] = "--pfnmap";
		v[n++] = e->pfnmap_word[k];
	}
	/* A suite line's -D beats the command line's for the same name. */
	for (k = 0; k < o->ndefines; k++) {
		bool overridden = false;

		for (j = 0; j < e->ndefines; j++)
			overridden |= same_name(o->defines[k], e->defines[j]);
		if (overridden)
			continue;
		v[n++] = "-D";
		v[n++] = (char *)o->defines[k];
	}
	for (k = 0; k < e->ndefines; k++) {
		v[n++] = "-D";
		v[n++] = e->defines[k];
	}
	v[n++] = "--";
	v[n++] = e->path;
	v[n] = NULL;
	return v;
}

static unsigned entry_timeout(const struct runner *r, const struct suite_entry *e)
{
	if (e->line_timeout)
		return e->line_timeout;
	if (r->o->timeout)
		return r->o->timeout;
	if (e->file_timeout)
		return e->file_timeout;
	return SUITE_DEFAULT_TIMEOUT;
}

/* A kernel's test host's boot and its grace, in a scenario over kernels. */
#define SUITE_BOOT_S 60

/*
 * Relays the child's output until it has exited and its pipe is drained.
 * A grandchild (a host exec left running) may hold the pipe open, so the
 * drain after the exit is bounded. Past its timeout and the grace, the
 * child is killed; one that does not die then (stuck in the kernel) is
 * left behind rather than hanging the suite.
 */
static void watch_child(struct runner *r, size_t i, int fd, int64_t start)
{
	struct child *c = &r->c[i];
	int64_t grace = (int64_t)SUITE_KILL_GRACE * 1000000000;
	int64_t deadline = start + (int64_t)c->timeout * 1000000000 + grace;
	const char *kernels = r->s->e[i].kernel ? r->s->e[i].kernel : r->o->kernels;

	/* Over N kernels, N test hosts, each booted, each with the timeout. */
	if (run_kernel_list(kernels)) {
		int64_t nk = 1;

		for (const char *k = kernels; (k = strchr(k, ',')); k++)
			nk++;
		deadline = start + nk * ((int64_t)c->timeout + SUITE_BOOT_S) * 1000000000 + grace;
	}
	int64_t drain_until = 0, now;
	bool eof = false;

	for (;;) {
		struct pollfd pf[2] = {
			{ .fd = eof ? -1 : fd, .events = POLLIN },
			{ .fd = r->sfd, .events = POLLIN },
		};
		int64_t until;
		int ms;

		now = now_ns();
		if (c->reaped && !drain_until) {
			c->seconds = (double)(now - start) / 1e9;
			drain_until = now + 200000000;
		}
		if (c->reaped && (eof || now >= drain_until))
			break;
		if (!c->reaped && now >= deadline) {
			if (c->killed)
				break;	/* unkillable: give up on it */
			kill(c->pid, SIGKILL);
			c->killed = true;
			deadline = now + grace;
			continue;
		}
		until = c->reaped ? drain_until : deadline;
		ms = until - now > (int64_t)INT_MAX * 1000000 ? INT_MAX :
		     (int)((until - now + 999999) / 1000000);
		if (poll(pf, 2, ms) < 0 && errno != EINTR)
			break;
		if (pf[0].revents)
			eof = !read_child(r, i, fd);
		if (pf[1].revents)
			take_signals(r, c, &deadline);
	}
	if (!c->reaped)
		c->seconds = (double)(now_ns() - start) / 1e9;
	if (r->partial.len) {	/* the last line, without its newline */
		child_line(r, i, r->partial.buf);
		r->partial.len = 0;
	}
}

/* The outcome by the exit status, where no result line said it. */
static void outcome_of_exit(struct runner *r, struct child *c)
{
	int code = WIFEXITED(c->status) ? WEXITSTATUS(c->status) : -1;
	int sig = WIFSIGNALED(c->status) ? WTERMSIG(c->status) :
		  code > 128 && code < 128 + 65 ? code - 128 : 0;

	if ((c->killed || !c->reaped) && r->signo) {
		c->outcome = OUT_INTERRUPTED;
		snprintf(c->reason, sizeof(c->reason),
			 "did not stop within %u seconds of signal %d: killed",
			 SUITE_KILL_GRACE, r->signo);
	} else if (c->killed || !c->reaped || code == 124) {
		c->outcome = OUT_TIMEOUT;
		snprintf(c->reason, sizeof(c->reason), "%u seconds", c->timeout);
	} else if (code == 0) {
		c->outcome = OUT_PASS;
	} else if (code == 1) {
		c->outcome = OUT_FAIL;
	} else if (code == 4 || code == 75) {
		/* The reason, if any, came with "# SKIP"; 75: the knobs lock was busy. */
		c->outcome = OUT_SKIP;
		if (code == 75 && !c->reason[0])
			snprintf(c->reason, sizeof(c->reason),
				 "another scn run holds the knobs lock");
	} else if (sig && r->signo) {
		c->outcome = OUT_INTERRUPTED;
		snprintf(c->reason, sizeof(c->reason), "interrupted by signal %d", sig);
	} else if (sig) {
		c->outcome = OUT_ERROR;
		snprintf(c->reason, sizeof(c->reason), "killed by signal %d (%s)%s",
			 sig, strsignal(sig),
			 crash_reports(sig) ? ": scn's crash report is on stderr" : "");
	} else if (c->start_errno) {
		c->outcome = OUT_ERROR;
		snprintf(c->reason, sizeof(c->reason), "scn run could not be started: %s "
			 "(errno %d)", strerror(c->start_errno), c->start_errno);
	} else {
		c->outcome = OUT_ERROR;
		snprintf(c->reason, sizeof(c->reason), "scn run exited with %d%s", code,
			 code == 65 ? ": the scenario has errors" :
			 code == 64 ? ": it refused its arguments" :
			 code == 70 ? ": this build cannot run a statement" :
			 code == 127 ? ": it could not be started" : "");
	}
}

/* Where no result line came through, the suite writes it. */
static void own_result_line(struct runner *r, size_t i)
{
	const struct child *c = &r->c[i];
	const char *name = r->s->e[i].name;
	const char *dir = "";

	switch (c->outcome) {
	case OUT_PASS:
		fprintf(r->out, "ok %zu %s\n", i + 1, name);
		return;
	case OUT_FAIL:
		fprintf(r->out, "not ok %zu %s\n", i + 1, name);
		return;
	case OUT_SKIP:
		fprintf(r->out, "ok %zu %s # SKIP%s%s\n", i + 1, name,
			c->reason[0] ? " " : "", c->reason);
		return;
	case OUT_XFAIL:
		dir = "XFAIL";
		break;
	case OUT_TIMEOUT:
		dir = "TIMEOUT";
		break;
	case OUT_ERROR:
	case OUT_INTERRUPTED:
		dir = "ERROR";
		break;
	}
	fprintf(r->out, "not ok %zu %s # %s %s\n", i + 1, name, dir, c->reason);
}

/* A child that died without its teardown leaves the knob journal. */
static void replay_journal(struct runner *r, size_t i)
{
	char report[2048], *line, *save = NULL;
	struct rt_err err;
	int n;

	n = rt_knobs_replay(r->o->state_dir, report, sizeof(report), &err);
	/* EACCES: root's state directory, and this user could not have
	 * changed a knob to leave a journal there. */
	if (n == 0 || n == -EACCES)
		return;
	if (r->o->fmt == SF_KTAP)
		fprintf(r->out, "# %s: the run left its knob journal; replayed it\n",
			r->s->e[i].name);
	else
		fprintf(stderr, "scn: %s: the run left its knob journal; replayed it\n",
			r->s->e[i].name);
	if (n < 0)
		fprintf(r->o->fmt == SF_KTAP ? r->out : stderr, "# %s\n", err.msg);
	for (line = strtok_r(report, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		fprintf(r->o->fmt == SF_KTAP ? r->out : stderr, "# %s\n", line);
}

static void count(struct totals *t, enum outcome o)
{
	switch (o) {
	case OUT_PASS:
		t->pass++;
		break;
	case OUT_FAIL:
	case OUT_TIMEOUT:
		t->fail++;
		break;
	case OUT_SKIP:
		t->skip++;
		break;
	case OUT_XFAIL:
		t->xfail++;
		break;
	case OUT_ERROR:
	case OUT_INTERRUPTED:
		t->error++;
		break;
	}
}

static void json_result_doc(struct runner *r, size_t i);
static void ndjson_result(struct runner *r, size_t i);
static void csv_result_rows(struct runner *r, size_t i);

/* A child that could not be made: as if its exec had failed, with why. */
static void not_started(struct runner *r, size_t i, int err)
{
	struct child *c = &r->c[i];

	c->status = 127 << 8;
	c->start_errno = err ? err : EIO;
	c->reaped = true;
}

static void run_one(struct runner *r, size_t i)
{
	const struct suite_entry *e = &r->s->e[i];
	struct child *c = &r->c[i];
	char num[24], secs[24];
	char **argv;
	int fds[2] = { -1, -1 }, efd[2] = { -1, -1 };
	int64_t start;

	c->timeout = entry_timeout(r, e);
	snprintf(num, sizeof(num), "%zu", i + 1);
	snprintf(secs, sizeof(secs), "%u", c->timeout);
	if (r->o->fmt == SF_JSON || r->o->fmt == SF_CSV) {
		int tfd;

		snprintf(c->json_path, sizeof(c->json_path), "%s/scn-suite-XXXXXX",
			 getenv("TMPDIR") && strlen(getenv("TMPDIR")) < 40 ?
			 getenv("TMPDIR") : "/tmp");
		tfd = mkostemp(c->json_path, O_CLOEXEC);
		if (tfd < 0)
			c->json_path[0] = '\0';
		else
			close(tfd);
	}
	argv = child_argv(r, i, num, secs, c->json_path);
	r->ran++;
	fflush(r->out);
	fflush(stderr);
	start = now_ns();
	if ((r->o->fmt == SF_JSON || r->o->fmt == SF_CSV) && !c->json_path[0]) {
		not_started(r, i, EIO);	/* mkostemp failed */
		goto done;
	}
	if (pipe2(fds, O_CLOEXEC)) {
		not_started(r, i, errno);
		goto done;
	}
	if (pipe2(efd, O_CLOEXEC)) {
		not_started(r, i, errno);
		close(fds[0]);
		close(fds[1]);
		goto done;
	}
	c->pid = fork();
	if (c->pid == 0) {
		int eno;

		dup2(fds[1], STDOUT_FILENO);
		sigprocmask(SIG_SETMASK, &r->child_mask, NULL);
		execv("/proc/self/exe", argv);
		/* Closed on a good exec; else the parent learns why. */
		eno = errno;
		if (write(efd[1], &eno, sizeof(eno)) < 0)
			_exit(127);
		_exit(127);
	}
	close(fds[1]);
	close(efd[1]);
	if (c->pid < 0) {
		not_started(r, i, errno);
	} else {
		int eno = 0;
		ssize_t n;

		while ((n = read(efd[0], &eno, sizeof(eno))) < 0 && errno == EINTR)
			;
		if (n == sizeof(eno))
			c->start_errno = eno;
		watch_child(r, i, fds[0], start);
	}
	close(efd[0]);
	close(fds[0]);
done:
	if (c->start_errno)
		fprintf(stderr, "scn: %s: cannot run scn run: %s (errno %d)\n", e->name,
			strerror(c->start_errno), c->start_errno);
	free(argv);
	if (c->killed && !r->signo)
		fprintf(r->o->fmt == SF_KTAP ? r->out : stderr,
			"# %s: still running %u seconds past its timeout of %u second%s: killed\n",
			e->name, SUITE_KILL_GRACE, c->timeout, c->timeout == 1 ? "" : "s");
	if (!c->reaped)
		fprintf(r->o->fmt == SF_KTAP ? r->out : stderr,
			"# %s: process %d does not die: left behind\n", e->name, (int)c->pid);
	if (c->killed || (c->reaped && WIFSIGNALED(c->status)))
		replay_journal(r, i);
	if (r->o->fmt != SF_KTAP || !c->result_seen) {
		outcome_of_exit(r, c);
		if (r->o->fmt == SF_KTAP)
			own_result_line(r, i);
	}
	count(&r->t, c->outcome);
	if (r->o->fmt == SF_JSON)
		json_result_doc(r, i);
	else if (r->o->fmt == SF_NDJSON)
		ndjson_result(r, i);
	else if (r->o->fmt == SF_CSV)
		csv_result_rows(r, i);
	fflush(r->out);
}

/* --- JSON and NDJSON --------------------------------------------------- */

static int exit_code_of(const struct child *c)
{
	if (!c->reaped)
		return -1;
	return WIFEXITED(c->status) ? WEXITSTATUS(c->status) : 128 + WTERMSIG(c->status);
}

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	json_escape(f, s);
	fputc('"', f);
}

static void json_totals(struct runner *r)
{
	fprintf(r->out, "{\"pass\":%u,\"fail\":%u,\"xfail\":%u,\"xpass\":%u,"
		"\"skip\":%u,\"error\":%u}", r->t.pass, r->t.fail, r->t.xfail,
		r->t.xpass, r->t.skip, r->t.error);
}

/* The child's document, verbatim; a stand-in when it left none. */
static void json_result_doc(struct runner *r, size_t i)
{
	const struct suite_entry *e = &r->s->e[i];
	const struct child *c = &r->c[i];
	struct strbuf sb;
	char buf[8192];
	size_t n;
	FILE *f = c->json_path[0] ? fopen(c->json_path, "re") : NULL;

	sb_init(&sb);
	while (f && (n = fread(buf, 1, sizeof(buf), f)) > 0)
		sb_putn(&sb, buf, n);
	if (f)
		fclose(f);
	if (c->json_path[0])
		unlink(c->json_path);
	while (sb.len && isspace((unsigned char)sb.buf[sb.len - 1]))
		sb.buf[--sb.len] = '\0';
	fputs(r->json_results++ ? ",\n" : "\n", r->out);
	if (sb.len && sb.buf[strspn(sb.buf, " \t\r\n")] == '{') {
		fputs(sb.buf, r->out);
	} else {
		fprintf(r->out, "{\"schema\":\"scn-result/1\",\"scenario\":{\"name\":");
		json_str(r->out, e->name);
		fprintf(r->out, ",\"file\":");
		json_str(r->out, e->path);
		fprintf(r->out, "},\"status\":\"%s\",\"exit_code\":%d,\"error\":",
			outcome_name[c->outcome], exit_code_of(c));
		json_str(r->out, c->reason[0] ? c->reason : "the run left no result document");
		fputc('}', r->out);
	}
	sb_free(&sb);
}

/* A scenario's fields in "scenarios" (JSON) and "result" lines (NDJSON). */
static void json_entry_fields(struct runner *r, size_t i)
{
	const struct suite_entry *e = &r->s->e[i];
	const struct child *c = &r->c[i];

	fprintf(r->out, "\"index\":%zu,\"name\":", i + 1);
	json_str(r->out, e->name);
	fprintf(r->out, ",\"file\":");
	json_str(r->out, e->path);
	fprintf(r->out, ",\"status\":\"%s\",\"exit_code\":%d,\"seconds\":%.3f,"
		"\"timeout\":%u,\"reason\":", outcome_name[c->outcome], exit_code_of(c),
		c->seconds, c->timeout);
	if (c->reason[0])
		json_str(r->out, c->reason);
	else
		fputs("null", r->out);
}

static void ndjson_result(struct runner *r, size_t i)
{
	fprintf(r->out, "{\"type\":\"result\",");
	json_entry_fields(r, i);
	fputs("}\n", r->out);
}

/* --- CSV ------------------------------------------------------------------ */

static const char *const csv_head[] = {
	"scenario", "status", "point", "phase", "metric", "unit", "n",
	"min", "median", "mean", "max", "stddev",
};

/*
 * A row per point, phase and metric of a scenario, read from the JSON
 * its run wrote; one row with its status alone when it left no result
 * (a skip before the run, a timeout cut short, a crash). The point is
 * named by its swept parameters, as "readers=4,wait=poll", because each
 * scenario sweeps its own.
 */
static void csv_result_rows(struct runner *r, size_t i)
{
	const struct suite_entry *e = &r->s->e[i];
	const struct child *c = &r->c[i];
	const char *status = outcome_name[c->outcome];
	struct rf_result res;
	struct rf_error err;
	size_t rows = 0, p, k, m, f;

	if (c->json_path[0] && !rf_load(&res, c->json_path, &err)) {
		for (p = 0; p < res.npoints; p++) {
			const struct rf_point *pt = &res.points[p];
			struct strbuf label;

			sb_init(&label);
			rf_point_label(&label, pt);
			for (k = 0; k < pt->nphases; k++)
				for (m = 0; m < pt->phases[k].nmetrics; m++) {
					const struct rf_metric *x = &pt->phases[k].metrics[m];
					const double v[] = { x->sum.min, x->sum.median, x->sum.mean,
							     x->sum.max, x->sum.stddev };
					char num[40];

					report_csv_field(r->out, e->name, false);
					report_csv_field(r->out, status, false);
					report_csv_field(r->out, label.buf, false);
					report_csv_field(r->out, pt->phases[k].name, false);
					report_csv_field(r->out, x->name, false);
					report_csv_field(r->out, x->unit, false);
					snprintf(num, sizeof(num), "%zu", x->sum.n);
					report_csv_field(r->out, num, false);
					for (f = 0; f < ARRAY_SIZE(v); f++) {
						snprintf(num, sizeof(num), "%.15g", v[f]);
						report_csv_field(r->out, num, f + 1 == ARRAY_SIZE(v));
					}
					rows++;
				}
			sb_free(&label);
		}
	}
	if (c->json_path[0])
		rf_free(&res);
	if (!rows) {
		report_csv_field(r->out, e->name, false);
		report_csv_field(r->out, status, false);
		for (f = 2; f < ARRAY_SIZE(csv_head); f++)
			report_csv_field(r->out, "", f + 1 == ARRAY_SIZE(csv_head));
	}
	if (c->json_path[0])
		unlink(c->json_path);
}

/* --- the whole suite --------------------------------------------------- */

static int suite_exit_code(const struct runner *r)
{
	if (r->signo)
		return 128 + r->signo;
	if (r->t.fail || r->t.error)
		return 1;
	if (r->t.skip == r->ran)	/* also an empty suite: nothing passed */
		return 4;
	return 0;
}

static void header(struct runner *r)
{
	switch (r->o->fmt) {
	case SF_KTAP:
		fprintf(r->out, "KTAP version 1\n1..%zu\n", r->s->n);
		if (!r->s->n)
			fprintf(r->out, "# %s: no scenarios\n", r->what);
		break;
	case SF_JSON:
		fprintf(r->out, "{\n  \"schema\": \"scn-suite/1\",\n  \"scn_version\": \"%s\",\n"
			"  \"suite\": ", SCN_VERSION);
		json_str(r->out, r->what);
		fprintf(r->out, ",\n  \"results\": [");
		break;
	case SF_CSV:
		for (size_t f = 0; f < ARRAY_SIZE(csv_head); f++)
			report_csv_field(r->out, csv_head[f], f + 1 == ARRAY_SIZE(csv_head));
		break;
	case SF_NDJSON:
		fprintf(r->out, "{\"type\":\"suite\",\"schema\":\"scn-suite/1\","
			"\"scn_version\":\"%s\",\"suite\":", SCN_VERSION);
		json_str(r->out, r->what);
		fprintf(r->out, ",\"scenarios\":%zu}\n", r->s->n);
		break;
	}
	fflush(r->out);
}

static void footer(struct runner *r)
{
	size_t i;

	switch (r->o->fmt) {
	case SF_KTAP:
		if (r->signo)
			fprintf(r->out, "# interrupted by signal %d after %zu of %zu scenario%s\n",
				r->signo, r->ran, r->s->n, r->s->n == 1 ? "" : "s");
		/* kselftest's line, exactly: tools read it. */
		fprintf(r->out, "# Totals: pass:%u fail:%u xfail:%u xpass:%u skip:%u error:%u\n",
			r->t.pass, r->t.fail, r->t.xfail, r->t.xpass, r->t.skip, r->t.error);
		break;
	case SF_JSON:
		fprintf(r->out, "\n  ],\n  \"scenarios\": [");
		for (i = 0; i < r->ran; i++) {
			fputs(i ? ",\n    {" : "\n    {", r->out);
			json_entry_fields(r, i);
			fputc('}', r->out);
		}
		fprintf(r->out, "\n  ],\n  \"totals\": ");
		json_totals(r);
		if (r->signo)
			fprintf(r->out, ",\n  \"interrupted\": {\"signal\":%d,\"after\":%zu}",
				r->signo, r->ran);
		else
			fprintf(r->out, ",\n  \"interrupted\": null");
		fprintf(r->out, ",\n  \"exit_code\": %d\n}\n", suite_exit_code(r));
		break;
	case SF_CSV:		/* the rows are the whole of it */
		break;
	case SF_NDJSON:
		fprintf(r->out, "{\"type\":\"totals\",\"totals\":");
		json_totals(r);
		if (r->signo)
			fprintf(r->out, ",\"interrupted\":{\"signal\":%d,\"after\":%zu}",
				r->signo, r->ran);
		else
			fprintf(r->out, ",\"interrupted\":null");
		fprintf(r->out, ",\"exit_code\":%d}\n", suite_exit_code(r));
		break;
	}
	fflush(r->out);
}

/* A scenario as people read it: "ksm_merge -D size=64M". */
static char *label(const struct suite_entry *e)
{
	struct strbuf sb;
	size_t k;

	sb_init(&sb);
	sb_puts(&sb, e->name);
	for (k = 0; k < e->ndefines; k++)
		sb_printf(&sb, " -D %s", e->defines[k]);
	return sb_steal(&sb);
}

/* For people: one line per scenario on stderr, after the machine's part. */
static void summary(const struct runner *r, double seconds)
{
	size_t i, w = 8;
	char *l;

	for (i = 0; i < r->ran; i++) {
		l = label(&r->s->e[i]);
		if (strlen(l) > w)
			w = strlen(l);
		free(l);
	}
	fprintf(stderr, "\nscn: %s: %zu of %zu scenario%s in %.1fs: %u passed, %u failed, "
		"%u skipped, %u error%s\n", r->what, r->ran, r->s->n,
		r->s->n == 1 ? "" : "s", seconds, r->t.pass, r->t.fail, r->t.skip,
		r->t.error, r->t.error == 1 ? "" : "s");
	for (i = 0; i < r->ran; i++) {
		const struct child *c = &r->c[i];

		l = label(&r->s->e[i]);
		fprintf(stderr, "  %-*s  %-11s %8.2fs%s%s", (int)w, l,
			outcome_name[c->outcome], c->seconds,
			c->reason[0] && c->outcome != OUT_PASS ? "  " : "",
			c->outcome != OUT_PASS ? c->reason : "");
		/* Its warnings are in its KTAP block alone: say there are some. */
		if (c->warnings)
			fprintf(stderr, "  (%u warning%s, in its KTAP)", c->warnings,
				c->warnings == 1 ? "" : "s");
		fputc('\n', stderr);
		free(l);
	}
	if (r->signo)
		fprintf(stderr, "scn: interrupted by signal %d after %zu of %zu scenario%s\n",
			r->signo, r->ran, r->s->n, r->s->n == 1 ? "" : "s");
}

/* A signal between two scenarios stops the suite before the next. */
static void poll_signals(struct runner *r)
{
	int64_t never = INT64_MAX;

	take_signals(r, NULL, &never);
}

static int run_suite(struct runner *r)
{
	int64_t start = now_ns();
	size_t i;
	int rc;

	rc = signals_start(r);
	if (rc) {
		fprintf(stderr, "scn: cannot take signals: %s (errno %d)\n", strerror(-rc), -rc);
		return 70;
	}
	r->c = xcalloc(r->s->n + 1, sizeof(*r->c));
	sb_init(&r->partial);
	header(r);
	for (i = 0; i < r->s->n; i++) {
		poll_signals(r);
		if (r->signo)
			break;
		run_one(r, i);
		if (r->signo)
			break;
	}
	footer(r);
	summary(r, (double)(now_ns() - start) / 1e9);
	/*
	 * The mask stays: the suite returns to exit, and a stop signal that
	 * came after the last read must not kill it before its exit code.
	 */
	close(r->sfd);
	sb_free(&r->partial);
	free(r->c);
	return suite_exit_code(r);
}

/*
 * Every child's exec, checked before the first runs (suite_file.h has
 * the limits): arguments and environment too large for it are the
 * suite's error at the scenario's line, exit 65 (64 for a directory's
 * scenario, whose arguments come from the command line alone), rather
 * than the 40th child that cannot start.
 */
static int check_exec_room(const struct runner *r, struct diag *d)
{
	char path[sizeof(((struct child *)0)->json_path)], num[24], secs[24];
	size_t env = 0, envc = 0, max = suite_exec_all_max();
	bool file = false, dir = false;

	/* The longest each of the words that change from child to child. */
	memset(path, 'X', sizeof(path) - 1);
	path[sizeof(path) - 1] = '\0';
	snprintf(num, sizeof(num), "%zu", r->s->n);
	snprintf(secs, sizeof(secs), "%u", SUITE_TIMEOUT_MAX);
	for (char **e = environ; e && *e; e++, envc++)
		env += strlen(*e) + 1;
	for (size_t i = 0; i < r->s->n; i++) {
		const struct suite_entry *e = &r->s->e[i];
		char **v = child_argv(r, i, num, secs, path);
		size_t total = env + sizeof("/proc/self/exe"), argc = 0;

		for (; v[argc]; argc++)
			total += strlen(v[argc]) + 1;
		total += (argc + envc) * sizeof(char *);
		free(v);
		if (total <= max)
			continue;
		if (e->line && r->s->src) {
			struct loc l = { r->s->src, e->line, e->col, e->line, e->end_col };

			diag_hint(diag_error(d, l, "scn run of '%s' would take %zu bytes of "
					     "arguments and environment; exec takes at "
					     "most %zu (ARG_MAX)", e->name, total, max),
				  "smaller -D values: a large input is better read "
				  "from a file by the scenario");
			file = true;
		} else if (!dir) {
			fprintf(stderr, "scn: scn run of '%s' would take %zu bytes of "
				"arguments and environment; exec takes at most %zu "
				"(ARG_MAX)\n", e->name, total, max);
			dir = true;
		}
	}
	return file ? 65 : dir ? 64 : 0;
}

/* --- the command line -------------------------------------------------- */

static const char suite_usage[] =
	"usage: scn run [-D NAME=VALUE]... [--timeout SECONDS] [--format ktap|json|ndjson]\n"
	"               [-o FILE] [--repeat N] [--warmup N] [--sweep NAME=V,...]\n"
	"               [--state-dir DIR] [--ring 0|3] [--or-kernel SPEC [host options]]\n"
	"               [-q] DIR|FILE.suite\n";

static int bad_option(const char *fmt, const char *arg)
{
	fputs("scn: ", stderr);
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	fputs(suite_usage, stderr);
	return 64;
}

/* An option every scenario's run gets too, as one word. */
static void pass_on(struct suite_opts *o, const char *name, const char *value)
{
	o->pass[o->npass++] = xasprintf("--%s=%s", name, value);
}

static int parse_opts(int argc, char **argv, struct suite_opts *o)
{
	enum { O_STATE = 256, O_FORMAT, O_REPEAT, O_WARMUP, O_SWEEP, O_TIMEOUT, O_KTAP,
	       O_WAIT, O_EXCLUSIVE, O_RING, O_OR_KERNEL };
	static const struct option longopts[] = {
		{ "define", required_argument, NULL, 'D' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "output", required_argument, NULL, 'o' },
		{ "state-dir", required_argument, NULL, O_STATE },
		{ "wait", optional_argument, NULL, O_WAIT },
		{ "exclusive", no_argument, NULL, O_EXCLUSIVE },
		{ "format", required_argument, NULL, O_FORMAT },
		{ "repeat", required_argument, NULL, O_REPEAT },
		{ "warmup", required_argument, NULL, O_WARMUP },
		{ "sweep", required_argument, NULL, O_SWEEP },
		{ "timeout", required_argument, NULL, O_TIMEOUT },
		{ "ktap-test", required_argument, NULL, O_KTAP },
		{ "ring", required_argument, NULL, O_RING },
		{ "or-kernel", required_argument, NULL, O_OR_KERNEL },
		TH_LONGOPTS,
		{ NULL, 0, NULL, 0 },
	};
	struct th_opts host = { 0 };
	const char *host_option = NULL;
	int c, at;

	/* 0, not 1: run has scanned (and permuted) this argv already. */
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "D:qo:", longopts, &at)) != -1) {
		switch (c) {
		case 'D':
			o->defines[o->ndefines++] = optarg;
			break;
		case 'q':
			o->quiet = true;
			break;
		case 'o':
			o->output = optarg;
			break;
		case O_STATE:
			o->state_dir = optarg;
			break;
		case O_WAIT: {
			int64_t ns;

			if (!parse_wait(optarg, &ns))
				return 64;
			o->wait = argv[optind - 1];	/* an optional value is attached */
			break;
		case O_EXCLUSIVE:
			o->exclusive = true;
			break;
		}
		case O_FORMAT:
			if (!strcmp(optarg, "ktap") || !strcmp(optarg, "text"))
				o->fmt = SF_KTAP;	/* a suite's text is KTAP */
			else if (!strcmp(optarg, "json"))
				o->fmt = SF_JSON;
			else if (!strcmp(optarg, "ndjson"))
				o->fmt = SF_NDJSON;
			else if (!strcmp(optarg, "csv"))
				o->fmt = SF_CSV;
			else
				return bad_option("a suite's --format is ktap, json, ndjson or csv, not '%s'",
						  optarg);
			break;
		case O_REPEAT:
			if (!parse_whole(optarg, 1, 1000000, NULL))
				return bad_option("--repeat takes a whole number from 1, not '%s'", optarg);
			o->repeat = optarg;
			break;
		case O_WARMUP:
			if (!parse_whole(optarg, 0, 1000000, NULL))
				return bad_option("--warmup takes a whole number from 0, not '%s'", optarg);
			o->warmup = optarg;
			break;
		case O_SWEEP:
			o->sweeps[o->nsweeps++] = optarg;
			break;
		case O_TIMEOUT:
			if (!parse_seconds(optarg, SUITE_TIMEOUT_MAX, &o->timeout))
				return 64;
			break;
		case O_KTAP:
			return bad_option("%s numbers one scenario's block; a suite numbers its own",
					  "--ktap-test");
		case O_RING:
			if (strcmp(optarg, "0") && strcmp(optarg, "3"))
				return bad_option("--ring is 0 or 3, not '%s'", optarg);
			pass_on(o, longopts[at].name, optarg);
			break;
		case O_OR_KERNEL:
			host.kernel = optarg;
			o->or_kernel = true;
			pass_on(o, longopts[at].name, optarg);
			break;
		default:
			/* --kernel of one kernel never gets here: scn run takes
			 * it; a list runs each scenario over the kernels. */
			if ((c == TH_OPT_KERNEL && !run_kernel_list(optarg)) ||
			    th_cli_option(c, optarg, &host) < 0)
				return bad_option("unknown or incomplete option '%s'",
						  argv[optind - 1]);
			if (c == TH_OPT_KERNEL)
				o->kernels = optarg;
			else if (!host_option)
				host_option = th_cli_option_name(c);
			pass_on(o, longopts[at].name, optarg);
		}
	}
	if (th_cli_need_kernel("run", host_option, &host))
		return 64;
	if (argc - optind != 1)
		return bad_option("%s", "a suite run takes one DIR or FILE.suite");
	return 0;
}

int cmd_suite(int argc, char **argv)
{
	struct suite_opts o = { 0 };
	struct runner r = { 0 };
	struct outfile of;
	struct source_set srcs;
	struct suite s = { 0 };
	struct stat st;
	struct diag d;
	const char *what;
	int rc;

	o.defines = xcalloc((size_t)argc + 1, sizeof(*o.defines));
	o.sweeps = xcalloc((size_t)argc + 1, sizeof(*o.sweeps));
	o.pass = xcalloc((size_t)argc + 1, sizeof(*o.pass));
	source_set_init(&srcs);
	diag_init(&d);
	rc = parse_opts(argc, argv, &o);
	if (rc)
		goto out;
	what = argv[optind];
	if (!stat(what, &st) && S_ISDIR(st.st_mode)) {
		rc = suite_load_dir(&s, what);
	} else {
		rc = suite_load_file(&s, what, &srcs, &d);
		diag_print(&d, stderr);
		if (rc == -EINVAL) {
			rc = 65;
			goto out;
		}
	}
	if (rc) {
		fprintf(stderr, "scn: cannot read suite '%s': %s (errno %d)\n", what,
			rc == -ENODEV ? "not a regular file" : strerror(-rc), -rc);
		rc = 64;
		goto out;
	}
	r.o = &o;
	r.s = &s;
	{
		struct diag dx;

		diag_init(&dx);
		rc = check_exec_room(&r, &dx);
		diag_print(&dx, stderr);
		diag_free(&dx);
		if (rc)
			goto out;
	}
	r.out = stdout;
	if (o.output) {
		r.out = outfile_open(&of, o.output);
		if (!r.out) {
			fprintf(stderr, "scn: cannot write '%s': %s (errno %d)\n", o.output,
				strerror(errno), errno);
			rc = 64;
			goto out;
		}
	}
	r.o = &o;
	r.s = &s;
	r.what = what;
	rc = run_suite(&r);
	if (r.out != stdout) {
		int wrc = outfile_close(&of, true);

		if (wrc) {
			fprintf(stderr, "scn: cannot write '%s': %s (errno %d)\n",
				o.output, strerror(-wrc), -wrc);
			rc = 73;	/* EX_CANTCREAT */
		}
	}
out:
	suite_free(&s);
	diag_free(&d);
	source_set_free(&srcs);
	free(o.defines);
	free(o.sweeps);
	for (size_t i = 0; i < o.npass; i++)
		free(o.pass[i]);
	free(o.pass);
	return rc;
}
