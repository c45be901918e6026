build-dev/runtime/arch/x86_64/tables.o: runtime/arch/x86_64/tables.c \
 runtime/arch/x86_64/../../kvm.h runtime/arch/x86_64/../../../guest/abi.h \
 runtime/arch/x86_64/arch.h runtime/arch/x86_64/../../err.h \
 runtime/arch/x86_64/../../err.h runtime/arch/x86_64/../../kvm_stats.h \
 runtime/arch/x86_64/arch.h
runtime/arch/x86_64/../../kvm.h:
runtime/arch/x86_64/../../../guest/abi.h:
runtime/arch/x86_64/arch.h:
runtime/arch/x86_64/../../err.h:
runtime/arch/x86_64/../../err.h:
runtime/arch/x86_64/../../kvm_stats.h:
runtime/arch/x86_64/arch.h:
