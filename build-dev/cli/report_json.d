build-dev/cli/report_json.o: cli/report_json.c cli/../common/json_out.h \
 cli/../runtime/fingerprint.h cli/../runtime/../common/json_out.h \
 cli/../runtime/../testhost/job.h cli/../runtime/features.h cli/report.h \
 cli/../interp/record.h cli/../interp/../common/diag.h \
 cli/../interp/../common/source.h cli/../interp/../common/stats.h \
 cli/../interp/exec.h cli/../interp/../runtime/features.h \
 cli/../interp/../runtime/knobs.h cli/../interp/../runtime/cgroup.h \
 cli/../interp/../runtime/err.h cli/../interp/../runtime/vmstat.h \
 cli/../interp/../runtime/mm_tables.h cli/../interp/ir.h \
 cli/../interp/../common/arena.h cli/../interp/../common/source.h \
 cli/../interp/../runtime/cgroup.h cli/../interp/../runtime/mm_tables.h \
 cli/../interp/value.h cli/../interp/../common/util.h \
 cli/../interp/../grammar/ast.h \
 cli/../interp/../grammar/../common/arena.h \
 cli/../interp/../grammar/../common/source.h cli/../runtime/features.h
cli/../common/json_out.h:
cli/../runtime/fingerprint.h:
cli/../runtime/../common/json_out.h:
cli/../runtime/../testhost/job.h:
cli/../runtime/features.h:
cli/report.h:
cli/../interp/record.h:
cli/../interp/../common/diag.h:
cli/../interp/../common/source.h:
cli/../interp/../common/stats.h:
cli/../interp/exec.h:
cli/../interp/../runtime/features.h:
cli/../interp/../runtime/knobs.h:
cli/../interp/../runtime/cgroup.h:
cli/../interp/../runtime/err.h:
cli/../interp/../runtime/vmstat.h:
cli/../interp/../runtime/mm_tables.h:
cli/../interp/ir.h:
cli/../interp/../common/arena.h:
cli/../interp/../common/source.h:
cli/../interp/../runtime/cgroup.h:
cli/../interp/../runtime/mm_tables.h:
cli/../interp/value.h:
cli/../interp/../common/util.h:
cli/../interp/../grammar/ast.h:
cli/../interp/../grammar/../common/arena.h:
cli/../interp/../grammar/../common/source.h:
cli/../runtime/features.h:
