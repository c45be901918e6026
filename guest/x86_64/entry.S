/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The guest program's entry: the header the host reads, the job loop a
 * vCPU (re)starts in, and the exception stubs. Every vCPU runs the loop
 * with its mailbox in rbx and its stack in rsp, both set by the host.
 */
#include "abi.h"

	scn_image_header scn_loop, scn_exc_stubs

	.globl scn_loop
/*
 * The host enters here for a vCPU's first job and after it stopped one;
 * otherwise the vCPU waits after the out of the job before, and the next
 * KVM_RUN goes on from there: one round trip per job.
 */
scn_loop:
	mov %rbx, %rdi
	call scn_run_job
	out %al, $SCN_PORT_DONE
	jmp scn_loop

/*
 * 32 stubs, 16 bytes apart: each pushes a zero where the CPU pushes no
 * error code, then the vector, and leaves. The frame (vector, error,
 * rip, cs, rflags, rsp, ss) is on the IST stack for the host to read.
 */
	.balign 16
scn_exc_stubs:
	.irp vec, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.balign 16
	.if (\vec == 8) || (\vec == 10) || (\vec == 11) || (\vec == 12) || (\vec == 13) || (\vec == 14) || (\vec == 17) || (\vec == 21) || (\vec == 29) || (\vec == 30)
	.else
	pushq $0
	.endif
	pushq $\vec
	jmp scn_exc_common
	.endr

scn_exc_common:
	mov (%rsp), %rax
	out %al, $SCN_PORT_EXCEPTION
1:	jmp 1b

	.section .note.GNU-stack, "", @progbits
