// SPDX-License-Identifier: GPL-2.0-only
/*
 * abi: what scn's guest program and the host agree on. Both sides include
 * this header: the guest (freestanding, guest/) and the runtime (runtime/).
 *
 * A VM has two kinds of memory: the scenario's guest memory, mapped at
 * GVA == GPA, and scn's own small area (the guest program, the
 * descriptor tables, a mailbox and stacks per vCPU, the page tables),
 * mapped at SCN_AREA_GVA whatever GPA it sits at. The host writes a job
 * into a vCPU's mailbox and enters KVM_RUN; the guest walks the memory
 * and leaves by port I/O when the job is done.
 */
#ifndef SCN_GUEST_ABI_H
#define SCN_GUEST_ABI_H

#ifndef __ASSEMBLER__
#ifdef SCN_GUEST
typedef unsigned long scn_u64;
typedef unsigned char scn_u8;
#else
#include <stdint.h>
typedef uint64_t scn_u64;
typedef uint8_t scn_u8;
#endif
#endif

/* Where scn's area is in the guest's virtual address space (1 GiB aligned). */
#define SCN_AREA_GVA		0x7ff000000000
/* The guest program's image, from this offset of the area. */
#define SCN_IMAGE_OFFSET	0x10000
#define SCN_IMAGE_MAX		0xf0000

/*
 * How the guest leaves for the host: on x86 it writes to one of these
 * ports (out %al, imm8); architectures without port I/O store to
 * SCN_SIGNAL_GVA + 8 * (port - SCN_PORT_DONE), a page below scn's area
 * whose guest-physical address has no memslot: an MMIO exit.
 */
#define SCN_PORT_DONE		0xf0	/* the job is done */
#define SCN_PORT_EXCEPTION	0xf1	/* an exception: the frame is on its stack */
#define SCN_PORT_MISMATCH	0xf2	/* a data check failed: bad_* say where */
#define SCN_SIGNAL_GVA		(SCN_AREA_GVA - 0x1000)
#define SCN_SIGNAL_OFFSET(port)	(8 * ((port) - SCN_PORT_DONE))

/* A job's access. */
#define SCN_OP_WRITE		1
#define SCN_OP_READ		2
#define SCN_OP_MIXED		3	/* write_pct percent writes */

/* A job's flags. */
#define SCN_F_VERIFY		0x01	/* write: then check; read: check */
#define SCN_F_RANDOM		0x02	/* seeded random order, each access once */
#define SCN_F_LATENCY		0x04	/* a TSC histogram of every access */
#define SCN_F_PATTERN_ADDR	0x08	/* each word holds its own address */
#define SCN_F_UNTIL_FLAG	0x10	/* passes until the host sets stop_after_pass */

#define SCN_LAT_BUCKETS		64	/* log2 of TSC cycles */

#ifndef __ASSEMBLER__
/*
 * One per vCPU, a page each. The host writes the job and enters; the
 * guest writes its progress and results.
 */
struct scn_mailbox {
	/* the job */
	scn_u64 op, flags;
	scn_u64 start;			/* GVA of the first access */
	scn_u64 count;			/* accesses per pass */
	scn_u64 stride;			/* bytes between accesses */
	scn_u64 passes;			/* without SCN_F_UNTIL_FLAG */
	scn_u64 pattern;		/* the value written, unless PATTERN_ADDR */
	scn_u64 seed;			/* random order and mixed choices */
	scn_u64 write_pct;
	/* set by the host while the job runs (until=all_faulted) */
	volatile scn_u64 stop_after_pass;
	/* the guest's progress and results */
	volatile scn_u64 accesses;	/* done so far, updated per chunk */
	volatile scn_u64 passes_done;
	volatile scn_u64 bad_addr, bad_found, bad_expected;	/* MISMATCH */
	scn_u64 lat_hist[SCN_LAT_BUCKETS];
	/*
	 * Faults the host took for this vCPU in the job (until=all_faulted):
	 * a pass that adds none shows that the memory does not fault this
	 * vCPU, and more passes cannot change that, so the loop ends (a
	 * guest_memfd guest writes through a read-only host mapping). Only a
	 * pass begun once host_settled is set counts: until then host work
	 * running beside the job (concurrently) may yet make it fault.
	 */
	volatile scn_u64 host_faults;
	volatile scn_u64 host_settled;
};

/*
 * The guest program's image starts with this header, so that the host
 * finds its entry points and its table of access instructions.
 */
#endif

#define SCN_IMAGE_MAGIC		0x31676e6573637300	/* "\0scsneg1" */

#ifndef __ASSEMBLER__
struct scn_image_header {
	scn_u64 magic;
	scn_u64 loop;			/* GVA where a vCPU (re)starts: rbx = mailbox */
	scn_u64 exc_stubs;		/* the exceptions: x86 32 stubs 16 bytes apart, arm64 VBAR_EL1 */
	scn_u64 access_start;		/* GVA of the access table */
	scn_u64 access_end;
	scn_u64 image_end;		/* GVA after the image, bss included */
};
#endif

/*
 * Every guest instruction that touches scenario memory has an entry, so
 * that the host knows a fault's instruction, its length and its kind,
 * and can skip it. The address an access touches is always in rdi.
 */
#define SCN_ACCESS_READ		1
#define SCN_ACCESS_WRITE	2

#ifndef __ASSEMBLER__
struct scn_access {
	scn_u64 rip;
	scn_u8 len, kind, pad[6];
};
#endif

#if defined(SCN_GUEST) && !defined(__ASSEMBLER__)
#define SCN_STR_(x) #x
#define SCN_STR(x) SCN_STR_(x)
/*
 * For a guest's access.h: a .scn_access entry for the instruction
 * between the local labels 1 and 2 of the asm statement it ends.
 */
#define ACCESS_ENTRY(kind)                                                    \
	".pushsection .scn_access, \"a\"\n\t"                                 \
	".balign 16\n\t"                                                      \
	".quad 1b\n\t"                                                        \
	".byte 2b - 1b, " SCN_STR(kind) ", 0, 0, 0, 0, 0, 0\n\t"              \
	".popsection\n\t"
#endif

#ifdef __ASSEMBLER__
/*
 * For a guest's entry.S: the image's header (struct scn_image_header),
 * which the linker script puts first, naming the job loop and the
 * exception entry; assembly goes on in .text after it.
 */
.macro scn_image_header loop, exceptions
	.section .scn_header, "a"
	.quad SCN_IMAGE_MAGIC
	.quad \loop
	.quad \exceptions
	.quad __scn_access_start
	.quad __scn_access_end
	.quad __scn_image_end
	.text
.endm
#endif

#endif
