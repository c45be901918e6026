build-dev/interp/confound.o: interp/confound.c interp/confound.h \
 interp/../runtime/ksm.h interp/../runtime/err.h interp/../runtime/numa.h \
 interp/../runtime/mm_tables.h interp/../runtime/vmstat.h \
 interp/../common/util.h interp/../runtime/clock.h
interp/confound.h:
interp/../runtime/ksm.h:
interp/../runtime/err.h:
interp/../runtime/numa.h:
interp/../runtime/mm_tables.h:
interp/../runtime/vmstat.h:
interp/../common/util.h:
interp/../runtime/clock.h:
