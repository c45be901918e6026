build-dev/cli/repl_edit.o: cli/repl_edit.c cli/../grammar/parse.h \
 cli/../grammar/../common/diag.h cli/../grammar/../common/source.h \
 cli/../grammar/ast.h cli/../grammar/../common/arena.h \
 cli/../grammar/../common/source.h cli/../interp/words.h \
 cli/../interp/../common/util.h cli/repl_edit.h cli/repl.h \
 cli/../common/util.h cli/../interp/check.h \
 cli/../interp/../common/diag.h cli/../interp/../runtime/features.h \
 cli/../interp/ir.h cli/../interp/../common/arena.h \
 cli/../interp/../common/source.h cli/../interp/../runtime/cgroup.h \
 cli/../interp/../runtime/err.h cli/../interp/../runtime/vmstat.h \
 cli/../interp/../runtime/mm_tables.h cli/../interp/value.h \
 cli/../interp/../grammar/ast.h cli/../interp/session.h \
 cli/../interp/exec.h cli/../interp/../runtime/knobs.h \
 cli/../interp/../runtime/cgroup.h cli/../interp/../runtime/mm_tables.h
cli/../grammar/parse.h:
cli/../grammar/../common/diag.h:
cli/../grammar/../common/source.h:
cli/../grammar/ast.h:
cli/../grammar/../common/arena.h:
cli/../grammar/../common/source.h:
cli/../interp/words.h:
cli/../interp/../common/util.h:
cli/repl_edit.h:
cli/repl.h:
cli/../common/util.h:
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
cli/../interp/../grammar/ast.h:
cli/../interp/session.h:
cli/../interp/exec.h:
cli/../interp/../runtime/knobs.h:
cli/../interp/../runtime/cgroup.h:
cli/../interp/../runtime/mm_tables.h:
