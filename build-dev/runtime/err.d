build-dev/runtime/err.o: runtime/err.c runtime/err.h
runtime/err.h:
