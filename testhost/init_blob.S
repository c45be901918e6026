/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The test host's init (init.c, built static by the Makefile) as bytes
 * of scn itself, so that scn writes the initramfs with nothing else
 * installed. TH_INIT_PATH is the built program.
 */
	.section .rodata
	.balign 16
	.globl th_init_image
	.type th_init_image, @object
th_init_image:
	.incbin TH_INIT_PATH
	.globl th_init_image_end
th_init_image_end:
	.section .note.GNU-stack, "", @progbits
