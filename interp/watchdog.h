// SPDX-License-Identifier: GPL-2.0-only
/*
 * watchdog: one monitor thread per run that turns "stop" into action.
 *
 * A run can be stopped three ways: a signal or --timeout (the caller's
 * flag, exec_opts.stop), and a phase that makes no progress for longer
 * than its watchdog= (60s unless the scenario says). The monitor looks
 * every WD_TICK_NS; when either happens it sets halt, which every loop of
 * the run reads (stopping(), rt_mem_touch, ksm waits, host exec), and it
 * calls the stop hooks: code that can wake a thread the loops cannot
 * reach because it is blocked in the kernel (a thread in a userfault, a
 * vCPU in KVM_RUN). A hook is called once per stop, on the monitor
 * thread.
 *
 * Progress is what a phase's watchdog measures: a statement of the phase
 * finished (wd_progress), or a progress source changed (host accesses,
 * uffd faults resolved; guest work adds its own). While a statement that
 * has a timeout of its own runs (ksm wait, wait), the watchdog is paused
 * (wd_pause): that timeout bounds it.
 *
 * What is running: each strand of execution (the main one, each branch
 * of concurrently, a vCPU thread if it wishes) takes a slot and writes
 * there what it is doing and at which line; when the watchdog fires, the
 * slots are copied into the report, so that the error names what the
 * phase was stuck in.
 *
 * For guest work (the KVM runtime), the hooks are:
 *   - wd_add_source(w, read_progress, vm): a counter the vCPU threads
 *     advance as they work (pages done, exits); any change is progress;
 *   - wd_add_hook(w, kick_vcpus, vm): on a stop, force every vCPU out of
 *     KVM_RUN (immediate_exit and a signal); the vCPU loops then see
 *     wd_halted() and return;
 *   - wd_slot_get / wd_doing / wd_slot_put from each vCPU thread for a
 *     message that names the job and the vCPU;
 *   - remove the source and the hook before the VM is freed (removal
 *     waits for a hook that is running).
 *
 * Thread safety: every function may be called from any thread of the
 * run, except that hooks must not add or remove hooks or sources.
 */
#ifndef SCN_WATCHDOG_H
#define SCN_WATCHDOG_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "../common/source.h"
#include "../runtime/err.h"

#define WD_TICK_NS 10000000LL	/* how often the monitor looks: 10 ms */
#define WD_SLOTS 64
#define WD_SOURCES 16
#define WD_WHAT_MAX 96

struct wd_slot {
	bool used;
	char what[WD_WHAT_MAX];		/* "" while between statements */
	struct loc loc;
};

/* What the watchdog found when it fired. */
struct wd_report {
	const char *phase;
	struct loc phase_loc;
	int64_t timeout_ns;
	size_t n;
	struct wd_slot doing[WD_SLOTS];	/* the slots that were doing something */
};

struct wd_source {
	long long (*read)(void *ctx);
	void *ctx;
};

struct wd_hook {
	void (*fn)(void *ctx);
	void *ctx;
};

struct watchdog {
	atomic_bool halt;		/* stop now: read by every loop */
	const atomic_bool *outer;	/* the caller's stop flag, or NULL */
	pthread_t thread;
	bool running;
	pthread_mutex_t lock;		/* everything below but the hooks */
	pthread_cond_t cond;
	bool quit;
	bool stop_seen;			/* the outer stop was acted on */
	/* The armed phase. */
	bool armed;
	const char *phase;
	struct loc phase_loc;
	int64_t timeout_ns;
	int64_t last_change;		/* when progress was last seen */
	long long last_sum;
	atomic_llong ticks;		/* statements finished */
	atomic_int paused;
	bool fired;
	struct wd_report report;
	struct wd_slot slots[WD_SLOTS];
	struct wd_source sources[WD_SOURCES];
	pthread_mutex_t hooks_lock;	/* held while hooks run */
	struct wd_hook *hooks;
	size_t nhooks;
};

/*
 * Starts the monitor. outer (may be NULL) is the caller's stop flag: once
 * it is set, halt is set and the hooks are called. -errno with a message
 * when the thread cannot be started.
 */
int wd_start(struct watchdog *w, const atomic_bool *outer, struct rt_err *err);
/* Stops and joins the monitor; frees what it holds. */
void wd_stop(struct watchdog *w);
/*
 * Forgets a stop that was acted on and a watchdog that fired, so that
 * the next input of a REPL session runs (the outer flag must be clear).
 */
void wd_reset(struct watchdog *w);
/* Whether the run must stop now: a stop was asked for, or the watchdog fired. */
bool wd_halted(const struct watchdog *w);
/* halt as a flag for the runtime's loops (rt_mem_touch and the like). */
const atomic_bool *wd_halt_flag(const struct watchdog *w);

/* A phase begins: timeout_ns without progress fires the watchdog. */
void wd_arm(struct watchdog *w, const char *phase, struct loc loc,
	    int64_t timeout_ns);
void wd_disarm(struct watchdog *w);
/* Copies the report into *out when the watchdog fired; false otherwise. */
bool wd_fired(struct watchdog *w, struct wd_report *out);

/* A statement finished: progress. */
void wd_progress(struct watchdog *w);
/* A statement with a timeout of its own runs: no watchdog meanwhile. */
void wd_pause(struct watchdog *w);
void wd_resume(struct watchdog *w);

/* A slot for a strand, or -1 when all are taken (then nothing is shown). */
int wd_slot_get(struct watchdog *w);
void wd_slot_put(struct watchdog *w, int slot);
/* What the strand of slot does now; what NULL: nothing (between statements). */
void wd_doing(struct watchdog *w, int slot, const char *what, struct loc loc);

/* A progress counter; returns its id, or -ENOSPC. */
int wd_add_source(struct watchdog *w, long long (*read)(void *ctx), void *ctx);
void wd_remove_source(struct watchdog *w, int id);
/* A stop hook; returns its id. Removal waits for a running hook. */
int wd_add_hook(struct watchdog *w, void (*fn)(void *ctx), void *ctx);
void wd_remove_hook(struct watchdog *w, int id);

#endif
