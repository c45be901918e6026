build-dev/interp/ir.o: interp/ir.c interp/ir.h interp/../common/arena.h \
 interp/../common/source.h interp/../runtime/cgroup.h \
 interp/../runtime/err.h interp/../runtime/vmstat.h \
 interp/../runtime/features.h interp/../runtime/mm_tables.h \
 interp/value.h interp/../common/util.h interp/../grammar/ast.h \
 interp/../grammar/../common/arena.h interp/../grammar/../common/source.h \
 interp/words.h
interp/ir.h:
interp/../common/arena.h:
interp/../common/source.h:
interp/../runtime/cgroup.h:
interp/../runtime/err.h:
interp/../runtime/vmstat.h:
interp/../runtime/features.h:
interp/../runtime/mm_tables.h:
interp/value.h:
interp/../common/util.h:
interp/../grammar/ast.h:
interp/../grammar/../common/arena.h:
interp/../grammar/../common/source.h:
interp/words.h:
