build-dev/cli/compare_judge.o: cli/compare_judge.c cli/compare_judge.h \
 cli/result_file.h cli/../common/json_in.h cli/../common/arena.h \
 cli/../common/util.h cli/../common/stats.h cli/../common/util.h
cli/compare_judge.h:
cli/result_file.h:
cli/../common/json_in.h:
cli/../common/arena.h:
cli/../common/util.h:
cli/../common/stats.h:
cli/../common/util.h:
