// SPDX-License-Identifier: GPL-2.0-only
/* dirtylog: dirty logging of a VM's guest memory (see dirtylog.h). */
#include "dirtylog.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "compat.h"
#include "vcpu.h"

/* KVM's bitmaps have a bit per host page (16 KiB on arm64-16k), in 64-bit words. */
static uint64_t slot_words(const struct rt_vm *vm, const struct rt_slot *s)
{
	return (s->size / vm->page_size + 63) / 64;
}

static int bitmaps(struct rt_vm *vm, struct rt_err *err)
{
	int n = vm->cfg.nr_slots;

	if (vm->dirty)
		return 0;
	vm->dirty = calloc((size_t)n, sizeof(*vm->dirty));
	if (!vm->dirty)
		return rt_fail(err, -ENOMEM, "out of memory");
	for (int i = 0; i < n; i++) {
		vm->dirty[i] = calloc(slot_words(vm, &vm->slots[i]), sizeof(uint64_t));
		if (!vm->dirty[i])
			return rt_fail(err, -ENOMEM, "out of memory for the dirty bitmaps");
	}
	return 0;
}

/*
 * The bits set in n words. A get counts its bitmap inside the phase it
 * times, and x86-64's baseline has no POPCNT: there GCC calls libgcc's
 * __popcountdi2 per word, ~3.5 us for the 2048 words of 512 MiB, a third
 * of what KVM_GET_DIRTY_LOG itself takes with manual protect. Where the
 * CPU has the instruction (every x86-64 CPU of the last decade) the loop
 * uses it: ~0.6 us.
 */
#if defined(__x86_64__)
__attribute__((target("popcnt")))
static uint64_t count_bits_popcnt(const uint64_t *w, uint64_t n)
{
	uint64_t sum = 0;

	for (uint64_t k = 0; k < n; k++)
		sum += (uint64_t)__builtin_popcountll(w[k]);
	return sum;
}
#endif

static uint64_t count_bits(const uint64_t *w, uint64_t n)
{
	uint64_t sum = 0;

#if defined(__x86_64__)
	if (__builtin_cpu_supports("popcnt"))
		return count_bits_popcnt(w, n);
#endif
	for (uint64_t k = 0; k < n; k++)
		sum += (uint64_t)__builtin_popcountll(w[k]);
	return sum;
}

static int get(struct rt_vm *vm, int i, uint64_t *pages, struct rt_err *err)
{
	struct kvm_dirty_log log = { .slot = vm->slots[i].id,
				     .dirty_bitmap = vm->dirty[i] };

	if (ioctl(vm->vm_fd, KVM_GET_DIRTY_LOG, &log))
		return rt_fail_errno(err, errno, "KVM_GET_DIRTY_LOG(slot %u)",
				     vm->slots[i].id);
	*pages += count_bits(vm->dirty[i], slot_words(vm, &vm->slots[i]));
	return 0;
}

static int clear(struct rt_vm *vm, int i, bool got, struct rt_err *err)
{
	const struct rt_slot *s = &vm->slots[i];
	struct kvm_clear_dirty_log c = {
		.slot = s->id, .num_pages = (uint32_t)(s->size / vm->page_size),
		.first_page = 0, .dirty_bitmap = vm->dirty[i],
	};

	if (!got)
		memset(vm->dirty[i], 0xff, slot_words(vm, s) * sizeof(uint64_t));
	if (ioctl(vm->vm_fd, KVM_CLEAR_DIRTY_LOG, &c))
		return rt_fail_errno(err, errno, "KVM_CLEAR_DIRTY_LOG(slot %u)", s->id);
	return 0;
}

/* --- the dirty ring --------------------------------------------------- */

int rt_vm_dirty_ring_enable(struct rt_vm *vm, struct rt_err *err)
{
	uint64_t bytes = (uint64_t)vm->cfg.dirty_ring * sizeof(struct kvm_dirty_gfn);
	struct kvm_enable_cap cap = { .cap = KVM_CAP_DIRTY_LOG_RING,
				      .args = { bytes } };
	const char *name = "KVM_CAP_DIRTY_LOG_RING";
	int max;

	/* x86 offers the plain ring (its stores are ordered), arm64 only acq_rel. */
	max = ioctl(vm->vm_fd, KVM_CHECK_EXTENSION, KVM_CAP_DIRTY_LOG_RING);
	if (max <= 0) {
		cap.cap = KVM_CAP_DIRTY_LOG_RING_ACQ_REL;
		name = "KVM_CAP_DIRTY_LOG_RING_ACQ_REL";
		max = ioctl(vm->vm_fd, KVM_CHECK_EXTENSION, cap.cap);
	}
	if (max <= 0)
		return rt_fail(err, -EOPNOTSUPP, "KVM offers no dirty ring (KVM_CAP_DIRTY_LOG_RING and KVM_CAP_DIRTY_LOG_RING_ACQ_REL are 0)");
	if (bytes > (uint64_t)max)
		return rt_fail(err, -E2BIG, "dirty_ring=%u is more than the %llu entries per vCPU KVM allows (%s is %d bytes)",
			       vm->cfg.dirty_ring,
			       (unsigned long long)((uint64_t)max / sizeof(struct kvm_dirty_gfn)),
			       name, max);
	if (bytes < vm->page_size)
		return rt_fail(err, -EINVAL, "dirty_ring=%u is less than a page of entries: KVM needs at least %llu",
			       vm->cfg.dirty_ring,
			       (unsigned long long)(vm->page_size /
						    sizeof(struct kvm_dirty_gfn)));
	if (ioctl(vm->vm_fd, KVM_ENABLE_CAP, &cap))
		return rt_fail_errno(err, errno, "KVM_ENABLE_CAP(%s, %llu bytes)",
				     name, (unsigned long long)bytes);
	if (ioctl(vm->vm_fd, KVM_CHECK_EXTENSION, KVM_CAP_DIRTY_LOG_RING_WITH_BITMAP) > 0) {
		struct kvm_enable_cap wb = { .cap = KVM_CAP_DIRTY_LOG_RING_WITH_BITMAP };

		if (ioctl(vm->vm_fd, KVM_ENABLE_CAP, &wb))
			return rt_fail_errno(err, errno, "KVM_ENABLE_CAP(KVM_CAP_DIRTY_LOG_RING_WITH_BITMAP)");
		vm->ring_with_bitmap = true;
	}
	return 0;
}

int rt_vm_dirty_ring_init(struct rt_vm *vm, struct rt_err *err)
{
	/* vCPUs whose ring fills harvest into these before any get. */
	return bitmaps(vm, err);
}

/*
 * With ring and bitmap, KVM logs in the bitmap what no vCPU wrote (on
 * arm64: the interrupt controller's tables); a get takes both.
 */
static int ring_bitmap_get(struct rt_vm *vm, struct rt_err *err)
{
	int rc = 0;

	for (int i = 0; i < vm->cfg.nr_slots && !rc; i++) {
		uint64_t w = slot_words(vm, &vm->slots[i]);
		uint64_t *b;
		struct kvm_dirty_log log = { .slot = vm->slots[i].id };

		/* A slot deleted or not logged has no bitmap to give. */
		if (!vm->slots[i].live || !(vm->slots[i].flags & KVM_MEM_LOG_DIRTY_PAGES))
			continue;
		b = calloc(w ? w : 1, sizeof(uint64_t));
		log.dirty_bitmap = b;
		if (!b)
			return rt_fail(err, -ENOMEM, "out of memory");
		if (ioctl(vm->vm_fd, KVM_GET_DIRTY_LOG, &log))
			rc = rt_fail_errno(err, errno, "KVM_GET_DIRTY_LOG(slot %u, beside the ring)",
					   vm->slots[i].id);
		for (uint64_t k = 0; k < w && !rc; k++)
			__atomic_fetch_or(&vm->dirty[i][k], b[k], __ATOMIC_RELAXED);
		free(b);
	}
	return rc;
}

static size_t ring_bytes(const struct rt_vm *vm)
{
	return (size_t)vm->cfg.dirty_ring * sizeof(struct kvm_dirty_gfn);
}

int rt_vcpu_dirty_ring_map(struct rt_vcpu *v, struct rt_err *err)
{
	void *p;

	if (!v->vm->cfg.dirty_ring)
		return 0;
	p = mmap(NULL, ring_bytes(v->vm), PROT_READ | PROT_WRITE, MAP_SHARED,
		 v->fd, (off_t)(KVM_DIRTY_LOG_PAGE_OFFSET * v->vm->page_size));
	if (p == MAP_FAILED)
		return rt_fail_errno(err, errno, "mmap(the dirty ring of vCPU %d)",
				     v->index);
	v->dirty_gfns = p;
	return 0;
}

void rt_vcpu_dirty_ring_unmap(struct rt_vcpu *v)
{
	if (v->dirty_gfns)
		munmap(v->dirty_gfns, ring_bytes(v->vm));
	v->dirty_gfns = NULL;
}

/*
 * Moves v's dirty entries into the VM's bitmaps and marks them for
 * KVM_RESET_DIRTY_RINGS; returns how many it took. Guest slot i is
 * memslot i (made first, in order), so an entry needs no slot lookup.
 */
static uint64_t harvest(struct rt_vcpu *v)
{
	const struct rt_vm *vm = v->vm;
	uint32_t mask = vm->cfg.dirty_ring - 1;
	uint64_t pages = (uint64_t)vm->cfg.slot_size / vm->page_size, n = 0;

	pthread_mutex_lock(&v->ring_lock);
	for (;; n++) {
		struct kvm_dirty_gfn *g = &v->dirty_gfns[v->dirty_next & mask];
		uint32_t id;

		/* KVM fills slot and offset before it sets the flag. */
		if (!(__atomic_load_n(&g->flags, __ATOMIC_ACQUIRE) &
		      KVM_DIRTY_GFN_F_DIRTY))
			break;
		id = g->slot & 0xffff;	/* address space 0: scn has no other */
		if (g->slot >> 16 == 0 && id < (uint32_t)vm->cfg.nr_slots &&
		    g->offset < pages)
			__atomic_fetch_or(&vm->dirty[id][g->offset / 64],
					  1ULL << (g->offset % 64), __ATOMIC_RELAXED);
		__atomic_store_n(&g->flags, KVM_DIRTY_GFN_F_RESET, __ATOMIC_RELEASE);
		v->dirty_next++;
	}
	pthread_mutex_unlock(&v->ring_lock);
	return n;
}

/* KVM_RESET_DIRTY_RINGS: how many entries it gave back, or -errno. */
static int reset_rings(struct rt_vm *vm, struct rt_err *err)
{
	int n = ioctl(vm->vm_fd, KVM_RESET_DIRTY_RINGS, 0);

	if (n < 0)
		return rt_fail_errno(err, errno, "KVM_RESET_DIRTY_RINGS");
	return n;
}

int rt_vcpu_dirty_ring_full(struct rt_vcpu *v, struct rt_err *err)
{
	uint64_t took;
	int rc;

	if (!v->dirty_gfns)
		return rt_fail(err, -EIO, "vCPU %d: KVM_EXIT_DIRTY_RING_FULL without a dirty ring",
			       v->index);
	took = harvest(v);
	rc = reset_rings(v->vm, err);
	if (rc < 0)
		return rc;
	/*
	 * A get on the host may have emptied the ring since the exit, so
	 * once with nothing to take is fine; twice in a row would be
	 * KVM_RUN exiting so forever.
	 */
	if (took || rc)
		v->ring_idle = 0;
	else if (++v->ring_idle > 1)
		return rt_fail(err, -EIO, "vCPU %d: KVM_EXIT_DIRTY_RING_FULL again with nothing in its ring to harvest",
			       v->index);
	return 0;
}

/*
 * Every vCPU's ring harvested, the distinct pages of the slots asked
 * (first to last) counted and forgotten; the others' wait for their get.
 */
static int ring_get(struct rt_vm *vm, int first, int last, uint64_t *pages,
		    struct rt_err *err)
{
	int rc;

	for (int i = 0; i < vm->nvcpus; i++)
		harvest(&vm->vcpus[i]);
	rc = reset_rings(vm, err);
	if (rc > 0)
		rc = 0;
	if (!rc && vm->ring_with_bitmap)
		rc = ring_bitmap_get(vm, err);
	for (int i = first; i <= last && !rc; i++)
		for (uint64_t k = 0; k < slot_words(vm, &vm->slots[i]); k++)
			*pages += (uint64_t)__builtin_popcountll(
				__atomic_exchange_n(&vm->dirty[i][k], 0,
						    __ATOMIC_RELAXED));
	return rc;
}

int rt_vm_dirty_log(struct rt_vm *vm, enum rt_dirty_op op, int slot,
		    uint64_t *pages, struct rt_err *err)
{
	int first = slot >= 0 ? slot : 0;
	int last = slot >= 0 ? slot : vm->cfg.nr_slots - 1;
	int rc = 0;

	*pages = 0;
	pthread_mutex_lock(&vm->slots_lock);
	if (slot >= vm->cfg.nr_slots) {
		rc = rt_fail(err, -ENOENT, "the VM has no guest slot %d", slot);
		goto out;
	}
	if (slot >= 0 && !vm->slots[slot].live) {
		rc = rt_fail(err, -ENOENT, "guest slot %d was deleted: it has no dirty log", slot);
		goto out;
	}
	if ((op == RT_DIRTY_GET || op == RT_DIRTY_CLEAR) &&
	    (slot >= 0 ? !(vm->slots[slot].flags & KVM_MEM_LOG_DIRTY_PAGES) :
	     !vm->dirty_on)) {
		rc = rt_fail(err, -EINVAL, "dirty logging is off: turn it on first (host dirtylog VM on)");
		goto out;
	}
	if (op == RT_DIRTY_CLEAR && vm->cfg.dirty_ring) {
		rc = rt_fail(err, -EINVAL, "the VM has a dirty ring: a get resets what it harvests, there is nothing to clear");
		goto out;
	}
	if (op == RT_DIRTY_GET && vm->cfg.dirty_ring) {
		rc = ring_get(vm, first, last, pages, err);
		goto out;
	}
	if (op == RT_DIRTY_CLEAR && !vm->cfg.manual_protect) {
		rc = rt_fail(err, -EINVAL, "the VM was made without manual protect");
		goto out;
	}
	/*
	 * Made when logging goes on, so that the first get, which a phase
	 * times, does not also allocate 16 KiB per 512 MiB of slot (~7 us).
	 */
	if (op != RT_DIRTY_OFF)
		rc = bitmaps(vm, err);
	for (int i = first; i <= last && !rc; i++) {
		struct rt_slot *s = &vm->slots[i];

		/* A deleted guest slot has no log; it keeps its flags. */
		if (!s->live)
			continue;
		switch (op) {
		case RT_DIRTY_ON:
		case RT_DIRTY_OFF:
			rc = rt_vm_slot_set_flags(vm, s, op == RT_DIRTY_ON ?
				s->flags | KVM_MEM_LOG_DIRTY_PAGES :
				s->flags & ~(uint32_t)KVM_MEM_LOG_DIRTY_PAGES, err);
			break;
		case RT_DIRTY_GET:
			rc = get(vm, i, pages, err);
			break;
		case RT_DIRTY_CLEAR:
			rc = clear(vm, i, s->dirty_got, err);
			break;
		}
		if (!rc)
			s->dirty_got = op == RT_DIRTY_GET;
	}
	if (!rc && slot < 0 && (op == RT_DIRTY_ON || op == RT_DIRTY_OFF))
		vm->dirty_on = op == RT_DIRTY_ON;
out:
	pthread_mutex_unlock(&vm->slots_lock);
	return rc;
}
