// SPDX-License-Identifier: GPL-2.0-only
/*
 * exec_guest: the KVM side of a run. It makes the VMs, hands guest jobs
 * and MMU resets to their vCPUs (runtime/vcpu.h), adds and deletes
 * memslots, drives dirty logging, checks `expect fault`, and keeps what
 * the vCPUs did over a phase: per-vCPU time and counts, the guest pages
 * touched, the kinds of fault exits, the rings used.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime/dirtylog.h"
#include "../runtime/kvm.h"
#include "exec_run.h"

/* --- preflight ------------------------------------------------------------ */

/* A uffd serves this VM's memory. */
static bool uffd_served(const struct ir_scenario *sc, int vm)
{
	for (size_t i = 0; i < sc->nuffds; i++)
		if (sc->uffds[i].vm == vm ||
		    sc->uffds[i].backing == sc->vms[vm].backing)
			return true;
	return false;
}

static bool is_pvm(const struct exec_opts *o)
{
	return !strcmp(o->features->virt, "pvm");
}

/*
 * Ring auto: the run's --ring where given (so that a path one kind of
 * host takes runs on every kind: ring 3 in the test host, say); else
 * ring 0 on hardware hosts (and in the test host). On PVM hosts ring 0
 * is emulated instruction by instruction while ring 3 runs natively, but
 * an exit costs 2-3 times less from ring 0: ring 3 for passes over
 * memory, ring 0 where every access may leave for the host (faults the
 * job expects, userfaults), but never on a VM with a dirty ring, which
 * loses entries there (dirty_ring_lossy).
 */
static int job_ring(const struct ir_scenario *sc, const struct exec_opts *o,
		    const struct ir_guest_job *j)
{
	enum ring ring = j->ring != RING_AUTO ? j->ring : o->ring;

	if (ring != RING_AUTO)
		return ring == RING_3 ? 3 : 0;
	if (!is_pvm(o) || sc->vms[j->vm].dirty_ring)
		return is_pvm(o) ? 3 : 0;
	return j->on_fault != FAULT_FAIL || uffd_served(sc, j->vm) ? 0 : 3;
}

struct ring_check {
	const struct ir_scenario *sc;
	const struct exec_opts *o;
	const struct ir_guest_job *bad;
};

/* A job in ring 3, which only x86 has (arm64 runs jobs at EL1). */
static bool in_ring3(const struct ir_op *op, void *ctx)
{
	struct ring_check *c = ctx;

	if (op->kind != IR_GUEST || job_ring(c->sc, c->o, &op->guest) != 3)
		return false;
	c->bad = &op->guest;
	return true;
}

/*
 * A PVM host emulates ring 0 in batches (kvm_pvm's pvm_emul_batch) and
 * goes on writing past a full dirty ring: measured, a 2048-entry ring
 * kept 2048 of 4096 pages written, and a ring of 512 or 1024 exited
 * full with nothing left to harvest. The bitmap log and ring 3 are
 * exact there.
 */
static bool dirty_ring_lossy(const struct ir_op *op, void *ctx)
{
	struct ring_check *c = ctx;

	if (op->kind != IR_GUEST || !c->sc->vms[op->guest.vm].dirty_ring ||
	    job_ring(c->sc, c->o, &op->guest) != 0)
		return false;
	c->bad = &op->guest;
	return true;
}


/* ctx: the VM's index. */
static bool clears_dirty_log(const struct ir_op *op, void *ctx)
{
	return op->kind == IR_DIRTYLOG && op->dirtylog.vm == *(const int *)ctx &&
	       op->dirtylog.op == DIRTYLOG_CLEAR;
}

struct slot_adds {
	int vm, n;
};

static bool count_slot_add(const struct ir_op *op, void *ctx)
{
	struct slot_adds *a = ctx;

	/* The vm's own slots, put back, count among its slots already. */
	if (op->kind == IR_MEMSLOT && op->memslot.vm == a->vm &&
	    op->memslot.op == MEMSLOT_ADD && op->memslot.guest_slot < 0)
		a->n++;
	return false;
}

static struct rt_vm_config vm_config(const struct ir_scenario *sc, int i)
{
	const struct ir_vm *v = &sc->vms[i];
	const struct ir_backing *b = &sc->backings[v->backing];

	return (struct rt_vm_config){
		.gpa_base = v->gpa_base, .mem = v->mem, .slot_size = v->slot_size,
		.nr_slots = v->nr_slots, .alias = v->alias,
		.backing_size = b->size, .page_size = b->page_size,
		.vcpus = v->vcpus, .pin = v->pin,
		.manual_protect = ir_visit_ops(&sc->ops, clears_dirty_log, &i),
		.dirty_ring = (uint32_t)v->dirty_ring,
		.guest_page = (uint64_t)v->guest_page,
		.hole_gpa = v->hole_gpa, .hole_size = v->hole_size,
	};
}

int guest_preflight(const struct ir_scenario *sc, const struct exec_opts *o,
		    int64_t *memory, char *reason, size_t len)
{
	const struct rt_features *f = o->features;
	struct ring_check rc = { .sc = sc, .o = o };

	*memory = 0;
	if (strcmp(f->facts.arch, "x86_64") && ir_visit_ops(&sc->ops, in_ring3, &rc)) {
		snprintf(reason, len, "a guest job on vm '%s' asks for ring 3, which is x86's: this %s machine runs scn's guest jobs at EL1 only (ring 0; ring=auto runs everywhere)",
			 sc->vms[rc.bad->vm].name, f->facts.arch);
		return EXEC_SKIP;
	}
	if (is_pvm(o) && ir_visit_ops(&sc->ops, dirty_ring_lossy, &rc)) {
		snprintf(reason, len, "a ring-0 guest job on vm '%s', which has a dirty ring: this PVM host emulates ring 0 in batches that write past a full dirty ring and lose its entries; ring 3 (ring=auto) or the dirty bitmap measure it",
			 sc->vms[rc.bad->vm].name);
		return EXEC_SKIP;
	}
	for (size_t i = 0; i < sc->nvms; i++) {
		const struct ir_vm *v = &sc->vms[i];
		struct rt_vm_config c = vm_config(sc, (int)i);
		struct slot_adds adds = { .vm = (int)i };
		int slots;

		/* Each added memslot counts once, as if none were deleted. */
		ir_visit_ops(&sc->ops, count_slot_add, &adds);
		slots = v->nr_slots + 1 + adds.n;

		if (f->kvm_max_vcpus > 0 && v->vcpus > f->kvm_max_vcpus) {
			snprintf(reason, len, "needs %d vCPUs in vm '%s': KVM allows %ld (KVM_CAP_MAX_VCPUS)",
				 v->vcpus, v->name, f->kvm_max_vcpus);
			return EXEC_SKIP;
		}
		if (f->kvm_nr_memslots > 0 && slots > f->kvm_nr_memslots) {
			snprintf(reason, len, "needs %d memslots in vm '%s' (scn's own included): KVM allows %ld (KVM_CAP_NR_MEMSLOTS)",
				 slots, v->name, f->kvm_nr_memslots);
			return EXEC_SKIP;
		}
		*memory += (int64_t)(rt_vm_area_size(&c) + rt_vm_kernel_bytes((uint64_t)v->mem));
	}
	/* An estimate: in whole MiB, so that it reads as one. */
	*memory = (*memory + (1 << 20) - 1) & ~(int64_t)((1 << 20) - 1);
	return EXEC_PASS;
}

/* --- VMs ------------------------------------------------------------------ */

int guest_create_vm(struct run *r, int i, struct rt_err *err)
{
	const struct ir_vm *v = &r->sc->vms[i];
	const struct ir_backing *b = &r->sc->backings[v->backing];
	struct rt_vm_config c = vm_config(r->sc, i);
	struct rt_vm *vm;
	int rc;

	const struct rt_mem *m = &r->backings[v->backing].mem;

	if (!r->backings[v->backing].made || (!m->addr && m->vm_fd < 0))
		return rt_fail(err, -EINVAL, "backing '%s' is not there", b->name);
	c.backing = m->addr;
	if (m->vm_fd >= 0) {
		c.gmem = true;
		c.gmem_fd = m->fd;
		c.gmem_vm_fd = m->vm_fd;
	}
	c.host_kind = r->o->features->virt;
	vm = xcalloc(1, sizeof(*vm));
	rc = rt_vm_create(vm, &c, err);
	if (rc) {
		free(vm);
		return rc;
	}
	r->vms[i].vm = vm;
	page_bits_make(&r->vms[i].touched, v->mem / b->page_size);
	if (v->vcpus > r->gp.nvcpu) {
		r->gp.vcpu = xrealloc(r->gp.vcpu, (size_t)v->vcpus * sizeof(*r->gp.vcpu));
		memset(r->gp.vcpu + r->gp.nvcpu, 0,
		       (size_t)(v->vcpus - r->gp.nvcpu) * sizeof(*r->gp.vcpu));
		r->gp.nvcpu = v->vcpus;
	}
	return 0;
}

void guest_destroy_vms(struct run *r, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++) {
		struct run_vm *v = &r->vms[i];

		if (v->vm) {
			rt_vm_destroy(v->vm);
			free(v->vm);
		}
		page_bits_free(&v->touched);
		free(v->kvm_start);
		memset(v, 0, sizeof(*v));
	}
}

void guest_free(struct run *r)
{
	free(r->gp.vcpu);
	r->gp.vcpu = NULL;
	r->gp.nvcpu = 0;
}

static size_t kvm_values(const struct rt_vm *vm)
{
	return vm->vm_stats.n + (size_t)vm->nvcpus * vm->vcpu_stats.n;
}

/* KVM's statistics of vm, then of its vCPUs; NULL where it has none. */
static uint64_t *kvm_snapshot(struct rt_vm *vm)
{
	struct rt_err err;
	uint64_t *snap;

	if (!vm || vm->stats_fd < 0)
		return NULL;
	snap = xcalloc(kvm_values(vm) + 1, sizeof(uint64_t));
	if (rt_vm_stats(vm, snap, snap + vm->vm_stats.n, &err)) {
		free(snap);
		return NULL;
	}
	return snap;
}

/* --- the phase's accounting ------------------------------------------------ */

void guest_phase_begin(struct run *r)
{
	struct guest_phase *gp = &r->gp;

	gp->jobs = gp->vcpus = false;
	gp->first_start = gp->last_end = 0;
	if (gp->vcpu)
		memset(gp->vcpu, 0, (size_t)gp->nvcpu * sizeof(*gp->vcpu));
	memset(gp->fault_exits, 0, sizeof(gp->fault_exits));
	memset(gp->jobs_in_ring, 0, sizeof(gp->jobs_in_ring));
	gp->signals = 0;
	gp->latency = false;
	gp->dirty = 0;
	gp->dirty_got = false;
	for (size_t i = 0; i < r->sc->nvms; i++) {
		struct run_vm *v = &r->vms[i];

		free(v->kvm_start);
		v->kvm_start = kvm_snapshot(v->vm);
		page_bits_clear(&v->touched);
	}
}

/*
 * The guest pages an access range of a job covers, marked in the VM's
 * bitmap; returns how many (the vCPU's own count).
 */
static uint64_t mark_pages(struct run *r, int vm, const struct rt_job *j,
			   uint64_t first, uint64_t n)
{
	int64_t psz = r->sc->backings[r->sc->vms[vm].backing].page_size;
	uint64_t *bits = r->vms[vm].touched.bits, pages = 0, last = UINT64_MAX;

	for (uint64_t k = 0; k < n; k++) {
		uint64_t at = j->offset + (first + k) * j->stride;
		uint64_t page = at / (uint64_t)psz;

		if (page != last) {
			__atomic_fetch_or(&bits[page / 64], 1ULL << (page % 64),
					  __ATOMIC_RELAXED);
			pages++;
			last = page;
		}
		/* Below the page size, go to the page's last access at once. */
		if (j->stride < (uint64_t)psz) {
			uint64_t next = (page + 1) * (uint64_t)psz;
			uint64_t skip = (next - at - 1) / j->stride;

			k += skip < n - k - 1 ? skip : n - k - 1;
		}
	}
	return pages;
}

static void account(struct run *r, int vm, int first, const struct rt_job *j,
		    const struct rt_vcpu_result *res, int n)
{
	struct guest_phase *gp = &r->gp;
	uint64_t *pages = xcalloc((size_t)n + 1, sizeof(*pages));

	/*
	 * The bitmap takes atomics: pages are marked before the lock, which
	 * print, the log and the other branches' accounts wait on.
	 */
	for (int i = 0; j && i < n; i++)
		if (res[i].end_ns) {
			const struct rt_vcpu_result *x = &res[i];

			/* A whole pass covers its range; a cut one what it reached. */
			pages[i] = mark_pages(r, vm, j, x->first,
					      x->passes || x->accesses >= x->count ?
					      x->count : x->accesses);
		}
	pthread_mutex_lock(&r->lock);
	for (int i = 0; i < n; i++) {
		const struct rt_vcpu_result *x = &res[i];
		struct vcpu_acc *a = &gp->vcpu[first + i];

		if (!x->end_ns)
			continue;
		if (!gp->vcpus || x->start_ns < gp->first_start)
			gp->first_start = x->start_ns;
		if (x->end_ns > gp->last_end)
			gp->last_end = x->end_ns;
		gp->vcpus = true;
		a->ns += x->end_ns - x->start_ns;
		if (!j)
			continue;
		a->accesses += x->accesses;
		a->faults += x->faults;
		a->passes += x->passes;
		a->exits += x->exits;
		gp->signals += x->signals;
		for (int k = 0; k < RT_FX__COUNT; k++)
			gp->fault_exits[k] += x->fault_exits[k];
		a->ring_full += x->ring_full;
		for (int k = 0; (j->flags & SCN_F_LATENCY) && k < SCN_LAT_BUCKETS; k++)
			a->lat[k] += x->lat_hist[k];
		a->pages += pages[i];
	}
	if (j) {
		gp->jobs = true;
		gp->jobs_in_ring[j->ring & 3]++;
		gp->latency |= j->flags & SCN_F_LATENCY;
	}
	pthread_mutex_unlock(&r->lock);
	free(pages);
}

/*
 * The percentile p (0 to 1) of a histogram of log2 buckets of cycles, in
 * ns: the upper bound of its bucket, as the buckets are all it knows.
 */
static double lat_ns(const uint64_t *hist, double p, uint64_t hz)
{
	uint64_t total = 0, seen = 0;
	int b;

	for (b = 0; b < SCN_LAT_BUCKETS; b++)
		total += hist[b];
	if (!total || !hz)
		return 0;
	for (b = 0; b < SCN_LAT_BUCKETS - 1; b++) {
		seen += hist[b];
		if (p < 1 ? seen >= p * (double)total : seen == total)
			break;
	}
	return (double)(2ULL << b) * 1e9 / (double)hz;
}

static void lat_metrics(double *m, const uint64_t *hist, uint64_t hz)
{
	m[METRIC_LAT_P50] = lat_ns(hist, 0.5, hz);
	m[METRIC_LAT_P90] = lat_ns(hist, 0.9, hz);
	m[METRIC_LAT_P99] = lat_ns(hist, 0.99, hz);
	m[METRIC_LAT_MAX] = lat_ns(hist, 1, hz);
}

/* KVM's statistics over the phase, every VM's together, into pr->kvm. */
/* The align= of the run's VMs where all are on pfnmaps of one, else 0. */
static int64_t pfnmap_align(const struct run *r)
{
	int64_t align = 0;

	for (size_t i = 0; i < r->sc->nvms; i++) {
		const struct ir_backing *b = &r->sc->backings[r->sc->vms[i].backing];

		if (!(backing_info[b->type].flags & BK_PFNMAP) ||
		    (align && b->page_size != align))
			return 0;
		align = b->page_size;
	}
	return align;
}

/* KVM's mapping counts by size (x86's statistics), smallest first. */
static const char *const kvm_page_stats[] = { "pages_4k", "pages_2m", "pages_1g" };
static const int64_t kvm_page_sizes[] = { 4096, 2 << 20, 1 << 30 };

/* Their changes over the phase into got[], 0 where KVM has no such statistic. */
static void kvm_page_deltas(const struct kvm_result *k, int64_t got[3])
{
	for (int j = 0; j < 3; j++)
		got[j] = 0;
	for (size_t s = 0; s < k->n; s++)
		for (int j = 0; j < 3; j++)
			if (!strcmp(k->stat[s].name, kvm_page_stats[j]))
				got[j] = k->delta[s];
}

/*
 * The largest page size of which KVM's count of the guest's mappings grew
 * in the phase, or 0: which size a phase ran at, where smaps and pagemap
 * see nothing (a pfnmap).
 */
static int64_t kvm_page_size(const struct kvm_result *k)
{
	int64_t got[3];

	kvm_page_deltas(k, got);
	for (int j = 2; j >= 0; j--)
		if (got[j] > 0)
			return kvm_page_sizes[j];
	return 0;
}

char *guest_pfnmap_note(const struct run *r, const char *phase,
			const struct phase_result *pr)
{
	int64_t align = pfnmap_align(r), got[3], asked = -1, other = 0;
	char *note = NULL, *p;
	size_t len = 0;
	FILE *f;

	if (!align)
		return NULL;
	kvm_page_deltas(&pr->kvm, got);
	for (int j = 0; j < 3; j++) {
		if (kvm_page_sizes[j] == align)
			asked = got[j];
		else if (got[j] > 0)
			other += got[j];
	}
	/* A size KVM has no statistic of (16K pages), or nothing new: silence. */
	if (asked != 0 || !other)
		return NULL;
	f = open_memstream(&note, &len);
	if (!f)
		return NULL;
	fprintf(f, "phase %s: align=%s asked for mappings of that size, but KVM mapped the guest with",
		phase, align == 4096 ? "4K" : align == 2 << 20 ? "2M" : "1G");
	p = "";
	for (int j = 0; j < 3; j++)
		if (got[j] > 0) {
			fprintf(f, "%s %lld of %s", p, (long long)got[j], kvm_page_stats[j]);
			p = ",";
		}
	fputs(" and none of that size", f);
	fclose(f);
	return note;
}

static void kvm_result(struct run *r, struct phase_result *pr)
{
	struct kvm_result *k = &pr->kvm;
	uint64_t **end = xcalloc(r->sc->nvms + 1, sizeof(*end));
	const struct rt_vm *first = NULL;

	samples_kvm_clear(k);
	for (size_t i = 0; i < r->sc->nvms; i++) {
		end[i] = kvm_snapshot(r->vms[i].vm);
		if (end[i] && r->vms[i].kvm_start && !first)
			first = r->vms[i].vm;
	}
	if (first) {
		/* Every VM has the same statistics: the first one's names. */
		k->n = first->vm_stats.n + first->vcpu_stats.n;
		k->stat = xcalloc(k->n + 1, sizeof(*k->stat));
		k->delta = xcalloc(k->n + 1, sizeof(*k->delta));
		k->end = xcalloc(k->n + 1, sizeof(*k->end));
		k->nvcpu = (size_t)r->gp.nvcpu;
		k->vcpu_delta = xcalloc(k->nvcpu * k->n + 1, sizeof(*k->vcpu_delta));
		k->vcpu_end = xcalloc(k->nvcpu * k->n + 1, sizeof(*k->vcpu_end));
		for (size_t s = 0; s < k->n; s++) {
			bool pv = s >= first->vm_stats.n;
			const struct rt_stat_desc *d = pv ?
				&first->vcpu_stats.d[s - first->vm_stats.n] :
				&first->vm_stats.d[s];

			snprintf(k->stat[s].name, sizeof(k->stat[s].name), "%s", d->name);
			k->stat[s].per_vcpu = pv;
			k->stat[s].unit = d->unit;
		}
	}
	for (size_t i = 0; first && i < r->sc->nvms; i++) {
		const struct rt_vm *vm = r->vms[i].vm;
		const uint64_t *a = r->vms[i].kvm_start, *b = end[i];

		if (!a || !b || vm->vm_stats.n + vm->vcpu_stats.n != k->n)
			continue;
		for (size_t s = 0; s < vm->vm_stats.n; s++) {
			k->delta[s] += (int64_t)(b[s] - a[s]);
			k->end[s] += (int64_t)b[s];
		}
		for (int v = 0; v < vm->nvcpus; v++)
			for (size_t s = 0; s < vm->vcpu_stats.n; s++) {
				size_t at = vm->vm_stats.n + (size_t)v * vm->vcpu_stats.n + s;
				size_t o = vm->vm_stats.n + s;
				int64_t d = (int64_t)(b[at] - a[at]);

				k->delta[o] += d;
				k->end[o] += (int64_t)b[at];
				k->vcpu_delta[(size_t)v * k->n + o] += d;
				k->vcpu_end[(size_t)v * k->n + o] += (int64_t)b[at];
			}
	}
	for (size_t i = 0; i < r->sc->nvms; i++)
		free(end[i]);
	free(end);
}

/*
 * A value of the result files (samples_add_metric: a unit, no direction).
 * A series starts at its first value that is not 0, with 0 for the runs
 * before it, so that the files list what happened and nothing else.
 */
static void series_set(struct phase_result *pr, const char *name,
		       const char *unit, double v)
{
	bool have = false;

	for (size_t i = 0; i < pr->nseries && !have; i++)
		have = pr->series[i].scenario && !strcmp(pr->series[i].name, name);
	if (!have && v == 0)
		return;
	for (size_t run = 1; !have && run < pr->runs; run++)
		samples_add_metric(pr, name, unit, 0, 0);
	samples_add_metric(pr, name, unit, 0, v);
}

/* Per-vCPU series up to this many vCPUs: more would drown the files. */
#define SERIES_VCPUS 64

/* A vCPU's latency percentiles in the result files. */
static const struct {
	const char *name;
	enum metric metric;
} lat_series[] = {
	{ "lat.p50", METRIC_LAT_P50 }, { "lat.p90", METRIC_LAT_P90 },
	{ "lat.p99", METRIC_LAT_P99 }, { "lat.max", METRIC_LAT_MAX },
};

/* The guest's counter frequency: the first VM's (they share the TSC). */
static uint64_t counter_hz(const struct run *r)
{
	for (size_t i = 0; i < r->sc->nvms; i++)
		if (r->vms[i].vm)
			return rt_vm_counter_hz(r->vms[i].vm);
	return 0;
}

void guest_phase_series(struct run *r, struct phase_result *pr)
{
	static const char *const fx[RT_FX__COUNT] = {
		"fault_exits.efault", "fault_exits.memory_fault", "fault_exits.mmio" };
	const struct guest_phase *gp = &r->gp;
	char name[RT_STAT_NAME + 32];
	uint64_t ring_full = 0, hz = counter_hz(r);
	bool ring = false;

	for (size_t s = 0; s < pr->kvm.n; s++) {
		snprintf(name, sizeof(name), "delta.kvm.%s", pr->kvm.stat[s].name);
		series_set(pr, name, pr->kvm.stat[s].unit[0] ? pr->kvm.stat[s].unit :
			   "count", (double)pr->kvm.delta[s]);
	}
	/* Where smaps and pagemap cannot tell it: the guests of pfnmaps. */
	if (pfnmap_align(r)) {
		int64_t size = kvm_page_size(&pr->kvm);

		if (size > 0)
			series_set(pr, "kvm_page_size", "bytes", (double)size);
	}
	for (int k = 0; k < RT_FX__COUNT; k++)
		series_set(pr, fx[k], "faults", (double)gp->fault_exits[k]);
	for (size_t i = 0; i < r->sc->nvms; i++)
		ring |= r->sc->vms[i].dirty_ring > 0;
	for (int i = 0; ring && i < gp->nvcpu; i++)
		ring_full += gp->vcpu[i].ring_full;
	if (ring)
		series_set(pr, "dirty_ring_full", "exits", (double)ring_full);
	series_set(pr, "jobs.ring0", "jobs", gp->jobs_in_ring[0]);
	series_set(pr, "jobs.ring3", "jobs", gp->jobs_in_ring[3]);
	for (int i = 0; i < gp->nvcpu && i < SERIES_VCPUS; i++) {
		const struct vcpu_acc *a = &gp->vcpu[i];

		snprintf(name, sizeof(name), "vcpu[%d].time", i);
		series_set(pr, name, "s", (double)a->ns / 1e9);
		snprintf(name, sizeof(name), "vcpu[%d].accesses", i);
		series_set(pr, name, "accesses", (double)a->accesses);
		snprintf(name, sizeof(name), "vcpu[%d].faults", i);
		series_set(pr, name, "faults", (double)a->faults);
		snprintf(name, sizeof(name), "vcpu[%d].exits", i);
		series_set(pr, name, "exits", (double)a->exits);
		/* Each vCPU's percentiles, from its own histogram (seed 002). */
		if (gp->latency) {
			double m[METRIC__COUNT] = { 0 };

			lat_metrics(m, a->lat, hz);
			for (size_t q = 0; q < ARRAY_SIZE(lat_series); q++) {
				snprintf(name, sizeof(name), "vcpu[%d].%s", i, lat_series[q].name);
				series_set(pr, name, "s", m[lat_series[q].metric] / 1e9);
			}
		}
		if (!ring)
			continue;
		snprintf(name, sizeof(name), "vcpu[%d].dirty_ring_full", i);
		series_set(pr, name, "exits", (double)a->ring_full);
	}
}

char *guest_stat_note(const struct run *r, const struct phase_result *pr,
		      const char *name)
{
	const struct kvm_result *k = &pr->kvm;

	if (!r->gp.signals)
		return NULL;
	for (size_t s = 0; s < k->n; s++) {
		if (strcmp(k->stat[s].name, ARCH_SIGNAL_STAT) || k->delta[s])
			continue;
		return xasprintf("in phase '%s' KVM's %s counted 0 of the %llu %s exits scn's guest program made: this host (%s) does not count them there; %s.exits is scn's own count",
				 name, ARCH_SIGNAL_STAT, (unsigned long long)r->gp.signals,
				 ARCH_SIGNAL_HOW, r->o->features->virt, name);
	}
	return NULL;
}

void guest_phase_end(struct run *r, struct phase_result *pr,
		     struct run_counts *c)
{
	struct guest_phase *gp = &r->gp;
	uint64_t hz = 0, all[SCN_LAT_BUCKETS] = { 0 };
	double *v;

	for (int k = 0; k < 4; k++)
		pr->jobs_in_ring[k] = gp->jobs_in_ring[k];
	for (size_t i = 0; i < r->sc->nvms; i++) {
		const struct run_vm *rv = &r->vms[i];

		c->pages += page_bits_count(&rv->touched);
		if (rv->vm && !hz)
			hz = rt_vm_counter_hz(rv->vm);
	}
	c->dirty = gp->dirty;
	pr->dirty_logged |= gp->dirty_got;
	kvm_result(r, pr);
	if (!gp->vcpus)
		return;
	if (gp->jobs)
		c->ns = gp->last_end - gp->first_start;
	v = xcalloc((size_t)gp->nvcpu * METRIC__COUNT + 1, sizeof(*v));
	for (int i = 0; i < gp->nvcpu; i++) {
		const struct vcpu_acc *a = &gp->vcpu[i];
		const struct run_counts vc = {
			.ns = (int64_t)a->ns, .pages = (int64_t)a->pages,
			.accesses = (int64_t)a->accesses,
			.faults = (int64_t)a->faults, .passes = (int64_t)a->passes,
			.exits = (int64_t)a->exits,
		};
		double *m = v + (size_t)i * METRIC__COUNT;

		c->faults += vc.faults;
		c->passes += vc.passes;
		c->exits += vc.exits;
		run_counts_metrics(&vc, m);
		/* A vCPU's percentiles from its own histogram, unrounded. */
		lat_metrics(m, a->lat, hz);
		for (int b = 0; b < SCN_LAT_BUCKETS; b++)
			all[b] += a->lat[b];
	}
	if (gp->latency) {
		double m[METRIC__COUNT] = { 0 };

		lat_metrics(m, all, hz);
		c->lat_p50 = (int64_t)m[METRIC_LAT_P50];
		c->lat_p90 = (int64_t)m[METRIC_LAT_P90];
		c->lat_p99 = (int64_t)m[METRIC_LAT_P99];
		c->lat_max = (int64_t)m[METRIC_LAT_MAX];
	}
	samples_add_vcpu_run(pr, v, (size_t)gp->nvcpu);
	free(v);
}

/* --- operations ------------------------------------------------------------ */

static void job_of(const struct run *r, const struct ir_guest_job *g,
		   struct rt_job *j)
{
	static const int ops[] = { [GUEST_WRITE] = SCN_OP_WRITE,
				   [GUEST_READ] = SCN_OP_READ,
				   [GUEST_MIXED] = SCN_OP_MIXED };

	*j = (struct rt_job){
		.op = ops[g->op],
		.flags = (g->verify ? SCN_F_VERIFY : 0u) |
			 (g->random ? SCN_F_RANDOM : 0u) |
			 (g->latency ? SCN_F_LATENCY : 0u) |
			 (g->pattern_address ? SCN_F_PATTERN_ADDR : 0u),
		.offset = (uint64_t)g->offset, .size = (uint64_t)g->size,
		.stride = (uint64_t)g->stride, .passes = (uint64_t)g->passes,
		.overlap = g->overlap, .pattern = g->pattern, .seed = g->seed,
		.write_pct = g->write_pct,
		.on_fault = (enum rt_fault_policy)g->on_fault,
		.until_all_faulted = g->until == UNTIL_ALL_FAULTED,
		.ring = job_ring(r->sc, r->o, g),
	};
}

/*
 * The run's monitor (watchdog.h) sets halt on a stop or when the phase's
 * watchdog fires; the dispatcher then kicks the vCPUs still at work. The
 * accesses it feeds are the phase's progress.
 */
static struct rt_wait waits(struct strand *s)
{
	return (struct rt_wait){
		.stop = wd_halt_flag(&s->r->wd), .stop2 = s->sibling_stop,
		.progress = &s->r->counts.accesses,
		.host_busy = strand_siblings_running, .busy_ctx = s->conc,
	};
}

/*
 * The uffd service whose reader held a fault of thread tid when the stop
 * came, with where ("at offset 0x... of 'mem'") in buf; else nuffds.
 */
static size_t userfault_of(struct run *r, int tid, char *buf, size_t len)
{
	uint64_t addr;
	size_t i;

	for (i = 0; i < r->sc->nuffds; i++) {
		const struct ir_uffd *u = &r->sc->uffds[i];
		const struct rt_mem *m = &r->backings[u->backing].mem;

		if (r->uffds[i].started && rt_uffd_was_holding(&r->uffds[i].svc, tid, &addr)) {
			snprintf(buf, len, "at offset 0x%llx of '%s'",
				 (unsigned long long)(addr - (uint64_t)(uintptr_t)m->addr),
				 r->sc->backings[u->backing].name);
			break;
		}
	}
	return i;
}

/*
 * Where the watchdog stopped a job, each vCPU that had not reported gets
 * a note with its last exit; they follow the phase's error.
 */
static void stuck_notes(struct run *r, const struct ir_op *op,
			const struct rt_vcpu_result *res, int first, int n)
{
	const struct ir_guest_job *g = &op->guest;
	char buf[96];

	if (!wd_fired(&r->wd, NULL))
		return;
	pthread_mutex_lock(&r->lock);
	for (int i = 0; i < n; i++) {
		int tid = atomic_load(&r->vms[g->vm].vm->vcpus[first + i].tid);
		size_t u = userfault_of(r, tid, buf, sizeof(buf));

		/*
		 * The watchdog hurries the uffd readers as it stops the phase,
		 * so a vCPU it found in a held userfault may report before the
		 * kick reaches it: it had not reported when the watchdog fired.
		 */
		if (!res[i].kicked && u >= r->sc->nuffds)
			continue;
		if (u < r->sc->nuffds)
			diag_note(&r->guest_notes, op->loc, "vCPU %d had not reported: it waited in a userfault %s, which a reader of the uffd of line %d held",
				  first + i, buf, r->sc->uffds[u].loc.first_line);
		else
			diag_note(&r->guest_notes, op->loc, "vCPU %d had not reported (%s)",
				  first + i, rt_vcpu_last_exit(&res[i], buf, sizeof(buf)));
	}
	pthread_mutex_unlock(&r->lock);
}

static int run_job(struct strand *s, const struct ir_op *op, struct rt_err *err)
{
	const struct ir_guest_job *g = &op->guest;
	int n = g->last_vcpu - g->first_vcpu + 1, rc;
	struct rt_vcpu_result *res = xcalloc((size_t)n, sizeof(*res));
	struct rt_wait w = waits(s);
	struct rt_job j;

	job_of(s->r, g, &j);
	rc = rt_vcpus_run(s->r->vms[g->vm].vm, g->first_vcpu, g->last_vcpu, &j,
			  res, &w, err);
	account(s->r, g->vm, g->first_vcpu, &j, res, n);
	stuck_notes(s->r, op, res, g->first_vcpu, n);
	free(res);
	return rc;
}

static int reset_mmu(struct strand *s, const struct ir_op *op, struct rt_err *err)
{
	int n = op->vcpus.last_vcpu - op->vcpus.first_vcpu + 1, rc;
	struct rt_vcpu_result *res = xcalloc((size_t)n, sizeof(*res));
	struct rt_wait w = waits(s);

	rc = rt_vcpus_reset_mmu(s->r->vms[op->vcpus.vm].vm, op->vcpus.first_vcpu,
				op->vcpus.last_vcpu, res, &w, err);
	account(s->r, op->vcpus.vm, op->vcpus.first_vcpu, NULL, res, n);
	free(res);
	return rc;
}

static int memslot(struct run *r, const struct ir_op *op, struct rt_err *err)
{
	struct rt_vm *vm = r->vms[op->memslot.vm].vm;
	int guest = op->memslot.guest_slot;
	/* The runtime knows the vm's own slots by index, not by name. */
	const char *name = guest < 0 ? op->memslot.name : NULL;
	void *hva = NULL;

	switch (op->memslot.op) {
	case MEMSLOT_ADD:
		if (guest >= 0)
			return rt_vm_guest_slot_restore(vm, guest, op->memslot.has_gpa ?
							op->memslot.gpa : -1, err);
		if (op->memslot.backing >= 0) {
			const struct rt_mem *m = &r->backings[op->memslot.backing].mem;

			if (op->memslot.size > m->size)
				return rt_fail(err, -EINVAL, "memslot '%s' is larger than backing '%s'",
					       op->memslot.name,
					       r->sc->backings[op->memslot.backing].name);
			hva = m->addr;
		}
		return rt_vm_slot_add(vm, op->memslot.name, (uint64_t)op->memslot.size,
				      hva, op->memslot.has_gpa ? op->memslot.gpa : -1,
				      err);
	case MEMSLOT_DELETE:
		return rt_vm_slot_delete(vm, name, guest, err);
	default:
		return rt_vm_slot_move(vm, name, guest, (uint64_t)op->memslot.gpa,
				       err);
	}
}

static int dirty_log(struct run *r, const struct ir_op *op, struct rt_err *err)
{
	static const enum rt_dirty_op ops[] = {
		[DIRTYLOG_ON] = RT_DIRTY_ON, [DIRTYLOG_OFF] = RT_DIRTY_OFF,
		[DIRTYLOG_GET] = RT_DIRTY_GET, [DIRTYLOG_CLEAR] = RT_DIRTY_CLEAR,
	};
	uint64_t pages = 0;
	int rc = rt_vm_dirty_log(r->vms[op->dirtylog.vm].vm, ops[op->dirtylog.op],
				 op->dirtylog.slot, &pages, err);

	if (!rc && op->dirtylog.op == DIRTYLOG_GET) {
		pthread_mutex_lock(&r->lock);
		r->gp.dirty = (int64_t)pages;
		r->gp.dirty_got = true;
		pthread_mutex_unlock(&r->lock);
	}
	return rc;
}

/* expect fault on every vcpu / on vcpu[i]: in the phase so far. */
static void expect_fault(struct strand *s, const struct ir_op *op)
{
	struct run *r = s->r;
	int missing = -1, nmissing = 0;

	pthread_mutex_lock(&r->lock);
	for (int i = op->fault.first_vcpu; i <= op->fault.last_vcpu; i++)
		if (i >= r->gp.nvcpu || !r->gp.vcpu[i].faults) {
			if (missing < 0)
				missing = i;
			nmissing++;
		}
	if (nmissing) {
		diag_error(r->d, op->loc, "expectation failed: a fault on %s (vCPU %d%s took none)",
			   op->fault.first_vcpu == op->fault.last_vcpu ? "its vcpu" :
			   "every vcpu", missing,
			   nmissing > 1 ? " and others" : "");
		atomic_store(&r->failed, true);
	}
	pthread_mutex_unlock(&r->lock);
}

int guest_policy(struct strand *s, const struct ir_op *op, struct rt_err *err)
{
	struct rt_wait w = waits(s);
	int rc = 0;

	for (size_t i = 0; i < s->r->sc->nvms && !rc; i++)
		if (s->r->vms[i].vm)
			rc = rt_vcpus_set_policy(s->r->vms[i].vm, (int)op->policy.mode,
						 op->policy.nodes, &w, err);
	return rc;
}

void guest_op(struct strand *s, const struct ir_op *op)
{
	struct rt_err err = { "" };
	int rc = 0;

	switch (op->kind) {
	case IR_GUEST:
		rc = run_job(s, op, &err);
		break;
	case IR_VCPU_RESET:
		rc = reset_mmu(s, op, &err);
		break;
	case IR_MEMSLOT:
		rc = memslot(s->r, op, &err);
		break;
	case IR_DIRTYLOG:
		rc = dirty_log(s->r, op, &err);
		break;
	case IR_EXPECT_FAULT:
		expect_fault(s, op);
		return;
	default:
		return;
	}
	if (rc && !(rc == -EINTR && stopping(s)))
		fail_at(s, op->loc, err.msg);
}
