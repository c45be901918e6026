build-dev/runtime/vcpu.o: runtime/vcpu.c runtime/vcpu.h \
 runtime/../guest/abi.h runtime/err.h runtime/kvm.h \
 runtime/arch/x86_64/arch.h runtime/arch/x86_64/../../err.h \
 runtime/kvm_stats.h runtime/mem.h runtime/mm_tables.h runtime/clock.h \
 runtime/compat.h runtime/dirtylog.h runtime/numa.h
runtime/vcpu.h:
runtime/../guest/abi.h:
runtime/err.h:
runtime/kvm.h:
runtime/arch/x86_64/arch.h:
runtime/arch/x86_64/../../err.h:
runtime/kvm_stats.h:
runtime/mem.h:
runtime/mm_tables.h:
runtime/clock.h:
runtime/compat.h:
runtime/dirtylog.h:
runtime/numa.h:
