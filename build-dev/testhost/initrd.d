build-dev/testhost/initrd.o: testhost/initrd.c testhost/../common/util.h \
 testhost/cpio.h testhost/initrd.h testhost/../runtime/err.h \
 testhost/kernel.h testhost/job.h testhost/modules.h
testhost/../common/util.h:
testhost/cpio.h:
testhost/initrd.h:
testhost/../runtime/err.h:
testhost/kernel.h:
testhost/job.h:
testhost/modules.h:
