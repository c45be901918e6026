build-dev/common/source.o: common/source.c common/source.h common/util.h
common/source.h:
common/util.h:
