// SPDX-License-Identifier: GPL-2.0-only
/*
 * pfnmap: what the checker knows of pfnmap backings, a vfio-bound PCI
 * device's BAR (runtime/mem_pfnmap.h). Its size is a power of two; its
 * page size is align= (the base page, the PMD's or the PUD's: 4K, 2M or
 * 1G on x86), the alignment of the mapping's address, and by default the
 * largest of those that fits. The kernel has no page structs behind a
 * VM_PFNMAP mapping, so what works on them is refused with the reason:
 * madvise (DONTNEED, FREE, COLD and PAGEOUT are EINVAL there, GUP and so
 * POPULATE refuse VM_PFNMAP, KSM's advice passes it by), userfaultfd
 * (UFFDIO_REGISTER: EINVAL), node= (mbind's walk skips it), THP advice and
 * regions. mprotect, munmap, host accesses and memslots work.
 */
#ifndef SCN_INTERP_PFNMAP_H
#define SCN_INTERP_PFNMAP_H

#include <stdbool.h>

#include "lower.h"

struct items;

/*
 * The backing's align= into b->page_size, with the feature it needs and
 * the errors above; an error for align= on another type. False if an
 * error was said.
 */
bool pfnmap_backing(struct lower *L, struct items *it, const struct ast *n,
		    struct ir_backing *b);

/*
 * Whether `what` ("madvise", "uffd") may act on backing b; says why not.
 * True for every other backing.
 */
bool pfnmap_allows(struct lower *L, const struct ir_backing *b, struct loc at,
		   const char *what);

#endif
