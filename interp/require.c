// SPDX-License-Identifier: GPL-2.0-only
/*
 * require: the requirements a scenario collects as it is checked, the
 * ones it states (require) and the ones its statements imply (need),
 * each once (see lower.h). It calls nothing else of the checker's.
 */
#include <string.h>

#include "lower.h"

void add_require(struct lower *L, int feature, const char *fact,
		 enum ast_op cmp, int64_t arg, bool explicit_, struct loc loc,
		 const char *why)
{
	struct ir_scenario *sc = L->sc;
	struct ir_require r = { .feature = feature, .fact = fact, .cmp = cmp,
				.arg = arg, .explicit_ = explicit_, .loc = loc,
				.why = why };
	size_t i;

	for (i = 0; i < sc->nreqs; i++) {
		struct ir_require *o = &sc->reqs[i];

		if (o->feature == feature && o->arg == arg && o->cmp == cmp &&
		    ((!fact && !o->fact) || (fact && o->fact &&
					     !strcmp(fact, o->fact)))) {
			o->explicit_ |= explicit_;
			return;
		}
	}
	PUSH_ARENA(L, sc->reqs, sc->nreqs, L->reqs_cap, r);
}

void need(struct lower *L, enum rt_feature f, struct loc loc,
		 const char *why)
{
	add_require(L, (int)f, NULL, OP_NONE, 0, false, loc, why);
}
