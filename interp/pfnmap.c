// SPDX-License-Identifier: GPL-2.0-only
/* pfnmap: the checker's rules for pfnmap backings (see pfnmap.h). */
#include "pfnmap.h"

#include <string.h>

#include "items.h"
#include "value.h"

static bool is_pfnmap(const struct ir_backing *b)
{
	return backing_info[b->type].flags & BK_PFNMAP;
}

static bool pow2(int64_t x)
{
	return x > 0 && !(x & (x - 1));
}

/* A page size a mapping's alignment can give: the base page, PMD, PUD. */
static int page_sizes(const struct rt_facts *f, int64_t out[3])
{
	int64_t pmd = rt_facts_pmd_size(f);

	out[0] = f->page_size;
	out[1] = pmd;
	out[2] = pmd * (f->page_size / 8);
	return 3;
}

static void size_list(struct strbuf *sb, const int64_t *sizes, int n)
{
	for (int i = 0; i < n; i++) {
		if (i)
			sb_puts(sb, i == n - 1 ? " or " : ", ");
		format_size(sb, sizes[i]);
	}
}

bool pfnmap_backing(struct lower *L, struct items *it, const struct ast *n,
		    struct ir_backing *b)
{
	const struct ast *a = items_attr(it, "align");
	int64_t sizes[3], align = 0;
	int nsizes = page_sizes(L->facts, sizes);
	struct diag_rec *r;
	struct strbuf sb;
	bool ok = true;

	if (!is_pfnmap(b)) {
		if (a) {
			diag_hint(diag_error(L->d, a->loc, "align= is for pfnmap backings; '%s' is %s",
					     b->name, backing_info[b->type].name),
				  "a backing's page size is pagesize= (hugetlb)");
			return false;
		}
		return true;
	}
	need(L, RT_FEAT_PFNMAP, n->loc, "pfnmap backing");
	if (b->is_region) {
		diag_error(L->d, n->loc, "a pfnmap is a device's BAR: declare it as a backing");
		ok = false;
	}
	if (!pow2(b->size)) {
		diag_hint(diag_error(L->d, n->loc, "pfnmap '%s': its size is a power of two (a BAR's is)",
				     b->name),
			  "the test host's --pfnmap SIZE makes a BAR of SIZE");
		return false;
	}
	if (a && !want_size(L, a, "align", &align))
		return false;
	if (!a) {
		/* The largest page the size holds: what a user of a BAR gets. */
		for (int i = 0; i < nsizes; i++)
			if (sizes[i] <= b->size)
				align = sizes[i];
	}
	for (int i = 0; i < nsizes && a; i++)
		if (align == sizes[i])
			a = NULL;
	sb_init(&sb);
	if (a) {
		size_list(&sb, sizes, nsizes);
		r = diag_error(L->d, a->loc, "align= of a pfnmap is the page size its mapping gets: %s",
			       sb.buf);
		diag_hint(r, "the address is aligned to it, and not to twice it");
		ok = false;
	} else if (align > b->size) {
		format_size(&sb, b->size);
		diag_error(L->d, n->loc, "pfnmap '%s': align= is larger than its %s", b->name, sb.buf);
		ok = false;
	} else if (!align) {
		format_size(&sb, sizes[0]);
		diag_error(L->d, n->loc, "pfnmap '%s': smaller than a page (%s)", b->name, sb.buf);
		ok = false;
	}
	sb_free(&sb);
	b->page_size = align ? align : sizes[0];
	if (b->hugepage || b->nohugepage || b->noreserve) {
		diag_error(L->d, n->loc, "%s on pfnmap '%s': the memory is a device's, not the kernel's (THP and reservations do not apply)",
			   b->hugepage ? "hugepage" : b->nohugepage ? "nohugepage" : "noreserve",
			   b->name);
		ok = false;
	}
	if (b->node >= 0) {
		diag_hint(diag_error(L->d, n->loc, "node= on pfnmap '%s': a NUMA policy cannot place a device's memory (mbind's walk passes VM_PFNMAP by)",
				     b->name),
			  "the BAR is where the device is");
		ok = false;
	}
	return ok;
}

bool pfnmap_allows(struct lower *L, const struct ir_backing *b, struct loc at,
		   const char *what)
{
	struct diag_rec *r;

	if (!is_pfnmap(b))
		return true;
	if (!strcmp(what, "uffd")) {
		r = diag_error(L->d, at, "uffd on pfnmap '%s': userfaultfd does not take a VM_PFNMAP mapping (UFFDIO_REGISTER: EINVAL)",
			       b->name);
	} else {
		r = diag_error(L->d, at, "%s on pfnmap '%s': its pages are a device's, which the kernel does not manage",
			       what, b->name);
		diag_hint(r, "VM_PFNMAP: dontneed, free, cold and pageout are EINVAL; GUP, and so populate, refuses it; KSM's advice passes it by");
	}
	if (!strcmp(what, "uffd"))
		diag_hint(r, "a pfnmap's faults are the device driver's; host faults count them");
	return false;
}
