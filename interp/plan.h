// SPDX-License-Identifier: GPL-2.0-only
/*
 * plan: a checked program as a person reads it: parameters, requirements,
 * then what would be created and done, in order. Stable for golden tests
 * when the machine facts are pinned (--assume).
 */
#ifndef SCN_PLAN_H
#define SCN_PLAN_H

#include "../common/util.h"
#include "ir.h"

/* Renders the whole program; all_points: every sweep point in full. */
void plan_render(struct strbuf *sb, const struct ir_program *p,
		 const struct rt_facts *facts, bool all_points);
/* "kvm, uffd.minor, hugetlb 2M, nodes >= 2" */
void plan_requirements(struct strbuf *sb, const struct ir_scenario *sc);
/* An expression as text, for plans and reports. */
void plan_expr(struct strbuf *sb, const struct ir_expr *x,
	       const struct ir_scenario *sc);

#endif
