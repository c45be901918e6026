build-dev/interp/watchdog.o: interp/watchdog.c interp/watchdog.h \
 interp/../common/source.h interp/../runtime/err.h \
 interp/../common/util.h interp/../runtime/clock.h
interp/watchdog.h:
interp/../common/source.h:
interp/../runtime/err.h:
interp/../common/util.h:
interp/../runtime/clock.h:
