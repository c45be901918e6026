// SPDX-License-Identifier: GPL-2.0-only
#include "ir.h"

#include <stdlib.h>

static const struct {
	const char *name;
	enum val_type type;
	bool per_vcpu;
} metrics[] = {
#define MET_ROW(id, name, type, pv) { name, type, pv },
	METRIC_LIST(MET_ROW)
#undef MET_ROW
};

static const char *const stats[] = {
#define STAT_ROW(id, name) name,
	STAT_LIST(STAT_ROW)
#undef STAT_ROW
};

static const char *const op_names[] = {
#define IROP_ROW(id, name) name,
	IR_OP_LIST(IROP_ROW)
#undef IROP_ROW
};

static const struct {
	const char *name;
	enum val_type type;
} ustats[] = {
#define USTAT_ROW(id, name, type) { name, type },
	UFFD_STAT_LIST(USTAT_ROW)
#undef USTAT_ROW
};

const char *uffd_stat_name(enum uffd_stat s)
{
	return ustats[s].name;
}

enum val_type uffd_stat_type(enum uffd_stat s)
{
	return ustats[s].type;
}

const char *metric_name(enum metric m)
{
	return metrics[m].name;
}

enum val_type metric_type(enum metric m)
{
	return metrics[m].type;
}

bool metric_per_vcpu(enum metric m)
{
	return metrics[m].per_vcpu;
}

const char *stat_name(enum stat_kind s)
{
	return stats[s];
}

const char *ir_op_name(enum ir_op_kind k)
{
	return op_names[k];
}

void ir_program_free(struct ir_program *p)
{
	if (!p)
		return;
	arena_free(&p->arena);
	free(p);
}
