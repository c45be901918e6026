// SPDX-License-Identifier: GPL-2.0-only
/*
 * gmem: what the checker knows of guest_memfd backings. The kernel's
 * rules (measured on 6.18 and 7.3, docs/language.md 6.5): the file
 * belongs to one VM; each of its ranges binds to one memslot, so no
 * aliasing; its slots take no dirty logging and cannot be moved
 * (KVM_MEM_LOG_DIRTY_PAGES and KVM_MR_MOVE are EINVAL); the host reaches
 * the memory only through a mapping (GUEST_MEMFD_FLAG_MMAP), and only
 * where it is shared (GUEST_MEMFD_FLAG_INIT_SHARED; SIGBUS otherwise);
 * MADV_COLLAPSE is EINVAL there and MADV_HUGEPAGE does nothing.
 */
#ifndef SCN_INTERP_GMEM_H
#define SCN_INTERP_GMEM_H

#include <stdbool.h>

#include "lower.h"

struct items;

/*
 * The backing's mmap and init_shared keys into b, and the features they
 * need; errors for them on another type. False if an error was said.
 */
bool gmem_backing(struct lower *L, struct items *it, const struct ast *n,
		  struct ir_backing *b);

/*
 * Whether the host may touch backing b's memory (`what`: "host write",
 * "prefault", ...); says why not. True for every other backing.
 */
bool gmem_host_ok(struct lower *L, const struct ir_backing *b, struct loc at,
		  const char *what);

/* A vm on backing index bi: one per file, no alias. Says why not. */
bool gmem_vm_ok(struct lower *L, const struct ir_vm *vm, int bi, struct loc at);

/*
 * What KVM refuses on the slots of a vm on guest_memfd (`what`: "dirty
 * logging", "memslot move"); true where vm's backing is another type.
 */
bool gmem_slot_ok(struct lower *L, int vm, struct loc at, const char *what);

#endif
