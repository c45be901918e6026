build-dev/cli/cmd_suite.o: cli/cmd_suite.c cli/../common/json_out.h \
 cli/../common/util.h cli/../runtime/knobs.h cli/../runtime/cgroup.h \
 cli/../runtime/err.h cli/../runtime/vmstat.h cli/../runtime/mm_tables.h \
 cli/cmd_run.h cli/../common/source.h cli/../interp/ir.h \
 cli/../interp/../common/arena.h cli/../interp/../common/source.h \
 cli/../interp/../runtime/cgroup.h cli/../interp/../runtime/features.h \
 cli/../interp/../runtime/mm_tables.h cli/../interp/value.h \
 cli/../interp/../common/util.h cli/../interp/../grammar/ast.h \
 cli/../interp/../grammar/../common/arena.h \
 cli/../interp/../grammar/../common/source.h cli/../runtime/features.h \
 cli/../testhost/testhost.h cli/../testhost/../runtime/err.h \
 cli/cmd_suite.h cli/cmd_testhost.h cli/signals.h cli/report.h \
 cli/../interp/record.h cli/../interp/../common/diag.h \
 cli/../interp/../common/source.h cli/../interp/../common/stats.h \
 cli/../interp/exec.h cli/../interp/../runtime/knobs.h cli/../interp/ir.h \
 cli/result_file.h cli/../common/json_in.h cli/../common/arena.h \
 cli/../common/util.h cli/../common/stats.h cli/suite_file.h \
 cli/../common/diag.h
cli/../common/json_out.h:
cli/../common/util.h:
cli/../runtime/knobs.h:
cli/../runtime/cgroup.h:
cli/../runtime/err.h:
cli/../runtime/vmstat.h:
cli/../runtime/mm_tables.h:
cli/cmd_run.h:
cli/../common/source.h:
cli/../interp/ir.h:
cli/../interp/../common/arena.h:
cli/../interp/../common/source.h:
cli/../interp/../runtime/cgroup.h:
cli/../interp/../runtime/features.h:
cli/../interp/../runtime/mm_tables.h:
cli/../interp/value.h:
cli/../interp/../common/util.h:
cli/../interp/../grammar/ast.h:
cli/../interp/../grammar/../common/arena.h:
cli/../interp/../grammar/../common/source.h:
cli/../runtime/features.h:
cli/../testhost/testhost.h:
cli/../testhost/../runtime/err.h:
cli/cmd_suite.h:
cli/cmd_testhost.h:
cli/signals.h:
cli/report.h:
cli/../interp/record.h:
cli/../interp/../common/diag.h:
cli/../interp/../common/source.h:
cli/../interp/../common/stats.h:
cli/../interp/exec.h:
cli/../interp/../runtime/knobs.h:
cli/../interp/ir.h:
cli/result_file.h:
cli/../common/json_in.h:
cli/../common/arena.h:
cli/../common/util.h:
cli/../common/stats.h:
cli/suite_file.h:
cli/../common/diag.h:
