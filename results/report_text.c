// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_text: the formats for people and spreadsheets. Text is what
 * `scn run` always printed (the print lines as they come, a sweep's
 * table) and, when a phase has several samples, a summary of each
 * phase's time and rate; CSV has a row per point, phase and metric.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"
#include "report.h"

/* A cell padded to its column, but for the last of a line. */
static void put_cell(struct strbuf *line, const char *text, int width, bool last)
{
	if (last)
		sb_puts(line, text);
	else
		sb_printf(line, "%-*s  ", width, text);
}

/*
 * Columns [first, ncols) of rows of cells, aligned: the widest cell of
 * each column sets its width; the first row bold when color.
 */
static void print_rows(FILE *out, char ***cells, size_t nrows, size_t first,
		       size_t ncols, bool color)
{
	size_t *width = xcalloc(ncols + 1, sizeof(*width));

	for (size_t r = 0; r < nrows; r++)
		for (size_t c = first; c < ncols; c++)
			if (strlen(cells[r][c]) > width[c])
				width[c] = strlen(cells[r][c]);
	for (size_t r = 0; r < nrows; r++) {
		struct strbuf line;

		sb_init(&line);
		for (size_t c = first; c < ncols; c++)
			put_cell(&line, cells[r][c], (int)width[c], c + 1 == ncols);
		if (color && r == 0)
			fprintf(out, "\033[1m%s\033[0m\n", line.buf);
		else
			fprintf(out, "%s\n", line.buf);
		sb_free(&line);
	}
	free(width);
}

static void free_rows(char ***cells, size_t nrows, size_t ncols)
{
	for (size_t r = 0; r < nrows; r++) {
		for (size_t c = 0; c < ncols; c++)
			free(cells[r][c]);
		free(cells[r]);
	}
	free(cells);
}

/*
 * A cell of the table: a real to four significant digits (40376, 85.33,
 * 0.0007560), as a rate of 40375.562919 pages/s has no six decimals to
 * tell; everything else as a print statement shows it.
 */
static void table_cell(struct strbuf *sb, const struct res_value *v)
{
	if (v->kind == RES_NUMBER && v->real && isfinite(v->r) && v->r != 0) {
		int mag = (int)floor(log10(fabs(v->r)));
		int dec = mag >= 3 ? 0 : 3 - mag;

		sb_printf(sb, "%.*f", dec > 12 ? 12 : dec, v->r);
		return;
	}
	sb_puts(sb, v->text);
}

/*
 * The table of a sweep, as the EPOLL patch printed its readers against
 * poll and epoll: a row per value of rows=, a column per value of cols=.
 * What the cells are, and their unit=, head it: in the header without
 * cols=, else on a line of its own above.
 */
static void print_table(const struct result *res, FILE *out)
{
	const struct res_table *t = res->table;
	const struct res_sweep *rows = NULL, *cols = NULL;
	size_t nr, nc, i, r, c;
	char ***text;

	rows = res_sweep_of(res, t->rows);
	if (t->cols)
		cols = res_sweep_of(res, t->cols);
	if (!rows)
		return;
	nr = rows->n;
	nc = cols ? cols->n : 1;
	text = xcalloc(nr + 1, sizeof(*text));
	for (r = 0; r <= nr; r++)
		text[r] = xcalloc(nc + 1, sizeof(**text));
	/* Row 0 and column 0 are the headers. */
	text[0][0] = xstrdup(t->rows);
	for (c = 0; c < nc; c++) {
		struct strbuf sb;

		sb_init(&sb);
		if (cols)
			sb_puts(&sb, cols->values[c].human);
		else
			sb_puts(&sb, t->value_text ? t->value_text : "value");
		if (!cols && t->unit)
			sb_printf(&sb, " (%s)", t->unit);
		text[0][c + 1] = sb_steal(&sb);
	}
	if (cols)
		fprintf(out, "%s%s%s%s\n", t->value_text ? t->value_text : "value",
			t->unit ? " (" : "", t->unit ? t->unit : "", t->unit ? ")" : "");
	for (r = 0; r < nr; r++) {
		struct strbuf sb;

		sb_init(&sb);
		sb_puts(&sb, rows->values[r].human);
		text[r + 1][0] = sb_steal(&sb);
	}
	for (i = 0; i < res->npoints; i++) {
		struct strbuf sb;

		r = res_sweep_index(res, i, t->rows);
		c = cols ? res_sweep_index(res, i, t->cols) : 0;
		sb_init(&sb);
		if (res->points[i].cell.ok)
			table_cell(&sb, &res->points[i].cell.v);
		else
			sb_puts(&sb, "-");
		free(text[r + 1][c + 1]);
		text[r + 1][c + 1] = sb_steal(&sb);
	}
	/* A point that did not run leaves its cell empty. */
	for (r = 0; r <= nr; r++)
		for (c = 0; c <= nc; c++)
			if (!text[r][c])
				text[r][c] = xstrdup("-");
	print_rows(out, text, nr + 1, 0, nc + 1, false);
	free_rows(text, nr + 1, nc + 1);
}


void report_put_stat(struct strbuf *sb, double v, const char *unit)
{
	static const struct {
		double scale;
		const char *suffix;
	} secs[] = { { 1, "s" }, { 1e-3, "ms" }, { 1e-6, "us" }, { 1e-9, "ns" } },
	  rates[] = { { 1e9, "G/s" }, { 1e6, "M/s" }, { 1e3, "k/s" }, { 1, "/s" } };
	size_t i;

	if (!strcmp(unit, "s")) {
		for (i = 0; i + 1 < ARRAY_SIZE(secs) && fabs(v) < secs[i].scale && v != 0; i++)
			;
		sb_printf(sb, "%.4g%s", v / secs[i].scale, secs[i].suffix);
	} else if (!strcmp(unit, "pages/s")) {
		for (i = 0; i + 1 < ARRAY_SIZE(rates) && fabs(v) < rates[i].scale; i++)
			;
		sb_printf(sb, "%.4g%s", v / rates[i].scale, rates[i].suffix);
	} else {
		sb_printf(sb, "%.6g", v);
	}
}

/* Outliers named one by one on a line; the rest are counted (JSON has them). */
#define OUTLIERS_SHOWN 5

size_t report_per_run(const struct res_metric *m, unsigned runs)
{
	return runs && m->n > runs && m->n % runs == 0 ? m->n / runs : 1;
}

char *report_outliers(const struct res_metric *m, unsigned runs)
{
	size_t k = report_per_run(m, runs);
	struct strbuf sb;
	size_t shown = 0;

	if (!m->noutliers)
		return NULL;
	sb_init(&sb);
	for (size_t i = 0; i < m->n; i++) {
		if (!m->outlier[i])
			continue;
		if (shown++ == OUTLIERS_SHOWN) {
			sb_printf(&sb, ", and %zu more (the JSON result lists them)",
				  m->noutliers - OUTLIERS_SHOWN);
			break;
		}
		sb_printf(&sb, "%ssample %zu of %zu (", sb.len ? ", " : "", i + 1, m->n);
		if (k > 1)
			sb_printf(&sb, "run %zu, iteration %zu of %zu: ", i / k + 1, i % k + 1, k);
		report_put_stat(&sb, m->samples[i], m->unit);
		sb_puts(&sb, "; median ");
		report_put_stat(&sb, m->sum.median, m->unit);
		sb_putc(&sb, ')');
	}
	return sb_steal(&sb);
}

/* Calls fn on every metric of every phase of every point, with its names. */
static void each_metric(const struct result *r,
			void (*fn)(const char *point, const char *phase,
				   const struct res_metric *x, void *ctx),
			void *ctx)
{
	for (size_t i = 0; i < r->npoints; i++) {
		const struct res_point *pt = &r->points[i];
		char *pname = res_point_name(pt);

		for (size_t k = 0; k < pt->nphases; k++)
			for (size_t m = 0; m < pt->phases[k].nmetrics; m++)
				fn(pname, pt->phases[k].name, &pt->phases[k].metrics[m], ctx);
		free(pname);
	}
}

/*
 * What a first sample far off is. --warmup drops whole runs: it helps a
 * first run, not the first iteration of a phase inside "repeat", which
 * each run has again (dirty_log.scn's iteration 1 before it was a phase
 * of its own).
 */
static const char *first_note(const struct res_metric *x, unsigned runs)
{
	size_t k = report_per_run(x, runs);

	if (k == 1)
		return x->outlier[0] ? " (the first: --warmup N drops first runs)" : "";
	for (size_t i = 0; i < x->n; i += k)
		if (x->outlier[i])
			return " (an iteration 1 of the phase's repeat: --warmup drops whole runs, "
			       "not it; an iteration unlike the others wants a phase of its own)";
	return "";
}

/* A line per metric with outliers, under the summary. */
static void print_outliers(FILE *out, const struct result *r)
{
	for (size_t i = 0; i < r->npoints; i++) {
		const struct res_point *pt = &r->points[i];
		char *point = res_point_name(pt);

		for (size_t k = 0; k < pt->nphases; k++)
			for (size_t m = 0; m < pt->phases[k].nmetrics; m++) {
				const struct res_metric *x = &pt->phases[k].metrics[m];
				char *which = report_outliers(x, pt->runs);

				if (which)
					fprintf(out, "outlier: %s%s%s %s: %s, far from the others%s\n",
						point, point[0] ? " " : "", pt->phases[k].name,
						x->name, which, first_note(x, pt->runs));
				free(which);
			}
		free(point);
	}
}

bool report_headline(const struct res_metric *m)
{
	static const char *const names[] = { "time", "rate", "uffd.p50", "uffd.p99" };

	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(m->name, names[i]))
			return true;
	return false;
}

static const char *const summary_head[] = { "point", "phase", "metric", "n",
					    "min", "median", "mean", "max", "stddev" };
enum { SUMMARY_COLS = ARRAY_SIZE(summary_head) };

struct summary {
	char ***rows;
	size_t n, cap;
	bool many;		/* a metric has several samples */
};

static void note_many(const char *point, const char *phase,
		      const struct res_metric *x, void *ctx)
{
	struct summary *s = ctx;

	(void)point;
	(void)phase;
	s->many |= x->n > 1;
}

static void summary_row(const char *point, const char *phase,
			const struct res_metric *x, void *ctx)
{
	struct summary *s = ctx;
	const double v[] = { x->sum.min, x->sum.median, x->sum.mean,
			     x->sum.max, x->sum.stddev };
	char **row;

	if (!report_headline(x))
		return;
	row = xcalloc(SUMMARY_COLS, sizeof(*row));
	row[0] = xstrdup(point[0] ? point : "-");
	row[1] = xstrdup(phase);
	row[2] = xstrdup(x->name);
	row[3] = xasprintf("%zu", x->n);
	for (size_t k = 0; k < ARRAY_SIZE(v); k++) {
		struct strbuf sb;

		sb_init(&sb);
		report_put_stat(&sb, v[k], x->unit);
		row[4 + k] = sb_steal(&sb);
	}
	VEC_PUSH(s->rows, s->n, s->cap, row);
}

static void print_summary(FILE *out, const struct result *r, bool color)
{
	struct summary s = { 0 };
	char **head;

	each_metric(r, note_many, &s);
	if (!s.many)
		return;
	head = xcalloc(SUMMARY_COLS, sizeof(*head));
	for (size_t c = 0; c < SUMMARY_COLS; c++)
		head[c] = xstrdup(summary_head[c]);
	VEC_PUSH(s.rows, s.n, s.cap, head);
	each_metric(r, summary_row, &s);
	/* Without a sweep the point column says nothing. */
	print_rows(out, s.rows, s.n, r->nsweeps ? 0 : 1, SUMMARY_COLS, color);
	free_rows(s.rows, s.n, SUMMARY_COLS);
}

void report_text(FILE *out, const struct report_meta *m, const struct result *r,
		 const struct report_end *e)
{
	if (r->table)
		print_table(r, out);
	print_summary(out, r, m->color);
	print_outliers(out, r);
	if (e->skip_reason)
		fprintf(out, "# SKIP %s\n", e->skip_reason);
}

/* RFC 4180: a field with a comma, quote or line break is quoted. */
void report_csv_field(FILE *out, const char *s, bool last)
{
	if (strpbrk(s, ",\"\r\n")) {
		fputc('"', out);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', out);
			fputc(*s, out);
		}
		fputc('"', out);
	} else {
		fputs(s, out);
	}
	fputs(last ? "\r\n" : ",", out);
}

void report_csv(FILE *out, const struct report_meta *m, const struct result *r)
{
	static const char *const tail_head[] = { "phase", "metric", "unit", "n", "min",
						 "median", "mean", "max", "stddev" };

	(void)m;
	report_csv_field(out, "point", false);
	for (size_t s = 0; s < r->nsweeps; s++)
		report_csv_field(out, r->sweeps[s].param, false);
	for (size_t c = 0; c < ARRAY_SIZE(tail_head); c++)
		report_csv_field(out, tail_head[c], c + 1 == ARRAY_SIZE(tail_head));
	for (size_t i = 0; i < r->npoints; i++) {
		const struct res_point *pt = &r->points[i];

		for (size_t k = 0; k < pt->nphases; k++)
			for (size_t x = 0; x < pt->phases[k].nmetrics; x++) {
				const struct res_metric *mt = &pt->phases[k].metrics[x];
				const double v[] = { mt->sum.min, mt->sum.median, mt->sum.mean,
						     mt->sum.max, mt->sum.stddev };
				char buf[64];

				fprintf(out, "%zu,", i + 1);
				for (size_t s = 0; s < r->nsweeps; s++)
					report_csv_field(out, r->sweeps[s].values[
						res_sweep_index(r, i, r->sweeps[s].param)].text,
							 false);
				report_csv_field(out, pt->phases[k].name, false);
				report_csv_field(out, mt->name, false);
				report_csv_field(out, mt->unit, false);
				fprintf(out, "%zu,", mt->n);
				for (size_t s = 0; s < ARRAY_SIZE(v); s++) {
					snprintf(buf, sizeof(buf), "%.15g", v[s]);
					report_csv_field(out, buf, s + 1 == ARRAY_SIZE(v));
				}
			}
	}
}
