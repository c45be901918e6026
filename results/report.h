// SPDX-License-Identifier: GPL-2.0-only
/*
 * report: writes a result (result.h) in the formats of docs/results.md:
 * text for people, JSON and NDJSON for tools, CSV for spreadsheets, KTAP
 * for the kernel's test runners, to the FILE its caller (cli/) chose.
 *
 * The writers are report_text.c (text, CSV, and the statistics as text
 * that every format shares), report_json.c (JSON, NDJSON) and
 * report_ktap.c; report.c only picks one. What each owes the others is
 * declared here: text owes report_put_stat, report_outliers,
 * report_headline and report_csv_field; JSON owes report_json_point.
 * No writer calls report.c, so the module has no circle.
 */
#ifndef SCN_REPORT_H
#define SCN_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "../common/util.h"
#include "result.h"

#define REPORT_SCHEMA RESULT_SCHEMA

enum report_format { FMT_TEXT, FMT_JSON, FMT_NDJSON, FMT_CSV, FMT_KTAP };

/*
 * A run in a test host that ended without a result from the scn inside
 * (an oops or panic, a hang, no boot, a skip): what the outer scn knows.
 */
struct report_testhost {
	const char *release;		/* the kernel's, from its image */
	const char *cmdline;
	char *const *oops;		/* the oops or panic's console lines */
	size_t noops;
	const char *console_log;	/* or NULL */
};

struct json_out;

/*
 * The machine a result was measured on, as its caller knows it (the
 * runtime's fingerprint, or what a test host's launcher found): json
 * writes the "fingerprint" object (with th in the meta: the test host's
 * facts, which the writer puts under it), line the same in one line.
 * ctx and knobs are theirs to read; knobs may be filled in during the
 * run, as json is called at the end.
 */
struct report_machine {
	void (*json)(struct json_out *j, const struct report_machine *mc);
	void (*line)(const struct report_machine *mc, char *buf, size_t len);
	const void *ctx;
	const void *knobs;
};

/* What a result says about how it was made. */
struct report_meta {
	const char *file;		/* as given */
	const char *name;		/* the file's base name without .scn */
	char hash[32];			/* "fnv1a64:..." */
	char started[32];		/* UTC, ISO 8601 */
	const char *const *defines;
	size_t ndefines;
	const char *const *sweeps;
	size_t nsweeps;
	unsigned repeat, warmup;
	const char *ring;		/* --ring's ring ("0", "3"), or NULL */
	struct report_machine machine;
	const struct report_testhost *th;	/* or NULL */
	int ktap_test;			/* > 0: only the test block, so numbered */
	bool color;			/* text: on a terminal, without NO_COLOR */
};

/* The outcome, known at the end. */
struct report_end {
	const char *status;		/* "pass", "fail", "skip", ... */
	int exit_code;
	const char *skip_reason;	/* or NULL */
	int timeout;			/* seconds, when status is "timeout" */
};

/* Parses a --format value; -1 when unknown. */
int report_format_parse(const char *s);
/* The name --format takes for fmt. */
const char *report_format_name(enum report_format fmt);

/* The NDJSON listener: a "start" line now, then a line per phase and point. */
void report_ndjson_start(FILE *out, const struct report_meta *m,
			 const struct result *r, struct res_listener *l);

/* Writes the whole result (NDJSON: the "end" line). */
void report_write(enum report_format fmt, FILE *out, const struct report_meta *m,
		  const struct result *r, const struct report_end *e);

/* A point of the result as JSON (a document's, an NDJSON line's). */
void report_json_point(struct json_out *j, const struct result *r, size_t i);

/* A statistic in the metric's unit, short enough for a table: "0.512s". */
void report_put_stat(struct strbuf *sb, double v, const char *unit);
/*
 * "sample 1 of 5 (940ms; median 150ms)" for each outlier of m, joined by
 * ", "; NULL when it has none. A phase inside "repeat K" has K samples a
 * run (runs: the point's measured runs): "sample 1 of 6 (run 1,
 * iteration 1 of 3: 940ms; median 150ms)". The caller frees it.
 */
char *report_outliers(const struct res_metric *m, unsigned runs);
/* Samples a run gives m: K for a phase inside "repeat K", else 1. */
size_t report_per_run(const struct res_metric *m, unsigned runs);
/* The metrics a person reads first (time, rate, uffd latency). */
bool report_headline(const struct res_metric *m);

/* One CSV field, quoted as RFC 4180 says where it must be, then ',' or CRLF. */
void report_csv_field(FILE *out, const char *s, bool last);

/* Each format's writer (report_write picks one). */
void report_json(FILE *out, const struct report_meta *m, const struct result *r,
		 const struct report_end *e);
void report_text(FILE *out, const struct report_meta *m, const struct result *r,
		 const struct report_end *e);
void report_csv(FILE *out, const struct report_meta *m, const struct result *r);
void report_ktap(FILE *out, const struct report_meta *m, const struct result *r,
		 const struct report_end *e);

#endif
