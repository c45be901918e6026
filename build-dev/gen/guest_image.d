build-dev/gen/guest_image.o: build-dev/gen/guest_image.c
