// SPDX-License-Identifier: GPL-2.0-only
#include "mm_tables.h"

const struct backing_info backing_info[BACKING__COUNT] = {
#define BK_ROW(id, name, flags) { name, flags },
	BACKING_LIST(BK_ROW)
#undef BK_ROW
};

const struct advice_info advice_info[ADVICE__COUNT] = {
#define ADV_ROW(id, name, value, flags) { name, value, flags },
	ADVICE_LIST(ADV_ROW)
#undef ADV_ROW
};

const struct knob_info knob_info[KNOB__COUNT] = {
#define KNOB_ROW(id, name, path, kind, min, max, words)                       \
	{ name, path, kind, min, max, words },
	KNOB_LIST(KNOB_ROW)
#undef KNOB_ROW
};

const struct policy_info policy_info[MPOLICY__COUNT] = {
#define POL_ROW(id, name, value, nodes) { name, value, nodes },
	POLICY_LIST(POL_ROW)
#undef POL_ROW
};
