/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The guest program's entry (riscv64): the header the host reads, the job
 * loop a vCPU (re)starts in, in S-mode, and the trap entry (stvec, direct
 * mode). Every vCPU runs the loop with its mailbox in s1 and its stack in
 * sp, both set by the host; it leaves by a store to the signal page
 * (abi.h), which the host sees as an MMIO exit.
 */
#include "abi.h"

	scn_image_header scn_loop, scn_trap

	.option norvc
	.globl scn_loop
/*
 * The host enters here for a vCPU's first job and after it stopped one;
 * otherwise the vCPU waits after the store of the job before, and the
 * next KVM_RUN goes on from there: one round trip per job. s1 survives
 * the call (the psABI's callee-saved).
 */
scn_loop:
	mv	a0, s1
	call	scn_run_job
	li	t0, SCN_SIGNAL_GVA + SCN_SIGNAL_OFFSET(SCN_PORT_DONE)
	sd	zero, 0(t0)
	j	scn_loop

/*
 * stvec: pushes the frame the host reads at sp (scause, sepc, stval,
 * sstatus) and leaves by the exception signal.
 */
	.balign 4
scn_trap:
	addi	sp, sp, -32
	csrr	t0, scause
	sd	t0, 0(sp)
	csrr	t0, sepc
	sd	t0, 8(sp)
	csrr	t0, stval
	sd	t0, 16(sp)
	csrr	t0, sstatus
	sd	t0, 24(sp)
	li	t1, SCN_SIGNAL_GVA + SCN_SIGNAL_OFFSET(SCN_PORT_EXCEPTION)
	sd	zero, 0(t1)
1:	j	1b

/*
 * __clzdi2, which gcc calls for __builtin_clzll where the ISA has no clz
 * (no Zbb): the guest links no libgcc. A bit at a time: it runs once per
 * timed access, for a latency bucket.
 */
	.globl __clzdi2
__clzdi2:
	li	t0, 64
	beqz	a0, 2f
	li	t0, 0
1:	bltz	a0, 2f
	slli	a0, a0, 1
	addi	t0, t0, 1
	j	1b
2:	mv	a0, t0
	ret

	.section .note.GNU-stack, "", @progbits
