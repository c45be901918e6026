build-dev/interp/want.o: interp/want.c interp/lower.h \
 interp/../common/diag.h interp/../common/source.h \
 interp/../grammar/ast.h interp/../grammar/../common/arena.h \
 interp/../grammar/../common/source.h interp/check.h \
 interp/../runtime/features.h interp/ir.h interp/../common/arena.h \
 interp/../common/source.h interp/../runtime/cgroup.h \
 interp/../runtime/err.h interp/../runtime/vmstat.h \
 interp/../runtime/mm_tables.h interp/value.h interp/../common/util.h \
 interp/words.h
interp/lower.h:
interp/../common/diag.h:
interp/../common/source.h:
interp/../grammar/ast.h:
interp/../grammar/../common/arena.h:
interp/../grammar/../common/source.h:
interp/check.h:
interp/../runtime/features.h:
interp/ir.h:
interp/../common/arena.h:
interp/../common/source.h:
interp/../runtime/cgroup.h:
interp/../runtime/err.h:
interp/../runtime/vmstat.h:
interp/../runtime/mm_tables.h:
interp/value.h:
interp/../common/util.h:
interp/words.h:
