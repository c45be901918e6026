build-dev/runtime/cgroup.o: runtime/cgroup.c runtime/cgroup.h \
 runtime/err.h runtime/vmstat.h runtime/probe.h runtime/features.h
runtime/cgroup.h:
runtime/err.h:
runtime/vmstat.h:
runtime/probe.h:
runtime/features.h:
