// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_plot: a result drawn by gnuplot (see cmd_plot.h). The options, the
 * results read and held against each other, the temporary directory and
 * the signals are here; the script is results/plot.h's, and gnuplot runs
 * in plot_run.c. gnuplot draws into the temporary directory; the picture
 * is copied to -o only once it exists and is not empty, so a failed plot
 * never leaves half a file.
 */
#include "cmd_plot.h"
#include "options.h"

#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <strings.h>

#include "../common/util.h"
#include "../results/plot.h"
#include "../results/result_alike.h"
#include "../results/result_file.h"
#include "../runtime/signals.h"
#include "plot_run.h"

#define EXIT_USAGE PLOT_EXIT_USAGE
#define EXIT_DATAERR PLOT_EXIT_DATAERR
#define USAGE "usage: scn plot RESULT.json... -o FILE.svg|FILE.png " \
	      "[--metric M] [--phase P]\n" \
	      "                [--force] [--across kernel|arch]\n"

static int usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "scn: plot: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n" USAGE);
	return EXIT_USAGE;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n > k && !strcasecmp(s + n - k, suffix);
}

/* The options: also what scn help and its tests read (options.h). */
static const char cli_plot_short[] = "o:h";
static const struct option cli_plot_options[] = {
	{ "output", required_argument, NULL, 'o' },
	{ "metric", required_argument, NULL, 'm' },
	{ "phase", required_argument, NULL, 'p' },
	{ "force", no_argument, NULL, 'F' },
	{ "across", required_argument, NULL, 'A' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

const struct cli_command cli_cmd_plot = {
	"plot", cli_plot_short, cli_plot_options, cli_text_plot, NULL,
};

static int parse_opts(int argc, char **argv, struct plot_opts *o)
{
	int c;

	memset(o, 0, sizeof(*o));
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, cli_plot_short, cli_plot_options, NULL)) != -1) {
		switch (c) {
		case 'o':
			o->out = optarg;
			break;
		case 'm':
			o->metric = optarg;
			break;
		case 'p':
			o->phase = optarg;
			break;
		case 'F':
			o->force = true;
			break;
		case 'A':
			if (strcmp(optarg, "kernel") && strcmp(optarg, "arch"))
				return usage("--across takes 'kernel' or 'arch', not '%s'",
					     optarg);
			o->across_kernel = true;
			o->across_arch |= !strcmp(optarg, "arch");
			break;
		case 'h':
			cli_help(stdout, &cli_cmd_plot);
			return -1;
		default:
			return usage("unknown or incomplete option '%s'",
				     argv[optind - 1]);
		}
	}
	if (argc - optind < 1)
		return usage("%s", "plot takes one or more RESULT.json");
	o->in = (const char **)argv + optind;
	o->nin = (size_t)(argc - optind);
	if (!o->out)
		return usage("%s", "plot needs -o FILE.svg or -o FILE.png");
	if (ends_with(o->out, ".png"))
		o->png = true;
	else if (!ends_with(o->out, ".svg"))
		return usage("-o '%s': the name must end in .svg or .png", o->out);
	return 0;
}

/* The script and its data (results/plot.h), then gnuplot on them. */
static int draw(struct plot *pl)
{
	const char *picture;
	int rc = plot_script(pl, &picture);

	if (rc)
		return rc;
	if (plot_write_tmp(pl, "plot.gp", &pl->gp))
		return PLOT_EXIT_CANTCREAT;
	rc = plot_run_gnuplot(pl);
	return rc ? rc : plot_deliver(pl, picture);
}

/*
 * Results drawn on one axis must have been measured alike, as compare
 * wants them: a run on this machine's PVM beside one in a TCG test host
 * measured two machines, and bars side by side would say otherwise. Each
 * result is held against the first; what blocks compare blocks the plot,
 * but the scenario's parameters, by which the bars are named. --across
 * kernel takes what a kernel makes differ, --across arch what another
 * architecture does, --force everything (the bars
 * then name their hosts, and the title says so). Returns 0 or
 * PLOT_EXIT_UNLIKE.
 */
static int check_alike(const struct plot_opts *o, const struct rf_result *rs,
		       bool *unlike)
{
	unsigned flags = ALIKE_PARAMS_NOTED | (o->across_kernel ? ALIKE_ACROSS_KERNEL : 0) |
			 (o->across_arch ? ALIKE_ACROSS_ARCH : 0);
	int rc = 0;

	for (size_t f = 1; f < o->nin && !rc; f++) {
		struct alike_lines blocking = { 0 }, notes = { 0 };

		alike_diff(&rs[0], &rs[f], flags, &blocking, &notes);
		*unlike |= blocking.len > 0;
		if (blocking.len) {
			fprintf(stderr, "scn: plot: %s and %s were not measured alike%s:\n",
				o->in[0], o->in[f], o->force ? " (drawn anyway: --force)" : "");
			for (size_t i = 0; i < blocking.len; i++)
				fprintf(stderr, "  %s\n", blocking.v[i]);
		}
		if (blocking.len && !o->force) {
			if (!o->across_kernel && alike_only_kernels_differ(&rs[0], &rs[f], flags))
				fprintf(stderr, "hint: only what their kernels make differ differs: "
					"--across kernel draws them side by side\n");
			else if (!o->across_arch &&
				 alike_only_kernels_differ(&rs[0], &rs[f],
							   flags | ALIKE_ACROSS_ARCH))
				fprintf(stderr, "hint: only what their architectures and kernels "
					"make differ differs: --across arch draws them side by side\n");
			else
				fprintf(stderr, "hint: draw each on its own, or --force draws them "
					"on one axis, the bars named by their hosts\n");
			rc = PLOT_EXIT_UNLIKE;
		}
		alike_lines_free(&blocking);
		alike_lines_free(&notes);
	}
	return rc;
}

int cmd_plot(int argc, char **argv)
{
	struct plot_opts o;
	struct rf_result *rs;
	struct plot pl = { .o = &o, .err = stderr };
	const char *tmp = getenv("TMPDIR");
	struct timespec zero = { 0, 0 };
	size_t f, loaded = 0, kept;
	sigset_t stop, old;
	int rc, signo;

	rc = parse_opts(argc, argv, &o);
	if (rc)
		return rc < 0 ? 0 : rc;
	/*
	 * Reading and checking the results leaves nothing behind: a signal
	 * ends scn as it comes (a result of millions of values takes
	 * seconds). From the temporary directory on they are blocked: a
	 * signal stops gnuplot (run_gnuplot) or waits for the directory to
	 * go, and scn exits 128+N.
	 */
	signals_stop_set(&stop);
	rs = xcalloc(o.nin, sizeof(*rs));
	for (f = 0; f < o.nin && !rc; f++, loaded++) {
		rc = rf_load_for(&rs[f], o.in[f], "plot");
		if (rc)
			continue;	/* counted in loaded: rf_free'd below */
		char *why = rf_text_dup(rs[f].skip_reason), *status = rf_text_dup(rs[f].status);

		if (o.nin > 1 && !strcmp(rs[f].status, "skip")) {
			/* One host that could not run it: the others are drawn. */
			fprintf(stderr, "scn: plot: leaving out %s: it was skipped%s%s\n",
				o.in[f], rs[f].skip_reason ? ": " : "", why);
			rf_free(&rs[f]);
			o.in[f] = NULL;
		} else if (!rs[f].npoints) {
			fprintf(stderr, "scn: plot: %s has no points to draw (status %s%s%s)\n",
				o.in[f], status, rs[f].skip_reason ? ": " : "", why);
			rc = EXIT_DATAERR;
		}
		free(why);
		free(status);
	}
	/* Close the gaps the skipped ones left. */
	for (f = 0, kept = 0; !rc && f < loaded; f++)
		if (o.in[f]) {
			rs[kept] = rs[f];
			o.in[kept++] = o.in[f];
		}
	if (!rc) {
		loaded = o.nin = kept;
		if (!kept) {
			fprintf(stderr, "scn: plot: every result was skipped: nothing to draw\n");
			rc = EXIT_DATAERR;
		}
	}
	if (!rc)
		rc = check_alike(&o, rs, &pl.unlike);
	if (!rc && !plot_on_path("gnuplot")) {
		fprintf(stderr, "scn: plot: gnuplot is not installed\n"
				"hint: apt-get install gnuplot-nox\n");
		rc = PLOT_EXIT_UNAVAILABLE;
	}
	sigprocmask(SIG_BLOCK, &stop, &old);
	snprintf(pl.dir, sizeof(pl.dir), "%s/scn-plot.XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (!rc && !mkdtemp(pl.dir)) {
		fprintf(stderr, "scn: plot: cannot make a directory in %s: %s\n",
			tmp && *tmp ? tmp : "/tmp", strerror(errno));
		rc = PLOT_EXIT_CANTCREAT;
	}
	if (!rc) {
		pl.rs = rs;
		pl.r = &rs[0];
		sb_init(&pl.gp);
		rc = draw(&pl);
		sb_free(&pl.gp);
		plot_remove_dir(pl.dir);
	}
	for (f = 0; f < loaded; f++)
		if (o.in[f])
			rf_free(&rs[f]);
	free(rs);
	/* One that came outside gnuplot's run: said as one in it is. */
	signo = sigtimedwait(&stop, NULL, &zero);
	if (signo > 0 && rc < 128) {
		fprintf(stderr, "scn: plot: interrupted by signal %d; its files "
			"were removed\n", signo);
		rc = 128 + signo;
	}
	while (sigtimedwait(&stop, NULL, &zero) > 0)
		;
	sigprocmask(SIG_SETMASK, &old, NULL);
	return rc;
}
