// SPDX-License-Identifier: GPL-2.0-only
/*
 * arch (aarch64): what the generic VM and vCPU code (kvm.c, vcpu.c) asks
 * of an architecture; the same header, with the same functions, as every
 * other architecture's (runtime/arch/x86_64/arch.h explains each).
 *
 * aarch64: vCPUs made by KVM_ARM_VCPU_INIT at the target KVM prefers,
 * registers through KVM_GET/SET_ONE_REG. The guest runs at EL1 with its
 * MMU on: stage-1 tables of 4 KiB granules with 2 MiB blocks of normal
 * write-back memory over guest memory (GVA == GPA) and scn's area, and
 * one device page, the signal page, whose IPA has no memslot, so that a
 * store there is an MMIO exit (arm64 has no port I/O). No interrupt
 * controller, no timer interrupts: the guest never waits for one. Jobs
 * run at EL1 only: ring 3 is an x86 choice.
 */
#ifndef SCN_RT_ARCH_H
#define SCN_RT_ARCH_H

#include <stdbool.h>
#include <stdint.h>
#include <linux/kvm.h>

#include "../../err.h"

/*
 * KVM's statistic that counts the exits by which scn's guest program
 * speaks: MMIO stores that leave for user space.
 */
#define ARCH_SIGNAL_STAT	"mmio_exit_user"
#define ARCH_SIGNAL_HOW		"MMIO"

struct rt_vm;
struct rt_vm_config;
struct rt_vcpu;

struct rt_arch_vm {
	struct kvm_vcpu_init init;	/* KVM_ARM_PREFERRED_TARGET */
	int phys_bits;			/* the VM's IPA size */
	bool pages_1g;			/* 1 GiB blocks: never used here */
	uint64_t counter_hz;		/* CNTFRQ_EL0 */
	uint64_t signal_gpa;		/* the signal page's IPA: no memslot */
};

struct rt_arch_vcpu {
	bool io_pending;		/* an MMIO exit waits to complete */
	uint64_t asid;			/* TTBR0_EL1's ASID, flipped by an MMU reset */
};

enum rt_exit_kind {
	RT_EXIT_DONE,
	RT_EXIT_FAULT,
	RT_EXIT_INTR,
	RT_EXIT_MISMATCH,
};

struct rt_exit {
	enum rt_exit_kind kind;
	int fx;				/* enum rt_fault_exit */
	uint64_t gpa;
	bool write;
	uint64_t insn;			/* GVA of the faulting access */
	int len;			/* its length: 4 */
};

int arch_vm_init(struct rt_vm *vm, struct rt_err *err);
void arch_vm_destroy(struct rt_vm *vm);
uint64_t arch_table_bytes(const struct rt_vm_config *cfg, uint64_t area_size);
int arch_vm_build(struct rt_vm *vm, struct rt_err *err);

int arch_vcpu_init(struct rt_vcpu *v, struct rt_err *err);
/* ring must be 0 (EL1): anything else is -EOPNOTSUPP with the reason. */
int arch_vcpu_restart(struct rt_vcpu *v, int ring, struct rt_err *err);
int arch_vcpu_set_ring(struct rt_vcpu *v, int ring, struct rt_err *err);
/*
 * A new MMU context: TTBR0_EL1's ASID flipped between 0 and 1, so that
 * the guest's translations are looked up afresh (x86 toggles CR0.WP).
 */
int arch_vcpu_reset_mmu(struct rt_vcpu *v, struct rt_err *err);

int arch_vcpu_exit(struct rt_vcpu *v, int rc, int errnum, struct rt_exit *e,
		   struct rt_err *err);
int arch_fault_skip(struct rt_vcpu *v, const struct rt_exit *e,
		    struct rt_err *err);
int arch_fault_retry(struct rt_vcpu *v, const struct rt_exit *e,
		     struct rt_err *err);

#endif
