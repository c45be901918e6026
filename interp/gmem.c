// SPDX-License-Identifier: GPL-2.0-only
/* gmem: the checker's rules for guest_memfd backings (see gmem.h). */
#include "gmem.h"

#include <string.h>

#include "items.h"

static bool is_gmem(const struct ir_backing *b)
{
	return backing_info[b->type].flags & BK_KVM;
}

bool gmem_backing(struct lower *L, struct items *it, const struct ast *n,
		  struct ir_backing *b)
{
	bool ok = true;

	/* Flags as the other backings' are: `mmap`, `mmap=yes`, `mmap=!x`. */
	b->gmem_mmap = items_flag(it, "mmap", false);
	b->gmem_init_shared = items_flag(it, "init_shared", false);
	if (!is_gmem(b)) {
		if (b->gmem_mmap || b->gmem_init_shared) {
			diag_hint(diag_error(L->d, n->loc,
					     "mmap and init_shared are guest_memfd flags; '%s' is %s",
					     b->name, backing_info[b->type].name),
				  "every other backing is mapped already");
			ok = false;
		}
		b->gmem_mmap = b->gmem_init_shared = false;
		return ok;
	}
	if (b->gmem_mmap)
		need(L, RT_FEAT_KVM_GUEST_MEMFD_MMAP, n->loc, "guest_memfd mmap");
	if (b->gmem_init_shared)
		need(L, RT_FEAT_KVM_GUEST_MEMFD_INIT_SHARED, n->loc,
		     "guest_memfd init_shared");
	need(L, RT_FEAT_KVM_MEMSLOT2, n->loc, "guest_memfd backing");
	if (b->hugepage) {
		diag_hint(diag_error(L->d, n->loc,
				     "hugepage on guest_memfd '%s': its memory is not THP (MADV_HUGEPAGE is accepted and does nothing)",
				     b->name),
			  "drop hugepage; nohugepage is accepted for the same reason");
		ok = false;
	}
	if (b->prefault)
		ok = gmem_host_ok(L, b, n->loc, "prefault") && ok;
	if (b->has_fill)
		ok = gmem_host_ok(L, b, n->loc, "fill=") && ok;
	if (b->node >= 0)
		ok = gmem_host_ok(L, b, n->loc, "node=") && ok;
	return ok;
}

bool gmem_host_ok(struct lower *L, const struct ir_backing *b, struct loc at,
		  const char *what)
{
	struct diag_rec *r;

	if (!is_gmem(b))
		return true;
	if (!b->gmem_mmap) {
		r = diag_error(L->d, at, "%s on guest_memfd '%s', which is not mapped: the host reaches it through mmap only",
			       what, b->name);
		diag_hint(r, "declare it with mmap init_shared");
		return false;
	}
	/* node= is an mbind of the mapping: the kernel takes it either way. */
	if (!b->gmem_init_shared && strcmp(what, "node=") != 0) {
		r = diag_error(L->d, at, "%s on guest_memfd '%s', which is mapped without init_shared: its memory is private and a host access is SIGBUS",
			       what, b->name);
		diag_hint(r, "add init_shared");
		return false;
	}
	return true;
}

bool gmem_vm_ok(struct lower *L, const struct ir_vm *vm, int bi, struct loc at)
{
	const struct ir_backing *b = &L->sc->backings[bi];
	struct diag_rec *r;

	if (!is_gmem(b))
		return true;
	for (size_t i = 0; i < L->sc->nvms; i++)
		if (L->sc->vms[i].backing == bi) {
			r = diag_error(L->d, at, "vm '%s' on guest_memfd '%s', which belongs to vm '%s' (line %d)",
				       vm->name, b->name, L->sc->vms[i].name,
				       L->sc->vms[i].loc.first_line);
			diag_hint(r, "a guest_memfd binds to the VM it was made for (another VM's memslot is EINVAL): give each vm a backing");
			return false;
		}
	if (vm->alias) {
		r = diag_error(L->d, at, "alias on guest_memfd '%s': KVM binds each range of the file to one memslot (a second is EINVAL)",
			       b->name);
		diag_hint(r, "make the backing as large as mem, with slots=N for N memslots");
		return false;
	}
	if (vm->dirty_ring) {
		diag_error(L->d, at, "dirty_ring on guest_memfd '%s': KVM takes no dirty logging on guest_memfd memslots (EINVAL)",
			   b->name);
		return false;
	}
	return true;
}

bool gmem_slot_ok(struct lower *L, int vm, struct loc at, const char *what)
{
	const struct ir_vm *v;
	const struct ir_backing *b;

	if (vm < 0 || (size_t)vm >= L->sc->nvms || L->sc->vms[vm].backing < 0)
		return true;
	v = &L->sc->vms[vm];
	b = &L->sc->backings[v->backing];
	if (!is_gmem(b))
		return true;
	diag_error(L->d, at, "%s on vm '%s', whose memory is guest_memfd '%s': KVM refuses it on guest_memfd memslots (EINVAL)",
		   what, v->name, b->name);
	return false;
}
