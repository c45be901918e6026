// SPDX-License-Identifier: GPL-2.0-only
/*
 * compare_judge: the verdicts of scn compare (docs/results.md, section
 * 5). Every metric both results have is one hypothesis; the tests of all
 * of them at once are corrected for their number (Holm by default), so
 * that a build compared with itself passes however many metrics it has.
 * Two families: "did it change?" (Welch, two-sided) gives better and
 * worse; "is it worse by more than --fail-over?" (Welch, one-sided, the
 * threshold as the null) decides the exit code. A metric constant and
 * equal on both sides is left out; --metric chooses the metrics judged.
 */
#ifndef SCN_RESULTS_COMPARE_JUDGE_H
#define SCN_RESULTS_COMPARE_JUDGE_H

#include <stdbool.h>
#include <stddef.h>

#include "result_file.h"

/* Fewer samples than this on a side: no test, no verdict. */
#define JUDGE_MIN_SAMPLES 3
/*
 * A phase's "runq.others" (its threads waiting for a CPU while other work
 * ran, on average) that differs by this much between the sides, surely:
 * its timings measured the machine's other work as much as the build,
 * and are not judged. A result without runq.others (written before scn
 * kept it) is judged by its "runq", its own threads' waiting too.
 */
#define JUDGE_BUSY_RUNQ 0.1
/*
 * A busy phase's metric is judged all the same when its means differ by
 * more than this many times the larger standard deviation of the two
 * sides, and by more than the waiting can explain: no contention moves
 * a figure that far while leaving both sides that steady.
 */
#define JUDGE_FAR_SPREADS 3
/* The largest share of a phase's time contention is taken to explain. */
#define JUDGE_WAIT_CAP 0.9

enum judge_correction { JC_HOLM, JC_BH, JC_NONE };

enum judge_verdict {
	JV_SAME,	/* "~": no significant change */
	JV_BETTER,
	JV_WORSE,
	JV_UNDIRECTED,	/* "~": a count of work done, never judged */
	JV_UNTESTED,	/* "?": fewer than JUDGE_MIN_SAMPLES on a side */
	JV_UNCHOSEN,	/* "-": not among --metric */
	JV_CONSTANT,	/* the same constant on both sides: left out */
	JV_BUSY,	/* "busy": the machine was busier on one side */
};

struct judge_opts {
	double fail_over;		/* percent; < 0 without --fail-over */
	double alpha;
	enum judge_correction correction;
	const char *const *metrics;	/* --metric: "time", "unmerge.time" */
	size_t nmetrics;
};

/* One metric of a point and phase that both results have. */
struct judge_item {
	const char *point;		/* its label, for the table; not read */
	const char *phase;
	const struct rf_metric *b, *n;
	/* What judging found: */
	enum judge_verdict verdict;
	double change;			/* percent of the base mean; NaN from 0 */
	double p;			/* two-sided, corrected; NaN untested */
	double p_beyond;		/* worse beyond the bar: one-sided, corrected; NaN */
	bool failing;			/* worse by more than --fail-over */
	/* A busy phase: its waiting on each side, and by which metric. */
	bool busy;			/* the phase was busier on one side */
	bool far;			/* judged though busy: far beyond both */
	double runq_b, runq_n;		/* the phase's mean runq(.others) */
	const char *runq_name;		/* "runq.others", or "runq" */
};

struct judge_tally {
	size_t compared, worse, better, same, undirected, untested, unchosen, busy;
	size_t constant;		/* left out */
	size_t tests;			/* in the corrected family */
	size_t untested_beyond;		/* untested, changed beyond the bar */
	size_t busy_gated;		/* busy, chosen, under --fail-over */
	size_t far;			/* judged though busy */
};

/* Parses a --correction value; -1 when unknown. */
int judge_correction_parse(const char *s);
const char *judge_correction_name(enum judge_correction c);
/* The bar in percent: --fail-over's, else the default of 10. */
double judge_bar(const struct judge_opts *o);
/* "~", "better", "worse", "?" or "-". */
const char *judge_verdict_name(enum judge_verdict v);

/* Whether --metric chose the metric (every one without it). */
bool judge_chosen(const struct judge_opts *o, const char *phase,
		  const char *metric);

/*
 * Judges items[0..n) together; fills each item and the tally. The items
 * of a point's phase come one after another (a phase's contention is
 * read from its runq among them).
 */
void judge_all(const struct judge_opts *o, struct judge_item *items,
	       size_t n, struct judge_tally *t);

#endif
