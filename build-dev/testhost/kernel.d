build-dev/testhost/kernel.o: testhost/kernel.c testhost/../common/util.h \
 testhost/kernel.h testhost/../runtime/err.h testhost/helper.h
testhost/../common/util.h:
testhost/kernel.h:
testhost/../runtime/err.h:
testhost/helper.h:
