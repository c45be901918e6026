// SPDX-License-Identifier: GPL-2.0-only
/*
 * scn repl: its options, then the REPL (repl/repl.h) on this machine, or
 * the same scn repl inside a test host with --kernel.
 */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "../repl/repl.h"
#include "cmd_repl.h"
#include "cmd_testhost.h"
#include "options.h"

static const char repl_usage[] =
	"usage: scn repl [--state-dir DIR] [--wait[=DURATION]] [-q] [--kernel SPEC [host options]]\n"
	"  The scn language one input at a time, against live state; 'help'\n"
	"  inside lists the commands. Reads a script when stdin is not a terminal.\n"
	"  With --kernel, the prompt is inside a test host (docs/testhost.md).\n";

struct repl_args {
	struct repl_opts repl;
	struct th_opts th;		/* --kernel: the test host */
	const char *host_option;	/* the first host option given, or NULL */
};

static const char cli_repl_short[] = "qh";
static const struct option cli_repl_options[] = {
	{ "state-dir", required_argument, NULL, 's' },
	{ "wait", optional_argument, NULL, 'w' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "help", no_argument, NULL, 'h' },
	TH_LONGOPTS,
	{ NULL, 0, NULL, 0 },
};

const struct cli_command cli_cmd_repl = {
	"repl", cli_repl_short, cli_repl_options, cli_text_repl, th_cli_host_help,
};

static int parse_args(int argc, char **argv, struct repl_args *a)
{
	int c, rc;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, cli_repl_short, cli_repl_options, NULL)) != -1) {
		switch (c) {
		case 's':
			a->repl.state_dir = optarg;
			break;
		case 'w':
			if (!parse_wait(optarg, &a->repl.wait_ns))
				return 64;
			break;
		case 'q':
			a->repl.quiet = true;
			break;
		case 'h':
			cli_help(stdout, &cli_cmd_repl);
			return -1;
		default:
			rc = th_cli_option(c, optarg, &a->th);
			if (rc > 0)
				return rc;
			if (rc == 0) {
				if (!a->host_option)
					a->host_option = th_cli_option_name(c);
				break;
			}
			cli_bad_option("repl", &cli_cmd_repl, argv, optind);
			fputs(repl_usage, stderr);
			return 64;
		}
	}
	rc = th_cli_need_kernel("repl", a->host_option, &a->th);
	if (rc)
		return rc;
	if (optind < argc) {
		fputs(repl_usage, stderr);
		return 64;
	}
	return 0;
}

/*
 * scn repl --kernel: the same scn repl inside a test host. On a terminal
 * the terminal is joined to a serial port inside that is the inner
 * REPL's own terminal (raw here, so that Ctrl-C, Ctrl-D and the line
 * editor's keys reach it as typed); a script is handed in whole.
 */
static int repl_in_testhost(struct repl_args *a)
{
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	const char *argv[4] = { n > 0 ? self : "scn", "repl", NULL, NULL };
	struct termios saved, raw;
	struct th_outcome out;
	struct winsize ws;
	bool tty = isatty(0) && isatty(1) && !tcgetattr(0, &saved);
	int rc;

	self[n > 0 ? n : 0] = '\0';
	if (a->repl.quiet)
		argv[2] = "-q";
	a->th.out_fd = STDOUT_FILENO;
	a->th.err_fd = STDERR_FILENO;
	a->th.in_fd = STDIN_FILENO;
	a->th.log = a->repl.quiet ? NULL : stderr;
	a->th.input = tty ? TH_INPUT_TTY : TH_INPUT_FEED;
	/* save FILE writes where the user is, not into the test host's /tmp. */
	a->th.rw_cwd = true;
	if (tty && !ioctl(0, TIOCGWINSZ, &ws)) {
		a->th.rows = ws.ws_row;
		a->th.cols = ws.ws_col;
	}
	if (tty) {
		raw = saved;
		cfmakeraw(&raw);
		/* The test host's own lines end in a bare newline. */
		raw.c_oflag |= OPOST | ONLCR;
		tcsetattr(0, TCSANOW, &raw);
	}
	rc = th_cli_launch("repl", &a->th, argv, &out);
	if (tty)
		tcsetattr(0, TCSANOW, &saved);
	if (rc)
		return rc;
	rc = th_cli_report("repl", &a->th, &out);
	th_outcome_free(&out);
	return rc;
}

int cmd_repl(int argc, char **argv)
{
	struct repl_args a = { 0 };
	int rc;

	rc = parse_args(argc, argv, &a);
	if (rc)
		return rc < 0 ? 0 : rc;
	if (a.th.kernel)
		return repl_in_testhost(&a);
	return repl_main(&a.repl);
}
