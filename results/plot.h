// SPDX-License-Identifier: GPL-2.0-only
/*
 * plot: the data a picture of results draws, as a gnuplot script
 * (plot.c: what to draw, the x axis, and the script's head; plot_groups.c:
 * grouped bars and the title; plot_axis.c: the value axes; plot_gp.c:
 * quoting, the temporary files, the phases and units drawn). plot.c
 * takes from plot_groups.c, both take from plot_gp.c and plot_axis.c,
 * which take from nothing of the room's: no circle. A plot is one or more results read
 * back (result_file.h), a gnuplot script built in a strbuf, and a
 * temporary directory, the caller's, for the script, the data and the
 * picture. Running gnuplot on it is the command's (cli/plot_run.h).
 */
#ifndef SCN_RESULTS_PLOT_H
#define SCN_RESULTS_PLOT_H

#include <stdbool.h>
#include <stdio.h>

#include "../common/util.h"
#include "result_file.h"

/*
 * Bars one picture draws, at most: more cannot be told apart, and
 * gnuplot took minutes over 460,000 phases.
 */
#define PLOT_MAX_BARS 400

/* What scn plot exits with besides 0: each says why it drew nothing. */
#define PLOT_EXIT_FAILED 1		/* gnuplot failed or drew nothing */
#define PLOT_EXIT_UNLIKE 3		/* results not measured alike, as compare's */
#define PLOT_EXIT_USAGE 64
#define PLOT_EXIT_DATAERR 65		/* nothing of the results to draw */
#define PLOT_EXIT_UNAVAILABLE 69	/* gnuplot is not installed */
#define PLOT_EXIT_CANTCREAT 73		/* the output cannot be written */

struct plot_opts {
	const char **in;		/* the result files */
	size_t nin;
	const char *out;
	const char *metric, *phase;
	bool png;
	bool force;			/* draw results measured unlike */
	bool across_kernel;		/* --across kernel, as compare's */
	bool across_arch;		/* --across arch, as compare's */
};

struct plot {
	const struct plot_opts *o;
	const struct rf_result *r;	/* the first result */
	const struct rf_result *rs;	/* all of them, [o->nin] */
	bool unlike;			/* forced: not measured alike */
	char dir[256];			/* the temporary directory */
	struct strbuf gp;		/* the script */
	FILE *err;			/* why nothing could be drawn */
};

/*
 * The script of pl into pl->gp, its data files into pl->dir, and the
 * name of the picture it draws there: 0, or a PLOT_EXIT_ code after a
 * message on pl->err.
 */
int plot_script(struct plot *pl, const char **picture);

/*
 * A gnuplot string, quoted so that any text is text (plot_gp.c): at
 * most PLOT_TEXT_MAX bytes of it, since a result's names are any length
 * and gnuplot takes minutes over a label of megabytes.
 */
#define PLOT_TEXT_MAX 120
void gp_quote(struct strbuf *sb, const char *s);
/* "set WHAT 'text'" */
void gp_set_text(struct strbuf *gp, const char *what, const char *text);
/* "set WHAT 'path'": a path whole, as gnuplot must find it. */
void gp_set_path(struct strbuf *gp, const char *what, const char *path);
/*
 * The title: line1, and under it what every result drawn shares (the
 * kernel, the host, the number of samples behind each mean of metric;
 * of the table's cells when metric is NULL).
 */
void plot_title(struct plot *pl, const char *line1, const char *metric);
/*
 * That title as a gnuplot string expression appended to sb, with note
 * (may be NULL) at the end of its second line: a multiplot's title.
 */
void plot_title_text(struct plot *pl, struct strbuf *sb, const char *line1,
		     const char *metric, const char *note);
/* A data file of the temporary directory as a quoted gnuplot string. */
void gp_data(struct strbuf *gp, const struct plot *pl, const char *name);
/* The path of a file of the temporary directory, which the caller frees. */
char *plot_tmp_path(const struct plot *pl, const char *name);
/* Writes text to a file of the temporary directory: 0 or -errno (said). */
int plot_write_tmp(const struct plot *pl, const char *name,
		   const struct strbuf *text);
bool plot_phase_selected(const struct plot *pl, const struct rf_phase *ph);
/*
 * A metric in seconds is drawn in the unit that suits its largest mean
 * over all results: the factor to divide by, and the unit's name.
 */
double plot_unit_scale(const struct plot *pl, const char *metric,
		       const char **unit);
void plot_ylabel(struct plot *pl, const char *metric, const char *unit);

/*
 * Grouped bars: a group per phase, a bar per result and sweep point, the
 * mean with the spread of the runs (min to max) as error bars, titled
 * with what differs between the bars (plot_groups.c).
 */
int plot_groups(struct plot *pl, const char *metric);
/* Whether a single result is drawn as groups: a sweep over words. */
bool plot_wants_groups(const struct plot *pl);

/*
 * Axes (plot_axis.c). "set Yrange" and "set Ytics" (axis "y", "x") for
 * values from lo to hi, from 0 where from_zero: round steps of 1, 2, 2.5
 * or 5 times a power of ten, labelled with SI prefixes (88k, 2.5M, 24M)
 * where gnuplot would write 2.5e+07. Nothing for no values (lo > hi).
 */
void plot_yaxis(struct strbuf *gp, const char *axis, double lo, double hi,
		bool from_zero);
/* The same on a log axis (lo > 0): a tic a power of ten (1k, 10k, 100k). */
void plot_yaxis_log(struct strbuf *gp, const char *axis, double lo, double hi);
/*
 * Whether things whose largest values are small and big (the tallest
 * bar of one phase, and of another) need a scale each: one axis would
 * draw the small ones PLOT_SCALES_APART times lower or more, where a
 * change of theirs cannot be seen. Not where a value is negative.
 */
#define PLOT_SCALES_APART 10
bool plot_scales_apart(double small, double big);

#endif
