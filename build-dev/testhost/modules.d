build-dev/testhost/modules.o: testhost/modules.c testhost/modules.h \
 testhost/../runtime/err.h testhost/helper.h testhost/../common/util.h
testhost/modules.h:
testhost/../runtime/err.h:
testhost/helper.h:
testhost/../common/util.h:
