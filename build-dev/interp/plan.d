build-dev/interp/plan.o: interp/plan.c interp/plan.h \
 interp/../common/util.h interp/ir.h interp/../common/arena.h \
 interp/../common/source.h interp/../runtime/cgroup.h \
 interp/../runtime/err.h interp/../runtime/vmstat.h \
 interp/../runtime/features.h interp/../runtime/mm_tables.h \
 interp/value.h interp/../grammar/ast.h \
 interp/../grammar/../common/arena.h interp/../grammar/../common/source.h \
 interp/memneed.h interp/words.h
interp/plan.h:
interp/../common/util.h:
interp/ir.h:
interp/../common/arena.h:
interp/../common/source.h:
interp/../runtime/cgroup.h:
interp/../runtime/err.h:
interp/../runtime/vmstat.h:
interp/../runtime/features.h:
interp/../runtime/mm_tables.h:
interp/value.h:
interp/../grammar/ast.h:
interp/../grammar/../common/arena.h:
interp/../grammar/../common/source.h:
interp/memneed.h:
interp/words.h:
