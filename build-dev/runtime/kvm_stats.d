build-dev/runtime/kvm_stats.o: runtime/kvm_stats.c runtime/kvm_stats.h \
 runtime/err.h runtime/compat.h
runtime/kvm_stats.h:
runtime/err.h:
runtime/compat.h:
