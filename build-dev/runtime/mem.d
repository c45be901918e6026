build-dev/runtime/mem.o: runtime/mem.c runtime/mem.h runtime/err.h \
 runtime/mm_tables.h runtime/compat.h
runtime/mem.h:
runtime/err.h:
runtime/mm_tables.h:
runtime/compat.h:
