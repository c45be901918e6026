// SPDX-License-Identifier: GPL-2.0-only
/*
 * arch (riscv64): the VM's and vCPU's state and the facts of this
 * architecture, beside the functions runtime/arch_api.h declares.
 *
 * riscv64: a vCPU needs no init call (KVM makes it in VS-mode with satp
 * 0); every register goes through KVM_GET/SET_ONE_REG. The guest runs in
 * VS-mode (S-mode as it sees it) with its own Sv48 tables: 2 MiB leaves
 * over guest memory (GVA == GPA) and scn's area, A and D preset (no
 * hardware update of them is assumed), and one 4 KiB page, the signal
 * page, whose GPA has no memslot, so that a store there is an MMIO exit.
 * An SBI SRST ecall would leave the vCPU stopped (the next KVM_RUN
 * blocks), so jobs end by MMIO as on arm64. No interrupts, no timer.
 */
#ifndef SCN_RT_ARCH_H
#define SCN_RT_ARCH_H

#include <stdbool.h>
#include <stdint.h>
#include <linux/kvm.h>

#include "../../err.h"

#define ARCH_SIGNAL_STAT	"mmio_exit_user"
#define ARCH_SIGNAL_HOW		"MMIO"

struct rt_arch_vm {
	int phys_bits;			/* GPA bits scn uses: within any G-stage mode */
	bool pages_1g;			/* 1 GiB leaves: never used here */
	uint64_t counter_hz;		/* the timebase rdtime counts in */
	uint64_t signal_gpa;		/* the signal page's GPA: no memslot */
};

struct rt_arch_vcpu {
	uint64_t asid;			/* satp's ASID, flipped by an MMU reset */
};

#endif
