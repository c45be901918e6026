// SPDX-License-Identifier: GPL-2.0-only
/*
 * riscv64 Sv48 tables in scn's area: four levels of 4 KiB tables, guest
 * memory at GVA == GPA in 2 MiB leaves (4 KiB ones where the VM's
 * guest_page asks) and scn's area at SCN_AREA_GVA in 2 MiB leaves,
 * the signal page below the area as a 4 KiB leaf at a GPA without a
 * memslot. A and D are set in every leaf: a hart may fault on a clear
 * one rather than set it (Svade), and the guest has no handler for that.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "../../kvm.h"
#include "../../arch_api.h"

#define PTE_V		(1ULL << 0)
#define PTE_R		(1ULL << 1)
#define PTE_W		(1ULL << 2)
#define PTE_X		(1ULL << 3)
#define PTE_A		(1ULL << 6)
#define PTE_D		(1ULL << 7)
#define PTE_LEAF	(PTE_V | PTE_R | PTE_W | PTE_X | PTE_A | PTE_D)
#define PTE_DATA	(PTE_V | PTE_R | PTE_W | PTE_A | PTE_D)

#define PTE_PPN(pa)	(((pa) >> 12) << 10)
#define PTE_PA(pte)	((((pte) >> 10) & ((1ULL << 44) - 1)) << 12)

#define SZ_4K		(1ULL << 12)
#define SZ_2M		(1ULL << 21)
#define SZ_1G		(1ULL << 30)
#define SZ_512G		(1ULL << 39)

static uint64_t span(uint64_t start, uint64_t end, uint64_t unit)
{
	return (end + unit - 1) / unit - start / unit;
}

uint64_t arch_table_bytes(const struct rt_vm_config *cfg, uint64_t area_size)
{
	uint64_t start = (uint64_t)cfg->gpa_base, end = start + (uint64_t)cfg->mem;
	/* The root, then a level 2 per 512 GiB and a level 1 per GiB. */
	uint64_t pages = 1 + span(start, end, SZ_512G) + span(start, end, SZ_1G);

	if (cfg->guest_page == SZ_4K)		/* and a level 0 per 2 MiB */
		pages += span(start, end, SZ_2M);
	/* The area's: a level 2, level 1s for its GiBs; the signal page's 2, 1, 0. */
	pages += 1 + 2 + (area_size + pages * 4096) / SZ_1G + 3;
	return pages * 4096;
}

struct tables {
	char *area;
	uint64_t area_gpa;
	uint64_t next, end;		/* free table pages, offsets in the area */
	uint64_t root;
};

static uint64_t *table_at(struct tables *t, uint64_t gpa)
{
	return (uint64_t *)(t->area + (gpa - t->area_gpa));
}

static int next_level(struct tables *t, uint64_t *entry, uint64_t **out)
{
	if (!(*entry & PTE_V)) {
		if (t->next + 4096 > t->end)
			return -ENOSPC;
		/* A pointer to the next level: V alone. */
		*entry = PTE_PPN(t->area_gpa + t->next) | PTE_V;
		t->next += 4096;
	}
	*out = table_at(t, PTE_PA(*entry));
	return 0;
}

/* The level-1 table (2 MiB entries) over va, made as needed. */
static int level1(struct tables *t, uint64_t va, uint64_t **pd)
{
	uint64_t *l3 = table_at(t, t->area_gpa + t->root), *l2;
	int rc = next_level(t, &l3[(va >> 39) & 511], &l2);

	return rc ? rc : next_level(t, &l2[(va >> 30) & 511], pd);
}

/* Maps [gva, gva + size) to gpa in leaves of 2 MiB, or 4 KiB where leaf says so. */
static int map_leaves(struct tables *t, uint64_t gva, uint64_t gpa, uint64_t size,
		      uint64_t leaf)
{
	for (uint64_t va = gva & ~(leaf - 1); va < gva + size; va += leaf) {
		uint64_t *pd, *pt;
		int rc = level1(t, va, &pd);

		if (rc)
			return rc;
		if (leaf == SZ_2M) {
			pd[(va >> 21) & 511] = PTE_PPN(va - gva + gpa) | PTE_LEAF;
			continue;
		}
		rc = next_level(t, &pd[(va >> 21) & 511], &pt);
		if (rc)
			return rc;
		pt[(va >> 12) & 511] = PTE_PPN(va - gva + gpa) | PTE_LEAF;
	}
	return 0;
}

uint64_t arch_guest_page(const struct rt_vm *vm)
{
	uint64_t want = vm->cfg.guest_page;

	return !want ? SZ_2M : want == SZ_4K || want == SZ_2M ? want : 0;
}

static int map_signal_page(struct tables *t, uint64_t gva, uint64_t gpa)
{
	uint64_t *pd, *pt;
	int rc = level1(t, gva, &pd);

	if (!rc)
		rc = next_level(t, &pd[(gva >> 21) & 511], &pt);
	if (!rc)
		pt[(gva >> 12) & 511] = PTE_PPN(gpa) | PTE_DATA;
	return rc;
}

int arch_vm_build(struct rt_vm *vm, struct rt_err *err)
{
	struct tables t = { .area = vm->area, .area_gpa = vm->area_gpa,
			    .next = vm->tables_offset, .end = vm->area_size };
	uint64_t leaf = arch_guest_page(vm);
	int rc;

	if (!leaf)
		return rt_fail(err, -EINVAL, "guest_page=%llu bytes: scn's riscv64 tables map 4K or 2M",
			       (unsigned long long)vm->cfg.guest_page);
	if (vm->area_gpa + vm->area_size > vm->arch.signal_gpa)
		return rt_fail(err, -ERANGE, "scn's area ends at GPA %#llx, past the signal page at %#llx",
			       (unsigned long long)(vm->area_gpa + vm->area_size),
			       (unsigned long long)vm->arch.signal_gpa);
	t.root = t.next;
	t.next += 4096;
	rc = map_leaves(&t, (uint64_t)vm->cfg.gpa_base, (uint64_t)vm->cfg.gpa_base,
			(uint64_t)vm->cfg.mem, leaf);
	if (!rc)
		rc = map_leaves(&t, SCN_AREA_GVA, vm->area_gpa, vm->area_size, SZ_2M);
	if (!rc)
		rc = map_signal_page(&t, SCN_SIGNAL_GVA, vm->arch.signal_gpa);
	if (rc)
		return rt_fail(err, rc, "the guest's page tables do not fit in %llu bytes",
			       (unsigned long long)(vm->area_size - vm->tables_offset));
	return 0;
}
