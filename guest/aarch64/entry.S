/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The guest program's entry (aarch64): the header the host reads, the job
 * loop a vCPU (re)starts in at EL1, and the exception vectors. Every vCPU
 * runs the loop with its mailbox in x19 and its stack in SP_EL1, both set
 * by the host; it leaves by a store to the signal page (abi.h), which the
 * host sees as an MMIO exit.
 */
#include "abi.h"

	scn_image_header scn_loop, scn_vectors

	.globl scn_loop
/*
 * The host enters here for a vCPU's first job and after it stopped one;
 * otherwise the vCPU waits after the store of the job before, and the
 * next KVM_RUN goes on from there: one round trip per job. x19 survives
 * the call (AAPCS64).
 */
scn_loop:
	mov	x0, x19
	bl	scn_run_job
	ldr	x1, =SCN_SIGNAL_GVA + SCN_SIGNAL_OFFSET(SCN_PORT_DONE)
	str	xzr, [x1]
	b	scn_loop

/*
 * VBAR_EL1: 16 vectors of 0x80 bytes, 2 KiB aligned. Each leaves its
 * number; the common part pushes the frame the host reads at SP_EL1
 * (vector, ESR, ELR, FAR, SPSR) and leaves by the exception signal.
 */
	.balign 2048
scn_vectors:
	.irp vec, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	.balign 128
	mov	x0, #\vec
	b	scn_exc_common
	.endr

scn_exc_common:
	mrs	x1, esr_el1
	mrs	x2, elr_el1
	mrs	x3, far_el1
	mrs	x4, spsr_el1
	stp	x0, x1, [sp, #-48]!
	stp	x2, x3, [sp, #16]
	str	x4, [sp, #32]
	ldr	x5, =SCN_SIGNAL_GVA + SCN_SIGNAL_OFFSET(SCN_PORT_EXCEPTION)
	str	xzr, [x5]
1:	b	1b

	.ltorg
	.section .note.GNU-stack, "", @progbits
