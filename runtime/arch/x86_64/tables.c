// SPDX-License-Identifier: GPL-2.0-only
/*
 * x86_64 tables in scn's area: the GDT and IDT every vCPU shares, a TSS
 * per vCPU, and the 4-level page tables: guest memory at GVA == GPA, scn's
 * area at SCN_AREA_GVA. Guest memory in the VM's guest_page: by default
 * 1 GiB pages where the guest's CPUID offers PDPE1GB (not on PVM hosts),
 * else 2 MiB; 4 KiB pages where asked, as the kernel's selftests map
 * theirs (a shadow MMU then keeps indirect shadow pages: the dirty log's
 * disable has no huge mapping to look for). U/S is set at every level so
 * that both rings use the same tables; A and D are set already, so that a
 * shadow MMU (PVM hosts, kvm_amd npt=0) never writes them back.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "../../kvm.h"
#include "../../arch_api.h"

#define PTE_P		0x001ULL
#define PTE_RW		0x002ULL
#define PTE_US		0x004ULL
#define PTE_A		0x020ULL
#define PTE_D		0x040ULL
#define PTE_PS		0x080ULL
#define PTE_ADDR	0x000ffffffffff000ULL
#define TABLE_FLAGS	(PTE_P | PTE_RW | PTE_US | PTE_A)
#define LEAF_FLAGS	(PTE_P | PTE_RW | PTE_US | PTE_A | PTE_D)

#define SZ_4K		(1ULL << 12)
#define SZ_2M		(1ULL << 21)
#define SZ_1G		(1ULL << 30)
#define SZ_512G		(1ULL << 39)

/*
 * A TSS's offsets (64-bit): rsp0, ist1, the I/O map base, and the I/O
 * permission bitmap scn puts right after the TSS proper: a bit per port
 * 0-255 (set: refused), then the 0xff byte the CPU may read past the last.
 */
#define TSS_RSP0	4
#define TSS_IST1	36
#define TSS_IOMAP	102
#define TSS_IOMAP_AT	0x68
#define TSS_IOMAP_BYTES	32

static uint64_t span(uint64_t start, uint64_t end, uint64_t unit)
{
	return (end + unit - 1) / unit - start / unit;
}

uint64_t arch_table_bytes(const struct rt_vm_config *cfg, uint64_t area_size)
{
	uint64_t start = (uint64_t)cfg->gpa_base, end = start + (uint64_t)cfg->mem;
	/* 2 MiB pages need a directory per GiB; 4 KiB ones a table per 2 MiB too. */
	uint64_t pages = 1 + span(start, end, SZ_512G) + span(start, end, SZ_1G);

	if (cfg->guest_page == SZ_4K)
		pages += span(start, end, SZ_2M);
	/* The area's: one directory pointer table, directories for its GiBs. */
	pages += 1 + 2 + (area_size + pages * 4096) / SZ_1G;
	return pages * 4096;
}

struct tables {
	char *area;
	uint64_t area_gpa;
	uint64_t next, end;		/* free table pages, offsets in the area */
	uint64_t pml4;
};

static uint64_t *table_at(struct tables *t, uint64_t gpa)
{
	return (uint64_t *)(t->area + (gpa - t->area_gpa));
}

/* The table an entry points to, made (zeroed: fresh memory) if none yet. */
static int next_level(struct tables *t, uint64_t *entry, uint64_t **out)
{
	if (!(*entry & PTE_P)) {
		if (t->next + 4096 > t->end)
			return -ENOSPC;
		*entry = (t->area_gpa + t->next) | TABLE_FLAGS;
		t->next += 4096;
	}
	*out = table_at(t, *entry & PTE_ADDR);
	return 0;
}

/* Maps [gva, gva + size) to gpa in leaves of leaf bytes (4K, 2M or 1G). */
static int map(struct tables *t, uint64_t gva, uint64_t gpa, uint64_t size,
	       uint64_t leaf)
{
	int leaf_shift = leaf == SZ_1G ? 30 : leaf == SZ_2M ? 21 : 12;
	uint64_t flags = LEAF_FLAGS | (leaf == SZ_4K ? 0 : PTE_PS);
	uint64_t va = gva & ~(leaf - 1), end = gva + size;
	uint64_t *pml4 = table_at(t, t->area_gpa + t->pml4);

	for (; va < end; va += leaf) {
		uint64_t *table = pml4;

		/* Down from the PML4 to the table whose entries are leaves. */
		for (int shift = 39; shift > leaf_shift; shift -= 9) {
			int rc = next_level(t, &table[(va >> shift) & 511], &table);

			if (rc)
				return rc;
		}
		table[(va >> leaf_shift) & 511] = (va - gva + gpa) | flags;
	}
	return 0;
}

uint64_t arch_guest_page(const struct rt_vm *vm)
{
	uint64_t want = vm->cfg.guest_page;

	if (!want)
		return vm->arch.pages_1g ? SZ_1G : SZ_2M;
	if (want == SZ_4K || want == SZ_2M || (want == SZ_1G && vm->arch.pages_1g))
		return want;
	return 0;
}

static void put64(char *p, uint64_t v)
{
	memcpy(p, &v, sizeof(v));
}

/* An interrupt gate to a stub, at ring 0, on IST 1. */
static void idt_gate(char *slot, uint64_t handler)
{
	uint64_t lo = (handler & 0xffff) | (0x10ULL << 16) | (1ULL << 32) |
		      (0x8eULL << 40) | ((handler >> 16 & 0xffff) << 48);

	put64(slot, lo);
	put64(slot + 8, handler >> 32);
}

static void tss_descriptor(char *slot, uint64_t base)
{
	uint64_t lo = ARCH_TSS_LIMIT | (base & 0xffffff) << 16 | 0x89ULL << 40 |
		      (base >> 24 & 0xff) << 56;

	put64(slot, lo);
	put64(slot + 8, base >> 32);
}

/*
 * Ring 3 leaves for the host by out to scn's ports. Hardware and kvm_amd
 * in the test host let it through by RFLAGS.IOPL 3 (which arch_vcpu_*
 * set); PVM hosts ignore IOPL at CPL3 but honour this bitmap, which
 * clears the bits of scn's ports alone: both together serve every host,
 * and every host runs the same tables.
 */
static void iomap(char *tss)
{
	static const int ports[] = { SCN_PORT_DONE, SCN_PORT_EXCEPTION,
				     SCN_PORT_MISMATCH };
	unsigned char *map = (unsigned char *)tss + TSS_IOMAP_AT;

	memcpy(tss + TSS_IOMAP, &(uint16_t){ TSS_IOMAP_AT }, 2);
	memset(map, 0xff, TSS_IOMAP_BYTES + 1);
	for (size_t i = 0; !arch_test_refuse_port_io() &&
			   i < sizeof(ports) / sizeof(ports[0]); i++)
		map[ports[i] / 8] &= (unsigned char)~(1u << (ports[i] % 8));
}

int arch_vm_build(struct rt_vm *vm, struct rt_err *err)
{
	char *gdt = vm->area + RT_AREA_ARCH, *idt = gdt + 0x1000;
	struct tables t = { .area = vm->area, .area_gpa = vm->area_gpa,
			    .next = vm->tables_offset, .end = vm->area_size };
	uint64_t leaf = arch_guest_page(vm);
	int i, rc;

	/* Linux's layout: kernel code and data, user data and code, a TSS. */
	put64(gdt + 0x10, 0x00af9b000000ffffULL);
	put64(gdt + 0x18, 0x00cf93000000ffffULL);
	put64(gdt + 0x28, 0x00cff3000000ffffULL);
	put64(gdt + 0x30, 0x00affb000000ffffULL);
	/* Only a far load reads this; each vCPU's TR is set with its own base. */
	tss_descriptor(gdt + 0x40, rt_vcpu_block_gva(0) + RT_VCPU_ARCH);
	for (i = 0; i < 32; i++)
		idt_gate(idt + i * 16, vm->image->exc_stubs + (uint64_t)i * 16);
	for (i = 0; i < vm->cfg.vcpus; i++) {
		uint64_t block = rt_vcpu_block_gva(i);
		char *tss = rt_vm_area_ptr(vm, block + RT_VCPU_ARCH);

		put64(tss + TSS_RSP0, block + RT_VCPU_IST_TOP);
		put64(tss + TSS_IST1, block + RT_VCPU_IST_TOP);
		iomap(tss);
	}
	if (!leaf && vm->cfg.guest_page == SZ_1G)
		return rt_fail(err, -EINVAL, "guest_page=1G: the guest's CPUID offers no PDPE1GB");
	if (!leaf)
		return rt_fail(err, -EINVAL, "guest_page=%llu bytes: x86's tables map 4K, 2M or 1G",
			       (unsigned long long)vm->cfg.guest_page);
	t.pml4 = t.next;
	t.next += 4096;
	rc = map(&t, (uint64_t)vm->cfg.gpa_base, (uint64_t)vm->cfg.gpa_base,
		 (uint64_t)vm->cfg.mem, leaf);
	if (!rc)
		rc = map(&t, SCN_AREA_GVA, vm->area_gpa, vm->area_size, SZ_2M);
	if (rc)
		return rt_fail(err, rc, "the guest's page tables do not fit in %llu bytes",
			       (unsigned long long)(vm->area_size - vm->tables_offset));
	return 0;
}
