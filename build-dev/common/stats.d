build-dev/common/stats.o: common/stats.c common/stats.h common/util.h
common/stats.h:
common/util.h:
