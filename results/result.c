// SPDX-License-Identifier: GPL-2.0-only
/* result: the model of a run's result and its lookups (see result.h). */
#include "result.h"

#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

const char *res_better_name(enum res_better b)
{
	return b == RES_LOWER ? "lower" : b == RES_HIGHER ? "higher" : NULL;
}

void result_init(struct result *r, size_t npoints)
{
	memset(r, 0, sizeof(*r));
	arena_init(&r->arena);
	r->npoints = npoints;
	r->points = xcalloc(npoints + 1, sizeof(*r->points));
}

void res_metrics_free(struct res_metric *m, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(m[i].samples);
		free(m[i].outlier);
		if (m[i].owned)
			free((char *)m[i].name);
	}
}

static void free_lines(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void result_free(struct result *r)
{
	for (size_t i = 0; i < r->npoints; i++) {
		struct res_point *pt = &r->points[i];

		for (size_t k = 0; k < pt->nphases; k++) {
			res_metrics_free(pt->phases[k].metrics, pt->phases[k].nmetrics);
			free(pt->phases[k].metrics);
		}
		free(pt->phases);
		free_lines(pt->output, pt->noutput);
		free_lines(pt->errors, pt->nerrors);
		free_lines(pt->warnings, pt->nwarnings);
		free(pt->cell.samples);
	}
	free(r->points);
	arena_free(&r->arena);
	memset(r, 0, sizeof(*r));
}

void res_mark_outliers(struct res_metric *m)
{
	if (m->better == RES_NEUTRAL || m->n < 3)
		return;
	m->outlier = xcalloc(m->n, sizeof(*m->outlier));
	m->noutliers = stats_outliers(m->samples, m->n, m->outlier);
	if (!m->noutliers) {
		free(m->outlier);
		m->outlier = NULL;
	}
}

const struct res_metric *res_phase_metric(const struct res_phase *ph,
					  const char *name)
{
	for (size_t i = 0; i < ph->nmetrics; i++)
		if (!strcmp(ph->metrics[i].name, name))
			return &ph->metrics[i];
	return NULL;
}

const struct res_sweep *res_sweep_of(const struct result *r, const char *param)
{
	const struct res_sweep *sw = NULL;

	for (size_t s = 0; s < r->nsweeps; s++)
		if (!strcmp(r->sweeps[s].param, param))
			sw = &r->sweeps[s];
	return sw;
}

size_t res_sweep_index(const struct result *r, size_t point, const char *param)
{
	const struct res_point *pt = &r->points[point];

	for (size_t s = 0; s < r->nsweeps; s++)
		if (!strcmp(r->sweeps[s].param, param) && pt->sweep_at[s] != SIZE_MAX)
			return pt->sweep_at[s];
	return 0;
}

size_t res_table_point(const struct result *r, const struct res_sweep *rows,
		       size_t ri, const struct res_sweep *cols, size_t ci)
{
	for (size_t i = 0; i < r->npoints; i++)
		if (res_sweep_index(r, i, rows->param) == ri &&
		    (!cols || res_sweep_index(r, i, cols->param) == ci))
			return i;
	return r->npoints;
}

char *res_point_name(const struct res_point *pt)
{
	struct strbuf sb;

	sb_init(&sb);
	for (size_t k = 0; k < pt->nparams; k++) {
		if (!pt->params[k].swept)
			continue;
		if (sb.len)
			sb_putc(&sb, ',');
		sb_printf(&sb, "%s=", pt->params[k].name);
		sb_puts(&sb, pt->params[k].v.human);
	}
	return sb_steal(&sb);
}
