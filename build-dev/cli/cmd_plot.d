build-dev/cli/cmd_plot.o: cli/cmd_plot.c cli/cmd_plot.h \
 cli/../common/util.h cli/plot.h cli/result_file.h \
 cli/../common/json_in.h cli/../common/arena.h cli/../common/util.h \
 cli/../common/stats.h
cli/cmd_plot.h:
cli/../common/util.h:
cli/plot.h:
cli/result_file.h:
cli/../common/json_in.h:
cli/../common/arena.h:
cli/../common/util.h:
cli/../common/stats.h:
