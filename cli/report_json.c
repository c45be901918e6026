// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_json: the JSON document of a run and its NDJSON stream
 * (docs/results.md, 3.1 and 3.2). Every statistic is written with the
 * samples it came from, so that a reader can recompute or re-test it.
 */
#include <string.h>

#include "../common/json_copy.h"
#include "../common/json_out.h"
#include "../runtime/fingerprint.h"
#include "report.h"

/* A value as JSON: numbers in base units (bytes, seconds), words as strings. */
static void json_value(struct json_out *j, const struct value *v)
{
	switch (v->type) {
	case VT_INT:
	case VT_SIZE:
		jo_int(j, v->i);
		break;
	case VT_DURATION:
		jo_number(j, (double)v->i / 1e9);
		break;
	case VT_REAL:
		jo_number(j, v->r);
		break;
	case VT_BOOL:
		jo_bool(j, v->i != 0);
		break;
	case VT_STRING:
	case VT_WORD:
		jo_string(j, v->s);
		break;
	case VT_LIST:
		jo_array_inline(j);
		for (size_t i = 0; i < v->list.n; i++)
			json_value(j, &v->list.v[i]);
		jo_end(j);
		break;
	default:
		jo_null(j);
	}
}

void report_json_params(struct json_out *j, const struct ir_scenario *sc,
			bool swept_only)
{
	jo_object(j);
	for (size_t i = 0; i < sc->nparams; i++) {
		if (swept_only && sc->params[i].origin != ORIGIN_SWEEP)
			continue;
		jo_key(j, sc->params[i].name);
		json_value(j, &sc->params[i].value);
	}
	jo_end(j);
}

static const char *better_name(enum rec_better b)
{
	return b == REC_LOWER ? "lower" : b == REC_HIGHER ? "higher" : NULL;
}

static void json_metric(struct json_out *j, const struct rec_metric *m)
{
	jo_object(j);
	jo_kv_string(j, "unit", m->unit);
	jo_kv_string_or_null(j, "better", better_name(m->better));
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

void report_json_point(struct json_out *j, const struct record *rec, size_t i)
{
	const struct rec_point *pt = &rec->points[i];
	const struct ir_scenario *sc = &rec->p->points[i];

	jo_object(j);
	jo_kv_int(j, "index", (int64_t)i + 1);
	jo_key(j, "params");
	report_json_params(j, sc, false);
	jo_key(j, "swept");
	report_json_params(j, sc, true);
	jo_kv_string(j, "status", exec_status_name(pt->status));
	if (pt->skip_reason)
		jo_kv_string(j, "skip_reason", pt->skip_reason);
	if (pt->fingerprint) {	/* a point of the kernel axis: its own machine */
		jo_key(j, "fingerprint");
		jc_text_value(j, pt->fingerprint);
	}
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
		const struct rec_phase *ph = &pt->phases[k];

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
		      const struct ir_program *p)
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
	if (p->npoints)
		report_json_params(j, &p->points[0], false);
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
	if (m->nkernels) {
		jo_key(j, "kernels");
		json_strings(j, m->kernels, m->nkernels);
	}
	if (m->shard_of) {
		jo_key(j, "shard");
		jo_object(j);
		jo_kv_int(j, "part", m->shard_part);
		jo_kv_int(j, "of", m->shard_of);
		jo_kv_int(j, "points", (int64_t)m->shard_points);
		jo_end(j);
	}
	jo_end(j);
	jo_key(j, "fingerprint");
	if (m->features) {
		rt_fingerprint_json(j, m->features, m->knobs);
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
	rt_testhost_json(j, m->th->facts);
	jo_end(j);
}

/* The sweep table as rows × columns of cells (null where a point failed). */
static void json_table(struct json_out *j, const struct record *rec)
{
	const struct ir_program *p = rec->p;
	const struct ir_table *t = p->table;
	const struct ir_sweep *rows = NULL, *cols = NULL;

	if (!t) {
		jo_null(j);
		return;
	}
	for (size_t s = 0; s < p->nsweeps; s++) {
		if (!strcmp(p->sweeps[s].param, t->rows))
			rows = &p->sweeps[s];
		if (t->cols && !strcmp(p->sweeps[s].param, t->cols))
			cols = &p->sweeps[s];
	}
	jo_object(j);
	jo_kv_string(j, "rows", t->rows);
	jo_kv_string_or_null(j, "cols", t->cols);
	jo_kv_string_or_null(j, "value", t->value_text);
	/* The unit the cells are in: what a plot's axis says. */
	jo_kv_string_or_null(j, "unit", t->unit ? t->unit :
				     t->value->type == VT_DURATION ? "s" :
				     t->value->type == VT_SIZE ? "B" : NULL);
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
			size_t i = report_table_point(p, rows, r, cols, c);

			if (i < p->npoints && rec->points[i].cell.ok)
				json_value(j, &rec->points[i].cell.v);
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
			size_t i = report_table_point(p, rows, r, cols, c);
			const struct exec_cell *cell = i < p->npoints ? &rec->points[i].cell : NULL;

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

void report_json(FILE *out, const struct report_meta *m, const struct record *rec,
		 const struct report_end *e)
{
	struct json_out j;

	jo_init(&j, out, true);
	jo_object(&j);
	json_head(&j, m, rec->p);
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
	for (size_t i = 0; i < rec->p->npoints; i++)
		if (rec->points[i].done)
			report_json_point(&j, rec, i);
	jo_end(&j);
	jo_key(&j, "table");
	json_table(&j, rec);
	jo_end(&j);
	jo_done(&j);
}

/* ---- NDJSON ------------------------------------------------------------ */

static void nd_phase(void *ctx, const struct record *rec, size_t point,
		     unsigned run, bool warmup, int phase,
		     const struct rec_metric *values, size_t n)
{
	struct json_out j;

	jo_init(&j, ctx, false);
	jo_object(&j);
	jo_kv_string(&j, "type", "phase");
	jo_kv_int(&j, "point", (int64_t)point + 1);
	jo_kv_int(&j, "run", run);
	jo_kv_bool(&j, "warmup", warmup);
	jo_kv_string(&j, "phase", rec->p->points[point].phases[phase].name);
	jo_key(&j, "metrics");
	jo_object(&j);
	for (size_t i = 0; i < n; i++) {
		jo_kv_number(&j, values[i].name, values[i].n ? values[i].samples[values[i].n - 1] : 0);
	}
	jo_end(&j);
	jo_end(&j);
	jo_done(&j);
}

static void nd_point(void *ctx, const struct record *rec, size_t point)
{
	struct json_out j;

	jo_init(&j, ctx, false);
	jo_object(&j);
	jo_kv_string(&j, "type", "point");
	jo_key(&j, "point");
	report_json_point(&j, rec, point);
	jo_end(&j);
	jo_done(&j);
}

void report_ndjson_start(FILE *out, const struct report_meta *m,
			 const struct ir_program *p, struct rec_listener *l)
{
	struct json_out j;

	jo_init(&j, out, false);
	jo_object(&j);
	jo_kv_string(&j, "type", "start");
	json_head(&j, m, p);
	jo_end(&j);
	jo_done(&j);
	*l = (struct rec_listener){ .ctx = out, .phase = nd_phase, .point = nd_point };
}
