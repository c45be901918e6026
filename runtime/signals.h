// SPDX-License-Identifier: GPL-2.0-only
/*
 * signals: which signals stop scn's runs cleanly. Every command that can
 * change the machine (run, repl, a suite) blocks these before it starts a
 * thread and takes them in one place (sigwait or a signalfd), so that a
 * signal asks the run to stop and the run unwinds through its teardown,
 * which puts every knob back; none of them may kill scn outright. The
 * faces (cli/, repl/) take them; the runtime only names them, as one of
 * them is its own (RT_UFFD_WAKE_SIGNAL).
 */
#ifndef SCN_RT_SIGNALS_H
#define SCN_RT_SIGNALS_H

#include <signal.h>

/*
 * Every signal whose default action ends the process and that can be
 * caught: HUP, INT, QUIT, ABRT, PIPE, ALRM, TERM, USR1, USR2, STKFLT,
 * XCPU, XFSZ, VTALRM, PROF, IO, PWR and the real-time ones. Left out are
 * those the kernel raises in a thread that faults (SEGV, BUS, ILL, FPE,
 * TRAP, SYS): blocked, they would kill at once. abort() still aborts, as
 * it unblocks SIGABRT in its own thread first.
 */
void signals_stop_set(sigset_t *set);

/*
 * The same, plus what must be blocked without being waited for: the
 * signal the runtime sends its own uffd readers (RT_UFFD_WAKE_SIGNAL),
 * which only they unblock. The mask for every thread of a run.
 */
void signals_run_mask(sigset_t *set);

#endif
