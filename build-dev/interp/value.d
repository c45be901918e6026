build-dev/interp/value.o: interp/value.c interp/value.h \
 interp/../common/util.h interp/../grammar/ast.h \
 interp/../grammar/../common/arena.h interp/../grammar/../common/source.h
interp/value.h:
interp/../common/util.h:
interp/../grammar/ast.h:
interp/../grammar/../common/arena.h:
interp/../grammar/../common/source.h:
