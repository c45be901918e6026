build-dev/runtime/vmstat.o: runtime/vmstat.c runtime/vmstat.h \
 runtime/err.h
runtime/vmstat.h:
runtime/err.h:
