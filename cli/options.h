// SPDX-License-Identifier: GPL-2.0-only
/*
 * options: every command's options as its parser hands them to
 * getopt_long, and its help. `scn help COMMAND` and `scn COMMAND --help`
 * print the help, `scn help --options` lists the options from the tables
 * themselves, and the tests check that the help and docs/scn.1 name
 * every one (tests/run.sh, cli/options-documented), so that an option
 * added to a table and to nothing else fails a test.
 */
#ifndef SCN_CLI_OPTIONS_H
#define SCN_CLI_OPTIONS_H

#include <getopt.h>
#include <stdio.h>

/* The tables, each beside the parser that reads it. */
extern const char cli_front_short[];		/* check, plan: main.c */
extern const struct option cli_check_options[];
extern const struct option cli_plan_options[];
extern const char cli_run_short[];		/* cmd_run.c */
extern const struct option cli_run_options[];
extern const char cli_exec_short[];		/* cmd_testhost.c */
extern const struct option cli_exec_options[];
extern const char cli_kernel_short[];
extern const struct option cli_kernel_options[];
extern const char cli_repl_short[];		/* cmd_repl.c */
extern const struct option cli_repl_options[];
extern const char cli_features_short[];		/* cmd_features.c */
extern const struct option cli_features_options[];
extern const char cli_compare_short[];		/* cmd_compare.c */
extern const struct option cli_compare_options[];
extern const char cli_plot_short[];		/* cmd_plot.c */
extern const struct option cli_plot_options[];
extern const char cli_merge_short[];		/* cmd_merge.c */
extern const struct option cli_merge_options[];
extern const char cli_help_short[];		/* options.c: the rest */
extern const struct option cli_help_options[];
extern const struct option cli_plain_options[];	/* --help alone */

struct cli_command {
	const char *name;
	const char *shortopts;		/* as getopt_long takes them */
	const struct option *longopts;	/* ends with a NULL name */
	const char *help;		/* what scn help NAME prints */
};

/* Every command, in the order scn help lists them; NULL-name ended. */
extern const struct cli_command cli_commands[];

/* The command called name, or NULL. */
const struct cli_command *cli_command(const char *name);

/* scn help NAME, scn NAME --help (with the host options where taken). */
void cli_help(FILE *out, const struct cli_command *c);

/*
 * One line per option of c: "NAME --long [-s]", with "=ARG" or "[=ARG]"
 * where it takes a value, for scripts and the tests.
 */
void cli_list_options(FILE *out, const struct cli_command *c);

/*
 * After getopt_long returned '?' for argv[next - 1] (next: optind; opterr
 * 0): says on
 * stderr "scn: CMD: option '--kernel' needs a value" or "unknown option
 * '--frob'" with a "did you mean" from c's table. The caller prints its
 * usage and exits 64.
 */
void cli_bad_option(const char *cmd, const struct cli_command *c,
		    char *const *argv, int next);

/*
 * A command that takes no option but --help: 0 to go on (argv[first..]
 * the operands), -1 after the help, 64 after a message.
 */
int cli_plain_args(const char *cmd, int argc, char **argv, int *first);

#endif
