// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_compare: two results side by side, each metric judged (see
 * cmd_compare.h and docs/results.md section 5).
 */
#include "cmd_compare.h"
#include "options.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/stats.h"
#include "../common/util.h"
#include "../results/compare.h"
#include "../results/result_alike.h"
#include "../results/result_file.h"

#define EXIT_USAGE 64
#define EXIT_DATAERR 65


#define COMPARE_USAGE \
	"usage: scn compare [--fail-over PCT] [--alpha A] [--correction holm|bh|none]\n" \
	"                   [--metric M[,M...]]... [--summary | --all] [--force]\n" \
	"                   [--across kernel|arch]\n" \
	"                   BASE.json[,BASE2.json...] NEW.json[,NEW2.json...]\n"

static int usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "scn: compare: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n" COMPARE_USAGE);
	return EXIT_USAGE;
}

/* "10", "10%" or "2.5%": a percentage of at least 0. */
static int parse_pct(const char *s, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (end == s || errno || !isfinite(v) || v < 0)
		return -EINVAL;
	if (*end == '%')
		end++;
	if (*end)
		return -EINVAL;
	*out = v;
	return 0;
}

static int parse_alpha(const char *s, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (end == s || *end || errno || !(v > 0 && v < 1))
		return -EINVAL;
	*out = v;
	return 0;
}

/* --metric time,uffd.p99 (or several --metric): each name, kept. */
static void add_metrics(struct compare_opts *o, char *list, size_t cap)
{
	const char **v = (const char **)o->judge.metrics;

	for (char *save = NULL, *m = strtok_r(list, ",", &save); m;
	     m = strtok_r(NULL, ",", &save))
		if (o->judge.nmetrics < cap)
			v[o->judge.nmetrics++] = m;
}

/* The options: also what scn help and its tests read (options.h). */
static const char cli_compare_short[] = "h";
static const struct option cli_compare_options[] = {
	{ "fail-over", required_argument, NULL, 'f' },
	{ "alpha", required_argument, NULL, 'a' },
	{ "correction", required_argument, NULL, 'c' },
	{ "metric", required_argument, NULL, 'm' },
	{ "summary", no_argument, NULL, 's' },
	{ "all", no_argument, NULL, 'l' },
	{ "force", no_argument, NULL, 'F' },
	{ "across", required_argument, NULL, 'A' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

const struct cli_command cli_cmd_compare = {
	"compare", cli_compare_short, cli_compare_options, cli_text_compare, NULL,
};

/* Returns 0, or an exit code (64) after the message; -1 after --help. */
static int parse_opts(int argc, char **argv, struct compare_opts *o)
{
	size_t cap = (size_t)argc * 8 + 1;
	int c;

	o->judge.fail_over = -1;
	o->judge.alpha = 0.05;
	o->judge.correction = JC_HOLM;
	o->judge.metrics = xcalloc(cap, sizeof(char *));
	o->force = false;
	o->across_kernel = false;
	o->across_arch = false;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, cli_compare_short, cli_compare_options,
				NULL)) != -1) {
		switch (c) {
		case 'f':
			if (parse_pct(optarg, &o->judge.fail_over))
				return usage("--fail-over takes a percentage "
					     "such as 10%%, not '%s'", optarg);
			break;
		case 'a':
			if (parse_alpha(optarg, &o->judge.alpha))
				return usage("--alpha takes a number between 0 "
					     "and 1, not '%s'", optarg);
			break;
		case 'c':
			c = judge_correction_parse(optarg);
			if (c < 0)
				return usage("--correction takes holm, bh or none, not '%s'",
					     optarg);
			o->judge.correction = (enum judge_correction)c;
			break;
		case 'm':
			add_metrics(o, optarg, cap);
			break;
		case 's':
			o->summary = true;
			break;
		case 'l':
			o->all = true;
			break;
		case 'F':
			o->force = true;
			break;
		case 'A':
			if (strcmp(optarg, "kernel") && strcmp(optarg, "arch"))
				return usage("--across takes 'kernel' or 'arch', "
					     "not '%s'", optarg);
			/* Another architecture is another kernel too. */
			o->across_kernel = true;
			o->across_arch |= !strcmp(optarg, "arch");
			break;
		case 'h':
			cli_help(stdout, &cli_cmd_compare);
			return -1;
		default:
			return usage("unknown or incomplete option '%s'",
				     argv[optind - 1]);
		}
	}
	if (o->all && o->summary)
		return usage("%s", "--all and --summary choose rows the opposite ways: one of them");
	if (argc - optind != 2)
		return usage("%s", "compare takes two results: BASE.json NEW.json");
	o->base_path = argv[optind];
	o->new_path = argv[optind + 1];
	return 0;
}

/* What --across makes a note of what would block. */
static unsigned alike_flags(const struct compare_opts *o)
{
	return (o->across_kernel ? ALIKE_ACROSS_KERNEL : 0) |
	       (o->across_arch ? ALIKE_ACROSS_ARCH : 0);
}

/* A skipped side has nothing to compare: a SKIP, as scn run reports one. */
static int skipped(const struct rf_result *r)
{
	char *why;

	if (strcmp(r->status, "skip"))
		return 0;
	why = rf_text_dup(r->skip_reason);
	printf("# SKIP nothing to compare: %s was skipped%s%s\n", r->path,
	       r->skip_reason ? ": " : "", why);
	free(why);
	return COMPARE_EXIT_SKIP;
}

static int report(const struct compare_opts *o, const struct rf_result *b,
		  const struct rf_result *n)
{
	struct alike_lines blocking = { 0 }, notes = { 0 };
	size_t i;
	int rc = 0;

	alike_diff(b, n, alike_flags(o), &blocking, &notes);
	if (blocking.len && !o->force) {
		fprintf(stderr, "scn: compare: %s and %s were not measured alike:\n",
			o->base_path, o->new_path);
		for (i = 0; i < blocking.len; i++)
			fprintf(stderr, "  %s\n", blocking.v[i]);
		if (!o->across_kernel && alike_only_kernels_differ(b, n, 0))
			fprintf(stderr, "hint: only what their kernels make differ "
				"differs: --across kernel compares them\n");
		else if (!o->across_arch &&
			 alike_only_kernels_differ(b, n, ALIKE_ACROSS_ARCH))
			fprintf(stderr, "hint: only what their architectures and "
				"kernels make differ differs: --across arch "
				"compares them\n");
		else
			fprintf(stderr, "hint: --force compares them anyway\n");
		rc = COMPARE_EXIT_UNLIKE;
		goto out;
	}
	rc = compare_write(stdout, stderr, o, b, n, &blocking, &notes);
out:
	alike_lines_free(&blocking);
	alike_lines_free(&notes);
	return rc;
}

/*
 * A side given as "a.json,b.json,...": the first result, with the
 * samples of the others pooled into it (rf_pool). They must have been
 * measured alike, as two sides must.
 */
static int load_side(const struct compare_opts *o, struct rf_result *r,
		     const char *list)
{
	char *copy = xstrdup(list), *save = NULL, *f = strtok_r(copy, ",", &save);
	int rc = rf_load_for(r, f ? f : list, "compare");

	while (!rc && (f = strtok_r(NULL, ",", &save))) {
		struct alike_lines blocking = { 0 }, notes = { 0 };
		struct rf_result more;

		rc = rf_load_for(&more, f, "compare");
		if (!rc)
			rc = skipped(&more);
		if (!rc) {
			alike_diff(r, &more, alike_flags(o),
				   &blocking, &notes);
			if (blocking.len && !o->force) {
				fprintf(stderr, "scn: compare: %s and %s, of one side, were not measured alike:\n",
					r->path, f);
				for (size_t i = 0; i < blocking.len; i++)
					fprintf(stderr, "  %s\n", blocking.v[i]);
				rc = COMPARE_EXIT_UNLIKE;
			} else {
				rf_pool(r, &more);
			}
		}
		alike_lines_free(&blocking);
		alike_lines_free(&notes);
		rf_free(&more);
	}
	free(copy);
	r->path = list;		/* every file of the side, for the header */
	return rc;
}

int cmd_compare(int argc, char **argv)
{
	struct compare_opts o = { 0 };
	struct rf_result b, n;
	int rc;

	rc = parse_opts(argc, argv, &o);
	if (rc) {
		free((void *)o.judge.metrics);
		return rc < 0 ? 0 : rc;
	}
	memset(&n, 0, sizeof(n));
	rc = load_side(&o, &b, o.base_path);
	if (!rc)
		rc = load_side(&o, &n, o.new_path);
	if (!rc)
		rc = skipped(&b);
	if (!rc)
		rc = skipped(&n);
	if (!rc)
		rc = report(&o, &b, &n);
	rf_free(&b);
	rf_free(&n);
	free((void *)o.judge.metrics);
	return rc;
}
