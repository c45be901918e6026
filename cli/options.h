// SPDX-License-Identifier: GPL-2.0-only
/*
 * options: every command's options as its parser hands them to
 * getopt_long, and its help. `scn help COMMAND` and `scn COMMAND --help`
 * print the help, `scn help --options` lists the options from the tables
 * themselves, and the tests check that the help and docs/scn.1 name
 * every one (tests/run.sh, cli/options-documented), so that an option
 * added to a table and to nothing else fails a test. It knows no command
 * of its own: each hands it its struct cli_command.
 *
 * The values options take are read here too, for every command alike:
 * durations (--wait) and whole seconds (--timeout).
 */
#ifndef SCN_CLI_OPTIONS_H
#define SCN_CLI_OPTIONS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* help's own options (help --options), and --help alone: options.c. */
extern const char cli_help_short[];
extern const struct option cli_help_options[];
extern const struct option cli_plain_options[];

/* What scn help NAME prints of each command, usage first (options.c). */
extern const char cli_text_check[], cli_text_plan[], cli_text_run[],
	cli_text_exec[], cli_text_kernel[], cli_text_repl[], cli_text_restore[],
	cli_text_knobs[], cli_text_features[], cli_text_compare[],
	cli_text_plot[], cli_text_help[], cli_text_version[];

/*
 * A command: its tables as getopt_long takes them and its help. Each is
 * defined beside the parser that reads it and declared in its header
 * (cli_cmd_run: cmd_run.c, cmd_run.h); main.c lists them all, in the
 * order scn help shows them.
 */
struct cli_command {
	const char *name;
	const char *shortopts;		/* as getopt_long takes them */
	const struct option *longopts;	/* ends with a NULL name */
	const char *help;		/* what scn help NAME prints */
	/* What its help goes on with: the host options, the kernel specs. */
	void (*help_more)(FILE *out);
};

/* scn help NAME, scn NAME --help (and what c->help_more adds). */
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
int cli_plain_args(const struct cli_command *c, int argc, char **argv, int *first);

/*
 * A --wait option's argument (NULL: for ever, -1) into *ns; false, with
 * the reason on stderr, when it is not a duration.
 */
bool parse_wait(const char *arg, int64_t *ns);
/*
 * A --timeout: whole seconds, bare or with the language's units ("120",
 * "120s", "2000ms"), 1 to max, into *out; false with the reason said.
 */
bool parse_seconds(const char *arg, unsigned max, unsigned *out);

#endif
