build-dev/runtime/mm_tables.o: runtime/mm_tables.c runtime/mm_tables.h
runtime/mm_tables.h:
