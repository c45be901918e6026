build-dev/testhost/console.o: testhost/console.c testhost/console.h \
 testhost/../common/util.h testhost/job.h
testhost/console.h:
testhost/../common/util.h:
testhost/job.h:
