// SPDX-License-Identifier: GPL-2.0-only
/*
 * crash: what scn says when it crashes. A fault that is scn's own bug
 * (SIGSEGV, SIGBUS, SIGILL, SIGFPE in any thread), or an abort() (glibc's
 * on a broken heap, say: SIGABRT), would otherwise end the
 * process with nothing but an exit status, and a crash seen once in a CI
 * log, in a test host no one can enter afterwards, could not be followed
 * up. The handler writes, to stderr, which signal at which address in
 * which thread, the command line, the program counter and a backtrace, then lets the signal
 * kill the process as before (the same status, a core where one is
 * configured). A host access that faults on purpose (runtime/mem.c's
 * touch) takes the signal first and passes it on when it is not its own.
 */
#ifndef SCN_CRASH_H
#define SCN_CRASH_H

#include <stdbool.h>

/*
 * Installs the handler for the whole process: main calls it first, with
 * its arguments, which the report repeats (they say what was running: a
 * suite's child names its scenario). argv must live as long as the process.
 */
void crash_report_install(int argc, char **argv);

/* Whether the handler reports sig: a process killed by it said why on stderr. */
bool crash_reports(int sig);

#endif
