// SPDX-License-Identifier: GPL-2.0-only
/*
 * show_vm: the REPL's show vms, vcpus and memslots: the session's VMs as
 * KVM has them now (state.h, read only).
 */
#ifndef SCN_REPL_SHOW_VM_H
#define SCN_REPL_SHOW_VM_H

#include "state.h"

/* show vms, vcpus or memslots (topic) of every VM, or of VM name. */
void repl_show_vms(struct repl *R, const char *topic, const char *name);

#endif
