build-dev/cli/suite_file.o: cli/suite_file.c cli/../common/util.h \
 cli/suite_file.h cli/../common/diag.h cli/../common/source.h \
 cli/../common/source.h
cli/../common/util.h:
cli/suite_file.h:
cli/../common/diag.h:
cli/../common/source.h:
cli/../common/source.h:
