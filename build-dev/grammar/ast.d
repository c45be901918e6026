build-dev/grammar/ast.o: grammar/ast.c grammar/ast.h \
 grammar/../common/arena.h grammar/../common/source.h
grammar/ast.h:
grammar/../common/arena.h:
grammar/../common/source.h:
