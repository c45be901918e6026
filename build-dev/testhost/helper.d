build-dev/testhost/helper.o: testhost/helper.c testhost/helper.h \
 testhost/../common/util.h
testhost/helper.h:
testhost/../common/util.h:
