// SPDX-License-Identifier: GPL-2.0-only
/* result_alike: whether two results were measured alike (see result_alike.h). */
#include "result_alike.h"

#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

void alike_lines_free(struct alike_lines *ls)
{
	size_t i;

	for (i = 0; i < ls->len; i++)
		free(ls->v[i]);
	free(ls->v);
}

/* "label.key", the key (the file's) escaped as rf_text does. */
static char *sub_label(const char *label, const char *key)
{
	struct strbuf sb;

	sb_init(&sb);
	sb_printf(&sb, "%s.", label);
	rf_text(&sb, key);
	return sb_steal(&sb);
}

/*
 * "label: A -> B" for each leaf where a and b differ; objects are walked
 * key by key, so that one changed knob is one line, not the whole set.
 */
static void diff_value(struct alike_lines *ls, const char *label,
		       const struct jin_value *a, const struct jin_value *b)
{
	struct strbuf sb;
	size_t i;

	if (jin_equal(a, b))
		return;
	if (jin_is(a, JIN_OBJECT) && jin_is(b, JIN_OBJECT)) {
		for (i = 0; i < a->u.obj.len; i++) {
			const struct jin_member *m = &a->u.obj.members[i];
			char *sub = sub_label(label, m->key);

			diff_value(ls, sub, m->value, jin_get(b, m->key));
			free(sub);
		}
		for (i = 0; i < b->u.obj.len; i++) {
			const struct jin_member *m = &b->u.obj.members[i];
			char *sub;

			if (jin_get(a, m->key))
				continue;
			sub = sub_label(label, m->key);
			diff_value(ls, sub, NULL, m->value);
			free(sub);
		}
		return;
	}
	sb_init(&sb);
	sb_printf(&sb, "%s: ", label);
	jin_write(&sb, a);
	sb_puts(&sb, " -> ");
	jin_write(&sb, b);
	VEC_PUSH(ls->v, ls->len, ls->cap, sb_steal(&sb));
}

/*
 * What makes two measurements comparable. Blocking: the scenario and its
 * parameters, and the machine and environment a developer does not change
 * to test a patch. Notes: what a developer changes on purpose between a
 * base and a new run (the kernel, its boot line, mitigations, scn itself,
 * how many repeats), shown so that the reader knows. KERNEL: what a
 * kernel of its own makes differ (the memory it leaves, KVM's module
 * parameters, the knobs it has): blocking, but a note with --across
 * kernel. ARCH: what another architecture makes differ (the CPU and its
 * model, the kind of virtualization, QEMU's CPU in a test host): blocking,
 * but a note with --across arch between results of two architectures. A
 * result without an architecture is x86_64's, which was scn's only one.
 */
#define PARAMS_FIELD 1

enum field_kind { BLOCKING, NOTE, KERNEL, ARCH };

static const struct {
	const char *path[4];
	enum field_kind kind;
} fields[] = {
	{ { "scenario", "hash" }, BLOCKING },
	{ { "scenario", "params" }, BLOCKING },	/* PARAMS_FIELD */
	{ { "fingerprint", "arch" }, ARCH },
	{ { "fingerprint", "cpu", "model" }, ARCH },
	{ { "fingerprint", "cpu", "count" }, BLOCKING },
	{ { "fingerprint", "memory", "total" }, KERNEL },
	{ { "fingerprint", "memory", "numa_nodes" }, BLOCKING },
	{ { "fingerprint", "virt", "kind" }, ARCH },
	/* Bare metal or a guest itself: a note (older results lack it). */
	{ { "fingerprint", "virt", "runs_under" }, NOTE },
	{ { "fingerprint", "virt", "kvm" }, BLOCKING },
	{ { "fingerprint", "virt", "kvm_params" }, KERNEL },
	{ { "fingerprint", "knobs" }, KERNEL },
	{ { "fingerprint", "mempolicy" }, BLOCKING },
	/* A test host: the machine QEMU makes, and the one it runs on. */
	{ { "fingerprint", "testhost", "accel" }, BLOCKING },
	{ { "fingerprint", "testhost", "arch" }, ARCH },
	{ { "fingerprint", "testhost", "cpu" }, ARCH },
	{ { "fingerprint", "testhost", "cpus" }, BLOCKING },
	{ { "fingerprint", "testhost", "mem" }, BLOCKING },
	{ { "fingerprint", "testhost", "nodes" }, BLOCKING },
	{ { "fingerprint", "testhost", "qemu" }, BLOCKING },
	{ { "fingerprint", "testhost", "outer", "cpu" }, BLOCKING },
	{ { "fingerprint", "testhost", "outer", "cpus" }, BLOCKING },
	{ { "fingerprint", "kernel", "release" }, NOTE },
	{ { "fingerprint", "kernel", "version" }, NOTE },
	{ { "fingerprint", "kernel", "cmdline" }, NOTE },
	{ { "fingerprint", "kernel", "preempt" }, NOTE },
	{ { "fingerprint", "kernel", "tainted" }, NOTE },
	{ { "fingerprint", "testhost", "spec" }, NOTE },
	{ { "fingerprint", "testhost", "package" }, NOTE },
	{ { "fingerprint", "testhost", "outer", "kernel" }, NOTE },
	{ { "fingerprint", "cpu", "mitigations" }, NOTE },
	/* A kernel built for another page size is a deliberate change too. */
	{ { "fingerprint", "memory", "page_size" }, NOTE },
	{ { "scn_version" }, NOTE },
	{ { "command", "repeat" }, NOTE },
	{ { "command", "warmup" }, NOTE },
};

const struct jin_value *alike_field(const struct jin_value *root,
				    const char *const *path)
{
	const struct jin_value *v = root;
	size_t i;

	for (i = 0; i < 4 && path[i] && v; i++)
		v = jin_get(v, path[i]);
	return v;
}

static bool swept_in(const struct rf_result *r, const char *key)
{
	size_t i;

	for (i = 0; i < r->npoints; i++)
		if (jin_get(r->points[i].swept, key))
			return true;
	return false;
}

/*
 * scenario.params holds the first point's values; a parameter that either
 * side sweeps differs there by the choice of sweep values alone, and its
 * points are matched one by one, so it is left out here.
 */
static void diff_params(struct alike_lines *ls, const struct rf_result *b,
			const struct rf_result *n, const struct jin_value *pb,
			const struct jin_value *pn)
{
	const struct jin_value *side[2] = { pb, pn };
	size_t i, k;

	if (!jin_is(pb, JIN_OBJECT) || !jin_is(pn, JIN_OBJECT)) {
		diff_value(ls, "scenario.params", pb, pn);
		return;
	}
	for (k = 0; k < 2; k++) {
		for (i = 0; i < side[k]->u.obj.len; i++) {
			const struct jin_member *m = &side[k]->u.obj.members[i];
			char *label;

			/* A key of both sides is seen from the base alone. */
			if ((k == 1 && jin_get(pb, m->key)) ||
			    swept_in(b, m->key) || swept_in(n, m->key))
				continue;
			label = sub_label("scenario.params", m->key);
			diff_value(ls, label, jin_get(pb, m->key),
				   jin_get(pn, m->key));
			free(label);
		}
	}
}

bool alike_in_testhost(const struct rf_result *r)
{
	const struct jin_value *fp = jin_get(r->root, "fingerprint");

	return jin_is(jin_get(fp, "testhost"), JIN_OBJECT);
}

/*
 * Knobs across kernels: one that a kernel lacks is the kernel's doing; a
 * value that differs is too when both ran in a test host, which boots
 * each kernel afresh with its own defaults, but not on a machine where
 * someone may have set it.
 */
static void diff_knobs(const struct rf_result *b, const struct rf_result *n,
		       const struct jin_value *kb, const struct jin_value *kn,
		       struct alike_lines *blocking, struct alike_lines *notes)
{
	bool fresh = alike_in_testhost(b) && alike_in_testhost(n);
	const struct jin_value *side[2] = { kb, kn };

	if (!jin_is(kb, JIN_OBJECT) || !jin_is(kn, JIN_OBJECT)) {
		diff_value(blocking, "fingerprint.knobs", kb, kn);
		return;
	}
	for (size_t s = 0; s < 2; s++) {
		for (size_t i = 0; i < side[s]->u.obj.len; i++) {
			const struct jin_member *m = &side[s]->u.obj.members[i];
			const struct jin_value *vb = jin_get(kb, m->key);
			const struct jin_value *vn = jin_get(kn, m->key);
			char *label;

			if (s == 1 && vb)
				continue;	/* seen from the base */
			label = sub_label("fingerprint.knobs", m->key);
			diff_value(!vb || !vn || fresh ? notes : blocking, label, vb, vn);
			free(label);
		}
	}
}

static const struct jin_value x86_64_value = {
	.type = JIN_STRING, .u.str = { "x86_64", 6 },
};

/* fingerprint.arch, fingerprint.testhost.arch */
static bool names_arch(const char *const *path)
{
	size_t k = 0;

	while (k < 4 && path[k])
		k++;
	return !strcmp(path[k - 1], "arch");
}

/*
 * An architecture a result does not name (fingerprint.arch, a test
 * host's arch) is x86_64, scn's only one before; a local run has no test
 * host to name one of.
 */
static const struct jin_value *arch_or_default(const struct rf_result *r,
					       const char *const *path,
					       const struct jin_value *v)
{
	const char *const th[4] = { "fingerprint", "testhost" };

	if (v || (path[2] && !jin_is(alike_field(r->root, th), JIN_OBJECT)))
		return v;
	return &x86_64_value;
}

const struct jin_value *alike_arch(const struct rf_result *r)
{
	const char *const path[4] = { "fingerprint", "arch" };

	return arch_or_default(r, path, alike_field(r->root, path));
}

void alike_diff(const struct rf_result *b, const struct rf_result *n,
		unsigned flags, struct alike_lines *blocking,
		struct alike_lines *notes)
{
	bool across_kernel = flags & (ALIKE_ACROSS_KERNEL | ALIKE_ACROSS_ARCH);
	/* Across one architecture, another CPU is another machine still. */
	bool other_arch = (flags & ALIKE_ACROSS_ARCH) &&
			  !jin_equal(alike_arch(b), alike_arch(n));
	size_t i, k;

	for (i = 0; i < ARRAY_SIZE(fields); i++) {
		const struct jin_value *vb = alike_field(b->root, fields[i].path);
		const struct jin_value *vn = alike_field(n->root, fields[i].path);
		bool block = fields[i].kind == BLOCKING ||
			     (fields[i].kind == KERNEL && !across_kernel) ||
			     (fields[i].kind == ARCH && !other_arch);
		struct strbuf label;

		if (names_arch(fields[i].path)) {
			vb = arch_or_default(b, fields[i].path, vb);
			vn = arch_or_default(n, fields[i].path, vn);
		}

		if (i == PARAMS_FIELD) {
			diff_params(flags & ALIKE_PARAMS_NOTED ? notes : blocking, b, n, vb, vn);
			continue;
		}
		if (fields[i].kind == KERNEL && across_kernel &&
		    !strcmp(fields[i].path[1], "knobs")) {
			diff_knobs(b, n, vb, vn, blocking, notes);
			continue;
		}
		sb_init(&label);
		for (k = 0; k < 4 && fields[i].path[k]; k++)
			sb_printf(&label, "%s%s", k ? "." : "", fields[i].path[k]);
		diff_value(block ? blocking : notes, label.buf, vb, vn);
		sb_free(&label);
	}
}

bool alike_only_kernels_differ(const struct rf_result *b,
			       const struct rf_result *n, unsigned flags)
{
	struct alike_lines blocking = { 0 }, notes = { 0 };
	bool only;

	if (!(flags & ALIKE_ACROSS_ARCH))
		flags |= ALIKE_ACROSS_KERNEL;
	alike_diff(b, n, flags, &blocking, &notes);
	only = blocking.len == 0;
	alike_lines_free(&blocking);
	alike_lines_free(&notes);
	return only;
}
