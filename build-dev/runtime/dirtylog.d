build-dev/runtime/dirtylog.o: runtime/dirtylog.c runtime/dirtylog.h \
 runtime/err.h runtime/kvm.h runtime/../guest/abi.h \
 runtime/arch/x86_64/arch.h runtime/arch/x86_64/../../err.h \
 runtime/kvm_stats.h runtime/compat.h runtime/vcpu.h runtime/mem.h \
 runtime/mm_tables.h
runtime/dirtylog.h:
runtime/err.h:
runtime/kvm.h:
runtime/../guest/abi.h:
runtime/arch/x86_64/arch.h:
runtime/arch/x86_64/../../err.h:
runtime/kvm_stats.h:
runtime/compat.h:
runtime/vcpu.h:
runtime/mem.h:
runtime/mm_tables.h:
