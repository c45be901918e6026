build-dev/runtime/arch/x86_64/cpu.o: runtime/arch/x86_64/cpu.c \
 runtime/arch/x86_64/../../compat.h runtime/arch/x86_64/../../kvm.h \
 runtime/arch/x86_64/../../../guest/abi.h runtime/arch/x86_64/arch.h \
 runtime/arch/x86_64/../../err.h runtime/arch/x86_64/../../err.h \
 runtime/arch/x86_64/../../kvm_stats.h runtime/arch/x86_64/../../vcpu.h \
 runtime/arch/x86_64/../../kvm.h runtime/arch/x86_64/../../mem.h \
 runtime/arch/x86_64/../../mm_tables.h runtime/arch/x86_64/arch.h
runtime/arch/x86_64/../../compat.h:
runtime/arch/x86_64/../../kvm.h:
runtime/arch/x86_64/../../../guest/abi.h:
runtime/arch/x86_64/arch.h:
runtime/arch/x86_64/../../err.h:
runtime/arch/x86_64/../../err.h:
runtime/arch/x86_64/../../kvm_stats.h:
runtime/arch/x86_64/../../vcpu.h:
runtime/arch/x86_64/../../kvm.h:
runtime/arch/x86_64/../../mem.h:
runtime/arch/x86_64/../../mm_tables.h:
runtime/arch/x86_64/arch.h:
