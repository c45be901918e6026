// SPDX-License-Identifier: GPL-2.0-only
/*
 * scn: the command line. The only place that prints results and exits;
 * everything below returns errors. Exit codes follow kselftest and
 * sysexits: 0 pass, 1 fail, 4 skip, 64 usage, 65 bad scenario, 70
 * internal error; compare adds 3 (the two machines differ) and run 124
 * (a --timeout). 2 is never used.
 *
 * The room (cli/) is the face of scn: each command a file that parses
 * its options (options.h) and calls the rooms below: check and plan
 * here, run (cmd_run.c, run_file.c; a suite: cmd_suite.c, suite_file.c;
 * a test host: run_testhost.c, cmd_testhost.c), exec and kernel
 * (cmd_testhost.c), features, compare and plot (results/), and repl
 * (repl/repl.h, the other face). It may use every room; none uses it.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/crash.h"
#include "../common/diag.h"
#include "../interp/check.h"
#include "../interp/plan.h"
#include "../interp/words.h"
#include "../runtime/features.h"
#include "../runtime/knobs.h"
#include "cmd_compare.h"
#include "cmd_features.h"
#include "cmd_merge.h"
#include "cmd_plot.h"
#include "cmd_repl.h"
#include "cmd_run.h"
#include "cmd_testhost.h"
#include "options.h"

#define EXIT_PASS 0
#define EXIT_FAIL 1
#define EXIT_SKIP 4
#define EXIT_USAGE 64
#define EXIT_DATAERR 65
#define EXIT_SOFTWARE 70

static const char usage_text[] =
	"usage: scn COMMAND [OPTIONS] [FILE...]\n"
	"\n"
	"commands ('scn help COMMAND' gives each one's options):\n"
	"  check FILE...      check scenarios fully, touching nothing; list their requirements\n"
	"  plan FILE          show what a run would create and do, in order\n"
	"  run FILE|DIR       check, then run on this machine, or with --kernel SPEC\n"
	"                     in a test host (docs/testhost.md)\n"
	"  exec --kernel SPEC -- COMMAND   any command of this machine in a test host\n"
	"  kernel SPEC...     fetch a test host's kernel and show where it is\n"
	"  repl               the language one input at a time, against live state\n"
	"                     (VMs too), here or with --kernel SPEC in a test host\n"
	"  restore [DIR]      put back the knobs of a run that was killed\n"
	"  knobs              every knob scn can set: value now, range, file\n"
	"  features           show what this machine offers (KVM, uffd, KSM, THP, hugetlb, NUMA)\n"
	"  compare BASE NEW   judge two JSON results metric by metric\n"
	"  plot RESULT... -o F   draw JSON results to F.svg or F.png with gnuplot\n"
	"  merge PART... -o R    the parts of a run split with --shard as one result\n"
	"  help [COMMAND]     this text, or a command's options (--options: all, one a line)\n"
	"  version            the version (also --version)\n"
	"\n"
	"exit status: 0 pass, 1 fail, 3 compare, plot or merge refused (the runs differ, or\n"
	"nothing was compared), 4 skip, 64 usage, 65 bad scenario or result file,\n"
	"70 internal error (or a statement this build cannot run), 75 busy (another\n"
	"run holds the knobs lock), 124 --timeout, 128+N stopped by signal N (130:\n"
	"Ctrl-C; every knob restored)\n";

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
	struct check_memory memory;	/* check --memory */
	bool all_points;
	bool quiet;			/* check -q: no "FILE: ok" line */
	int first_file;
};

static const char cli_front_short[] = "D:h";
static const char cli_check_short[] = "D:qh";
static const struct option cli_check_options[] = {
	{ "define", required_argument, NULL, 'D' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "assume", required_argument, NULL, 'a' },
	{ "sweep", required_argument, NULL, 's' },
	{ "memory", no_argument, NULL, 'm' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};
static const struct option cli_plan_options[] = {
	{ "define", required_argument, NULL, 'D' },
	{ "assume", required_argument, NULL, 'a' },
	{ "all-points", no_argument, NULL, 'p' },
	{ "sweep", required_argument, NULL, 's' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/* The commands whose parsers are here. */
static const struct cli_command cli_cmd_check = {
	"check", cli_check_short, cli_check_options, cli_text_check, NULL,
};
static const struct cli_command cli_cmd_plan = {
	"plan", cli_front_short, cli_plan_options, cli_text_plan, NULL,
};
static const struct cli_command cli_cmd_knobs = {
	"knobs", cli_help_short, cli_plain_options, cli_text_knobs, NULL,
};
static const struct cli_command cli_cmd_help = {
	"help", cli_help_short, cli_help_options, cli_text_help, NULL,
};
static const struct cli_command cli_cmd_version = {
	"version", cli_help_short, cli_plain_options, cli_text_version, NULL,
};

/* Every command, in the order scn help lists them; NULL-ended. */
static const struct cli_command *const cli_commands[] = {
	&cli_cmd_check, &cli_cmd_plan, &cli_cmd_run, &cli_cmd_exec,
	&cli_cmd_kernel, &cli_cmd_repl, &cli_cmd_restore, &cli_cmd_knobs,
	&cli_cmd_features, &cli_cmd_compare, &cli_cmd_plot, &cli_cmd_merge, &cli_cmd_help,
	&cli_cmd_version, NULL,
};

/* The command called name, or NULL. */
static const struct cli_command *cli_command(const char *name)
{
	for (size_t i = 0; cli_commands[i]; i++)
		if (!strcmp(cli_commands[i]->name, name))
			return cli_commands[i];
	return NULL;
}

/* An option of the other one of check and plan, by its name as given. */
static const char *other_front_option(const char *arg, bool machine_facts)
{
	const struct option *o = machine_facts ? cli_check_options : cli_plan_options;
	size_t len;

	if (strncmp(arg, "--", 2))
		return NULL;
	len = strcspn(arg + 2, "=");
	for (; o->name; o++)
		if (strlen(o->name) == len && !strncmp(o->name, arg + 2, len))
			return o->name;
	return NULL;
}

/* -D, --assume, --sweep, plan's --all-points, check's --memory and -q; the rest are files. */
static int parse_front(int argc, char **argv, struct front_opts *o,
		       bool machine_facts)
{
	const struct cli_command *cmd = machine_facts ? &cli_cmd_plan : &cli_cmd_check;
	const char *other;
	int c;

	memset(o, 0, sizeof(*o));
	o->defines = xcalloc((size_t)argc + 1, sizeof(*o->defines));
	o->sweeps = xcalloc((size_t)argc + 1, sizeof(*o->sweeps));
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, cmd->shortopts, cmd->longopts, NULL)) != -1) {
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
			o->all_points = true;
			break;
		case 'm':
			o->check.memory = &o->memory;
			break;
		case 'q':
			o->quiet = true;
			break;
		case 'h':
			cli_help(stdout, cmd);
			return -1;
		default:
			other = other_front_option(argv[optind - 1], machine_facts);
			if (other) {
				fprintf(stderr, "scn: --%s is an option of %s\n", other,
					machine_facts ? "check" : "plan");
				return EXIT_USAGE;
			}
			cli_bad_option(cmd->name, cmd, argv, optind);
			fputs("Try 'scn help ", stderr);
			fputs(cmd->name, stderr);
			fputs("'.\n", stderr);
			return EXIT_USAGE;
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
	if (!o->assume && !machine_facts)
		o->check.machine_hint = "scn check assumes the reference machine (ncpus=4, "
			"mem_free=14G, ...): --assume mem_free=SIZE checks for another, "
			"scn plan FILE for this one";
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
		} else if (p && !o.quiet) {
			sb_init(&sb);
			plan_requirements(&sb, &p->points[0]);
			printf("%s: ok, requires %s\n", argv[i], sb.buf);
			sb_free(&sb);
			if (o.check.memory)
				printf("%s: memory: source %.1f MiB, syntax tree %.1f MiB, IR %.1f MiB\n",
				       argv[i], o.memory.source / 1048576.0,
				       o.memory.tree / 1048576.0, o.memory.ir / 1048576.0);
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
	const struct cli_command *c;
	bool list = false;
	int ch;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, cli_help_short, cli_help_options,
				 NULL)) != -1) {
		if (ch == 'O') {
			list = true;
			continue;
		}
		if (ch == 'h') {
			cli_help(stdout, &cli_cmd_help);
			return EXIT_PASS;
		}
		cli_bad_option("help", &cli_cmd_help, argv, optind);
		return EXIT_USAGE;
	}
	if (argc - optind > 1)
		return usage_error("%s", "help takes one COMMAND");
	c = optind < argc ? cli_command(argv[optind]) : NULL;
	if (optind < argc && !c)
		return usage_error("no help on '%s'", argv[optind]);
	if (list) {
		for (size_t k = 0; cli_commands[k]; k++)
			if (!c || c == cli_commands[k])
				cli_list_options(stdout, cli_commands[k]);
	} else if (c) {
		cli_help(stdout, c);
	} else {
		fputs(usage_text, stdout);
	}
	return EXIT_PASS;
}

static int cmd_knobs_args(int argc, char **argv)
{
	int first, rc = cli_plain_args(&cli_cmd_knobs, argc, argv, &first);

	if (rc)
		return rc < 0 ? EXIT_PASS : rc;
	if (first < argc)
		return usage_error("knobs takes no '%s'", argv[first]);
	return cmd_knobs();
}

static int cmd_version_args(int argc, char **argv)
{
	int first, rc;

	/* scn --version is a command of its own name. */
	if (argv[0][0] == '-')
		return cmd_version();
	rc = cli_plain_args(&cli_cmd_version, argc, argv, &first);
	if (rc)
		return rc < 0 ? EXIT_PASS : rc;
	if (first < argc)
		return usage_error("version takes no '%s'", argv[first]);
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
	{ "plot", cmd_plot }, { "merge", cmd_merge }, { "help", cmd_help },
	{ "--help", cmd_help },
	{ "-h", cmd_help }, { "version", cmd_version_args },
	{ "--version", cmd_version_args },
};

int main(int argc, char **argv)
{
	struct suggest sg;
	const char *cmd;
	size_t i;

	crash_report_install(argc, argv);
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
