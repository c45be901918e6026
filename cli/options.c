// SPDX-License-Identifier: GPL-2.0-only
/* options: every command's help, and what reads options (see options.h). */
#include "options.h"

#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

/* help --options; the commands without options of their own: --help. */
const char cli_help_short[] = "h";
const struct option cli_help_options[] = {
	{ "options", no_argument, NULL, 'O' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};
const struct option cli_plain_options[] = {
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

const char cli_text_check[] =
	"usage: scn check [-q] [-D NAME=VALUE]... [--sweep NAME=V1,V2...]...\n"
	"                 [--assume FACTS] [--memory] FILE...\n"
	"  Checks each file fully (syntax, names, units, types, ranges, the\n"
	"  kernel's rules for each kind of memory, includes, every sweep point)\n"
	"  without looking at the machine, and lists what it requires. Machine\n"
	"  facts take the reference machine's values (ncpus=4 mem_total=16G\n"
	"  mem_free=14G page_size=4K nr_nodes=1 thp_size=2M arch=x86_64 virt=vmx)\n"
	"  unless --assume pins others.\n"
	"  -q, --quiet               no 'FILE: ok' line: only errors and warnings\n"
	"  -D, --define NAME=VALUE   override a parameter (checked like the file)\n"
	"  --sweep NAME=V1,V2...     sweep a parameter (replaces the file's sweep of it)\n"
	"  --assume FACTS            pin machine facts: ncpus=4,mem_total=16G,...\n"
	"  --memory                  also print what the check held: the source, the\n"
	"                            syntax tree, the IR (for benchmarks)\n"
	"  -h, --help                this text\n"
	"  Exit 0, 64 usage, 65 a bad scenario.\n";

const char cli_text_plan[] =
	"usage: scn plan [-D NAME=VALUE]... [--sweep NAME=V1,V2...]... [--assume FACTS]\n"
	"                [--all-points] FILE\n"
	"  Shows what a run would create and do, in order, with every value\n"
	"  folded and the requirements. Reads this machine's facts unless\n"
	"  --assume is given.\n"
	"  -D, --define NAME=VALUE   override a parameter (checked like the file)\n"
	"  --sweep NAME=V1,V2...     sweep a parameter (replaces the file's sweep of it)\n"
	"  --assume FACTS            pin machine facts: ncpus=4,mem_total=16G,...\n"
	"  --all-points              show every sweep point in full, not the first\n"
	"  -h, --help                this text\n"
	"  Exit 0, 64 usage, 65 a bad scenario.\n";

const char cli_text_run[] =
	"usage: scn run [-D NAME=VALUE]... [--sweep NAME=V1,V2...]... [--repeat N]\n"
	"               [--warmup N] [--format text|json|ndjson|csv|ktap] [-o FILE]\n"
	"               [--timeout SECONDS] [--wait[=DURATION]] [--exclusive]\n"
	"               [--state-dir DIR] [--ring 0|3] [--shard PART/OF] [-q]\n"
	"               [--kernel SPEC[,SPEC...] | --or-kernel SPEC [host options]]\n"
	"               FILE|DIR|FILE.suite\n"
	"  Checks FILE, compares its requirements with this machine (unmet:\n"
	"  SKIP, exit 4, with the reason) and runs it: knobs set, memory and VMs\n"
	"  made, phases timed, print lines on stdout, '# phase' lines on stderr.\n"
	"  A DIR or FILE.suite is a suite: each scenario in a process of its own,\n"
	"  with a timeout, KTAP on stdout and totals (docs/results.md).\n"
	"  Every knob is restored on every exit but SIGKILL ('scn restore').\n"
	"  -D, --define NAME=VALUE   override a parameter (checked like the file)\n"
	"  --sweep NAME=V1,V2...     sweep a parameter (replaces the file's sweep of it)\n"
	"  --repeat N                N measured runs of each sweep point; every metric\n"
	"                            gets min, median, mean, max and stddev\n"
	"  --warmup N                runs before them, dropped (--repeat 2+ implies 1)\n"
	"  --format FMT              text, json, ndjson, csv or ktap (docs/results.md)\n"
	"  -o, --output FILE         the result there, not on stdout\n"
	"  --timeout SECONDS         stop, restore every knob, exit 124\n"
	"  --wait[=DURATION]         wait for another run's knobs lock (at most\n"
	"                            DURATION), not exit 75\n"
	"  --exclusive               hold the knobs lock though setting no knob\n"
	"  --state-dir DIR           the knob journal and lock there, not /run/scn\n"
	"  -q, --quiet               no '# phase' progress lines\n"
	"  --ktap-test N             this scenario is test N of a suite's KTAP (set by\n"
	"                            suites and the installed kselftest scripts)\n"
	"  --ring 0|3                guest jobs the scenario leaves at ring=auto run\n"
	"                            in this ring, on any kind of host\n"
	"  --kernel SPEC             the same run in a test host (host options below);\n"
	"                            SPEC,SPEC...: on each kernel in turn, one result\n"
	"                            whose points are the kernels (kernel=SPEC)\n"
	"  --shard PART/OF           only every OF-th point (across kernels and sweep),\n"
	"                            from the PART-th: one of OF parts ('scn merge')\n"
	"  --or-kernel SPEC          here; in a test host of SPEC only what this\n"
	"                            machine cannot run (a SKIP here)\n"
	"  A test host's --nodes, --cpus and --mem, where not given, are what the\n"
	"  scenario needs (its nodes, require cpus and mem, the memory it takes);\n"
	"  with --or-kernel one given too small is refused before the boot.\n"
	"  -h, --help                this text\n"
	"  Exit 0 pass, 1 fail, 4 skip, 64 usage, 65 bad scenario, 70 a statement\n"
	"  this build cannot run, 75 busy, 124 timeout, 128+N on signal N.\n";

const char cli_text_exec[] =
	"usage: scn exec --kernel SPEC [host options] [--timeout SECONDS] [-q]\n"
	"                [--] COMMAND [ARG...]\n"
	"  Boots SPEC under QEMU with this machine's root shared read-only and\n"
	"  runs COMMAND inside, in this directory and environment; its stdout\n"
	"  and stderr stream out.\n"
	"  --timeout SECONDS         stop the test host then, exit 124\n"
	"  -q, --quiet               no '# test host' lines\n"
	"  -h, --help                this text\n"
	"  Exit: COMMAND's status, 1 when the kernel oopses or panics (its lines\n"
	"  on stderr), 124 after --timeout, 4 when the test host cannot run here.\n"
	"  In an arm64 test host COMMAND is scn (the arm64 scn runs), a busybox\n"
	"  command or an arm64 program; an x86 one is refused (126).\n";

const char cli_text_kernel[] =
	"usage: scn kernel [--modules DIR] SPEC... | scn kernel --list\n"
	"  Resolves each kernel, fetches a Debian one into the cache, and shows\n"
	"  its release, arch, image, modules and config.\n"
	"  --list                    every series and flavour Debian's archive has\n"
	"                            now, with their releases and which are cached\n"
	"  --modules DIR             the modules of a kernel you built\n"
	"  -h, --help                this text\n"
	"  Exit 0, 4 when a kernel cannot be had here, 64, 70 a damaged or\n"
	"  another user's cache entry.\n";

const char cli_text_repl[] =
	"usage: scn repl [--state-dir DIR] [--wait[=DURATION]] [-q]\n"
	"                [--kernel SPEC [host options]]\n"
	"  The language one input at a time against live state: memory, VMs\n"
	"  with their vCPU threads, uffd services, knobs and phase results\n"
	"  persist between inputs. show, run, let, save and help are its own\n"
	"  commands (docs/repl.md). Reads a script when stdin is not a terminal:\n"
	"  exit 1 if an input failed. Every knob is restored at quit, end of\n"
	"  input, SIGTERM and SIGHUP.\n"
	"  --state-dir DIR           the knob journal and lock there, not /run/scn\n"
	"  --wait[=DURATION]         a set waits for another run's knobs lock\n"
	"  -q, --quiet               no banner and no '# phase' lines\n"
	"  --kernel SPEC             the prompt inside a test host (host options below)\n"
	"  -h, --help                this text\n";

const char cli_text_restore[] =
	"usage: scn restore [STATE_DIR]\n"
	"  Puts back the knobs that killed runs left changed: every journal\n"
	"  listed in /run/scn/journals whose run is gone, then the one in\n"
	"  STATE_DIR (default /run/scn); each journal is removed.\n"
	"  -h, --help                this text\n";

const char cli_text_knobs[] =
	"usage: scn knobs\n"
	"  Every knob a scenario can set: its value here, its range, its file.\n"
	"  -h, --help                this text\n";

const char cli_text_features[] =
	"usage: scn features [--json] [--kernel SPEC [host options] [-q]]\n"
	"  Shows what this machine offers (KVM, userfaultfd, KSM, THP, hugetlb,\n"
	"  NUMA) and every requirement name, with the reason for each absence;\n"
	"  with --kernel, what that kernel offers in a test host.\n"
	"  --json                    one JSON object instead of text\n"
	"  -q, --quiet               with --kernel: no '# test host' lines\n"
	"  --kernel SPEC             ask a test host (host options below)\n"
	"  -h, --help                this text\n";

const char cli_text_compare[] =
	"usage: scn compare [--fail-over PCT] [--alpha A] [--correction holm|bh|none]\n"
	"                   [--metric M[,M...]]... [--summary | --all] [--force]\n"
	"                   [--across kernel|arch]\n"
	"                   BASE.json NEW.json\n"
	"       scn compare --across kernel|arch [options] K1.json K2.json K3.json...\n"
	"       scn compare --across kernel|arch [options] KERNELS.json\n"
	"  Matches points by their parameters, phases and metrics by name, and\n"
	"  judges each metric with 3 or more samples a side by Welch's t-test,\n"
	"  its p corrected for the number of metrics tested, better or worse\n"
	"  below A; fewer samples: '?'. Metrics constant and alike on both sides\n"
	"  are left out; so are, without --all, those that did not change.\n"
	"  --fail-over PCT           exit 1 when a metric is surely worse by more\n"
	"                            than PCT\n"
	"  --alpha A                 the significance level (0.05)\n"
	"  --correction C            holm (the default), bh or none\n"
	"  --metric M[,M...]         judge those named alone (time, unmerge.time)\n"
	"  --summary                 show the metrics that changed alone\n"
	"  --all                     a row for every metric, every only-in line\n"
	"  --force                   compare results not measured alike\n"
	"  --across kernel|arch      accept what another kernel (or architecture:\n"
	"                            an x86 run and an arm64 one) makes differ;\n"
	"                            of one result of several kernels (run --kernel\n"
	"                            A,B,C) or three and more: a trend table, each\n"
	"                            step's change judged, the step that changed most\n"
	"  -h, --help                this text\n"
	"  Exit 0, 1 surely worse by more than --fail-over PCT, 3 results not\n"
	"  measured alike, nothing compared, or inconclusive (a metric --fail-over\n"
	"  gates not judged: the runs were contended), 4 a side was skipped, 64\n"
	"  usage or a file that cannot be read, 65 a file that is not a\n"
	"  scn-result/1 document.\n";

const char cli_text_plot[] =
	"usage: scn plot RESULT.json... -o FILE.svg|FILE.png [--metric M] [--phase P]\n"
	"                [--force] [--across kernel|arch]\n"
	"  Draws one or more results with gnuplot: a sweep's table, a sweep's\n"
	"  metric against the first swept parameter, several results (kernels,\n"
	"  command lines) as grouped bars, or a bar per phase.\n"
	"  -o, --output FILE         the picture: .svg or .png\n"
	"  --metric M                the metric (default: rate where there is one,\n"
	"                            else time)\n"
	"  --phase P                 that phase alone\n"
	"  --force                   draw results compare would refuse (the title\n"
	"                            says they were not measured alike)\n"
	"  --across kernel|arch      accept what another kernel (or architecture:\n"
	"                            an x86 run and an arm64 one) makes differ\n"
	"  -h, --help                this text\n"
	"  Exit 0, 1 gnuplot failed, 3 results not measured alike, 64 usage,\n"
	"  65 bad input, 69 gnuplot not installed, 73 cannot write.\n";

const char cli_text_merge[] =
	"usage: scn merge [-o FILE] PART.json...\n"
	"  Makes the parts of one run split with --shard PART/OF (one a CI job)\n"
	"  the result the whole run would have written: its points in order, its\n"
	"  table's cells, the worst status. Parts of another scenario, sweep,\n"
	"  repeat count, kernel list or machine are refused, each difference\n"
	"  said, and so is a part missing or given twice.\n"
	"  -o, --output FILE         the result there, not on stdout\n"
	"  -h, --help                this text\n"
	"  Exit 0, 3 not parts of one run (or not all of them), 64 usage or a\n"
	"  file that cannot be read, 65 a file that is not a result, 73 cannot\n"
	"  write.\n";

const char cli_text_help[] =
	"usage: scn help [COMMAND] | scn help --options [COMMAND]\n"
	"  The usage of scn, or a command's options.\n"
	"  --options                 every option of every command (or of COMMAND),\n"
	"                            one a line: COMMAND --long[=ARG] [-s]\n"
	"  -h, --help                this text\n";

const char cli_text_version[] =
	"usage: scn version (or scn --version)\n"
	"  The version.\n"
	"  -h, --help                this text\n";

void cli_help(FILE *out, const struct cli_command *c)
{
	fputs(c->help, out);
	if (c->help_more)
		c->help_more(out);
}

/* The short option of o, if the command's short options have it. */
static int short_of(const struct cli_command *c, const struct option *o)
{
	if (o->val <= 0 || o->val > 127)
		return 0;
	for (const char *s = c->shortopts; *s; s++)
		if (*s == o->val && *s != ':' && *s != '+')
			return o->val;
	return 0;
}

void cli_list_options(FILE *out, const struct cli_command *c)
{
	for (const struct option *o = c->longopts; o->name; o++) {
		int s = short_of(c, o);

		fprintf(out, "%s --%s%s", c->name, o->name,
			o->has_arg == required_argument ? "=ARG" :
			o->has_arg == optional_argument ? "[=ARG]" : "");
		if (s)
			fprintf(out, " -%c", s);
		fputc('\n', out);
	}
}

void cli_bad_option(const char *cmd, const struct cli_command *c,
		    char *const *argv, int next)
{
	const char *arg = argv[next - 1], *name;
	struct suggest sg;
	size_t len;

	if (arg[0] == '-' && arg[1] == '-') {
		name = arg + 2;
		len = strcspn(name, "=");
		for (const struct option *o = c->longopts; o->name; o++)
			if (strlen(o->name) == len && !strncmp(o->name, name, len) &&
			    o->has_arg == required_argument && !name[len]) {
				fprintf(stderr, "scn: %s: option '--%s' needs a value\n",
					cmd, o->name);
				return;
			}
		fprintf(stderr, "scn: %s: unknown option '%s'\n", cmd, arg);
		{
			char *word = xstrdup(name);

			word[len] = '\0';
			suggest_init(&sg, word);
			for (const struct option *o = c->longopts; o->name; o++)
				suggest_offer(&sg, o->name);
			if (suggest_result(&sg))
				fprintf(stderr, "hint: did you mean '--%s'?\n",
					suggest_result(&sg));
			free(word);
		}
		return;
	}
	/* A short option: getopt keeps it in optopt. */
	if (optopt && strchr(c->shortopts, optopt) &&
	    strchr(c->shortopts, optopt)[1] == ':') {
		fprintf(stderr, "scn: %s: option '-%c' needs a value\n", cmd, optopt);
		return;
	}
	fprintf(stderr, "scn: %s: unknown option '%s'\n", cmd, arg);
}

int cli_plain_args(const struct cli_command *c, int argc, char **argv, int *first)
{
	const char *cmd = c->name;
	int ch;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, c->shortopts, c->longopts, NULL)) != -1) {
		if (ch == 'h') {
			cli_help(stdout, c);
			return -1;
		}
		cli_bad_option(cmd, c, argv, optind);
		fputs(c->help, stderr);
		return 64;
	}
	*first = optind;
	return 0;
}

bool parse_wait(const char *arg, int64_t *ns)
{
	if (!arg) {
		*ns = -1;	/* for ever: Ctrl-C or --timeout ends it */
		return true;
	}
	if (parse_duration(arg, 1, INT64_MAX, ns))
		return true;
	fprintf(stderr, "scn: --wait takes a duration ('--wait=30s', '--wait=500ms'), not '%s'\n",
		arg);
	return false;
}

bool parse_seconds(const char *arg, unsigned max, unsigned *out)
{
	int64_t ns;

	if (parse_duration(arg, 1000000000, (int64_t)max * 1000000000, &ns) &&
	    ns % 1000000000 == 0) {
		*out = (unsigned)(ns / 1000000000);
		return true;
	}
	fprintf(stderr, "scn: --timeout takes whole seconds from 1s to %us ('120', '120s'), not '%s'\n",
		max, arg);
	return false;
}
