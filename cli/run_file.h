// SPDX-License-Identifier: GPL-2.0-only
/*
 * run_file: a scenario as scn run takes it, for the runs here
 * (cmd_run.c) and those whose test host wrote no result
 * (run_testhost.c): its options as parsed, the file checked with them,
 * and what its result says of itself (results/report.h's meta).
 */
#ifndef SCN_CLI_RUN_FILE_H
#define SCN_CLI_RUN_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../common/source.h"
#include "../interp/ir.h"
#include "../runtime/features.h"
#include "../testhost/testhost.h"

struct report_meta;

/* scn run's options as parsed. */
struct run_args {
	const char **defines, **sweeps;
	size_t ndefines, nsweeps;
	unsigned repeat, warmup, timeout;
	int64_t wait_ns;		/* --wait: 0 not, -1 for ever */
	bool exclusive;			/* --exclusive: the lock without knobs */
	int ring;			/* --ring: an enum ring, RING_AUTO unless given */
	int format, ktap_test;
	const char *output, *state_dir, *file;
	bool quiet;
	const char *host_option;	/* the first host option given, or NULL */
	/*
	 * --or-kernel SPEC: host.kernel is a fallback, taken only where this
	 * machine cannot run the scenario (a SKIP before anything happens).
	 */
	bool or_kernel;
	struct th_opts host;		/* --kernel and the host options */
};

/*
 * Checks a->file with a's -D and --sweep against the machine facts and
 * features (has(); NULL: every feature, as scn check assumes);
 * diagnostics go to stderr. Returns 0 with *p, 65 for a bad scenario or
 * 64 for a file that cannot be read.
 */
int run_check(const struct run_args *a, const struct rt_facts *facts,
	      const struct rt_features *features, struct source_set *srcs,
	      struct ir_program **p);
/* The same without a word: the caller checks again where it matters. */
int run_check_silent(const struct run_args *a, const struct rt_facts *facts,
		     const struct rt_features *features, struct source_set *srcs,
		     struct ir_program **p);

/* What a result of a's run says about itself; the caller frees m->name. */
void run_meta_init(struct report_meta *m, const struct run_args *a,
		   const struct source_set *srcs, const struct rt_features *f);

#endif
