build-dev/cli/cmd_testhost.o: cli/cmd_testhost.c cli/../common/util.h \
 cli/../testhost/kernel.h cli/../testhost/../runtime/err.h \
 cli/cmd_testhost.h cli/../testhost/testhost.h
cli/../common/util.h:
cli/../testhost/kernel.h:
cli/../testhost/../runtime/err.h:
cli/cmd_testhost.h:
cli/../testhost/testhost.h:
