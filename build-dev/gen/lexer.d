build-dev/gen/lexer.o: build-dev/gen/lexer.c build-dev/../common/util.h \
 grammar/parse.h grammar/../common/diag.h grammar/../common/source.h \
 grammar/ast.h grammar/../common/arena.h grammar/../common/source.h \
 build-dev/gen/parser.h grammar/ast.h
build-dev/../common/util.h:
grammar/parse.h:
grammar/../common/diag.h:
grammar/../common/source.h:
grammar/ast.h:
grammar/../common/arena.h:
grammar/../common/source.h:
build-dev/gen/parser.h:
grammar/ast.h:
