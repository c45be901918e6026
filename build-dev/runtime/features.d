build-dev/runtime/features.o: runtime/features.c runtime/features.h \
 runtime/cgroup.h runtime/err.h runtime/vmstat.h runtime/compat.h \
 runtime/probe.h
runtime/features.h:
runtime/cgroup.h:
runtime/err.h:
runtime/vmstat.h:
runtime/compat.h:
runtime/probe.h:
