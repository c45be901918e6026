/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What arm64 and riscv64 vCPUs share: registers through KVM_GET/SET_ONE_REG,
 * and a guest program that ends each job by a store to a signal page (a GPA
 * without a memslot, so an MMIO exit) and finds each access fault by its pc
 * and the register that holds the address. Each arch says which registers
 * those are and how it reads a guest exception's frame; the exits' meaning
 * is here once.
 */
#ifndef SCN_ARCH_ONE_REG_H
#define SCN_ARCH_ONE_REG_H

#include <stdint.h>

#include "../err.h"

struct rt_vcpu;
struct rt_exit;

/* An arch's part: its pc and address registers, its exception report. */
struct one_reg_arch {
	uint64_t reg_pc;
	uint64_t reg_addr;	/* the access's address in the guest program */
	int (*exception)(struct rt_vcpu *v, struct rt_err *err);
};

int one_reg_get(struct rt_vcpu *v, uint64_t id, uint64_t *val, struct rt_err *err);
int one_reg_set(struct rt_vcpu *v, uint64_t id, uint64_t val, struct rt_err *err);

/* arch_vcpu_exit, arch_fault_skip and arch_fault_retry of such an arch. */
int one_reg_vcpu_exit(struct rt_vcpu *v, int rc, int errnum, struct rt_exit *e,
		      const struct one_reg_arch *a, struct rt_err *err);
int one_reg_fault_skip(struct rt_vcpu *v, const struct rt_exit *e,
		       const struct one_reg_arch *a, struct rt_err *err);
int one_reg_fault_retry(struct rt_vcpu *v, const struct rt_exit *e,
			const struct one_reg_arch *a, struct rt_err *err);

#endif
