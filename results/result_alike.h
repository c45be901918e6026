// SPDX-License-Identifier: GPL-2.0-only
/*
 * result_alike: whether two results were measured alike, for scn compare
 * and scn plot (docs/results.md section 5, "Alike or not"). What makes
 * two measurements comparable is the same scenario text and parameters
 * and the same machine and environment; a difference there blocks. What
 * a developer changes on purpose (the kernel, its command line, scn,
 * the repeats) is a note. What a kernel of its own makes differ (the
 * memory it leaves, KVM's parameters, its knobs) blocks unless the
 * results are taken across kernels.
 */
#ifndef SCN_RESULTS_RESULT_ALIKE_H
#define SCN_RESULTS_RESULT_ALIKE_H

#include <stdbool.h>
#include <stddef.h>

#include "result_file.h"

/* Lines of text, each owned. */
struct alike_lines {
	char **v;
	size_t len, cap;
};

void alike_lines_free(struct alike_lines *ls);

enum alike_flags {
	/* A kernel's own differences are notes (--across kernel). */
	ALIKE_ACROSS_KERNEL = 1,
	/*
	 * The scenario's parameters may differ: a plot names its bars by
	 * them, where compare, which matches points by them, cannot.
	 */
	ALIKE_PARAMS_NOTED = 2,
	/*
	 * Between two architectures, what the other one makes differ (CPU,
	 * kind of virtualization, QEMU's CPU) is a note too, and so is all
	 * that ALIKE_ACROSS_KERNEL makes one (--across arch).
	 */
	ALIKE_ACROSS_ARCH = 4,
};

/*
 * Appends to blocking and notes a "field: BASE -> NEW" line for each
 * difference between b and n, as flags (enum alike_flags) have them.
 */
void alike_diff(const struct rf_result *b, const struct rf_result *n,
		unsigned flags, struct alike_lines *blocking,
		struct alike_lines *notes);

/*
 * Whether ALIKE_ACROSS_KERNEL (with ALIKE_ACROSS_ARCH in flags: that one)
 * would accept every difference of b and n.
 */
bool alike_only_kernels_differ(const struct rf_result *b,
			       const struct rf_result *n, unsigned flags);

/* The value at path (up to 4 keys, NULL-ended) under root; NULL if absent. */
const struct jin_value *alike_field(const struct jin_value *root,
				    const char *const *path);

/* r's architecture: fingerprint.arch, x86_64 where it names none. */
const struct jin_value *alike_arch(const struct rf_result *r);

/* Whether r was measured in a test host (fingerprint.testhost). */
bool alike_in_testhost(const struct rf_result *r);

#endif
