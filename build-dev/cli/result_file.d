build-dev/cli/result_file.o: cli/result_file.c cli/result_file.h \
 cli/../common/json_in.h cli/../common/arena.h cli/../common/util.h \
 cli/../common/stats.h cli/../common/util.h
cli/result_file.h:
cli/../common/json_in.h:
cli/../common/arena.h:
cli/../common/util.h:
cli/../common/stats.h:
cli/../common/util.h:
