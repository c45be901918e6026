// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_ktap: KTAP version 1 (Documentation/dev-tools/ktap.rst), the
 * format the kselftest runner, KernelCI and LAVA parse. One test per
 * scenario; its subtests are the phases, or with a sweep the points; the
 * metrics are diagnostics; the last line is kselftest's totals line.
 */
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"
#include "report.h"

#define INDENT "  "	/* one level of nesting, as the spec says */

/* "# fill: time n=3 min=0.5s median=... mean=... max=... stddev=..." */
static void ktap_metrics(FILE *out, const struct res_phase *ph, unsigned runs)
{
	for (size_t m = 0; m < ph->nmetrics; m++) {
		const struct res_metric *x = &ph->metrics[m];
		const char *names[] = { "min", "median", "mean", "max", "stddev" };
		const double v[] = { x->sum.min, x->sum.median, x->sum.mean,
				     x->sum.max, x->sum.stddev };
		struct strbuf sb;

		if (!report_headline(x))
			continue;
		sb_init(&sb);
		sb_printf(&sb, "%s: %s n=%zu", ph->name, x->name, x->n);
		for (size_t s = 0; s < ARRAY_SIZE(v); s++) {
			sb_printf(&sb, " %s=", names[s]);
			report_put_stat(&sb, v[s], x->unit);
		}
		fprintf(out, INDENT "# %s\n", sb.buf);
		sb_free(&sb);
	}
	for (size_t m = 0; m < ph->nmetrics; m++) {
		char *which = report_outliers(&ph->metrics[m], runs);

		if (which)
			fprintf(out, INDENT "# %s: %s: outlier: %s\n", ph->name,
				ph->metrics[m].name, which);
		free(which);
	}
}

/* A phase's own result line within its scenario. */
static void ktap_phase_line(FILE *out, size_t n, const struct res_phase *ph)
{
	if (!ph->ran)
		fprintf(out, INDENT "ok %zu %s # SKIP not reached\n", n, ph->name);
	else
		fprintf(out, INDENT "%sok %zu %s\n", ph->failed ? "not " : "", n, ph->name);
}

static void ktap_lines(FILE *out, const char *prefix, char *const *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s# %s\n", prefix, v[i]);
}

/*
 * The subtests: a scenario's phases, or with a sweep its points. Without
 * a sweep, what fails outside the phases (an expect at the top level, a
 * declaration) would leave every leaf ok under a "not ok" parent, and a
 * reader that counts leaves (kunit.py parse: "passed: 1") would see a
 * pass: a last leaf, "top-level", stands for the scenario's top-level
 * expectations and everything else outside its phases. It is there when
 * the scenario has such expects, and whenever the scenario failed with
 * no phase failing.
 */
static void ktap_subtests(FILE *out, const struct result *r, bool failed)
{
	fprintf(out, INDENT "KTAP version 1\n");
	if (!r->nsweeps) {
		const struct res_point *pt = &r->points[0];
		size_t n = pt->nphase_names;
		bool phase_failed = false, top;

		for (size_t k = 0; k < pt->nphases && k < n; k++)
			phase_failed |= pt->phases[k].ran && pt->phases[k].failed;
		top = pt->top_level_expect || (failed && !phase_failed);
		fprintf(out, INDENT "1..%zu\n", n + top);
		ktap_lines(out, INDENT, pt->output, pt->noutput);
		for (size_t k = 0; k < n; k++) {
			if (k < pt->nphases) {
				ktap_metrics(out, &pt->phases[k], pt->runs);
				ktap_phase_line(out, k + 1, &pt->phases[k]);
			} else {
				fprintf(out, INDENT "ok %zu %s # SKIP not reached\n", k + 1,
					pt->phase_names[k]);
			}
		}
		if (top)
			fprintf(out, INDENT "%sok %zu top-level\n",
				failed && !phase_failed ? "not " : "", n + 1);
		return;
	}
	fprintf(out, INDENT "1..%zu\n", r->npoints);
	for (size_t i = 0; i < r->npoints; i++) {
		const struct res_point *pt = &r->points[i];
		char *name = res_point_name(pt);

		ktap_lines(out, INDENT, pt->output, pt->noutput);
		for (size_t k = 0; k < pt->nphases; k++)
			ktap_metrics(out, &pt->phases[k], pt->runs);
		/* A point's warnings under it: one point's NUMA scans read
		 * as the next's when they came all at the top. */
		for (size_t k = 0; k < pt->nwarnings; k++)
			fprintf(out, INDENT "# warning: %s\n", pt->warnings[k]);
		if (!pt->done)
			fprintf(out, INDENT "ok %zu %s # SKIP not reached\n", i + 1, name);
		else
			fprintf(out, INDENT "%sok %zu %s\n",
				pt->pass ? "" : "not ", i + 1, name);
		free(name);
	}
}

/* The machine in one line: the caller's, or a test host's without a result. */
static void machine_line(const struct report_meta *m, char *buf, size_t len)
{
	char host[300];

	if (!m->th) {
		m->machine.line(&m->machine, buf, len);
		return;
	}
	m->machine.line(&m->machine, host, sizeof(host));
	snprintf(buf, len, "kernel %s%s", m->th->release, host);
}

void report_ktap(FILE *out, const struct report_meta *m, const struct result *r,
		 const struct report_end *e)
{
	int n = m->ktap_test > 0 ? m->ktap_test : 1;
	bool pass = !strcmp(e->status, "pass"), skip = !strcmp(e->status, "skip");
	char line[512];

	if (m->ktap_test <= 0) {
		fprintf(out, "KTAP version 1\n1..1\n");
		machine_line(m, line, sizeof(line));
		fprintf(out, "# scn %s: %s\n", SCN_VERSION, line);
	}
	/* What ran beside the scenario, before its result line; a sweep's
	 * are each under its point's (ktap_subtests). */
	for (size_t i = 0; i < r->npoints && (!r->nsweeps || skip); i++)
		for (size_t k = 0; k < r->points[i].nwarnings; k++)
			fprintf(out, "# warning: %s\n", r->points[i].warnings[k]);
	if (skip) {
		fprintf(out, "ok %d %s # SKIP %s\n", n, m->name,
			e->skip_reason ? e->skip_reason : "");
	} else {
		ktap_subtests(out, r, !pass);
		for (size_t i = 0; i < r->npoints; i++)
			ktap_lines(out, "", r->points[i].errors, r->points[i].nerrors);
		if (m->th)
			ktap_lines(out, "", m->th->oops, m->th->noops);
		if (!strcmp(e->status, "timeout"))
			fprintf(out, "not ok %d %s # TIMEOUT %d seconds\n", n, m->name,
				e->timeout);
		else
			fprintf(out, "%sok %d %s\n", pass ? "" : "not ", n, m->name);
	}
	if (m->ktap_test <= 0)
		fprintf(out, "# Totals: pass:%d fail:%d xfail:0 xpass:0 skip:%d error:0\n",
			pass, !pass && !skip, skip);
	fflush(out);
}
