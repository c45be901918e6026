// SPDX-License-Identifier: GPL-2.0-only
/*
 * arch (x86_64): the VM's and vCPU's state and the facts of this
 * architecture, beside the functions runtime/arch_api.h declares (the
 * VM's CPU model and tables, a vCPU's registers and ring, what an exit
 * means).
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

struct rt_arch_vm {
	struct kvm_cpuid2 *cpuid;	/* KVM_GET_SUPPORTED_CPUID, for every vCPU */
	int phys_bits;			/* the guest's MAXPHYADDR */
	bool pages_1g;			/* the guest CPUID offers PDPE1GB */
	uint64_t counter_hz;		/* the guest's TSC, 0 if unknown */
};

struct rt_arch_vcpu {
	bool sync_regs;			/* KVM_SYNC_X86_REGS: regs in kvm_run */
	struct kvm_regs regs;		/* as of the last fault, without sync */
};

#endif
