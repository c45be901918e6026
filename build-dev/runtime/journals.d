build-dev/runtime/journals.o: runtime/journals.c runtime/journals.h \
 runtime/err.h runtime/probe.h runtime/features.h
runtime/journals.h:
runtime/err.h:
runtime/probe.h:
runtime/features.h:
