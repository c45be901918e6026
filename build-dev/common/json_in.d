build-dev/common/json_in.o: common/json_in.c common/json_in.h \
 common/arena.h common/util.h
common/json_in.h:
common/arena.h:
common/util.h:
