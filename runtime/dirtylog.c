// SPDX-License-Identifier: GPL-2.0-only
/* dirtylog: dirty logging of a VM's guest memory (see dirtylog.h). */
#include "dirtylog.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "compat.h"

/* KVM's bitmaps have a bit per 4 KiB page, in 64-bit words. */
static uint64_t slot_words(const struct rt_slot *s)
{
	return (s->size / 4096 + 63) / 64;
}

static int bitmaps(struct rt_vm *vm, struct rt_err *err)
{
	int n = vm->cfg.nr_slots;

	if (vm->dirty)
		return 0;
	vm->dirty = calloc((size_t)n, sizeof(*vm->dirty));
	if (!vm->dirty)
		return rt_fail(err, -ENOMEM, "out of memory");
	for (int i = 0; i < n; i++) {
		vm->dirty[i] = calloc(slot_words(&vm->slots[i]), sizeof(uint64_t));
		if (!vm->dirty[i])
			return rt_fail(err, -ENOMEM, "out of memory for the dirty bitmaps");
	}
	return 0;
}

static int get(struct rt_vm *vm, int i, uint64_t *pages, struct rt_err *err)
{
	struct kvm_dirty_log log = { .slot = vm->slots[i].id,
				     .dirty_bitmap = vm->dirty[i] };
	uint64_t w = slot_words(&vm->slots[i]);

	if (ioctl(vm->vm_fd, KVM_GET_DIRTY_LOG, &log))
		return rt_fail_errno(err, errno, "KVM_GET_DIRTY_LOG(slot %u)",
				     vm->slots[i].id);
	for (uint64_t k = 0; k < w; k++)
		*pages += (uint64_t)__builtin_popcountll(vm->dirty[i][k]);
	return 0;
}

static int clear(struct rt_vm *vm, int i, bool got, struct rt_err *err)
{
	const struct rt_slot *s = &vm->slots[i];
	struct kvm_clear_dirty_log c = {
		.slot = s->id, .num_pages = (uint32_t)(s->size / 4096),
		.first_page = 0, .dirty_bitmap = vm->dirty[i],
	};

	if (!got)
		memset(vm->dirty[i], 0xff, slot_words(s) * sizeof(uint64_t));
	if (ioctl(vm->vm_fd, KVM_CLEAR_DIRTY_LOG, &c))
		return rt_fail_errno(err, errno, "KVM_CLEAR_DIRTY_LOG(slot %u)", s->id);
	return 0;
}

int rt_vm_dirty_log(struct rt_vm *vm, enum rt_dirty_op op, uint64_t *pages,
		    struct rt_err *err)
{
	int rc = 0;

	*pages = 0;
	pthread_mutex_lock(&vm->slots_lock);
	if ((op == RT_DIRTY_GET || op == RT_DIRTY_CLEAR) && !vm->dirty_on) {
		rc = rt_fail(err, -EINVAL, "dirty logging is off: turn it on first (host dirtylog VM on)");
		goto out;
	}
	if (op == RT_DIRTY_CLEAR && !vm->cfg.manual_protect) {
		rc = rt_fail(err, -EINVAL, "the VM was made without manual protect");
		goto out;
	}
	if (op == RT_DIRTY_GET || op == RT_DIRTY_CLEAR)
		rc = bitmaps(vm, err);
	for (int i = 0; i < vm->cfg.nr_slots && !rc; i++) {
		struct rt_slot *s = &vm->slots[i];

		switch (op) {
		case RT_DIRTY_ON:
		case RT_DIRTY_OFF:
			rc = rt_vm_slot_set_flags(vm, s, op == RT_DIRTY_ON ?
				s->flags | KVM_MEM_LOG_DIRTY_PAGES :
				s->flags & ~(uint32_t)KVM_MEM_LOG_DIRTY_PAGES, err);
			break;
		case RT_DIRTY_GET:
			rc = get(vm, i, pages, err);
			break;
		case RT_DIRTY_CLEAR:
			rc = clear(vm, i, vm->dirty_got, err);
			break;
		}
	}
	if (!rc) {
		if (op == RT_DIRTY_ON || op == RT_DIRTY_OFF)
			vm->dirty_on = op == RT_DIRTY_ON;
		vm->dirty_got = op == RT_DIRTY_GET;
	}
out:
	pthread_mutex_unlock(&vm->slots_lock);
	return rc;
}
