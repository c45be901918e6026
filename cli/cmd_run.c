// SPDX-License-Identifier: GPL-2.0-only
/*
 * scn run: check, then execute on this machine. SIGINT, SIGTERM and
 * SIGHUP are taken by one thread with sigwait(), which asks the run to
 * stop; the run then unwinds through the same teardown as any error, so
 * every knob is restored. SIGKILL leaves the journal: scn restore.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../common/outfile.h"
#include "../interp/check.h"
#include "../interp/exec.h"
#include "../interp/record.h"
#include "../results/report.h"
#include "../runtime/fingerprint.h"
#include "../runtime/journals.h"
#include "../runtime/knobs.h"
#include "../runtime/signals.h"
#include "cmd_run.h"
#include "cmd_suite.h"
#include "cmd_testhost.h"
#include "options.h"
#include "run_file.h"
#include "run_kernels.h"
#include "run_testhost.h"

struct sigstate {
	sigset_t set;
	atomic_bool done;		/* the run is over: the thread returns */
	atomic_bool stop;
	atomic_int signo;
	atomic_bool timed_out;
	struct timespec deadline;	/* CLOCK_MONOTONIC; tv_sec 0: none */
	pthread_t thread;
};

/* Waits for a signal, or until the deadline (0: none, -1: it passed). */
static int wait_signal(struct sigstate *st, int *sig)
{
	struct timespec now, left;

	if (!st->deadline.tv_sec || atomic_load(&st->timed_out))
		return sigwait(&st->set, sig) ? 0 : 1;
	clock_gettime(CLOCK_MONOTONIC, &now);
	left.tv_sec = st->deadline.tv_sec - now.tv_sec;
	left.tv_nsec = st->deadline.tv_nsec - now.tv_nsec;
	if (left.tv_nsec < 0) {
		left.tv_sec--;
		left.tv_nsec += 1000000000;
	}
	if (left.tv_sec < 0)
		return -1;
	*sig = sigtimedwait(&st->set, NULL, &left);
	if (*sig < 0)
		return errno == EAGAIN ? -1 : 0;
	return 1;
}

static void *signal_main(void *arg)
{
	struct sigstate *st = arg;
	int sig, rc;

	pthread_setname_np(pthread_self(), "scn-signals");
	for (;;) {
		rc = wait_signal(st, &sig);
		if (rc < 0) {		/* --timeout: stop as SIGTERM would */
			atomic_store(&st->timed_out, true);
			atomic_store(&st->stop, true);
			continue;
		}
		if (atomic_load(&st->done))
			return NULL;
		if (!rc)
			continue;
		atomic_store(&st->signo, sig);
		atomic_store(&st->stop, true);
	}
}

static int start_signals(struct sigstate *st, unsigned timeout)
{
	sigset_t mask;
	int rc;

	signals_stop_set(&st->set);
	signals_run_mask(&mask);
	atomic_init(&st->done, false);
	atomic_init(&st->stop, false);
	atomic_init(&st->signo, 0);
	atomic_init(&st->timed_out, false);
	memset(&st->deadline, 0, sizeof(st->deadline));
	if (timeout) {
		clock_gettime(CLOCK_MONOTONIC, &st->deadline);
		st->deadline.tv_sec += timeout;
	}
	/*
	 * Blocked before any thread starts, so all inherit the mask. A write
	 * to a closed pipe then fails with EPIPE, which stops the run as an
	 * error (its SIGPIPE stays pending in the thread that wrote).
	 */
	if (pthread_sigmask(SIG_BLOCK, &mask, NULL))
		return -errno;
	rc = pthread_create(&st->thread, NULL, signal_main, st);
	return -rc;
}

static void stop_signals(struct sigstate *st)
{
	atomic_store(&st->done, true);
	pthread_kill(st->thread, SIGTERM);	/* any signal of the set wakes it */
	pthread_join(st->thread, NULL);
}

static const char run_usage[] =
	"usage: scn run [-D NAME=VALUE]... [--sweep NAME=V1,V2...]... [--repeat N]\n"
	"               [--warmup N] [--format text|json|ndjson|csv|ktap] [-o FILE]\n"
	"               [--timeout SECONDS] [--wait[=DURATION]] [--exclusive] [--state-dir DIR]\n"
	"               [--ring 0|3] [--shard PART/OF] [-q]"
	"\n"
	"               [--kernel SPEC[,SPEC...] | --or-kernel SPEC [host options]] FILE|DIR|FILE.suite\n";

/* A count option's value into *out; false when it is not one in range. */
static bool parse_count(const char *s, unsigned min, unsigned max, unsigned *out)
{
	unsigned long v;

	if (!parse_whole(s, min, max, &v))
		return false;
	*out = (unsigned)v;
	return true;
}

enum { OPT_SWEEP = 256, OPT_REPEAT, OPT_WARMUP, OPT_FORMAT, OPT_TIMEOUT,
       OPT_KTAP_TEST, OPT_STATE_DIR, OPT_WAIT, OPT_EXCLUSIVE, OPT_RING,
       OPT_OR_KERNEL, OPT_SHARD };

static const char cli_run_short[] = "D:o:qh";
static const struct option cli_run_options[] = {
	{ "define", required_argument, NULL, 'D' },
	{ "sweep", required_argument, NULL, OPT_SWEEP },
	{ "repeat", required_argument, NULL, OPT_REPEAT },
	{ "warmup", required_argument, NULL, OPT_WARMUP },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "output", required_argument, NULL, 'o' },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ "ktap-test", required_argument, NULL, OPT_KTAP_TEST },
	{ "state-dir", required_argument, NULL, OPT_STATE_DIR },
	{ "wait", optional_argument, NULL, OPT_WAIT },
	{ "exclusive", no_argument, NULL, OPT_EXCLUSIVE },
	{ "ring", required_argument, NULL, OPT_RING },
	{ "or-kernel", required_argument, NULL, OPT_OR_KERNEL },
	{ "shard", required_argument, NULL, OPT_SHARD },
	{ "quiet", no_argument, NULL, 'q' },
	{ "help", no_argument, NULL, 'h' },
	TH_LONGOPTS,
	{ NULL, 0, NULL, 0 },
};

const struct cli_command cli_cmd_run = {
	"run", cli_run_short, cli_run_options, cli_text_run, th_cli_host_help,
};
const struct cli_command cli_cmd_restore = {
	"restore", cli_help_short, cli_plain_options, cli_text_restore, NULL,
};

/* 0, an exit code after a message, or -1 after --help. */
static int parse_run_args(int argc, char **argv, struct run_args *a)
{
	bool warmup_given = false;
	unsigned n;
	int c, rc;

	a->defines = xcalloc((size_t)argc + 1, sizeof(*a->defines));
	a->sweeps = xcalloc((size_t)argc + 1, sizeof(*a->sweeps));
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, cli_run_short, cli_run_options, NULL)) != -1) {
		switch (c) {
		case 'D':
			a->defines[a->ndefines++] = optarg;
			break;
		case OPT_SWEEP:
			a->sweeps[a->nsweeps++] = optarg;
			break;
		case OPT_REPEAT:
			if (!parse_count(optarg, 1, 100000, &a->repeat))
				goto bad_number;
			break;
		case OPT_WARMUP:
			if (!parse_count(optarg, 0, 100000, &a->warmup))
				goto bad_number;
			warmup_given = true;
			break;
		case OPT_TIMEOUT:
			if (!parse_seconds(optarg, 86400 * 7, &a->timeout))
				return 64;
			break;
		case OPT_KTAP_TEST:
			if (!parse_count(optarg, 1, 1000000, &n))
				goto bad_number;
			a->ktap_test = (int)n;
			break;
		case OPT_FORMAT:
			a->format = report_format_parse(optarg);
			if (a->format < 0) {
				fprintf(stderr, "scn: run: unknown format '%s' (text, json, ndjson, csv, ktap)\n",
					optarg);
				return 64;
			}
			break;
		case 'o':
			a->output = optarg;
			break;
		case OPT_STATE_DIR:
			a->state_dir = optarg;
			break;
		case OPT_WAIT:
			if (!parse_wait(optarg, &a->wait_ns))
				return 64;
			break;
		case OPT_EXCLUSIVE:
			a->exclusive = true;
			break;
		case OPT_RING:
			if (!strcmp(optarg, "0") || !strcmp(optarg, "3")) {
				a->ring = optarg[0] == '0' ? RING_0 : RING_3;
				break;
			}
			fprintf(stderr, "scn: run: --ring is 0 or 3, not '%s'\n", optarg);
			return 64;
		case 'q':
			a->quiet = true;
			break;
		case OPT_OR_KERNEL:
			if (a->host.kernel && !a->or_kernel)
				goto both_kernels;
			a->host.kernel = optarg;
			a->or_kernel = true;
			if (run_kernel_list(optarg)) {
				fputs("scn: run: --or-kernel takes one kernel, the one to fall back to; --kernel takes a list\n",
				      stderr);
				return 64;
			}
			break;
		case OPT_SHARD:
			if (!parse_shard(optarg, &a->shard_part, &a->shard_of))
				return 64;
			break;
		case 'h':
			cli_help(stdout, &cli_cmd_run);
			return -1;
		default:
			if (c == TH_OPT_KERNEL && a->or_kernel)
				goto both_kernels;
			rc = th_cli_option(c, optarg, &a->host);
			if (rc > 0)
				return rc;
			if (rc == 0) {
				if (!a->host_option)
					a->host_option = th_cli_option_name(c);
				break;
			}
			cli_bad_option("run", &cli_cmd_run, argv, optind);
			fputs(run_usage, stderr);
			return 64;
		}
	}
	if (argc - optind != 1) {
		fputs(run_usage, stderr);
		return 64;
	}
	rc = th_cli_need_kernel("run", a->host_option, &a->host);
	if (rc)
		return rc;

	a->file = argv[optind];
	/* The first run of a fresh process is often far off (cold caches,
	 * pools, KSM's trees): with repeats, one warm-up unless told. */
	if (!warmup_given && a->repeat > 1)
		a->warmup = 1;
	return 0;
both_kernels:
	fputs("scn: run: --kernel runs in a test host, --or-kernel only what this machine cannot run: one of them\n",
	      stderr);
	return 64;
bad_number:
	fprintf(stderr, "scn: run: '%s' is not a count that %s takes\n", optarg,
		argv[optind - 1] == optarg ? argv[optind - 2] : argv[optind - 1]);
	return 64;
}

/* The outcome's name in results, and the exit code. */
static const char *outcome(int rc, const struct sigstate *sig, int *exit_code)
{
	*exit_code = rc;
	if (rc != EXEC_INTERRUPTED)
		return exec_status_name(rc);
	if (atomic_load(&sig->timed_out) && !atomic_load(&sig->signo)) {
		*exit_code = 124;	/* as timeout(1) */
		return "timeout";
	}
	*exit_code = 128 + atomic_load(&sig->signo);
	return exec_status_name(rc);
}

/*
 * The run's errors and warnings on stderr, each point's as it ends, so
 * that they come under the point's "# point N" line, not after the
 * next's (a sweep's NUMA warnings of one policy read as the other's). A
 * suite's child in KTAP carries its warnings in its test block ("#
 * warning: ..."), which is the suite's stdout: on stderr as well, a
 * terminal showed each NUMA warning twice. Errors stay, with their place
 * and notes: the block has a line.
 */
struct run_diags {
	const struct run_args *a;
	const struct diag *d;
	size_t mark;			/* records before it are printed */
	const struct res_listener *inner;	/* NDJSON's, or NULL */
};

static void print_run_diags(struct run_diags *rd)
{
	const struct run_args *a = rd->a;
	bool in_block = a->ktap_test > 0 && a->format == FMT_KTAP, skip = false;

	for (; rd->mark < rd->d->len; rd->mark++) {
		const struct diag_rec *r = &rd->d->recs[rd->mark];

		/* A note goes with the record before it. */
		if (r->level != DIAG_NOTE)
			skip = in_block && r->level == DIAG_WARNING;
		if (!skip)
			diag_print_rec(r, stderr);
	}
	fflush(stderr);
}

static void diags_phase(void *ctx, const struct result *r, size_t point,
			unsigned run, bool warmup, int phase,
			const struct res_metric *values, size_t n)
{
	struct run_diags *rd = ctx;

	rd->inner->phase(rd->inner->ctx, r, point, run, warmup, phase, values, n);
}

static void diags_point(void *ctx, const struct result *r, size_t point)
{
	struct run_diags *rd = ctx;

	if (rd->inner && rd->inner->point)
		rd->inner->point(rd->inner->ctx, r, point);
	print_run_diags(rd);
}

static int run_checked(struct ir_program *p, struct source_set *srcs,
		       const struct run_args *a, struct rt_features *f)
{
	/* Static: large, and one run per process. */
	static struct rt_knob_values found;
	struct report_meta meta;
	struct exec_opts eo = { .features = f, .state_dir = a->state_dir,
				.owner = a->file, .wait_ns = a->wait_ns,
				.exclusive = a->exclusive, .found = &found,
				.repeat = a->repeat, .warmup = a->warmup,
				.ring = (enum ring)a->ring,
				.shard_part = a->shard_part, .shard_of = a->shard_of };
	struct report_end end = { .timeout = (int)a->timeout };
	struct res_listener live = { 0 }, diags_live = { 0 };
	struct run_diags rd = { .a = a };
	char reason[1024] = "";
	struct sigstate sig;
	struct outfile of;
	struct record rec;
	FILE *out = stdout;
	struct diag d;
	int rc;

	if (a->output) {
		/* Not through a link planted at the name: common/outfile.h. */
		out = outfile_open(&of, a->output);
		if (!out) {
			fprintf(stderr, "scn: run: cannot write '%s': %s\n", a->output,
				strerror(errno));
			return 73;	/* EX_CANTCREAT */
		}
	}
	run_meta_init(&meta, a, srcs, f);
	meta.machine.knobs = &found;
	meta.shard_part = a->shard_part;
	meta.shard_of = a->shard_of;
	meta.shard_points = p->npoints;
	meta.color = a->format == FMT_TEXT && isatty(fileno(out)) && !getenv("NO_COLOR");
	diag_init(&d);
	record_init(&rec, p, &d, a->format != FMT_TEXT, &diags_live);
	if (a->format == FMT_NDJSON)
		report_ndjson_start(out, &meta, &rec.res, &live);
	rd.d = &d;
	rd.inner = live.phase || live.point ? &live : NULL;
	diags_live = (struct res_listener){ .ctx = &rd, .point = diags_point,
					    .phase = rd.inner && live.phase ?
						     diags_phase : NULL };
	rc = start_signals(&sig, a->timeout);
	if (rc) {
		fprintf(stderr, "scn: cannot start the signal thread: %s (errno %d)\n",
			strerror(-rc), -rc);
		rc = 70;
		goto out;
	}
	eo.stop = &sig.stop;
	eo.out = rec.capture ? rec.capture : out;
	eo.log = a->quiet ? NULL : stderr;
	/* Every result says where it was measured: KTAP and JSON in
	 * themselves, text here. */
	if (eo.log) {
		char machine[512];

		rt_fingerprint_line(f, machine, sizeof(machine));
		fprintf(eo.log, "# scn %s: %s\n", SCN_VERSION, machine);
	}
	/* A status line is for a person watching, never for a CI log. */
	if (!a->quiet && isatty(STDERR_FILENO) && !getenv("CI"))
		eo.progress = stderr;
	eo.obs = &rec.obs;
	rc = exec_program(p, &eo, &d, reason, sizeof(reason));
	stop_signals(&sig);
	print_run_diags(&rd);		/* what came after the last point */
	if (d.truncated)
		fprintf(stderr, "scn: too many errors (%u shown), stopping\n", d.nerrors);
	end.status = outcome(rc, &sig, &end.exit_code);
	end.skip_reason = rc == EXEC_SKIP || rc == EXEC_BUSY ? reason : NULL;
	report_write((enum report_format)a->format, out, &meta, &rec.res, &end);
	if (rc == EXEC_INTERRUPTED && !strcmp(end.status, "timeout"))
		fprintf(stderr, "scn: timed out after %u s; every knob was restored\n",
			a->timeout);
	else if (rc == EXEC_INTERRUPTED)
		fprintf(stderr, "scn: interrupted by signal %d; every knob was restored\n",
			atomic_load(&sig.signo));
	else if (rc == EXEC_BUSY)
		fprintf(stderr, "scn: run: busy: %s\n%s", reason, a->wait_ns ? "" :
			"hint: --wait waits for it, --wait=120s at most 120 seconds\n");
	rc = end.exit_code;
out:
	record_free(&rec);
	diag_free(&d);
	if (out != stdout) {
		int wrc = outfile_close(&of, true);

		if (wrc) {
			fprintf(stderr, "scn: run: cannot write '%s': %s\n", a->output,
				strerror(-wrc));
			rc = 73;	/* EX_CANTCREAT */
		}
	}
	free((char *)meta.name);
	return rc;
}

/*
 * --or-kernel: whether this machine cannot run p (a SKIP before anything
 * happens here) while a test host may; never inside a test host, which
 * cannot start another.
 */
static bool elsewhere(const struct ir_program *p, const struct run_args *a,
		      const struct rt_features *f)
{
	struct exec_opts o = { .features = f, .ring = (enum ring)a->ring };
	char reason[1024];

	if (!access(RT_TESTHOST_FACTS, F_OK) || !exec_would_skip(p, &o, reason, sizeof(reason)))
		return false;
	/* A suite's KTAP carries it: its reader sees where the test ran. */
	bool in_suite = a->format == FMT_KTAP && a->ktap_test;

	if (!a->quiet || in_suite)
		fprintf(in_suite ? stdout : stderr,
			"# this machine cannot run it (%s): it runs in a test host (%s)\n",
			reason, a->host.kernel);
	fflush(stdout);
	return true;
}

int cmd_run(int argc, char **argv)
{
	struct run_args a = { .format = FMT_TEXT,
			      .host = { .out_fd = STDOUT_FILENO,
					.err_fd = STDERR_FILENO } };
	struct rt_features *f = NULL;
	struct ir_program *p = NULL;
	struct source_set srcs;
	int rc;

	rc = parse_run_args(argc, argv, &a);
	if (rc) {
		rc = rc < 0 ? 0 : rc;	/* -1: the help was asked for */
		goto free_args;
	}
	if (a.host.kernel && !a.or_kernel) {	/* in a test host: run_testhost.c */
		if (run_kernel_list(a.host.kernel) && cmd_suite_operand(a.file))
			rc = cmd_suite(argc, argv);	/* each scenario over the kernels */
		else if (run_kernel_list(a.host.kernel))
			rc = run_kernel_axis(&a);	/* run_kernels.c */
		else
			rc = run_in_testhost(&a);
		goto free_args;
	}
	if (cmd_suite_operand(a.file)) {	/* DIR or FILE.suite */
		rc = cmd_suite(argc, argv);
		goto free_args;
	}
	f = xcalloc(1, sizeof(*f));
	rt_features_probe(f);
	source_set_init(&srcs);
	rc = run_check(&a, &f->facts, f, &srcs, &p);
	if (!rc && a.or_kernel && elsewhere(p, &a, f))
		rc = run_in_testhost(&a);
	else if (!rc)
		rc = run_checked(p, &srcs, &a, f);
	ir_program_free(p);
	source_set_free(&srcs);
free_args:
	free(a.defines);
	free(a.sweeps);
	free(f);
	return rc;
}

/* How "scn restore" went, the worst of its directories. */
enum restore_end { RESTORE_OK, RESTORE_BUSY, RESTORE_FAILED };

static void restore_worse(enum restore_end *end, enum restore_end e)
{
	if (e > *end)
		*end = e;
}

/* The hint where this user is not root and root's state is in the way. */
static void restore_hint(int rc, bool *hinted)
{
	if ((rc == -EACCES || rc == -EPERM) && geteuid() && !*hinted) {
		fputs("hint: the knobs and their journals are root's: run scn "
		      "restore as root\n", stderr);
		*hinted = true;
	}
}

/* Replays the journal in dir; a failure is said on stderr. */
static enum restore_end restore_dir(const char *dir, bool named, int *total,
				    bool *hinted)
{
	char report[2048];
	struct rt_err err;
	int n = rt_knobs_replay(dir, report, sizeof(report), &err);

	if (n < 0) {
		fprintf(stderr, "scn: restore: %s: %s\n%s", dir ? dir : RT_STATE_DIR,
			err.msg, report);
		restore_hint(n, hinted);
		return n == -EBUSY ? RESTORE_BUSY : RESTORE_FAILED;
	}
	if (n > 0)
		printf("%s%s%s", named ? dir : "", named ? ": " : "", report);
	*total += n;
	return RESTORE_OK;
}

/*
 * Every journal of a run that did not finish, from the registry, newest
 * first so that the oldest run's originals are written last; then the
 * one in DIR (or /run/scn), which a run of an older scn did not list.
 * A registry or a directory this user cannot read is a failure, never
 * "nothing to restore"; a run that holds the lock makes it busy (75),
 * as it does a run.
 */
int cmd_restore(int argc, char **argv)
{
	struct rt_orphan orphans[64];
	enum restore_end end = RESTORE_OK;
	struct rt_err err;
	const char *dir;
	size_t n, i;
	int total = 0, first, rc;
	bool hinted = false;

	rc = cli_plain_args(&cli_cmd_restore, argc, argv, &first);
	if (rc)
		return rc < 0 ? 0 : rc;
	if (argc - first > 1) {
		fputs("usage: scn restore [STATE_DIR]\n", stderr);
		return 64;
	}
	dir = first < argc ? argv[first] : NULL;
	rc = rt_journals_list(orphans, ARRAY_SIZE(orphans), &n, &err);
	if (rc) {
		fprintf(stderr, "scn: restore: %s\n", err.msg);
		restore_hint(rc, &hinted);
		end = RESTORE_FAILED;
	}
	for (i = 0; i < n && i < ARRAY_SIZE(orphans); i++)
		restore_worse(&end, restore_dir(orphans[i].dir, true, &total, &hinted));
	restore_worse(&end, restore_dir(dir, n > 0, &total, &hinted));
	if (end == RESTORE_BUSY)
		return 75;
	if (end == RESTORE_FAILED)
		return 1;
	if (total == 0)
		printf("nothing to restore\n");
	return 0;
}
