build-dev/gen/language_doc.o: build-dev/gen/language_doc.c
