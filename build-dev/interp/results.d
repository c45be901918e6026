build-dev/interp/results.o: interp/results.c interp/results.h \
 interp/../runtime/err.h interp/../runtime/kvm_stats.h \
 interp/../runtime/err.h interp/../runtime/vmstat.h interp/confound.h \
 interp/../runtime/ksm.h interp/../runtime/numa.h \
 interp/../runtime/mm_tables.h interp/ir.h interp/../common/arena.h \
 interp/../common/source.h interp/../runtime/cgroup.h \
 interp/../runtime/vmstat.h interp/../runtime/features.h \
 interp/../runtime/mm_tables.h interp/value.h interp/../common/util.h \
 interp/../grammar/ast.h interp/../grammar/../common/arena.h \
 interp/../grammar/../common/source.h interp/../common/stats.h
interp/results.h:
interp/../runtime/err.h:
interp/../runtime/kvm_stats.h:
interp/../runtime/err.h:
interp/../runtime/vmstat.h:
interp/confound.h:
interp/../runtime/ksm.h:
interp/../runtime/numa.h:
interp/../runtime/mm_tables.h:
interp/ir.h:
interp/../common/arena.h:
interp/../common/source.h:
interp/../runtime/cgroup.h:
interp/../runtime/vmstat.h:
interp/../runtime/features.h:
interp/../runtime/mm_tables.h:
interp/value.h:
interp/../common/util.h:
interp/../grammar/ast.h:
interp/../grammar/../common/arena.h:
interp/../grammar/../common/source.h:
interp/../common/stats.h:
