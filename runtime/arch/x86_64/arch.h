// SPDX-License-Identifier: GPL-2.0-only
/*
 * arch (x86_64): what the generic VM and vCPU code (kvm.c, vcpu.c) asks
 * of an architecture. Every architecture has this header, with the same
 * name and the same functions: the VM's CPU model and tables, the guest's
 * page tables, a vCPU's registers and ring, and what an exit means.
 *
 * x86_64: long mode from the first instruction, no firmware, no
 * interrupt controller. One GDT and IDT for all vCPUs, a TSS per vCPU
 * (its IST stack takes exceptions, from either ring). Page tables with
 * U/S set at every level serve both rings, so that choosing ring 0 or 3
 * for a job is a KVM_SET_SREGS of the segments: ring 3 runs natively on
 * PVM hosts, where ring 0 is emulated instruction by instruction.
 */
#ifndef SCN_RT_ARCH_H
#define SCN_RT_ARCH_H

#include <stdbool.h>
#include <stdint.h>
#include <linux/kvm.h>

#include "../../err.h"

/*
 * A vCPU's TSS: the 64-bit TSS (0x68 bytes), then an I/O permission
 * bitmap of ports 0-255 and its closing byte (tables.c).
 */
#define ARCH_TSS_LIMIT		(0x68 + 32 + 1 - 1)

/*
 * For the tests alone: with SCN_TEST_REFUSE_PORT_IO=1 in the environment,
 * ring 3 gets neither IOPL 3 nor the I/O bitmap, so that every host
 * refuses its exit as a host that honours neither would (the message of
 * that refusal is otherwise seen only on such a host).
 */
bool arch_test_refuse_port_io(void);

/*
 * KVM's statistic that counts the exits by which scn's guest program
 * speaks (port I/O here). PVM hosts leave it at 0 (they count those
 * exits as insn_emulation), so results compare it with scn's own count.
 */
#define ARCH_SIGNAL_STAT	"io_exits"
#define ARCH_SIGNAL_HOW		"port I/O"

struct rt_vm;
struct rt_vm_config;
struct rt_vcpu;

struct rt_arch_vm {
	struct kvm_cpuid2 *cpuid;	/* KVM_GET_SUPPORTED_CPUID, for every vCPU */
	int phys_bits;			/* the guest's MAXPHYADDR */
	bool pages_1g;			/* the guest CPUID offers PDPE1GB */
	uint64_t counter_hz;		/* the guest's TSC, 0 if unknown */
};

struct rt_arch_vcpu {
	bool io_pending;		/* a port or MMIO exit waits to complete */
	bool sync_regs;			/* KVM_SYNC_X86_REGS: regs in kvm_run */
	struct kvm_regs regs;		/* as of the last fault, without sync */
};

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

/* The CPU model (CPUID) and facts of a new VM. */
int arch_vm_init(struct rt_vm *vm, struct rt_err *err);
void arch_vm_destroy(struct rt_vm *vm);
/* Bytes of page tables for guest memory and an area of area_size, at most. */
uint64_t arch_table_bytes(const struct rt_vm_config *cfg, uint64_t area_size);
/* Writes the descriptor tables and page tables into the VM's area. */
int arch_vm_build(struct rt_vm *vm, struct rt_err *err);

/* A new vCPU's CPUID and registers, in long mode at ring 0. */
int arch_vcpu_init(struct rt_vcpu *v, struct rt_err *err);
/*
 * Puts the vCPU at the top of the guest's job loop, at ring ring, with
 * its stack and mailbox, whatever it was doing (a pending port or MMIO
 * exit is completed first, without running the guest).
 */
int arch_vcpu_restart(struct rt_vcpu *v, int ring, struct rt_err *err);
/* Moves the vCPU to ring 0 or 3 where it stands. */
int arch_vcpu_set_ring(struct rt_vcpu *v, int ring, struct rt_err *err);
/* A reset of the MMU context: CR0.WP toggled, as mmu_stress_test does. */
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
