build-dev/runtime/numa.o: runtime/numa.c runtime/numa.h runtime/err.h \
 runtime/mm_tables.h runtime/vmstat.h
runtime/numa.h:
runtime/err.h:
runtime/mm_tables.h:
runtime/vmstat.h:
