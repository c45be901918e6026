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

static int get_reg(struct rt_vcpu *v, uint64_t id, uint64_t *val, struct rt_err *err)
{
	struct kvm_one_reg r = { .id = id, .addr = (uint64_t)(uintptr_t)val };

	if (ioctl(v->fd, KVM_GET_ONE_REG, &r))
		return rt_fail_errno(err, errno, "KVM_GET_ONE_REG(%#llx) (vCPU %d)",
				     (unsigned long long)id, v->index);
	return 0;
}

static int set_reg(struct rt_vcpu *v, uint64_t id, uint64_t val, struct rt_err *err)
{
	struct kvm_one_reg r = { .id = id, .addr = (uint64_t)(uintptr_t)&val };

	if (ioctl(v->fd, KVM_SET_ONE_REG, &r))
		return rt_fail_errno(err, errno, "KVM_SET_ONE_REG(%#llx) (vCPU %d)",
				     (unsigned long long)id, v->index);
	return 0;
}

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
	rc = set_reg(v, REG_MODE, KVM_RISCV_MODE_S, err);

	if (!rc)
		rc = set_reg(v, REG_SATP, satp(v), err);
	if (!rc)
		rc = set_reg(v, REG_STVEC, v->vm->image->exc_stubs, err);
	if (!rc)
		rc = set_reg(v, REG_SIE, 0, err);
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
		rc = set_reg(v, REG_SSTATUS, SSTATUS_VALUE, err);
	if (!rc)
		rc = set_reg(v, REG_SP, block + RT_VCPU_STACK_TOP, err);
	if (!rc)
		rc = set_reg(v, REG_S1, block + RT_VCPU_MAILBOX, err);
	if (!rc)
		rc = set_reg(v, REG_PC, v->vm->image->loop, err);
	return rc;
}

int arch_vcpu_reset_mmu(struct rt_vcpu *v, struct rt_err *err)
{
	/* A new ASID: the TLB's entries of the old one are not used. */
	v->arch.asid ^= 1;
	return set_reg(v, REG_SATP, satp(v), err);
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

	if (get_reg(v, REG_SP, &sp, err))
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

/* An access fault: which instruction (at pc), which address (a0). */
static int fault(struct rt_vcpu *v, struct rt_exit *e, int fx, uint64_t gpa,
		 struct rt_err *err)
{
	const struct scn_access *a;
	uint64_t pc, a0;

	if (get_reg(v, REG_PC, &pc, err) || get_reg(v, REG_A0, &a0, err))
		return -EIO;
	a = rt_vm_access(v->vm, pc, false);
	if (!a)
		return rt_fail(err, -EFAULT, "vCPU %d: %s at gpa 0x%llx, pc %#llx: not an access of the guest program",
			       v->index, rt_fault_exit_name((enum rt_fault_exit)fx),
			       (unsigned long long)(fx == RT_FX_EFAULT ? a0 : gpa),
			       (unsigned long long)pc);
	e->kind = RT_EXIT_FAULT;
	e->fx = fx;
	e->insn = a->rip;
	e->len = a->len;
	e->write = a->kind == SCN_ACCESS_WRITE;
	/* Guest memory is at GVA == GPA, and every access has it in a0. */
	e->gpa = fx == RT_FX_EFAULT ? a0 : gpa;
	return 0;
}

static int signal(struct rt_vcpu *v, uint64_t offset, struct rt_exit *e,
		  struct rt_err *err)
{
	if (offset == SCN_SIGNAL_OFFSET(SCN_PORT_DONE)) {
		e->kind = RT_EXIT_DONE;
		return 0;
	}
	if (offset == SCN_SIGNAL_OFFSET(SCN_PORT_MISMATCH)) {
		e->kind = RT_EXIT_MISMATCH;
		return 0;
	}
	if (offset == SCN_SIGNAL_OFFSET(SCN_PORT_EXCEPTION))
		return exception(v, err);
	return rt_fail(err, -EIO, "vCPU %d: the guest stored to the signal page at offset %#llx",
		       v->index, (unsigned long long)offset);
}

int arch_vcpu_exit(struct rt_vcpu *v, int rc, int errnum, struct rt_exit *e,
		   struct rt_err *err)
{
	struct kvm_run *run = v->run;

	memset(e, 0, sizeof(*e));
	if (rc < 0) {
		if (errnum == EINTR) {
			e->kind = RT_EXIT_INTR;
			return 0;
		}
		if (errnum != EFAULT)
			return rt_fail_errno(err, errnum, "KVM_RUN (vCPU %d)", v->index);
		if (run->exit_reason == KVM_EXIT_MEMORY_FAULT) {
			const struct compat_kvm_memory_fault *mf =
				(const void *)&run->padding;

			return fault(v, e, RT_FX_MEMORY_FAULT, mf->gpa, err);
		}
		return fault(v, e, RT_FX_EFAULT, 0, err);
	}
	switch (run->exit_reason) {
	case KVM_EXIT_MMIO: {
		uint64_t at = run->mmio.phys_addr, page = v->vm->arch.signal_gpa;

		v->exit_pending = true;
		if (at >= page && at < page + 4096 && run->mmio.is_write)
			return signal(v, at - page, e, err);
		/* An access to a GPA without a memslot: a read gets zeros. */
		if (!run->mmio.is_write)
			memset(run->mmio.data, 0, sizeof(run->mmio.data));
		return fault(v, e, RT_FX_MMIO, at, err);
	}
	case KVM_EXIT_INTR:
		e->kind = RT_EXIT_INTR;
		return 0;
	case KVM_EXIT_SYSTEM_EVENT:
		return rt_fail(err, -EIO, "vCPU %d: KVM_EXIT_SYSTEM_EVENT, type %u (the guest asked for a reset or power-off)",
			       v->index, run->system_event.type);
	case KVM_EXIT_INTERNAL_ERROR:
		return rt_fail(err, -EIO, "vCPU %d: KVM_EXIT_INTERNAL_ERROR, suberror %u",
			       v->index, run->internal.suberror);
	case KVM_EXIT_FAIL_ENTRY:
		return rt_fail(err, -EIO, "vCPU %d: KVM_EXIT_FAIL_ENTRY, hardware reason %#llx",
			       v->index, (unsigned long long)
			       run->fail_entry.hardware_entry_failure_reason);
	default:
		return rt_fail(err, -EIO, "vCPU %d: unexpected exit %u", v->index,
			       run->exit_reason);
	}
}

int arch_fault_skip(struct rt_vcpu *v, const struct rt_exit *e,
		    struct rt_err *err)
{
	/* KVM completes an MMIO access and steps past it at the next run. */
	if (e->fx == RT_FX_MMIO)
		return 0;
	return set_reg(v, REG_PC, e->insn + (uint64_t)e->len, err);
}

int arch_fault_retry(struct rt_vcpu *v, const struct rt_exit *e,
		     struct rt_err *err)
{
	int rc;

	/* -EFAULT leaves pc on the access: KVM_RUN runs it again. */
	if (e->fx != RT_FX_MMIO)
		return 0;
	rc = rt_vcpu_complete_exit(v, err);
	return rc ? rc : set_reg(v, REG_PC, e->insn, err);
}
