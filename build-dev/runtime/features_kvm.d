build-dev/runtime/features_kvm.o: runtime/features_kvm.c runtime/compat.h \
 runtime/features.h runtime/probe.h
runtime/compat.h:
runtime/features.h:
runtime/probe.h:
