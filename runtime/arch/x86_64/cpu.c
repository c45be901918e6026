// SPDX-License-Identifier: GPL-2.0-only
/*
 * x86_64 vCPUs: CPUID, long mode, rings, and what an exit means.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "../../compat.h"
#include "../../kvm.h"
#include "../../vcpu.h"
#include "../../arch_api.h"

#define CR0_PE		(1ULL << 0)
#define CR0_NE		(1ULL << 5)
#define CR0_WP		(1ULL << 16)
#define CR0_PG		(1ULL << 31)
#define CR4_PAE		(1ULL << 5)
#define EFER_LME	(1ULL << 8)
#define EFER_LMA	(1ULL << 10)
/*
 * IOPL 3, so that ring 3 may leave with out where the host honours it
 * (PVM hosts do not: the TSS's I/O bitmap, tables.c); interrupts off.
 */
#define GUEST_RFLAGS	0x3002ULL

bool arch_test_refuse_port_io(void)
{
	const char *v = getenv("SCN_TEST_REFUSE_PORT_IO");

	return v && !strcmp(v, "1");
}

/* The GDT's selectors: Linux's, as the measurements on PVM hosts used. */
#define SEL_KERNEL_CS	0x10
#define SEL_KERNEL_DS	0x18
#define SEL_USER_DS	0x2b
#define SEL_USER_CS	0x33
#define SEL_TSS		0x40

int arch_vm_init(struct rt_vm *vm, struct rt_err *err)
{
	struct kvm_cpuid2 *c = NULL;
	int nent = 64;

	/* The answer's size is not known before: grow until it fits. */
	for (;;) {
		free(c);
		c = calloc(1, sizeof(*c) + (size_t)nent * sizeof(c->entries[0]));
		if (!c)
			return rt_fail(err, -ENOMEM, "out of memory");
		c->nent = (uint32_t)nent;
		if (!ioctl(vm->kvm_fd, KVM_GET_SUPPORTED_CPUID, c))
			break;
		if (errno != E2BIG || nent >= 4096) {
			int e = errno;

			free(c);
			return rt_fail_errno(err, e, "KVM_GET_SUPPORTED_CPUID");
		}
		nent *= 2;
	}
	vm->arch.cpuid = c;
	vm->arch.phys_bits = 36;
	for (uint32_t i = 0; i < c->nent; i++) {
		const struct kvm_cpuid_entry2 *e = &c->entries[i];

		if (e->function == 0x80000008)
			vm->arch.phys_bits = (int)(e->eax & 0xff);
		if (e->function == 0x80000001)
			vm->arch.pages_1g = e->edx & (1u << 26);
	}
	/* A test: the 2M pages of a PVM host's guest, on any host. */
	if (getenv("SCN_TEST_NO_1G_PAGES") && !strcmp(getenv("SCN_TEST_NO_1G_PAGES"), "1"))
		vm->arch.pages_1g = false;
	return 0;
}

void arch_vm_destroy(struct rt_vm *vm)
{
	free(vm->arch.cpuid);
	vm->arch.cpuid = NULL;
}

static void seg_code(struct kvm_segment *s, int ring)
{
	*s = (struct kvm_segment){
		.limit = 0xffffffff, .selector = ring ? SEL_USER_CS : SEL_KERNEL_CS,
		.type = 0xb, .present = 1, .dpl = (uint8_t)ring, .s = 1, .l = 1,
		.g = 1,
	};
}

static void seg_data(struct kvm_segment *s, int ring)
{
	*s = (struct kvm_segment){
		.limit = 0xffffffff, .selector = ring ? SEL_USER_DS : SEL_KERNEL_DS,
		.type = 0x3, .present = 1, .dpl = (uint8_t)ring, .db = 1, .s = 1,
		.g = 1,
	};
}

static void set_ring_segments(struct kvm_sregs *sr, int ring)
{
	seg_code(&sr->cs, ring);
	seg_data(&sr->ss, ring);
	seg_data(&sr->ds, ring);
	seg_data(&sr->es, ring);
	seg_data(&sr->fs, ring);
	seg_data(&sr->gs, ring);
}

int arch_vcpu_init(struct rt_vcpu *v, struct rt_err *err)
{
	struct rt_vm *vm = v->vm;
	uint64_t block = rt_vcpu_block_gva(v->index);
	struct kvm_sregs sr;
	int sync;

	/* Long mode needs CPUID's LM bit: the VM's CPU model first. */
	if (ioctl(v->fd, KVM_SET_CPUID2, vm->arch.cpuid))
		return rt_fail_errno(err, errno, "KVM_SET_CPUID2 (vCPU %d)", v->index);
	if (ioctl(v->fd, KVM_GET_SREGS, &sr))
		return rt_fail_errno(err, errno, "KVM_GET_SREGS (vCPU %d)", v->index);
	sr.cr0 = CR0_PE | CR0_NE | CR0_PG;
	/* No SMEP or SMAP: ring 0 runs the same code on the same U/S pages. */
	sr.cr4 = CR4_PAE;
	sr.efer = EFER_LME | EFER_LMA;
	sr.cr3 = vm->area_gpa + vm->tables_offset;
	set_ring_segments(&sr, 0);
	sr.tr = (struct kvm_segment){
		.base = block + RT_VCPU_ARCH, .limit = ARCH_TSS_LIMIT,
		.selector = SEL_TSS,
		.type = 0xb, .present = 1,
	};
	memset(&sr.ldt, 0, sizeof(sr.ldt));
	sr.ldt.unusable = 1;
	sr.gdt.base = SCN_AREA_GVA + RT_AREA_ARCH;
	sr.gdt.limit = 10 * 8 - 1;
	sr.idt.base = SCN_AREA_GVA + RT_AREA_ARCH + 0x1000;
	sr.idt.limit = 32 * 16 - 1;
	if (ioctl(v->fd, KVM_SET_SREGS, &sr))
		return rt_fail_errno(err, errno, "KVM_SET_SREGS (vCPU %d, long mode)",
				     v->index);
	v->ring = 0;
	/* The guest times its accesses with the TSC: its rate, once. */
	if (!vm->arch.counter_hz) {
		int khz = ioctl(v->fd, KVM_GET_TSC_KHZ, 0);

		vm->arch.counter_hz = khz > 0 ? (uint64_t)khz * 1000 : 0;
	}
	/*
	 * With the registers in kvm_run after every exit, a skipped fault
	 * costs no ioctl but the next KVM_RUN, as upstream's selftest does.
	 */
	sync = ioctl(vm->kvm_fd, KVM_CHECK_EXTENSION, KVM_CAP_SYNC_REGS);
	if (sync > 0 && (sync & KVM_SYNC_X86_REGS)) {
		v->run->kvm_valid_regs = KVM_SYNC_X86_REGS;
		v->arch.sync_regs = true;
	}
	return 0;
}

/* The registers as of the last exit. */
static struct kvm_regs *regs_of(struct rt_vcpu *v, struct rt_err *err)
{
	if (v->arch.sync_regs)
		return &v->run->s.regs.regs;
	if (ioctl(v->fd, KVM_GET_REGS, &v->arch.regs)) {
		rt_fail_errno(err, errno, "KVM_GET_REGS (vCPU %d)", v->index);
		return NULL;
	}
	return &v->arch.regs;
}

/* Writes back what regs_of() gave, changed. */
static int set_regs(struct rt_vcpu *v, struct rt_err *err)
{
	if (v->arch.sync_regs) {
		v->run->kvm_dirty_regs |= KVM_SYNC_X86_REGS;
		return 0;
	}
	if (ioctl(v->fd, KVM_SET_REGS, &v->arch.regs))
		return rt_fail_errno(err, errno, "KVM_SET_REGS (vCPU %d)", v->index);
	return 0;
}

int arch_vcpu_set_ring(struct rt_vcpu *v, int ring, struct rt_err *err)
{
	struct kvm_sregs sr;

	if (ioctl(v->fd, KVM_GET_SREGS, &sr))
		return rt_fail_errno(err, errno, "KVM_GET_SREGS (vCPU %d)", v->index);
	set_ring_segments(&sr, ring);
	if (ioctl(v->fd, KVM_SET_SREGS, &sr))
		return rt_fail_errno(err, errno, "KVM_SET_SREGS (vCPU %d, ring %d)",
				     v->index, ring);
	v->ring = ring;
	return 0;
}

int arch_vcpu_restart(struct rt_vcpu *v, int ring, struct rt_err *err)
{
	uint64_t block = rt_vcpu_block_gva(v->index);
	struct kvm_regs regs = {
		.rip = v->vm->image->loop, .rsp = block + RT_VCPU_STACK_TOP,
		.rbx = block + RT_VCPU_MAILBOX,
		.rflags = arch_test_refuse_port_io() ? GUEST_RFLAGS & ~0x3000ULL :
						       GUEST_RFLAGS,
	};
	int rc = rt_vcpu_complete_exit(v, err);

	/* An exception left it at ring 0 whatever it was set to. */
	if (!rc)
		rc = arch_vcpu_set_ring(v, ring, err);
	/* Nothing stale in kvm_run may overwrite these at the next KVM_RUN. */
	v->run->kvm_dirty_regs = 0;
	if (!rc && ioctl(v->fd, KVM_SET_REGS, &regs))
		rc = rt_fail_errno(err, errno, "KVM_SET_REGS (vCPU %d)", v->index);
	return rc;
}

int arch_vcpu_reset_mmu(struct rt_vcpu *v, struct rt_err *err)
{
	struct kvm_sregs sr;

	if (ioctl(v->fd, KVM_GET_SREGS, &sr))
		return rt_fail_errno(err, errno, "KVM_GET_SREGS (vCPU %d)", v->index);
	sr.cr0 ^= CR0_WP;
	if (ioctl(v->fd, KVM_SET_SREGS, &sr))
		return rt_fail_errno(err, errno, "KVM_SET_SREGS (vCPU %d, CR0.WP)",
				     v->index);
	return 0;
}

static const char *const vector_names[32] = {
	"#DE divide error", "#DB debug", "NMI", "#BP breakpoint", "#OF overflow",
	"#BR bound range", "#UD invalid opcode", "#NM no math coprocessor",
	"#DF double fault", "coprocessor overrun", "#TS invalid TSS",
	"#NP segment not present", "#SS stack fault", "#GP general protection",
	"#PF page fault", "reserved", "#MF x87 error", "#AC alignment check",
	"#MC machine check", "#XM SIMD error", "#VE virtualization exception",
	"#CP control protection",
};

/*
 * The guest program's own exit, out %al to one of scn's ports, refused:
 * the host would not let this ring do port I/O (IOPL and the TSS's I/O
 * bitmap both allow it; a host that honours neither cannot run jobs in
 * this ring). Not a bug of the guest program: say what was tried.
 */
static int exit_refused(struct rt_vcpu *v, const uint64_t *f, struct rt_err *err)
{
	const char *kind = v->vm->cfg.host_kind ? v->vm->cfg.host_kind : "this kind";
	unsigned ring = (unsigned)(f[3] & 3);

	return rt_fail(err, -EIO, "vCPU %d: the host refused the guest program's exit, out %%al to port %#x at rip %#llx in ring %u, with #GP(%#llx): this host (%s) let ring %u do port I/O by neither RFLAGS.IOPL 3 nor the TSS's I/O permission bitmap; ring=%u (or run --ring %u) avoids it",
		       v->index, ((const uint8_t *)rt_vm_area_ptr(v->vm, f[2]))[1],
		       (unsigned long long)f[2], ring, (unsigned long long)f[1], kind,
		       ring, ring ? 0 : 3, ring ? 0 : 3);
}

static bool is_port_exit(const struct rt_vcpu *v, uint64_t rip)
{
	const uint8_t *insn;
	uint64_t start = SCN_AREA_GVA + SCN_IMAGE_OFFSET;

	/* Only inside the image, whose end the header gives. */
	if (rip < start || rip + 2 > v->vm->image->image_end)
		return false;
	insn = rt_vm_area_ptr(v->vm, rip);
	return insn[0] == 0xe6 && (insn[1] == SCN_PORT_DONE ||
				   insn[1] == SCN_PORT_MISMATCH);
}

/* The exception stub left vector, error, rip, cs, rflags, rsp, ss. */
static int exception(struct rt_vcpu *v, struct rt_err *err)
{
	struct kvm_regs regs;
	struct kvm_sregs sr;
	const uint64_t *f;
	uint64_t top = rt_vcpu_block_gva(v->index) + RT_VCPU_IST_TOP;
	const char *name;

	if (ioctl(v->fd, KVM_GET_REGS, &regs) || ioctl(v->fd, KVM_GET_SREGS, &sr))
		return rt_fail_errno(err, errno, "vCPU %d took an exception; KVM_GET_REGS",
				     v->index);
	if (regs.rsp < top - 4096 || regs.rsp + 7 * 8 > top)
		return rt_fail(err, -EIO, "vCPU %d: the guest took an exception, its frame is lost (rsp %#llx)",
			       v->index, (unsigned long long)regs.rsp);
	f = rt_vm_area_ptr(v->vm, regs.rsp);
	if (f[0] == 13 && is_port_exit(v, f[2]))
		return exit_refused(v, f, err);
	name = f[0] < 32 && vector_names[f[0]] ? vector_names[f[0]] : "reserved";
	return rt_fail(err, -EIO, "vCPU %d: the guest took exception %llu (%s, error %#llx) at rip %#llx in ring %llu%s%#llx on a %s host; a bug in scn's guest program or its tables, or a host that runs it unlike hardware",
		       v->index, (unsigned long long)f[0], name,
		       (unsigned long long)f[1], (unsigned long long)f[2],
		       (unsigned long long)(f[3] & 3), f[0] == 14 ? ", cr2 " : ", rdi ",
		       (unsigned long long)(f[0] == 14 ? sr.cr2 : regs.rdi),
		       v->vm->cfg.host_kind ? v->vm->cfg.host_kind : "KVM");
}

static const char *exit_name(uint32_t reason)
{
	static const char *const names[] = {
		[KVM_EXIT_UNKNOWN] = "KVM_EXIT_UNKNOWN",
		[KVM_EXIT_EXCEPTION] = "KVM_EXIT_EXCEPTION",
		[KVM_EXIT_IO] = "KVM_EXIT_IO",
		[KVM_EXIT_HYPERCALL] = "KVM_EXIT_HYPERCALL",
		[KVM_EXIT_DEBUG] = "KVM_EXIT_DEBUG",
		[KVM_EXIT_HLT] = "KVM_EXIT_HLT",
		[KVM_EXIT_MMIO] = "KVM_EXIT_MMIO",
		[KVM_EXIT_IRQ_WINDOW_OPEN] = "KVM_EXIT_IRQ_WINDOW_OPEN",
		[KVM_EXIT_SHUTDOWN] = "KVM_EXIT_SHUTDOWN",
		[KVM_EXIT_FAIL_ENTRY] = "KVM_EXIT_FAIL_ENTRY",
		[KVM_EXIT_INTR] = "KVM_EXIT_INTR",
		[KVM_EXIT_INTERNAL_ERROR] = "KVM_EXIT_INTERNAL_ERROR",
	};

	if (reason < sizeof(names) / sizeof(names[0]) && names[reason])
		return names[reason];
	return reason == KVM_EXIT_MEMORY_FAULT ? "KVM_EXIT_MEMORY_FAULT" : "an exit";
}

/* An access fault: which instruction, which address. */
static int fault(struct rt_vcpu *v, struct rt_exit *e, int fx, bool by_end,
		 uint64_t gpa, struct rt_err *err)
{
	const struct kvm_regs *regs = regs_of(v, err);
	const struct scn_access *a;

	if (!regs)
		return -EIO;
	a = rt_vm_access(v->vm, regs->rip, by_end);
	if (!a)
		return rt_fail(err, -EFAULT, "vCPU %d: %s at gpa 0x%llx, rip %#llx: not an access of the guest program",
			       v->index, rt_fault_exit_name((enum rt_fault_exit)fx),
			       (unsigned long long)gpa, (unsigned long long)regs->rip);
	e->kind = RT_EXIT_FAULT;
	e->fx = fx;
	e->insn = a->rip;
	e->len = a->len;
	e->write = a->kind == SCN_ACCESS_WRITE;
	/* Guest memory is at GVA == GPA, and every access has it in rdi. */
	e->gpa = fx == RT_FX_EFAULT ? regs->rdi : gpa;
	return 0;
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

			return fault(v, e, RT_FX_MEMORY_FAULT, false, mf->gpa, err);
		}
		return fault(v, e, RT_FX_EFAULT, false, 0, err);
	}
	switch (run->exit_reason) {
	case KVM_EXIT_IO:
		v->exit_pending = true;
		if (run->io.direction == KVM_EXIT_IO_OUT) {
			if (run->io.port == SCN_PORT_DONE) {
				e->kind = RT_EXIT_DONE;
				return 0;
			}
			if (run->io.port == SCN_PORT_MISMATCH) {
				e->kind = RT_EXIT_MISMATCH;
				return 0;
			}
			if (run->io.port == SCN_PORT_EXCEPTION)
				return exception(v, err);
		}
		return rt_fail(err, -EIO, "vCPU %d: the guest used port %#x",
			       v->index, run->io.port);
	case KVM_EXIT_MMIO:
		/*
		 * A PVM host at ring 0 emulates the write to read-only
		 * memory and hands it out as MMIO, with the write done
		 * (rip past it); a read waits for its data (rip on it).
		 */
		v->exit_pending = true;
		if (!run->mmio.is_write)
			memset(run->mmio.data, 0, sizeof(run->mmio.data));
		return fault(v, e, RT_FX_MMIO, run->mmio.is_write,
			     run->mmio.phys_addr, err);
	case KVM_EXIT_INTR:
		e->kind = RT_EXIT_INTR;
		return 0;
	case KVM_EXIT_SHUTDOWN:
		return rt_fail(err, -EIO, "vCPU %d: the guest shut down (KVM_EXIT_SHUTDOWN, a triple fault)",
			       v->index);
	case KVM_EXIT_INTERNAL_ERROR:
		return rt_fail(err, -EIO, "vCPU %d: KVM_EXIT_INTERNAL_ERROR, suberror %u%s",
			       v->index, run->internal.suberror,
			       run->internal.suberror == KVM_INTERNAL_ERROR_EMULATION ?
			       " (KVM could not emulate an instruction of the guest)" : "");
	case KVM_EXIT_FAIL_ENTRY:
		return rt_fail(err, -EIO, "vCPU %d: KVM_EXIT_FAIL_ENTRY, hardware reason %#llx",
			       v->index, (unsigned long long)
			       run->fail_entry.hardware_entry_failure_reason);
	default:
		return rt_fail(err, -EIO, "vCPU %d: unexpected %s (%u)", v->index,
			       exit_name(run->exit_reason), run->exit_reason);
	}
}

int arch_fault_skip(struct rt_vcpu *v, const struct rt_exit *e,
		    struct rt_err *err)
{
	struct kvm_regs *regs;

	/* PVM's MMIO write is done and dropped; a read gets zeros. */
	if (e->fx == RT_FX_MMIO)
		return 0;
	regs = v->arch.sync_regs ? &v->run->s.regs.regs : &v->arch.regs;
	regs->rip = e->insn + (uint64_t)e->len;
	return set_regs(v, err);
}

int arch_fault_retry(struct rt_vcpu *v, const struct rt_exit *e,
		     struct rt_err *err)
{
	int rc;

	/* -EFAULT leaves rip on the access: KVM_RUN runs it again. */
	if (e->fx != RT_FX_MMIO)
		return 0;
	rc = rt_vcpu_complete_exit(v, err);
	if (rc)
		return rc;
	/* kvm_run's copy is older than the completion: ask. */
	if (ioctl(v->fd, KVM_GET_REGS, &v->arch.regs))
		return rt_fail_errno(err, errno, "KVM_GET_REGS (vCPU %d)", v->index);
	v->arch.regs.rip = e->insn;
	v->run->kvm_dirty_regs = 0;
	if (ioctl(v->fd, KVM_SET_REGS, &v->arch.regs))
		return rt_fail_errno(err, errno, "KVM_SET_REGS (vCPU %d, retrying an access)",
				     v->index);
	return 0;
}
