// SPDX-License-Identifier: GPL-2.0-only
/*
 * access (riscv64): the guest's only instructions that touch scenario
 * memory, each one 4-byte instruction (no compressed forms: the host
 * steps over a faulting one by its length) with its address in a0 and an
 * entry in the .scn_access table; leaving for the host by a store to the
 * signal page; the time counter (rdtime: rdcycle traps under KVM).
 */
#ifndef SCN_GUEST_ACCESS_H
#define SCN_GUEST_ACCESS_H

/* sd a1, 0(a0) */
static inline void put(scn_u64 addr, scn_u64 v)
{
	register scn_u64 a asm("a0") = addr;
	register scn_u64 d asm("a1") = v;

	asm volatile(".option push\n\t.option norvc\n"
		     "1: sd a1, 0(a0)\n2:\n\t.option pop\n\t" ACCESS_ENTRY(SCN_ACCESS_WRITE)
		     : : "r"(a), "r"(d) : "memory");
}

/* sd a0, 0(a0): pattern=address needs no register more */
static inline void put_self(scn_u64 addr)
{
	register scn_u64 a asm("a0") = addr;

	asm volatile(".option push\n\t.option norvc\n"
		     "1: sd a0, 0(a0)\n2:\n\t.option pop\n\t" ACCESS_ENTRY(SCN_ACCESS_WRITE)
		     : : "r"(a) : "memory");
}

/* ld a1, 0(a0) */
static inline scn_u64 get(scn_u64 addr)
{
	register scn_u64 a asm("a0") = addr;
	register scn_u64 v asm("a1");

	asm volatile(".option push\n\t.option norvc\n"
		     "1: ld a1, 0(a0)\n2:\n\t.option pop\n\t" ACCESS_ENTRY(SCN_ACCESS_READ)
		     : "=r"(v) : "r"(a) : "memory");
	return v;
}

/* A data check failed: the host reads bad_* from the mailbox. */
static inline void report_mismatch(void)
{
	asm volatile("sd zero, 0(%0)"
		     : : "r"(SCN_SIGNAL_GVA + SCN_SIGNAL_OFFSET(SCN_PORT_MISMATCH))
		     : "memory");
}

/* The time counter, ordered after what came before. */
static inline scn_u64 cycles(void)
{
	scn_u64 t;

	asm volatile("fence\n\trdtime %0" : "=r"(t) : : "memory");
	return t;
}

#endif
