// SPDX-License-Identifier: GPL-2.0-only
/*
 * err: how the runtime reports a failure without printing: a function
 * returns -errno and fills a struct rt_err with a message that names the
 * call, e.g. "madvise(MADV_FREE): Invalid argument (errno 22)". The
 * interpreter adds the .scn location; the command line prints.
 *
 * The room (runtime/) is the machine: memory, knobs and their journal,
 * KSM, NUMA, vmstat, cgroups, userfaultfd, KVM (behind arch_api.h, one
 * folder per architecture), the feature probe (features.h) and the
 * fingerprint of a result. Plain C structs in, 0 or -errno and this
 * struct out; it knows nothing of the language, never prints and never
 * exits. It uses common/, guest/abi.h (what the guest program and the
 * host agree on) and testhost/job.h (a test host's facts file), nothing
 * else.
 */
#ifndef SCN_RT_ERR_H
#define SCN_RT_ERR_H

struct rt_err {
	char msg[320];
};

/* Sets the message; returns ret so that callers can "return rt_fail(...)". */
int rt_fail(struct rt_err *err, int ret, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The same for a failed system call: appends strerror and the errno. */
int rt_fail_errno(struct rt_err *err, int errnum, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
