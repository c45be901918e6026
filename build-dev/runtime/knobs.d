build-dev/runtime/knobs.o: runtime/knobs.c runtime/knobs.h \
 runtime/cgroup.h runtime/err.h runtime/vmstat.h runtime/mm_tables.h \
 runtime/clock.h runtime/journals.h runtime/probe.h runtime/features.h
runtime/knobs.h:
runtime/cgroup.h:
runtime/err.h:
runtime/vmstat.h:
runtime/mm_tables.h:
runtime/clock.h:
runtime/journals.h:
runtime/probe.h:
runtime/features.h:
