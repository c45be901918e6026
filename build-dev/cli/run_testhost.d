build-dev/cli/run_testhost.o: cli/run_testhost.c cli/../common/util.h \
 cli/../interp/check.h cli/../interp/../common/diag.h \
 cli/../interp/../common/source.h cli/../interp/../runtime/features.h \
 cli/../interp/ir.h cli/../interp/../common/arena.h \
 cli/../interp/../common/source.h cli/../interp/../runtime/cgroup.h \
 cli/../interp/../runtime/err.h cli/../interp/../runtime/vmstat.h \
 cli/../interp/../runtime/mm_tables.h cli/../interp/value.h \
 cli/../interp/../common/util.h cli/../interp/../grammar/ast.h \
 cli/../interp/../grammar/../common/arena.h \
 cli/../interp/../grammar/../common/source.h cli/../interp/exec.h \
 cli/../interp/../runtime/knobs.h cli/../interp/../runtime/cgroup.h \
 cli/../interp/../runtime/mm_tables.h cli/../interp/record.h \
 cli/../interp/../common/stats.h cli/../interp/exec.h \
 cli/../testhost/job.h cli/cmd_run.h cli/../common/source.h \
 cli/../interp/ir.h cli/../runtime/features.h cli/../testhost/testhost.h \
 cli/../testhost/../runtime/err.h cli/cmd_suite.h cli/cmd_testhost.h \
 cli/report.h
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
cli/../interp/../common/util.h:
cli/../interp/../grammar/ast.h:
cli/../interp/../grammar/../common/arena.h:
cli/../interp/../grammar/../common/source.h:
cli/../interp/exec.h:
cli/../interp/../runtime/knobs.h:
cli/../interp/../runtime/cgroup.h:
cli/../interp/../runtime/mm_tables.h:
cli/../interp/record.h:
cli/../interp/../common/stats.h:
cli/../interp/exec.h:
cli/../testhost/job.h:
cli/cmd_run.h:
cli/../common/source.h:
cli/../interp/ir.h:
cli/../runtime/features.h:
cli/../testhost/testhost.h:
cli/../testhost/../runtime/err.h:
cli/cmd_suite.h:
cli/cmd_testhost.h:
cli/report.h:
