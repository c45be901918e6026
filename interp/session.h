// SPDX-License-Identifier: GPL-2.0-only
#ifndef SCN_SESSION_H
#define SCN_SESSION_H

#include "exec.h"

/*
 * A session: the REPL's one run, grown input by input. Each input is
 * checked with everything accepted before it, as one text, so that a
 * newer scenario extends the older one: its backings, uffds and phases
 * keep their indices and new ones come after. The session adopts the
 * newer scenario and runs the top-level operations the older one did not
 * have; the knobs' lock and journal are taken at the first knob set.
 * The caller keeps every adopted scenario alive until it adopts another
 * or closes the session.
 */
struct exec_session;
struct rt_mem;
struct rt_uffd;
struct rt_knobs;
struct rt_vm;

/* o is copied; a journal left behind or a lock held is an error in d. */
int exec_session_open(const struct exec_opts *o, struct diag *d,
		      struct exec_session **out);
/* Makes sc the session's scenario (NULL: the empty one). -E2BIG past 256 uffds. */
int exec_session_adopt(struct exec_session *s, const struct ir_scenario *sc);
/* The checks of a run before any side effect, for sc: an enum exec_status. */
int exec_session_preflight(struct exec_session *s,
			   const struct ir_scenario *sc, struct diag *d,
			   char *reason, size_t len);
/*
 * Runs the top-level operations [first, end) of the adopted scenario.
 * Returns EXEC_PASS, EXEC_FAIL (an expectation failed), EXEC_INTERRUPTED
 * (o->stop was set), or -EIO when an operation failed; messages go to d.
 */
int exec_session_run(struct exec_session *s, size_t first, size_t end,
		     struct diag *d);
/* Runs phase i once more; a run cut short leaves no sample. As above. */
int exec_session_run_phase(struct exec_session *s, int phase, struct diag *d);
/*
 * Undoes the last exec_session_run() that broke: what its operations made
 * beyond old (uffds, memory, phase results) is freed, the knobs it set are
 * put back, and old is adopted again.
 */
void exec_session_rollback(struct exec_session *s,
			   const struct ir_scenario *old);
/* Stops every service, frees all memory, restores every knob. s may be NULL. */
void exec_session_close(struct exec_session *s, struct diag *d);

/* What the session holds, for the REPL's show command. */
const struct run_samples *exec_session_results(const struct exec_session *s);
/* The memory of a backing or region, or NULL when it was not made. */
const struct rt_mem *exec_session_mem(const struct exec_session *s, int backing);
/* The service of uffd i, or NULL when it was not started. */
const struct rt_uffd *exec_session_uffd(const struct exec_session *s, int i);
/*
 * VM i with its vCPU threads, or NULL when it was not made. Only between
 * inputs: nothing else uses it then.
 */
struct rt_vm *exec_session_vm(const struct exec_session *s, int i);
/* The knobs' journal, or NULL before the first knob was set. */
const struct rt_knobs *exec_session_knobs(const struct exec_session *s);

#endif
