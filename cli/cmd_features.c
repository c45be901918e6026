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

#include "../runtime/features.h"

#define EXIT_USAGE 64
#define EXIT_OSERR 71

#define LABEL_WIDTH 20
#define LINE_WIDTH 79

static void usage(FILE *out)
{
	fprintf(out, "usage: scn features [--json]\n"
		     "  print what this machine offers and every name "
		     "`require` accepts\n"
		     "  --json  one JSON object instead of text\n");
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

static void text_kernel(const struct rt_features *f)
{
	char a[32], b[32];
	struct wrap w;

	printf("kernel\n");
	row("release", "%s", f->kernel_release[0] ? f->kernel_release : "?");
	row("cpus", "%ld", f->facts.ncpus);
	fmt_size(a, sizeof(a), f->facts.mem_total, " ");
	fmt_size(b, sizeof(b), f->facts.mem_free, " ");
	row("memory", "%s total, %s available", a, b);
	fmt_size(a, sizeof(a), f->facts.page_size, " ");
	fmt_size(b, sizeof(b), f->facts.thp_size, " ");
	row("page size", "%s (PMD THP %s)", a, b);
	row("virtualization", "%s", f->virt);
	if (f->kvm_usable)
		row("kvm", "usable");
	else
		row("kvm", "not usable: %s", f->kvm_reason);
	print_long_or_dash("api version", f->kvm_api_version);
	print_long_or_dash("max vcpus", f->kvm_max_vcpus);
	print_long_or_dash("memslots", f->kvm_nr_memslots);
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
		row(size, "%ld pages, %ld free, %ld reserved, %ld surplus",
		    p->nr, p->free, p->resv, p->surplus);
	}
}

static void text_rest(const struct rt_features *f)
{
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

	group("identity");
	row("root", "%s", yes_no(f->root));

	group("1 GiB guest pages");
	if (f->kvm_cpuid_1g >= 0)
		row("kvm cpuid", "%s", yes_no(f->kvm_cpuid_1g));
	else
		row("kvm cpuid", "- (kvm not usable)");
	row("host cpu", "%s", f->host_pdpe1gb ? "pdpe1gb" : "no pdpe1gb");
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

// A pretty-printing JSON writer: it tracks the nesting so that callers only
// say what comes next.
struct json {
	int depth;
	bool first[16];
};

static void json_escape(const char *s)
{
	putchar('"');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"':
			fputs("\\\"", stdout);
			break;
		case '\\':
			fputs("\\\\", stdout);
			break;
		case '\n':
			fputs("\\n", stdout);
			break;
		case '\r':
			fputs("\\r", stdout);
			break;
		case '\t':
			fputs("\\t", stdout);
			break;
		case '\b':
			fputs("\\b", stdout);
			break;
		case '\f':
			fputs("\\f", stdout);
			break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				printf("\\u%04x", *p);
			else
				putchar(*p);
		}
	}
	putchar('"');
}

// Start a value: the comma and indentation before it, and its key inside an
// object (key is NULL inside an array).
static void json_key(struct json *j, const char *key)
{
	if (j->depth > 0) {
		if (!j->first[j->depth])
			putchar(',');
		j->first[j->depth] = false;
		printf("\n%*s", 2 * j->depth, "");
	}
	if (key) {
		json_escape(key);
		fputs(": ", stdout);
	}
}

static void json_open(struct json *j, const char *key, char bracket)
{
	json_key(j, key);
	putchar(bracket);
	if (j->depth + 1 < (int)(sizeof(j->first) / sizeof(j->first[0])))
		j->depth++;
	j->first[j->depth] = true;
}

static void json_close(struct json *j, char bracket)
{
	bool empty = j->first[j->depth];

	if (j->depth > 0)
		j->depth--;
	if (!empty)
		printf("\n%*s", 2 * j->depth, "");
	putchar(bracket);
}

static void json_str(struct json *j, const char *key, const char *v)
{
	json_key(j, key);
	json_escape(v);
}

static void json_int(struct json *j, const char *key, int64_t v)
{
	json_key(j, key);
	printf("%" PRId64, v);
}

// Negative numbers stand for "not known" in the probe: null in JSON.
static void json_int_or_null(struct json *j, const char *key, int64_t v)
{
	json_key(j, key);
	if (v < 0)
		fputs("null", stdout);
	else
		printf("%" PRId64, v);
}

static void json_str_or_null(struct json *j, const char *key, const char *v)
{
	if (v && v[0]) {
		json_str(j, key, v);
	} else {
		json_key(j, key);
		fputs("null", stdout);
	}
}

static void json_bool(struct json *j, const char *key, bool v)
{
	json_key(j, key);
	fputs(v ? "true" : "false", stdout);
}

static void json_errno(struct json *j, const char *key, int err)
{
	if (!err) {
		json_key(j, key);
		fputs("null", stdout);
		return;
	}
	json_open(j, key, '{');
	json_int(j, "errno", err);
	json_str(j, "message", strerror(err));
	json_close(j, '}');
}

static void json_bits(struct json *j, const char *key, uint64_t mask,
		      const char *(*name)(unsigned int bit))
{
	char other[32];

	json_open(j, key, '[');
	for (unsigned int bit = 0; bit < 64; bit++) {
		const char *s;

		if (!(mask & ((uint64_t)1 << bit)))
			continue;
		s = name(bit);
		if (!s) {
			snprintf(other, sizeof(other), "bit%u", bit);
			s = other;
		}
		json_str(j, NULL, s);
	}
	json_close(j, ']');
}

static void json_kvm(struct json *j, const struct rt_features *f)
{
	json_open(j, "kvm", '{');
	json_str(j, "virtualization", f->virt);
	json_bool(j, "usable", f->kvm_usable);
	json_errno(j, "error", f->kvm_errno);
	json_str_or_null(j, "reason", f->kvm_reason);
	json_int_or_null(j, "api_version", f->kvm_api_version);
	json_int_or_null(j, "max_vcpus", f->kvm_max_vcpus);
	json_int_or_null(j, "nr_memslots", f->kvm_nr_memslots);
	json_errno(j, "test_vm_error", f->kvm_vm_errno);
	json_bits(j, "guest_memfd_flags", f->kvm_guest_memfd_flags,
		  rt_guest_memfd_flag_name);
	json_open(j, "caps", '{');
	for (int i = 0; i < RT_KVM_CAP__COUNT; i++)
		json_int_or_null(j, rt_kvm_cap_name(i), f->kvm_cap[i]);
	json_close(j, '}');
	json_open(j, "params", '{');
	for (int i = 0; i < RT_KVM_PARAM__COUNT; i++)
		json_str_or_null(j, rt_kvm_param_name(i), f->kvm_param[i]);
	json_close(j, '}');
	json_close(j, '}');
}

static void json_uffd(struct json *j, const struct rt_features *f)
{
	json_open(j, "userfaultfd", '{');
	json_str(j, "opened_by", rt_uffd_via_name(f->uffd_via));
	json_errno(j, "user_mode_only_error", f->uffd_user_errno);
	json_errno(j, "syscall_error", f->uffd_syscall_errno);
	json_errno(j, "dev_error", f->uffd_dev_errno);
	json_int_or_null(j, "unprivileged_userfaultfd", f->uffd_unprivileged);
	json_int(j, "features_mask", (int64_t)f->uffd_features);
	json_bits(j, "features", f->uffd_features, rt_uffd_feature_name);
	json_bits(j, "api_ioctls", f->uffd_ioctls, rt_uffd_ioctl_name);
	json_bits(j, "anon_ioctls", f->uffd_range_ioctls, rt_uffd_ioctl_name);
	json_close(j, '}');
}

static void json_mm(struct json *j, const struct rt_features *f)
{
	json_open(j, "ksm", '{');
	json_int_or_null(j, "run", f->ksm_run);
	json_int_or_null(j, "pages_to_scan", f->ksm_pages_to_scan);
	json_int_or_null(j, "sleep_millisecs", f->ksm_sleep_millisecs);
	json_int_or_null(j, "merge_across_nodes", f->ksm_merge_across_nodes);
	json_int_or_null(j, "smart_scan", f->ksm_smart_scan);
	json_str_or_null(j, "advisor_mode", f->ksm_advisor_mode);
	json_int_or_null(j, "prctl_memory_merge", f->ksm_prctl);
	json_close(j, '}');

	json_open(j, "thp", '{');
	json_str_or_null(j, "enabled", f->thp_enabled);
	json_str_or_null(j, "defrag", f->thp_defrag);
	json_str_or_null(j, "shmem_enabled", f->thp_shmem_enabled);
	json_open(j, "mthp", '[');
	for (int i = 0; i < f->nr_mthp; i++) {
		json_open(j, NULL, '{');
		json_int(j, "size", f->mthp[i].size);
		json_str_or_null(j, "enabled", f->mthp[i].enabled);
		json_str_or_null(j, "shmem_enabled", f->mthp[i].shmem_enabled);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_close(j, '}');

	json_open(j, "hugetlb", '[');
	for (int i = 0; i < f->nr_hugetlb; i++) {
		const struct rt_hugetlb_pool *p = &f->hugetlb[i];

		json_open(j, NULL, '{');
		json_int(j, "size", p->size);
		json_int_or_null(j, "nr", p->nr);
		json_int_or_null(j, "free", p->free);
		json_int_or_null(j, "resv", p->resv);
		json_int_or_null(j, "surplus", p->surplus);
		json_close(j, '}');
	}
	json_close(j, ']');

	json_open(j, "numa", '{');
	json_int(j, "nodes", f->facts.nr_nodes);
	json_str_or_null(j, "online", f->nodes_online);
	json_int(j, "numa_available", f->numa_available);
	json_int_or_null(j, "numa_balancing", f->numa_balancing);
	json_close(j, '}');

	json_open(j, "cgroup2", '{');
	json_bool(j, "unified", f->have[RT_FEAT_CGROUP2]);
	json_str_or_null(j, "mount", f->cgroup2_mount);
	json_close(j, '}');
}

static void print_json(const struct rt_features *f)
{
	struct json j = { 0 };

	json_open(&j, NULL, '{');

	json_open(&j, "machine", '{');
	json_str(&j, "kernel_release", f->kernel_release);
	json_int(&j, "ncpus", f->facts.ncpus);
	json_int(&j, "mem_total", f->facts.mem_total);
	json_int(&j, "mem_free", f->facts.mem_free);
	json_int(&j, "page_size", f->facts.page_size);
	json_int(&j, "thp_size", f->facts.thp_size);
	json_int(&j, "nr_nodes", f->facts.nr_nodes);
	json_bool(&j, "root", f->root);
	json_close(&j, '}');

	json_kvm(&j, f);
	json_uffd(&j, f);
	json_mm(&j, f);

	json_open(&j, "pdpe1gb", '{');
	json_key(&j, "kvm_cpuid");
	fputs(f->kvm_cpuid_1g < 0 ? "null" : f->kvm_cpuid_1g ? "true" : "false",
	      stdout);
	json_bool(&j, "host", f->host_pdpe1gb);
	json_close(&j, '}');

	json_open(&j, "requirements", '[');
	for (int i = 0; i < RT_FEAT__COUNT; i++) {
		json_open(&j, NULL, '{');
		json_str(&j, "name", rt_feature_name(i));
		json_bool(&j, "have", f->have[i]);
		json_str_or_null(&j, "why", f->why[i]);
		json_str(&j, "means", rt_feature_describe(i));
		json_close(&j, '}');
	}
	json_close(&j, ']');

	json_close(&j, '}');
	putchar('\n');
}

int cmd_features(int argc, char **argv)
{
	struct rt_features *f;
	bool json = false;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json")) {
			json = true;
		} else if (!strcmp(argv[i], "-h") ||
			   !strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		} else {
			fprintf(stderr, "scn features: unknown option '%s'\n",
				argv[i]);
			usage(stderr);
			return EXIT_USAGE;
		}
	}

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
