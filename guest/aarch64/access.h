// SPDX-License-Identifier: GPL-2.0-only
/*
 * access (aarch64): the guest's only instructions that touch scenario
 * memory, each one 4-byte instruction with its address in x0 and an
 * entry in the .scn_access table; leaving for the host by a store to the
 * signal page; the virtual counter.
 */
#ifndef SCN_GUEST_ACCESS_H
#define SCN_GUEST_ACCESS_H

/* str x1, [x0] */
static inline void put(scn_u64 addr, scn_u64 v)
{
	register scn_u64 a asm("x0") = addr;
	register scn_u64 d asm("x1") = v;

	asm volatile("1: str x1, [x0]\n2:\n\t" ACCESS_ENTRY(SCN_ACCESS_WRITE)
		     : : "r"(a), "r"(d) : "memory");
}

/* str x0, [x0]: pattern=address needs no register more */
static inline void put_self(scn_u64 addr)
{
	register scn_u64 a asm("x0") = addr;

	asm volatile("1: str x0, [x0]\n2:\n\t" ACCESS_ENTRY(SCN_ACCESS_WRITE)
		     : : "r"(a) : "memory");
}

/* ldr x1, [x0] */
static inline scn_u64 get(scn_u64 addr)
{
	register scn_u64 a asm("x0") = addr;
	register scn_u64 v asm("x1");

	asm volatile("1: ldr x1, [x0]\n2:\n\t" ACCESS_ENTRY(SCN_ACCESS_READ)
		     : "=r"(v) : "r"(a) : "memory");
	return v;
}

/* A data check failed: the host reads bad_* from the mailbox. */
static inline void report_mismatch(void)
{
	asm volatile("str xzr, [%0]"
		     : : "r"(SCN_SIGNAL_GVA + SCN_SIGNAL_OFFSET(SCN_PORT_MISMATCH))
		     : "memory");
}

/* The virtual counter (CNTVCT_EL0), ordered after what came before. */
static inline scn_u64 cycles(void)
{
	scn_u64 t;

	asm volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(t) : : "memory");
	return t;
}

#endif
