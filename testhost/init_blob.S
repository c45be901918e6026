/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A test host's init (init.c, built static by the Makefile) as bytes of
 * scn itself, so that scn writes the initramfs with nothing else
 * installed. TH_INIT_PATH is the built program, TH_INIT_SYM the symbol
 * (th_init_x86_64, th_init_aarch64, th_init_riscv64; initrd.c): one object per
 * architecture, an empty one where the Makefile had no compiler for it.
 */
#define TH_CAT(a, b) a##b
#define TH_END(sym) TH_CAT(sym, _end)

	.section .rodata
	.balign 16
	.globl TH_INIT_SYM
	.type TH_INIT_SYM, @object
TH_INIT_SYM:
	.incbin TH_INIT_PATH
	.globl TH_END(TH_INIT_SYM)
TH_END(TH_INIT_SYM):
	.section .note.GNU-stack, "", @progbits
