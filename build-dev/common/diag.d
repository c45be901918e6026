build-dev/common/diag.o: common/diag.c common/diag.h common/source.h \
 common/util.h
common/diag.h:
common/source.h:
common/util.h:
