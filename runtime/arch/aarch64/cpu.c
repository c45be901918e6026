// SPDX-License-Identifier: GPL-2.0-only
/*
 * aarch64 vCPUs: the target KVM prefers, EL1 with the MMU on, registers
 * through ONE_REG, and what an exit means.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>

#include "../../compat.h"
#include "../../kvm.h"
#include "../../vcpu.h"
#include "../../arch_api.h"
#include "../one_reg.h"

#define CORE_REG(field) (KVM_REG_ARM64 | KVM_REG_SIZE_U64 | KVM_REG_ARM_CORE | \
			 KVM_REG_ARM_CORE_REG(field))
#define REG_PC		CORE_REG(regs.pc)
#define REG_PSTATE	CORE_REG(regs.pstate)
#define REG_SP_EL1	CORE_REG(sp_el1)
#define REG_X(n)	CORE_REG(regs.regs[n])

#define SYS_SCTLR_EL1	ARM64_SYS_REG(3, 0, 1, 0, 0)
#define SYS_CPACR_EL1	ARM64_SYS_REG(3, 0, 1, 0, 2)
#define SYS_TTBR0_EL1	ARM64_SYS_REG(3, 0, 2, 0, 0)
#define SYS_TCR_EL1	ARM64_SYS_REG(3, 0, 2, 0, 2)
#define SYS_MAIR_EL1	ARM64_SYS_REG(3, 0, 10, 2, 0)
#define SYS_VBAR_EL1	ARM64_SYS_REG(3, 0, 12, 0, 0)

/* EL1 with SP_EL1, D, A, I and F masked: no interrupt ever reaches it. */
#define PSTATE_EL1H	0x3c5ULL
/* MMU, data and instruction caches on; the bits ARMv8.0 has as RES1. */
#define SCTLR_VALUE	((1ULL << 0) | (1ULL << 2) | (1ULL << 12) | (1ULL << 11) | \
			 (1ULL << 20) | (1ULL << 22) | (1ULL << 23) | (1ULL << 28) | \
			 (1ULL << 29))
/* Attribute 0: normal write-back; attribute 1: device nGnRE (tables.c). */
#define MAIR_VALUE	(0xffULL | 0x04ULL << 8)
/* FP and SIMD not trapped, in case the compiler ever reaches for them. */
#define CPACR_VALUE	(3ULL << 20)

/* The registers of a job: mailbox in x19 (the loop keeps it), stack in SP_EL1. */
#define MAILBOX_REG	19

/* IPA bits of a VM of the default type. */
#define DEFAULT_IPA_BITS 40

static uint64_t counter_frequency(void)
{
	uint64_t hz;

	__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(hz));
	return hz;
}

int arch_vm_init(struct rt_vm *vm, struct rt_err *err)
{
	if (ioctl(vm->vm_fd, KVM_ARM_PREFERRED_TARGET, &vm->arch.init))
		return rt_fail_errno(err, errno, "KVM_ARM_PREFERRED_TARGET");
	vm->arch.phys_bits = DEFAULT_IPA_BITS;
	vm->arch.pages_1g = false;
	vm->arch.counter_hz = counter_frequency();
	/* The last page of the IPA space: no memslot of scn's goes there. */
	vm->arch.signal_gpa = (1ULL << DEFAULT_IPA_BITS) - 4096;
	return 0;
}

void arch_vm_destroy(struct rt_vm *vm)
{
	(void)vm;
}

static uint64_t tcr_value(void)
{
	return 16ULL |			/* T0SZ: 48-bit addresses */
	       1ULL << 8 | 1ULL << 10 |	/* IRGN0, ORGN0: write-back */
	       3ULL << 12 |		/* SH0: inner shareable */
	       0ULL << 14 |		/* TG0: 4 KiB */
	       1ULL << 23 |		/* EPD1: no walks through TTBR1 */
	       2ULL << 32;		/* IPS: 40 bits */
}

static uint64_t ttbr0(const struct rt_vcpu *v)
{
	return (v->vm->area_gpa + v->vm->tables_offset) | v->arch.asid << 48;
}

int arch_vcpu_init(struct rt_vcpu *v, struct rt_err *err)
{
	struct kvm_vcpu_init init = v->vm->arch.init;
	int rc;

	if (ioctl(v->fd, KVM_ARM_VCPU_INIT, &init))
		return rt_fail_errno(err, errno, "KVM_ARM_VCPU_INIT (vCPU %d, target %u)",
				     v->index, init.target);
	rc = one_reg_set(v, SYS_MAIR_EL1, MAIR_VALUE, err);
	if (!rc)
		rc = one_reg_set(v, SYS_TCR_EL1, tcr_value(), err);
	if (!rc)
		rc = one_reg_set(v, SYS_TTBR0_EL1, ttbr0(v), err);
	if (!rc)
		rc = one_reg_set(v, SYS_CPACR_EL1, CPACR_VALUE, err);
	if (!rc)
		rc = one_reg_set(v, SYS_VBAR_EL1, v->vm->image->exc_stubs, err);
	if (!rc)
		rc = one_reg_set(v, SYS_SCTLR_EL1, SCTLR_VALUE, err);
	v->ring = 0;
	return rc;
}

int arch_vcpu_set_ring(struct rt_vcpu *v, int ring, struct rt_err *err)
{
	if (ring != 0)
		return rt_fail(err, -EOPNOTSUPP, "vCPU %d: ring %d asked of an arm64 vCPU, which runs scn's jobs at EL1 (ring 3 is an x86 choice)",
			       v->index, ring);
	v->ring = 0;
	return 0;
}

int arch_vcpu_restart(struct rt_vcpu *v, int ring, struct rt_err *err)
{
	uint64_t block = rt_vcpu_block_gva(v->index);
	int rc = arch_vcpu_set_ring(v, ring, err);

	if (!rc)
		rc = rt_vcpu_complete_exit(v, err);
	if (!rc)
		rc = one_reg_set(v, REG_PSTATE, PSTATE_EL1H, err);
	if (!rc)
		rc = one_reg_set(v, REG_SP_EL1, block + RT_VCPU_STACK_TOP, err);
	if (!rc)
		rc = one_reg_set(v, REG_X(MAILBOX_REG), block + RT_VCPU_MAILBOX, err);
	if (!rc)
		rc = one_reg_set(v, REG_PC, v->vm->image->loop, err);
	return rc;
}

int arch_vcpu_reset_mmu(struct rt_vcpu *v, struct rt_err *err)
{
	v->arch.asid ^= 1;
	return one_reg_set(v, SYS_TTBR0_EL1, ttbr0(v), err);
}

/* The exception classes scn's guest may meet, by ESR_EL1.EC. */
static const char *exception_class(uint64_t ec)
{
	switch (ec) {
	case 0x00: return "unknown reason";
	case 0x07: return "FP or SIMD access";
	case 0x0e: return "illegal execution state";
	case 0x15: return "SVC";
	case 0x18: return "system register access";
	case 0x21: return "instruction abort";
	case 0x22: return "PC alignment fault";
	case 0x25: return "data abort";
	case 0x26: return "SP alignment fault";
	case 0x3c: return "BRK";
	default: return "an exception";
	}
}

/* The vector left vector, ESR, ELR, FAR, SPSR at SP_EL1. */
static int exception(struct rt_vcpu *v, struct rt_err *err)
{
	uint64_t top = rt_vcpu_block_gva(v->index) + RT_VCPU_STACK_TOP, sp;
	const uint64_t *f;

	if (one_reg_get(v, REG_SP_EL1, &sp, err))
		return -EIO;
	if (sp < top - 0x4000 || sp + 5 * 8 > top)
		return rt_fail(err, -EIO, "vCPU %d: the guest took an exception, its frame is lost (sp %#llx)",
			       v->index, (unsigned long long)sp);
	f = rt_vm_area_ptr(v->vm, sp);
	return rt_fail(err, -EIO, "vCPU %d: the guest took an exception (vector %llu, %s: ESR %#llx) at pc %#llx, far %#llx, at EL1 on a %s host; a bug in scn's guest program or its tables, or a host that runs it unlike hardware",
		       v->index, (unsigned long long)f[0], exception_class(f[1] >> 26),
		       (unsigned long long)f[1], (unsigned long long)f[2],
		       (unsigned long long)f[3],
		       v->vm->cfg.host_kind ? v->vm->cfg.host_kind : "KVM");
}

/* What this arch tells the shared exits (one_reg.h). */
static const struct one_reg_arch arch_regs = {
	.reg_pc = REG_PC,
	.reg_addr = REG_X(0),	/* every access of the guest program has its address there */
	.exception = exception,
};

int arch_vcpu_exit(struct rt_vcpu *v, int rc, int errnum, struct rt_exit *e,
		   struct rt_err *err)
{
	return one_reg_vcpu_exit(v, rc, errnum, e, &arch_regs, err);
}

int arch_fault_skip(struct rt_vcpu *v, const struct rt_exit *e,
		    struct rt_err *err)
{
	return one_reg_fault_skip(v, e, &arch_regs, err);
}

int arch_fault_retry(struct rt_vcpu *v, const struct rt_exit *e,
		     struct rt_err *err)
{
	return one_reg_fault_retry(v, e, &arch_regs, err);
}
