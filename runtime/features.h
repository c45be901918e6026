// SPDX-License-Identifier: GPL-2.0-only
//
// features: what this machine and kernel offer.
//
// Two layers. rt_facts_read() gathers the cheap machine facts that scenario
// expressions may use (cpus, memory, page sizes, nodes); it never touches
// KVM or userfaultfd. rt_features_probe() asks the kernel, once, about every
// feature a `require` statement can name and records the details `scn
// features` prints. A probe never fails: a feature that cannot be had is
// marked absent with a one-line reason, and the probe leaves no fd, mapping
// or VM behind.

#ifndef SCN_RUNTIME_FEATURES_H
#define SCN_RUNTIME_FEATURES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// ---- machine facts --------------------------------------------------------

struct rt_facts {
	long ncpus;		// online CPUs
	int64_t mem_total;	// bytes, MemTotal
	int64_t mem_free;	// bytes, MemAvailable
	int64_t page_size;	// bytes
	int64_t thp_size;	// bytes, PMD-sized THP (the PMD's if unknown)
	long nr_nodes;		// online NUMA nodes (1 if unknown)
	char arch[16];		// RT_ARCH: the machine scn runs (and builds VMs) on
	// rt_features.virt (rt_features_probe fills it; rt_facts_read cannot)
	char virt[8];
};

// The architecture scn was built for, by uname -m's name: its guest
// program and vCPUs are of it, so that is the machine a scenario meets.
#if defined(__aarch64__)
#define RT_ARCH "aarch64"
#elif defined(__riscv) && __riscv_xlen == 64
#define RT_ARCH "riscv64"
#else
#define RT_ARCH "x86_64"
#endif

// Fill *f from sysconf, /proc/meminfo and sysfs, with a fallback for each
// value that cannot be read. Returns 0, -EINVAL for a NULL f, or the -errno
// of /proc/meminfo when it cannot be read (memory then reads as 0, and
// every other field is still filled).
int rt_facts_read(struct rt_facts *f);

// The page sizes that follow from f's base page size and arch, for a
// checker that never looks at the machine. The PMD's: a table page of
// 8-byte entries maps page_size / 8 pages (2M with 4K pages, 32M with
// 16K, 512M with 64K); a machine's thp_size is it.
int64_t rt_facts_pmd_size(const struct rt_facts *f);

// The hugetlb page sizes a kernel of f's arch and base page size can
// have, ascending, into out (at most RT_FACTS_HUGETLB_MAX); returns how
// many. x86_64: the PMD and the PUD (2M, 1G). aarch64 (its
// arch_hugetlb_valid_size()): contiguous PTEs, the PMD, contiguous PMDs,
// and with 4K pages the PUD: 64K 2M 32M 1G with 4K pages, 2M 32M 1G with
// 16K, 2M 512M 16G with 64K. Which pools a kernel has is the probe's
// (rt_features_hugetlb).
#define RT_FACTS_HUGETLB_MAX 4
int rt_facts_hugetlb_sizes(const struct rt_facts *f, int64_t *out);

// ---- the feature list -----------------------------------------------------

// X(id, name, description): id makes RT_FEAT_<id>; name is what `require`
// statements say; the description says what makes the feature present.
#define RT_FEATURE_LIST(X)						\
	X(KVM, "kvm",							\
	  "/dev/kvm opens and KVM_GET_API_VERSION is 12")		\
	X(KVM_GUEST_MEMFD, "kvm.guest_memfd",				\
	  "KVM_CAP_GUEST_MEMFD: KVM_CREATE_GUEST_MEMFD works")		\
	X(KVM_GUEST_MEMFD_MMAP, "kvm.guest_memfd_mmap",			\
	  "KVM_CAP_GUEST_MEMFD_FLAGS offers GUEST_MEMFD_FLAG_MMAP")	\
	X(KVM_GUEST_MEMFD_INIT_SHARED, "kvm.guest_memfd_init_shared",	\
	  "KVM_CAP_GUEST_MEMFD_FLAGS offers GUEST_MEMFD_FLAG_INIT_SHARED") \
	X(KVM_GUEST_MEMFD_POLICY, "kvm.guest_memfd_policy",		\
	  "an mbind of a guest_memfd mapping is the file's: a second "	\
	  "mapping sees it")						\
	X(KVM_MEMSLOT2, "kvm.memslot2",					\
	  "KVM_CAP_USER_MEMORY2: KVM_SET_USER_MEMORY_REGION2")		\
	X(KVM_DIRTY_RING, "kvm.dirty_ring",				\
	  "KVM_CAP_DIRTY_LOG_RING or KVM_CAP_DIRTY_LOG_RING_ACQ_REL")	\
	X(KVM_MANUAL_PROTECT, "kvm.manual_protect",			\
	  "KVM_CAP_MANUAL_DIRTY_LOG_PROTECT2: dirty log with manual "	\
	  "clear")							\
	X(KVM_MEMORY_FAULT_INFO, "kvm.memory_fault_info",		\
	  "KVM_CAP_MEMORY_FAULT_INFO: KVM_EXIT_MEMORY_FAULT exits")	\
	X(KVM_STATS_FD, "kvm.stats_fd",					\
	  "KVM_CAP_BINARY_STATS_FD: binary VM and vCPU statistics")	\
	X(KVM_PRE_FAULT, "kvm.pre_fault",				\
	  "KVM_CAP_PRE_FAULT_MEMORY: KVM_PRE_FAULT_MEMORY")		\
	X(UFFD, "uffd",							\
	  "userfaultfd syscall or /dev/userfaultfd, and UFFDIO_API")	\
	X(UFFD_DEV, "uffd.dev",						\
	  "/dev/userfaultfd opens and USERFAULTFD_IOC_NEW works")	\
	X(UFFD_MISSING_SHMEM, "uffd.missing_shmem",			\
	  "UFFD_FEATURE_MISSING_SHMEM: missing faults on shmem")	\
	X(UFFD_GUEST_MEMFD, "uffd.guest_memfd",				\
	  "UFFDIO_REGISTER (missing) on an mmap'd guest_memfd works")	\
	X(UFFD_MISSING_HUGETLB, "uffd.missing_hugetlb",			\
	  "UFFD_FEATURE_MISSING_HUGETLBFS: missing faults on hugetlb")	\
	X(UFFD_MINOR, "uffd.minor",					\
	  "UFFD_FEATURE_MINOR_SHMEM: minor faults on shmem")		\
	X(UFFD_MINOR_HUGETLB, "uffd.minor_hugetlb",			\
	  "UFFD_FEATURE_MINOR_HUGETLBFS: minor faults on hugetlb")	\
	X(UFFD_WP, "uffd.wp",						\
	  "UFFD_FEATURE_PAGEFAULT_FLAG_WP: write-protect faults")	\
	X(UFFD_WP_SHMEM, "uffd.wp_shmem",				\
	  "UFFD_FEATURE_WP_HUGETLBFS_SHMEM: write protect on shmem "	\
	  "and hugetlb")						\
	X(UFFD_WP_UNPOPULATED, "uffd.wp_unpopulated",			\
	  "UFFD_FEATURE_WP_UNPOPULATED: write protect of unpopulated "	\
	  "anon memory")						\
	X(UFFD_WP_ASYNC, "uffd.wp_async",				\
	  "UFFD_FEATURE_WP_ASYNC: write faults resolved by the kernel")	\
	X(UFFD_MOVE, "uffd.move",					\
	  "UFFD_FEATURE_MOVE: UFFDIO_MOVE")				\
	X(UFFD_POISON, "uffd.poison",					\
	  "UFFD_FEATURE_POISON: UFFDIO_POISON")				\
	X(UFFD_RWP, "uffd.rwp",						\
	  "UFFD_FEATURE_RWP: read-write protection, UFFDIO_RWPROTECT")	\
	X(UFFD_RWP_ASYNC, "uffd.rwp_async",				\
	  "UFFD_FEATURE_RWP_ASYNC: read-write faults resolved by the "	\
	  "kernel, UFFDIO_SET_MODE")					\
	X(KSM, "ksm",							\
	  "/sys/kernel/mm/ksm exists")					\
	X(KSM_PRCTL, "ksm.prctl",					\
	  "prctl(PR_GET_MEMORY_MERGE) works: per-process KSM")		\
	X(KSM_SMART_SCAN, "ksm.smart_scan",				\
	  "/sys/kernel/mm/ksm/smart_scan exists")			\
	X(KSM_ADVISOR, "ksm.advisor",					\
	  "/sys/kernel/mm/ksm/advisor_mode exists")			\
	X(KSM_STAT, "ksm.stat",						\
	  "/proc/self/ksm_stat has ksm_merging_pages: own KSM counters") \
	X(THP, "thp",							\
	  "transparent_hugepage/enabled exists and is not [never]")	\
	X(THP_SHMEM, "thp.shmem",					\
	  "transparent_hugepage/shmem_enabled exists and is not [never] " \
	  "or [deny]")							\
	X(MADV_COLLAPSE, "madv.collapse",				\
	  "madvise knows MADV_COLLAPSE")				\
	X(MADV_POPULATE, "madv.populate",				\
	  "madvise knows MADV_POPULATE_READ and MADV_POPULATE_WRITE")	\
	X(HUGETLB, "hugetlb",						\
	  "at least one hugetlb page size in /sys/kernel/mm/hugepages")	\
	X(NUMA, "numa",							\
	  "libnuma numa_available() >= 0 or /sys/devices/system/node "	\
	  "exists")							\
	X(NUMA_BALANCING, "numa_balancing",				\
	  "/proc/sys/kernel/numa_balancing exists")			\
	X(CGROUP2, "cgroup2",						\
	  "/sys/fs/cgroup/cgroup.controllers exists (unified "		\
	  "hierarchy)")							\
	X(CGROUP_MEMORY, "cgroup.memory",				\
	  "a cgroup2 root gives its children the memory controller: "	\
	  "a scenario's cgroup can have memory.max, memory.stat, ...")	\
	X(CGROUP_MEMORY_SWAP, "cgroup.memory_swap",			\
	  "memory cgroups have memory.swap.max (swap accounting)")	\
	X(ROOT, "root",							\
	  "effective uid 0")						\
	X(PFNMAP, "pfnmap",						\
	  "a PCI device bound to vfio-pci with a memory BAR and its "	\
	  "/dev/vfio group (a test host's --pfnmap SIZE makes one)")	\
	X(CPU_PDPE1GB, "cpu.pdpe1gb",					\
	  "1 GiB pages (PDPE1GB) in KVM's supported CPUID, or without "	\
	  "KVM in the host CPU flags")

enum rt_feature {
#define RT_FEATURE_ENUM(id, name, desc) RT_FEAT_##id,
	RT_FEATURE_LIST(RT_FEATURE_ENUM)
#undef RT_FEATURE_ENUM
	RT_FEAT__COUNT
};

// KVM_CHECK_EXTENSION answers kept in rt_features.kvm_cap; X(id, name)
// queries KVM_CAP_<id>.
#define RT_KVM_CAP_LIST(X)						\
	X(NR_VCPUS, "nr_vcpus")						\
	X(MAX_VCPUS, "max_vcpus")					\
	X(NR_MEMSLOTS, "nr_memslots")					\
	X(USER_MEMORY2, "user_memory2")					\
	X(READONLY_MEM, "readonly_mem")					\
	X(IOEVENTFD, "ioeventfd")					\
	X(IMMEDIATE_EXIT, "immediate_exit")				\
	X(CHECK_EXTENSION_VM, "check_extension_vm")			\
	X(MANUAL_DIRTY_LOG_PROTECT2, "manual_dirty_log_protect2")	\
	X(DIRTY_LOG_RING, "dirty_log_ring")				\
	X(DIRTY_LOG_RING_ACQ_REL, "dirty_log_ring_acq_rel")		\
	X(DIRTY_LOG_RING_WITH_BITMAP, "dirty_log_ring_with_bitmap")	\
	X(BINARY_STATS_FD, "binary_stats_fd")				\
	X(MEMORY_FAULT_INFO, "memory_fault_info")			\
	X(MEMORY_ATTRIBUTES, "memory_attributes")			\
	X(GUEST_MEMFD, "guest_memfd")					\
	X(GUEST_MEMFD_FLAGS, "guest_memfd_flags")			\
	X(VM_TYPES, "vm_types")						\
	X(PRE_FAULT_MEMORY, "pre_fault_memory")				\
	X(VM_DISABLE_NX_HUGE_PAGES, "vm_disable_nx_huge_pages")

enum rt_kvm_cap {
#define RT_KVM_CAP_ENUM(id, name) RT_KVM_CAP_##id,
	RT_KVM_CAP_LIST(RT_KVM_CAP_ENUM)
#undef RT_KVM_CAP_ENUM
	RT_KVM_CAP__COUNT
};

// KVM module parameters worth knowing when reading results: X(id, module,
// parameter) reads /sys/module/<module>/parameters/<parameter>.
#define RT_KVM_PARAM_LIST(X)						\
	X(TDP_MMU, "kvm", "tdp_mmu")					\
	X(NX_HUGE_PAGES, "kvm", "nx_huge_pages")			\
	X(EAGER_PAGE_SPLIT, "kvm", "eager_page_split")			\
	X(EPT, "kvm_intel", "ept")					\
	X(NPT, "kvm_amd", "npt")

enum rt_kvm_param {
#define RT_KVM_PARAM_ENUM(id, mod, param) RT_KVM_PARAM_##id,
	RT_KVM_PARAM_LIST(RT_KVM_PARAM_ENUM)
#undef RT_KVM_PARAM_ENUM
	RT_KVM_PARAM__COUNT
};

// How the probe got its userfaultfd.
enum rt_uffd_via {
	RT_UFFD_VIA_NONE,
	RT_UFFD_VIA_SYSCALL_USER,	// userfaultfd(UFFD_USER_MODE_ONLY)
	RT_UFFD_VIA_SYSCALL,		// userfaultfd() without that flag
	RT_UFFD_VIA_DEV,		// /dev/userfaultfd, USERFAULTFD_IOC_NEW
};

#define RT_HUGETLB_MAX 8
#define RT_MTHP_MAX 16
#define RT_STR_SMALL 24

// One hugetlb page size and its pool, from
// /sys/kernel/mm/hugepages/hugepages-<size>kB.
struct rt_hugetlb_pool {
	int64_t size;		// bytes
	long nr;		// nr_hugepages
	long free;		// free_hugepages
	long resv;		// resv_hugepages
	long surplus;		// surplus_hugepages
	long overcommit;	// nr_overcommit_hugepages
};

// One multi-size THP order, from
// /sys/kernel/mm/transparent_hugepage/hugepages-<size>kB. A mode is "" where
// the knob is absent (order 1 has no anonymous THP, for one).
struct rt_mthp {
	int64_t size;				// bytes
	char enabled[RT_STR_SMALL];		// anon: "never", "inherit"...
	char shmem_enabled[RT_STR_SMALL];	// shmem mode
};

// vfio-bound devices scn features lists at most.
#define RT_PFNMAP_MAX 8

// Room for KVM's statistic names (x86 6.12: ~1,400 bytes of them).
#define RT_KVM_STATS_TEXT 4096

struct rt_features {
	bool have[RT_FEAT__COUNT];
	char why[RT_FEAT__COUNT][128];	// why absent, "" when present

	struct rt_facts facts;
	char kernel_release[65];	// uname -r
	// The preemption model ("lazy", "full", "rt", "dynamic" where the
	// kernel chooses at boot and does not say which), and where it was
	// read ("debugfs sched/preempt", "the command line", "uname -v").
	char preempt[32];
	char preempt_from[32];
	// "pvm", "vmx", "svm"; on riscv64 "h"; on aarch64 KVM's mode: "vhe", "nvhe", "pkvm",
	// or "el2" where the kernel does not say; "none"
	char virt[8];
	// The hypervisor this machine runs under: "KVM", "Hyper-V", ...,
	// "none" on bare metal, "" where the CPU cannot say (not x86).
	char outer[16];
	bool root;			// effective uid 0

	// KVM. Numbers read -1 where KVM could not be asked.
	bool kvm_usable;
	int kvm_errno;			// errno behind !kvm_usable, or 0
	char kvm_reason[160];		// why !kvm_usable, "" when usable
	int kvm_api_version;
	int kvm_vm_errno;		// errno of the test KVM_CREATE_VM, or 0
	int64_t kvm_cap[RT_KVM_CAP__COUNT];
	long kvm_max_vcpus;		// KVM_CAP_MAX_VCPUS
	long kvm_nr_memslots;		// KVM_CAP_NR_MEMSLOTS
	uint64_t kvm_guest_memfd_flags;	// GUEST_MEMFD_FLAG_* accepted
	char kvm_param[RT_KVM_PARAM__COUNT][RT_STR_SMALL]; // "" = absent
	int kvm_cpuid_1g;		// PDPE1GB in KVM's CPUID: 1, 0, -1
	int kvm_cpuid_la57;		// LA57 in KVM's CPUID: 1, 0, -1
	int kvm_cpuid_va_bits;		// its virtual address width, -1
	int kvm_la57_errno;		// KVM_SET_SREGS with CR4.LA57: 0, errno, -1
	bool host_pdpe1gb;		// pdpe1gb in /proc/cpuinfo flags
	// The names of KVM's single-value statistics, the test VM's and
	// then its vCPU's, each followed by a space ("" without
	// KVM_CAP_BINARY_STATS_FD): has(kvm.stat.NAME) asks them, as a
	// scenario for every arch must (pf_taken is x86's alone).
	char kvm_stats[RT_KVM_STATS_TEXT];
	int kvm_vm_stats, kvm_vcpu_stats;	// how many of each

	// userfaultfd
	enum rt_uffd_via uffd_via;
	// errnos, 0 where the call worked or was not needed
	int uffd_user_errno;		// userfaultfd(UFFD_USER_MODE_ONLY)
	int uffd_syscall_errno;		// userfaultfd() without that flag
	int uffd_dev_errno;		// /dev/userfaultfd, USERFAULTFD_IOC_NEW
	int uffd_unprivileged;		// vm.unprivileged_userfaultfd or -1
	uint64_t uffd_features;		// UFFDIO_API answer to features = 0
	uint64_t uffd_ioctls;		// UFFDIO_API ioctl bits
	// ioctl bits for private anon memory registered for missing faults
	uint64_t uffd_range_ioctls;

	// KSM; numbers read -1 where absent
	long ksm_run;
	long ksm_pages_to_scan;
	long ksm_sleep_millisecs;
	long ksm_merge_across_nodes;
	long ksm_smart_scan;
	char ksm_advisor_mode[RT_STR_SMALL];
	int ksm_prctl;			// PR_GET_MEMORY_MERGE or -1

	// THP: the selected [mode] of each knob, "" when absent
	char thp_enabled[RT_STR_SMALL];
	char thp_defrag[RT_STR_SMALL];
	char thp_shmem_enabled[RT_STR_SMALL];
	int nr_mthp;
	struct rt_mthp mthp[RT_MTHP_MAX];	// ascending size

	// hugetlb
	int nr_hugetlb;
	struct rt_hugetlb_pool hugetlb[RT_HUGETLB_MAX];	// ascending size

	// NUMA
	char nodes_online[64];		// /sys/devices/system/node/online
	int numa_available;		// numa_available()
	long numa_balancing;		// kernel.numa_balancing, -1 absent

	char cgroup2_mount[128];	// a cgroup2 mount point or ""
	char cgroup_memory_root[128];	// the one memory groups go under, or ""

	// vfio-bound PCI devices: the largest memory BAR of each
	int npfnmap;
	struct rt_pfnmap_dev {
		char addr[16];		// "0000:00:03.0"
		int bar;		// its index
		int64_t size;		// bytes
		int group;		// /dev/vfio/N
		unsigned vendor, device;	// PCI ids: 0x1af4, 0x1110
	} pfnmap[RT_PFNMAP_MAX];
};

// The PCI devices bound to vfio-pci whose /dev/vfio group exists, each
// with its largest memory BAR, in address order, into out (at most max);
// returns how many. What features' pfnmap lists and a pfnmap backing maps.
int rt_pfnmap_devices(struct rt_pfnmap_dev *out, int max);

// Probe everything into *f (overwritten whole). Never fails hard: each probe
// failure leaves its feature absent with a reason. Returns 0, or -EINVAL for
// a NULL f. Opens /dev/kvm and creates (and closes) one empty VM with one
// vCPU when KVM is usable, and one userfaultfd; leaves nothing open.
int rt_features_probe(struct rt_features *f);

/*
 * What the preemption model is read from, each NULL where the kernel has
 * none: /sys/kernel/realtime, debugfs's sched/preempt, /proc/cmdline,
 * uname -v, and the path of the kernel's config file.
 */
struct rt_preempt_facts {
	const char *realtime, *debugfs, *cmdline, *version, *config;
};
/*
 * The preemption model in force, into model ("rt", "lazy", "full",
 * "voluntary", "none"; "dynamic" or "full or lazy" where nothing says
 * more), and where it was read, into from. PREEMPT_RT says rt (7.x's RT
 * builds are dynamic and debugfs says full there); else debugfs names
 * the model where the kernel chooses at boot (PREEMPT_DYNAMIC: "none
 * voluntary full (lazy)"); else a preempt= on such a kernel's command
 * line; else the config says what it was built with (7.x on arm64:
 * PREEMPT_LAZY, which uname -v calls PREEMPT); else the build string.
 */
void rt_preempt_model(const struct rt_preempt_facts *in, char *model,
		      size_t mlen, char *from, size_t flen);

// The requirement name of a feature ("kvm.guest_memfd"); NULL if id is not
// a feature.
const char *rt_feature_name(enum rt_feature id);

// What makes the feature present; NULL if id is not a feature.
const char *rt_feature_describe(enum rt_feature id);

// The feature a requirement names, as an enum rt_feature; -1 if unknown.
int rt_feature_lookup(const char *name);

// Whether KVM gives the statistic name, of a VM or of a vCPU (the names of
// P.kvm.NAME). False without a probe of KVM's statistics.
bool rt_features_kvm_stat(const struct rt_features *f, const char *name);

// The hugetlb pool of exactly this page size, or NULL when the kernel has no
// such size.
const struct rt_hugetlb_pool *rt_features_hugetlb(const struct rt_features *f,
						  int64_t size);

// Names for printing: a KVM capability ("max_vcpus"), a KVM module parameter
// ("kvm.tdp_mmu"), a UFFD_FEATURE_* bit number ("minor_shmem") and a
// userfaultfd ioctl bit number, _UFFDIO_* ("copy"). NULL when unknown.
const char *rt_kvm_cap_name(enum rt_kvm_cap cap);
const char *rt_kvm_param_name(enum rt_kvm_param param);
const char *rt_uffd_feature_name(unsigned int bit);
const char *rt_uffd_ioctl_name(unsigned int bit);
// A GUEST_MEMFD_FLAG_* bit number ("mmap", "init_shared"); NULL if unknown.
const char *rt_guest_memfd_flag_name(unsigned int bit);

// How the userfaultfd was opened, in words ("syscall, user mode only").
const char *rt_uffd_via_name(enum rt_uffd_via via);

#endif // SCN_RUNTIME_FEATURES_H
