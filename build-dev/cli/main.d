build-dev/cli/main.o: cli/main.c cli/../common/diag.h \
 cli/../common/source.h cli/../interp/check.h \
 cli/../interp/../common/diag.h cli/../interp/../runtime/features.h \
 cli/../interp/ir.h cli/../interp/../common/arena.h \
 cli/../interp/../common/source.h cli/../interp/../runtime/cgroup.h \
 cli/../interp/../runtime/err.h cli/../interp/../runtime/vmstat.h \
 cli/../interp/../runtime/mm_tables.h cli/../interp/value.h \
 cli/../interp/../common/util.h cli/../interp/../grammar/ast.h \
 cli/../interp/../grammar/../common/arena.h \
 cli/../interp/../grammar/../common/source.h cli/../interp/plan.h \
 cli/../interp/words.h cli/../runtime/features.h cli/../runtime/knobs.h \
 cli/../runtime/cgroup.h cli/../runtime/err.h cli/../runtime/mm_tables.h \
 cli/cmd_compare.h cli/cmd_features.h cli/cmd_plot.h cli/cmd_repl.h \
 cli/cmd_run.h cli/../common/source.h cli/../interp/ir.h \
 cli/../testhost/testhost.h cli/../testhost/../runtime/err.h \
 cli/cmd_testhost.h
cli/../common/diag.h:
cli/../common/source.h:
cli/../interp/check.h:
cli/../interp/../common/diag.h:
cli/../interp/../runtime/features.h:
cli/../interp/ir.h:
cli/../interp/../common/arena.h:
cli/../interp/../common/source.h:
cli/../interp/../runtime/cgroup.h:
cli/../interp/../runtime/err.h:
cli/../interp/../runtime/vmstat.h:
cli/../interp/../runtime/mm_tables.h:
cli/../interp/value.h:
cli/../interp/../common/util.h:
cli/../interp/../grammar/ast.h:
cli/../interp/../grammar/../common/arena.h:
cli/../interp/../grammar/../common/source.h:
cli/../interp/plan.h:
cli/../interp/words.h:
cli/../runtime/features.h:
cli/../runtime/knobs.h:
cli/../runtime/cgroup.h:
cli/../runtime/err.h:
cli/../runtime/mm_tables.h:
cli/cmd_compare.h:
cli/cmd_features.h:
cli/cmd_plot.h:
cli/cmd_repl.h:
cli/cmd_run.h:
cli/../common/source.h:
cli/../interp/ir.h:
cli/../testhost/testhost.h:
cli/../testhost/../runtime/err.h:
cli/cmd_testhost.h:
