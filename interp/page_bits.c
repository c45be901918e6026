// SPDX-License-Identifier: GPL-2.0-only
/* page_bits: a bit per page, what a phase touched (see page_bits.h). */
#include "page_bits.h"

#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

void page_bits_make(struct page_bits *pb, int64_t pages)
{
	pb->words = (size_t)((pages + 63) / 64);
	pb->bits = xcalloc(pb->words + 1, sizeof(uint64_t));
}

int64_t page_bits_count(const struct page_bits *pb)
{
	int64_t n = 0;

	for (size_t w = 0; pb->bits && w < pb->words; w++)
		n += __builtin_popcountll(pb->bits[w]);
	return n;
}

void page_bits_clear(struct page_bits *pb)
{
	if (pb->bits)
		memset(pb->bits, 0, pb->words * sizeof(uint64_t));
}

void page_bits_free(struct page_bits *pb)
{
	free(pb->bits);
	pb->bits = NULL;
	pb->words = 0;
}
