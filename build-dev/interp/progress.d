build-dev/interp/progress.o: interp/progress.c interp/../common/util.h \
 interp/../runtime/clock.h interp/progress.h
interp/../common/util.h:
interp/../runtime/clock.h:
interp/progress.h:
