build-dev/runtime/ksm.o: runtime/ksm.c runtime/ksm.h runtime/err.h \
 runtime/clock.h runtime/compat.h runtime/vmstat.h
runtime/ksm.h:
runtime/err.h:
runtime/clock.h:
runtime/compat.h:
runtime/vmstat.h:
