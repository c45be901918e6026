// SPDX-License-Identifier: GPL-2.0-only
/*
 * page_bits: a bit per page of a backing or of a VM's memory, so that a
 * page a phase's accesses touched many times counts once.
 */
#ifndef SCN_PAGE_BITS_H
#define SCN_PAGE_BITS_H

#include <stddef.h>
#include <stdint.h>

struct page_bits {
	uint64_t *bits;			/* NULL until made */
	size_t words;
};

/* Makes pb zeroed for pages pages; count, clear and free act on it. */
void page_bits_make(struct page_bits *pb, int64_t pages);
int64_t page_bits_count(const struct page_bits *pb);
void page_bits_clear(struct page_bits *pb);
void page_bits_free(struct page_bits *pb);

#endif
