build-dev/testhost/machine.o: testhost/machine.c \
 testhost/../common/util.h testhost/../runtime/probe.h \
 testhost/../runtime/features.h testhost/job.h testhost/machine.h \
 testhost/../runtime/err.h testhost/testhost.h testhost/helper.h
testhost/../common/util.h:
testhost/../runtime/probe.h:
testhost/../runtime/features.h:
testhost/job.h:
testhost/machine.h:
testhost/../runtime/err.h:
testhost/testhost.h:
testhost/helper.h:
