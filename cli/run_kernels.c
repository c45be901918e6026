// SPDX-License-Identifier: GPL-2.0-only
/*
 * run_kernels: scn run --kernel A,B,C FILE, the kernel as an axis of one
 * run (kernel_axis.h). The kernels run one after another, each in a test
 * host of its own, as scn run --kernel runs one (run_testhost.c), but
 * with the inner scn always writing JSON into the share; its points are
 * read into one result, whose points are the kernels times the
 * scenario's, and that result is written once in the format asked for.
 * A kernel that cannot be had, cannot boot or cannot run the scenario
 * costs its points (SKIP, with why), not the run; an oops fails its
 * points, with the oops's lines. With --shard I/N only every Nth point
 * of them all runs, and a kernel none of whose points is this shard's
 * is not booted.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/json_out.h"
#include "../common/outfile.h"
#include "../common/util.h"
#include "../runtime/fingerprint.h"
#include "../testhost/helper.h"
#include "../interp/exec.h"
#include "../interp/record.h"
#include "../results/report.h"
#include "kernel_axis.h"
#include "../runtime/signals.h"
#include "run_file.h"
#include "run_kernels.h"
#include "run_testhost.h"

extern char **environ;

/* The inner scn has this long after its own --timeout, as run_testhost.c's. */
#define TIMEOUT_GRACE_S 15

struct axis {
	const struct run_args *ra;
	char **kernels;
	size_t nk;
	char **tags;			/* [nk]: the console logs' names */
	const struct ir_program *p;	/* the scenario, checked for kernel 0 */
	struct record base;		/* p's shape, which res borrows */
	struct result res;		/* kernels × p */
	bool made;			/* base and res are */
	struct diag d;
	struct jin_doc *docs;		/* [nk]: each kernel's result, kept */
	bool *have_doc;
	FILE *out;
	struct res_listener live;	/* NDJSON's */
	int signo;			/* a stop signal ended the run */
	char skips[1024];		/* why the kernels were skipped */
};

/* "debian:6.12,debian:7.3" into its kernels; 64 after a message. */
static int split_kernels(struct axis *ax, const char *list)
{
	char *copy = xstrdup(list), *save = NULL;
	size_t cap = 0;

	for (char *s = strtok_r(copy, ",", &save); s; s = strtok_r(NULL, ",", &save)) {
		for (size_t i = 0; i < ax->nk; i++)
			if (!strcmp(ax->kernels[i], s)) {
				fprintf(stderr, "scn: run: --kernel names '%s' twice: a kernel is a point of the run once\n",
					s);
				free(copy);
				return 64;
			}
		VEC_PUSH(ax->kernels, ax->nk, cap, xstrdup(s));
	}
	free(copy);
	if (ax->nk < 1 || strstr(list, ",,") || list[0] == ',' ||
	    list[strlen(list) - 1] == ',') {
		fprintf(stderr, "scn: run: --kernel '%s' has an empty kernel in its list\n"
			"hint: --kernel debian:6.12,debian:7.3 (scn kernel --list names them)\n",
			list);
		return 64;
	}
	return 0;
}

/* "debian:6.12" -> "debian-6.12"; a path by its base name; unique. */
static void make_tags(struct axis *ax)
{
	ax->tags = xcalloc(ax->nk + 1, sizeof(*ax->tags));
	for (size_t k = 0; k < ax->nk; k++) {
		const char *base = strrchr(ax->kernels[k], '/');
		char *t = xstrdup(base ? base + 1 : ax->kernels[k]);

		for (char *c = t; *c; c++)
			if (*c == ':' || *c == ' ')
				*c = '-';
		for (size_t j = 0; j < k; j++)
			if (!strcmp(ax->tags[j], t)) {
				char *u = xasprintf("%s-%zu", t, k + 1);

				free(t);
				t = u;
				break;
			}
		ax->tags[k] = t;
	}
}

/* Whether --shard gives this run point i of kernel k. */
static bool in_shard(const struct axis *ax, size_t k, size_t i)
{
	const struct run_args *ra = ax->ra;
	size_t g = kaxis_point(ax->p->npoints, k, i);

	return !ra->shard_of || g % ra->shard_of == ra->shard_part - 1;
}

/*
 * The --shard the run inside gets for kernel k: its points g = k*np + i
 * whose g % N is this part's are its points i of one residue mod N.
 */
static unsigned inner_part(const struct axis *ax, size_t k)
{
	const struct run_args *ra = ax->ra;
	size_t n = ra->shard_of, base = kaxis_point(ax->p->npoints, k, 0) % n;

	return (unsigned)((ra->shard_part - 1 + n - base) % n) + 1;
}

static size_t shard_count(const struct axis *ax, size_t k)
{
	size_t n = 0;

	for (size_t i = 0; i < ax->p->npoints; i++)
		n += in_shard(ax, k, i);
	return n;
}

/* What is known of a kernel that ran nothing: the spec and its release. */
static char *bare_fingerprint(const char *spec, const char *release)
{
	struct json_out j;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	jo_init(&j, f, false);
	jo_object(&j);
	jo_key(&j, "kernel");
	jo_object(&j);
	jo_kv_string_or_null(&j, "release", release && *release ? release : NULL);
	jo_end(&j);
	jo_key(&j, "testhost");
	jo_object(&j);
	jo_kv_string(&j, "spec", spec);
	jo_end(&j);
	jo_end(&j);
	fclose(f);
	return buf;
}

/* Every point of kernel k in the shard, not run by it: why. */
static void mark_all(struct axis *ax, size_t k, int status, const char *why,
		     const char *release, char *const *errors, size_t nerrors)
{
	char *fp = bare_fingerprint(ax->kernels[k], release);

	for (size_t i = 0; i < ax->p->npoints; i++)
		if (in_shard(ax, k, i))
			kaxis_mark(&ax->res, ax->p->npoints, k, i, status == EXEC_SKIP, why, fp,
				   errors, nerrors);
	free(fp);
	if (status == EXEC_SKIP) {
		size_t used = strlen(ax->skips);

		snprintf(ax->skips + used, sizeof(ax->skips) - used, "%s%s: %s",
			 used ? "; " : "", ax->kernels[k], why);
	}
	if (!ax->ra->quiet)
		fprintf(stderr, "# kernel %s: %s: %s\n", ax->kernels[k],
			status == EXEC_SKIP ? "SKIP" : "FAIL", why);
}

/* th_cli_launch's, but a kernel that cannot be had is its points' skip. */
static int launch(const struct th_opts *o, char **argv, struct th_outcome *out,
		  char *why, size_t len)
{
	struct rt_err err;
	int rc = th_launch(o, (const char *const *)argv, (const char *const *)environ,
			   NULL, out, &err);

	if (rc)
		snprintf(why, len, "%s", err.msg);
	return rc;
}

/* The text at fd (which it closes), at most JIN_MAX_FILE_BYTES: 0 or -errno. */
static int read_all(int fd, struct strbuf *sb)
{
	char buf[65536];
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) > 0 && sb->len < JIN_MAX_FILE_BYTES)
		sb_putn(sb, buf, (size_t)n);
	close(fd);
	return n < 0 ? -errno : 0;
}

/* The result the run inside left in the share, read into the result. */
static void take_result(struct axis *ax, size_t k, const struct th_outcome *out)
{
	char why[512];
	const struct jin_value *root;
	struct jin_error err;
	const char *status, *reason;
	struct strbuf text;
	int fd = run_th_result_open(out, why, sizeof(why)), rc;

	if (fd < 0) {
		char *msg = fd == -ENOENT ?
			xasprintf("the run inside ended with exit %d and left no result",
				  out->status) :
			xasprintf("its result in the share was not read: %s", why);

		mark_all(ax, k, out->status == 4 ? EXEC_SKIP : EXEC_FAIL, msg, out->release,
			 NULL, 0);
		free(msg);
		return;
	}
	sb_init(&text);
	rc = read_all(fd, &text);
	if (!rc)
		rc = jin_parse(&ax->docs[k], text.buf ? text.buf : "", text.len, &err);
	sb_free(&text);
	if (rc) {
		char *msg = rc == -EINVAL ?
			xasprintf("its result is not JSON: %d:%d: %s", err.line, err.col, err.msg) :
			xasprintf("its result could not be read: %s", strerror(-rc));

		if (rc == -EINVAL)
			jin_free(&ax->docs[k]);
		mark_all(ax, k, EXEC_FAIL, msg, out->release, NULL, 0);
		free(msg);
		return;
	}
	ax->have_doc[k] = true;
	root = ax->docs[k].root;
	if (kaxis_fill(&ax->res, &ax->base.res, ax->p, k, root, why, sizeof(why))) {
		char *msg = xasprintf("its result is not one scn reads: %s", why);

		mark_all(ax, k, EXEC_FAIL, msg, out->release, NULL, 0);
		free(msg);
		return;
	}
	/* A run that skipped (a feature this kernel lacks) ran no point. */
	status = jin_str(jin_get(root, "status"));
	reason = jin_str(jin_get(root, "skip_reason"));
	if (status && !strcmp(status, "skip"))
		mark_all(ax, k, EXEC_SKIP, reason ? reason : "skipped", out->release, NULL, 0);
}

/* What the launch of kernel k came to, in its points. */
static void take_outcome(struct axis *ax, size_t k, const struct th_outcome *out,
			 const struct th_opts *o)
{
	char *msg = NULL;

	switch (out->end) {
	case TH_EXITED:
		take_result(ax, k, out);
		return;
	case TH_SKIP:
		msg = xasprintf("the test host cannot run here: %s", out->why);
		mark_all(ax, k, EXEC_SKIP, msg, out->release, NULL, 0);
		break;
	case TH_NO_BOOT:
		if (out->console_log[0])
			msg = xasprintf("the test host did not run the scenario: %s (console log: %s)",
					out->why, out->console_log);
		else
			msg = xasprintf("the test host did not run the scenario: %s", out->why);
		mark_all(ax, k, EXEC_SKIP, msg, out->release, NULL, 0);
		break;
	case TH_OOPS:
		if (out->console_log[0])
			msg = xasprintf("the kernel oopsed or panicked (console log: %s)",
					out->console_log);
		else
			msg = xstrdup("the kernel oopsed or panicked");
		mark_all(ax, k, EXEC_FAIL, msg, out->release, out->oops, out->noops);
		break;
	case TH_TIMEOUT:
		msg = xasprintf("timed out after %u s; the test host was stopped", o->timeout);
		mark_all(ax, k, EXEC_FAIL, msg, out->release, NULL, 0);
		break;
	case TH_BAD_SHARE:
		msg = xasprintf("a file of the test host's share was not read: %s",
				out->bad_share);
		mark_all(ax, k, EXEC_FAIL, msg, out->release, NULL, 0);
		break;
	case TH_INTERRUPTED:
		ax->signo = out->signo ? out->signo : SIGINT;
		break;
	}
	free(msg);
}

/* The print lines of kernel k's points, where text shows them as they come. */
static void kernel_done(struct axis *ax, size_t k)
{
	for (size_t i = 0; i < ax->p->npoints; i++) {
		size_t g = kaxis_point(ax->p->npoints, k, i);
		const struct res_point *pt = &ax->res.points[g];

		if (!pt->done)
			continue;
		if (ax->ra->format == FMT_TEXT)
			for (size_t l = 0; l < pt->noutput; l++)
				fprintf(ax->out, "%s\n", pt->output[l]);
		if (ax->live.point)
			ax->live.point(ax->live.ctx, &ax->res, g);
	}
	fflush(ax->out);
}

/* Kernel k's test host: sized for the scenario, booted, its points read. */
static void run_kernel(struct axis *ax, size_t k)
{
	const struct run_args *ra = ax->ra;
	struct run_args inner = *ra;
	struct th_opts o = ra->host;
	struct ir_program *pk = NULL;
	struct source_set srcs;
	struct th_outcome out;
	char why[512], **argv;
	char *log = NULL;

	o.kernel = ax->kernels[k];
	source_set_init(&srcs);
	if (run_th_prepare(ra, &o, false, &srcs, &pk)) {
		/* Said once, with the places, then the skip says which. */
		ir_program_free(pk);
		pk = NULL;
		source_set_free(&srcs);
		source_set_init(&srcs);
		run_th_prepare(ra, &o, true, &srcs, &pk);
		mark_all(ax, k, EXEC_SKIP, "the scenario does not check for this kernel's test host (the errors above)",
			 NULL, NULL, 0);
		goto out;
	}
	if (pk->npoints != ax->p->npoints) {
		mark_all(ax, k, EXEC_SKIP, "the scenario has other points for this kernel's test host",
			 NULL, NULL, 0);
		goto out;
	}
	/* The run inside writes JSON into the share, whatever is asked here. */
	inner.format = FMT_JSON;
	inner.output = "result";
	inner.ktap_test = 0;
	inner.host.kernel = ax->kernels[k];
	if (ra->shard_of)
		inner.shard_part = inner_part(ax, k);
	argv = run_th_argv(&inner);
	if (ra->output)
		o.console_log = log = run_th_log_beside(ra->output, ax->tags[k]);
	else if (ra->host.console_log)
		o.console_log = log = xasprintf("%s.%s", ra->host.console_log, ax->tags[k]);
	o.log = ra->quiet ? NULL : stderr;
	if (ra->timeout)
		o.timeout = ra->timeout + TIMEOUT_GRACE_S;
	if (!ra->quiet)
		fprintf(stderr, "# kernel %zu of %zu: %s\n", k + 1, ax->nk, ax->kernels[k]);
	if (launch(&o, argv, &out, why, sizeof(why))) {
		mark_all(ax, k, EXEC_SKIP, why, NULL, NULL, 0);
	} else {
		take_outcome(ax, k, &out, &o);
		th_outcome_free(&out);
	}
	run_th_argv_free(argv);
out:
	ir_program_free(pk);
	source_set_free(&srcs);
	free(log);
}

/* The run's outcome from its points: the worst of them. */
static void outcome(struct axis *ax, struct report_end *e)
{
	bool fail = false, unsupported = false, pass = false;

	for (size_t g = 0; g < ax->res.npoints; g++) {
		const struct res_point *pt = &ax->res.points[g];

		if (!pt->done)
			continue;
		fail |= !strcmp(pt->status, exec_status_name(EXEC_FAIL));
		unsupported |= !strcmp(pt->status, exec_status_name(EXEC_UNSUPPORTED));
		pass |= pt->pass;
	}
	if (ax->signo) {
		e->status = exec_status_name(EXEC_INTERRUPTED);
		e->exit_code = 128 + ax->signo;
	} else if (fail) {
		e->status = exec_status_name(EXEC_FAIL);
		e->exit_code = EXEC_FAIL;
	} else if (unsupported) {
		e->status = exec_status_name(EXEC_UNSUPPORTED);
		e->exit_code = EXEC_UNSUPPORTED;
	} else if (pass) {
		e->status = exec_status_name(EXEC_PASS);
		e->exit_code = EXEC_PASS;
	} else {
		e->status = exec_status_name(EXEC_SKIP);
		e->exit_code = EXEC_SKIP;
		e->skip_reason = ax->skips[0] ? ax->skips : "no point of this shard";
	}
}

static void axis_free(struct axis *ax)
{
	if (ax->made) {
		result_free(&ax->res);
		record_free(&ax->base);
	}
	diag_free(&ax->d);
	for (size_t k = 0; k < ax->nk; k++) {
		if (ax->have_doc && ax->have_doc[k])
			jin_free(&ax->docs[k]);
		free(ax->kernels[k]);
		if (ax->tags)
			free(ax->tags[k]);
	}
	free(ax->docs);
	free(ax->have_doc);
	free(ax->kernels);
	free(ax->tags);
}

int run_kernel_axis(const struct run_args *ra)
{
	struct axis ax = { .ra = ra, .out = stdout };
	struct th_opts o0 = ra->host;
	struct rt_features *f = NULL;
	struct ir_program *p = NULL;
	struct report_end end = { .timeout = (int)ra->timeout };
	struct report_meta meta;
	struct source_set srcs;
	struct outfile of;
	sigset_t stop, old;
	int rc;

	diag_init(&ax.d);
	source_set_init(&srcs);
	rc = split_kernels(&ax, ra->host.kernel);
	if (rc)
		goto out;
	/* Checked once, with its diagnostics, for the first kernel's host. */
	o0.kernel = ax.kernels[0];
	rc = run_th_prepare(ra, &o0, true, &srcs, &p);
	if (rc)
		goto out;
	ax.p = p;
	make_tags(&ax);
	record_init(&ax.base, p, &ax.d, false, NULL);
	kaxis_result(&ax.res, &ax.base.res, (const char *const *)ax.kernels, ax.nk);
	ax.made = true;
	ax.docs = xcalloc(ax.nk, sizeof(*ax.docs));
	ax.have_doc = xcalloc(ax.nk, sizeof(*ax.have_doc));
	if (ra->output) {
		ax.out = outfile_open(&of, ra->output);
		if (!ax.out) {
			fprintf(stderr, "scn: run: cannot write '%s': %s\n", ra->output,
				strerror(errno));
			ax.out = stdout;
			rc = 73;	/* EX_CANTCREAT */
			goto out;
		}
	}
	/* The result's own fingerprint is the machine the test hosts ran on. */
	f = xcalloc(1, sizeof(*f));
	rt_features_probe(f);
	run_meta_init(&meta, ra, &srcs, f);
	meta.kernels = (const char *const *)ax.kernels;
	meta.nkernels = ax.nk;
	meta.shard_part = ra->shard_part;
	meta.shard_of = ra->shard_of;
	meta.shard_points = ax.res.npoints;
	meta.color = ra->format == FMT_TEXT && isatty(fileno(ax.out)) && !getenv("NO_COLOR");
	if (ra->format == FMT_NDJSON)
		report_ndjson_start(ax.out, &meta, &ax.res, &ax.live);
	/* A stop signal between two test hosts ends the run there, as in one. */
	signals_stop_set(&stop);
	sigprocmask(SIG_BLOCK, &stop, &old);
	for (size_t k = 0; k < ax.nk && !ax.signo; k++) {
		ax.signo = th_signals_take();
		if (ax.signo || !shard_count(&ax, k))
			continue;
		run_kernel(&ax, k);
		kernel_done(&ax, k);
	}
	th_signals_restore(&old);
	outcome(&ax, &end);
	report_write((enum report_format)ra->format, ax.out, &meta, &ax.res, &end);
	if (ax.signo)
		fprintf(stderr, "scn: run: interrupted by signal %d; the test host was stopped\n",
			ax.signo);
	rc = end.exit_code;
	free((char *)meta.name);
	if (ax.out != stdout) {
		int wrc = outfile_close(&of, true);

		if (wrc) {
			fprintf(stderr, "scn: run: cannot write '%s': %s\n", ra->output,
				strerror(-wrc));
			rc = 73;
		}
	}
out:
	axis_free(&ax);
	ir_program_free(p);
	source_set_free(&srcs);
	free(f);
	return rc;
}
