build-dev/interp/words.o: interp/words.c interp/../common/util.h \
 interp/../runtime/mm_tables.h interp/words.h
interp/../common/util.h:
interp/../runtime/mm_tables.h:
interp/words.h:
