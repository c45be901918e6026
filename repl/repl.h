// SPDX-License-Identifier: GPL-2.0-only
/*
 * repl: "scn repl", the scn language one input at a time against live
 * state, as a face of its own beside cli/: this header is all that cli/
 * sees of it. The room reads a person's inputs (edit.h), keeps the
 * session (session.h, over interp/session.h and the checker), shows
 * what it holds (show.h, show_vm.h) and saves it as a scenario (save.h);
 * state.h is what they all read. It uses interp/, results/, runtime/,
 * grammar/ and common/, never cli/.
 */
#ifndef SCN_REPL_REPL_H
#define SCN_REPL_REPL_H

#include <stdbool.h>
#include <stdint.h>

struct repl_opts {
	const char *state_dir;		/* journal and lock; NULL: /run/scn */
	int64_t wait_ns;		/* --wait: for the knobs lock at the first set */
	bool quiet;			/* no "# " progress lines */
};

/*
 * The REPL on standard input and output, on this machine, until the end
 * of input, quit or a signal. Returns scn's exit code: 0; 1 when the
 * session could not open or close, or a script had an input refused or
 * failing; 128+N after signal N; 70 without a signal thread.
 */
int repl_main(const struct repl_opts *o);

#endif
