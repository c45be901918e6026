// SPDX-License-Identifier: GPL-2.0-only
/*
 * arch (aarch64): the VM's and vCPU's state and the facts of this
 * architecture, beside the functions runtime/arch_api.h declares.
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

struct rt_arch_vm {
	struct kvm_vcpu_init init;	/* KVM_ARM_PREFERRED_TARGET */
	int phys_bits;			/* the VM's IPA size */
	bool pages_1g;			/* 1 GiB blocks: never used here */
	uint64_t counter_hz;		/* CNTFRQ_EL0 */
	uint64_t signal_gpa;		/* the signal page's IPA: no memslot */
};

struct rt_arch_vcpu {
	uint64_t asid;			/* TTBR0_EL1's ASID, flipped by an MMU reset */
};

#endif
