// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_testhost: the host options, scn exec, and the report of a launch
 * (see cmd_testhost.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../common/util.h"
#include "../runtime/signals.h"
#include "../testhost/arch.h"
#include "../testhost/helper.h"
#include "../testhost/kernel.h"
#include "cmd_testhost.h"
#include "options.h"

#define EXIT_USAGE 64
#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)
#define EXIT_SOFTWARE 70

extern char **environ;

/* "2G", "512M", "1536MiB"; a plain number is MiB, as QEMU's -m takes it. */
static bool parse_mem(const char *s, int64_t *out)
{
	static const struct {
		const char *unit;
		int shift;
	} units[] = {
		{ "", 20 }, { "K", 10 }, { "KiB", 10 }, { "M", 20 }, { "MiB", 20 },
		{ "G", 30 }, { "GiB", 30 }, { "T", 40 }, { "TiB", 40 },
	};
	size_t n = strspn(s, "0123456789");
	unsigned long v;
	char digits[24];

	if (!n || n >= sizeof(digits))
		return false;
	memcpy(digits, s, n);
	digits[n] = '\0';
	if (!parse_whole(digits, 1, 1UL << 40, &v))
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(units); i++) {
		if (strcmp(s + n, units[i].unit))
			continue;
		if (v > (UINT64_MAX >> 1) >> units[i].shift)
			return false;
		*out = (int64_t)(v << units[i].shift);
		return true;
	}
	return false;
}

static int bad_value(const char *opt, const char *arg, const char *what)
{
	fprintf(stderr, "scn: --%s '%s': %s\n", opt, arg, what);
	return EXIT_USAGE;
}

bool th_cli_pfnmap_size(const char *arg, int64_t *size)
{
	int64_t sz;

	if (!parse_mem(arg, &sz) || sz & (sz - 1) || sz < TH_MIN_PFNMAP ||
	    sz > TH_MAX_PFNMAP_SIZE)
		return false;
	*size = sz;
	return true;
}

int th_cli_option(int c, const char *arg, struct th_opts *o)
{
	unsigned long v;

	switch (c) {
	case TH_OPT_KERNEL:
		o->kernel = arg;
		return 0;
	case TH_OPT_MODULES:
		o->modules = arg;
		return 0;
	case TH_OPT_CPUS:
		/* Beyond this machine's CPUs is a skip; beyond QEMU's, wrong. */
		if (!parse_whole(arg, 1, TH_MAX_CPUS, &v))
			return bad_value("cpus", arg, "not a count of CPUs from 1 to "
					 STRINGIFY(TH_MAX_CPUS) ", as QEMU takes them "
					 "without KVM");
		o->cpus = (unsigned)v;
		return 0;
	case TH_OPT_NODES:
		if (!parse_whole(arg, 1, TH_MAX_NODES, &v))
			return bad_value("nodes", arg, "not a count of nodes from 1 to "
					 STRINGIFY(TH_MAX_NODES));
		o->nodes = (unsigned)v;
		return 0;
	case TH_OPT_MEM:
		if (!parse_mem(arg, &o->mem))
			return bad_value("mem", arg, "not a size such as 2G or 512M");
		if (o->mem < TH_MIN_MEM || o->mem > TH_MAX_MEM)
			return bad_value("mem", arg, "not a size from 256M to 1T (a "
					 "test host's memory, as QEMU gives it under "
					 "TCG)");
		return 0;
	case TH_OPT_APPEND:
		o->append = arg;
		return 0;
	case TH_OPT_ACCEL:
		if (!th_accel_parse(arg, &o->accel))
			return bad_value("accel", arg, "auto, kvm or tcg");
		return 0;
	case TH_OPT_CONSOLE_LOG:
		o->console_log = arg;
		return 0;
	case TH_OPT_PFNMAP: {
		int64_t sz;

		if (!th_cli_pfnmap_size(arg, &sz))
			return bad_value("pfnmap", arg, TH_PFNMAP_SIZE_RULE);
		if (o->npfnmap == TH_MAX_PFNMAP)
			return bad_value("pfnmap", arg, "more than "
					 STRINGIFY(TH_MAX_PFNMAP) " devices");
		o->pfnmap[o->npfnmap++] = sz;
		return 0;
	}
	}
	return -1;
}

const char *th_cli_option_name(int c)
{
	static const struct option host[] = { TH_LONGOPTS, { NULL, 0, NULL, 0 } };

	for (const struct option *o = host; o->name; o++)
		if (o->val == c)
			return o->name;
	return NULL;
}

int th_cli_need_kernel(const char *cmd, const char *given, const struct th_opts *o)
{
	if (!given || o->kernel)
		return 0;
	fprintf(stderr, "scn: %s: --%s is a host option: it goes with --kernel SPEC (a test host)\n",
		cmd, given);
	return EXIT_USAGE;
}

/* Words of text after first, the rest of the lines after indent, to 80. */
static void wrap(FILE *out, const char *first, const char *indent,
		 const char *text)
{
	size_t col = strlen(first), in = strlen(indent);

	fputs(first, out);
	for (const char *p = text; *p;) {
		size_t n = strcspn(p, " ");

		if (col > in && col + 1 + n > 79 && col > strlen(first)) {
			fprintf(out, "\n%s", indent);
			col = in;
		} else if (p != text) {
			fputc(' ', out);
			col++;
		}
		fprintf(out, "%.*s", (int)n, p);
		col += n;
		p += n;
		p += strspn(p, " ");
	}
	fputc('\n', out);
}

void th_cli_specs(FILE *out, const char *first, const char *indent)
{
	struct strbuf sb;

	sb_init(&sb);
	th_deb_grammar(&sb);
	wrap(out, first, indent, sb.buf);
	sb_free(&sb);
}

void th_cli_kernel_usage(FILE *out)
{
	th_cli_specs(out, "  --kernel SPEC      ", "                     ");
}

/*
 * After a usage error of a kernel spec: what a spec is, and the specs
 * the cache's index of the archive has.
 */
static void kernel_hint(const char *spec, const char *modules, bool known)
{
	struct strbuf sb;
	struct rt_err err;

	if (!spec || modules || (!known && !th_kernel_check(spec, NULL, &err)))
		return;
	th_cli_specs(stderr, "scn: a kernel is ", "  ");
	sb_init(&sb);
	th_kernel_specs(&sb);
	sb_puts(&sb, " (scn kernel --list: their releases)");
	wrap(stderr, "scn: Debian's archive has ", "  ", sb.buf);
	sb_free(&sb);
}

int th_cli_launch(const char *cmd, const struct th_opts *o,
		  const char *const *argv, struct th_outcome *out)
{
	struct rt_err err;
	sigset_t stop, old;
	int rc;

	/* Every signal a local run stops at stops the launch too, in any of
	 * its steps (th_launch takes them from there). */
	signals_stop_set(&stop);
	sigprocmask(SIG_BLOCK, &stop, &old);
	rc = th_launch(o, argv, (const char *const *)environ, NULL, out, &err);
	th_signals_restore(&old);
	if (!rc)
		return 0;
	fprintf(stderr, "scn: %s: %s\n", cmd, err.msg);
	if (rc == -EINVAL || rc == -ENOENT)
		kernel_hint(o->kernel, o->modules, false);
	return rc == -EINVAL || rc == -ENOENT ? EXIT_USAGE : EXIT_SOFTWARE;
}

void th_cli_bad_share(const char *cmd, const char *why)
{
	fprintf(stderr, "scn: %s: not read from the test host's results share: "
		"%s\n", cmd, why);
}

int th_cli_report(const char *cmd, const struct th_opts *o,
		  const struct th_outcome *out)
{
	int code = th_exit_code(out);

	/* Whatever else happened: the command left these for scn to read. */
	if (out->bad_share[0])
		th_cli_bad_share(cmd, out->bad_share);
	switch (out->end) {
	case TH_EXITED:
		return code;
	case TH_BAD_SHARE:
		break;
	case TH_SKIP:
		fprintf(stderr, "scn: %s: SKIP: the test host cannot run here: %s\n",
			cmd, out->why);
		return code;
	case TH_OOPS:
		fprintf(stderr, "scn: %s: the kernel oopsed or panicked in the "
			"test host:\n", cmd);
		for (size_t i = 0; i < out->noops; i++)
			fprintf(stderr, "  %s\n", out->oops[i]);
		break;
	case TH_TIMEOUT:
		fprintf(stderr, "scn: %s: timed out after %u s; the test host was "
			"stopped\n", cmd, o->timeout);
		break;
	case TH_NO_BOOT:
		fprintf(stderr, "scn: %s: the test host did not run the command: "
			"%s\n", cmd, out->why);
		break;
	case TH_INTERRUPTED:
		if (out->why[0])	/* before the boot: a fetch, say */
			fprintf(stderr, "scn: %s: interrupted by signal %d %s; what "
				"it had made is removed\n", cmd, out->signo,
				out->why);
		else
			fprintf(stderr, "scn: %s: interrupted by signal %d; the "
				"test host was stopped\n", cmd, out->signo);
		return code;
	}
	if (out->console_log[0])
		fprintf(stderr, "scn: %s: console log: %s\n", cmd, out->console_log);
	return code;
}

static const char exec_usage[] =
	"usage: scn exec --kernel SPEC [host options] [--timeout SECONDS] [-q]\n"
	"                [--] COMMAND [ARG...]\n";

enum { OPT_TIMEOUT = 256 };

static const char kernel_usage[] =
	"usage: scn kernel [--modules DIR] SPEC... | scn kernel --list\n";

/* "+": the command's own options are its own. */
static const char cli_exec_short[] = "+qh";
static const struct option cli_exec_options[] = {
	TH_LONGOPTS,
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ "quiet", no_argument, NULL, 'q' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

enum { OPT_LIST = 257 };

static const char cli_kernel_short[] = "h";
static const struct option cli_kernel_options[] = {
	{ "list", no_argument, NULL, OPT_LIST },
	{ "modules", required_argument, NULL, TH_OPT_MODULES },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

void th_cli_host_help(FILE *out)
{
	fputs(TH_USAGE_HEAD, out);
	th_cli_kernel_usage(out);
	fputs(TH_USAGE, out);
}

/* What a kernel spec is, under scn kernel's usage. */
static void kernel_specs_help(FILE *out)
{
	th_cli_specs(out, "  SPEC: ", "        ");
}

const struct cli_command cli_cmd_exec = {
	"exec", cli_exec_short, cli_exec_options, cli_text_exec, th_cli_host_help,
};
const struct cli_command cli_cmd_kernel = {
	"kernel", cli_kernel_short, cli_kernel_options, cli_text_kernel, kernel_specs_help,
};

int cmd_exec(int argc, char **argv)
{
	struct th_opts o = { .out_fd = STDOUT_FILENO, .err_fd = STDERR_FILENO,
			     .log = stderr };
	struct th_outcome out;
	unsigned long v;
	int c, rc;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, cli_exec_short, cli_exec_options, NULL)) != -1) {
		switch (c) {
		case OPT_TIMEOUT:
			if (!parse_whole(optarg, 1, 86400 * 7, &v))
				return bad_value("timeout", optarg, "not a count of seconds");
			o.timeout = (unsigned)v;
			break;
		case 'q':
			o.log = NULL;
			break;
		case 'h':
			cli_help(stdout, &cli_cmd_exec);
			return 0;
		default:
			rc = th_cli_option(c, optarg, &o);
			if (rc >= 0) {
				if (rc)
					return rc;
				break;
			}
			cli_bad_option("exec", &cli_cmd_exec, argv, optind);
			fputs(exec_usage, stderr);
			return EXIT_USAGE;
		}
	}
	if (!o.kernel || optind >= argc) {
		fprintf(stderr, "scn: exec: %s\n%s", !o.kernel ? "--kernel is needed" :
			"no COMMAND", exec_usage);
		return EXIT_USAGE;
	}
	rc = th_cli_launch("exec", &o, (const char *const *)argv + optind, &out);
	if (rc)
		return rc;
	rc = th_cli_report("exec", &o, &out);
	th_outcome_free(&out);
	return rc;
}

/* scn kernel --list: the archive's series and flavours, and the cache's. */
static int kernel_list(void)
{
	struct th_deb_index ix;
	char cache[4096], when[64] = "never";
	struct strbuf sb;
	struct rt_err err;
	sigset_t stop, old;
	int rc, signo = 0;

	signals_stop_set(&stop);
	sigprocmask(SIG_BLOCK, &stop, &old);
	rc = th_kernel_index(&ix, cache, sizeof(cache), stderr, &err);
	if (rc == -EINTR)
		signo = th_signals_take();
	th_signals_restore(&old);
	if (rc == -EINTR) {
		fprintf(stderr, "scn: kernel: interrupted by signal %d %s\n", signo,
			err.msg);
		return 128 + (signo ? signo : SIGTERM);
	}
	if (rc) {
		fprintf(stderr, "scn: kernel: %s\n", err.msg);
		return EXIT_SOFTWARE;
	}
	if (ix.updated)
		strftime(when, sizeof(when), "%Y-%m-%d %H:%M", localtime(&ix.updated));
	printf("# Debian's archive as its lists had it at %s (%s/apt; asked again "
	       "after a day); * cached in %s\n", ix.archive ? when : "no time: "
	       "it could not be asked", cache, cache);
	sb_init(&sb);
	th_deb_list(&ix, &sb);
	fputs(sb.buf, stdout);
	sb_free(&sb);
	printf("# debian:PACKAGE names one release: debian:linux-image-RELEASE-"
	       "FLAVOUR (debian:linux-image-7.2.12+deb13-amd64, say)\n");
	rc = ix.n ? 0 : 4;
	if (!ix.n)
		fprintf(stderr, "scn: kernel: SKIP: Debian's archive cannot be "
			"asked from here and the cache holds no kernel\n");
	th_deb_index_free(&ix);
	return rc;
}

int cmd_kernel(int argc, char **argv)
{
	const char *modules = NULL;
	bool list = false;
	int c, rc = 0;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, cli_kernel_short, cli_kernel_options,
				NULL)) != -1) {
		if (c == TH_OPT_MODULES) {
			modules = optarg;
		} else if (c == OPT_LIST) {
			list = true;
		} else if (c == 'h') {
			cli_help(stdout, &cli_cmd_kernel);
			return 0;
		} else {
			cli_bad_option("kernel", &cli_cmd_kernel, argv, optind);
			fputs(kernel_usage, stderr);
			return EXIT_USAGE;
		}
	}
	if (list && optind >= argc)
		return kernel_list();
	if (list || optind >= argc) {
		fprintf(stderr, "scn: kernel: %s\n%s", list ? "--list takes no SPEC" :
			"no SPEC", kernel_usage);
		return EXIT_USAGE;
	}
	for (int i = optind; i < argc && rc < 128; i++) {
		struct th_kernel k = { 0 };
		struct rt_err err;
		sigset_t stop, old;
		int krc, signo = 0;

		/* A stop signal stops the fetch and removes what it made. */
		signals_stop_set(&stop);
		sigprocmask(SIG_BLOCK, &stop, &old);
		krc = th_kernel_check(argv[i], modules, &err);
		if (!krc)
			krc = th_kernel_resolve(argv[i], modules, stderr, &k, &err);
		if (krc == -EINTR)
			signo = th_signals_take();
		th_signals_restore(&old);
		if (krc == -EINTR) {
			fprintf(stderr, "scn: kernel: interrupted by signal %d %s; "
				"what it had made is removed\n", signo, err.msg);
			rc = 128 + (signo ? signo : SIGTERM);
		} else if (krc) {
			fprintf(stderr, "scn: kernel: %s%s\n",
				krc == -ENOPKG ? "SKIP: " : "", err.msg);
			if (krc == -EINVAL || krc == -ENOENT)
				kernel_hint(argv[i], modules, true);
			/* The worst wins: usage over a damaged cache over a skip. */
			if (krc == -EINVAL || krc == -ENOENT)
				rc = EXIT_USAGE;
			else if (krc != -ENOPKG && rc != EXIT_USAGE)
				rc = EXIT_SOFTWARE;
			else if (!rc)
				rc = 4;
		} else {
			printf("%s: %s\n", argv[i], k.package[0] ? k.package : k.image);
			printf("  release  %s\n  arch     %s\n  image    %s\n  modules  %s\n",
			       k.release, th_arch_name(k.arch), k.image,
			       k.modules[0] ? k.modules : "none (all built in)");
			printf("  config   %s\n", k.config[0] ? k.config : "none");
		}
		th_kernel_free(&k);
	}
	return rc;
}
