// SPDX-License-Identifier: GPL-2.0-only
//
// `scn features`: the machine probe, as aligned text or as one JSON object.

#include "cmd_features.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/json_out.h"
#include "../runtime/features.h"
#include "../runtime/kernlog.h"
#include "../runtime/kvm_stats.h"
#include "cmd_testhost.h"
#include "options.h"

#define EXIT_USAGE 64
#define EXIT_OSERR 71

#define LABEL_WIDTH 20
#define LINE_WIDTH 79

static void usage(FILE *out)
{
	fprintf(out, "usage: scn features [--json] [--kernel SPEC [host options] [-q]]\n"
		     "  ('scn help features' tells more)\n");
}

// scn features --kernel: this binary's `features` inside the test host.
static int features_in_testhost(struct th_opts *o, bool json)
{
	const char *argv[] = { "/proc/self/exe", "features", json ? "--json" : NULL,
			       NULL };
	char self[4096];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	struct th_outcome out;
	int rc;

	if (n > 0) {
		self[n] = '\0';
		argv[0] = self;
	}
	rc = th_cli_launch("features", o, argv, &out);
	if (rc)
		return rc;
	rc = th_cli_report("features", o, &out);
	th_outcome_free(&out);
	return rc;
}

// "4 KiB", "2 MiB", "23.4 GiB": exact where the unit divides the size; sep
// goes between number and unit.
static void fmt_size(char *buf, size_t n, int64_t bytes, const char *sep)
{
	static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	int u = 0;
	int64_t scale = 1;

	while (u < 4 && bytes >= scale * 1024) {
		scale *= 1024;
		u++;
	}
	if (bytes % scale == 0)
		snprintf(buf, n, "%" PRId64 "%s%s", bytes / scale, sep,
			 units[u]);
	else
		snprintf(buf, n, "%.1f%s%s", (double)bytes / (double)scale, sep,
			 units[u]);
}

// ---- text -----------------------------------------------------------------

// Every group but the first (kernel) is set off by a blank line.
static void group(const char *name)
{
	printf("\n%s\n", name);
}

static void row(const char *label, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void row(const char *label, const char *fmt, ...)
{
	va_list ap;

	printf("  %-*s ", LABEL_WIDTH - 2, label);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

// A row whose value is a list of words, wrapped under the value column.
struct wrap {
	int col;
	int words;
};

static void wrap_begin(struct wrap *w, const char *label)
{
	printf("  %-*s", LABEL_WIDTH - 2, label);
	w->col = LABEL_WIDTH;
	w->words = 0;
}

static void wrap_word(struct wrap *w, const char *word)
{
	int len = (int)strlen(word);

	if (w->words && w->col + 1 + len > LINE_WIDTH) {
		printf("\n%*s", LABEL_WIDTH + 1, "");
		w->col = LABEL_WIDTH + 1;
	} else {
		putchar(' ');
		w->col++;
	}
	fputs(word, stdout);
	w->col += len;
	w->words++;
}

static void wrap_end(struct wrap *w, const char *if_empty)
{
	if (!w->words)
		printf(" %s", if_empty);
	putchar('\n');
}

static void wrap_bits(const char *label, uint64_t mask,
		      const char *(*name)(unsigned int bit))
{
	struct wrap w;
	char other[32];

	wrap_begin(&w, label);
	for (unsigned int bit = 0; bit < 64; bit++) {
		const char *s;

		if (!(mask & ((uint64_t)1 << bit)))
			continue;
		s = name(bit);
		if (!s) {
			snprintf(other, sizeof(other), "bit%u", bit);
			s = other;
		}
		wrap_word(&w, s);
	}
	wrap_end(&w, "none");
}

static const char *yes_no(bool b)
{
	return b ? "yes" : "no";
}

static void print_long_or_dash(const char *label, long v)
{
	if (v < 0)
		row(label, "-");
	else
		row(label, "%ld", v);
}

static void print_errno_state(const char *label, int err)
{
	if (err)
		row(label, "%s (errno %d)", strerror(err), err);
	else
		row(label, "ok");
}

/*
 * Where scn's guest program can run: x86 chooses ring 0 or 3 per job
 * (ring=, PVM hosts run ring 3 natively); arm64 runs its jobs at EL1.
 */
#if defined(__aarch64__)
#define GUEST_RINGS "EL1 only (ring=0; ring=3 is x86's), no PVM"
#elif defined(__riscv)
#define GUEST_RINGS "S-mode only (ring=0; ring=3 is x86's), no PVM"
#else
#define GUEST_RINGS "0 and 3 (ring=)"
#endif

/*
 * What a guest write to memory the host made read-only gives (docs/
 * runtime.md, "Faults"): a scenario's on_fault= and expect fault count
 * each of them as a fault; which one this host gives is said here.
 */
static void guest_faults(const struct rt_features *f)
{
	const char *info = f->kvm_cap[RT_KVM_CAP_MEMORY_FAULT_INFO] > 0 ?
		" with KVM_EXIT_MEMORY_FAULT" : "";

	if (!f->kvm_usable)
		row("guest faults", "- (kvm not usable)");
	else if (strcmp(f->facts.arch, "x86_64"))
		row("guest faults", "KVM_RUN -EFAULT%s, pc on the access", info);
	else if (!strcmp(f->virt, "pvm"))
		row("guest faults", "KVM_RUN -EFAULT%s at ring 3; an MMIO exit, the "
		    "write dropped, at ring 0 (PVM)", info);
	else
		row("guest faults", "KVM_RUN -EFAULT%s, rip on the access", info);
}

/* A kernel that warned before: what it measures may be its trouble. */
static void text_taint(void)
{
	char taint[256];
	unsigned long bits = rt_taint_read();

	rt_taint_describe(bits, taint, sizeof(taint));
	row("tainted", "%s", bits ? taint : "no");
}

static void text_kernel(const struct rt_features *f)
{
	char a[32], b[32];
	struct wrap w;

	printf("kernel\n");
	row("release", "%s", f->kernel_release[0] ? f->kernel_release : "?");
	row("preempt", "%s (%s)", f->preempt, f->preempt_from);
	text_taint();
	row("arch", "%s", f->facts.arch);
	row("cpus", "%ld", f->facts.ncpus);
	fmt_size(a, sizeof(a), f->facts.mem_total, " ");
	fmt_size(b, sizeof(b), f->facts.mem_free, " ");
	row("memory", "%s total, %s available", a, b);
	fmt_size(a, sizeof(a), f->facts.page_size, " ");
	fmt_size(b, sizeof(b), f->facts.thp_size, " ");
	row("page size", "%s (PMD THP %s)", a, b);
	row("virtualization", "%s", f->virt);
	if (!strcmp(f->outer, "none"))
		row("runs under", "no hypervisor (bare metal)");
	else if (f->outer[0])
		row("runs under", "%s: this machine is a guest itself "
		    "(figures are of nested virtualization)", f->outer);
	row("guest rings", "%s", GUEST_RINGS);
	guest_faults(f);
	if (f->kvm_usable)
		row("kvm", "usable");
	else
		row("kvm", "not usable: %s", f->kvm_reason);
	print_long_or_dash("api version", f->kvm_api_version);
	print_long_or_dash("max vcpus", f->kvm_max_vcpus);
	print_long_or_dash("memslots", f->kvm_nr_memslots);
	if (f->kvm_stats[0])
		row("statistics", "%d of a VM, %d of a vCPU (has(kvm.stat.NAME))",
		    f->kvm_vm_stats, f->kvm_vcpu_stats);
	else
		row("statistics", "- (no KVM_CAP_BINARY_STATS_FD)");
	if (f->kvm_usable) {
		wrap_bits("guest_memfd flags", f->kvm_guest_memfd_flags,
			  rt_guest_memfd_flag_name);
		if (f->kvm_vm_errno)
			row("test vm", "KVM_CREATE_VM: %s (errno %d); caps "
			    "asked of /dev/kvm only",
			    strerror(f->kvm_vm_errno), f->kvm_vm_errno);
	}

	wrap_begin(&w, "caps");
	for (int i = 0; i < RT_KVM_CAP__COUNT && f->kvm_usable; i++) {
		char word[64];

		snprintf(word, sizeof(word), "%s=%" PRId64,
			 rt_kvm_cap_name(i), f->kvm_cap[i]);
		wrap_word(&w, word);
	}
	wrap_end(&w, "-");

	wrap_begin(&w, "module params");
	for (int i = 0; i < RT_KVM_PARAM__COUNT; i++) {
		char word[64];

		if (!f->kvm_param[i][0])
			continue;
		snprintf(word, sizeof(word), "%s=%s", rt_kvm_param_name(i),
			 f->kvm_param[i]);
		wrap_word(&w, word);
	}
	wrap_end(&w, "none");
}

static void text_uffd(const struct rt_features *f)
{
	group("userfaultfd");
	row("opened by", "%s", rt_uffd_via_name(f->uffd_via));
	if (f->uffd_via == RT_UFFD_VIA_SYSCALL_USER) {
		row("syscall", "ok");
	} else if (f->uffd_via == RT_UFFD_VIA_SYSCALL) {
		row("syscall", "ok without UFFD_USER_MODE_ONLY, which "
		    "failed: %s (errno %d)", strerror(f->uffd_user_errno),
		    f->uffd_user_errno);
	} else {
		row("syscall", "refused: %s (errno %d)",
		    strerror(f->uffd_syscall_errno), f->uffd_syscall_errno);
	}
	print_errno_state("/dev/userfaultfd", f->uffd_dev_errno);
	print_long_or_dash("unprivileged", f->uffd_unprivileged);
	if (f->uffd_via == RT_UFFD_VIA_NONE)
		return;
	wrap_bits("features", f->uffd_features, rt_uffd_feature_name);
	wrap_bits("api ioctls", f->uffd_ioctls, rt_uffd_ioctl_name);
	wrap_bits("anon ioctls", f->uffd_range_ioctls, rt_uffd_ioctl_name);
}

static void text_ksm(const struct rt_features *f)
{
	group("ksm");
	if (!f->have[RT_FEAT_KSM]) {
		row("ksm", "no: %s", f->why[RT_FEAT_KSM]);
		return;
	}
	print_long_or_dash("run", f->ksm_run);
	print_long_or_dash("pages_to_scan", f->ksm_pages_to_scan);
	print_long_or_dash("sleep_millisecs", f->ksm_sleep_millisecs);
	print_long_or_dash("merge_across_nodes", f->ksm_merge_across_nodes);
	print_long_or_dash("smart_scan", f->ksm_smart_scan);
	row("advisor_mode", "%s",
	    f->ksm_advisor_mode[0] ? f->ksm_advisor_mode : "-");
	if (f->ksm_prctl >= 0)
		row("prctl", "PR_GET_MEMORY_MERGE is %d", f->ksm_prctl);
	else
		row("prctl", "no: %s", f->why[RT_FEAT_KSM_PRCTL]);
}

static void text_thp(const struct rt_features *f)
{
	struct wrap w;

	group("thp");
	row("enabled", "%s", f->thp_enabled[0] ? f->thp_enabled : "-");
	row("defrag", "%s", f->thp_defrag[0] ? f->thp_defrag : "-");
	row("shmem_enabled", "%s",
	    f->thp_shmem_enabled[0] ? f->thp_shmem_enabled : "-");
	row("madv.collapse", "%s", yes_no(f->have[RT_FEAT_MADV_COLLAPSE]));
	wrap_begin(&w, "mthp anon/shmem");
	for (int i = 0; i < f->nr_mthp; i++) {
		char size[32], word[96];

		// No space inside an entry, so that wrapping keeps it whole.
		fmt_size(size, sizeof(size), f->mthp[i].size, "");
		snprintf(word, sizeof(word), "%s:%s/%s", size,
			 f->mthp[i].enabled[0] ? f->mthp[i].enabled : "-",
			 f->mthp[i].shmem_enabled[0] ?
				 f->mthp[i].shmem_enabled : "-");
		wrap_word(&w, word);
	}
	wrap_end(&w, "none");
}

static void text_hugetlb(const struct rt_features *f)
{
	group("hugetlb");
	if (!f->nr_hugetlb)
		row("sizes", "none: %s", f->why[RT_FEAT_HUGETLB]);
	for (int i = 0; i < f->nr_hugetlb; i++) {
		const struct rt_hugetlb_pool *p = &f->hugetlb[i];
		char size[32];

		fmt_size(size, sizeof(size), p->size, " ");
		row(size, "%ld page%s, %ld free, %ld reserved, %ld surplus",
		    p->nr, p->nr == 1 ? "" : "s", p->free, p->resv, p->surplus);
	}
}

static void text_pfnmap(const struct rt_features *f)
{
	group("pfnmap");
	if (!f->npfnmap)
		row("pfnmap", "none: %s", f->why[RT_FEAT_PFNMAP]);
	for (int i = 0; i < f->npfnmap; i++) {
		const struct rt_pfnmap_dev *p = &f->pfnmap[i];
		int64_t s = p->size;
		const char *u = s >= (1 << 30) ? "GiB" : s >= (1 << 20) ? "MiB" : "KiB";

		row("pfnmap", "%" PRId64 " %s BAR%d at %s, vfio (IOMMU group %d, "
		    "%04x:%04x)", s >> (s >= (1 << 30) ? 30 : s >= (1 << 20) ? 20 : 10),
		    u, p->bar, p->addr, p->group, p->vendor, p->device);
	}
}

static void text_rest(const struct rt_features *f)
{
	text_pfnmap(f);
	group("numa");
	row("nodes", "%ld (online: %s)", f->facts.nr_nodes,
	    f->nodes_online[0] ? f->nodes_online : "?");
	row("libnuma", "numa_available() is %d", f->numa_available);
	print_long_or_dash("numa_balancing", f->numa_balancing);

	group("cgroup2");
	if (f->have[RT_FEAT_CGROUP2])
		row("unified", "yes");
	else
		row("unified", "no: %s", f->why[RT_FEAT_CGROUP2]);
	row("mounted at", "%s", f->cgroup2_mount[0] ? f->cgroup2_mount : "-");
	if (f->have[RT_FEAT_CGROUP_MEMORY])
		row("memory", "yes: groups go under %s/scn",
		    f->cgroup_memory_root);
	else
		row("memory", "no: %s", f->why[RT_FEAT_CGROUP_MEMORY]);
	if (f->have[RT_FEAT_CGROUP_MEMORY])
		row("memory.swap.max", "%s%s",
		    f->have[RT_FEAT_CGROUP_MEMORY_SWAP] ? "yes" : "no: ",
		    f->have[RT_FEAT_CGROUP_MEMORY_SWAP] ? "" :
			f->why[RT_FEAT_CGROUP_MEMORY_SWAP]);

	group("identity");
	row("root", "%s", yes_no(f->root));

	group("1 GiB guest pages");
	if (!strcmp(f->facts.arch, "riscv64"))
		row("kvm cpuid", "- (x86 only: riscv64 guests of scn map 2 MiB "
		    "leaves, never 1 GiB)");
	else if (strcmp(f->facts.arch, "x86_64"))
		row("kvm cpuid", "- (x86 only: arm64 guests of scn map 2 MiB blocks "
		    "under 4 KiB granules, never 1 GiB)");
	else if (f->kvm_cpuid_1g >= 0)
		row("kvm cpuid", "%s", yes_no(f->kvm_cpuid_1g));
	else
		row("kvm cpuid", "- (kvm not usable)");
	if (!strcmp(f->facts.arch, "x86_64"))
		row("host cpu", "%s", f->host_pdpe1gb ? "pdpe1gb" : "no pdpe1gb");

	/* scn's guests map 4 levels; a guest that sizes its tables by the
	 * width alone (the 7.x selftests) needs LA57 where it reads 57. */
	if (strcmp(f->facts.arch, "x86_64"))
		return;
	group("guest virtual addresses");
	if (f->kvm_cpuid_va_bits < 0)
		row("kvm cpuid", "- (kvm not usable)");
	else
		row("kvm cpuid", "%d bits, %s", f->kvm_cpuid_va_bits,
		    f->kvm_cpuid_la57 ? "la57" : "no la57 (4-level tables only)");
	if (f->kvm_cpuid_la57 == 1 && f->kvm_la57_errno > 0)
		row("cr4.la57", "refused: KVM_SET_SREGS %s (errno %d), 4-level "
		    "tables only, though the cpuid offers la57",
		    strerror(f->kvm_la57_errno), f->kvm_la57_errno);
	else if (f->kvm_cpuid_la57 == 1 && f->kvm_la57_errno == 0)
		row("cr4.la57", "taken (5-level tables)");
}

/* A requirement of one architecture's, where scn runs on another. */
static bool other_arch(const struct rt_features *f, int feature)
{
	return feature == RT_FEAT_CPU_PDPE1GB && strcmp(f->facts.arch, "x86_64");
}

static void text_requirements(const struct rt_features *f)
{
	int width = 0;

	for (int i = 0; i < RT_FEAT__COUNT; i++) {
		int len = (int)strlen(rt_feature_name(i));

		if (len > width)
			width = len;
	}
	group("requirements");
	for (int i = 0; i < RT_FEAT__COUNT; i++) {
		if (other_arch(f, i))
			continue;
		if (f->have[i])
			printf("  %-*s yes\n", width, rt_feature_name(i));
		else
			printf("  %-*s no   %s\n", width, rt_feature_name(i),
			       f->why[i]);
	}
}

static void print_text(const struct rt_features *f)
{
	text_kernel(f);
	text_uffd(f);
	text_ksm(f);
	text_thp(f);
	text_hugetlb(f);
	text_rest(f);
	text_requirements(f);
}

// ---- JSON -----------------------------------------------------------------

// The probe as JSON, written with common/json_out. A key is NULL for a
// value inside an array; negative numbers and empty strings stand for
// "not known" in the probe, and are null.

static void json_object(struct json_out *j, const char *key)
{
	if (key)
		jo_key(j, key);
	jo_object(j);
}

static void json_array(struct json_out *j, const char *key)
{
	if (key)
		jo_key(j, key);
	jo_array(j);
}

static void json_int_or_null(struct json_out *j, const char *key, int64_t v)
{
	jo_key(j, key);
	if (v < 0)
		jo_null(j);
	else
		jo_int(j, v);
}

static void json_str_or_null(struct json_out *j, const char *key, const char *v)
{
	jo_kv_string_or_null(j, key, v && v[0] ? v : NULL);
}

static void json_errno(struct json_out *j, const char *key, int err)
{
	if (!err) {
		jo_key(j, key);
		jo_null(j);
		return;
	}
	json_object(j, key);
	jo_kv_int(j, "errno", err);
	jo_kv_string(j, "message", strerror(err));
	jo_end(j);
}

static void json_bits(struct json_out *j, const char *key, uint64_t mask,
		      const char *(*name)(unsigned int bit))
{
	char other[32];

	json_array(j, key);
	for (unsigned int bit = 0; bit < 64; bit++) {
		const char *s;

		if (!(mask & ((uint64_t)1 << bit)))
			continue;
		s = name(bit);
		if (!s) {
			snprintf(other, sizeof(other), "bit%u", bit);
			s = other;
		}
		jo_string(j, s);
	}
	jo_end(j);
}

static void json_kvm(struct json_out *j, const struct rt_features *f)
{
	json_object(j, "kvm");
	jo_kv_string(j, "virtualization", f->virt);
	jo_kv_string_or_null(j, "runs_under", f->outer[0] ? f->outer : NULL);
	json_array(j, "guest_rings");
	jo_int(j, 0);
	if (!strcmp(f->facts.arch, "x86_64"))
		jo_int(j, 3);
	jo_end(j);
	jo_kv_bool(j, "usable", f->kvm_usable);
	json_errno(j, "error", f->kvm_errno);
	json_str_or_null(j, "reason", f->kvm_reason);
	json_int_or_null(j, "api_version", f->kvm_api_version);
	json_int_or_null(j, "max_vcpus", f->kvm_max_vcpus);
	json_int_or_null(j, "nr_memslots", f->kvm_nr_memslots);
	json_errno(j, "test_vm_error", f->kvm_vm_errno);
	json_bits(j, "guest_memfd_flags", f->kvm_guest_memfd_flags,
		  rt_guest_memfd_flag_name);
	/* has(kvm.stat.NAME)'s names, the VM's then the vCPU's */
	json_array(j, "stats");
	for (const char *p = f->kvm_stats, *sp; *p; p = sp + 1) {
		char name[RT_STAT_NAME];

		sp = strchr(p, ' ');
		snprintf(name, sizeof(name), "%.*s", (int)(sp - p), p);
		jo_string(j, name);
	}
	jo_end(j);
	json_object(j, "caps");
	for (int i = 0; i < RT_KVM_CAP__COUNT; i++)
		json_int_or_null(j, rt_kvm_cap_name(i), f->kvm_cap[i]);
	jo_end(j);
	json_object(j, "params");
	for (int i = 0; i < RT_KVM_PARAM__COUNT; i++)
		json_str_or_null(j, rt_kvm_param_name(i), f->kvm_param[i]);
	jo_end(j);
	jo_end(j);
}

static void json_uffd(struct json_out *j, const struct rt_features *f)
{
	json_object(j, "userfaultfd");
	jo_kv_string(j, "opened_by", rt_uffd_via_name(f->uffd_via));
	json_errno(j, "user_mode_only_error", f->uffd_user_errno);
	json_errno(j, "syscall_error", f->uffd_syscall_errno);
	json_errno(j, "dev_error", f->uffd_dev_errno);
	json_int_or_null(j, "unprivileged_userfaultfd", f->uffd_unprivileged);
	jo_kv_int(j, "features_mask", (int64_t)f->uffd_features);
	json_bits(j, "features", f->uffd_features, rt_uffd_feature_name);
	json_bits(j, "api_ioctls", f->uffd_ioctls, rt_uffd_ioctl_name);
	json_bits(j, "anon_ioctls", f->uffd_range_ioctls, rt_uffd_ioctl_name);
	jo_end(j);
}

static void json_mm(struct json_out *j, const struct rt_features *f)
{
	json_object(j, "ksm");
	json_int_or_null(j, "run", f->ksm_run);
	json_int_or_null(j, "pages_to_scan", f->ksm_pages_to_scan);
	json_int_or_null(j, "sleep_millisecs", f->ksm_sleep_millisecs);
	json_int_or_null(j, "merge_across_nodes", f->ksm_merge_across_nodes);
	json_int_or_null(j, "smart_scan", f->ksm_smart_scan);
	json_str_or_null(j, "advisor_mode", f->ksm_advisor_mode);
	json_int_or_null(j, "prctl_memory_merge", f->ksm_prctl);
	jo_end(j);

	json_object(j, "thp");
	json_str_or_null(j, "enabled", f->thp_enabled);
	json_str_or_null(j, "defrag", f->thp_defrag);
	json_str_or_null(j, "shmem_enabled", f->thp_shmem_enabled);
	json_array(j, "mthp");
	for (int i = 0; i < f->nr_mthp; i++) {
		json_object(j, NULL);
		jo_kv_int(j, "size", f->mthp[i].size);
		json_str_or_null(j, "enabled", f->mthp[i].enabled);
		json_str_or_null(j, "shmem_enabled", f->mthp[i].shmem_enabled);
		jo_end(j);
	}
	jo_end(j);
	jo_end(j);

	json_array(j, "hugetlb");
	for (int i = 0; i < f->nr_hugetlb; i++) {
		const struct rt_hugetlb_pool *p = &f->hugetlb[i];

		json_object(j, NULL);
		jo_kv_int(j, "size", p->size);
		json_int_or_null(j, "nr", p->nr);
		json_int_or_null(j, "free", p->free);
		json_int_or_null(j, "resv", p->resv);
		json_int_or_null(j, "surplus", p->surplus);
		jo_end(j);
	}
	jo_end(j);

	json_array(j, "pfnmap");
	for (int i = 0; i < f->npfnmap; i++) {
		jo_object(j);
		jo_kv_string(j, "addr", f->pfnmap[i].addr);
		jo_kv_int(j, "bar", f->pfnmap[i].bar);
		jo_kv_int(j, "size", f->pfnmap[i].size);
		jo_kv_int(j, "group", f->pfnmap[i].group);
		jo_kv_int(j, "vendor", f->pfnmap[i].vendor);
		jo_kv_int(j, "device", f->pfnmap[i].device);
		jo_end(j);
	}
	jo_end(j);

	json_object(j, "numa");
	jo_kv_int(j, "nodes", f->facts.nr_nodes);
	json_str_or_null(j, "online", f->nodes_online);
	jo_kv_int(j, "numa_available", f->numa_available);
	json_int_or_null(j, "numa_balancing", f->numa_balancing);
	jo_end(j);

	json_object(j, "cgroup2");
	jo_kv_bool(j, "unified", f->have[RT_FEAT_CGROUP2]);
	json_str_or_null(j, "mount", f->cgroup2_mount);
	jo_kv_bool(j, "memory", f->have[RT_FEAT_CGROUP_MEMORY]);
	json_str_or_null(j, "memory_root", f->cgroup_memory_root);
	jo_kv_bool(j, "memory_swap", f->have[RT_FEAT_CGROUP_MEMORY_SWAP]);
	jo_end(j);
}

/* A probed value, -1 where it could not be asked: null, else a boolean
 * (as_bool) or the number. */
static void kv_probed(struct json_out *j, const char *key, int v, bool as_bool)
{
	jo_key(j, key);
	if (v < 0)
		jo_null(j);
	else if (as_bool)
		jo_bool(j, v);
	else
		jo_int(j, v);
}

static void print_json(const struct rt_features *f)
{
	struct json_out j;
	char letters[32];

	jo_init(&j, stdout, true);
	json_object(&j, NULL);

	json_object(&j, "machine");
	jo_kv_string(&j, "kernel_release", f->kernel_release);
	jo_kv_string(&j, "preempt", f->preempt);
	jo_kv_string(&j, "preempt_from", f->preempt_from);
	rt_taint_letters(rt_taint_read(), letters, sizeof(letters));
	jo_kv_string(&j, "tainted", letters);
	jo_kv_string(&j, "arch", f->facts.arch);
	jo_kv_int(&j, "ncpus", f->facts.ncpus);
	jo_kv_int(&j, "mem_total", f->facts.mem_total);
	jo_kv_int(&j, "mem_free", f->facts.mem_free);
	jo_kv_int(&j, "page_size", f->facts.page_size);
	jo_kv_int(&j, "thp_size", f->facts.thp_size);
	jo_kv_int(&j, "nr_nodes", f->facts.nr_nodes);
	jo_kv_bool(&j, "root", f->root);
	jo_end(&j);

	json_kvm(&j, f);
	json_uffd(&j, f);
	json_mm(&j, f);

	json_object(&j, "pdpe1gb");
	kv_probed(&j, "kvm_cpuid", f->kvm_cpuid_1g, true);
	jo_kv_bool(&j, "host", f->host_pdpe1gb);
	jo_end(&j);

	json_object(&j, "guest_va");
	kv_probed(&j, "kvm_bits", f->kvm_cpuid_va_bits, false);
	kv_probed(&j, "kvm_la57", f->kvm_cpuid_la57, true);
	/* KVM_SET_SREGS with CR4.LA57: true, false (refused), null (not
	 * asked: no la57 offered, or the probe could not tell). */
	kv_probed(&j, "la57_taken", f->kvm_la57_errno < 0 ? -1 : f->kvm_la57_errno == 0, true);
	jo_end(&j);

	json_array(&j, "requirements");
	for (int i = 0; i < RT_FEAT__COUNT; i++) {
		json_object(&j, NULL);
		jo_kv_string(&j, "name", rt_feature_name(i));
		jo_kv_bool(&j, "have", f->have[i]);
		json_str_or_null(&j, "why", f->why[i]);
		jo_kv_string(&j, "means", rt_feature_describe(i));
		jo_end(&j);
	}
	jo_end(&j);

	jo_end(&j);
	jo_done(&j);
}

static const char cli_features_short[] = "hq";
static const struct option cli_features_options[] = {
	{ "json", no_argument, NULL, 'j' },
	{ "help", no_argument, NULL, 'h' },
	{ "quiet", no_argument, NULL, 'q' },
	TH_LONGOPTS,
	{ NULL, 0, NULL, 0 },
};

const struct cli_command cli_cmd_features = {
	"features", cli_features_short, cli_features_options, cli_text_features,
	th_cli_host_help,
};

int cmd_features(int argc, char **argv)
{
	struct th_opts host = { .out_fd = STDOUT_FILENO, .err_fd = STDERR_FILENO,
				.log = stderr };
	const char *host_option = NULL;
	struct rt_features *f;
	bool json = false;
	int c, rc;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, cli_features_short, cli_features_options,
				NULL)) != -1) {
		switch (c) {
		case 'j':
			json = true;
			break;
		case 'h':
			cli_help(stdout, &cli_cmd_features);
			return 0;
		case 'q':
			host.log = NULL;
			break;
		default:
			rc = th_cli_option(c, optarg, &host);
			if (rc > 0)
				return rc;
			if (rc == 0) {
				if (!host_option)
					host_option = th_cli_option_name(c);
				break;
			}
			cli_bad_option("features", &cli_cmd_features, argv, optind);
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "scn features: unexpected '%s'\n", argv[optind]);
		usage(stderr);
		return EXIT_USAGE;
	}
	rc = th_cli_need_kernel("features", host_option, &host);
	if (rc)
		return rc;
	if (host.kernel)
		return features_in_testhost(&host, json);

	// The probe is several KiB: keep it off the stack.
	f = calloc(1, sizeof(*f));
	if (!f) {
		fprintf(stderr, "scn features: out of memory\n");
		return EXIT_OSERR;
	}
	rt_features_probe(f);
	if (json)
		print_json(f);
	else
		print_text(f);
	fflush(stdout);
	free(f);
	return 0;
}
