// SPDX-License-Identifier: GPL-2.0-only
/* fingerprint: the machine a result was measured on (see fingerprint.h). */
#include <dirent.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "../common/regfile.h"
#include "../common/util.h"
#include "fingerprint.h"
#include "kernlog.h"
#include "knobs.h"
#include "mm_tables.h"
#include "numa.h"
#include "probe.h"

/* A small file's text without its trailing newline; "" if unreadable. */
static void read_text(const char *path, char *buf, size_t len)
{
	if (rt_probe_read_text(path, buf, len))
		buf[0] = '\0';
}

/*
 * arm64's /proc/cpuinfo names no model: its MIDR fields do (implementer
 * and part, as the kernel's cputype.h lists them). Parts not listed are
 * given by number.
 */
static const struct {
	unsigned impl;
	const char *name;
} arm_implementers[] = {
	{ 0x00, "software" }, { 0x41, "ARM" }, { 0x42, "Broadcom" },
	{ 0x43, "Cavium" }, { 0x46, "Fujitsu" }, { 0x48, "HiSilicon" },
	{ 0x4e, "NVIDIA" }, { 0x51, "Qualcomm" }, { 0x61, "Apple" },
	{ 0x6d, "Microsoft" }, { 0xc0, "Ampere" },
};

static const struct {
	unsigned impl, part;
	const char *name;
} arm_parts[] = {
	{ 0x00, 0x051, "QEMU max" },	/* QEMU's TCG "max" CPU */
	{ 0x41, 0xd03, "ARM Cortex-A53" }, { 0x41, 0xd04, "ARM Cortex-A35" },
	{ 0x41, 0xd05, "ARM Cortex-A55" }, { 0x41, 0xd07, "ARM Cortex-A57" },
	{ 0x41, 0xd08, "ARM Cortex-A72" }, { 0x41, 0xd09, "ARM Cortex-A73" },
	{ 0x41, 0xd0a, "ARM Cortex-A75" }, { 0x41, 0xd0b, "ARM Cortex-A76" },
	{ 0x41, 0xd0c, "ARM Neoverse-N1" }, { 0x41, 0xd0d, "ARM Cortex-A77" },
	{ 0x41, 0xd40, "ARM Neoverse-V1" }, { 0x41, 0xd41, "ARM Cortex-A78" },
	{ 0x41, 0xd44, "ARM Cortex-X1" }, { 0x41, 0xd46, "ARM Cortex-A510" },
	{ 0x41, 0xd47, "ARM Cortex-A710" }, { 0x41, 0xd48, "ARM Cortex-X2" },
	{ 0x41, 0xd49, "ARM Neoverse-N2" }, { 0x41, 0xd4f, "ARM Neoverse-V2" },
	{ 0x41, 0xd80, "ARM Cortex-A520" }, { 0x41, 0xd81, "ARM Cortex-A720" },
	{ 0x41, 0xd84, "ARM Neoverse-V3" }, { 0x41, 0xd8e, "ARM Neoverse-N3" },
	{ 0x43, 0x0af, "Cavium ThunderX2" }, { 0x46, 0x001, "Fujitsu A64FX" },
	{ 0x48, 0xd01, "HiSilicon TSV110" }, { 0xc0, 0xac3, "AmpereOne" },
};

static void arm_model(unsigned impl, unsigned part, char *buf, size_t len)
{
	const char *who = NULL;

	for (size_t i = 0; i < ARRAY_SIZE(arm_parts); i++)
		if (arm_parts[i].impl == impl && arm_parts[i].part == part) {
			snprintf(buf, len, "%s", arm_parts[i].name);
			return;
		}
	for (size_t i = 0; i < ARRAY_SIZE(arm_implementers); i++)
		if (arm_implementers[i].impl == impl)
			who = arm_implementers[i].name;
	if (who)
		snprintf(buf, len, "%s part 0x%03x", who, part);
	else
		snprintf(buf, len, "implementer 0x%02x part 0x%03x", impl, part);
}

void rt_cpu_model(char *buf, size_t len)
{
	FILE *f = fopen("/proc/cpuinfo", "re");
	char line[512];
	int impl = -1, part = -1;

	snprintf(buf, len, "unknown");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (!colon)
			continue;
		/* The first CPU's MIDR, where there is no model name (arm64). */
		if (!strncmp(line, "CPU implementer", 15) && impl < 0)
			impl = (int)strtol(colon + 1, NULL, 0);
		else if (!strncmp(line, "CPU part", 8) && part < 0)
			part = (int)strtol(colon + 1, NULL, 0);
		if (strncmp(line, "model name", 10))
			continue;
		colon++;
		colon += strspn(colon, " \t");
		colon[strcspn(colon, "\n")] = '\0';
		snprintf(buf, len, "%s", colon);
		fclose(f);
		return;
	}
	fclose(f);
	if (impl >= 0 && part >= 0)
		arm_model((unsigned)impl, (unsigned)part, buf, len);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Each file of cpu/vulnerabilities, by name, in name order. */
static void mitigations_json(struct json_out *j)
{
	const char *dir = "/sys/devices/system/cpu/vulnerabilities";
	DIR *d = opendir(dir);
	char **names = NULL;
	size_t n = 0, cap = 0, i;
	struct dirent *e;

	jo_object(j);
	if (!d) {
		jo_end(j);
		return;
	}
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			VEC_PUSH(names, n, cap, xstrdup(e->d_name));
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), cmp_str);
	for (i = 0; i < n; i++) {
		char path[512], value[256];

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		read_text(path, value, sizeof(value));
		jo_kv_string(j, names[i], value);
		free(names[i]);
	}
	free(names);
	jo_end(j);
}

static void mempolicy_text(char *buf, size_t len)
{
	struct rt_err err;
	uint64_t nodes;
	int mpol, i;

	snprintf(buf, len, "unknown");
	if (rt_numa_get_policy(&mpol, &nodes, &err))
		return;
	for (i = 0; i < MPOLICY__COUNT; i++)
		if (policy_info[i].mpol == mpol)
			break;
	if (i == MPOLICY__COUNT)
		snprintf(buf, len, "mode %d", mpol);
	else if (policy_info[i].takes_nodes)
		snprintf(buf, len, "%s:0x%llx", policy_info[i].name,
			 (unsigned long long)nodes);
	else
		snprintf(buf, len, "%s", policy_info[i].name);
}

/* A fact's value: a whole number as a number, anything else as a string. */
static void fact_value(struct json_out *j, const char *key, const char *v)
{
	size_t n = strlen(v);

	if (n && n < 19 && strspn(v, "0123456789") == n)
		jo_kv_int(j, key, strtoll(v, NULL, 10));
	else
		jo_kv_string(j, key, v);
}

/* The next line of *p (without its newline) into line; false at the end. */
static bool next_line(const char **p, char *line, size_t len)
{
	size_t n = strcspn(*p, "\n");

	if (!**p)
		return false;
	snprintf(line, len, "%.*s", (int)(n < len ? n : len - 1), *p);
	*p += n + ((*p)[n] == '\n');
	return true;
}

void rt_testhost_json(struct json_out *j, const char *facts)
{
	char line[1024];
	int pass;

	if (!facts) {
		jo_null(j);
		return;
	}
	jo_object(j);
	for (pass = 0; pass < 2; pass++) {
		const char *p = facts;

		if (pass) {
			jo_key(j, "outer");
			jo_object(j);
		}
		while (next_line(&p, line, sizeof(line))) {
			char *eq = strchr(line, '=');
			bool outer = !strncmp(line, "outer_", 6);

			if (!eq || outer != (pass == 1))
				continue;
			*eq = '\0';
			fact_value(j, line + (outer ? 6 : 0), eq + 1);
		}
		if (pass)
			jo_end(j);
	}
	jo_end(j);
}

void rt_testhost_line(const char *facts, char *buf, size_t len)
{
	char line[512], accel[16] = "", outer[256] = "";
	const char *p = facts;

	buf[0] = '\0';
	if (!facts)
		return;
	while (next_line(&p, line, sizeof(line))) {
		if (!strncmp(line, "accel=", 6))
			snprintf(accel, sizeof(accel), "%.15s", line + 6);
		else if (!strncmp(line, "outer_kernel=", 13))
			snprintf(outer, sizeof(outer), "%.255s", line + 13);
	}
	snprintf(buf, len, ", in a test host (%s on kernel %s)", accel, outer);
}

char *rt_testhost_facts(void)
{
	char *text;

	if (regfile_read_at(AT_FDCWD, RT_TESTHOST_FACTS, TH_FACTS_MAX, &text, NULL,
			    NULL))
		return NULL;
	return text;
}

/* The names of mask's bits ("bitN" where scn has none), as an array. */
static void uffd_names(struct json_out *j, const char *key, uint64_t mask,
		       const char *(*name)(unsigned int bit))
{
	char other[16];

	jo_key(j, key);
	jo_array(j);
	for (unsigned int bit = 0; bit < 64; bit++) {
		const char *s;

		if (!(mask & (uint64_t)1 << bit))
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

void rt_fingerprint_json(struct json_out *j, const struct rt_features *f,
			 const struct rt_knob_values *knobs)
{
	/* Without the module: "tdp_mmu", as the result's readers know them. */
	static const char *const kvm_param_name[] = {
#define PARAM_NAME(id, mod, param) param,
		RT_KVM_PARAM_LIST(PARAM_NAME)
#undef PARAM_NAME
	};
	struct rt_knob_values now;
	struct utsname u;
	char text[4096], *facts;
	int i;

	if (uname(&u))
		memset(&u, 0, sizeof(u));
	jo_object(j);
	jo_kv_string(j, "arch", f->facts.arch);
	jo_key(j, "kernel");
	jo_object(j);
	jo_kv_string(j, "release", f->kernel_release);
	jo_kv_string(j, "version", u.version);
	jo_kv_string(j, "preempt", f->preempt);
	/* A kernel that had warned before: what it measures may be its trouble. */
	rt_taint_letters(rt_taint_read(), text, sizeof(text));
	jo_kv_string(j, "tainted", text);
	jo_key(j, "cmdline");
	read_text("/proc/cmdline", text, sizeof(text));
	jo_string(j, text);
	/* What the kernel's userfaultfd offers, by name: 7.3's rwp and
	 * set_mode are a kernel's as much as its release. */
	jo_key(j, "uffd");
	jo_object(j);
	/* Hex strings: the ioctl mask has bit 63 (UFFDIO_API), which a JSON
	 * integer of int64 would turn negative. */
	snprintf(text, sizeof(text), "0x%" PRIx64, f->uffd_features);
	jo_kv_string(j, "features_mask", text);
	snprintf(text, sizeof(text), "0x%" PRIx64, f->uffd_ioctls);
	jo_kv_string(j, "ioctls_mask", text);
	uffd_names(j, "features", f->uffd_features, rt_uffd_feature_name);
	uffd_names(j, "ioctls", f->uffd_ioctls, rt_uffd_ioctl_name);
	jo_end(j);
	jo_end(j);

	jo_key(j, "cpu");
	jo_object(j);
	jo_key(j, "model");
	rt_cpu_model(text, sizeof(text));
	jo_string(j, text);
	jo_kv_int(j, "count", f->facts.ncpus);
	jo_key(j, "mitigations");
	mitigations_json(j);
	jo_end(j);

	jo_key(j, "memory");
	jo_object(j);
	jo_kv_int(j, "total", f->facts.mem_total);
	jo_kv_int(j, "page_size", f->facts.page_size);
	jo_kv_int(j, "numa_nodes", f->facts.nr_nodes);
	jo_end(j);

	jo_key(j, "virt");
	jo_object(j);
	jo_kv_string(j, "kind", f->virt);
	/* The hypervisor this machine runs under ("none": bare metal; null
	 * where the CPU cannot say): a nested host's figures are its own. */
	jo_kv_string_or_null(j, "runs_under", f->outer[0] ? f->outer : NULL);
	jo_kv_bool(j, "kvm", f->kvm_usable);
	jo_kv_string_or_null(j, "kvm_reason", f->kvm_usable ? NULL : f->kvm_reason);
	jo_key(j, "kvm_params");
	jo_object(j);
	for (i = 0; i < RT_KVM_PARAM__COUNT; i++)
		if (f->kvm_param[i][0])
			jo_kv_string(j, kvm_param_name[i], f->kvm_param[i]);
	jo_end(j);
	jo_end(j);

	/*
	 * Every knob scn can set, as found: what a result ran under; read now
	 * when the caller took none before its run set them.
	 */
	if (!knobs || !knobs->taken) {
		rt_knob_values_read(&now);
		knobs = &now;
	}
	jo_key(j, "knobs");
	jo_object(j);
	for (i = 0; i < KNOB__COUNT; i++)
		if (knobs->v[i][0])
			jo_kv_string(j, knob_info[i].name, knobs->v[i]);
	jo_end(j);

	jo_key(j, "mempolicy");
	mempolicy_text(text, sizeof(text));
	jo_string(j, text);

	jo_key(j, "testhost");
	facts = rt_testhost_facts();
	rt_testhost_json(j, facts);
	free(facts);
	jo_end(j);
}

void rt_fingerprint_line(const struct rt_features *f, char *buf, size_t len)
{
	char model[128], host[300];

	char *facts = rt_testhost_facts();

	rt_cpu_model(model, sizeof(model));
	rt_testhost_line(facts, host, sizeof(host));
	free(facts);
	snprintf(buf, len, "kernel %s, %s, %ld x %s, virt %s%s%s, kvm %s%s%s%s",
		 f->kernel_release, f->facts.arch, f->facts.ncpus, model,
		 f->virt[0] ? f->virt : "unknown",
		 f->outer[0] && strcmp(f->outer, "none") ? " under " : "",
		 f->outer[0] && strcmp(f->outer, "none") ? f->outer : "",
		 f->kvm_usable ? "yes" : "no", f->kvm_usable ? "" : ": ",
		 f->kvm_usable ? "" : f->kvm_reason, host);
}
