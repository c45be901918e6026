// SPDX-License-Identifier: GPL-2.0-only
/*
 * vcpu: vCPU threads and the jobs they run.
 *
 * Every vCPU is a thread for the life of its VM (pinned if asked), idle
 * on its mailbox until a command comes: a job over guest memory, an MMU
 * reset, or the end. rt_vcpus_run() gives one job to a range of vCPUs
 * and waits at a barrier that needs every one's report: no sleep, no
 * polling of the vCPUs. The wait wakes on a timer only to follow a stop
 * (Ctrl-C, --timeout, a watchdog that fired, a failing sibling: the
 * vCPUs still at work are kicked out of KVM_RUN by a signal and
 * immediate_exit, and their last exit is kept for the message) and to
 * feed a progress counter, which a watchdog reads.
 *
 * A job costs one KVM_RUN round trip when nothing faults: the guest
 * leaves by port I/O at its end and goes on from there at the next.
 * Faults are data: each is counted per vCPU with the kind of exit KVM
 * gave (-EFAULT, KVM_EXIT_MEMORY_FAULT, or the MMIO exit of PVM hosts at
 * ring 0) and the job's policy decides what follows.
 *
 * Hooks for what comes next (guest userfaultfd, the REPL): a vCPU blocked
 * in a fault is just a vCPU whose KVM_RUN has not returned, so kicks and
 * the watchdog reach it; VMs and their threads outlive any one job or
 * phase, so a session can keep them between inputs.
 */
#ifndef SCN_RT_VCPU_H
#define SCN_RT_VCPU_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "../guest/abi.h"
#include "err.h"
#include "kvm.h"
#include "mem.h"		/* enum rt_fault_policy */

/* How KVM told of a fault. */
enum rt_fault_exit {
	RT_FX_EFAULT,		/* KVM_RUN failed with EFAULT, no more said */
	RT_FX_MEMORY_FAULT,	/* EFAULT with KVM_EXIT_MEMORY_FAULT: gpa, size */
	RT_FX_MMIO,		/* KVM_EXIT_MMIO at a memslot: PVM at ring 0 */
	RT_FX__COUNT
};

const char *rt_fault_exit_name(enum rt_fault_exit fx);

/* A job for a range of vCPUs. */
struct rt_job {
	int op;				/* SCN_OP_* */
	unsigned flags;			/* SCN_F_VERIFY RANDOM LATENCY PATTERN_ADDR */
	uint64_t offset, size;		/* the range, in guest memory */
	uint64_t stride;
	uint64_t passes;
	bool overlap;			/* every vCPU walks all of the range */
	uint64_t pattern, seed;
	int write_pct;
	enum rt_fault_policy on_fault;
	bool until_all_faulted;
	int ring;			/* 0 or 3 */
};

/* What one vCPU did with a job (or an MMU reset). */
struct rt_vcpu_result {
	int64_t start_ns, end_ns;	/* CLOCK_MONOTONIC */
	uint64_t first, count;		/* its accesses: first index, per pass */
	uint64_t accesses, passes, faults, exits;
	/* Exits by which the guest program spoke (a job done, a mismatch). */
	uint64_t signals;
	uint64_t ring_full;		/* KVM_EXIT_DIRTY_RING_FULL exits */
	uint64_t fault_exits[RT_FX__COUNT];
	uint64_t lat_hist[SCN_LAT_BUCKETS];	/* TSC cycles, log2 buckets */
	bool stopped;			/* on_fault=stop ended it */
	bool kicked;			/* a stop ended it before its report */
	int last_exit;			/* enum rt_last_exit, at the kick */
	int last_fx;
	uint64_t last_gpa;
	bool reported;			/* under the group's lock */
	int status;			/* 0, or -errno with err */
	struct rt_err err;
};

/* How a dispatcher waits. */
struct rt_wait {
	const atomic_bool *stop, *stop2;	/* either set: kick, end early */
	atomic_llong *progress;		/* accesses added as they happen */
	/*
	 * Whether host work running beside the job (NULL: none) may still
	 * change what its vCPUs find: until it says no, an until=all_faulted
	 * loop ends only when every vCPU has faulted, not on a clean pass.
	 */
	bool (*host_busy)(const void *ctx);
	const void *busy_ctx;
};

/*
 * A vCPU's last exit, for the message of a watchdog and for show vcpus:
 * none since its job began, a fault, a signal, the end of its job, an
 * MMU reset.
 */
enum rt_last_exit { RT_LAST_NONE, RT_LAST_FAULT, RT_LAST_INTR, RT_LAST_DONE,
		    RT_LAST_RESET };

/* A vCPU's life so far, as show vcpus tells it. */
struct rt_vcpu_info {
	bool busy;			/* a command runs */
	int ring;
	uint64_t jobs, exits, faults;	/* over every job */
	int last_exit;			/* enum rt_last_exit */
	int last_fx;
	uint64_t last_gpa;
	int last_status;		/* of its last command: 0 or -errno */
	bool last_kicked;		/* a stop ended its last command */
};

struct rt_vcpu_group;

enum rt_vcpu_cmd { RT_CMD_NONE, RT_CMD_JOB, RT_CMD_RESET_MMU, RT_CMD_POLICY,
		   RT_CMD_QUIT };

struct rt_vcpu {
	struct rt_vm *vm;
	int index;
	int fd;
	int stats_fd;			/* KVM_GET_STATS_FD, or -1 */
	struct kvm_run *run;
	pthread_t thread;
	bool thread_started;
	int cpu;			/* pinned to, or -1 */
	/* The mailbox: one command at a time, from a dispatcher. */
	pthread_mutex_t lock;
	pthread_cond_t cond;
	enum rt_vcpu_cmd cmd;
	const struct rt_job *job;
	struct rt_vcpu_result *res;
	struct rt_vcpu_group *group;
	int policy;			/* RT_CMD_POLICY: enum mpolicy */
	uint64_t policy_nodes;
	atomic_bool kick;		/* end the current command */
	/* The guest's view */
	struct scn_mailbox *mb;		/* in the area */
	int ring;			/* the ring it is set to */
	bool exit_pending;		/* a port or MMIO exit waits to complete */
	/* Its dirty ring (dirtylog.h), or NULL; harvested under ring_lock. */
	struct kvm_dirty_gfn *dirty_gfns;
	uint32_t dirty_next;		/* the next entry to harvest */
	int ring_idle;			/* ring-full exits with nothing taken */
	pthread_mutex_t ring_lock;
	/* For the watchdog */
	atomic_int last_exit;		/* enum rt_last_exit */
	atomic_int last_fx;		/* enum rt_fault_exit of the last fault */
	atomic_ullong last_gpa;
	atomic_int tid;			/* its thread's, once it runs: what a
					 * uffd message names (THREAD_ID) */
	/* For show vcpus: under lock */
	bool busy;
	uint64_t jobs, exits, faults;
	int last_status;
	bool last_kicked;
	struct rt_arch_vcpu arch;
};

/*
 * Creates vCPU i of vm (KVM_CREATE_VCPU, its kvm_run, the arch's state)
 * and starts its thread. rt_vcpu_destroy() undoes a partial create too.
 */
int rt_vcpu_create(struct rt_vm *vm, int i, struct rt_err *err);
void rt_vcpu_destroy(struct rt_vcpu *v);
/*
 * KVM finishes a port or MMIO access (and steps past it) at the next
 * KVM_RUN; with immediate_exit set it does that and returns at once, so
 * that the registers can be changed without the guest running on. Does
 * nothing where no exit is pending (exit_pending, set by the arch).
 */
int rt_vcpu_complete_exit(struct rt_vcpu *v, struct rt_err *err);

/*
 * Runs job on vCPUs first..last of vm and waits for every report;
 * res[i - first] gets vCPU i's. Returns 0, -EINTR when stopped, or the
 * first failure with err naming the vCPU.
 */
int rt_vcpus_run(struct rt_vm *vm, int first, int last,
		 const struct rt_job *job, struct rt_vcpu_result *res,
		 const struct rt_wait *w, struct rt_err *err);

/* "in the guest, no exit since its job began", "last exit: EFAULT at gpa 0x..." */
const char *rt_vcpu_last_exit(const struct rt_vcpu_result *res, char *buf,
			      size_t len);

/* What v has done so far and what it does now; safe while it runs. */
void rt_vcpu_info(struct rt_vcpu *v, struct rt_vcpu_info *info);
/* The last exit of an info in words, as rt_vcpu_last_exit() says it. */
const char *rt_vcpu_info_last(const struct rt_vcpu_info *info, char *buf,
			      size_t len);

/* Resets the MMU of vCPUs first..last (x86: toggles CR0.WP), each on its thread. */
int rt_vcpus_reset_mmu(struct rt_vm *vm, int first, int last,
		       struct rt_vcpu_result *res, const struct rt_wait *w,
		       struct rt_err *err);

/*
 * Gives every vCPU thread of vm the memory policy (numa.h) a scenario set
 * after they started: a thread's policy is its own, and the memory KVM
 * faults in for a guest comes from its vCPU's thread.
 */
int rt_vcpus_set_policy(struct rt_vm *vm, int mode, uint64_t nodes,
			const struct rt_wait *w, struct rt_err *err);

#endif
