// SPDX-License-Identifier: GPL-2.0-only
/*
 * access (x86_64): the guest's only instructions that touch scenario
 * memory, each with a fixed encoding, its address in rdi and an entry in
 * the .scn_access table; leaving for the host; the time stamp counter.
 */
#ifndef SCN_GUEST_ACCESS_H
#define SCN_GUEST_ACCESS_H

/* movq %rax, (%rdi): 48 89 07 */
static inline void put(scn_u64 addr, scn_u64 v)
{
	asm volatile("1: movq %%rax, (%%rdi)\n2:\n\t" ACCESS_ENTRY(SCN_ACCESS_WRITE)
		     : : "D"(addr), "a"(v) : "memory");
}

/* movq %rdi, (%rdi): 48 89 3f, pattern=address needs no register more */
static inline void put_self(scn_u64 addr)
{
	asm volatile("1: movq %%rdi, (%%rdi)\n2:\n\t" ACCESS_ENTRY(SCN_ACCESS_WRITE)
		     : : "D"(addr) : "memory");
}

/* movq (%rdi), %rax: 48 8b 07 */
static inline scn_u64 get(scn_u64 addr)
{
	scn_u64 v;

	asm volatile("1: movq (%%rdi), %%rax\n2:\n\t" ACCESS_ENTRY(SCN_ACCESS_READ)
		     : "=a"(v) : "D"(addr) : "memory");
	return v;
}

/* A data check failed: the host reads bad_* from the mailbox. */
static inline void report_mismatch(void)
{
	asm volatile("out %%al, %0" : : "i"(SCN_PORT_MISMATCH) : "memory");
}

static inline scn_u64 cycles(void)
{
	unsigned int lo, hi;

	asm volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return lo | (scn_u64)hi << 32;
}

#endif
