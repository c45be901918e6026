// SPDX-License-Identifier: GPL-2.0-only
/* cmd_run: "scn run" and "scn restore". */
#ifndef SCN_CMD_RUN_H
#define SCN_CMD_RUN_H

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
	/* --shard PART/OF: every OF-th point from PART (1..OF); 0: all. */
	unsigned shard_part, shard_of;
};

int cmd_run(int argc, char **argv);
/*
 * A --wait option's argument (NULL: for ever, -1) into *ns; false, with
 * the reason on stderr, when it is not a duration.
 */
bool parse_wait(const char *arg, int64_t *ns);
/*
 * A --timeout: whole seconds, bare or with the language's units ("120",
 * "120s", "2000ms"), 1 to max, into *out; false with the reason said.
 */
bool parse_seconds(const char *arg, unsigned max, unsigned *out);
/* A --shard PART/OF into part and of; false with the reason said. */
bool parse_shard(const char *arg, unsigned *part, unsigned *of);

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

/*
 * scn run --kernel: the same run (a scenario or a suite) in a test host;
 * its output streams out, -o's file comes back. Returns the exit code.
 */
int run_in_testhost(const struct run_args *a);

/* Whether --kernel names several kernels ("debian:6.12,debian:7.3"). */
bool run_kernel_list(const char *spec);
/*
 * scn run --kernel A,B FILE: the scenario on each kernel in turn, one
 * result whose points are the kernels (kernel_axis.h). The exit code.
 */
int run_kernel_axis(const struct run_args *a);

/* The parts of it the kernel axis (run_kernels.c) runs once a kernel. */
/*
 * Checks a's scenario for the test host o makes (saying its diagnostics
 * when say) and grows o's CPUs, memory and nodes to what it needs, where
 * not given. Returns 0 with *p, or an exit code (after a message).
 */
int run_th_prepare(const struct run_args *a, struct th_opts *o, bool say,
		   struct source_set *srcs, struct ir_program **p);
/* The scn run that runs inside, a NULL-ended argv; run_th_argv_free frees it. */
char **run_th_argv(const struct run_args *a);
void run_th_argv_free(char **argv);
/* Where in a launch's share the run inside leaves its -o file (freed). */
char *run_th_result_path(const char *share);
/* "r.json" -> "r.console.log", or with tag "r.TAG.console.log" (freed). */
char *run_th_log_beside(const char *output, const char *tag);
int cmd_restore(int argc, char **argv);

#endif
