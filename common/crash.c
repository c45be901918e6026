// SPDX-License-Identifier: GPL-2.0-only
#include "crash.h"

#include <execinfo.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include "util.h"

/*
 * Everything below runs in a signal handler of a process in an unknown
 * state: no stdio, no malloc; the line is built in a buffer on the stack
 * and written with write(2).
 */
struct line {
	char buf[320];
	size_t len;
};

static void put(struct line *l, const char *s)
{
	while (*s && l->len < sizeof(l->buf) - 1)
		l->buf[l->len++] = *s++;
}

static void put_num(struct line *l, uintmax_t v, unsigned base)
{
	char digits[3 * sizeof(v) + 1];
	size_t n = 0;

	do {
		digits[n++] = "0123456789abcdef"[v % base];
		v /= base;
	} while (v);
	if (base == 16)
		put(l, "0x");
	while (n && l->len < sizeof(l->buf) - 1)
		l->buf[l->len++] = digits[--n];
}

static void flush(struct line *l)
{
	const char *p = l->buf;

	l->buf[l->len++] = '\n';
	while (l->len) {
		ssize_t n = write(STDERR_FILENO, p, l->len);

		if (n <= 0)
			break;
		p += n;
		l->len -= (size_t)n;
	}
	l->len = 0;
}

static const char *signal_name(int sig)
{
	switch (sig) {
	case SIGSEGV:
		return "SIGSEGV";
	case SIGBUS:
		return "SIGBUS";
	case SIGILL:
		return "SIGILL";
	case SIGFPE:
		return "SIGFPE";
	case SIGABRT:
		return "SIGABRT";
	}
	return "a signal";
}

/* What the kernel's si_code says of a fault, where it is a common one. */
static const char *code_name(int sig, int code)
{
	if (sig == SIGSEGV && code == SEGV_MAPERR)
		return "no mapping there";
	if (sig == SIGSEGV && code == SEGV_ACCERR)
		return "not allowed by its protection";
	if (sig == SIGBUS && code == BUS_ADRALN)
		return "misaligned";
	if (sig == SIGBUS && code == BUS_ADRERR)
		return "no page behind it";
	if (sig == SIGBUS && code == BUS_OBJERR)
		return "a hardware error";
	return NULL;
}

/* The interrupted program counter and, where the ABI has one, the link register. */
static void context_pcs(const void *uc, uintptr_t *pc, uintptr_t *lr)
{
	const ucontext_t *c = uc;

	*pc = *lr = 0;
	if (!c)
		return;
#if defined(__x86_64__)
	*pc = (uintptr_t)c->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
	*pc = (uintptr_t)c->uc_mcontext.pc;
	*lr = (uintptr_t)c->uc_mcontext.regs[30];
#elif defined(__riscv)
	*pc = (uintptr_t)c->uc_mcontext.__gregs[0];	/* REG_PC */
	*lr = (uintptr_t)c->uc_mcontext.__gregs[1];	/* REG_RA */
#endif
}

/* Where addr2line finds the program, read at install (not in the handler). */
static char exe_path[256];
/* The command line, which says what was running (a suite's child: which scenario). */
static int saved_argc;
static char **saved_argv;

static void crash_handler(int sig, siginfo_t *si, void *uc)
{
	char name[17] = "";
	void *frames[48];
	struct line l = { .len = 0 };
	uintptr_t pc, lr;
	const char *why = code_name(sig, si->si_code);
	long tid = syscall(SYS_gettid);
	int n;

	prctl(PR_GET_NAME, name);
	put(&l, "scn: crashed: ");
	put(&l, signal_name(sig));
	if (si->si_code <= 0 && si->si_pid == getpid()) {
		/* abort(): an assertion, or glibc that found its heap broken. */
		put(&l, " raised by scn itself (abort)");
	} else if (si->si_code <= 0) {
		/* Not a fault of this thread: another process sent it. */
		put(&l, " sent by process ");
		put_num(&l, (uintmax_t)si->si_pid, 10);
	} else {
		put(&l, " at address ");
		put_num(&l, (uintmax_t)(uintptr_t)si->si_addr, 16);
		put(&l, " (");
		if (why) {
			put(&l, why);
		} else {
			put(&l, "si_code ");
			put_num(&l, (uintmax_t)si->si_code, 10);
		}
		put(&l, ")");
	}
	put(&l, " in thread '");
	put(&l, name);
	put(&l, "' (tid ");
	put_num(&l, (uintmax_t)tid, 10);
	/* The main thread's name is the program's ("exe" in a suite's child). */
	put(&l, tid == getpid() ? ", the main thread" : "");
	put(&l, "), scn " SCN_VERSION);
	flush(&l);
	if (saved_argc > 0) {
		put(&l, "scn: crashed: command:");
		for (int i = 0; i < saved_argc; i++) {
			put(&l, " ");
			put(&l, saved_argv[i]);
		}
		flush(&l);
	}
	context_pcs(uc, &pc, &lr);
	if (pc) {
		put(&l, "scn: crashed: pc ");
		put_num(&l, pc, 16);
		if (lr) {
			put(&l, ", link register ");
			put_num(&l, lr, 16);
		}
		flush(&l);
	}
	put(&l, "scn: backtrace (addr2line -f -i -e ");
	put(&l, exe_path[0] ? exe_path : "scn");
	put(&l, " resolves each address; a PIE's as its +offset):");
	flush(&l);
	n = backtrace(frames, (int)ARRAY_SIZE(frames));
	backtrace_symbols_fd(frames, n, STDERR_FILENO);
	/*
	 * The signal kills as it would have: returning re-runs the faulting
	 * instruction, now without a handler; a signal that was sent is sent
	 * again.
	 */
	signal(sig, SIG_DFL);
	if (si->si_code <= 0)
		raise(sig);
}

/*
 * SIGABRT too: scn's run commands block it in every thread and take it
 * from another process as a stop (a signal thread's sigwait), so the
 * handler sees it only where abort() unblocked it in its own.
 */
static const int reported[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT };

bool crash_reports(int sig)
{
	for (size_t i = 0; i < ARRAY_SIZE(reported); i++)
		if (reported[i] == sig)
			return true;
	return false;
}

void crash_report_install(int argc, char **argv)
{
	struct sigaction sa;
	void *warm[1];
	ssize_t n = readlink("/proc/self/exe", exe_path, sizeof(exe_path) - 1);

	exe_path[n > 0 ? n : 0] = '\0';
	saved_argc = argc;
	saved_argv = argv;
	/* The first backtrace may load the unwinder: not in the handler. */
	backtrace(warm, 1);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = crash_handler;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < ARRAY_SIZE(reported); i++)
		sigaction(reported[i], &sa, NULL);
}
