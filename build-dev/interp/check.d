build-dev/interp/check.o: interp/check.c interp/../grammar/parse.h \
 interp/../grammar/../common/diag.h interp/../grammar/../common/source.h \
 interp/../grammar/ast.h interp/../grammar/../common/arena.h \
 interp/../grammar/../common/source.h interp/lower.h \
 interp/../common/diag.h interp/../grammar/ast.h interp/check.h \
 interp/../runtime/features.h interp/ir.h interp/../common/arena.h \
 interp/../common/source.h interp/../runtime/cgroup.h \
 interp/../runtime/err.h interp/../runtime/vmstat.h \
 interp/../runtime/mm_tables.h interp/value.h interp/../common/util.h \
 interp/memcg.h interp/items.h interp/memneed.h interp/words.h
interp/../grammar/parse.h:
interp/../grammar/../common/diag.h:
interp/../grammar/../common/source.h:
interp/../grammar/ast.h:
interp/../grammar/../common/arena.h:
interp/../grammar/../common/source.h:
interp/lower.h:
interp/../common/diag.h:
interp/../grammar/ast.h:
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
interp/memcg.h:
interp/items.h:
interp/memneed.h:
interp/words.h:
