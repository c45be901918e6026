build-dev/grammar/parse.o: grammar/parse.c grammar/parse.h \
 grammar/../common/diag.h grammar/../common/source.h grammar/ast.h \
 grammar/../common/arena.h grammar/../common/source.h \
 build-dev/gen/parser.h grammar/ast.h grammar/parse.h \
 build-dev/gen/lexer.h
grammar/parse.h:
grammar/../common/diag.h:
grammar/../common/source.h:
grammar/ast.h:
grammar/../common/arena.h:
grammar/../common/source.h:
build-dev/gen/parser.h:
grammar/ast.h:
grammar/parse.h:
build-dev/gen/lexer.h:
