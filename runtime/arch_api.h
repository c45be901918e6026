// SPDX-License-Identifier: GPL-2.0-only
/*
 * arch_api: what the generic VM and vCPU code (kvm.c, vcpu.c) asks of an
 * architecture, declared once; each architecture's runtime/arch/ARCH/
 * has the functions (cpu.c, tables.c) and its own types and facts
 * (arch.h: its VM and vCPU state, the statistic its exits count in).
 */
#ifndef SCN_RT_ARCH_API_H
#define SCN_RT_ARCH_API_H

#include <stdbool.h>
#include <stdint.h>

#include "err.h"
#include "arch.h"

struct rt_vm;
struct rt_vm_config;
struct rt_vcpu;

/* What a KVM_RUN return means, in words the generic code acts on. */
enum rt_exit_kind {
	RT_EXIT_DONE,			/* the job is over */
	RT_EXIT_FAULT,			/* an access faulted: see the fields */
	RT_EXIT_INTR,			/* a signal: look at the kick flag */
	RT_EXIT_MISMATCH,		/* a data check failed: in the mailbox */
};

struct rt_exit {
	enum rt_exit_kind kind;
	int fx;				/* enum rt_fault_exit */
	uint64_t gpa;
	bool write;
	uint64_t insn;			/* GVA of the faulting access */
	int len;			/* its length */
};

/* The CPU model (x86: CPUID; arm64: the target KVM prefers) and facts of a new VM. */
int arch_vm_init(struct rt_vm *vm, struct rt_err *err);
void arch_vm_destroy(struct rt_vm *vm);
/* Bytes of page tables for guest memory and an area of area_size, at most. */
uint64_t arch_table_bytes(const struct rt_vm_config *cfg, uint64_t area_size);
/* Writes the descriptor tables and page tables into the VM's area. */
int arch_vm_build(struct rt_vm *vm, struct rt_err *err);
/*
 * The page size the guest's tables map its memory with: cfg.guest_page,
 * or without it the largest the arch's tables take on this VM (x86: 1G
 * where the guest CPUID offers PDPE1GB, else 2M); 0 where cfg asks for
 * one they cannot map.
 */
uint64_t arch_guest_page(const struct rt_vm *vm);

/* A new vCPU's CPU model and registers: long mode at ring 0 (x86), EL1 (arm64). */
int arch_vcpu_init(struct rt_vcpu *v, struct rt_err *err);
/*
 * Puts the vCPU at the top of the guest's job loop, at ring ring, with
 * its stack and mailbox, whatever it was doing (a pending port or MMIO
 * exit is completed first, without running the guest).
 */
int arch_vcpu_restart(struct rt_vcpu *v, int ring, struct rt_err *err);
/* Moves the vCPU to ring 0 or 3 where it stands (arm64: 0 alone). */
int arch_vcpu_set_ring(struct rt_vcpu *v, int ring, struct rt_err *err);
/*
 * A reset of the MMU context: x86 toggles CR0.WP, as mmu_stress_test
 * does; arm64 flips TTBR0_EL1's ASID.
 */
int arch_vcpu_reset_mmu(struct rt_vcpu *v, struct rt_err *err);

/*
 * What KVM_RUN's return (rc, errno) means; 0, or -errno with err for
 * anything that is none of those (a shutdown, an exception, ...).
 */
int arch_vcpu_exit(struct rt_vcpu *v, int rc, int errnum, struct rt_exit *e,
		   struct rt_err *err);
/* Goes on after the faulting access, as if it had not been there. */
int arch_fault_skip(struct rt_vcpu *v, const struct rt_exit *e,
		    struct rt_err *err);
/* Runs the faulting access again at the next KVM_RUN. */
int arch_fault_retry(struct rt_vcpu *v, const struct rt_exit *e,
		     struct rt_err *err);

#endif
