// SPDX-License-Identifier: GPL-2.0-only
/*
 * The REPL's show of VMs: the VMs the session made, their vCPU threads
 * (what each is doing, its last exit, the faults it took and the
 * userfaults served for it) and their memslots (what each maps). Read
 * between inputs, when no vCPU runs a job.
 */
#include <inttypes.h>
#include <linux/kvm.h>
#include <stdlib.h>
#include <string.h>

#include "../interp/words.h"
#include "../runtime/kvm.h"
#include "../runtime/mem.h"
#include "../runtime/uffd.h"
#include "../runtime/vcpu.h"
#include "show_vm.h"

/* The uffd service on VM i's memory (or on its backing), or -1. */
static int uffd_of_vm(const struct ir_scenario *sc, int i)
{
	for (size_t k = 0; k < sc->nuffds; k++)
		if (sc->uffds[k].vm == i || sc->uffds[k].backing == sc->vms[i].backing)
			return (int)k;
	return -1;
}

static const char *ring_words(enum ring r)
{
	return r == RING_0 ? "ring 0" : r == RING_3 ? "ring 3" : "ring auto";
}

static void show_vm(struct repl *R, const struct ir_scenario *sc, int i)
{
	const struct ir_vm *v = &sc->vms[i];
	const struct ir_backing *b = &sc->backings[v->backing];
	struct rt_vm *vm = exec_session_vm(R->ses, i);
	int u = uffd_of_vm(sc, i);
	struct strbuf sb;

	sb_init(&sb);
	sb_printf(&sb, "  %-12s ", v->name);
	format_size(&sb, v->mem);
	sb_printf(&sb, " in %d memslot%s%s over %s (%s), %d vCPU%s, %s%s", v->nr_slots,
		  v->nr_slots == 1 ? "" : "s", v->alias ? " aliasing it" : "",
		  b->name, backing_info[b->type].name, v->vcpus,
		  v->vcpus == 1 ? "" : "s", ring_words(v->ring), v->pin ? ", pinned" : "");
	if (u >= 0) {
		const struct ir_uffd *f = &sc->uffds[u];

		sb_printf(&sb, "; uffd %s, ", words_uffd_mode[f->mode]);
		if (f->vm == i && f->per_vcpu && v->vcpus > 1)
			sb_printf(&sb, "a uffd per vCPU with %d reader%s each",
				  f->readers, f->readers == 1 ? "" : "s");
		else
			sb_printf(&sb, "one uffd, %d reader%s", f->readers,
				  f->readers == 1 ? "" : "s");
	}
	if (!vm)
		sb_puts(&sb, "; not made");
	else
		sb_printf(&sb, "; dirty log %s", vm->dirty_on ? "on" : "off");
	fprintf(R->out, "%s\n", sb.buf);
	sb_free(&sb);
}

/* The userfaults the services resolved for a thread, over the session. */
static long long userfaults(struct repl *R, const struct ir_scenario *sc, int tid)
{
	long long n = 0;

	for (size_t k = 0; k < sc->nuffds; k++) {
		const struct rt_uffd *u = exec_session_uffd(R->ses, (int)k);

		if (u)
			n += rt_uffd_faults_of(u, tid);
	}
	return n;
}

static void show_vcpus(struct repl *R, const struct ir_scenario *sc, int i)
{
	struct rt_vm *vm = exec_session_vm(R->ses, i);
	char buf[128];

	if (!vm) {
		fprintf(R->out, "vCPUs of %s: not made\n", sc->vms[i].name);
		return;
	}
	fprintf(R->out, "vCPUs of %s:\n", sc->vms[i].name);
	fprintf(R->out, "  %-5s %-6s %-5s %-6s %-7s %-7s %-10s %s\n", "vcpu", "state",
		"ring", "jobs", "exits", "faults", "userfaults", "last");
	for (int k = 0; k < vm->nvcpus; k++) {
		struct rt_vcpu *v = &vm->vcpus[k];
		struct rt_vcpu_info in;
		const char *last;

		rt_vcpu_info(v, &in);
		last = rt_vcpu_info_last(&in, buf, sizeof(buf));
		fprintf(R->out, "  %-5d %-6s %-5d %-6" PRIu64 " %-7" PRIu64 " %-7" PRIu64
			" %-10lld %s%s\n", k, in.busy ? "busy" : "idle", in.ring, in.jobs,
			in.exits, in.faults, userfaults(R, sc, atomic_load(&v->tid)), last,
			in.last_kicked ? " (stopped: interrupted)" :
			in.last_status ? " (its job failed)" : "");
	}
}

/* What a memslot maps: a backing at an offset, scn's area, its own memory. */
static void slot_maps(struct repl *R, const struct ir_scenario *sc, int vi,
		      const struct rt_vm *vm, size_t k, struct strbuf *sb)
{
	const struct rt_slot *s = &vm->slots[k];
	uintptr_t hva = (uintptr_t)s->hva;

	if (s->hva == vm->area) {
		sb_puts(sb, "scn's area: the guest program, page tables, mailboxes");
		return;
	}
	if (s->name)
		sb_printf(sb, "'%s', ", s->name);
	else if (rt_vm_is_guest_slot(vm, s))
		sb_printf(sb, "%s.slot[%zu], ", sc->vms[vi].name, k);
	if (s->own) {
		sb_puts(sb, "memory of its own");
		return;
	}
	for (size_t b = 0; b < sc->nbackings; b++) {
		const struct rt_mem *m = exec_session_mem(R->ses, (int)b);

		if (m && hva >= (uintptr_t)m->addr && hva < (uintptr_t)m->addr + (uintptr_t)m->size) {
			sb_printf(sb, "%s", sc->backings[b].name);
			if (hva != (uintptr_t)m->addr) {
				sb_puts(sb, " from offset ");
				format_size(sb, (int64_t)(hva - (uintptr_t)m->addr));
			}
			return;
		}
	}
	sb_printf(sb, "host memory at %#" PRIxPTR, hva);
}

static void show_memslots(struct repl *R, const struct ir_scenario *sc, int i)
{
	struct rt_vm *vm = exec_session_vm(R->ses, i);
	struct strbuf sb;

	if (!vm) {
		fprintf(R->out, "memslots of %s: not made\n", sc->vms[i].name);
		return;
	}
	fprintf(R->out, "memslots of %s:\n", sc->vms[i].name);
	fprintf(R->out, "  %-5s %-18s %-8s %s\n", "slot", "gpa", "size", "maps");
	sb_init(&sb);
	pthread_mutex_lock(&vm->slots_lock);
	for (size_t k = 0; k < vm->nslots; k++) {
		const struct rt_slot *s = &vm->slots[k];
		char gpa[32];

		if (!s->live)
			continue;
		sb.len = 0;
		format_size(&sb, (int64_t)s->size);
		snprintf(gpa, sizeof(gpa), "0x%" PRIx64, s->gpa);
		fprintf(R->out, "  %-5u %-18s %-8s ", s->id, gpa, sb.buf);
		sb.len = 0;
		slot_maps(R, sc, i, vm, k, &sb);
		if (s->flags & KVM_MEM_LOG_DIRTY_PAGES)
			sb_puts(&sb, "; dirty log");
		fprintf(R->out, "%s\n", sb.buf);
	}
	pthread_mutex_unlock(&vm->slots_lock);
	sb_free(&sb);
}

void repl_show_vms(struct repl *R, const char *topic, const char *name)
{
	const struct ir_scenario *sc = repl_scenario(R);
	bool found = false;

	if (!sc || !sc->nvms) {
		const struct rt_features *f = R->features;

		if (!f->have[RT_FEAT_KVM])
			fprintf(R->out, "no VMs: this machine cannot run VMs (kvm: %s)\n",
				f->why[RT_FEAT_KVM]);
		else
			fprintf(R->out, "no VMs\n");
		return;
	}
	if (!strcmp(topic, "vms"))
		fprintf(R->out, "VMs:\n");
	for (size_t i = 0; i < sc->nvms; i++) {
		if (*name && strcmp(name, sc->vms[i].name))
			continue;
		found = true;
		if (!strcmp(topic, "vms"))
			show_vm(R, sc, (int)i);
		else if (!strcmp(topic, "vcpus"))
			show_vcpus(R, sc, (int)i);
		else
			show_memslots(R, sc, (int)i);
	}
	if (!found)
		fprintf(R->err, "scn: show %s: no VM '%s'\n", topic, name);
}
