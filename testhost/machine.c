// SPDX-License-Identifier: GPL-2.0-only
/* machine: QEMU's machine, accelerator and command line (see machine.h). */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/kvm.h>

#include "../common/util.h"
#include "../runtime/probe.h"
#include "arch.h"
#include "job.h"
#include "machine.h"
#include "helper.h"

#define MIB ((int64_t)1 << 20)
#define GIB (1024 * MIB)
#define DEFAULT_MEM (2 * GIB)
#define QBOOT "/usr/share/qemu/qboot.rom"
/* An aarch64 or riscv64 test host's TCG: see th_machine_argv. */
#define TCG_AARCH64 "tcg"

bool th_accel_parse(const char *s, enum th_accel *a)
{
	if (!strcmp(s, "auto"))
		*a = TH_ACCEL_AUTO;
	else if (!strcmp(s, "kvm"))
		*a = TH_ACCEL_KVM;
	else if (!strcmp(s, "tcg"))
		*a = TH_ACCEL_TCG;
	else
		return false;
	return true;
}

/* Whether /dev/kvm makes a VM here; why not into why. */
static bool kvm_runs(char *why, size_t len)
{
	int fd = open("/dev/kvm", O_RDWR | O_CLOEXEC), vm;

	if (fd < 0) {
		snprintf(why, len, "/dev/kvm: %s", strerror(errno));
		return false;
	}
	if (ioctl(fd, KVM_GET_API_VERSION, 0) != KVM_API_VERSION) {
		snprintf(why, len, "/dev/kvm: unexpected API version");
		close(fd);
		return false;
	}
	vm = ioctl(fd, KVM_CREATE_VM, 0);
	if (vm < 0)
		snprintf(why, len, "KVM_CREATE_VM: %s", strerror(errno));
	else
		close(vm);
	close(fd);
	return vm >= 0;
}

/* KVM for the test host: nested virtualization on a real vendor module. */
static bool kvm_usable(struct th_machine *m, char *why, size_t len)
{
	bool vmx = rt_probe_cpu_flag("vmx"), svm = rt_probe_cpu_flag("svm");
	char nested[16];

	if (rt_probe_path_exists("/sys/module/kvm_pvm")) {
		snprintf(why, len, "this machine's KVM is kvm_pvm, which cannot "
			 "boot a stock kernel");
		return false;
	}
	if (!vmx && !svm) {
		snprintf(why, len, "the CPU offers no vmx or svm to nest");
		return false;
	}
	if (!kvm_runs(why, len))
		return false;
	if (rt_probe_read_text(vmx ? "/sys/module/kvm_intel/parameters/nested" :
			       "/sys/module/kvm_amd/parameters/nested",
			       nested, sizeof(nested)))
		nested[0] = '\0';
	if (strcmp(nested, "Y") && strcmp(nested, "1")) {
		snprintf(why, len, "kvm_%s's nested virtualization is off",
			 vmx ? "intel" : "amd");
		return false;
	}
	m->amd = !vmx;
	return true;
}

/* "QEMU emulator version 7.2.22 (Debian ...)" -> "7.2.22". */
static int qemu_version(struct th_machine *m, struct rt_err *err)
{
	const char *argv[] = { m->qemu, "--version", NULL };
	struct strbuf out;
	struct th_spawn s = { .argv = argv, .out_fd = -1, .out = &out };
	const char *v;
	int rc;

	sb_init(&out);
	rc = th_spawn_run(&s);
	if (rc == -ENOENT)
		rc = rt_fail(err, -ENODEV, "%s is not installed (apt-get install "
			     "%s)", m->qemu, m->arch == TH_ARCH_AARCH64 ?
			     "qemu-system-arm" : m->arch == TH_ARCH_RISCV64 ?
			     "--no-install-recommends qemu-system-misc" :
			     "qemu-system-x86");
	else if (rc)
		rc = rt_fail(err, -ENODEV, "%s --version failed (%d): %s", m->qemu,
			     rc, s.err);
	v = out.buf ? strstr(out.buf, "version ") : NULL;
	snprintf(m->qemu_version, sizeof(m->qemu_version), "%.*s",
		 v ? (int)strcspn(v + 8, " \n") : 7, v ? v + 8 : "unknown");
	sb_free(&out);
	return rc;
}

static int64_t mem_available(void)
{
	FILE *f = fopen("/proc/meminfo", "re");
	char line[256];
	long long kb = -1;

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "MemAvailable: %lld kB", &kb) == 1)
			break;
	if (f)
		fclose(f);
	return kb < 0 ? -1 : kb * 1024;
}

/*
 * An aarch64 test host runs under TCG: on another architecture there is
 * nothing else, and on an arm64 machine QEMU 7.2 gives a KVM guest no EL2,
 * so the kernel inside would have no KVM.
 */
static int plan_accel_aarch64(const struct th_opts *o, struct th_machine *m,
			      struct rt_err *err)
{
	const char *why = th_arch_native() == TH_ARCH_AARCH64 ?
		"QEMU gives a KVM guest no EL2, so the kernel inside would have no KVM" :
		"this machine is not arm64";

	if (o->accel == TH_ACCEL_KVM)
		return rt_fail(err, -ENODEV, "--accel kvm: an aarch64 test host "
			       "runs under TCG: %s", why);
	if (o->accel == TH_ACCEL_AUTO)
		snprintf(m->why_tcg, sizeof(m->why_tcg), "%s", why);
	m->kvm = false;
	m->cpu = "max,pauth-impdef=on";
	return 0;
}

/*
 * A riscv64 test host runs under TCG too: this scn is never riscv64 where
 * it launches one, and QEMU's rv64 CPU has the H extension on by default
 * (bookworm's QEMU 7.2 has no "max" CPU for riscv).
 */
static int plan_accel_riscv64(const struct th_opts *o, struct th_machine *m,
			      struct rt_err *err)
{
	const char *why = "this machine is not riscv64";

	if (o->accel == TH_ACCEL_KVM)
		return rt_fail(err, -ENODEV, "--accel kvm: a riscv64 test host "
			       "runs under TCG: %s", why);
	if (o->accel == TH_ACCEL_AUTO)
		snprintf(m->why_tcg, sizeof(m->why_tcg), "%s", why);
	m->kvm = false;
	m->cpu = "rv64";
	return 0;
}

static int plan_accel(const struct th_opts *o, struct th_machine *m,
		      struct rt_err *err)
{
	char why[256] = "";

	if (m->arch == TH_ARCH_AARCH64)
		return plan_accel_aarch64(o, m, err);
	if (m->arch == TH_ARCH_RISCV64)
		return plan_accel_riscv64(o, m, err);
	if (o->accel != TH_ACCEL_TCG && kvm_usable(m, why, sizeof(why))) {
		m->kvm = true;
		/* An invariant TSC, which KVM on PREEMPT_RT kernels needs. */
		m->cpu = "host,+invtsc";
		return 0;
	}
	if (o->accel == TH_ACCEL_KVM)
		return rt_fail(err, -ENODEV, "--accel kvm: %s", why);
	if (o->accel == TH_ACCEL_AUTO)
		snprintf(m->why_tcg, sizeof(m->why_tcg), "%s", why);
	m->kvm = false;
	m->amd = true;
	m->cpu = "EPYC,+svm";
	return 0;
}

static int plan_size(const struct th_opts *o, struct th_machine *m,
		     struct rt_err *err)
{
	cpu_set_t set;
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	int64_t avail = mem_available(), limit, bars = 0;

	if (sched_getaffinity(0, sizeof(set), &set) == 0)
		online = CPU_COUNT(&set);
	if (online < 1)
		online = 1;
	m->cpus = o->cpus ? o->cpus : online < 2 ? 1 : 2;
	/* Usage errors first: they are errors on every machine. */
	if (m->cpus > TH_MAX_CPUS)
		return rt_fail(err, -EINVAL, "--cpus %u: at most %d", m->cpus,
			       TH_MAX_CPUS);
	if (o->mem && (o->mem < TH_MIN_MEM || o->mem > TH_MAX_MEM))
		return rt_fail(err, -EINVAL, "--mem: from %" PRId64 " MiB to %" PRId64
			       " MiB", TH_MIN_MEM / MIB, TH_MAX_MEM / MIB);
	if (o->nodes > TH_MAX_NODES)
		return rt_fail(err, -EINVAL, "--nodes %u: at most %d", o->nodes,
			       TH_MAX_NODES);
	if (o->mem && o->nodes && o->mem / o->nodes < TH_MIN_NODE_MEM)
		return rt_fail(err, -EINVAL, "--nodes %u: each node needs %" PRId64
			       " MiB (--mem %" PRId64 " MiB)", o->nodes,
			       TH_MIN_NODE_MEM / MIB, o->mem / MIB);
	if (m->cpus > (unsigned)online)
		return rt_fail(err, -ENODEV, "--cpus %u: this machine has %ld CPUs "
			       "to run them on", m->cpus, online);
	m->nodes = o->nodes ? o->nodes : 1;
	/* What this machine keeps for itself: a quarter, at most 1 GiB. */
	limit = avail < 0 ? DEFAULT_MEM : avail - (avail / 4 < GIB ? avail / 4 : GIB);
	m->mem = o->mem ? o->mem : DEFAULT_MEM < limit ? DEFAULT_MEM : limit;
	m->mem -= m->mem % (2 * MIB * m->nodes);
	if (m->mem > limit || m->mem < TH_MIN_MEM)
		return rt_fail(err, -ENODEV, "the test host needs %" PRId64 " MiB "
			       "and this machine has %" PRId64 " MiB available",
			       (o->mem ? o->mem : TH_MIN_MEM) / MIB, avail / MIB);
	/*
	 * The BARs are RAM of this machine besides the guest's: what does not
	 * fit beside it is an error (the option asked for it), not a skip.
	 */
	for (unsigned i = 0; i < o->npfnmap; i++) {
		bars += o->pfnmap[i];
		m->pfnmap[m->npfnmap++] = o->pfnmap[i];
	}
	if (bars && m->mem + bars > limit)
		return rt_fail(err, -EINVAL, "--pfnmap: %" PRId64 " MiB of BARs beside "
			       "%" PRId64 " MiB of guest memory, and this machine has "
			       "%" PRId64 " MiB available", bars / MIB, m->mem / MIB,
			       avail / MIB);
	/* QEMU 7.2's riscv virt has no IOMMU for vfio-pci to bind a BAR. */
	if (bars && m->arch == TH_ARCH_RISCV64)
		return rt_fail(err, -EINVAL, "--pfnmap: x86 and arm64 test hosts only "
			       "(riscv's virt machine has no IOMMU in this QEMU)");
	/*
	 * QEMU 7.2's riscv virt makes a socket of each node, with its own
	 * PLIC (a node without CPUs is refused); Debian's 6.12 and 7.2 boot
	 * there, load 9p and then hang mounting the root (measured
	 * 2026-12-04, 1 CPU a node, with and without aia=aplic-imsic; 180 s
	 * without a command). A machine this QEMU cannot offer: a skip.
	 */
	if (m->nodes > 1 && m->arch == TH_ARCH_RISCV64)
		return rt_fail(err, -ENODEV, "--nodes %u: riscv64 test hosts have one "
			       "node (with NUMA nodes QEMU 7.2's riscv virt hangs the "
			       "kernel's 9p mount)", m->nodes);
	/* With --mem given, said above; else the memory this one has. */
	if (m->mem / m->nodes < TH_MIN_NODE_MEM)
		return rt_fail(err, -ENODEV, "--nodes %u: each node needs %" PRId64
			       " MiB and this machine has %" PRId64 " MiB to spare",
			       m->nodes, TH_MIN_NODE_MEM / MIB, m->mem / MIB);
	return 0;
}

int th_machine_plan(const struct th_opts *o, struct th_machine *m,
		    struct rt_err *err)
{
	return th_machine_plan_arch(o, th_arch_native(), m, err);
}

int th_machine_plan_arch(const struct th_opts *o, enum th_arch a,
			 struct th_machine *m, struct rt_err *err)
{
	bool arm = a == TH_ARCH_AARCH64, rv = a == TH_ARCH_RISCV64;
	const char *q = getenv(arm ? "SCN_QEMU_AARCH64" : rv ? "SCN_QEMU_RISCV64" :
			       "SCN_QEMU");
	int rc;

	memset(m, 0, sizeof(*m));
	m->arch = a;
	/* riscv's virt has an 8250-like UART: ttyS0, built in. */
	m->console = arm ? "ttyAMA0" : "ttyS0";
	snprintf(m->qemu, sizeof(m->qemu), "%s", q && *q ? q :
		 arm ? "qemu-system-aarch64" : rv ? "qemu-system-riscv64" :
		 "qemu-system-x86_64");
	rc = plan_size(o, m, err);
	if (!rc)
		rc = qemu_version(m, err);
	if (!rc)
		rc = plan_accel(o, m, err);
	/* qboot is an x86 BIOS; arm64's virt boots the Image without
	 * firmware, riscv's with QEMU's default OpenSBI (no -bios). */
	if (!rc && a == TH_ARCH_X86_64 && access(QBOOT, R_OK) == 0)
		snprintf(m->bios, sizeof(m->bios), "%s", QBOOT);
	return rc;
}

struct argv {
	char **v;
	size_t n, cap;
};

static void arg(struct argv *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void arg(struct argv *a, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	VEC_PUSH(a->v, a->n, a->cap, xvasprintf(fmt, ap));
	va_end(ap);
}

/* QEMU's option syntax takes ",," for a comma in a value. */
static char *commas_doubled(const char *s)
{
	struct strbuf sb;

	sb_init(&sb);
	for (; *s; s++) {
		if (*s == ',')
			sb_putc(&sb, ',');
		sb_putc(&sb, *s);
	}
	return sb_steal(&sb);
}

/* Memory and CPUs split evenly over the nodes; nodes past the CPUs get
 * memory only. */
static void numa_args(struct argv *a, const struct th_machine *m)
{
	int64_t per = m->mem / m->nodes;

	for (unsigned i = 0; i < m->nodes; i++) {
		unsigned lo, hi;

		arg(a, "-object");
		arg(a, "memory-backend-ram,id=scnmem%u,size=%" PRId64 "M,merge=off",
		    i, per / MIB);
		arg(a, "-numa");
		lo = i * m->cpus / m->nodes;
		hi = (i + 1) * m->cpus / m->nodes;
		if (m->cpus < m->nodes) {
			lo = i;
			hi = i < m->cpus ? i + 1 : i;
		}
		if (hi > lo)
			arg(a, "node,nodeid=%u,memdev=scnmem%u,cpus=%u-%u", i, i, lo,
			    hi - 1);
		else
			arg(a, "node,nodeid=%u,memdev=scnmem%u", i, i);
	}
}

char **th_machine_argv(const struct th_machine *m, const char *image,
		       const char *initrd, const char *cmdline,
		       const char *share, const char *tty, const char *rw)
{
	struct argv a = { 0 };
	char *escaped;

	arg(&a, "%s", m->qemu);
	arg(&a, "-nodefaults");
	arg(&a, "-no-user-config");
	arg(&a, "-display");
	arg(&a, "none");
	arg(&a, "-no-reboot");
	arg(&a, "-accel");
	/*
	 * One TCG thread for all CPUs: on these 2-core machines it boots in
	 * 5 s against 8-11 s, runs tests/kvm in 31 s against 50 s, and does
	 * not oops the kernel inside when KVM patches a static key (the
	 * preempt notifiers' at each VM's birth and death): with a thread
	 * per CPU, QEMU 7.2 let another CPU run the int3 of text_poke_bp
	 * after the patch was done (an oops in __schedule, 1 boot in 3).
	 */
	arg(&a, m->kvm ? "kvm" : m->arch != TH_ARCH_X86_64 ? TCG_AARCH64 :
	    "tcg,thread=single");
	arg(&a, "-machine");
	/* virt's IOMMU for --pfnmap is its SMMUv3 (Debian builds the driver in). */
	arg(&a, m->arch == TH_ARCH_AARCH64 ?
	    (m->npfnmap ? "virt,virtualization=on,gic-version=3,mem-merge=off,iommu=smmuv3" :
	     "virt,virtualization=on,gic-version=3,mem-merge=off") :
	    m->arch == TH_ARCH_RISCV64 ? "virt,mem-merge=off" :
	    "q35,mem-merge=off");
	arg(&a, "-cpu");
	arg(&a, "%s", m->cpu);
	arg(&a, "-smp");
	arg(&a, "%u", m->cpus);
	arg(&a, "-m");
	arg(&a, "%" PRId64 "M", m->mem / MIB);
	if (m->nodes > 1)
		numa_args(&a, m);
	/*
	 * Each BAR a RAM backend behind ivshmem-plain (BAR2, 64-bit and
	 * aligned to its size), and an IOMMU for vfio-pci to bind it: Debian's
	 * kernels have no VFIO no-IOMMU mode. intel-iommu before the devices,
	 * with its interrupt remapping: without it vfio_iommu_type1 refuses
	 * VFIO_SET_IOMMU (EPERM: MSIs not isolated). The kernel's timer check
	 * through the remapped IO-APIC is off (launch.c): under TCG it failed.
	 */
	if (m->npfnmap && m->arch == TH_ARCH_X86_64) {
		arg(&a, "-device");
		arg(&a, "intel-iommu");
	}
	for (unsigned i = 0; i < m->npfnmap; i++) {
		arg(&a, "-object");
		arg(&a, "memory-backend-ram,id=scnpfn%u,size=%" PRId64 "M,merge=off",
		    i, m->pfnmap[i] / MIB);
		arg(&a, "-device");
		arg(&a, "ivshmem-plain,memdev=scnpfn%u", i);
	}
	if (m->bios[0]) {
		arg(&a, "-bios");
		arg(&a, "%s", m->bios);
	}
	arg(&a, "-kernel");
	arg(&a, "%s", image);
	arg(&a, "-initrd");
	arg(&a, "%s", initrd);
	arg(&a, "-append");
	arg(&a, "%s", cmdline);
	arg(&a, "-virtfs");
	arg(&a, "local,path=/,mount_tag=%s,security_model=none,readonly=on,"
	    "multidevs=remap", TH_TAG_ROOT);
	arg(&a, "-virtfs");
	arg(&a, "local,path=%s,mount_tag=%s,security_model=none",
	    escaped = commas_doubled(share), TH_TAG_SHARE);
	free(escaped);
	if (rw) {
		arg(&a, "-virtfs");
		arg(&a, "local,path=%s,mount_tag=%s,security_model=none",
		    escaped = commas_doubled(rw), TH_TAG_RW);
		free(escaped);
	}
	arg(&a, "-serial");
	arg(&a, "stdio");
	if (tty && m->arch != TH_ARCH_X86_64) {
		/* hvc0 inside: virt has one UART, the console's. */
		arg(&a, "-device");
		arg(&a, "virtio-serial-pci,id=scnser");
		arg(&a, "-chardev");
		arg(&a, "socket,id=scntty,path=%s,server=on,wait=off",
		    escaped = commas_doubled(tty));
		free(escaped);
		arg(&a, "-device");
		arg(&a, "virtconsole,chardev=scntty,bus=scnser.0");
	} else if (tty) {
		/* ttyS1 inside; no waiting for a client, which comes at once. */
		arg(&a, "-chardev");
		arg(&a, "socket,id=scntty,path=%s,server=on,wait=off",
		    escaped = commas_doubled(tty));
		free(escaped);
		arg(&a, "-serial");
		arg(&a, "chardev:scntty");
	}
	VEC_PUSH(a.v, a.n, a.cap, NULL);
	return a.v;
}
