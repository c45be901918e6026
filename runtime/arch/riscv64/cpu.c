// SPDX-License-Identifier: GPL-2.0-only
/*
 * riscv64 vCPUs: VS-mode with the guest's own Sv48 tables, registers
 * through ONE_REG (no init call: KVM makes the vCPU in VS-mode with satp
 * 0), and what an exit means.
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

#define CORE_REG(name)	(KVM_REG_RISCV | KVM_REG_SIZE_U64 | KVM_REG_RISCV_CORE | \
			 KVM_REG_RISCV_CORE_REG(name))
#define CSR_REG(name)	(KVM_REG_RISCV | KVM_REG_SIZE_U64 | KVM_REG_RISCV_CSR | \
			 KVM_REG_RISCV_CSR_REG(name))
#define REG_PC		CORE_REG(regs.pc)
#define REG_SP		CORE_REG(regs.sp)
#define REG_S1		CORE_REG(regs.s1)
#define REG_A0		CORE_REG(regs.a0)
#define REG_MODE	CORE_REG(mode)
#define REG_SATP	CSR_REG(satp)
#define REG_STVEC	CSR_REG(stvec)
#define REG_SSTATUS	CSR_REG(sstatus)
#define REG_SIE		CSR_REG(sie)

/* satp's MODE for Sv48: SCN_AREA_GVA needs 47 bits, past Sv39's 38. */
#define SATP_SV48	(9ULL << 60)
#define SATP_ASID_SHIFT	44
/* sstatus: SPP=S, so that an sret would stay in S-mode; SIE off. */
#define SSTATUS_VALUE	(1ULL << 8)

/*
 * GPA bits scn uses: 40, within Sv39x4's 41, the smallest G-stage mode a
 * riscv64 KVM may choose (this test host's is Sv57x4).
 */
#define GPA_BITS	40

/* The timebase rdtime counts in: the device tree's, big-endian. */
static uint64_t timebase(void)
{
	unsigned char b[4];
	FILE *f = fopen("/proc/device-tree/cpus/timebase-frequency", "rb");
	size_t n = f ? fread(b, 1, sizeof(b), f) : 0;

	if (f)
		fclose(f);
	if (n != sizeof(b))
		return 10000000;	/* QEMU virt's, where the tree cannot be read */
	return (uint64_t)b[0] << 24 | (uint64_t)b[1] << 16 | (uint64_t)b[2] << 8 | b[3];
}

int arch_vm_init(struct rt_vm *vm, struct rt_err *err)
{
	(void)err;
	vm->arch.phys_bits = GPA_BITS;
	vm->arch.pages_1g = false;
	vm->arch.counter_hz = timebase();
	/* The last page of the GPA space: no memslot of scn's goes there. */
	vm->arch.signal_gpa = (1ULL << GPA_BITS) - 4096;
	return 0;
}

void arch_vm_destroy(struct rt_vm *vm)
{
	(void)vm;
}

static uint64_t satp(const struct rt_vcpu *v)
{
	return SATP_SV48 | v->arch.asid << SATP_ASID_SHIFT |
	       (v->vm->area_gpa + v->vm->tables_offset) >> 12;
}

int arch_vcpu_init(struct rt_vcpu *v, struct rt_err *err)
{
	/*
	 * KVM powers off every vCPU but the first at creation (SBI HSM: a
	 * guest OS starts its harts by hart_start); scn starts them all.
	 */
	struct kvm_mp_state mp = { .mp_state = KVM_MP_STATE_RUNNABLE };
	int rc;

	if (ioctl(v->fd, KVM_SET_MP_STATE, &mp))
		return rt_fail_errno(err, errno, "KVM_SET_MP_STATE(RUNNABLE) (vCPU %d)",
				     v->index);
	rc = one_reg_set(v, REG_MODE, KVM_RISCV_MODE_S, err);

	if (!rc)
		rc = one_reg_set(v, REG_SATP, satp(v), err);
	if (!rc)
		rc = one_reg_set(v, REG_STVEC, v->vm->image->exc_stubs, err);
	if (!rc)
		rc = one_reg_set(v, REG_SIE, 0, err);
	v->ring = 0;
	return rc;
}

int arch_vcpu_set_ring(struct rt_vcpu *v, int ring, struct rt_err *err)
{
	if (ring != 0)
		return rt_fail(err, -EOPNOTSUPP, "vCPU %d: ring %d asked of a riscv64 vCPU, which runs scn's jobs in S-mode (ring 3 is an x86 choice)",
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
		rc = one_reg_set(v, REG_SSTATUS, SSTATUS_VALUE, err);
	if (!rc)
		rc = one_reg_set(v, REG_SP, block + RT_VCPU_STACK_TOP, err);
	if (!rc)
		rc = one_reg_set(v, REG_S1, block + RT_VCPU_MAILBOX, err);
	if (!rc)
		rc = one_reg_set(v, REG_PC, v->vm->image->loop, err);
	return rc;
}

int arch_vcpu_reset_mmu(struct rt_vcpu *v, struct rt_err *err)
{
	/* A new ASID: the TLB's entries of the old one are not used. */
	v->arch.asid ^= 1;
	return one_reg_set(v, REG_SATP, satp(v), err);
}

/* The exception causes scn's guest may meet, by scause. */
static const char *exception_cause(uint64_t c)
{
	switch (c) {
	case 0: return "instruction address misaligned";
	case 1: return "instruction access fault";
	case 2: return "illegal instruction";
	case 3: return "breakpoint";
	case 4: return "load address misaligned";
	case 5: return "load access fault";
	case 6: return "store address misaligned";
	case 7: return "store access fault";
	case 9: return "ecall from S-mode";
	case 12: return "instruction page fault";
	case 13: return "load page fault";
	case 15: return "store page fault";
	default: return "an exception";
	}
}

/* The trap entry left scause, sepc, stval, sstatus at sp. */
static int exception(struct rt_vcpu *v, struct rt_err *err)
{
	uint64_t top = rt_vcpu_block_gva(v->index) + RT_VCPU_STACK_TOP, sp;
	const uint64_t *f;

	if (one_reg_get(v, REG_SP, &sp, err))
		return -EIO;
	if (sp < top - 0x4000 || sp + 4 * 8 > top)
		return rt_fail(err, -EIO, "vCPU %d: the guest took an exception, its frame is lost (sp %#llx)",
			       v->index, (unsigned long long)sp);
	f = rt_vm_area_ptr(v->vm, sp);
	return rt_fail(err, -EIO, "vCPU %d: the guest took an exception (%s: scause %#llx) at pc %#llx, stval %#llx, in S-mode on a %s host; a bug in scn's guest program or its tables, or a host that runs it unlike hardware",
		       v->index, exception_cause(f[0]), (unsigned long long)f[0],
		       (unsigned long long)f[1], (unsigned long long)f[2],
		       v->vm->cfg.host_kind ? v->vm->cfg.host_kind : "KVM");
}

/* What this arch tells the shared exits (one_reg.h). */
static const struct one_reg_arch arch_regs = {
	.reg_pc = REG_PC,
	.reg_addr = REG_A0,	/* every access of the guest program has its address there */
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
