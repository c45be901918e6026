// SPDX-License-Identifier: GPL-2.0-only
/*
 * aarch64 stage-1 tables in scn's area: 4 KiB granules, 48-bit virtual
 * addresses through TTBR0_EL1 (four levels), guest memory at GVA == GPA
 * in 2 MiB blocks (4 KiB pages where the VM's guest_page asks) and scn's
 * area at SCN_AREA_GVA in 2 MiB blocks, of normal write-back memory, and
 * the signal page below the area as device memory at an IPA
 * without a memslot. The access flag is set already: no hardware
 * update of it is assumed.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "../../kvm.h"
#include "../../arch_api.h"

#define DESC_VALID	0x1ULL
#define DESC_TABLE	0x3ULL		/* a table (levels 0-2), a page (level 3) */
#define DESC_BLOCK	0x1ULL		/* a block (levels 1-2) */
#define DESC_ATTR(i)	((uint64_t)(i) << 2)	/* MAIR_EL1 index (cpu.c) */
#define DESC_SH_INNER	(3ULL << 8)
#define DESC_AF		(1ULL << 10)
#define DESC_PXN	(1ULL << 53)
#define DESC_UXN	(1ULL << 54)
#define DESC_ADDR	0x0000fffffffff000ULL

#define ATTR_NORMAL	0		/* MAIR_EL1 attribute 0: write-back */
#define ATTR_DEVICE	1		/* attribute 1: device nGnRE */

#define BLOCK_NORMAL	(DESC_BLOCK | DESC_ATTR(ATTR_NORMAL) | DESC_SH_INNER | DESC_AF)
#define PAGE_NORMAL	(DESC_TABLE | DESC_ATTR(ATTR_NORMAL) | DESC_SH_INNER | DESC_AF)
#define PAGE_DEVICE	(DESC_TABLE | DESC_ATTR(ATTR_DEVICE) | DESC_AF | DESC_PXN | DESC_UXN)

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
	/* Level 0, then 1 per 512 GiB, 2 per GiB: as on x86 with 2 MiB pages. */
	uint64_t pages = 1 + span(start, end, SZ_512G) + span(start, end, SZ_1G);

	if (cfg->guest_page == SZ_4K)		/* and a level 3 per 2 MiB */
		pages += span(start, end, SZ_2M);
	/* The area's: a level 1, level 2s for its GiBs; the signal page's 1, 2, 3. */
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
	if (!(*entry & DESC_VALID)) {
		if (t->next + 4096 > t->end)
			return -ENOSPC;
		*entry = (t->area_gpa + t->next) | DESC_TABLE;
		t->next += 4096;
	}
	*out = table_at(t, *entry & DESC_ADDR);
	return 0;
}

/* The level-2 table (2 MiB entries) over va, made as needed. */
static int level2(struct tables *t, uint64_t va, uint64_t **pd)
{
	uint64_t *l0 = table_at(t, t->area_gpa + t->root), *l1;
	int rc = next_level(t, &l0[(va >> 39) & 511], &l1);

	return rc ? rc : next_level(t, &l1[(va >> 30) & 511], pd);
}

/* Maps [gva, gva + size) to gpa: 2 MiB blocks, or 4 KiB pages where leaf says so. */
static int map_normal(struct tables *t, uint64_t gva, uint64_t gpa, uint64_t size,
		      uint64_t leaf)
{
	for (uint64_t va = gva & ~(leaf - 1); va < gva + size; va += leaf) {
		uint64_t *pd, *pt;
		int rc = level2(t, va, &pd);

		if (rc)
			return rc;
		if (leaf == SZ_2M) {
			pd[(va >> 21) & 511] = (va - gva + gpa) | BLOCK_NORMAL;
			continue;
		}
		rc = next_level(t, &pd[(va >> 21) & 511], &pt);
		if (rc)
			return rc;
		pt[(va >> 12) & 511] = (va - gva + gpa) | PAGE_NORMAL;
	}
	return 0;
}

uint64_t arch_guest_page(const struct rt_vm *vm)
{
	uint64_t want = vm->cfg.guest_page;

	return !want ? SZ_2M : want == SZ_4K || want == SZ_2M ? want : 0;
}

static int map_device_page(struct tables *t, uint64_t gva, uint64_t gpa)
{
	uint64_t *pd, *pt;
	int rc = level2(t, gva, &pd);

	if (!rc)
		rc = next_level(t, &pd[(gva >> 21) & 511], &pt);
	if (!rc)
		pt[(gva >> 12) & 511] = gpa | PAGE_DEVICE;
	return rc;
}

int arch_vm_build(struct rt_vm *vm, struct rt_err *err)
{
	struct tables t = { .area = vm->area, .area_gpa = vm->area_gpa,
			    .next = vm->tables_offset, .end = vm->area_size };
	uint64_t leaf = arch_guest_page(vm);
	int rc;

	if (!leaf)
		return rt_fail(err, -EINVAL, "guest_page=%llu bytes: scn's arm64 tables map 4K or 2M",
			       (unsigned long long)vm->cfg.guest_page);
	if (vm->area_gpa + vm->area_size > vm->arch.signal_gpa)
		return rt_fail(err, -ERANGE, "scn's area ends at IPA %#llx, past the signal page at %#llx",
			       (unsigned long long)(vm->area_gpa + vm->area_size),
			       (unsigned long long)vm->arch.signal_gpa);
	t.root = t.next;
	t.next += 4096;
	rc = map_normal(&t, (uint64_t)vm->cfg.gpa_base, (uint64_t)vm->cfg.gpa_base,
			(uint64_t)vm->cfg.mem, leaf);
	if (!rc)
		rc = map_normal(&t, SCN_AREA_GVA, vm->area_gpa, vm->area_size, SZ_2M);
	if (!rc)
		rc = map_device_page(&t, SCN_SIGNAL_GVA, vm->arch.signal_gpa);
	if (rc)
		return rt_fail(err, rc, "the guest's page tables do not fit in %llu bytes",
			       (unsigned long long)(vm->area_size - vm->tables_offset));
	return 0;
}
