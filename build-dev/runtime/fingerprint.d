build-dev/runtime/fingerprint.o: runtime/fingerprint.c \
 runtime/../common/util.h runtime/fingerprint.h \
 runtime/../common/json_out.h runtime/../testhost/job.h \
 runtime/features.h runtime/knobs.h runtime/cgroup.h runtime/err.h \
 runtime/vmstat.h runtime/mm_tables.h runtime/numa.h runtime/probe.h
runtime/../common/util.h:
runtime/fingerprint.h:
runtime/../common/json_out.h:
runtime/../testhost/job.h:
runtime/features.h:
runtime/knobs.h:
runtime/cgroup.h:
runtime/err.h:
runtime/vmstat.h:
runtime/mm_tables.h:
runtime/numa.h:
runtime/probe.h:
