// SPDX-License-Identifier: GPL-2.0-only
/*
 * run_testhost: scn run --kernel. The same scn binary runs the same
 * command inside the test host (testhost/testhost.h), without the host
 * options and with -o pointing into the results share; stdout and stderr
 * stream out as inside, and the result file comes back to -o. When the
 * run inside could not end by itself (an oops, a hang, a kernel that did
 * not boot), the result says so.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/util.h"
#include "../testhost/job.h"
#include "cmd_run.h"
#include "cmd_testhost.h"
#include "report.h"

/* The inner run's -o, in the share. */
#define INNER_RESULT "result"
/* The inner scn has this long after its own --timeout to write its
 * result and restore its knobs before the test host is stopped. */
#define TIMEOUT_GRACE_S 15

extern char **environ;

struct args {
	char **v;
	size_t n, cap;
};

static void add(struct args *a, const char *s)
{
	VEC_PUSH(a->v, a->n, a->cap, xstrdup(s));
}

static void add_num(struct args *a, const char *opt, unsigned v)
{
	char num[24];

	snprintf(num, sizeof(num), "%u", v);
	add(a, opt);
	add(a, num);
}

/* The inner command: this binary, run, every option but the host's. */
static char **inner_argv(const struct run_args *ra)
{
	char self[PATH_MAX];
	struct args a = { 0 };
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	self[n > 0 ? n : 0] = '\0';
	add(&a, n > 0 ? self : "scn");
	add(&a, "run");
	for (size_t i = 0; i < ra->ndefines; i++) {
		add(&a, "-D");
		add(&a, ra->defines[i]);
	}
	for (size_t i = 0; i < ra->nsweeps; i++) {
		add(&a, "--sweep");
		add(&a, ra->sweeps[i]);
	}
	if (ra->repeat)
		add_num(&a, "--repeat", ra->repeat);
	if (ra->warmup)
		add_num(&a, "--warmup", ra->warmup);
	if (ra->timeout)
		add_num(&a, "--timeout", ra->timeout);
	if (ra->ktap_test)
		add_num(&a, "--ktap-test", (unsigned)ra->ktap_test);
	add(&a, "--format");
	add(&a, report_format_name((enum report_format)ra->format));
	if (ra->quiet)
		add(&a, "-q");
	if (ra->output) {
		add(&a, "-o");
		add(&a, TH_SHARE_DIR "/" INNER_RESULT);
	}
	add(&a, ra->file);
	VEC_PUSH(a.v, a.n, a.cap, NULL);
	return a.v;
}

/* "r.json" -> "r.console.log": the console log kept beside the result. */
static char *log_beside(const char *output)
{
	const char *slash = strrchr(output, '/'), *dot = strrchr(output, '.');
	size_t stem = dot && (!slash || dot > slash + 1) ? (size_t)(dot - output) :
							   strlen(output);

	return xasprintf("%.*s.console.log", (int)stem, output);
}

/* Copies the share's result to path; 0 or -errno. */
static int bring_back(const char *share, const char *path)
{
	char buf[65536], *src = xasprintf("%s/%s", share, INNER_RESULT);
	int in = open(src, O_RDONLY | O_CLOEXEC), out, rc = 0;
	ssize_t n;

	free(src);
	if (in < 0)
		return -errno;
	out = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (out < 0) {
		rc = -errno;
		close(in);
		return rc;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, (size_t)n) != n) {
			rc = -errno;
			break;
		}
	if (n < 0)
		rc = -errno;
	close(in);
	if (close(out) && !rc)
		rc = -errno;
	return rc;
}

int run_in_testhost(const struct run_args *ra)
{
	struct th_opts o = ra->host;
	struct th_outcome out;
	struct rt_err err;
	char **argv = inner_argv(ra), *log = NULL;
	int rc;

	if (ra->output)
		o.console_log = log = log_beside(ra->output);
	if (ra->quiet)
		o.log = NULL;
	else
		o.log = stderr;
	if (ra->timeout)
		o.timeout = ra->timeout + TIMEOUT_GRACE_S;
	rc = th_launch(&o, (const char *const *)argv, (const char *const *)environ,
		       NULL, &out, &err);
	if (rc) {
		fprintf(stderr, "scn: run: %s\n", err.msg);
		rc = 64;
		goto out;
	}
	rc = th_cli_report("run", &o, &out);
	if (out.end == TH_EXITED && ra->output) {
		int brc = bring_back(out.share, ra->output);

		if (brc && brc != -ENOENT) {
			fprintf(stderr, "scn: run: cannot write '%s': %s\n",
				ra->output, strerror(-brc));
			rc = 73;	/* EX_CANTCREAT */
		}
	}
	th_outcome_free(&out);
out:
	for (size_t i = 0; argv[i]; i++)
		free(argv[i]);
	free(argv);
	free(log);
	return rc;
}
