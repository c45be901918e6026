build-dev/cli/repl_show_vm.o: cli/repl_show_vm.c cli/../interp/words.h \
 cli/../interp/../common/util.h cli/../runtime/kvm.h \
 cli/../runtime/../guest/abi.h runtime/arch/x86_64/arch.h \
 runtime/arch/x86_64/../../err.h cli/../runtime/err.h \
 cli/../runtime/kvm_stats.h cli/../runtime/mem.h \
 cli/../runtime/mm_tables.h cli/../runtime/uffd.h cli/../runtime/vcpu.h \
 cli/../runtime/kvm.h cli/../runtime/mem.h cli/repl.h \
 cli/../common/util.h cli/../interp/check.h \
 cli/../interp/../common/diag.h cli/../interp/../common/source.h \
 cli/../interp/../runtime/features.h cli/../interp/ir.h \
 cli/../interp/../common/arena.h cli/../interp/../common/source.h \
 cli/../interp/../runtime/cgroup.h cli/../interp/../runtime/err.h \
 cli/../interp/../runtime/vmstat.h cli/../interp/../runtime/mm_tables.h \
 cli/../interp/value.h cli/../interp/../grammar/ast.h \
 cli/../interp/../grammar/../common/arena.h \
 cli/../interp/../grammar/../common/source.h cli/../interp/session.h \
 cli/../interp/exec.h cli/../interp/../runtime/knobs.h \
 cli/../interp/../runtime/cgroup.h cli/../interp/../runtime/mm_tables.h
cli/../interp/words.h:
cli/../interp/../common/util.h:
cli/../runtime/kvm.h:
cli/../runtime/../guest/abi.h:
runtime/arch/x86_64/arch.h:
runtime/arch/x86_64/../../err.h:
cli/../runtime/err.h:
cli/../runtime/kvm_stats.h:
cli/../runtime/mem.h:
cli/../runtime/mm_tables.h:
cli/../runtime/uffd.h:
cli/../runtime/vcpu.h:
cli/../runtime/kvm.h:
cli/../runtime/mem.h:
cli/repl.h:
cli/../common/util.h:
cli/../interp/check.h:
cli/../interp/../common/diag.h:
cli/../interp/../common/source.h:
cli/../interp/../runtime/features.h:
cli/../interp/ir.h:
cli/../interp/../common/arena.h:
cli/../interp/../common/source.h:
cli/../interp/../runtime/cgroup.h:
cli/../interp/../runtime/err.h:
cli/../interp/../runtime/vmstat.h:
cli/../interp/../runtime/mm_tables.h:
cli/../interp/value.h:
cli/../interp/../grammar/ast.h:
cli/../interp/../grammar/../common/arena.h:
cli/../interp/../grammar/../common/source.h:
cli/../interp/session.h:
cli/../interp/exec.h:
cli/../interp/../runtime/knobs.h:
cli/../interp/../runtime/cgroup.h:
cli/../interp/../runtime/mm_tables.h:
