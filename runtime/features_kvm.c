// SPDX-License-Identifier: GPL-2.0-only
//
// The KVM part of the machine probe: which virtualization the host has,
// whether /dev/kvm opens and why not, the capabilities of a VM, module
// parameters, and whether KVM's CPUID offers 1 GiB pages.

#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/klog.h>
#include <unistd.h>

#include "compat.h"
#include "features.h"
#include "kvm_stats.h"
#include "probe.h"

// The KVM_CAP_ suffix, for reasons that name the capability as kvm.h does.
static const char *const kvm_cap_ids[] = {
#define RT_KVM_CAP_ID(id, name) [RT_KVM_CAP_##id] = #id,
	RT_KVM_CAP_LIST(RT_KVM_CAP_ID)
#undef RT_KVM_CAP_ID
};

static const long kvm_cap_numbers[] = {
#define RT_KVM_CAP_NUMBER(id, name) [RT_KVM_CAP_##id] = KVM_CAP_##id,
	RT_KVM_CAP_LIST(RT_KVM_CAP_NUMBER)
#undef RT_KVM_CAP_NUMBER
};

static const char *const kvm_param_paths[] = {
#define RT_KVM_PARAM_PATH(id, mod, param) \
	[RT_KVM_PARAM_##id] = "/sys/module/" mod "/parameters/" param,
	RT_KVM_PARAM_LIST(RT_KVM_PARAM_PATH)
#undef RT_KVM_PARAM_PATH
};

static const char *const kvm_param_modules[] = {
#define RT_KVM_PARAM_MODULE(id, mod, param) [RT_KVM_PARAM_##id] = mod,
	RT_KVM_PARAM_LIST(RT_KVM_PARAM_MODULE)
#undef RT_KVM_PARAM_MODULE
};

/*
 * Both vendor modules are in /sys/module when both are built in (a kernel
 * with KVM_INTEL=y and KVM_AMD=y), though only the CPU's own bound: then
 * the CPU's flag says which one runs.
 */
static bool both_vendors(void)
{
	return rt_probe_path_exists("/sys/module/kvm_intel") &&
	       rt_probe_path_exists("/sys/module/kvm_amd");
}

#if defined(__aarch64__)
/*
 * arm64's KVM has no vendor module: its mode is chosen at boot (VHE where
 * the kernel runs at EL2, nVHE, protected), named by kvm-arm.mode= where
 * given and by the line KVM logs when it starts; "el2" where KVM is there
 * and neither says (the log rolled over, or cannot be read).
 */
static const char *arm64_kvm_mode(void)
{
	static const struct {
		const char *line, *kind;
	} said[] = {
		{ "Protected nVHE mode initialized", "pkvm" },
		{ "Hyp nVHE mode initialized", "nvhe" },
		{ "Hyp hVHE mode initialized", "hvhe" },
		{ "Hyp mode initialized", "nvhe" },	/* 6.1 */
		{ ": VHE mode initialized", "vhe" },	/* "kvm [1]: VHE ..." */
	};
	const char *kind = "el2";
	char cmdline[4096], *mode;
	int n = klogctl(10, NULL, 0);	/* SYSLOG_ACTION_SIZE_BUFFER */
	char *log;

	if (!rt_probe_path_exists("/dev/kvm") && !rt_probe_path_exists("/sys/module/kvm"))
		return "none";
	if (!rt_probe_read_text("/proc/cmdline", cmdline, sizeof(cmdline)) &&
	    (mode = strstr(cmdline, "kvm-arm.mode="))) {
		mode += strlen("kvm-arm.mode=");
		if (!strncmp(mode, "nvhe", 4))
			return "nvhe";
		if (!strncmp(mode, "protected", 9))
			return "pkvm";
	}
	log = n > 0 ? malloc((size_t)n + 1) : NULL;
	n = log ? klogctl(3, log, n) : -1;	/* SYSLOG_ACTION_READ_ALL */
	if (n > 0) {
		log[n] = '\0';
		for (size_t i = 0; i < sizeof(said) / sizeof(said[0]); i++)
			if (strstr(log, said[i].line)) {
				kind = said[i].kind;
				break;
			}
	}
	free(log);
	return kind;
}
#endif

static void probe_virt(struct rt_features *f)
{
	const char *kind = "none";

#if defined(__aarch64__)
	snprintf(f->virt, sizeof(f->virt), "%s", arm64_kvm_mode());
	return;
#elif defined(__riscv)
	/* riscv's KVM has one mode: the H extension, found by kvm.ko at load. */
	snprintf(f->virt, sizeof(f->virt), "%s",
		 rt_probe_path_exists("/dev/kvm") ? "h" : "none");
	return;
#endif
	if (rt_probe_path_exists("/sys/module/kvm_pvm"))
		kind = "pvm";
	else if (both_vendors())
		kind = rt_probe_cpu_flag("vmx") ? "vmx" :
		       rt_probe_cpu_flag("svm") ? "svm" : "none";
	else if (rt_probe_path_exists("/sys/module/kvm_intel"))
		kind = "vmx";
	else if (rt_probe_path_exists("/sys/module/kvm_amd"))
		kind = "svm";
	snprintf(f->virt, sizeof(f->virt), "%s", kind);
}

static void kvm_open_reason(struct rt_features *f, int err)
{
	char *r = f->kvm_reason;
	size_t n = sizeof(f->kvm_reason);

	switch (err) {
	case ENOENT:
#if defined(__aarch64__)
		snprintf(r, n, "/dev/kvm does not exist: arm64's KVM needs the "
			 "kernel started at EL2 (under QEMU: -machine "
			 "virt,virtualization=on) and CONFIG_KVM");
		break;
#elif defined(__riscv)
		snprintf(r, n, "/dev/kvm does not exist: riscv64's KVM needs the "
			 "H extension (QEMU 7.2: -cpu rv64 has it) and the kvm "
			 "module loaded (CONFIG_KVM=m in Debian's kernels)");
		break;
#endif
		if (!rt_probe_path_exists("/sys/module/kvm"))
			snprintf(r, n, "/dev/kvm does not exist and the kvm "
				 "module is not loaded");
		else if (strcmp(f->virt, "none"))
			snprintf(r, n, "/dev/kvm does not exist, though "
				 "modules kvm and kvm_%s are loaded",
				 !strcmp(f->virt, "vmx") ? "intel" :
				 !strcmp(f->virt, "svm") ? "amd" : f->virt);
		else
			snprintf(r, n, "/dev/kvm does not exist, though "
				 "module kvm is loaded (no vendor module)");
		break;
	case EACCES:
	case EPERM:
		snprintf(r, n, "no permission to open /dev/kvm (%s, errno "
			 "%d): join group kvm or run as root", strerror(err),
			 err);
		break;
	case ENXIO:
	case ENODEV:
		snprintf(r, n, "/dev/kvm has no driver behind it (%s, errno "
			 "%d)", strerror(err), err);
		break;
	default:
		snprintf(r, n, "open /dev/kvm: %s (errno %d)", strerror(err),
			 err);
		break;
	}
}

static int64_t kvm_check(int fd, long cap)
{
	int r = ioctl(fd, KVM_CHECK_EXTENSION, cap);

	return r < 0 ? -1 : r;
}

#if defined(__x86_64__) || defined(__i386__)
/*
 * Whether KVM_SET_SREGS takes long mode with CR4.LA57 on a vCPU of the
 * probe's VM given the supported CPUID: 0, or the errno where it takes
 * the same state without LA57 and refuses it with (a PVM host whose own
 * kernel runs 4 levels offers LA57 in its CPUID and refuses it here); -1
 * where that cannot be told. vCPU 1: the statistics' probe made vCPU 0.
 */
static int la57_sregs_errno(int vm, struct kvm_cpuid2 *cpuid)
{
	enum { CR0_PE = 1, CR0_ET = 1 << 4, CR0_NE = 1 << 5, CR0_PG = 1u << 31,
	       CR4_PAE = 1 << 5, CR4_LA57 = 1 << 12,
	       EFER_LME = 1 << 8, EFER_LMA = 1 << 10 };
	struct kvm_sregs sregs;
	int vcpu, ret = -1;

	vcpu = ioctl(vm, KVM_CREATE_VCPU, 1);
	if (vcpu < 0)
		return -1;
	if (ioctl(vcpu, KVM_SET_CPUID2, cpuid) || ioctl(vcpu, KVM_GET_SREGS, &sregs))
		goto out;
	sregs.cr0 = CR0_PE | CR0_ET | CR0_NE | CR0_PG;
	sregs.cr4 = CR4_PAE;
	sregs.efer = EFER_LME | EFER_LMA;
	if (ioctl(vcpu, KVM_SET_SREGS, &sregs))
		goto out;
	sregs.cr4 |= CR4_LA57;
	ret = ioctl(vcpu, KVM_SET_SREGS, &sregs) ? errno : 0;
out:
	close(vcpu);
	return ret;
}

/*
 * What KVM's supported CPUID offers a guest's paging: PDPE1GB (0x80000001
 * EDX bit 26), LA57 (leaf 7 ECX bit 16) and the virtual address width
 * (0x80000008 EAX bits 15:8); and where LA57 is offered, whether KVM
 * takes it. A PVM host on a CPU of 57 virtual bits offers both and then
 * refuses CR4.LA57 (its own kernel runs 4 levels), so a guest that sizes
 * its tables by the width (the 7.x KVM selftests' library) cannot start
 * there (asked on the probe's VM, vm; not where there is none, vm < 0).
 * Left at -1 where KVM_GET_SUPPORTED_CPUID fails.
 */
static void kvm_cpuid_paging(int kvm_fd, int vm, struct rt_features *f)
{
	struct kvm_cpuid2 *c = NULL;
	int nent = 64;

	for (int tries = 0; tries < 4; tries++, nent *= 2) {
		free(c);
		c = calloc(1, sizeof(*c) + nent * sizeof(c->entries[0]));
		if (!c)
			return;
		c->nent = nent;
		if (ioctl(kvm_fd, KVM_GET_SUPPORTED_CPUID, c) == 0)
			break;
		if (errno != E2BIG || tries == 3)
			goto out;
	}
	f->kvm_cpuid_1g = f->kvm_cpuid_la57 = f->kvm_cpuid_va_bits = 0;
	for (unsigned int i = 0; i < c->nent; i++) {
		const struct kvm_cpuid_entry2 *e = &c->entries[i];

		if (e->function == 0x80000001)
			f->kvm_cpuid_1g = !!(e->edx & (1u << 26));
		else if (e->function == 7 && e->index == 0)
			f->kvm_cpuid_la57 = !!(e->ecx & (1u << 16));
		else if (e->function == 0x80000008)
			f->kvm_cpuid_va_bits = (e->eax >> 8) & 0xff;
	}
	if (f->kvm_cpuid_la57 == 1 && vm >= 0)
		f->kvm_la57_errno = la57_sregs_errno(vm, c);
out:
	free(c);
}
#else
static void kvm_cpuid_paging(int kvm_fd, int vm, struct rt_features *f)
{
	(void)kvm_fd;
	(void)vm;
	(void)f;
}
#endif

/* The parameters of the vendor module that is not the CPU's say nothing. */
static bool idle_vendor(const struct rt_features *f, const char *mod, bool both)
{
	return both && ((!strcmp(mod, "kvm_intel") && strcmp(f->virt, "vmx")) ||
			(!strcmp(mod, "kvm_amd") && strcmp(f->virt, "svm")));
}

static void probe_kvm_params(struct rt_features *f)
{
	bool both = both_vendors();

	for (int i = 0; i < RT_KVM_PARAM__COUNT; i++)
		if (idle_vendor(f, kvm_param_modules[i], both) ||
		    rt_probe_read_text(kvm_param_paths[i], f->kvm_param[i],
				       sizeof(f->kvm_param[i])))
			f->kvm_param[i][0] = '\0';
}

/* Appends the statistic names of a VM or vCPU fd; how many, or -1. */
static int stat_names(struct rt_features *f, int obj)
{
	struct rt_stats_layout l;
	struct rt_err err;
	size_t len = strlen(f->kvm_stats);
	int fd = rt_stats_open(obj, &err), n = 0;

	if (fd < 0)
		return -1;
	if (rt_stats_layout_read(fd, &l, &err)) {
		close(fd);
		return -1;
	}
	for (size_t i = 0; i < l.n; i++) {
		size_t k = strlen(l.d[i].name);

		if (len + k + 2 > sizeof(f->kvm_stats))
			break;
		memcpy(f->kvm_stats + len, l.d[i].name, k);
		f->kvm_stats[len + k] = ' ';
		len += k + 1;
		n++;
	}
	f->kvm_stats[len] = 0;
	rt_stats_layout_free(&l);
	close(fd);
	return n;
}

/*
 * The names of KVM's statistics, of the test VM and of a vCPU of it: a
 * scenario's prints ask has(kvm.stat.NAME) of one arch's (x86's pf_taken,
 * pf_fixed, tlb_flush). A vCPU's statistics are there once it is made:
 * KVM_GET_STATS_FD needs no KVM_ARM_VCPU_INIT.
 */
static void kvm_stat_names(struct rt_features *f, int vm)
{
	int vcpu;

	f->kvm_vm_stats = stat_names(f, vm);
	vcpu = ioctl(vm, KVM_CREATE_VCPU, 0);
	if (vcpu >= 0) {
		f->kvm_vcpu_stats = stat_names(f, vcpu);
		close(vcpu);
	}
}

static void probe_kvm(struct rt_features *f)
{
	int fd, vm = -1;

	f->kvm_api_version = -1;
	f->kvm_max_vcpus = -1;
	f->kvm_nr_memslots = -1;
	f->kvm_cpuid_1g = f->kvm_cpuid_la57 = f->kvm_cpuid_va_bits = -1;
	f->kvm_la57_errno = -1;
	for (int i = 0; i < RT_KVM_CAP__COUNT; i++)
		f->kvm_cap[i] = -1;
	probe_kvm_params(f);

	fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		f->kvm_errno = errno;
		kvm_open_reason(f, f->kvm_errno);
		return;
	}
	f->kvm_api_version = ioctl(fd, KVM_GET_API_VERSION, 0);
	if (f->kvm_api_version < 0) {
		f->kvm_errno = errno;
		snprintf(f->kvm_reason, sizeof(f->kvm_reason),
			 "KVM_GET_API_VERSION: %s (errno %d)",
			 strerror(f->kvm_errno), f->kvm_errno);
		goto out;
	}
	if (f->kvm_api_version != KVM_API_VERSION) {
		snprintf(f->kvm_reason, sizeof(f->kvm_reason),
			 "KVM_GET_API_VERSION is %d, not %d",
			 f->kvm_api_version, KVM_API_VERSION);
		goto out;
	}
	f->kvm_usable = true;

	for (int i = 0; i < RT_KVM_CAP__COUNT; i++)
		f->kvm_cap[i] = kvm_check(fd, kvm_cap_numbers[i]);

	// guest_memfd, memslot and dirty-ring answers depend on the VM type,
	// so ask a default VM too where the kernel answers per VM.
	if (f->kvm_cap[RT_KVM_CAP_CHECK_EXTENSION_VM] > 0) {
		for (int tries = 0; tries < 3; tries++) {
			vm = ioctl(fd, KVM_CREATE_VM, 0);
			if (vm >= 0 || errno != EINTR)
				break;
		}
		if (vm < 0) {
			f->kvm_vm_errno = errno;
		} else {
			for (int i = 0; i < RT_KVM_CAP__COUNT; i++) {
				int64_t v = kvm_check(vm, kvm_cap_numbers[i]);

				if (v >= 0)
					f->kvm_cap[i] = v;
			}
			if (f->kvm_cap[RT_KVM_CAP_BINARY_STATS_FD] > 0)
				kvm_stat_names(f, vm);
		}
	}

	f->kvm_max_vcpus = f->kvm_cap[RT_KVM_CAP_MAX_VCPUS];
	// KVM's documented rule: no MAX_VCPUS answer means NR_VCPUS is the max.
	if (f->kvm_max_vcpus <= 0)
		f->kvm_max_vcpus = f->kvm_cap[RT_KVM_CAP_NR_VCPUS];
	f->kvm_nr_memslots = f->kvm_cap[RT_KVM_CAP_NR_MEMSLOTS];
	if (f->kvm_cap[RT_KVM_CAP_GUEST_MEMFD_FLAGS] > 0)
		f->kvm_guest_memfd_flags =
			(uint64_t)f->kvm_cap[RT_KVM_CAP_GUEST_MEMFD_FLAGS];
	kvm_cpuid_paging(fd, vm, f);
	if (vm >= 0)
		close(vm);
out:
	close(fd);
}

static void kvm_cap_feature(struct rt_features *f, enum rt_feature id,
			    enum rt_kvm_cap cap)
{
	if (!f->kvm_usable)
		rt_probe_set_absent(f, id, "needs kvm");
	else if (f->kvm_cap[cap] > 0)
		rt_probe_set_present(f, id);
	else
		rt_probe_set_absent(f, id, "KVM_CHECK_EXTENSION(KVM_CAP_%s) is %" PRId64,
			   kvm_cap_ids[cap], f->kvm_cap[cap]);
}

// A guest_memfd creation flag as a feature, as kvm_cap_feature does for a
// capability: KVM_CAP_GUEST_MEMFD_FLAGS is one mask of them.
static void gmem_flag_feature(struct rt_features *f, enum rt_feature id,
			      uint64_t flag, const char *flag_name)
{
	if (!f->kvm_usable)
		rt_probe_set_absent(f, id, "needs kvm");
	else if (f->kvm_guest_memfd_flags & flag)
		rt_probe_set_present(f, id);
	else
		rt_probe_set_absent(f, id, "KVM_CAP_GUEST_MEMFD_FLAGS is %#" PRIx64
			   ", without %s", f->kvm_guest_memfd_flags, flag_name);
}

static void kvm_features(struct rt_features *f)
{
	if (f->kvm_usable)
		rt_probe_set_present(f, RT_FEAT_KVM);
	else
		rt_probe_set_absent(f, RT_FEAT_KVM, "%s", f->kvm_reason);

	kvm_cap_feature(f, RT_FEAT_KVM_GUEST_MEMFD, RT_KVM_CAP_GUEST_MEMFD);
#ifdef __x86_64__
	/*
	 * A default x86 VM has no private memory, so no guest_memfd: that
	 * takes a KVM_X86_SW_PROTECTED_VM (type 1), which KVM offers only
	 * built with CONFIG_KVM_SW_PROTECTED_VM and running its TDP MMU (EPT
	 * or NPT; not the shadow paging of npt=0).
	 */
	if (f->kvm_usable && !f->have[RT_FEAT_KVM_GUEST_MEMFD] &&
	    !(f->kvm_cap[RT_KVM_CAP_VM_TYPES] > 0 &&
	      (f->kvm_cap[RT_KVM_CAP_VM_TYPES] & 2)))
		rt_probe_set_absent(f, RT_FEAT_KVM_GUEST_MEMFD,
			   "no private memory: KVM_CAP_VM_TYPES %" PRId64
			   " lacks SW_PROTECTED_VM (CONFIG_KVM_SW_PROTECTED_VM, TDP MMU)",
			   f->kvm_cap[RT_KVM_CAP_VM_TYPES]);
#endif
	kvm_cap_feature(f, RT_FEAT_KVM_MEMSLOT2, RT_KVM_CAP_USER_MEMORY2);
	kvm_cap_feature(f, RT_FEAT_KVM_MANUAL_PROTECT,
			RT_KVM_CAP_MANUAL_DIRTY_LOG_PROTECT2);
	kvm_cap_feature(f, RT_FEAT_KVM_MEMORY_FAULT_INFO,
			RT_KVM_CAP_MEMORY_FAULT_INFO);
	kvm_cap_feature(f, RT_FEAT_KVM_STATS_FD, RT_KVM_CAP_BINARY_STATS_FD);
	kvm_cap_feature(f, RT_FEAT_KVM_PRE_FAULT, RT_KVM_CAP_PRE_FAULT_MEMORY);

	// x86 offers the plain ring, arm64 only the acquire/release one.
	kvm_cap_feature(f, RT_FEAT_KVM_DIRTY_RING, RT_KVM_CAP_DIRTY_LOG_RING);
	if (!f->have[RT_FEAT_KVM_DIRTY_RING])
		kvm_cap_feature(f, RT_FEAT_KVM_DIRTY_RING,
				RT_KVM_CAP_DIRTY_LOG_RING_ACQ_REL);

	gmem_flag_feature(f, RT_FEAT_KVM_GUEST_MEMFD_MMAP,
			  GUEST_MEMFD_FLAG_MMAP, "GUEST_MEMFD_FLAG_MMAP");
	gmem_flag_feature(f, RT_FEAT_KVM_GUEST_MEMFD_INIT_SHARED,
			  GUEST_MEMFD_FLAG_INIT_SHARED, "GUEST_MEMFD_FLAG_INIT_SHARED");
}


void rt_probe_kvm(struct rt_features *f)
{
	probe_virt(f);
	probe_kvm(f);
	kvm_features(f);
}
