// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of runtime/mem's fresh addresses: memory made, freed and made
 * again (a --repeat's runs) never lands where earlier memory was, since
 * KSM may still hold rmap items there that make merging late or never
 * (the CI50 flake of ksm_unmerge_check --repeat). Plain mmap(NULL) hands
 * the same hole back at once, so each check here fails without the fix.
 */
#include "../../runtime/mem.h"
#include "tap.h"

#include <stdlib.h>
#include <sys/mman.h>

#define RUNS 64
#define SIZE (8 << 20)

struct span { uintptr_t lo, hi; };

static bool overlaps(const struct span *s, int n, uintptr_t lo, uintptr_t hi)
{
	for (int i = 0; i < n; i++)
		if (lo < s[i].hi && s[i].lo < hi)
			return true;
	return false;
}

/* RUNS creations of one backing, each destroyed before the next. */
static void repeat_backing(enum backing_type type)
{
	static struct span seen[RUNS];
	const char *name = backing_info[type].name;
	int reused = -1, failed = -1, misaligned = -1;

	for (int i = 0; i < RUNS; i++) {
		struct rt_mem m = { 0 };
		struct rt_err err = { 0 };
		uintptr_t lo;

		if (rt_mem_create(&m, type, SIZE, 4096, RT_MEM_NORESERVE, -1, -1,
				  &err)) {
			failed = i;
			break;
		}
		lo = (uintptr_t)m.addr;
		((volatile char *)m.addr)[SIZE - 1] = 1;
		if (reused < 0 && overlaps(seen, i, lo, lo + SIZE))
			reused = i;
		if (misaligned < 0 && lo % (1u << 30))
			misaligned = i;
		seen[i] = (struct span){ lo, lo + SIZE };
		rt_mem_destroy(&m);
	}
	TAP_INT(failed, -1, "%s: %d regions made and freed in turn", name, RUNS);
	TAP_INT(reused, -1, "%s: no region lands where an earlier one was", name);
	TAP_INT(misaligned, -1, "%s: every region is 1 GiB aligned", name);
}

/*
 * Going down 1 GiB a time stops at half the first address and starts from
 * the top again: the loop must see that wrap well before running out of
 * address space, and mapping must still work after it.
 */
static void wraps_at_half(void)
{
	uintptr_t first = 0, prev = 0, lowest = UINTPTR_MAX, after = 0;
	long i, wrap = -1;

	for (i = 0; i < (1L << 20) && wrap < 0; i++) {
		void *p = rt_mem_map_fresh(SIZE, PROT_READ | PROT_WRITE,
					   MAP_PRIVATE | MAP_ANONYMOUS |
					   MAP_NORESERVE, -1, 0);

		if (p == MAP_FAILED)
			break;
		if (!first)
			first = (uintptr_t)p;
		if (prev && (uintptr_t)p > prev) {
			wrap = i;
			after = (uintptr_t)p;
		} else if ((uintptr_t)p < lowest) {
			lowest = (uintptr_t)p;
		}
		prev = (uintptr_t)p;
		munmap(p, SIZE);
	}
	tap_ok(wrap > 0, "the descent wraps to the top (after %ld maps)", wrap);
	tap_ok(lowest >= first / 2 - (1u << 30),
	       "it goes no lower than half the first address");
	tap_ok(after >= first / 2, "and comes back above that half");
}

int main(void)
{
	wraps_at_half();	/* first: its first map is the process's */
	repeat_backing(BACKING_ANON);
	repeat_backing(BACKING_ANON_THP);
	repeat_backing(BACKING_MEMFD);
	return tap_done();
}
