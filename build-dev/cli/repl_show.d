build-dev/cli/repl_show.o: cli/repl_show.c cli/../common/stats.h \
 cli/../interp/results.h cli/../interp/../runtime/err.h \
 cli/../interp/../runtime/kvm_stats.h cli/../interp/../runtime/err.h \
 cli/../interp/../runtime/vmstat.h cli/../interp/confound.h \
 cli/../interp/../runtime/ksm.h cli/../interp/../runtime/numa.h \
 cli/../interp/../runtime/mm_tables.h cli/../interp/ir.h \
 cli/../interp/../common/arena.h cli/../interp/../common/source.h \
 cli/../interp/../runtime/cgroup.h cli/../interp/../runtime/vmstat.h \
 cli/../interp/../runtime/features.h cli/../interp/../runtime/mm_tables.h \
 cli/../interp/value.h cli/../interp/../common/util.h \
 cli/../interp/../grammar/ast.h \
 cli/../interp/../grammar/../common/arena.h \
 cli/../interp/../grammar/../common/source.h cli/../interp/words.h \
 cli/../runtime/features.h cli/../runtime/knobs.h cli/../runtime/cgroup.h \
 cli/../runtime/err.h cli/../runtime/mm_tables.h cli/../runtime/mem.h \
 cli/../runtime/uffd.h cli/../runtime/vmstat.h cli/repl.h \
 cli/../common/util.h cli/../interp/check.h \
 cli/../interp/../common/diag.h cli/../interp/../common/source.h \
 cli/../interp/session.h cli/../interp/exec.h \
 cli/../interp/../runtime/knobs.h
cli/../common/stats.h:
cli/../interp/results.h:
cli/../interp/../runtime/err.h:
cli/../interp/../runtime/kvm_stats.h:
cli/../interp/../runtime/err.h:
cli/../interp/../runtime/vmstat.h:
cli/../interp/confound.h:
cli/../interp/../runtime/ksm.h:
cli/../interp/../runtime/numa.h:
cli/../interp/../runtime/mm_tables.h:
cli/../interp/ir.h:
cli/../interp/../common/arena.h:
cli/../interp/../common/source.h:
cli/../interp/../runtime/cgroup.h:
cli/../interp/../runtime/vmstat.h:
cli/../interp/../runtime/features.h:
cli/../interp/../runtime/mm_tables.h:
cli/../interp/value.h:
cli/../interp/../common/util.h:
cli/../interp/../grammar/ast.h:
cli/../interp/../grammar/../common/arena.h:
cli/../interp/../grammar/../common/source.h:
cli/../interp/words.h:
cli/../runtime/features.h:
cli/../runtime/knobs.h:
cli/../runtime/cgroup.h:
cli/../runtime/err.h:
cli/../runtime/mm_tables.h:
cli/../runtime/mem.h:
cli/../runtime/uffd.h:
cli/../runtime/vmstat.h:
cli/repl.h:
cli/../common/util.h:
cli/../interp/check.h:
cli/../interp/../common/diag.h:
cli/../interp/../common/source.h:
cli/../interp/session.h:
cli/../interp/exec.h:
cli/../interp/../runtime/knobs.h:
