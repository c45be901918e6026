build-dev/cli/signals.o: cli/signals.c cli/signals.h \
 cli/../runtime/uffd.h cli/../runtime/err.h
cli/signals.h:
cli/../runtime/uffd.h:
cli/../runtime/err.h:
