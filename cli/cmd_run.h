// SPDX-License-Identifier: GPL-2.0-only
/* cmd_run: "scn run" and "scn restore". */
#ifndef SCN_CMD_RUN_H
#define SCN_CMD_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../testhost/testhost.h"

/* scn run's options as parsed. */
struct run_args {
	const char **defines, **sweeps;
	size_t ndefines, nsweeps;
	unsigned repeat, warmup, timeout;
	int64_t wait_ns;		/* --wait: 0 not, -1 for ever */
	int format, ktap_test;
	const char *output, *state_dir, *file;
	bool quiet;
	bool host_options;		/* a host option was given */
	struct th_opts host;		/* --kernel and the host options */
};

int cmd_run(int argc, char **argv);
/*
 * A --wait option's argument (NULL: for ever, -1) into *ns; false, with
 * the reason on stderr, when it is not a duration.
 */
bool parse_wait(const char *arg, int64_t *ns);

/*
 * scn run --kernel: the same run (a scenario or a suite) in a test host;
 * its output streams out, -o's file comes back. Returns the exit code.
 */
int run_in_testhost(const struct run_args *a);
int cmd_restore(int argc, char **argv);

#endif
