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
#include "../interp/record.h"

/* The point parameter that names a point's kernel. */
#define KAXIS_PARAM "kernel"

/*
 * The program whose points are kernels[0..n) times p's, kernel first,
 * borrowing p's scenarios (p must outlive it; ir_program_free frees it).
 * A table of rows without cols gets the kernels as its columns; one with
 * both has no place for them and is dropped.
 */
struct ir_program *kaxis_program(const struct ir_program *p,
				 const char *const *kernels, size_t n);

/*
 * Fills rec's points of kernel k (of the program kaxis_program made from
 * p) from the JSON result at root that a run of p wrote. Strings of
 * phases and metrics are borrowed from the document, which must outlive
 * rec. Returns 0, or -EINVAL with why when root is not such a result.
 */
int kaxis_fill(struct record *rec, size_t k, const struct ir_program *p,
	       const struct jin_value *root, char *why, size_t len);

/*
 * Point i of p on kernel k, as rec numbers it; and whether rec has it
 * done.
 */
size_t kaxis_point(const struct ir_program *p, size_t k, size_t i);

/*
 * Marks point i of p on kernel k as not run by its kernel: status (a
 * skip, or a fail for a kernel that oopsed), why, and the fingerprint
 * (compact JSON, or NULL) of what is known of where; errors (n of them,
 * may be 0) become its errors. A point already done is left.
 */
void kaxis_mark(struct record *rec, const struct ir_program *p, size_t k,
		size_t i, int status, const char *why, const char *fingerprint,
		char *const *errors, size_t nerrors);

#endif
