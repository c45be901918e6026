// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_json: the JSON document of a run and its NDJSON stream
 * (docs/results.md, 3.1 and 3.2). Every statistic is written with the
 * samples it came from, so that a reader can recompute or re-test it.
 */
#include <string.h>

#include "../common/json_out.h"
#include "report.h"

/* A value as JSON: numbers in base units (bytes, seconds), words as strings. */
static void json_value(struct json_out *j, const struct res_value *v)
{
	switch (v->kind) {
	case RES_INT:
		jo_int(j, v->i);
		break;
	case RES_NUMBER:
		jo_number(j, v->r);
		break;
	case RES_BOOL:
		jo_bool(j, v->i != 0);
		break;
	case RES_STRING:
		jo_string(j, v->s);
		break;
	case RES_LIST:
		jo_array_inline(j);
		for (size_t i = 0; i < v->n; i++)
			json_value(j, &v->list[i]);
		jo_end(j);
		break;
	default:
		jo_null(j);
	}
}

static void json_params(struct json_out *j, const struct res_point *pt,
			bool swept_only)
{
	jo_object(j);
	for (size_t i = 0; i < pt->nparams; i++) {
		if (swept_only && !pt->params[i].swept)
			continue;
		jo_key(j, pt->params[i].name);
		json_value(j, &pt->params[i].v);
	}
	jo_end(j);
}

static void json_metric(struct json_out *j, const struct res_metric *m)
{
	jo_object(j);
	jo_kv_string(j, "unit", m->unit);
	jo_kv_string_or_null(j, "better", res_better_name(m->better));
	if (m->whose)
		jo_kv_string(j, "whose", m->whose);
	jo_kv_int(j, "n", (int64_t)m->n);
	jo_key(j, "samples");
	jo_array_inline(j);
	for (size_t i = 0; i < m->n; i++)
		jo_number(j, m->samples[i]);
	jo_end(j);
	jo_key(j, "outliers");
	jo_array_inline(j);
	for (size_t i = 0; m->outlier && i < m->n; i++)
		if (m->outlier[i])
			jo_int(j, (int64_t)i);
	jo_end(j);
	jo_kv_number(j, "min", m->sum.min);
	jo_kv_number(j, "median", m->sum.median);
	jo_kv_number(j, "mean", m->sum.mean);
	jo_kv_number(j, "max", m->sum.max);
	jo_kv_number(j, "stddev", m->sum.stddev);
	jo_end(j);
}

static void json_lines(struct json_out *j, char *const *lines, size_t n)
{
	jo_array(j);
	for (size_t i = 0; i < n; i++)
		jo_string(j, lines[i]);
	jo_end(j);
}

void report_json_point(struct json_out *j, const struct result *r, size_t i)
{
	const struct res_point *pt = &r->points[i];

	jo_object(j);
	jo_kv_int(j, "index", (int64_t)i + 1);
	jo_key(j, "params");
	json_params(j, pt, false);
	jo_key(j, "swept");
	json_params(j, pt, true);
	jo_kv_string(j, "status", pt->status);
	jo_kv_int(j, "runs", pt->runs);
	jo_key(j, "output");
	json_lines(j, pt->output, pt->noutput);
	jo_key(j, "errors");
	json_lines(j, pt->errors, pt->nerrors);
	jo_key(j, "warnings");
	json_lines(j, pt->warnings, pt->nwarnings);
	jo_key(j, "phases");
	jo_array(j);
	for (size_t k = 0; k < pt->nphases; k++) {
		const struct res_phase *ph = &pt->phases[k];

		jo_object(j);
		jo_kv_string(j, "name", ph->name);
		jo_kv_bool(j, "ran", ph->ran);
		jo_kv_bool(j, "failed", ph->failed);
		jo_key(j, "metrics");
		jo_object(j);
		for (size_t m = 0; m < ph->nmetrics; m++) {
			jo_key(j, ph->metrics[m].name);
			json_metric(j, &ph->metrics[m]);
		}
		jo_end(j);
		jo_end(j);
	}
	jo_end(j);
	jo_key(j, "table_value");
	if (pt->cell.ok)
		json_value(j, &pt->cell.v);
	else
		jo_null(j);
	jo_end(j);
}

static void json_strings(struct json_out *j, const char *const *v, size_t n)
{
	jo_array_inline(j);
	for (size_t i = 0; i < n; i++)
		jo_string(j, v[i]);
	jo_end(j);
}

/* The members a document and NDJSON's start line share. */
static void json_head(struct json_out *j, const struct report_meta *m,
		      const struct result *r)
{
	jo_kv_string(j, "schema", REPORT_SCHEMA);
	jo_kv_string(j, "scn_version", SCN_VERSION);
	jo_kv_string(j, "started", m->started);
	jo_key(j, "scenario");
	jo_object(j);
	jo_kv_string(j, "name", m->name);
	jo_kv_string(j, "file", m->file);
	jo_kv_string(j, "hash", m->hash);
	jo_key(j, "params");
	if (r->npoints)
		json_params(j, &r->points[0], false);
	else
		jo_null(j);
	jo_end(j);
	jo_key(j, "command");
	jo_object(j);
	jo_kv_int(j, "repeat", m->repeat ? m->repeat : 1);
	jo_kv_int(j, "warmup", m->warmup);
	if (m->ring)
		jo_kv_string(j, "ring", m->ring);
	jo_key(j, "defines");
	json_strings(j, m->defines, m->ndefines);
	jo_key(j, "sweeps");
	json_strings(j, m->sweeps, m->nsweeps);
	jo_end(j);
	jo_key(j, "fingerprint");
	if (!m->th) {
		m->machine.json(j, &m->machine);
		return;
	}
	/* No scn inside said where it ran: what the launcher knows. */
	jo_object(j);
	jo_key(j, "kernel");
	jo_object(j);
	jo_kv_string(j, "release", m->th->release);
	jo_kv_string(j, "cmdline", m->th->cmdline);
	jo_end(j);
	jo_key(j, "testhost");
	m->machine.json(j, &m->machine);
	jo_end(j);
}

/* The sweep table as rows × columns of cells (null where a point failed). */
static void json_table(struct json_out *j, const struct result *res)
{
	const struct res_table *t = res->table;
	const struct res_sweep *rows = NULL, *cols = NULL;

	if (!t) {
		jo_null(j);
		return;
	}
	rows = res_sweep_of(res, t->rows);
	if (t->cols)
		cols = res_sweep_of(res, t->cols);
	jo_object(j);
	jo_kv_string(j, "rows", t->rows);
	jo_kv_string_or_null(j, "cols", t->cols);
	jo_kv_string_or_null(j, "value", t->value_text);
	/* The unit the cells are in: what a plot's axis says. */
	jo_kv_string_or_null(j, "unit", t->cells_unit);
	jo_key(j, "row_values");
	jo_array_inline(j);
	for (size_t r = 0; rows && r < rows->n; r++)
		json_value(j, &rows->values[r]);
	jo_end(j);
	jo_key(j, "col_values");
	if (cols) {
		jo_array_inline(j);
		for (size_t c = 0; c < cols->n; c++)
			json_value(j, &cols->values[c]);
		jo_end(j);
	} else {
		jo_null(j);
	}
	jo_key(j, "cells");
	jo_array(j);
	for (size_t r = 0; rows && r < rows->n; r++) {
		jo_array_inline(j);
		for (size_t c = 0; c < (cols ? cols->n : 1); c++) {
			size_t i = res_table_point(res, rows, r, cols, c);

			if (i < res->npoints && res->points[i].cell.ok)
				json_value(j, &res->points[i].cell.v);
			else
				jo_null(j);
		}
		jo_end(j);
	}
	jo_end(j);
	/* Each cell's value after each measured run: its spread. */
	jo_key(j, "cell_samples");
	jo_array(j);
	for (size_t r = 0; rows && r < rows->n; r++) {
		jo_array_inline(j);
		for (size_t c = 0; c < (cols ? cols->n : 1); c++) {
			size_t i = res_table_point(res, rows, r, cols, c);
			const struct res_cell *cell = i < res->npoints ? &res->points[i].cell : NULL;

			jo_array_inline(j);
			for (size_t k = 0; cell && k < cell->n; k++)
				jo_number(j, cell->samples[k]);
			jo_end(j);
		}
		jo_end(j);
	}
	jo_end(j);
	jo_end(j);
}

void report_json(FILE *out, const struct report_meta *m, const struct result *r,
		 const struct report_end *e)
{
	struct json_out j;

	jo_init(&j, out, true);
	jo_object(&j);
	json_head(&j, m, r);
	jo_kv_string(&j, "status", e->status);
	jo_kv_int(&j, "exit_code", e->exit_code);
	jo_kv_string_or_null(&j, "skip_reason", e->skip_reason);
	if (m->th) {
		jo_key(&j, "oops");
		json_lines(&j, m->th->oops, m->th->noops);
		jo_kv_string_or_null(&j, "console_log", m->th->console_log);
	}
	jo_key(&j, "points");
	jo_array(&j);
	for (size_t i = 0; i < r->npoints; i++)
		if (r->points[i].done)
			report_json_point(&j, r, i);
	jo_end(&j);
	jo_key(&j, "table");
	json_table(&j, r);
	jo_end(&j);
	jo_done(&j);
}

/* ---- NDJSON ------------------------------------------------------------ */

static void nd_phase(void *ctx, const struct result *r, size_t point,
		     unsigned run, bool warmup, int phase,
		     const struct res_metric *values, size_t n)
{
	struct json_out j;

	jo_init(&j, ctx, false);
	jo_object(&j);
	jo_kv_string(&j, "type", "phase");
	jo_kv_int(&j, "point", (int64_t)point + 1);
	jo_kv_int(&j, "run", run);
	jo_kv_bool(&j, "warmup", warmup);
	jo_kv_string(&j, "phase", r->points[point].phase_names[phase]);
	jo_key(&j, "metrics");
	jo_object(&j);
	for (size_t i = 0; i < n; i++) {
		jo_kv_number(&j, values[i].name, values[i].n ? values[i].samples[values[i].n - 1] : 0);
	}
	jo_end(&j);
	jo_end(&j);
	jo_done(&j);
}

static void nd_point(void *ctx, const struct result *r, size_t point)
{
	struct json_out j;

	jo_init(&j, ctx, false);
	jo_object(&j);
	jo_kv_string(&j, "type", "point");
	jo_key(&j, "point");
	report_json_point(&j, r, point);
	jo_end(&j);
	jo_done(&j);
}

void report_ndjson_start(FILE *out, const struct report_meta *m,
			 const struct result *r, struct res_listener *l)
{
	struct json_out j;

	jo_init(&j, out, false);
	jo_object(&j);
	jo_kv_string(&j, "type", "start");
	json_head(&j, m, r);
	jo_end(&j);
	jo_done(&j);
	*l = (struct res_listener){ .ctx = out, .phase = nd_phase, .point = nd_point };
}
