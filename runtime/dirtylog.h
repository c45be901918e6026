// SPDX-License-Identifier: GPL-2.0-only
/*
 * dirtylog: dirty logging of a VM's guest memory, slot by slot:
 * KVM_MEM_LOG_DIRTY_PAGES on or off, the bitmaps got (KVM_GET_DIRTY_LOG)
 * and cleared (KVM_CLEAR_DIRTY_LOG, with manual protect: the VM must
 * have been made with rt_vm_config.manual_protect). Without manual
 * protect a get clears and write-protects as it reads.
 */
#ifndef SCN_RT_DIRTYLOG_H
#define SCN_RT_DIRTYLOG_H

#include <stdint.h>

#include "err.h"
#include "kvm.h"

enum rt_dirty_op { RT_DIRTY_ON, RT_DIRTY_OFF, RT_DIRTY_GET, RT_DIRTY_CLEAR };

/*
 * Does op on every guest-memory slot. GET sets *pages to the dirty 4 KiB
 * pages it found; CLEAR clears what the last GET found (all, if none).
 */
int rt_vm_dirty_log(struct rt_vm *vm, enum rt_dirty_op op, uint64_t *pages,
		    struct rt_err *err);

#endif
