// SPDX-License-Identifier: GPL-2.0-only
/*
 * Phase statements: guest jobs, host actions, vcpu, ksm, sleep, wait,
 * concurrently, repeat, expect and print; and lower_stmts(), which sends
 * every statement to its lowering.
 */
#include <ctype.h>
#include <string.h>

#include "../grammar/parse.h"
#include "gmem.h"
#include "pfnmap.h"
#include "items.h"
#include "lower.h"
#include "memcg.h"
#include "words.h"

#define KIB 1024LL
#define DEFAULT_WATCHDOG 60000000000LL
#define DEFAULT_TIMEOUT 60000000000LL

static const char *const stmt_keys_none[] = { NULL };

/* guest[2] or guest[0..3]: the vCPUs a statement addresses. */
static bool vcpu_subset(struct lower *L, const struct ast *sub, int vm,
			int *first, int *last)
{
	int n = L->sc->vms[vm].vcpus;
	int64_t a, b;

	*first = 0;
	*last = n - 1;
	if (!sub)
		return true;
	if (sub->kind == AST_RANGE) {
		if (!want_int(L, sub->a, "the first vCPU", 0, n - 1, &a) ||
		    !want_int(L, sub->b, "the last vCPU", a, n - 1, &b))
			return false;
	} else {
		if (!want_int(L, sub, "the vCPU", 0, n - 1, &a))
			return false;
		b = a;
	}
	*first = (int)a;
	*last = (int)b;
	return true;
}

/* on_fault= of a guest job or a host access: fail unless it says. */
static bool fault_policy(struct lower *L, struct items *it,
			 enum fault_policy *policy)
{
	const struct ast *a = items_attr(it, "on_fault");
	int w;

	*policy = FAULT_FAIL;
	if (!a)
		return true;
	if (!want_word(L, a, "on_fault", words_fault, &w))
		return false;
	*policy = (enum fault_policy)w;
	return true;
}

static const char *const guest_keys[] = { "vm", "verify", "passes", "stride",
	"offset", "size", "overlap", "order", "seed", "write_pct", "on_fault",
	"until", "ring", "latency", "pattern", NULL };

static void lower_guest(struct lower *L, const struct ast *n)
{
	struct ir_op op = { .kind = IR_GUEST, .loc = n->loc };
	struct ir_guest_job *j = &op.guest;
	const struct ir_backing *b;
	const struct ir_vm *vm;
	const struct ast *a;
	struct items it;
	int w;
	int64_t x;
	bool ok = true;

	items_init(&it, L, n, &n->kids);
	j->vm = find_vm(L, items_attr(&it, "vm"), n);
	a = items_need(&it, "the access (write, read or mixed)");
	if (j->vm < 0 || !a)
		return;		/* said already; the keys would only repeat it */
	vm = &L->sc->vms[j->vm];
	/* A stand-in vm (its line failed) may have no backing. */
	b = vm->backing >= 0 ? &L->sc->backings[vm->backing] : NULL;
	if (!want_word(L, a, "the guest access", words_guest_op, &w))
		ok = false;
	j->op = (enum guest_op)w;
	if (!vcpu_subset(L, n->a, j->vm, &j->first_vcpu, &j->last_vcpu))
		ok = false;
	j->verify = items_flag(&it, "verify", false);
	j->passes = 1;
	j->stride = b ? b->page_size : L->facts->page_size;
	j->ring = vm->ring;
	j->pattern_address = !vm->alias;
	j->pattern = 0x5a5a5a5a5a5a5a5aULL;
	if ((a = items_attr(&it, "passes"))) {
		if (want_int(L, a, "passes", 1, 1000000000, &x))
			j->passes = (int)x;
		else
			ok = false;
	}
	if ((a = items_attr(&it, "stride"))) {
		if (!want_size(L, a, "stride", &j->stride))
			ok = false;
		else if (j->stride < 8 || j->stride % 8) {
			diag_error(L->d, a->loc, "stride is a multiple of 8 bytes, at least 8B");
			ok = false;
		}
	}
	if ((a = items_attr(&it, "offset")) && !want_size(L, a, "offset", &j->offset))
		ok = false;
	j->size = vm->mem - j->offset;	/* the rest, unless size= says */
	if ((a = items_attr(&it, "size")) && !want_size(L, a, "size", &j->size))
		ok = false;
	if (ok && (j->size <= 0 || j->offset + j->size > vm->mem)) {
		struct strbuf o, z, t;

		sb_init(&o);
		sb_init(&z);
		sb_init(&t);
		format_size_human(&o, j->offset);
		format_size_human(&z, j->size);
		format_size_human(&t, vm->mem);
		diag_error(L->d, n->loc, "the range offset+size is outside the vm's memory (%s): offset %s + size %s",
			   t.buf, o.buf, z.buf);
		sb_free(&o);
		sb_free(&z);
		sb_free(&t);
		ok = false;
	}
	j->overlap = items_flag(&it, "overlap", false);
	if ((a = items_attr(&it, "order"))) {
		if (want_word(L, a, "order", words_order, &w))
			j->random = w == 1;
		else
			ok = false;
	}
	if ((a = items_attr(&it, "seed"))) {
		if (want_int(L, a, "seed", 0, INT64_MAX, &x))
			j->seed = (uint64_t)x;
		else
			ok = false;
	}
	if ((a = items_attr(&it, "write_pct"))) {
		if (j->op != GUEST_MIXED) {
			diag_error(L->d, a->loc, "write_pct is for 'guest mixed'");
			ok = false;
		} else if (want_int(L, a, "write_pct", 0, 100, &x)) {
			j->write_pct = (int)x;
		} else {
			ok = false;
		}
	} else if (j->op == GUEST_MIXED) {
		diag_error(L->d, n->loc, "'guest mixed' needs write_pct=");
		ok = false;
	}
	if (!fault_policy(L, &it, &j->on_fault))
		ok = false;
	if ((a = items_attr(&it, "until"))) {
		if (want_word(L, a, "until", words_until, &w)) {
			j->until = (enum until_kind)w;
			if (j->until == UNTIL_ALL_FAULTED && j->on_fault == FAULT_FAIL) {
				struct diag_rec *r = diag_error(L->d, a->loc,
					"until=all_faulted needs a fault policy");
				diag_hint(r, "add on_fault=skip, stop or retry");
				ok = false;
			}
		} else {
			ok = false;
		}
	}
	if ((a = items_attr(&it, "ring")) && !want_ring(L, a, &j->ring))
		ok = false;
	j->latency = items_flag(&it, "latency", false);
	if ((a = items_attr(&it, "pattern"))) {
		struct value v;

		if (!static_value(L, a, "pattern", &v)) {
			ok = false;
		} else if (v.type == VT_WORD && !strcmp(v.s, "address")) {
			j->pattern_address = true;
		} else if (v.type == VT_INT) {
			j->pattern_address = false;
			j->pattern = (uint64_t)v.i;
		} else {
			diag_error(L->d, a->loc, "pattern is address or an integer");
			ok = false;
		}
		if (j->op == GUEST_MIXED || (j->op == GUEST_READ && !j->verify)) {
			struct diag_rec *r = diag_error(L->d, a->loc,
				"pattern is for 'guest write' and 'guest read verify'");

			if (j->op == GUEST_READ)
				diag_hint(r, "add verify to check what an earlier write left");
			ok = false;
		}
	}
	if (j->verify && j->op == GUEST_MIXED) {
		diag_error(L->d, n->loc, "verify goes with 'guest write' or 'guest read'");
		ok = false;
	}
	if (j->verify && j->pattern_address && vm->alias) {
		struct diag_rec *r = diag_error(L->d, n->loc,
			"vm '%s' aliases one backing in every memslot: an address pattern written through one slot is read back through another",
			vm->name);
		diag_hint(r, "use a constant pattern: pattern=0x5a5a5a5a");
		ok = false;
	}
	items_finish(&it, "guest", guest_keys);
	if (L->cur_phase < 0) {
		diag_error(L->d, n->loc, "'guest' runs inside a phase");
		return;
	}
	if (ok)
		PUSH_OP(L, op);
}

/* offset= size= within a backing, page-aligned. */
static bool mem_range(struct lower *L, struct items *it, const struct ast *n,
		      const struct ir_backing *b, int64_t *off, int64_t *size)
{
	const struct ast *a;

	*off = 0;
	if ((a = items_attr(it, "offset")) && !want_size(L, a, "offset", off))
		return false;
	*size = b->size - *off;		/* the rest, unless size= says */
	if ((a = items_attr(it, "size")) && !want_size(L, a, "size", size))
		return false;
	if (*size == 0 && *off < b->size) {
		diag_error(L->d, n->loc, "the range is empty (size 0)");
		return false;
	}
	if (*size <= 0 || *off + *size > b->size) {
		struct strbuf o, z, e, t;

		sb_init(&o);
		sb_init(&z);
		sb_init(&e);
		sb_init(&t);
		format_size_human(&o, *off);
		format_size_human(&z, *size);
		format_size_human(&e, *off + *size);
		format_size_human(&t, b->size);
		if (*size <= 0)
			diag_error(L->d, n->loc, "the range is outside '%s' (%s): offset %s is past its end",
				   b->name, t.buf, o.buf);
		else
			diag_error(L->d, n->loc, "the range is outside '%s' (%s): offset %s + size %s ends at %s",
				   b->name, t.buf, o.buf, z.buf, e.buf);
		sb_free(&o);
		sb_free(&z);
		sb_free(&e);
		sb_free(&t);
		return false;
	}
	return aligned(L, n, "offset", *off, b->page_size) &&
	       aligned(L, n, "size", *size, b->page_size);
}

static const char *const host_mem_keys[] = { "offset", "size", NULL };
static void lower_host(struct lower *L, const struct ast *n)
{
	static const char *advices[ADVICE__COUNT + 1];
	struct ir_op op = { .kind = IR_MPROTECT, .loc = n->loc };
	const struct ast *a, *t;
	struct items it;
	int act, w = 0, i;
	const char *const *keys = host_mem_keys;
	static const char *const access_keys[] = { "offset", "size", "stride",
						    "byte", "on_fault", NULL };
	bool ok = true;

	for (i = 0; i < ADVICE__COUNT; i++)
		advices[i] = advice_info[i].name;
	items_init(&it, L, n, &n->kids);
	a = items_need(&it, "the action (mprotect, madvise, fallocate, munmap, mmap, write, read, memslot, dirtylog, exec, cgroup)");
	if (!a || !want_word(L, a, "host action", words_host, &act))
		return;
	/* Only write and read touch the memory in scn's thread: they can fault. */
	if (act != 7 && act != 8 && (a = items_attr(&it, "on_fault"))) {
		struct diag_rec *r = diag_error(L->d, a->loc,
			"on_fault is for 'host write' and 'host read': 'host %s' does not access the memory itself",
			words_host[act]);

		if (act == 0)
			diag_hint(r, "put on_fault= on the access that the protection makes fault");
		return;
	}
	switch (act) {
	case 0: /* mprotect NAME ro|rw|none */
	case 1: /* madvise NAME ADVICE */
	case 2: /* fallocate NAME punch */
	case 3: /* munmap NAME */
	case 10: /* mmap NAME: maps what munmap took away again */
		t = items_need(&it, "the backing or region");
		if (!t || (op.mem.backing = find_backing(L, t, true)) < 0)
			return;		/* said; the rest would only repeat it */
		op.index = op.mem.backing;
		{
			const struct ir_backing *b = &L->sc->backings[op.mem.backing];
			const struct backing_info *bi = &backing_info[b->type];
			static const char *const acts[] = { "host mprotect",
				"host madvise", "host fallocate", "host munmap",
				[10] = "host mmap" };

			/* A punch needs the file, not a mapping. */
			if (act != 2 && !gmem_host_ok(L, b, n->loc, acts[act]))
				ok = false;
			if (act == 0) {
				op.kind = IR_MPROTECT;
				a = items_need(&it, "the protection (ro, rw or none)");
				if (!a || !want_word(L, a, "protection", words_prot, &w))
					ok = false;
				op.mem.prot = (enum prot)w;
			} else if (act == 1) {
				const struct advice_info *ai;
				struct diag_rec *r = NULL;
				char madv[32];

				op.kind = IR_MADVISE;
				if (!pfnmap_allows(L, b, n->loc, "host madvise")) {
					ok = false;
					break;
				}
				a = items_need(&it, "the advice");
				if (!a || !want_word(L, a, "advice", advices, &w)) {
					ok = false;
					break;
				}
				op.mem.advice = (enum advice)w;
				ai = &advice_info[w];
				for (i = 0; ai->name[i] && i < (int)sizeof(madv) - 1; i++)
					madv[i] = (char)toupper((unsigned char)ai->name[i]);
				madv[i] = '\0';
				if ((ai->flags & ADV_PRIVATE_ONLY) && (bi->flags & BK_SHARED))
					r = diag_error(L->d, a->loc,
						       "MADV_%s is EINVAL on shared mappings; '%s' is %s",
						       madv, b->name, bi->name);
				else if ((ai->flags & ADV_SHARED_ONLY) && !(bi->flags & BK_SHARED))
					r = diag_error(L->d, a->loc,
						       "MADV_REMOVE needs shared memory; '%s' is %s",
						       b->name, bi->name);
				else if ((ai->flags & ADV_NO_HUGETLB) && (bi->flags & BK_HUGETLB))
					r = diag_error(L->d, a->loc,
						       "MADV_%s is EINVAL on hugetlb memory; '%s' is %s",
						       madv, b->name, bi->name);
				if (!r && (bi->flags & BK_KVM) && w == ADVICE_COLLAPSE)
					r = diag_error(L->d, a->loc,
						       "MADV_COLLAPSE is EINVAL on guest_memfd memory ('%s'): it has no THP",
						       b->name);
				else if (!r && (bi->flags & BK_KVM) && w == ADVICE_HUGEPAGE)
					diag_warning(L->d, a->loc,
						     "MADV_HUGEPAGE does nothing on guest_memfd memory ('%s'): it has no THP",
						     b->name);
				if (r) {
					ok = false;
					if (w == ADVICE_FREE)
						diag_hint(r, "use dontneed, or a private backing (anon)");
				} else if ((ai->flags & ADV_NOOP_SHARED) && (bi->flags & BK_SHARED)) {
					struct diag_rec *wr = diag_warning(L->d, a->loc,
						"MADV_%s does nothing on %s memory ('%s'): KSM merges private anonymous pages only",
						madv, bi->name, b->name);
					diag_hint(wr, "use type=anon for memory that KSM should merge");
				}
				if (w == ADVICE_MERGEABLE || w == ADVICE_UNMERGEABLE)
					need(L, RT_FEAT_KSM, a->loc, "madvise mergeable");
				if (w == ADVICE_COLLAPSE)
					need(L, RT_FEAT_MADV_COLLAPSE, a->loc, "madvise collapse");
				if (w == ADVICE_POPULATE_READ || w == ADVICE_POPULATE_WRITE)
					need(L, RT_FEAT_MADV_POPULATE, a->loc, "madvise populate");
			} else if (act == 2) {
				op.kind = IR_PUNCH;
				a = items_need(&it, "punch");
				if (!a || !item_name(a) || strcmp(item_name(a), "punch")) {
					if (a)
						diag_error(L->d, a->loc, "fallocate takes 'punch'");
					ok = false;
				} else if (!(bi->flags & BK_FD)) {
					struct diag_rec *r = diag_error(L->d, n->loc,
						"fallocate punch needs a file; '%s' is %s",
						b->name, bi->name);
					diag_hint(r, "use type=memfd, or madvise remove on shmem");
					ok = false;
				}
			} else {
				op.kind = act == 10 ? IR_REMAP : IR_MUNMAP;
			}
			if (ok && !mem_range(L, &it, n, b, &op.mem.offset, &op.mem.size))
				ok = false;
		}
		break;
	case 4:
		lower_memslot(L, n, &it);
		return;
	case 5: /* dirtylog VM on|off|get|clear */
		op.kind = IR_DIRTYLOG;
		t = items_need(&it, "the vm (or VM.slot[I])");
		if (!t || (op.dirtylog.vm = lower_dirtylog_target(L, t, n,
						&op.dirtylog.slot)) < 0)
			return;
		a = items_need(&it, "on, off, get or clear");
		if (!a || !want_word(L, a, "dirtylog action", words_dirtylog, &w)) {
			ok = false;
			break;
		}
		op.dirtylog.op = (enum dirtylog_op)w;
		if (!gmem_slot_ok(L, op.dirtylog.vm, n->loc, "dirty logging")) {
			ok = false;
			break;
		}
		if (w == DIRTYLOG_CLEAR && L->sc->vms[op.dirtylog.vm].dirty_ring) {
			struct diag_rec *r = diag_error(L->d, a->loc,
				"dirtylog clear on vm '%s', which has a dirty ring",
				L->sc->vms[op.dirtylog.vm].name);

			diag_hint(r, "a get resets the ring's entries as it harvests them: drop the clear");
			ok = false;
			break;
		}
		if (w == DIRTYLOG_CLEAR)
			need(L, RT_FEAT_KVM_MANUAL_PROTECT, n->loc, "dirtylog clear");
		keys = stmt_keys_none;
		break;
	case 7: /* write NAME: the host touches the memory itself */
	case 8: /* read NAME */
		op.kind = IR_HOST_ACCESS;
		op.mem.write = act == 7;
		keys = access_keys;
		t = items_need(&it, "the backing or region");
		if (!t || (op.mem.backing = find_backing(L, t, true)) < 0)
			return;
		op.index = op.mem.backing;
		{
			const struct ir_backing *b = &L->sc->backings[op.mem.backing];
			int64_t x;

			if (!gmem_host_ok(L, b, n->loc, act == 7 ? "host write" : "host read"))
				ok = false;

			op.mem.stride = b->page_size;
			op.mem.byte = op.mem.write ? 0x2d : -1;	/* read: check nothing */
			if ((a = items_attr(&it, "stride"))) {
				if (!want_size(L, a, "stride", &op.mem.stride)) {
					ok = false;
				} else if (op.mem.stride == 0) {
					diag_error(L->d, a->loc, "stride must be at least 1B, not 0B");
					ok = false;
				}
			}
			/* write: the value written; read: the value each read must find */
			if ((a = items_attr(&it, "byte"))) {
				if (want_int(L, a, "byte", 0, 255, &x))
					op.mem.byte = (int)x;
				else
					ok = false;
			}
			if (!fault_policy(L, &it, &op.mem.on_fault))
				ok = false;
			if (ok && !mem_range(L, &it, n, b, &op.mem.offset, &op.mem.size))
				ok = false;
		}
		break;
	case 9: /* cgroup NAME memory.KEY=VALUE ... */
		lower_host_cgroup(L, n, &it);
		items_finish(&it, "host cgroup", stmt_keys_none);
		if (L->cur_phase < 0)
			diag_error(L->d, n->loc, "'host' runs inside a phase");
		return;
	case 6: /* exec "command" */
		op.kind = IR_EXEC;
		a = items_need(&it, "the command, as a string");
		if (!a || !want_string(L, a, "exec", &op.exec.command))
			ok = false;
		keys = stmt_keys_none;
		break;
	}
	if (!ok)
		return;		/* said; unread keys would only repeat it */
	items_finish(&it, "host", keys);
	if (L->cur_phase < 0) {
		diag_error(L->d, n->loc, "'host' runs inside a phase");
		return;
	}
	if (ok)
		PUSH_OP(L, op);
}

static void lower_vcpu(struct lower *L, const struct ast *n)
{
	struct ir_op op = { .kind = IR_VCPU_RESET, .loc = n->loc };
	static const char *const keys[] = { "vm", NULL };
	const struct ast *a;
	struct items it;
	bool ok = true;

	items_init(&it, L, n, &n->kids);
	op.vcpus.vm = find_vm(L, items_attr(&it, "vm"), n);
	a = items_need(&it, "reset");
	if (!a || !item_name(a) || strcmp(item_name(a), "reset")) {
		if (a)
			diag_error(L->d, a->loc, "vcpu takes 'reset mmu'");
		ok = false;
	} else {
		a = items_need(&it, "mmu");
		if (!a || !item_name(a) || strcmp(item_name(a), "mmu")) {
			if (a)
				diag_error(L->d, a->loc, "the only reset is 'mmu'");
			ok = false;
		}
	}
	if (ok && op.vcpus.vm >= 0 &&
	    !vcpu_subset(L, n->a, op.vcpus.vm, &op.vcpus.first_vcpu,
			 &op.vcpus.last_vcpu))
		ok = false;
	items_finish(&it, "vcpu", keys);
	if (L->cur_phase < 0) {
		diag_error(L->d, n->loc, "'vcpu' runs inside a phase");
		return;
	}
	if (ok && op.vcpus.vm >= 0)
		PUSH_OP(L, op);
}

static void lower_ksm(struct lower *L, const struct ast *n)
{
	static const char *const first[] = { "wait", "prctl", NULL };
	static const char *const keys[] = { "timeout", "pages", NULL };
	struct ir_op op = { .kind = IR_KSM_WAIT, .loc = n->loc };
	const struct ast *a;
	struct items it;
	int w, what = 0;
	bool ok = true;

	items_init(&it, L, n, &n->kids);
	need(L, RT_FEAT_KSM, n->loc, "ksm");
	a = items_need(&it, "wait or prctl");
	if (!a || !want_word(L, a, "ksm action", first, &w)) {
		items_finish(&it, "ksm", keys);
		return;
	}
	if (w == 1) {
		op.kind = IR_KSM_PRCTL;
		a = items_need(&it, "on or off");
		if (!a || !want_word(L, a, "ksm prctl", words_onoff, &what))
			ok = false;
		op.prctl.on = what == 0;
		need(L, RT_FEAT_KSM_PRCTL, n->loc, "ksm prctl");
	} else {
		op.ksm.backing = -1;
		op.ksm.timeout = DEFAULT_TIMEOUT;
		a = items_need(&it, "merged or scans");
		if (!a || !want_word(L, a, "ksm wait", words_ksm_wait, &what))
			return;		/* the rest depends on the word */
		if (what == KSMW_MERGED) {
			op.ksm.what = KSMW_MERGED;
			if ((a = items_pos(&it)) &&
			    (op.ksm.backing = find_backing(L, a, true)) < 0)
				ok = false;
			if ((a = items_attr(&it, "pages")) &&
			    !want_int(L, a, "pages", 1, INT64_MAX, &op.ksm.target))
				ok = false;
		} else {
			op.ksm.what = KSMW_SCANS;
			a = items_need(&it, "the number of full scans");
			if (!a || !want_int(L, a, "scans", 1, 1000000, &op.ksm.target))
				ok = false;
		}
		if ((a = items_attr(&it, "timeout")) &&
		    !want_duration(L, a, "timeout", &op.ksm.timeout))
			ok = false;
	}
	items_finish(&it, "ksm", keys);
	if (L->cur_phase < 0) {
		diag_error(L->d, n->loc, "'ksm' runs inside a phase");
		return;
	}
	if (ok)
		PUSH_OP(L, op);
}

static void lower_wait(struct lower *L, const struct ast *n)
{
	static const char *const keys[] = { "timeout", NULL };
	struct ir_op op = { .kind = IR_WAIT, .loc = n->loc };
	const struct ast *a;
	struct items it;

	items_init(&it, L, n, &n->kids);
	op.wait.timeout = DEFAULT_TIMEOUT;
	op.wait.cond = lower_expr(L, n->a, EXPR_DYNAMIC);
	if (op.wait.cond->type != VT_BOOL && op.wait.cond->type != VT_NONE)
		diag_error(L->d, n->a->loc, "wait needs a condition, not %s",
			   val_type_a(op.wait.cond->type));
	if ((a = items_attr(&it, "timeout")))
		want_duration(L, a, "timeout", &op.wait.timeout);
	items_finish(&it, "wait", keys);
	if (L->cur_phase < 0)
		diag_error(L->d, n->loc, "'wait' runs inside a phase");
	else if (op.wait.cond->type == VT_BOOL)
		PUSH_OP(L, op);
}

/* expect COND, or: expect fault on every vcpu / on vcpu[i] / on vcpu[a..b] */
static void lower_expect(struct lower *L, const struct ast *n)
{
	struct ir_op op = { .kind = IR_EXPECT, .loc = n->loc };
	struct items it;

	items_init(&it, L, n, &n->kids);
	if (n->kids.len && item_name(n->a) && !strcmp(n->a->name, "fault")) {
		static const char *const keys[] = { "vm", NULL };
		const struct ast *on = items_pos(&it), *who = items_pos(&it);
		const struct ast *vc = NULL;

		op.kind = IR_EXPECT_FAULT;
		op.fault.phase = L->cur_phase;
		op.fault.vm = find_vm(L, items_attr(&it, "vm"), n);
		if (!on || !item_name(on) || strcmp(on->name, "on") || !who) {
			diag_error(L->d, n->loc, "write: expect fault on every vcpu (or on vcpu[i])");
			return;
		}
		if (item_name(who) && !strcmp(who->name, "every")) {
			vc = items_pos(&it);
			if (!vc || !item_name(vc) || strcmp(vc->name, "vcpu")) {
				diag_error(L->d, n->loc, "write: expect fault on every vcpu");
				return;
			}
			vc = NULL;
		} else if (who->kind == AST_INDEX && item_name(who->a) &&
			   !strcmp(who->a->name, "vcpu")) {
			vc = who->b;
		} else {
			diag_error(L->d, who->loc, "expect fault on every vcpu, or on vcpu[i]");
			return;
		}
		items_finish(&it, "expect", keys);
		if (L->cur_phase < 0) {
			struct diag_rec *r = diag_error(L->d, n->loc,
				"'expect fault' belongs in the phase it checks");
			diag_hint(r, "or write: expect PHASE.faults > 0");
			return;
		}
		if (op.fault.vm < 0)
			return;
		if (vc) {
			int64_t i;

			if (!want_int(L, vc, "the vCPU", 0, L->sc->vms[op.fault.vm].vcpus - 1, &i))
				return;
			op.fault.first_vcpu = op.fault.last_vcpu = (int)i;
		} else {
			op.fault.first_vcpu = 0;
			op.fault.last_vcpu = L->sc->vms[op.fault.vm].vcpus - 1;
		}
		PUSH_OP(L, op);
		return;
	}
	items_finish(&it, "expect", stmt_keys_none);
	op.expect.cond = lower_condition(L, n->a);
	op.expect.text = expr_text(L, n->a);
	if (op.expect.cond->type == VT_NONE)
		return;
	if (op.expect.cond->type != VT_BOOL) {
		diag_error(L->d, n->a->loc, "expect needs a condition, not %s",
			   val_type_a(op.expect.cond->type));
		return;
	}
	PUSH_OP(L, op);
}

static void lower_print(struct lower *L, const struct ast *n)
{
	struct ir_op op = { .kind = IR_PRINT, .loc = n->loc };

	if (n->a->kind != AST_STRING) {
		struct diag_rec *r = diag_error(L->d, n->a->loc, "print takes a string");

		diag_hint(r, "print \"{%s}\"", expr_text(L, n->a));
		return;
	}
	if (lower_text(L, n->a, &op.print, EXPR_DYNAMIC))
		PUSH_OP(L, op);
}

/*
 * metric PHASE.NAME = EXPR [unit="..."] [better=higher|lower|none]: a
 * value of the scenario's own, recorded with the phase's metrics (a
 * sample each time the statement runs) for results, compare and plot.
 */
static void lower_metric(struct lower *L, const struct ast *n)
{
	static const char *const keys[] = { "unit", "better", NULL };
	struct ir_op op = { .kind = IR_METRIC, .loc = n->loc };
	const char *dot = n->name ? strchr(n->name, '.') : NULL;
	const struct sym *ph;
	const struct ast *a;
	struct items it;
	char *phase;
	int w;

	items_init(&it, L, n, &n->kids);
	if (!dot || strchr(dot + 1, '.')) {
		diag_hint(diag_error(L->d, ast_name_loc(n), "a metric is named PHASE.NAME, not '%s'",
				     n->name ? n->name : ""),
			  "metric unmerge.speed = size / 1M / unmerge.seconds unit=\"MiB/s\"");
		items_finish(&it, "metric", keys);
		return;
	}
	phase = arena_strndup(L->ar, n->name, (size_t)(dot - n->name));
	op.metric.name = dot + 1;
	ph = sym_find(&L->syms, phase);
	if (ph && ph->kind == SYM_PHASE && ph->index < 0) {
		items_finish(&it, "metric", keys);
		return;		/* its declaration failed and said so */
	}
	if (!ph || ph->kind != SYM_PHASE) {
		diag_error(L->d, ast_name_loc(n), "no phase '%s' is declared above", phase);
		items_finish(&it, "metric", keys);
		return;
	}
	op.metric.phase = ph->index;
	if (phase_result_name(op.metric.name)) {
		diag_error(L->d, ast_name_loc(n), "'%s' names a result every phase has: pick another name",
			   op.metric.name);
		items_finish(&it, "metric", keys);
		return;
	}
	for (size_t i = 0; i < L->nmetrics; i++)
		if (!strcmp(L->metrics[i], n->name)) {
			diag_error(L->d, ast_name_loc(n), "metric '%s' is defined twice", n->name);
			items_finish(&it, "metric", keys);
			return;
		}
	op.metric.value = lower_expr(L, n->a, EXPR_DYNAMIC);
	switch (op.metric.value->type) {
	case VT_INT:
	case VT_REAL:
		op.metric.unit = "";
		break;
	case VT_SIZE:
		op.metric.unit = "bytes";
		break;
	case VT_DURATION:
		op.metric.unit = "s";
		break;
	case VT_NONE:
		items_finish(&it, "metric", keys);
		return;
	default:
		diag_error(L->d, n->a->loc, "a metric is a number, a size or a duration, not %s",
			   val_type_a(op.metric.value->type));
		items_finish(&it, "metric", keys);
		return;
	}
	if ((a = items_attr(&it, "unit")) && !want_string(L, a, "unit", &op.metric.unit))
		return;
	if ((a = items_attr(&it, "better"))) {
		if (!want_word(L, a, "better", words_better, &w))
			return;
		op.metric.better = w - 1;
	} else if (op.metric.value->type == VT_DURATION) {
		op.metric.better = -1;	/* a time: lower is better */
	}
	items_finish(&it, "metric", keys);
	PUSH_ARENA(L, L->metrics, L->nmetrics, L->metrics_cap, n->name);
	PUSH_OP(L, op);
}

static struct ir_block lower_body(struct lower *L, const struct ast_list *body)
{
	struct op_builder b = { 0 }, *saved = L->cur;

	/* Most statements make one op: size for that, grow for the rest. */
	b.cap = body->len ? body->len : 1;
	b.ops = arena_alloc(L->ar, b.cap * sizeof(*b.ops));

	L->cur = &b;
	lower_stmts(L, body, false);
	L->cur = saved;
	return (struct ir_block){ .ops = b.ops, .n = b.n };
}

static const char *const phase_keys[] = { "watchdog", "before", "after", NULL };

static void lower_phase(struct lower *L, const struct ast *n)
{
	struct ir_phase ph = { .name = n->name, .loc = n->loc,
			       .watchdog = DEFAULT_WATCHDOG,
			       .runs = L->repeat_runs };
	struct ir_op op = { .kind = IR_PHASE, .loc = n->loc };
	const struct ast *a;
	struct items it;
	int saved = L->cur_phase;

	if (L->cur_phase >= 0) {
		diag_error(L->d, n->loc, "phase '%s' inside phase '%s': phases do not nest",
			   n->name, L->sc->phases[L->cur_phase].name);
		return;
	}
	items_init(&it, L, n, &n->kids);
	if ((a = items_attr(&it, "watchdog")))
		want_duration(L, a, "watchdog", &ph.watchdog);
	if ((a = items_attr(&it, "before")))
		want_string(L, a, "before", &ph.exec_before);
	if ((a = items_attr(&it, "after")))
		want_string(L, a, "after", &ph.exec_after);
	items_finish(&it, "phase", phase_keys);
	if (words_index(gauge_source_names, n->name) >= 0) {
		diag_error(L->d, ast_name_loc(n), "'%s' names counters; pick another phase name",
			   n->name);
		return;
	}
	if (!sym_add(L, n->name, SYM_PHASE, (int)L->sc->nphases, ast_name_loc(n)))
		return;
	op.index = (int)L->sc->nphases;
	PUSH_ARENA(L, L->sc->phases, L->sc->nphases, L->phases_cap, ph);
	L->cur_phase = op.index;
	op.body = lower_body(L, &n->body);
	L->cur_phase = saved;
	PUSH_OP(L, op);
}

/* The guest jobs of a branch, also inside its repeats and blocks. */
struct job_list {
	const struct ir_op **v;
	size_t n, max;
};

static bool add_guest_job(const struct ir_op *op, void *ctx)
{
	struct job_list *l = ctx;

	if (op->kind == IR_GUEST && l->n < l->max)
		l->v[l->n++] = op;
	return false;
}

/* The guest jobs of b, the first max of them, into out; returns how many. */
static size_t guest_jobs(const struct ir_block *b, const struct ir_op **out,
			 size_t max)
{
	struct job_list l = { out, 0, max };

	ir_visit_ops(b, add_guest_job, &l);
	return l.n;
}

/* Two guest jobs at once on one vCPU cannot be. */
static void check_branches(struct lower *L, const struct ir_op *op)
{
	const struct ir_op *ja[64], *jb[64];
	size_t i, j, k, m, na, nb;

	for (i = 0; i < op->nbranches; i++) {
		na = guest_jobs(&op->branches[i], ja, ARRAY_SIZE(ja));
		for (j = i + 1; j < op->nbranches; j++) {
			nb = guest_jobs(&op->branches[j], jb, ARRAY_SIZE(jb));
			for (k = 0; k < na; k++)
				for (m = 0; m < nb; m++) {
					const struct ir_op *a = ja[k], *b = jb[m];

					if (a->guest.vm != b->guest.vm ||
					    a->guest.first_vcpu > b->guest.last_vcpu ||
					    b->guest.first_vcpu > a->guest.last_vcpu)
						continue;
					diag_hint(diag_error(L->d, b->loc,
						"these vCPUs already run the job of line %d at the same time",
						a->loc.first_line),
						"split them: guest[0..1] write and guest[2..3] read");
				}
		}
	}
}

static void lower_concurrently(struct lower *L, const struct ast *n)
{
	struct ir_op op = { .kind = IR_CONCURRENTLY, .loc = n->loc };
	size_t i;

	if (L->cur_phase < 0) {
		diag_error(L->d, n->loc, "'concurrently' runs inside a phase");
		return;
	}
	op.nbranches = n->body.len;
	op.branches = arena_alloc(L->ar, (op.nbranches + 1) * sizeof(*op.branches));
	for (i = 0; i < n->body.len; i++) {
		const struct ast *s = n->body.v[i];
		struct ast_list one = { .v = (struct ast **)&n->body.v[i], .len = 1,
					.cap = 1 };

		op.branches[i] = lower_body(L, s->kind == AST_BLOCK ? &s->body : &one);
	}
	check_branches(L, &op);
	PUSH_OP(L, op);
}

static void lower_repeat(struct lower *L, const struct ast *n)
{
	struct ir_op op = { .kind = IR_REPEAT, .loc = n->loc };
	int64_t saved = L->repeat_runs, count;

	if (!want_int(L, n->a, "repeat", 0, 100000000, &count))
		return;
	op.repeat.count = count;
	if (__builtin_mul_overflow(L->repeat_runs, count, &L->repeat_runs))
		L->repeat_runs = INT64_MAX;
	L->in_repeat++;
	op.body = lower_body(L, &n->body);
	L->in_repeat--;
	L->repeat_runs = saved;
	PUSH_OP(L, op);
}

static void lower_if(struct lower *L, const struct ast *n)
{
	bool c;

	/* A compile-time choice: only the branch taken is checked further. */
	if (!want_bool(L, n->a, "if", &c))
		return;
	lower_stmts(L, c ? &n->body : &n->c->body, false);
}

/*
 * A misspelt declaration ("bakcing m ...", with a did-you-mean) still
 * names what it meant to declare: the name stands in as a failed one
 * does, so that its uses below add no error of their own.
 */
static void unknown_stmt(struct lower *L, const struct ast *n)
{
	const char *meant, *name = n->kids.len ? item_name(n->kids.v[0]) : NULL;
	struct suggest s;
	struct diag_rec *r;
	int i;

	suggest_init(&s, n->name);
	for (i = 0; parse_statement_keywords[i]; i++)
		suggest_offer(&s, parse_statement_keywords[i]);
	r = diag_error(L->d, ast_name_loc(n), "unknown statement '%s'", n->name);
	meant = suggest_result(&s);
	if (meant)
		diag_hint(r, "did you mean '%s'?", meant);
	if (!meant || !name || sym_find(&L->syms, name))
		return;
	if (!strcmp(meant, "backing") || !strcmp(meant, "region"))
		sym_add(L, name, SYM_BACKING, -1, n->kids.v[0]->loc);
	else if (!strcmp(meant, "vm"))
		sym_add(L, name, SYM_VM, -1, n->kids.v[0]->loc);
	else if (!strcmp(meant, "phase"))
		sym_add(L, name, SYM_PHASE, -1, n->kids.v[0]->loc);
}

static void only_top(struct lower *L, const struct ast *n)
{
	struct diag_rec *r = diag_error(L->d, n->loc,
		"'%s' is a top-level statement, not inside a phase",
		ast_kind_name(n->kind));

	diag_hint(r, "move it above the phase");
}

/* Declarations stand at the top level and happen once. */
static void lower_declaration(struct lower *L, const struct ast *n)
{
	if (L->cur_phase >= 0) {
		only_top(L, n);
		return;
	}
	if (L->in_repeat) {
		diag_hint(diag_error(L->d, n->loc,
				     "'%s' declares once; it cannot stand inside repeat",
				     ast_kind_name(n->kind)),
			  "move it above the repeat");
		return;
	}
	switch (n->kind) {
	case AST_REQUIRE:
		lower_require(L, n);
		break;
	case AST_SET:
		lower_set(L, n);
		break;
	case AST_POLICY:
		lower_policy(L, n);
		break;
	case AST_BACKING:
	case AST_REGION:
		lower_backing(L, n);
		break;
	case AST_VM:
		lower_vm(L, n);
		break;
	case AST_CGROUP:
		lower_cgroup(L, n);
		break;
	default:
		lower_uffd(L, n);
		break;
	}
}

void lower_stmts(struct lower *L, const struct ast_list *stmts, bool top)
{
	size_t i;

	for (i = 0; i < stmts->len && !diag_full(L->d); i++) {
		const struct ast *n = stmts->v[i];
		bool in_phase = L->cur_phase >= 0;

		switch (n->kind) {
		case AST_PARAM:
		case AST_SWEEP:
		case AST_TABLE:
		case AST_INCLUDE:
			/* check.c reads these from the file's top level alone. */
			if (!top) {
				struct diag_rec *r = diag_error(L->d, n->loc,
					"'%s' stands at the top level of a file, not inside { }",
					ast_kind_name(n->kind));

				if (n->kind == AST_PARAM)
					diag_hint(r, "declare the parameter above, and choose its value with ?:");
			} else if (n->kind == AST_INCLUDE) {
				lower_stmts(L, &n->body, true);
			}
			break;
		case AST_REQUIRE:
		case AST_SET:
		case AST_POLICY:
		case AST_BACKING:
		case AST_REGION:
		case AST_VM:
		case AST_UFFD:
		case AST_CGROUP:
			lower_declaration(L, n);
			break;
		case AST_PHASE:
			lower_phase(L, n);
			break;
		case AST_GUEST:
			lower_guest(L, n);
			break;
		case AST_HOST:
			lower_host(L, n);
			break;
		case AST_VCPU:
			lower_vcpu(L, n);
			break;
		case AST_KSM:
			lower_ksm(L, n);
			break;
		case AST_SLEEP: {
			struct ir_op op = { .kind = IR_SLEEP, .loc = n->loc };

			if (!in_phase)
				diag_error(L->d, n->loc, "'sleep' runs inside a phase");
			else if (want_duration(L, n->a, "sleep", &op.sleep.ns))
				PUSH_OP(L, op);
			break;
		}
		case AST_WAIT:
			lower_wait(L, n);
			break;
		case AST_CONCURRENTLY:
			lower_concurrently(L, n);
			break;
		case AST_BLOCK:
			lower_stmts(L, &n->body, false);
			break;
		case AST_EXPECT:
			lower_expect(L, n);
			break;
		case AST_PRINT:
			lower_print(L, n);
			break;
		case AST_METRIC:
			lower_metric(L, n);
			break;
		case AST_REPEAT:
			lower_repeat(L, n);
			break;
		case AST_IF:
			lower_if(L, n);
			break;
		case AST_UNKNOWN:
			unknown_stmt(L, n);
			break;
		default:
			diag_error(L->d, n->loc, "a %s is not a statement",
				   ast_kind_name(n->kind));
		}
	}
}
