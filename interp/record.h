// SPDX-License-Identifier: GPL-2.0-only
/*
 * record: interp's half of a result. It listens to exec (its observer)
 * and fills a results/ document (results/result.h) as the run goes:
 * before it, the shape of every sweep point (its parameters, its phases,
 * where it sits in the sweeps and the table) from the IR; at the end of
 * each point, its status, print lines and errors, and for every phase
 * every metric's samples over the measured runs with their summary.
 * The writers (results/report.h) take rec->res; a listener hears each
 * phase and point as it ends (NDJSON). What the IR and the run's samples
 * are stays here: results/ sees plain values only.
 */
#ifndef SCN_RECORD_H
#define SCN_RECORD_H

#include <stdbool.h>
#include <stdio.h>

#include "../common/diag.h"
#include "../results/result.h"
#include "exec.h"
#include "ir.h"

struct record {
	const struct ir_program *p;
	struct result res;		/* the document, [p->npoints] points */
	struct diag *d;
	size_t diag_mark;		/* d->len when the point started */
	FILE *capture;			/* print lines go here, or NULL */
	char *capture_buf;
	size_t capture_len, capture_mark;
	bool last_warmup;		/* the run before was a warm-up */
	const struct res_listener *live;
	struct exec_observer obs;
};

/*
 * Starts an empty record of p; errors are read from d. With capture, the
 * print lines of each point are kept (exec must print to rec->capture);
 * live may be NULL.
 */
void record_init(struct record *rec, const struct ir_program *p,
		 struct diag *d, bool capture, const struct res_listener *live);
void record_free(struct record *rec);

#endif
