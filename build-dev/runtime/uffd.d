build-dev/runtime/uffd.o: runtime/uffd.c runtime/uffd.h runtime/err.h \
 runtime/clock.h runtime/compat.h
runtime/uffd.h:
runtime/err.h:
runtime/clock.h:
runtime/compat.h:
