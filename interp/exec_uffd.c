// SPDX-License-Identifier: GPL-2.0-only
/*
 * exec_uffd: the userfaultfd services of a run (see exec_uffd.h): each
 * started on its backing's memory with the watchdog's hook that lets a
 * stop reach a thread waiting in a fault, stopped, and its work over a
 * phase collected into the phase's results.
 */
#include "exec_uffd.h"

#include <stdlib.h>
#include <string.h>

#include "../runtime/mem.h"
#include "words.h"

const struct ir_uffd *uffd_of(const struct ir_scenario *sc, int backing)
{
	size_t i;

	for (i = 0; i < sc->nuffds; i++)
		if (sc->uffds[i].backing == backing)
			return &sc->uffds[i];
	return NULL;
}

static void uffd_interrupt(void *u)
{
	rt_uffd_interrupt(u);
}

static void uffd_hurry(void *u)
{
	rt_uffd_hurry(u);
}

/* Whether a VM maps the memory of uffd service i: vCPUs fault in it. */
static bool uffd_for_guest(const struct ir_scenario *sc, const struct ir_uffd *u)
{
	if (u->vm >= 0)
		return true;
	for (size_t k = 0; k < sc->nvms; k++)
		if (sc->vms[k].backing == u->backing)
			return true;
	return false;
}

int run_uffd_start(struct run *r, int i, struct rt_err *err)
{
	const struct ir_uffd *u = &r->sc->uffds[i];
	const struct ir_backing *b = &r->sc->backings[u->backing];
	const struct backing_info *bi = &backing_info[b->type];
	struct rt_mem *m = &r->backings[u->backing].mem;
	bool guest = uffd_for_guest(r->sc, u);
	struct rt_uffd_config c = {
		.addr = m->addr, .len = m->size, .page_size = b->page_size,
		.shared = bi->flags & BK_SHARED, .hugetlb = bi->flags & BK_HUGETLB,
		.mode = (enum rt_uffd_mode)u->mode,
		.resolve = (enum rt_uffd_resolve)u->resolve,
		.wait = (enum rt_uffd_wait)u->wait, .readers = u->readers,
		.delay_ns = u->delay, .fill = b->has_fill ? (int)b->fill : 0,
		.parts = u->per_vcpu && u->vm >= 0 ? r->sc->vms[u->vm].vcpus : 1,
		/* KVM faults on guest memory in kernel mode (its GUP). */
		.kernel_faults = guest,
	};
	int rc;

	if (u->mode == UFFD_MINOR) {
		rc = rt_mem_fill_cache(m, c.fill, err);
		if (rc)
			return rc;
	}
	r->uffds[i].started = true;	/* stop cleans up a partial start too */
	rc = rt_uffd_start(&r->uffds[i].svc, &c, err);
	/*
	 * A stop must reach a thread that waits in a fault of this range. A
	 * host thread is let go by unregistering the range; vCPUs are kicked
	 * out of KVM_RUN, and the service, hurried, stays for a REPL's next
	 * input.
	 */
	if (!rc)
		r->uffds[i].hook = wd_add_hook(&r->wd, guest ? uffd_hurry : uffd_interrupt,
					      &r->uffds[i].svc) + 1;
	return rc;
}

void run_uffd_stop(struct run *r, size_t i)
{
	if (r->uffds[i].hook)
		wd_remove_hook(&r->wd, r->uffds[i].hook - 1);
	r->uffds[i].hook = 0;
	rt_uffd_stop(&r->uffds[i].svc);
}

bool run_uffd_serving(const struct run *r)
{
	for (size_t i = 0; i < r->sc->nuffds; i++)
		if (r->uffds[i].started)
			return true;
	return false;
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

void run_uffd_collect(struct strand *s, struct phase_result *pr)
{
	struct run *r = s->r;
	int64_t *all = NULL, sum = 0;
	size_t n = 0, cap = 0, i, k, readers = 0;

	memset(pr->uffd, 0, sizeof(pr->uffd));
	for (i = 0; i < r->sc->nuffds; i++)
		if (r->uffds[i].started)
			readers += (size_t)r->uffds[i].svc.nreaders;
	free(pr->reader_faults);
	pr->reader_faults = xcalloc(readers + 1, sizeof(*pr->reader_faults));
	pr->nreaders = readers;
	for (i = 0, readers = 0; i < r->sc->nuffds; i++) {
		struct rt_uffd *u = &r->uffds[i].svc;
		const char *why;

		if (!r->uffds[i].started)
			continue;
		rt_uffd_quiesce(u);
		pr->uffd[USTAT_EEXIST] += atomic_load(&u->eexist);
		for (k = 0; k < (size_t)u->nreaders; k++) {
			struct rt_uffd_reader *rd = &u->readers[k];

			pthread_mutex_lock(&rd->lat_lock);
			pr->reader_faults[readers++] = atomic_load(&rd->faults);
			/* A reader epoll never woke has no array at all. */
			grow_array((void **)&all, &cap, n + rd->nlat + 1, sizeof(*all));
			if (rd->nlat)
				memcpy(all + n, rd->lat_ns, rd->nlat * sizeof(*all));
			n += rd->nlat;
			pthread_mutex_unlock(&rd->lat_lock);
		}
		why = rt_uffd_error(u);
		if (why)
			fail_at(s, r->sc->uffds[i].loc, why);
	}
	pr->uffd[USTAT_FAULTS] = (int64_t)n;
	if (n) {
		qsort(all, n, sizeof(*all), cmp_i64);
		for (i = 0; i < n; i++)
			sum += all[i];
		pr->uffd[USTAT_MEAN] = sum / (int64_t)n;
		pr->uffd[USTAT_P50] = all[(n - 1) * 50 / 100];
		pr->uffd[USTAT_P90] = all[(n - 1) * 90 / 100];
		pr->uffd[USTAT_P99] = all[(n - 1) * 99 / 100];
		pr->uffd[USTAT_MAX] = all[n - 1];
	}
	free(all);
}
