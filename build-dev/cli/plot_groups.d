build-dev/cli/plot_groups.o: cli/plot_groups.c cli/cmd_plot.h cli/plot.h \
 cli/../common/util.h cli/result_file.h cli/../common/json_in.h \
 cli/../common/arena.h cli/../common/util.h cli/../common/stats.h
cli/cmd_plot.h:
cli/plot.h:
cli/../common/util.h:
cli/result_file.h:
cli/../common/json_in.h:
cli/../common/arena.h:
cli/../common/util.h:
cli/../common/stats.h:
