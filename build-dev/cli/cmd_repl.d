build-dev/cli/cmd_repl.o: cli/cmd_repl.c cli/../runtime/features.h \
 cli/cmd_repl.h cli/cmd_run.h cli/../common/source.h cli/../interp/ir.h \
 cli/../interp/../common/arena.h cli/../interp/../common/source.h \
 cli/../interp/../runtime/cgroup.h cli/../interp/../runtime/err.h \
 cli/../interp/../runtime/vmstat.h cli/../interp/../runtime/features.h \
 cli/../interp/../runtime/mm_tables.h cli/../interp/value.h \
 cli/../interp/../common/util.h cli/../interp/../grammar/ast.h \
 cli/../interp/../grammar/../common/arena.h \
 cli/../interp/../grammar/../common/source.h cli/../testhost/testhost.h \
 cli/../testhost/../runtime/err.h cli/cmd_testhost.h cli/repl.h \
 cli/../common/util.h cli/../interp/check.h \
 cli/../interp/../common/diag.h cli/../interp/../common/source.h \
 cli/../interp/ir.h cli/../interp/session.h cli/../interp/exec.h \
 cli/../interp/../runtime/knobs.h cli/../interp/../runtime/cgroup.h \
 cli/../interp/../runtime/mm_tables.h cli/repl_edit.h cli/signals.h
cli/../runtime/features.h:
cli/cmd_repl.h:
cli/cmd_run.h:
cli/../common/source.h:
cli/../interp/ir.h:
cli/../interp/../common/arena.h:
cli/../interp/../common/source.h:
cli/../interp/../runtime/cgroup.h:
cli/../interp/../runtime/err.h:
cli/../interp/../runtime/vmstat.h:
cli/../interp/../runtime/features.h:
cli/../interp/../runtime/mm_tables.h:
cli/../interp/value.h:
cli/../interp/../common/util.h:
cli/../interp/../grammar/ast.h:
cli/../interp/../grammar/../common/arena.h:
cli/../interp/../grammar/../common/source.h:
cli/../testhost/testhost.h:
cli/../testhost/../runtime/err.h:
cli/cmd_testhost.h:
cli/repl.h:
cli/../common/util.h:
cli/../interp/check.h:
cli/../interp/../common/diag.h:
cli/../interp/../common/source.h:
cli/../interp/ir.h:
cli/../interp/session.h:
cli/../interp/exec.h:
cli/../interp/../runtime/knobs.h:
cli/../interp/../runtime/cgroup.h:
cli/../interp/../runtime/mm_tables.h:
cli/repl_edit.h:
cli/signals.h:
