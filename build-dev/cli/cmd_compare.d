build-dev/cli/cmd_compare.o: cli/cmd_compare.c cli/cmd_compare.h \
 cli/../common/stats.h cli/../common/util.h cli/compare_judge.h \
 cli/result_file.h cli/../common/json_in.h cli/../common/arena.h \
 cli/../common/util.h
cli/cmd_compare.h:
cli/../common/stats.h:
cli/../common/util.h:
cli/compare_judge.h:
cli/result_file.h:
cli/../common/json_in.h:
cli/../common/arena.h:
cli/../common/util.h:
