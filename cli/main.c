// SPDX-License-Identifier: GPL-2.0-only
/*
 * scn: the command line. The only place that prints results and exits;
 * everything below returns errors. Exit codes follow kselftest and
 * sysexits: 0 pass, 1 fail, 4 skip, 64 usage, 65 bad scenario, 70
 * internal error; compare adds 3 (the two machines differ) and run 124
 * (a --timeout). 2 is never used.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/diag.h"
#include "../interp/check.h"
#include "../interp/plan.h"
#include "../interp/words.h"
#include "../runtime/features.h"
#include "../runtime/knobs.h"
#include "cmd_compare.h"
#include "cmd_features.h"
#include "cmd_plot.h"
#include "cmd_repl.h"
#include "cmd_run.h"
#include "cmd_testhost.h"

#define EXIT_PASS 0
#define EXIT_FAIL 1
#define EXIT_SKIP 4
#define EXIT_USAGE 64
#define EXIT_DATAERR 65
#define EXIT_SOFTWARE 70

static const char usage_text[] =
	"usage: scn COMMAND [OPTIONS] [FILE...]\n"
	"\n"
	"commands:\n"
	"  check FILE...      check scenarios fully, touching nothing; list their requirements\n"
	"  plan FILE          show what a run would create and do, in order\n"
	"  run FILE|DIR       check, then run on this machine (see 'scn help run')\n"
	"                     or, with --kernel SPEC, in a test host (docs/testhost.md)\n"
	"  exec --kernel SPEC -- COMMAND   any command of this machine in a test host\n"
	"  kernel SPEC...     fetch a test host's kernel and show where it is\n"
	"  repl               the language one input at a time, against live state\n"
	"  restore [DIR]      put back the knobs of a run that was killed\n"
	"  knobs              every knob scn can set: value now, range, file\n"
	"  features           show what this machine offers (KVM, uffd, KSM, THP, hugetlb, NUMA)\n"
	"  compare BASE NEW   judge two JSON results metric by metric (see 'scn help compare')\n"
	"  plot RESULT -o F   draw a JSON result to F.svg or F.png with gnuplot\n"
	"  help [COMMAND]     this text, or a command's options\n"
	"  version            the version (also --version)\n"
	"\n"
	"options of check and plan:\n"
	"  -D NAME=VALUE      override a parameter (checked like the file)\n"
	"  --sweep NAME=V,... sweep a parameter (replaces the file's sweep of it)\n"
	"  --assume FACTS     pin machine facts: ncpus=4,mem_total=16G,...\n"
	"  --all-points       plan: show every sweep point in full\n"
	"\n"
	"exit status: 0 pass, 1 fail, 4 skip, 64 usage, 65 bad scenario, 70 internal error,\n"
	"75 busy (another run holds the knobs lock)\n";

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "scn: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'scn help'.\n");
	return EXIT_USAGE;
}

struct front_opts {
	struct check_opts check;
	const char **defines, **sweeps;
	size_t ndefines, nsweeps;
	const char *assume;
	struct rt_features *probe;	/* plan: the machine, for has() */
	bool all_points;
	int first_file;
};

/* -D, --assume, --all-points; the rest are files. */
static int parse_front(int argc, char **argv, struct front_opts *o,
		       bool machine_facts)
{
	static const struct option longopts[] = {
		{ "define", required_argument, NULL, 'D' },
		{ "assume", required_argument, NULL, 'a' },
		{ "all-points", no_argument, NULL, 'p' },
		{ "sweep", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(o, 0, sizeof(*o));
	o->defines = xcalloc((size_t)argc + 1, sizeof(*o->defines));
	o->sweeps = xcalloc((size_t)argc + 1, sizeof(*o->sweeps));
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "D:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'D':
			o->defines[o->ndefines++] = optarg;
			break;
		case 'a':
			o->assume = optarg;
			break;
		case 's':
			o->sweeps[o->nsweeps++] = optarg;
			break;
		case 'p':
			if (!machine_facts)
				return usage_error("%s", "--all-points is an option of plan");
			o->all_points = true;
			break;
		case 'h':
			fputs(usage_text, stdout);
			return -1;
		default:
			return usage_error("unknown or incomplete option '%s'",
					   argv[optind - 1]);
		}
	}
	o->first_file = optind;
	/* check never looks at the machine; plan does unless --assume. */
	if (machine_facts && !o->assume) {
		o->probe = xcalloc(1, sizeof(*o->probe));
		rt_features_probe(o->probe);
		o->check.facts = o->probe->facts;
		o->check.features = o->probe;
	} else {
		check_reference_facts(&o->check.facts);
	}
	/* Whose memory a scenario may need more of than it has (a warning). */
	o->check.machine = o->assume ? "the machine of --assume" :
			   machine_facts ? "this machine" : "the reference machine";
	o->check.defines = o->defines;
	o->check.ndefines = o->ndefines;
	o->check.sweeps = o->sweeps;
	o->check.nsweeps = o->nsweeps;
	return 0;
}

static int front_assume(struct front_opts *o, struct source_set *srcs,
			struct diag *d)
{
	if (!o->assume)
		return 0;
	return check_parse_assume(srcs, o->assume, &o->check.facts, d);
}

static int cmd_check(int argc, char **argv)
{
	struct front_opts o;
	struct source_set srcs;
	struct diag d;
	int i, rc, status = EXIT_PASS;

	rc = parse_front(argc, argv, &o, false);
	if (rc)
		goto out_opts;
	if (o.first_file >= argc) {
		rc = usage_error("%s", "check needs a FILE");
		goto out_opts;
	}
	for (i = o.first_file; i < argc; i++) {
		struct ir_program *p = NULL;
		struct strbuf sb;
		int crc = -EINVAL;

		source_set_init(&srcs);
		diag_init(&d);
		if (front_assume(&o, &srcs, &d) == 0)
			crc = check_file(&srcs, argv[i], &o.check, &d, &p);
		else
			crc = -EDOM;	/* the option, not the file, is wrong */
		diag_print(&d, stderr);
		if (crc < 0 && crc != -EINVAL) {
			/* The file named on the command line cannot be read. */
			if (status == EXIT_PASS)
				status = EXIT_USAGE;
		} else if (d.nerrors) {
			status = EXIT_DATAERR;
		} else if (p) {
			sb_init(&sb);
			plan_requirements(&sb, &p->points[0]);
			printf("%s: ok, requires %s\n", argv[i], sb.buf);
			sb_free(&sb);
		}
		ir_program_free(p);
		diag_free(&d);
		source_set_free(&srcs);
	}
	rc = status;
out_opts:
	free(o.defines);
	free(o.sweeps);
	free(o.probe);
	return rc < 0 ? EXIT_PASS : rc;
}

static int cmd_plan(int argc, char **argv)
{
	struct front_opts o;
	struct source_set srcs;
	struct ir_program *p = NULL;
	struct diag d;
	struct strbuf sb;
	int rc;

	rc = parse_front(argc, argv, &o, true);
	if (rc)
		goto out_opts;
	if (argc - o.first_file != 1) {
		rc = usage_error("%s", "plan takes one FILE");
		goto out_opts;
	}
	source_set_init(&srcs);
	diag_init(&d);
	rc = -EDOM;	/* the option, not the file, is wrong */
	if (front_assume(&o, &srcs, &d) == 0)
		rc = check_file(&srcs, argv[o.first_file], &o.check, &d, &p);
	diag_print(&d, stderr);
	if (!d.nerrors && p) {
		sb_init(&sb);
		plan_render(&sb, p, &o.check.facts, o.all_points);
		fputs(sb.buf, stdout);
		sb_free(&sb);
	}
	rc = rc < 0 && rc != -EINVAL ? EXIT_USAGE :
	     d.nerrors ? EXIT_DATAERR : EXIT_PASS;
	ir_program_free(p);
	diag_free(&d);
	source_set_free(&srcs);
out_opts:
	free(o.defines);
	free(o.sweeps);
	free(o.probe);
	return rc < 0 ? EXIT_PASS : rc;
}

/* Every knob: name, file, what it takes, its value now (or absent). */
static int cmd_knobs(void)
{
	int i, width = 0;

	/* The names line up whatever the longest (numa_balancing's pacing). */
	for (i = 0; i < KNOB__COUNT; i++)
		if ((int)strlen(knob_info[i].name) > width)
			width = (int)strlen(knob_info[i].name);
	for (i = 0; i < KNOB__COUNT; i++) {
		const struct knob_info *ki = &knob_info[i];
		char now[RT_KNOB_VALUE_MAX], range[96];
		struct rt_err err;
		int writable;

		if (ki->kind == KNOB_WORD)
			snprintf(range, sizeof(range), "%s", ki->words);
		else
			snprintf(range, sizeof(range), "%lld..%lld%s",
				 (long long)ki->min, (long long)ki->max,
				 ki->kind == KNOB_ACTION ? " (action)" : "");
		writable = rt_knob_writable(i, &err);
		if (writable == -ENOENT)
			snprintf(now, sizeof(now), "absent");
		else if (writable)
			snprintf(now, sizeof(now), "read-only");
		else if (ki->kind == KNOB_ACTION)
			snprintf(now, sizeof(now), "-");	/* write-only */
		else if (rt_knob_read(i, now, sizeof(now), &err))
			snprintf(now, sizeof(now), "unreadable");
		if (ki->kind == KNOB_WORD) {
			words_scenario_spelling(range);
			words_scenario_spelling(now);
		}
		printf("%-*s %-12s %s\t%s\n", width, ki->name, now, range, ki->path);
	}
	return EXIT_PASS;
}

static int cmd_version(void)
{
	printf("scn %s\n", SCN_VERSION);
	return EXIT_PASS;
}

static int cmd_help(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "check"))
		puts("scn check [-D NAME=VALUE]... [--assume FACTS] FILE...\n"
		     "  Checks each file fully (syntax, names, units, types, ranges, backing\n"
		     "  rules, includes) without looking at the machine, and lists what it\n"
		     "  requires. Machine facts take the reference machine's values\n"
		     "  (ncpus=4 mem_total=16G mem_free=14G page_size=4K nr_nodes=1\n"
		     "  thp_size=2M) unless --assume pins others. Exit 0 or 65.");
	else if (argc > 1 && !strcmp(argv[1], "plan"))
		puts("scn plan [-D NAME=VALUE]... [--assume FACTS] [--all-points] FILE\n"
		     "  Shows what a run would create and do, in order, with the\n"
		     "  requirements. Reads the machine's facts unless --assume is given.");
	else if (argc > 1 && !strcmp(argv[1], "run"))
		puts("scn run [-D NAME=VALUE]... [--sweep NAME=V,...]... [--repeat N]\n"
		     "        [--warmup N] [--format text|json|ndjson|csv|ktap] [-o FILE]\n"
		     "        [--timeout SECONDS] [--wait[=DURATION]] [--exclusive]\n"
		     "        [--state-dir DIR] [--ring 0|3] [-q]\n"
		     "        [--kernel SPEC | --or-kernel SPEC [host options]]\n"
		     "        FILE|DIR|FILE.suite\n"
		     "  Checks FILE, compares its requirements with this machine (unmet:\n"
		     "  SKIP, exit 4, with the reason) and runs it: knobs set, memory made,\n"
		     "  phases timed, print lines on stdout, '# phase' lines on stderr\n"
		     "  unless -q. Each sweep point runs --warmup runs that are dropped\n"
		     "  (--repeat 2 or more implies --warmup 1),\n"
		     "  then --repeat measured runs; every metric gets min, median, mean,\n"
		     "  max and stddev. --format picks the result's form (docs/results.md).\n"
		     "  Every knob is restored on every exit but SIGKILL. A run that sets\n"
		     "  knobs takes the knobs lock: if another run holds it, exit 75 (busy),\n"
		     "  or with --wait wait for it (at most DURATION: --wait=30s);\n"
		     "  --exclusive takes it though the scenario sets no knob. --ring\n"
		     "  runs guest jobs left at ring=auto in ring 0 or 3 on any host.\n"
		     "  --kernel runs it in a test host (scn help exec); --or-kernel\n"
		     "  only where this machine cannot run it (a SKIP here).\n"
		     "  Exit 0 pass, 1 fail, 4 skip, 65 bad scenario, 75 busy, 124\n"
		     "  timeout, 128+N on signal N.");
	else if (argc > 1 && !strcmp(argv[1], "restore"))
		puts("scn restore [STATE_DIR]\n"
		     "  Puts back the knobs that killed runs left changed: every journal\n"
		     "  listed in /run/scn/journals whose run is gone, then the one in\n"
		     "  STATE_DIR (default /run/scn); each journal is removed.");
	else if (argc > 1 && !strcmp(argv[1], "repl"))
		puts("scn repl [--state-dir DIR] [--wait[=DURATION]] [-q]\n"
		     "  The language one input at a time against live state: memory,\n"
		     "  uffd services, knobs and phases persist between inputs; show,\n"
		     "  run, let, save and help are its commands (docs/repl.md). Reads a\n"
		     "  script when stdin is not a terminal: exit 1 if an input failed.\n"
		     "  Every knob is restored at quit, end of input, SIGTERM and SIGHUP.\n"
		     "  --wait: a set waits for another run's knobs lock.");
	else if (argc > 1 && !strcmp(argv[1], "knobs"))
		puts("scn knobs\n"
		     "  Every knob a scenario can set: its value here, its range, its file.");
	else if (argc > 1 && !strcmp(argv[1], "features"))
		puts("scn features [--json] [--kernel SPEC [host options]]\n"
		     "  Shows what this machine offers and every requirement name;\n"
		     "  with --kernel, what that kernel offers in a test host.");
	else if (argc > 1 && !strcmp(argv[1], "exec"))
		printf("scn exec --kernel SPEC [host options] [--timeout SECONDS] [-q]\n"
		       "         [--] COMMAND [ARG...]\n"
		       "  Boots SPEC under QEMU with this machine's root shared read-only\n"
		       "  and runs COMMAND inside, in this directory and environment; its\n"
		       "  stdout and stderr stream out. Exit: COMMAND's status, 1 when the\n"
		       "  kernel oopses or panics (its lines on stderr), 124 after\n"
		       "  --timeout, 4 when the test host cannot run here. In an arm64\n"
		       "  test host COMMAND is scn (the arm64 scn runs), a busybox command\n"
		       "  or an arm64 program; an x86 one is refused (126).\n%s", TH_USAGE);
	else if (argc > 1 && !strcmp(argv[1], "kernel"))
		puts("scn kernel [--modules DIR] SPEC...\n"
		     "  Resolves each kernel (debian:6.1, debian:6.12, debian:6.12-rt,\n"
		     "  their -arm64 builds, debian:PACKAGE, a bzImage or an arm64\n"
		     "  Image), fetches a Debian one into the cache, and shows its\n"
		     "  release, image and modules.");
	else if (argc > 1 && !strcmp(argv[1], "compare"))
		puts("scn compare [--fail-over PCT] [--alpha A] [--correction holm|bh|none]\n"
		     "            [--metric M[,M...]]... [--summary] [--force]\n"
		     "            [--across kernel|arch] BASE.json NEW.json\n"
		     "  Matches points by their parameters, phases and metrics by name, and\n"
		     "  judges each metric with 3 or more samples a side by Welch's t-test,\n"
		     "  its p corrected for the number of metrics tested (Holm by default),\n"
		     "  better or worse below A (0.05); fewer samples: '?'. Metrics constant\n"
		     "  and alike on both sides are left out; --metric judges those named\n"
		     "  (time, unmerge.time) alone; --summary shows the changes alone;\n"
		     "  --across kernel (arch) takes what another kernel (architecture:\n"
		     "  an x86 and an arm64 run) makes differ as notes.\n"
		     "  Exit 0, 1 surely worse by more than --fail-over PCT, 3 results not\n"
		     "  measured alike (--force compares anyway), 4 a side was skipped,\n"
		     "  64 usage or a file that cannot be read, 65 a file that is not a\n"
		     "  scn-result/1 document.");
	else if (argc > 1 && !strcmp(argv[1], "plot"))
		puts("scn plot RESULT.json -o FILE.svg|FILE.png [--metric M] [--phase P]\n"
		     "  Draws with gnuplot: a sweep's table, a sweep's metric against the\n"
		     "  first swept parameter, or a bar per phase. Exit 0, 1 gnuplot failed,\n"
		     "  64 usage, 65 bad input, 69 gnuplot not installed, 73 cannot write.");
	else if (argc > 1)
		return usage_error("no help on '%s'", argv[1]);
	else
		fputs(usage_text, stdout);
	return EXIT_PASS;
}

static int cmd_knobs_args(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cmd_knobs();
}

static int cmd_version_args(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cmd_version();
}

/* Every command by its name (and the spellings of help and version). */
static const struct command {
	const char *name;
	int (*run)(int argc, char **argv);
} commands[] = {
	{ "check", cmd_check }, { "plan", cmd_plan }, { "run", cmd_run },
	{ "repl", cmd_repl }, { "exec", cmd_exec }, { "kernel", cmd_kernel },
	{ "knobs", cmd_knobs_args }, { "restore", cmd_restore },
	{ "features", cmd_features }, { "compare", cmd_compare },
	{ "plot", cmd_plot }, { "help", cmd_help }, { "--help", cmd_help },
	{ "-h", cmd_help }, { "version", cmd_version_args },
	{ "--version", cmd_version_args },
};

int main(int argc, char **argv)
{
	struct suggest sg;
	const char *cmd;
	size_t i;

	if (argc < 2) {
		fputs(usage_text, stderr);
		return EXIT_USAGE;
	}
	cmd = argv[1];
	suggest_init(&sg, cmd);
	for (i = 0; i < ARRAY_SIZE(commands); i++) {
		if (!strcmp(cmd, commands[i].name))
			return commands[i].run(argc - 1, argv + 1);
		if (commands[i].name[0] != '-')
			suggest_offer(&sg, commands[i].name);
	}
	if (suggest_result(&sg)) {
		fprintf(stderr, "scn: unknown command '%s'\nhint: did you mean '%s'?\n",
			cmd, suggest_result(&sg));
		return EXIT_USAGE;
	}
	return usage_error("unknown command '%s'", cmd);
}
