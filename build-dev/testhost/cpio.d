build-dev/testhost/cpio.o: testhost/cpio.c testhost/cpio.h
testhost/cpio.h:
