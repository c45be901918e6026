// SPDX-License-Identifier: GPL-2.0-only
/*
 * kvm: a VM, its memslots and scn's own area in it.
 *
 * The scenario's guest memory is one or more memslots from gpa_base on,
 * mapping a backing (each slot its own part of it, or all of it again:
 * aliasing). Above it, at area_gpa, is scn's area: the guest program,
 * the descriptor tables, a mailbox and stacks per vCPU and the page
 * tables, mapped in the guest at SCN_AREA_GVA (guest/abi.h). The guest
 * sees its memory at GVA == GPA. Memslots added while the VM runs go
 * above the area. vCPUs (vcpu.h) are threads that live as long as the VM.
 *
 * Like all of runtime/, this never prints or exits: 0 or -errno and a
 * message in struct rt_err.
 */
#ifndef SCN_RT_KVM_H
#define SCN_RT_KVM_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "../guest/abi.h"
#include "arch.h"
#include "err.h"
#include "kvm_stats.h"

struct rt_vcpu;

/* What the VM is made of; the caller's memory is borrowed. */
struct rt_vm_config {
	int64_t gpa_base;		/* where guest memory starts */
	int64_t mem;			/* bytes of guest memory */
	int64_t slot_size;		/* mem / nr_slots */
	int nr_slots;
	bool alias;			/* every slot maps all of the backing */
	void *backing;			/* the host mapping of the backing */
	int64_t backing_size;
	int64_t page_size;		/* the backing's */
	int vcpus;
	bool pin;			/* vCPU i on CPU i % ncpus */
	bool manual_protect;		/* dirty log with KVM_CLEAR_DIRTY_LOG */
	uint32_t dirty_ring;		/* entries per vCPU, or 0: the bitmaps */
	/*
	 * The page size the guest's own tables map its memory with: 4K, 2M
	 * or 1G (x86 where the guest CPUID offers PDPE1GB); 0 the largest
	 * the arch's tables offer there (arch_guest_page).
	 */
	uint64_t guest_page;
	/*
	 * A range a slot added without a gpa is not put over (hole_size 0:
	 * none): x86's local APIC page, which KVM's emulator takes as MMIO
	 * whatever memslot holds it (docs/runtime.md). The caller's, as the
	 * machine's arch is the caller's to know.
	 */
	int64_t hole_gpa, hole_size;
	const char *host_kind;		/* "pvm", "svm", ...: for messages */
	/*
	 * A guest_memfd backing (mem_gmem.h): the VM adopts the VM fd its
	 * file was made with (dup'd) and binds each guest slot to the file
	 * at the slot's offset (KVM_SET_USER_MEMORY_REGION2); backing is its
	 * mapping, or NULL without mmap (a slot then gets an anonymous
	 * userspace_addr of its own, the shared half KVM still asks for).
	 */
	bool gmem;
	int gmem_fd, gmem_vm_fd;
};

/* One memslot of the VM. */
struct rt_slot {
	uint32_t id;
	uint64_t gpa, size;
	void *hva;
	uint32_t flags;			/* KVM_MEM_* */
	bool gmem;			/* bound to cfg.gmem_fd at gmem_off */
	uint64_t gmem_off;
	char *name;			/* an added slot's, or NULL */
	void *own;			/* memory the slot mapped for itself */
	bool live;			/* registered with KVM */
	bool dirty_got;			/* its log's last op was a get */
};

/*
 * Offsets in scn's area (also its GVAs from SCN_AREA_GVA): the arch's
 * tables, the guest program at SCN_IMAGE_OFFSET, a block per vCPU, then
 * the page tables.
 */
#define RT_AREA_ARCH		0x1000	/* up to the image: GDT, IDT on x86 */
#define RT_AREA_VCPUS		0x100000
#define RT_AREA_VCPU_SIZE	0x8000
#define RT_VCPU_MAILBOX		0x0000	/* in a vCPU's block */
#define RT_VCPU_ARCH		0x1000	/* a page for the arch: the TSS on x86 */
#define RT_VCPU_STACK_TOP	0x6000	/* the job's stack below */
#define RT_VCPU_IST_TOP		0x8000	/* the exception stack below */

struct rt_vm {
	int kvm_fd, vm_fd;
	struct rt_vm_config cfg;
	pthread_mutex_t slots_lock;	/* slots, from concurrent host branches */
	struct rt_slot *slots;		/* guest memory first, then the area's */
	size_t nslots, cap_slots;
	uint32_t next_slot_id;
	uint64_t next_gpa;		/* where an added slot goes */
	/* scn's area */
	char *area;
	uint64_t area_gpa, area_size, tables_offset;
	const struct scn_image_header *image;	/* in the area */
	struct rt_vcpu *vcpus;
	int nvcpus;			/* created so far */
	/* Binary statistics; fds -1 where KVM has none. */
	int stats_fd;
	struct rt_stats_layout vm_stats, vcpu_stats;
	/* dirty logging (dirtylog.h) */
	bool dirty_on;			/* logging on every guest slot */
	bool ring_with_bitmap;		/* KVM_CAP_DIRTY_LOG_RING_WITH_BITMAP on */
	/*
	 * [guest slot]: the last bitmaps got; with a dirty ring, the pages
	 * harvested since the last get (set atomically, by vCPUs too).
	 */
	uint64_t **dirty;
	long run_size;			/* KVM_GET_VCPU_MMAP_SIZE */
	/*
	 * The host's base page (sysconf): KVM's gfn, a bit of a dirty
	 * bitmap, a dirty ring entry's offset, a memslot's alignment.
	 */
	uint64_t page_size;
	struct rt_arch_vm arch;
};

/*
 * Creates the VM: memslots over the backing, scn's area with the guest
 * program, and cfg->vcpus vCPU threads, idle until given work. On
 * failure everything made so far is undone.
 */
int rt_vm_create(struct rt_vm *vm, const struct rt_vm_config *cfg,
		 struct rt_err *err);
/* Stops and joins the vCPU threads, closes every fd, unmaps the area. */
void rt_vm_destroy(struct rt_vm *vm);

/*
 * Scn's area of a VM with these many vCPUs and this much memory: its
 * size (page tables included). Also what a run adds to its memory need.
 */
uint64_t rt_vm_area_size(const struct rt_vm_config *cfg);
/*
 * Where rt_vm_create puts scn's area (above guest memory, 1 GiB aligned)
 * and from where it places a memslot added without a gpa: what the
 * checker needs to tell an overlap before the run.
 */
struct rt_vm_layout {
	uint64_t area_gpa, area_size;
	uint64_t added_gpa;
};
void rt_vm_layout(const struct rt_vm_config *cfg, struct rt_vm_layout *l);
/*
 * Where a slot of size bytes added without a gpa may go, from at: at
 * itself, or past the config's hole (2 MiB aligned) where [at, at +
 * size) would cover it. The runtime's placement and the checker's alike.
 */
uint64_t rt_vm_past_hole(const struct rt_vm_config *cfg, uint64_t at, uint64_t size);
/*
 * Kernel memory KVM keeps per memslot byte (rmaps and page metadata):
 * about 2.3 MiB per GiB of slot where measured.
 */
uint64_t rt_vm_kernel_bytes(uint64_t slot_bytes);

/* The host address of a GVA in scn's area. */
static inline void *rt_vm_area_ptr(const struct rt_vm *vm, uint64_t gva)
{
	return vm->area + (gva - SCN_AREA_GVA);
}

/* Where vCPU i's block starts, as the guest sees it (its GVA). */
static inline uint64_t rt_vcpu_block_gva(int i)
{
	return SCN_AREA_GVA + RT_AREA_VCPUS + (uint64_t)i * RT_AREA_VCPU_SIZE;
}

/* The rate of the counter the guest times its accesses with, or 0. */
static inline uint64_t rt_vm_counter_hz(const struct rt_vm *vm)
{
	return vm->arch.counter_hz;
}

/*
 * The VM's statistics and every vCPU's now: vm_vals[vm->vm_stats.n],
 * vcpu_vals[nvcpus * vm->vcpu_stats.n]. -EOPNOTSUPP where KVM has none.
 */
int rt_vm_stats(struct rt_vm *vm, uint64_t *vm_vals, uint64_t *vcpu_vals,
		struct rt_err *err);

/*
 * A memslot added while the VM runs: size bytes of hva (or, with hva
 * NULL, memory of its own), at gpa (or, with gpa < 0, above everything
 * the VM has). -EEXIST if the name is taken or the range overlaps a slot
 * of the VM (the message names it).
 */
int rt_vm_slot_add(struct rt_vm *vm, const char *name, uint64_t size,
		   void *hva, int64_t gpa, struct rt_err *err);
/*
 * A slot by an added slot's name, or with name NULL the VM's own guest
 * slot `guest` (0 to nr_slots - 1), which the guest may be using: delete
 * takes it from KVM (a guest access there faults, as MMIO), move puts
 * it at another gpa (KVM_MR_MOVE; -EEXIST on an overlap), and
 * rt_vm_guest_slot_restore puts a deleted guest slot back, at gpa (or,
 * with gpa < 0, where it was made).
 */
int rt_vm_slot_delete(struct rt_vm *vm, const char *name, int guest,
		      struct rt_err *err);
int rt_vm_slot_move(struct rt_vm *vm, const char *name, int guest,
		    uint64_t gpa, struct rt_err *err);
int rt_vm_guest_slot_restore(struct rt_vm *vm, int guest, int64_t gpa,
			     struct rt_err *err);
/* Sets a registered slot's flags again (KVM_MEM_LOG_DIRTY_PAGES). */
int rt_vm_slot_set_flags(struct rt_vm *vm, struct rt_slot *s, uint32_t flags,
			 struct rt_err *err);

/*
 * The guest program's access instruction at rip (by_end: the one that
 * ends at rip), or NULL.
 */
const struct scn_access *rt_vm_access(const struct rt_vm *vm, uint64_t rip,
				      bool by_end);

/* Whether slot s is one of the guest-memory slots (not scn's, not added). */
static inline bool rt_vm_is_guest_slot(const struct rt_vm *vm,
				       const struct rt_slot *s)
{
	return s - vm->slots < vm->cfg.nr_slots;
}

#endif
