// SPDX-License-Identifier: GPL-2.0-only
/*
 * The exits of a ONE_REG arch whose guest signals by an MMIO store
 * (arm64, riscv64): one_reg.h.
 */
#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>

#include "../compat.h"
#include "../kvm.h"
#include "../vcpu.h"
#include "../arch_api.h"
#include "one_reg.h"

int one_reg_get(struct rt_vcpu *v, uint64_t id, uint64_t *val, struct rt_err *err)
{
	struct kvm_one_reg r = { .id = id, .addr = (uint64_t)(uintptr_t)val };

	if (ioctl(v->fd, KVM_GET_ONE_REG, &r))
		return rt_fail_errno(err, errno, "KVM_GET_ONE_REG(%#llx) (vCPU %d)",
				     (unsigned long long)id, v->index);
	return 0;
}

int one_reg_set(struct rt_vcpu *v, uint64_t id, uint64_t val, struct rt_err *err)
{
	struct kvm_one_reg r = { .id = id, .addr = (uint64_t)(uintptr_t)&val };

	if (ioctl(v->fd, KVM_SET_ONE_REG, &r))
		return rt_fail_errno(err, errno, "KVM_SET_ONE_REG(%#llx) (vCPU %d)",
				     (unsigned long long)id, v->index);
	return 0;
}

/* An access fault: which instruction (at pc), which address (reg_addr). */
static int fault(struct rt_vcpu *v, struct rt_exit *e, int fx, uint64_t gpa,
		 const struct one_reg_arch *arch, struct rt_err *err)
{
	const struct scn_access *a;
	uint64_t pc, addr;

	if (one_reg_get(v, arch->reg_pc, &pc, err) ||
	    one_reg_get(v, arch->reg_addr, &addr, err))
		return -EIO;
	a = rt_vm_access(v->vm, pc, false);
	if (!a)
		return rt_fail(err, -EFAULT, "vCPU %d: %s at gpa 0x%llx, pc %#llx: not an access of the guest program",
			       v->index, rt_fault_exit_name((enum rt_fault_exit)fx),
			       (unsigned long long)(fx == RT_FX_EFAULT ? addr : gpa),
			       (unsigned long long)pc);
	e->kind = RT_EXIT_FAULT;
	e->fx = fx;
	e->insn = a->rip;
	e->len = a->len;
	e->write = a->kind == SCN_ACCESS_WRITE;
	/* Guest memory is at GVA == GPA, and every access has it in reg_addr. */
	e->gpa = fx == RT_FX_EFAULT ? addr : gpa;
	return 0;
}

static int signal(struct rt_vcpu *v, uint64_t offset, struct rt_exit *e,
		  const struct one_reg_arch *arch, struct rt_err *err)
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
		return arch->exception(v, err);
	return rt_fail(err, -EIO, "vCPU %d: the guest stored to the signal page at offset %#llx",
		       v->index, (unsigned long long)offset);
}

int one_reg_vcpu_exit(struct rt_vcpu *v, int rc, int errnum, struct rt_exit *e,
		      const struct one_reg_arch *arch, struct rt_err *err)
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

			return fault(v, e, RT_FX_MEMORY_FAULT, mf->gpa, arch, err);
		}
		return fault(v, e, RT_FX_EFAULT, 0, arch, err);
	}
	switch (run->exit_reason) {
	case KVM_EXIT_MMIO: {
		uint64_t at = run->mmio.phys_addr, page = v->vm->arch.signal_gpa;

		v->exit_pending = true;
		if (at >= page && at < page + 4096 && run->mmio.is_write)
			return signal(v, at - page, e, arch, err);
		/* An access to a guest physical address without a memslot: a read gets zeros. */
		if (!run->mmio.is_write)
			memset(run->mmio.data, 0, sizeof(run->mmio.data));
		return fault(v, e, RT_FX_MMIO, at, arch, err);
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

int one_reg_fault_skip(struct rt_vcpu *v, const struct rt_exit *e,
		       const struct one_reg_arch *arch, struct rt_err *err)
{
	/* KVM completes an MMIO access and steps past it at the next run. */
	if (e->fx == RT_FX_MMIO)
		return 0;
	return one_reg_set(v, arch->reg_pc, e->insn + (uint64_t)e->len, err);
}

int one_reg_fault_retry(struct rt_vcpu *v, const struct rt_exit *e,
			const struct one_reg_arch *arch, struct rt_err *err)
{
	int rc;

	/* -EFAULT leaves pc on the access: KVM_RUN runs it again. */
	if (e->fx != RT_FX_MMIO)
		return 0;
	rc = rt_vcpu_complete_exit(v, err);
	return rc ? rc : one_reg_set(v, arch->reg_pc, e->insn, err);
}
