build-dev/interp/exec_memcg.o: interp/exec_memcg.c \
 interp/../runtime/cgroup.h interp/../runtime/err.h \
 interp/../runtime/vmstat.h interp/exec_run.h interp/../runtime/knobs.h \
 interp/../runtime/cgroup.h interp/../runtime/mm_tables.h \
 interp/../runtime/mem.h interp/../runtime/uffd.h \
 interp/../runtime/vcpu.h interp/../runtime/../guest/abi.h \
 interp/../runtime/kvm.h runtime/arch/x86_64/arch.h \
 runtime/arch/x86_64/../../err.h interp/../runtime/kvm_stats.h \
 interp/../runtime/mem.h interp/exec.h interp/../common/diag.h \
 interp/../common/source.h interp/../runtime/features.h interp/ir.h \
 interp/../common/arena.h interp/../common/source.h \
 interp/../runtime/mm_tables.h interp/value.h interp/../common/util.h \
 interp/../grammar/ast.h interp/../grammar/../common/arena.h \
 interp/../grammar/../common/source.h interp/results.h \
 interp/../runtime/err.h interp/../runtime/kvm_stats.h \
 interp/../runtime/vmstat.h interp/confound.h interp/../runtime/ksm.h \
 interp/../runtime/numa.h interp/watchdog.h interp/memcg.h interp/items.h \
 interp/lower.h interp/check.h
interp/../runtime/cgroup.h:
interp/../runtime/err.h:
interp/../runtime/vmstat.h:
interp/exec_run.h:
interp/../runtime/knobs.h:
interp/../runtime/cgroup.h:
interp/../runtime/mm_tables.h:
interp/../runtime/mem.h:
interp/../runtime/uffd.h:
interp/../runtime/vcpu.h:
interp/../runtime/../guest/abi.h:
interp/../runtime/kvm.h:
runtime/arch/x86_64/arch.h:
runtime/arch/x86_64/../../err.h:
interp/../runtime/kvm_stats.h:
interp/../runtime/mem.h:
interp/exec.h:
interp/../common/diag.h:
interp/../common/source.h:
interp/../runtime/features.h:
interp/ir.h:
interp/../common/arena.h:
interp/../common/source.h:
interp/../runtime/mm_tables.h:
interp/value.h:
interp/../common/util.h:
interp/../grammar/ast.h:
interp/../grammar/../common/arena.h:
interp/../grammar/../common/source.h:
interp/results.h:
interp/../runtime/err.h:
interp/../runtime/kvm_stats.h:
interp/../runtime/vmstat.h:
interp/confound.h:
interp/../runtime/ksm.h:
interp/../runtime/numa.h:
interp/watchdog.h:
interp/memcg.h:
interp/items.h:
interp/lower.h:
interp/check.h:
