// SPDX-License-Identifier: GPL-2.0-only
/*
 * dirtylog: dirty logging of a VM's guest memory, slot by slot:
 * KVM_MEM_LOG_DIRTY_PAGES on or off, the bitmaps got (KVM_GET_DIRTY_LOG)
 * and cleared (KVM_CLEAR_DIRTY_LOG, with manual protect: the VM must
 * have been made with rt_vm_config.manual_protect). Without manual
 * protect a get clears and write-protects as it reads.
 *
 * Or, with rt_vm_config.dirty_ring, through KVM's dirty ring: each vCPU
 * pushes the pages it dirties into its own ring, a get harvests every
 * ring (KVM_RESET_DIRTY_RINGS write-protects what it took again), and
 * there is no clear. A vCPU whose ring fills (KVM_EXIT_DIRTY_RING_FULL)
 * harvests it itself, into what the next get counts.
 */
#ifndef SCN_RT_DIRTYLOG_H
#define SCN_RT_DIRTYLOG_H

#include <stdint.h>

#include "err.h"
#include "kvm.h"

struct rt_vcpu;

enum rt_dirty_op { RT_DIRTY_ON, RT_DIRTY_OFF, RT_DIRTY_GET, RT_DIRTY_CLEAR };

/*
 * Does op on every guest-memory slot there (not deleted), or with slot
 * >= 0 on that one alone. GET sets *pages to the dirty 4 KiB pages it
 * found; CLEAR clears what the last GET of a slot found (all, if none).
 */
int rt_vm_dirty_log(struct rt_vm *vm, enum rt_dirty_op op, int slot,
		    uint64_t *pages, struct rt_err *err);

/*
 * Enables the dirty ring of cfg.dirty_ring entries per vCPU on the VM,
 * before its first memslot: checks the size against what KVM allows,
 * and where KVM offers KVM_CAP_DIRTY_LOG_RING_WITH_BITMAP (arm64) turns
 * it on too, without which arm64 neither write-protects nor splits a
 * logged memslot and the ring misses all but a page of each 2M block.
 */
int rt_vm_dirty_ring_enable(struct rt_vm *vm, struct rt_err *err);
/* The ring's bitmaps, which vCPUs harvest into: after the guest slots. */
int rt_vm_dirty_ring_init(struct rt_vm *vm, struct rt_err *err);
/* Maps vCPU v's ring (if the VM has one); unmap undoes it. */
int rt_vcpu_dirty_ring_map(struct rt_vcpu *v, struct rt_err *err);
void rt_vcpu_dirty_ring_unmap(struct rt_vcpu *v);
/* On v's thread after KVM_EXIT_DIRTY_RING_FULL: harvests its ring. */
int rt_vcpu_dirty_ring_full(struct rt_vcpu *v, struct rt_err *err);

#endif
