build-dev/common/json_out.o: common/json_out.c common/json_out.h
common/json_out.h:
