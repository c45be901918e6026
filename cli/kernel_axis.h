// SPDX-License-Identifier: GPL-2.0-only
/*
 * kernel_axis: one scenario on several kernels as one result (scn run
 * --kernel A,B FILE, docs/results.md section 9). The kernel is a sweep of
 * its own, outside the scenario's: the result's points are the kernels
 * times the scenario's points, kernel first ("kernel=debian:7.3,
 * readers=4"), so that every writer (text, JSON, CSV, KTAP) shows a row a
 * kernel without knowing of test hosts. Each kernel's points come back
 * from the scn that ran them inside its test host as that run's JSON
 * result, and are read into the one record here, each with the
 * fingerprint of the test host it ran in; a kernel that could not run
 * them (not fetched, not booted, not able) gives SKIP points that say why.
 */
#ifndef SCN_CLI_KERNEL_AXIS_H
#define SCN_CLI_KERNEL_AXIS_H

#include <stdbool.h>
#include <stddef.h>

#include "../common/json_in.h"
#include "../interp/ir.h"
#include "../results/result.h"

/* The point parameter that names a point's kernel. */
#define KAXIS_PARAM "kernel"

/*
 * The result whose points are kernels[0..n) times base's (the shape of
 * the scenario's points, as record_init makes it), kernel first. Its
 * shape borrows base's strings: base must outlive it; result_free frees
 * it. A table of rows without cols gets the kernels as its columns; one
 * with both has no place for them and is dropped.
 */
void kaxis_result(struct result *ax, const struct result *base,
		  const char *const *kernels, size_t n);

/* Point i of the scenario on kernel k, as ax numbers it (np: base's points). */
size_t kaxis_point(size_t np, size_t k, size_t i);

/*
 * Fills ax's points of kernel k from the JSON result at root that a run
 * of p (base: its shape) wrote. Phase names, units and the like are
 * borrowed from the document, which must outlive ax. Returns 0, or
 * -EINVAL with why when root is not such a result.
 */
int kaxis_fill(struct result *ax, const struct result *base,
	       const struct ir_program *p, size_t k, const struct jin_value *root,
	       char *why, size_t len);

/*
 * Marks point i on kernel k as not run by its kernel: skipped (or, not
 * skip, failed: a kernel that oopsed), why, the fingerprint (compact
 * JSON, or NULL) of what is known of where, errors [0..nerrors) besides.
 * A point already done is left.
 */
void kaxis_mark(struct result *ax, size_t np, size_t k, size_t i, bool skip,
		const char *why, const char *fingerprint, char *const *errors,
		size_t nerrors);

#endif
