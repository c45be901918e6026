// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of common/crash: a child that really faults (a store to an
 * unmapped address in a named thread) must die of the same signal as
 * without the handler, after saying on stderr which signal, address and
 * thread, the program counter, and a backtrace of this program. Also
 * after runtime/mem's touch has put its own handler in front: a fault
 * that is not a touch's still reaches the report, and a touch's fault
 * is still the touch's error.
 */
#include "../../common/crash.h"
#include "../../runtime/mem.h"
#include "tap.h"

#include <pthread.h>
#include <signal.h>
#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define BAD_ADDRESS 0x10

/* volatile: the compiler cannot see that the address is a bad one. */
static volatile uintptr_t bad_address = BAD_ADDRESS;

static void *fault_main(void *arg)
{
	(void)arg;
	pthread_setname_np(pthread_self(), "crash-test");
	*(volatile int *)bad_address = 1;
	return NULL;
}

/* In the child: install, maybe touch first, then fault in a thread. */
static void child(bool touch_first)
{
	char *argv[] = { "test_crash", "run", "x.scn", NULL };
	pthread_t t;

	crash_report_install(3, argv);
	if (touch_first) {
		struct rt_mem m = { 0 };
		struct rt_err err = { 0 };
		atomic_llong touched = 0, faults = 0;
		struct rt_touch tc = { .size = 4096, .write = true, .byte = 1,
				       .on_fault = RT_FAULT_FAIL,
				       .touched = &touched, .faults = &faults };

		if (rt_mem_create(&m, BACKING_ANON, 4096, 4096, 0, -1, -1, &err) ||
		    rt_mem_mprotect(&m, 0, 4096, RT_PROT_RO, &err))
			_exit(10);
		/* A touch's own fault: its error, not a crash. */
		if (rt_mem_touch(&m, &tc, &err) != -EFAULT)
			_exit(11);
	}
	pthread_create(&t, NULL, fault_main, NULL);
	pthread_join(t, NULL);
	_exit(12);	/* the store did not fault */
}

/* Runs child(touch_first) and returns its stderr; *status its wait status. */
static char *run_child(bool touch_first, int *status)
{
	static char out[16384];
	size_t len = 0;
	ssize_t n;
	int fds[2];
	pid_t pid;

	if (pipe(fds))
		return NULL;
	pid = fork();
	if (pid == 0) {
		dup2(fds[1], STDERR_FILENO);
		close(fds[0]);
		child(touch_first);
	}
	close(fds[1]);
	while (len < sizeof(out) - 1 &&
	       (n = read(fds[0], out + len, sizeof(out) - 1 - len)) > 0)
		len += (size_t)n;
	out[len] = '\0';
	close(fds[0]);
	waitpid(pid, status, 0);
	return out;
}

static int count_lines(const char *s, const char *needle)
{
	int n = 0;

	for (const char *p = s; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

static void crash_reported(bool touch_first)
{
	const char *how = touch_first ? "after a touch's handler" : "alone";
	int status = 0;
	char *out = run_child(touch_first, &status);
	char want[128];

	if (!tap_ok(out != NULL, "%s: the child ran", how))
		return;
	if (!tap_ok(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV,
		    "%s: the child died of SIGSEGV, as without the handler", how))
		printf("# wait status 0x%x (exit %d): %s\n", status,
		       WIFEXITED(status) ? WEXITSTATUS(status) : -1, out);
	snprintf(want, sizeof(want),
		 "scn: crashed: SIGSEGV at address 0x%x (no mapping there) in thread 'crash-test' (tid ",
		 BAD_ADDRESS);
	if (!tap_ok(strstr(out, want) != NULL, "%s: signal, address, cause and thread said", how))
		printf("# wanted: %s\n# stderr:\n%s\n", want, out);
	tap_ok(strstr(out, "\nscn: crashed: command: test_crash run x.scn\n") != NULL,
	       "%s: the command line said", how);
	tap_ok(strstr(out, "scn: crashed: pc 0x") != NULL, "%s: the program counter said", how);
	tap_ok(strstr(out, "scn: backtrace (addr2line -f -i -e ") != NULL,
	       "%s: a backtrace, with how to resolve it", how);
	/* The frames: the handler's, the fault's, the thread's start. */
	if (!tap_ok(count_lines(out, "[0x") >= 3, "%s: at least three frames", how))
		printf("# stderr:\n%s\n", out);
}

/* abort(): glibc's answer to a broken heap, reported as its own. */
static void abort_reported(void)
{
	char *argv[] = { "test_crash", NULL };
	char out[8192];
	size_t len = 0;
	ssize_t n;
	int fds[2], status = 0;
	pid_t pid;

	if (pipe(fds))
		return;
	pid = fork();
	if (pid == 0) {
		dup2(fds[1], STDERR_FILENO);
		close(fds[0]);
		crash_report_install(1, argv);
		abort();
	}
	close(fds[1]);
	while (len < sizeof(out) - 1 && (n = read(fds[0], out + len, sizeof(out) - 1 - len)) > 0)
		len += (size_t)n;
	out[len] = '\0';
	close(fds[0]);
	waitpid(pid, &status, 0);
	tap_ok(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
	       "abort(): the child died of SIGABRT, as without the handler");
	if (!tap_ok(strstr(out, "scn: crashed: SIGABRT raised by scn itself (abort) in thread 'test_crash' (tid ") != NULL &&
		    strstr(out, "scn: backtrace (addr2line") != NULL,
		    "abort(): said as scn's own, with a backtrace"))
		printf("# stderr:\n%s\n", out);
}

int main(void)
{
	crash_reported(false);
	crash_reported(true);
	abort_reported();
	return tap_done();
}
