// SPDX-License-Identifier: GPL-2.0-only
/*
 * limits: how many more threads this process may start. The kernel caps
 * tasks four ways: kernel.pid_max and kernel.threads-max for the whole
 * machine, RLIMIT_NPROC per user (root is exempt), and pids.max of each
 * cgroup up from this process's (v2, or v1's pids hierarchy). A run
 * that starts more threads than the smallest room allows fails half-way
 * in pthread_create; asked first, it can skip before any side effect.
 */
#ifndef SCN_RT_LIMITS_H
#define SCN_RT_LIMITS_H

#include <stddef.h>
#include <stdint.h>

/*
 * The threads this process may still start, the smallest room of the
 * limits above (INT64_MAX when none binds), and which limit that is,
 * with its figures, into why ("pids.max of cgroup /x is 3000, 2990 in
 * use").
 */
int64_t rt_thread_room(char *why, size_t len);

#endif
