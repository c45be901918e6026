// SPDX-License-Identifier: GPL-2.0-only
/* vcpu: vCPU threads, their mailboxes, jobs and barriers (see vcpu.h). */
#include "vcpu.h"

#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "arch_api.h"
#include "clock.h"
#include "compat.h"
#include "dirtylog.h"
#include "numa.h"

/* How often a waiting dispatcher looks at the stop flags and progress. */
#define TICK_NS 20000000LL
#define VCPU_STACK (256 * 1024)

/* One dispatch: the vCPUs it waits for. Lives on the dispatcher's stack. */
struct rt_vcpu_group {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int pending;			/* vCPUs that have not reported */
	int faulted;			/* vCPUs with a fault in this job */
	bool failed;			/* one reported an error */
	bool until_all_faulted;
	/* No host work beside the job can make it fault any more (rt_wait). */
	atomic_bool settled;
	struct rt_vcpu *members;	/* vm->vcpus + first */
	int n;
};

const char *rt_fault_exit_name(enum rt_fault_exit fx)
{
	static const char *const names[] = { "EFAULT", "KVM_EXIT_MEMORY_FAULT",
					     "KVM_EXIT_MMIO" };

	return fx < RT_FX__COUNT ? names[fx] : "?";
}

/*
 * A kick: the flag says why, the signal gets the thread out of KVM_RUN
 * (or, if it comes just before, immediate_exit makes KVM_RUN return at
 * once). The handler only needs the thread's own kvm_run.
 */
static __thread struct kvm_run *volatile kick_run;

static int kick_signal(void)
{
	return SIGRTMIN + 2;
}

static void kick_handler(int sig)
{
	struct kvm_run *run = kick_run;

	(void)sig;
	if (run)
		run->immediate_exit = 1;
}

static void install_kick_handler(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = kick_handler;	/* no SA_RESTART: KVM_RUN returns */
	sigemptyset(&sa.sa_mask);
	sigaction(kick_signal(), &sa, NULL);
}

static void kick(struct rt_vcpu *v)
{
	atomic_store(&v->kick, true);
	if (v->thread_started)
		pthread_kill(v->thread, kick_signal());
}

/* The first fault of a vCPU in an until=all_faulted job may end it. */
static void group_faulted(struct rt_vcpu_group *g)
{
	pthread_mutex_lock(&g->lock);
	if (++g->faulted == g->n && g->until_all_faulted)
		for (int i = 0; i < g->n; i++)
			g->members[i].mb->stop_after_pass = 1;
	pthread_mutex_unlock(&g->lock);
}

/*
 * A vCPU's until=all_faulted loop that ended without the stop flag took a
 * pass without a fault: every vCPU cannot fault then, so the others stop
 * after their pass too (the ones that fault each pass would loop on).
 */
static void group_pass_clean(struct rt_vcpu_group *g, struct rt_vcpu *v)
{
	if (!g || !g->until_all_faulted || v->mb->stop_after_pass)
		return;
	pthread_mutex_lock(&g->lock);
	for (int i = 0; i < g->n; i++)
		g->members[i].mb->stop_after_pass = 1;
	pthread_mutex_unlock(&g->lock);
}

/* 0 goes on, 1 ends the job (stop), -errno fails it. */
static int on_fault(struct rt_vcpu *v, const struct rt_exit *ex, bool *faulted)
{
	struct rt_vcpu_result *res = v->res;

	res->faults++;
	v->mb->host_faults++;	/* the guest's until=all_faulted loop reads it */
	res->fault_exits[ex->fx]++;
	atomic_store(&v->last_fx, ex->fx);
	atomic_store(&v->last_gpa, ex->gpa);
	atomic_store(&v->last_exit, RT_LAST_FAULT);
	if (!*faulted) {
		*faulted = true;
		group_faulted(v->group);
	}
	switch (v->job->on_fault) {
	case RT_FAULT_SKIP:
		return arch_fault_skip(v, ex, &res->err);
	case RT_FAULT_STOP:
		res->stopped = true;
		return 1;
	case RT_FAULT_RETRY:
		return arch_fault_retry(v, ex, &res->err);
	default:
		return rt_fail(&res->err, -EFAULT, "vCPU %d: a guest %s at gpa 0x%llx faulted (%s): the memory is read-only or unmapped",
			       v->index, ex->write ? "write" : "read",
			       (unsigned long long)ex->gpa,
			       rt_fault_exit_name((enum rt_fault_exit)ex->fx));
	}
}

static void fill_mailbox(struct rt_vcpu *v)
{
	const struct rt_job *j = v->job;
	struct scn_mailbox *mb = v->mb;

	mb->op = (uint64_t)j->op;
	mb->flags = j->flags | (j->until_all_faulted ? SCN_F_UNTIL_FLAG : 0);
	mb->start = (uint64_t)v->vm->cfg.gpa_base + j->offset + v->res->first * j->stride;
	mb->count = v->res->count;
	mb->stride = j->stride;
	mb->passes = j->passes;
	mb->pattern = j->pattern;
	/* Each vCPU its own sequence, the same for the same seed. */
	mb->seed = j->seed + (uint64_t)v->index * 0x9e3779b97f4a7c15ULL;
	mb->write_pct = (uint64_t)j->write_pct;
	mb->stop_after_pass = 0;
	mb->host_faults = 0;
	mb->host_settled = !v->group || atomic_load(&v->group->settled);
}

int rt_vcpu_complete_exit(struct rt_vcpu *v, struct rt_err *err)
{
	int rc;

	if (!v->exit_pending)
		return 0;
	v->run->immediate_exit = 1;
	rc = ioctl(v->fd, KVM_RUN, 0);
	v->run->immediate_exit = 0;
	v->exit_pending = false;
	if (rc && errno != EINTR)
		return rt_fail_errno(err, errno, "KVM_RUN (vCPU %d, completing an exit)",
				     v->index);
	return 0;
}

static void do_job(struct rt_vcpu *v)
{
	const struct rt_job *j = v->job;
	struct rt_vcpu_result *res = v->res;
	bool faulted = false;
	struct rt_exit ex;
	int rc = 0;

	res->start_ns = rt_now_ns();
	atomic_store(&v->last_exit, RT_LAST_NONE);
	if (v->ring != j->ring)
		rc = arch_vcpu_set_ring(v, j->ring, &res->err);
	fill_mailbox(v);
	while (!rc) {
		int r, e;

		if (atomic_load(&v->kick)) {
			rc = -EINTR;
			break;
		}
		/*
		 * So that an unannotated -EFAULT is told from a MEMORY_FAULT;
		 * but an MMIO or port exit stays, as arm64 completes one (and
		 * steps past it) only when kvm_run still says KVM_EXIT_MMIO.
		 */
		if (v->run->exit_reason != KVM_EXIT_MMIO &&
		    v->run->exit_reason != KVM_EXIT_IO)
			v->run->exit_reason = KVM_EXIT_UNKNOWN;
		r = ioctl(v->fd, KVM_RUN, 0);
		e = errno;
		v->run->immediate_exit = 0;
		res->exits++;
		if (r == 0 && v->run->exit_reason == KVM_EXIT_DIRTY_RING_FULL) {
			res->ring_full++;
			rc = rt_vcpu_dirty_ring_full(v, &res->err);
			continue;
		}
		rc = arch_vcpu_exit(v, r, e, &ex, &res->err);
		if (rc)
			break;
		if (ex.kind == RT_EXIT_DONE || ex.kind == RT_EXIT_MISMATCH)
			res->signals++;
		if (ex.kind == RT_EXIT_DONE) {
			atomic_store(&v->last_exit, RT_LAST_DONE);
			break;
		}
		if (ex.kind == RT_EXIT_INTR) {
			atomic_store(&v->last_exit, RT_LAST_INTR);
		} else if (ex.kind == RT_EXIT_MISMATCH) {
			rc = rt_fail(&res->err, -EIO, "vCPU %d: data check failed at gpa 0x%llx: found %#llx, expected %#llx",
				     v->index, (unsigned long long)v->mb->bad_addr,
				     (unsigned long long)v->mb->bad_found,
				     (unsigned long long)v->mb->bad_expected);
		} else {
			rc = on_fault(v, &ex, &faulted);
			if (rc > 0)
				break;
		}
	}
	if (!rc && !res->stopped)
		group_pass_clean(v->group, v);
	res->accesses = v->mb->accesses;
	res->passes = v->mb->passes_done;
	if (j->flags & SCN_F_LATENCY)
		memcpy(res->lat_hist, v->mb->lat_hist, sizeof(res->lat_hist));
	if (rc > 0)
		rc = 0;
	/* Whatever it was doing, the next job finds it at the top of its loop. */
	if (rc || res->stopped) {
		struct rt_err e2;
		int rc2 = arch_vcpu_restart(v, v->ring, &e2);

		if (rc2 && (!rc || rc == -EINTR)) {
			rc = rc2;
			res->err = e2;
		}
	}
	res->status = rc;
	res->end_ns = rt_now_ns();
}

static void do_reset(struct rt_vcpu *v)
{
	struct rt_vcpu_result *res = v->res;

	res->start_ns = rt_now_ns();
	res->status = arch_vcpu_reset_mmu(v, &res->err);
	atomic_store(&v->last_exit, RT_LAST_RESET);
	res->end_ns = rt_now_ns();
}

static void do_policy(struct rt_vcpu *v)
{
	struct rt_vcpu_result *res = v->res;

	res->start_ns = rt_now_ns();
	res->status = rt_numa_set_policy((enum mpolicy)v->policy, v->policy_nodes,
					 &res->err);
	res->end_ns = rt_now_ns();
}

static void report(struct rt_vcpu_group *g, struct rt_vcpu_result *res)
{
	int status = res->status;

	pthread_mutex_lock(&g->lock);
	res->reported = true;
	if (status && status != -EINTR)
		g->failed = true;
	/* The last report wakes the dispatcher; every error does too. */
	if (--g->pending == 0 || (status && status != -EINTR))
		pthread_cond_broadcast(&g->cond);
	pthread_mutex_unlock(&g->lock);
}

static void pin(struct rt_vcpu *v)
{
	cpu_set_t allowed, one;
	int seen = 0;

	if (v->cpu < 0 || sched_getaffinity(0, sizeof(allowed), &allowed))
		return;
	/* The (cpu)th CPU the process may use, round robin. */
	for (int c = 0, want = v->cpu % CPU_COUNT(&allowed); c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, &allowed) && seen++ == want) {
			CPU_ZERO(&one);
			CPU_SET(c, &one);
			pthread_setaffinity_np(pthread_self(), sizeof(one), &one);
			return;
		}
}

static void *vcpu_main(void *arg)
{
	struct rt_vcpu *v = arg;
	sigset_t set;
	char name[16];

	/* Named for top, perf and a crash report: "scn-vcpu 0". */
	snprintf(name, sizeof(name), "scn-vcpu %d", v->index);
	pthread_setname_np(pthread_self(), name);
	kick_run = v->run;
	atomic_store(&v->tid, (int)gettid());
	sigemptyset(&set);
	sigaddset(&set, kick_signal());
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	pin(v);
	for (;;) {
		enum rt_vcpu_cmd cmd;
		struct rt_vcpu_group *g;

		pthread_mutex_lock(&v->lock);
		while (v->cmd == RT_CMD_NONE)
			pthread_cond_wait(&v->cond, &v->lock);
		cmd = v->cmd;
		g = v->group;
		if (cmd != RT_CMD_QUIT)
			v->cmd = RT_CMD_NONE;
		v->busy = cmd != RT_CMD_QUIT;
		pthread_mutex_unlock(&v->lock);
		if (cmd == RT_CMD_QUIT)
			break;
		if (cmd == RT_CMD_JOB)
			do_job(v);
		else if (cmd == RT_CMD_POLICY)
			do_policy(v);
		else
			do_reset(v);
		pthread_mutex_lock(&v->lock);
		v->busy = false;
		v->jobs += cmd == RT_CMD_JOB;
		v->exits += v->res->exits;
		v->faults += v->res->faults;
		v->last_status = v->res->status;
		v->last_kicked = v->res->status == -EINTR;
		pthread_mutex_unlock(&v->lock);
		/* After this the group may be gone. */
		report(g, v->res);
	}
	kick_run = NULL;
	return NULL;
}

int rt_vcpu_create(struct rt_vm *vm, int i, struct rt_err *err)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	struct rt_vcpu *v = &vm->vcpus[i];
	pthread_attr_t attr;
	int rc;

	pthread_once(&once, install_kick_handler);
	v->vm = vm;
	v->index = i;
	v->fd = -1;
	v->stats_fd = -1;
	v->cpu = vm->cfg.pin ? i : -1;
	v->run = MAP_FAILED;
	pthread_mutex_init(&v->lock, NULL);
	pthread_cond_init(&v->cond, NULL);
	pthread_mutex_init(&v->ring_lock, NULL);
	v->mb = rt_vm_area_ptr(vm, rt_vcpu_block_gva(i) + RT_VCPU_MAILBOX);
	v->fd = ioctl(vm->vm_fd, KVM_CREATE_VCPU, (unsigned long)i);
	if (v->fd < 0)
		return rt_fail_errno(err, errno, "KVM_CREATE_VCPU(%d)", i);
	v->run = mmap(NULL, (size_t)vm->run_size, PROT_READ | PROT_WRITE,
		      MAP_SHARED, v->fd, 0);
	if (v->run == MAP_FAILED)
		return rt_fail_errno(err, errno, "mmap(kvm_run of vCPU %d)", i);
	rc = rt_vcpu_dirty_ring_map(v, err);
	if (!rc)
		rc = arch_vcpu_init(v, err);
	if (!rc)
		rc = arch_vcpu_restart(v, 0, err);
	if (!rc && vm->stats_fd >= 0) {
		v->stats_fd = rt_stats_open(v->fd, err);
		rc = v->stats_fd < 0 ? v->stats_fd : 0;
		/* Every vCPU has the same statistics: vCPU 0 says which. */
		if (!rc && i == 0)
			rc = rt_stats_layout_read(v->stats_fd, &vm->vcpu_stats, err);
	}
	if (rc)
		return rc;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, VCPU_STACK);
	rc = pthread_create(&v->thread, &attr, vcpu_main, v);
	pthread_attr_destroy(&attr);
	if (rc)
		return rt_fail_errno(err, rc, "pthread_create (vCPU %d)", i);
	v->thread_started = true;
	return 0;
}

void rt_vcpu_destroy(struct rt_vcpu *v)
{
	if (v->thread_started) {
		pthread_mutex_lock(&v->lock);
		v->cmd = RT_CMD_QUIT;
		pthread_cond_signal(&v->cond);
		pthread_mutex_unlock(&v->lock);
		kick(v);
		pthread_join(v->thread, NULL);
		v->thread_started = false;
	}
	if (v->run && v->run != MAP_FAILED)
		munmap(v->run, (size_t)v->vm->run_size);
	v->run = NULL;
	rt_vcpu_dirty_ring_unmap(v);
	if (v->stats_fd >= 0)
		close(v->stats_fd);
	if (v->fd >= 0)
		close(v->fd);
	v->fd = v->stats_fd = -1;
	pthread_mutex_destroy(&v->lock);
	pthread_cond_destroy(&v->cond);
	pthread_mutex_destroy(&v->ring_lock);
}

static void post(struct rt_vcpu *v, enum rt_vcpu_cmd cmd,
		 const struct rt_job *job, struct rt_vcpu_result *res,
		 struct rt_vcpu_group *g)
{
	pthread_mutex_lock(&v->lock);
	atomic_store(&v->kick, false);
	/* The guest is not running: the progress counter starts from 0. */
	v->mb->accesses = 0;
	v->job = job;
	v->res = res;
	v->group = g;
	v->cmd = cmd;
	pthread_cond_signal(&v->cond);
	pthread_mutex_unlock(&v->lock);
}

static const char *last_words(int last_exit, int fx, uint64_t gpa,
			      char *buf, size_t len)
{
	switch (last_exit) {
	case RT_LAST_FAULT:
		snprintf(buf, len, "last exit: %s at gpa 0x%llx",
			 rt_fault_exit_name((enum rt_fault_exit)fx),
			 (unsigned long long)gpa);
		return buf;
	case RT_LAST_INTR:
		return "last exit: a signal";
	case RT_LAST_DONE:
		return "last exit: the end of its job";
	case RT_LAST_RESET:
		return "last command: an MMU reset";
	default:
		return "in the guest, no exit since its job began";
	}
}

const char *rt_vcpu_last_exit(const struct rt_vcpu_result *res, char *buf,
			      size_t len)
{
	return last_words(res->last_exit, res->last_fx, res->last_gpa, buf, len);
}

void rt_vcpu_info(struct rt_vcpu *v, struct rt_vcpu_info *info)
{
	pthread_mutex_lock(&v->lock);
	*info = (struct rt_vcpu_info){
		.busy = v->busy, .ring = v->ring, .jobs = v->jobs,
		.exits = v->exits, .faults = v->faults,
		.last_status = v->last_status, .last_kicked = v->last_kicked,
	};
	pthread_mutex_unlock(&v->lock);
	info->last_exit = atomic_load(&v->last_exit);
	info->last_fx = atomic_load(&v->last_fx);
	info->last_gpa = atomic_load(&v->last_gpa);
}

const char *rt_vcpu_info_last(const struct rt_vcpu_info *info, char *buf,
			      size_t len)
{
	return last_words(info->last_exit, info->last_fx, info->last_gpa, buf, len);
}

static bool asked_to_stop(const struct rt_wait *w)
{
	return (w->stop && atomic_load(w->stop)) ||
	       (w->stop2 && atomic_load(w->stop2));
}

/*
 * The barrier: wakes when the last report comes (or an error), and on a
 * tick for what no report tells: a stop, and progress to feed.
 */
static int wait_group(struct rt_vcpu_group *g, struct rt_vcpu_result *res,
		      const struct rt_wait *w)
{
	uint64_t fed = 0;
	bool kicked = false;
	int rc = 0;

	pthread_mutex_lock(&g->lock);
	while (g->pending) {
		struct timespec ts;
		int64_t at = rt_now_ns() + TICK_NS;
		uint64_t acc = 0;

		ts.tv_sec = at / 1000000000;
		ts.tv_nsec = at % 1000000000;
		pthread_cond_timedwait(&g->cond, &g->lock, &ts);
		/* Running vCPUs count their accesses in the mailbox as they go. */
		for (int i = 0; i < g->n; i++)
			acc += res[i].reported ? res[i].accesses : g->members[i].mb->accesses;
		if (w->progress && acc > fed) {
			atomic_fetch_add(w->progress, (long long)(acc - fed));
			fed = acc;
		}
		if (g->until_all_faulted && !atomic_load(&g->settled) &&
		    !w->host_busy(w->busy_ctx)) {
			/* Before the mailboxes: a vCPU that loads its job now sees one. */
			atomic_store(&g->settled, true);
			for (int i = 0; i < g->n; i++)
				g->members[i].mb->host_settled = 1;
		}
		if (kicked || !g->pending || (!asked_to_stop(w) && !g->failed))
			continue;
		if (asked_to_stop(w))
			rc = -EINTR;
		kicked = true;
		for (int i = 0; i < g->n; i++) {
			struct rt_vcpu *v = &g->members[i];

			if (res[i].reported)
				continue;
			/* What it was doing, for whoever asked it to stop. */
			res[i].kicked = true;
			res[i].last_exit = atomic_load(&v->last_exit);
			res[i].last_fx = atomic_load(&v->last_fx);
			res[i].last_gpa = atomic_load(&v->last_gpa);
			kick(v);
		}
	}
	pthread_mutex_unlock(&g->lock);
	if (w->progress) {
		uint64_t acc = 0;

		for (int i = 0; i < g->n; i++)
			acc += res[i].accesses;
		if (acc > fed)
			atomic_fetch_add(w->progress, (long long)(acc - fed));
	}
	return rc;
}

/* The first vCPU error, or the group's own verdict. */
static int group_result(struct rt_vcpu_group *g, struct rt_vcpu_result *res,
			int rc, struct rt_err *err)
{
	for (int i = 0; i < g->n; i++)
		if (res[i].status && res[i].status != -EINTR) {
			*err = res[i].err;
			return res[i].status;
		}
	if (rc == -EINTR)
		return rt_fail(err, -EINTR, "interrupted");
	return 0;
}

static int dispatch(struct rt_vm *vm, int first, int last, enum rt_vcpu_cmd cmd,
		    const struct rt_job *job, struct rt_vcpu_result *res,
		    const struct rt_wait *w, struct rt_err *err)
{
	struct rt_vcpu_group g = { .members = &vm->vcpus[first],
				   .n = last - first + 1 };
	uint64_t total = 0;
	int rc;

	if (first < 0 || last >= vm->nvcpus || first > last)
		return rt_fail(err, -EINVAL, "vCPUs %d..%d: the VM has %d", first, last,
			       vm->nvcpus);
	pthread_mutex_init(&g.lock, NULL);
	rt_cond_init_monotonic(&g.cond);	/* wait_group's ticks are monotonic */
	g.pending = g.n;
	g.until_all_faulted = job && job->until_all_faulted;
	atomic_init(&g.settled, !w->host_busy || !w->host_busy(w->busy_ctx));
	if (job)
		total = (job->size + job->stride - 1) / job->stride;
	for (int i = 0; i < g.n; i++) {
		memset(&res[i], 0, sizeof(res[i]));
		if (job && job->overlap) {
			res[i].count = total;
		} else if (job) {
			/* Partitioned on the stride's grid, the remainder spread. */
			res[i].first = total * (uint64_t)i / (uint64_t)g.n;
			res[i].count = total * (uint64_t)(i + 1) / (uint64_t)g.n - res[i].first;
		}
	}
	for (int i = 0; i < g.n; i++)
		post(&g.members[i], cmd, job, &res[i], &g);
	rc = wait_group(&g, res, w);
	rc = group_result(&g, res, rc, err);
	pthread_cond_destroy(&g.cond);
	pthread_mutex_destroy(&g.lock);
	return rc;
}

int rt_vcpus_run(struct rt_vm *vm, int first, int last,
		 const struct rt_job *job, struct rt_vcpu_result *res,
		 const struct rt_wait *w, struct rt_err *err)
{
	return dispatch(vm, first, last, RT_CMD_JOB, job, res, w, err);
}

int rt_vcpus_set_policy(struct rt_vm *vm, int mode, uint64_t nodes,
			const struct rt_wait *w, struct rt_err *err)
{
	struct rt_vcpu_result *res = calloc((size_t)vm->nvcpus + 1, sizeof(*res));
	int rc;

	if (!res)
		return rt_fail(err, -ENOMEM, "out of memory");
	for (int i = 0; i < vm->nvcpus; i++) {
		vm->vcpus[i].policy = mode;
		vm->vcpus[i].policy_nodes = nodes;
	}
	rc = dispatch(vm, 0, vm->nvcpus - 1, RT_CMD_POLICY, NULL, res, w, err);
	free(res);
	return rc;
}

int rt_vcpus_reset_mmu(struct rt_vm *vm, int first, int last,
		       struct rt_vcpu_result *res, const struct rt_wait *w,
		       struct rt_err *err)
{
	return dispatch(vm, first, last, RT_CMD_RESET_MMU, NULL, res, w, err);
}
