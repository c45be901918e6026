build-dev/interp/memneed.o: interp/memneed.c interp/../runtime/knobs.h \
 interp/../runtime/cgroup.h interp/../runtime/err.h \
 interp/../runtime/vmstat.h interp/../runtime/mm_tables.h \
 interp/memneed.h interp/../common/util.h interp/ir.h \
 interp/../common/arena.h interp/../common/source.h \
 interp/../runtime/cgroup.h interp/../runtime/features.h \
 interp/../runtime/mm_tables.h interp/value.h interp/../grammar/ast.h \
 interp/../grammar/../common/arena.h interp/../grammar/../common/source.h
interp/../runtime/knobs.h:
interp/../runtime/cgroup.h:
interp/../runtime/err.h:
interp/../runtime/vmstat.h:
interp/../runtime/mm_tables.h:
interp/memneed.h:
interp/../common/util.h:
interp/ir.h:
interp/../common/arena.h:
interp/../common/source.h:
interp/../runtime/cgroup.h:
interp/../runtime/features.h:
interp/../runtime/mm_tables.h:
interp/value.h:
interp/../grammar/ast.h:
interp/../grammar/../common/arena.h:
interp/../grammar/../common/source.h:
