build-dev/gen/parser.o: build-dev/gen/parser.c build-dev/gen/parser.h \
 grammar/ast.h grammar/../common/arena.h grammar/../common/source.h \
 grammar/parse.h grammar/../common/diag.h grammar/../common/source.h \
 grammar/ast.h build-dev/../common/util.h
build-dev/gen/parser.h:
grammar/ast.h:
grammar/../common/arena.h:
grammar/../common/source.h:
grammar/parse.h:
grammar/../common/diag.h:
grammar/../common/source.h:
grammar/ast.h:
build-dev/../common/util.h:
