build-dev/testhost/launch.o: testhost/launch.c testhost/../common/util.h \
 testhost/../runtime/features.h testhost/../runtime/fingerprint.h \
 testhost/../runtime/../common/json_out.h \
 testhost/../runtime/../testhost/job.h testhost/../runtime/features.h \
 testhost/console.h testhost/initrd.h testhost/../runtime/err.h \
 testhost/kernel.h testhost/job.h testhost/machine.h testhost/testhost.h \
 testhost/helper.h
testhost/../common/util.h:
testhost/../runtime/features.h:
testhost/../runtime/fingerprint.h:
testhost/../runtime/../common/json_out.h:
testhost/../runtime/../testhost/job.h:
testhost/../runtime/features.h:
testhost/console.h:
testhost/initrd.h:
testhost/../runtime/err.h:
testhost/kernel.h:
testhost/job.h:
testhost/machine.h:
testhost/testhost.h:
testhost/helper.h:
