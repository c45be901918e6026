build-dev/cli/cmd_features.o: cli/cmd_features.c cli/cmd_features.h \
 cli/../common/json_out.h cli/../runtime/features.h cli/cmd_testhost.h \
 cli/../testhost/testhost.h cli/../testhost/../runtime/err.h
cli/cmd_features.h:
cli/../common/json_out.h:
cli/../runtime/features.h:
cli/cmd_testhost.h:
cli/../testhost/testhost.h:
cli/../testhost/../runtime/err.h:
