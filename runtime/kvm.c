// SPDX-License-Identifier: GPL-2.0-only
/* kvm: a VM, its memslots and scn's area (see kvm.h). */
#include "kvm.h"

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "arch_api.h"
#include "compat.h"
#include "dirtylog.h"
#include "mem.h"
#include "vcpu.h"

#define SZ_2M (1ULL << 21)
#define SZ_1G (1ULL << 30)

/* The guest program, built from guest/ and linked in (guest/embed.sh). */
extern const unsigned char scn_guest_image[];
extern const size_t scn_guest_image_size;

static uint64_t align_up(uint64_t x, uint64_t a)
{
	return (x + a - 1) & ~(a - 1);
}

static uint64_t fixed_size(const struct rt_vm_config *cfg)
{
	return RT_AREA_VCPUS + (uint64_t)cfg->vcpus * RT_AREA_VCPU_SIZE;
}

uint64_t rt_vm_area_size(const struct rt_vm_config *cfg)
{
	uint64_t fixed = fixed_size(cfg);

	return align_up(fixed + arch_table_bytes(cfg, fixed), SZ_2M);
}

void rt_vm_layout(const struct rt_vm_config *cfg, struct rt_vm_layout *l)
{
	l->area_gpa = align_up((uint64_t)cfg->gpa_base + (uint64_t)cfg->mem, SZ_1G);
	l->area_size = rt_vm_area_size(cfg);
	l->added_gpa = align_up(l->area_gpa + l->area_size, SZ_1G);
}

uint64_t rt_vm_kernel_bytes(uint64_t slot_bytes)
{
	/* 2.3 MiB per GiB measured: 8-byte rmaps per 4K page, and more. */
	return slot_bytes / 445;
}

const struct scn_access *rt_vm_access(const struct rt_vm *vm, uint64_t rip,
				      bool by_end)
{
	const struct scn_access *a = rt_vm_area_ptr(vm, vm->image->access_start);
	const struct scn_access *end = rt_vm_area_ptr(vm, vm->image->access_end);

	for (; a < end; a++)
		if ((by_end ? a->rip + a->len : a->rip) == rip)
			return a;
	return NULL;
}

/* A guest_memfd slot: the same, through the ioctl that takes a file. */
static int set_region2(struct rt_vm *vm, const struct rt_slot *s, uint64_t size,
		       struct rt_err *err)
{
	struct kvm_userspace_memory_region2 r = {
		.slot = s->id, .flags = s->flags | KVM_MEM_GUEST_MEMFD,
		.guest_phys_addr = s->gpa, .memory_size = size,
		.userspace_addr = (uint64_t)(uintptr_t)s->hva,
		.guest_memfd_offset = s->gmem_off,
		.guest_memfd = (uint32_t)vm->cfg.gmem_fd,
	};

	if (ioctl(vm->vm_fd, KVM_SET_USER_MEMORY_REGION2, &r))
		return rt_fail_errno(err, errno, "KVM_SET_USER_MEMORY_REGION2(slot %u, gpa %#llx, %llu bytes, guest_memfd offset %#llx)",
				     s->id, (unsigned long long)s->gpa,
				     (unsigned long long)size,
				     (unsigned long long)s->gmem_off);
	return 0;
}

static int set_region(struct rt_vm *vm, const struct rt_slot *s, uint64_t size,
		      struct rt_err *err)
{
	if (s->gmem)
		return set_region2(vm, s, size, err);
	struct kvm_userspace_memory_region r = {
		.slot = s->id, .flags = s->flags, .guest_phys_addr = s->gpa,
		.memory_size = size, .userspace_addr = (uint64_t)(uintptr_t)s->hva,
	};

	if (ioctl(vm->vm_fd, KVM_SET_USER_MEMORY_REGION, &r))
		return rt_fail_errno(err, errno, "KVM_SET_USER_MEMORY_REGION(slot %u, gpa %#llx, %llu bytes)",
				     s->id, (unsigned long long)s->gpa,
				     (unsigned long long)size);
	return 0;
}

/* A new entry in vm->slots (a dead added slot's, or a new one). */
static struct rt_slot *new_slot(struct rt_vm *vm)
{
	struct rt_slot *s;
	size_t i;

	for (i = (size_t)vm->cfg.nr_slots + 1; i < vm->nslots; i++)
		if (!vm->slots[i].live && !vm->slots[i].name)
			return &vm->slots[i];
	if (vm->nslots == vm->cap_slots) {
		size_t cap = vm->cap_slots ? vm->cap_slots * 2 : 16;

		s = realloc(vm->slots, cap * sizeof(*s));
		if (!s)
			return NULL;
		vm->slots = s;
		vm->cap_slots = cap;
	}
	s = &vm->slots[vm->nslots++];
	memset(s, 0, sizeof(*s));
	s->id = vm->next_slot_id++;
	return s;
}

/*
 * A slot made live at gpa; *made, when asked, is the slot (live or not).
 * gmem_off >= 0: bound to the VM's guest_memfd there.
 */
static int add_slot(struct rt_vm *vm, uint64_t gpa, uint64_t size, void *hva,
		    int64_t gmem_off, struct rt_slot **made, struct rt_err *err)
{
	struct rt_slot *s = new_slot(vm);
	int rc;

	if (!s)
		return rt_fail(err, -ENOMEM, "out of memory");
	s->gpa = gpa;
	s->size = size;
	s->hva = hva;
	if (gmem_off >= 0) {
		s->gmem = true;
		s->gmem_off = (uint64_t)gmem_off;
	}
	rc = set_region(vm, s, size, err);
	s->live = !rc;
	if (made)
		*made = s;
	return rc;
}

static int check_image(struct rt_vm *vm, struct rt_err *err)
{
	const struct scn_image_header *h = (const void *)scn_guest_image;
	uint64_t base = SCN_AREA_GVA + SCN_IMAGE_OFFSET;

	if (scn_guest_image_size < sizeof(*h) || h->magic != SCN_IMAGE_MAGIC ||
	    h->image_end - base > SCN_IMAGE_MAX || h->loop < base ||
	    h->access_start > h->access_end || h->access_end > h->image_end)
		return rt_fail(err, -ENOEXEC, "the guest program built into scn is damaged");
	memcpy(vm->area + SCN_IMAGE_OFFSET, scn_guest_image, scn_guest_image_size);
	vm->image = (const void *)(vm->area + SCN_IMAGE_OFFSET);
	return 0;
}

static int open_vm(struct rt_vm *vm, struct rt_err *err)
{
	vm->kvm_fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (vm->kvm_fd < 0)
		return rt_fail_errno(err, errno, "open(/dev/kvm)");
	/* A guest_memfd binds to the VM it was made with: that one. */
	if (vm->cfg.gmem) {
		vm->vm_fd = fcntl(vm->cfg.gmem_vm_fd, F_DUPFD_CLOEXEC, 0);
		if (vm->vm_fd < 0)
			return rt_fail_errno(err, errno, "dup(the guest_memfd's VM)");
	}
	/* KVM_CREATE_VM can fail with EINTR while the kernel is busy. */
	for (int tries = 0; tries < 10 && vm->vm_fd < 0; tries++) {
		vm->vm_fd = ioctl(vm->kvm_fd, KVM_CREATE_VM, 0);
		if (vm->vm_fd >= 0 || errno != EINTR)
			break;
	}
	if (vm->vm_fd < 0)
		return rt_fail_errno(err, errno, "KVM_CREATE_VM");
	vm->run_size = ioctl(vm->kvm_fd, KVM_GET_VCPU_MMAP_SIZE, 0);
	if (vm->run_size <= 0)
		return rt_fail_errno(err, errno, "KVM_GET_VCPU_MMAP_SIZE");
	if (ioctl(vm->kvm_fd, KVM_CHECK_EXTENSION, KVM_CAP_BINARY_STATS_FD) > 0) {
		int rc;

		vm->stats_fd = rt_stats_open(vm->vm_fd, err);
		if (vm->stats_fd < 0)
			return vm->stats_fd;
		rc = rt_stats_layout_read(vm->stats_fd, &vm->vm_stats, err);
		if (rc)
			return rc;
	}
	if (vm->cfg.manual_protect) {
		int caps = ioctl(vm->vm_fd, KVM_CHECK_EXTENSION,
				 KVM_CAP_MANUAL_DIRTY_LOG_PROTECT2);
		struct kvm_enable_cap cap = {
			.cap = KVM_CAP_MANUAL_DIRTY_LOG_PROTECT2,
			.args = { (uint64_t)(caps > 0 ? caps : 0) &
				  (KVM_DIRTY_LOG_MANUAL_PROTECT_ENABLE |
				   KVM_DIRTY_LOG_INITIALLY_SET) },
		};

		if (ioctl(vm->vm_fd, KVM_ENABLE_CAP, &cap))
			return rt_fail_errno(err, errno, "KVM_ENABLE_CAP(KVM_CAP_MANUAL_DIRTY_LOG_PROTECT2)");
	}
	return 0;
}

int rt_vm_create(struct rt_vm *vm, const struct rt_vm_config *cfg,
		 struct rt_err *err)
{
	struct rt_vm_layout lay;
	uint64_t end, i;
	int rc;

	memset(vm, 0, sizeof(*vm));
	vm->kvm_fd = vm->vm_fd = vm->stats_fd = -1;
	vm->cfg = *cfg;
	vm->page_size = (uint64_t)sysconf(_SC_PAGESIZE);
	pthread_mutex_init(&vm->slots_lock, NULL);
	rc = open_vm(vm, err);
	if (!rc)
		rc = arch_vm_init(vm, err);
	if (rc)
		goto fail;
	/* Above guest memory, 1 GiB aligned as its mapping may be. */
	rt_vm_layout(cfg, &lay);
	vm->area_size = lay.area_size;
	vm->tables_offset = fixed_size(cfg);
	vm->area_gpa = lay.area_gpa;
	end = vm->area_gpa + vm->area_size;
	if (vm->arch.phys_bits < 64 && end > 1ULL << vm->arch.phys_bits) {
		rc = rt_fail(err, -ERANGE, "guest memory and scn's area end at gpa %#llx, beyond the %d-bit guest-physical addresses this machine offers",
			     (unsigned long long)end, vm->arch.phys_bits);
		goto fail;
	}
	/* Guest memory is at GVA == GPA: below the 512 GiB of scn's mapping. */
	if ((uint64_t)cfg->gpa_base + (uint64_t)cfg->mem > (SCN_AREA_GVA & ~(SZ_1G * 512 - 1))) {
		rc = rt_fail(err, -ERANGE, "guest memory would reach scn's own mapping at %#llx",
			     (unsigned long long)SCN_AREA_GVA);
		goto fail;
	}
	vm->area = mmap(NULL, vm->area_size, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (vm->area == MAP_FAILED) {
		vm->area = NULL;
		rc = rt_fail_errno(err, errno, "mmap(scn's area of the VM, %llu bytes)",
				   (unsigned long long)vm->area_size);
		goto fail;
	}
	rc = check_image(vm, err);
	if (!rc)
		rc = arch_vm_build(vm, err);
	/* Ring with bitmap (arm64) must be on before the first memslot. */
	if (!rc && cfg->dirty_ring)
		rc = rt_vm_dirty_ring_enable(vm, err);
	if (rc)
		goto fail;
	for (i = 0; i < (uint64_t)cfg->nr_slots && !rc; i++) {
		uint64_t off = cfg->alias ? 0 : i * (uint64_t)cfg->slot_size;
		char *hva = (char *)cfg->backing + off;
		struct rt_slot *s = NULL;
		void *own = NULL;

		/* KVM checks userspace_addr even where it reads the file. */
		if (cfg->gmem && !cfg->backing) {
			own = mmap(NULL, (size_t)cfg->slot_size, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
			if (own == MAP_FAILED) {
				rc = rt_fail_errno(err, errno, "mmap(a guest_memfd slot's userspace_addr)");
				break;
			}
			hva = own;
		}
		rc = add_slot(vm, (uint64_t)cfg->gpa_base + i * (uint64_t)cfg->slot_size,
			      (uint64_t)cfg->slot_size, hva,
			      cfg->gmem ? (int64_t)off : -1, &s, err);
		if (s)
			s->own = own;
		else if (own)
			munmap(own, (size_t)cfg->slot_size);
	}
	if (!rc)
		rc = add_slot(vm, vm->area_gpa, vm->area_size, vm->area, -1, NULL, err);
	if (!rc && cfg->dirty_ring)
		rc = rt_vm_dirty_ring_init(vm, err);
	if (rc)
		goto fail;
	vm->next_gpa = lay.added_gpa;
	vm->vcpus = calloc((size_t)cfg->vcpus, sizeof(*vm->vcpus));
	if (!vm->vcpus) {
		rc = rt_fail(err, -ENOMEM, "out of memory");
		goto fail;
	}
	for (; vm->nvcpus < cfg->vcpus; vm->nvcpus++) {
		rc = rt_vcpu_create(vm, vm->nvcpus, err);
		if (rc) {
			rt_vcpu_destroy(&vm->vcpus[vm->nvcpus]);
			goto fail;
		}
	}
	return 0;
fail:
	rt_vm_destroy(vm);
	return rc;
}

void rt_vm_destroy(struct rt_vm *vm)
{
	size_t i;

	for (int v = 0; v < vm->nvcpus; v++)
		rt_vcpu_destroy(&vm->vcpus[v]);
	free(vm->vcpus);
	vm->vcpus = NULL;
	vm->nvcpus = 0;
	if (vm->stats_fd >= 0)
		close(vm->stats_fd);
	vm->stats_fd = -1;
	rt_stats_layout_free(&vm->vm_stats);
	rt_stats_layout_free(&vm->vcpu_stats);
	/* Closing the VM frees its memslots; then what they mapped can go. */
	if (vm->vm_fd >= 0)
		close(vm->vm_fd);
	if (vm->kvm_fd >= 0)
		close(vm->kvm_fd);
	vm->vm_fd = vm->kvm_fd = -1;
	for (i = 0; vm->dirty && i < (size_t)vm->cfg.nr_slots; i++)
		free(vm->dirty[i]);
	free(vm->dirty);
	vm->dirty = NULL;
	for (i = 0; i < vm->nslots; i++) {
		if (vm->slots[i].own)
			munmap(vm->slots[i].own, vm->slots[i].size);
		free(vm->slots[i].name);
	}
	free(vm->slots);
	vm->slots = NULL;
	vm->nslots = vm->cap_slots = 0;
	if (vm->area)
		munmap(vm->area, vm->area_size);
	vm->area = NULL;
	arch_vm_destroy(vm);
	pthread_mutex_destroy(&vm->slots_lock);
}

int rt_vm_stats(struct rt_vm *vm, uint64_t *vm_vals, uint64_t *vcpu_vals,
		struct rt_err *err)
{
	int rc;

	if (vm->stats_fd < 0)
		return rt_fail(err, -EOPNOTSUPP, "KVM has no binary statistics here");
	rc = rt_stats_read(vm->stats_fd, &vm->vm_stats, vm_vals, err);
	for (int i = 0; i < vm->nvcpus && !rc; i++)
		rc = rt_stats_read(vm->vcpus[i].stats_fd, &vm->vcpu_stats,
				   vcpu_vals + (size_t)i * vm->vcpu_stats.n, err);
	return rc;
}

static struct rt_slot *find_added(struct rt_vm *vm, const char *name)
{
	for (size_t i = (size_t)vm->cfg.nr_slots + 1; i < vm->nslots; i++)
		if (vm->slots[i].name && !strcmp(vm->slots[i].name, name))
			return &vm->slots[i];
	return NULL;
}

/* An added slot by name, or guest slot `guest`; NULL with *err said. */
static struct rt_slot *find_slot(struct rt_vm *vm, const char *name, int guest,
				 const char *what, struct rt_err *err)
{
	struct rt_slot *s;

	if (!name) {
		if (guest < 0 || guest >= vm->cfg.nr_slots) {
			rt_fail(err, -ENOENT, "the VM has no guest slot %d to %s",
				guest, what);
			return NULL;
		}
		return &vm->slots[guest];
	}
	s = find_added(vm, name);
	if (!s)
		rt_fail(err, -ENOENT, "no memslot '%s' to %s", name, what);
	return s;
}

/* A live slot of the VM other than self over [gpa, gpa + size), or NULL. */
static const struct rt_slot *overlap(const struct rt_vm *vm, uint64_t gpa,
				     uint64_t size, const struct rt_slot *self)
{
	for (size_t i = 0; i < vm->nslots; i++) {
		const struct rt_slot *s = &vm->slots[i];

		if (s != self && s->live && s->gpa < gpa + size && gpa < s->gpa + s->size)
			return s;
	}
	return NULL;
}

/*
 * KVM's EEXIST names nothing: say which slot is in the way (the checker
 * refuses what it can foresee; a slot the runtime placed can still be).
 */
static int overlap_error(const struct rt_vm *vm, const struct rt_slot *in_way,
			 const char *what, uint64_t gpa, uint64_t size,
			 struct rt_err *err)
{
	char who[96];
	size_t k = (size_t)(in_way - vm->slots);

	if (in_way->name)
		snprintf(who, sizeof(who), "memslot '%s'", in_way->name);
	else if (rt_vm_is_guest_slot(vm, in_way))
		snprintf(who, sizeof(who), "guest memory slot %zu", k);
	else
		snprintf(who, sizeof(who), "scn's own area");
	return rt_fail(err, -EEXIST, "%s at gpa %#llx-%#llx overlaps %s at gpa %#llx-%#llx",
		       what, (unsigned long long)gpa,
		       (unsigned long long)(gpa + size),
		       who, (unsigned long long)in_way->gpa,
		       (unsigned long long)(in_way->gpa + in_way->size));
}

uint64_t rt_vm_past_hole(const struct rt_vm_config *cfg, uint64_t at, uint64_t size)
{
	uint64_t hole = (uint64_t)cfg->hole_gpa, end = hole + (uint64_t)cfg->hole_size;

	if (cfg->hole_size && at < end && hole < at + size)
		return align_up(end, SZ_2M);
	return at;
}

/* The lowest 2 MiB aligned gpa above the area where size bytes are free. */
static uint64_t free_gpa(struct rt_vm *vm, uint64_t size)
{
	uint64_t at = vm->next_gpa, past;
	const struct rt_slot *s;

	/* Guest slots moved up there count too; and the hole. */
	for (;;) {
		if ((s = overlap(vm, at, size, NULL)))
			at = align_up(s->gpa + s->size, SZ_2M);
		else if ((past = rt_vm_past_hole(&vm->cfg, at, size)) != at)
			at = past;
		else
			return at;
	}
}

int rt_vm_slot_add(struct rt_vm *vm, const char *name, uint64_t size,
		   void *hva, int64_t gpa, struct rt_err *err)
{
	const struct rt_slot *in_way;
	struct rt_slot *s;
	void *own = NULL;
	char what[96];
	int rc;

	pthread_mutex_lock(&vm->slots_lock);
	if (find_added(vm, name)) {
		rc = rt_fail(err, -EEXIST, "memslot '%s' is there already", name);
		goto out;
	}
	snprintf(what, sizeof(what), "memslot '%s'", name);
	if (gpa >= 0 && (in_way = overlap(vm, (uint64_t)gpa, size, NULL))) {
		rc = overlap_error(vm, in_way, what, (uint64_t)gpa, size, err);
		goto out;
	}
	if (!hva) {
		own = rt_mem_map_fresh(size, PROT_READ | PROT_WRITE,
				       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (own == MAP_FAILED) {
			rc = rt_fail_errno(err, errno, "mmap(memslot '%s', %llu bytes)",
					   name, (unsigned long long)size);
			goto out;
		}
		hva = own;
	}
	rc = add_slot(vm, gpa >= 0 ? (uint64_t)gpa : free_gpa(vm, size), size,
		      hva, -1, &s, err);
	if (rc)
		goto out;
	s->own = own;
	s->name = strdup(name);
	own = NULL;
out:
	if (own)
		munmap(own, size);
	pthread_mutex_unlock(&vm->slots_lock);
	return rc;
}

int rt_vm_slot_delete(struct rt_vm *vm, const char *name, int guest,
		      struct rt_err *err)
{
	struct rt_slot *s;
	int rc;

	pthread_mutex_lock(&vm->slots_lock);
	s = find_slot(vm, name, guest, "delete", err);
	if (!s) {
		rc = -ENOENT;
	} else if (!s->live) {
		rc = rt_fail(err, -ENOENT, "guest slot %d was deleted already", guest);
	} else {
		rc = set_region(vm, s, 0, err);
		if (!rc && !name) {
			/* Its id, mapping and flags stay, for a restore. */
			s->live = false;
			s->dirty_got = false;
		} else if (!rc) {
			if (s->own)
				munmap(s->own, s->size);
			free(s->name);
			memset(&s->gpa, 0, sizeof(*s) - offsetof(struct rt_slot, gpa));
		}
	}
	pthread_mutex_unlock(&vm->slots_lock);
	return rc;
}

int rt_vm_slot_move(struct rt_vm *vm, const char *name, int guest,
		    uint64_t gpa, struct rt_err *err)
{
	const struct rt_slot *in_way;
	struct rt_slot *s;
	char what[96];
	uint64_t old;
	int rc;

	pthread_mutex_lock(&vm->slots_lock);
	s = find_slot(vm, name, guest, "move", err);
	if (!s) {
		rc = -ENOENT;
		goto out;
	}
	if (!s->live) {
		rc = rt_fail(err, -ENOENT, "guest slot %d was deleted: nothing to move", guest);
		goto out;
	}
	if (name)
		snprintf(what, sizeof(what), "memslot '%s'", name);
	else
		snprintf(what, sizeof(what), "guest memory slot %d", guest);
	if ((in_way = overlap(vm, gpa, s->size, s))) {
		rc = overlap_error(vm, in_way, what, gpa, s->size, err);
		goto out;
	}
	old = s->gpa;
	s->gpa = gpa;
	rc = set_region(vm, s, s->size, err);
	if (rc)
		s->gpa = old;
out:
	pthread_mutex_unlock(&vm->slots_lock);
	return rc;
}

int rt_vm_guest_slot_restore(struct rt_vm *vm, int guest, int64_t gpa,
			     struct rt_err *err)
{
	const struct rt_slot *in_way;
	struct rt_slot *s;
	char what[64];
	uint64_t at;
	int rc;

	pthread_mutex_lock(&vm->slots_lock);
	s = find_slot(vm, NULL, guest, "restore", err);
	if (!s) {
		rc = -ENOENT;
		goto out;
	}
	if (s->live) {
		rc = rt_fail(err, -EEXIST, "guest slot %d is there: delete it first", guest);
		goto out;
	}
	at = gpa >= 0 ? (uint64_t)gpa :
	     (uint64_t)vm->cfg.gpa_base + (uint64_t)guest * (uint64_t)vm->cfg.slot_size;
	snprintf(what, sizeof(what), "guest memory slot %d", guest);
	if ((in_way = overlap(vm, at, s->size, s))) {
		rc = overlap_error(vm, in_way, what, at, s->size, err);
		goto out;
	}
	s->gpa = at;
	rc = set_region(vm, s, s->size, err);
	s->live = !rc;
out:
	pthread_mutex_unlock(&vm->slots_lock);
	return rc;
}

int rt_vm_slot_set_flags(struct rt_vm *vm, struct rt_slot *s, uint32_t flags,
			 struct rt_err *err)
{
	uint32_t old = s->flags;
	int rc;

	s->flags = flags;
	rc = set_region(vm, s, s->size, err);
	if (rc)
		s->flags = old;
	return rc;
}
