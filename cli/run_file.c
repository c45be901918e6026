// SPDX-License-Identifier: GPL-2.0-only
/* run_file: a scenario as scn run takes it (see run_file.h). */
#include "run_file.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <time.h>

#include "../common/diag.h"
#include "../interp/check.h"
#include "../results/report.h"
#include "../runtime/fingerprint.h"

/* FNV-1a, 64 bits, over every file read (the scenario and its includes). */
static void scenario_hash(const struct source_set *srcs, char *buf, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (const struct source *s = srcs->head; s; s = s->next) {
		if (!s->path)
			continue;
		for (size_t i = 0; i < s->len; i++) {
			h ^= (unsigned char)s->text[i];
			h *= 0x100000001b3ULL;
		}
	}
	snprintf(buf, len, "fnv1a64:%016" PRIx64, h);
}

static void utc_now(char *buf, size_t len)
{
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* The machine of a result measured here: the runtime's fingerprint. */
static void machine_json(struct json_out *j, const struct report_machine *mc)
{
	rt_fingerprint_json(j, mc->ctx, mc->knobs);
}

static void machine_line(const struct report_machine *mc, char *buf, size_t len)
{
	rt_fingerprint_line(mc->ctx, buf, len);
}

void run_meta_init(struct report_meta *m, const struct run_args *a,
		   const struct source_set *srcs, const struct rt_features *f)
{
	*m = (struct report_meta){ .file = a->file, .defines = a->defines,
				   .ndefines = a->ndefines, .sweeps = a->sweeps,
				   .nsweeps = a->nsweeps, .repeat = a->repeat,
				   .warmup = a->warmup,
				   .machine = { .json = machine_json, .line = machine_line,
						.ctx = f },
				   .ktap_test = a->ktap_test };
	if (a->ring != RING_AUTO)
		m->ring = a->ring == RING_3 ? "3" : "0";
	m->name = path_stem(a->file, ".scn");
	scenario_hash(srcs, m->hash, sizeof(m->hash));
	utc_now(m->started, sizeof(m->started));
}

static int check_run_file(const struct run_args *a, const struct rt_facts *facts,
			  const struct rt_features *features, struct source_set *srcs,
			  struct ir_program **p, bool say)
{
	struct check_opts co = { .defines = a->defines, .ndefines = a->ndefines,
				 .sweeps = a->sweeps, .nsweeps = a->nsweeps,
				 .facts = *facts, .features = features };
	struct diag d;
	int rc;

	diag_init(&d);
	rc = check_file(srcs, a->file, &co, &d, p);
	if (say)
		diag_print(&d, stderr);		/* errors, or warnings */
	diag_free(&d);
	if (rc)
		return rc == -EINVAL ? 65 : 64;
	return 0;
}

int run_check(const struct run_args *a, const struct rt_facts *facts,
	      const struct rt_features *features, struct source_set *srcs,
	      struct ir_program **p)
{
	return check_run_file(a, facts, features, srcs, p, true);
}

int run_check_silent(const struct run_args *a, const struct rt_facts *facts,
		     const struct rt_features *features, struct source_set *srcs,
		     struct ir_program **p)
{
	return check_run_file(a, facts, features, srcs, p, false);
}
