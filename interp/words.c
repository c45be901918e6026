// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "../common/util.h"
#include "../runtime/mm_tables.h"
#include "words.h"

const char *const words_uffd_mode[] = { "missing", "minor", "wp", NULL };
const char *const words_uffd_wait[] = { "poll", "epoll", "read", NULL };
const char *const words_uffd_resolve[] = { "copy", "zeropage", "continue",
					   "move", NULL };
const char *const words_guest_op[] = { "write", "read", "mixed", NULL };
const char *const words_fault[] = { "fail", "skip", "stop", "retry", NULL };
const char *const words_until[] = { "passes", "all_faulted", NULL };
const char *const words_order[] = { "seq", "random", NULL };
const char *const words_ring[] = { "auto", NULL };
const char *const words_prot[] = { "ro", "rw", "none", NULL };
const char *const words_dirtylog[] = { "on", "off", "get", "clear", NULL };
const char *const words_memslot[] = { "add", "delete", "move", NULL };
const char *const words_ksm_wait[] = { "merged", "scans", NULL };
const char *const words_onoff[] = { "on", "off", NULL };
const char *const words_host[] = { "mprotect", "madvise", "fallocate",
				   "munmap", "memslot", "dirtylog", "exec",
				   "write", "read", "cgroup", "mmap", NULL };
const char *const words_better[] = { "lower", "none", "higher", NULL };
const char *const words_arch[] = { "x86_64", "aarch64", "riscv64", NULL };
/* rt_features.virt's: x86's, arm64 KVM's modes, riscv's H extension */
const char *const words_virt[] = { "vmx", "svm", "pvm", "vhe", "nvhe", "hvhe",
				   "pkvm", "el2", "h", "none", NULL };
const char *const words_misc[] = { "all", "every", "fault", "mmu", "reset",
				   "punch", "wait", "prctl", "verify",
				   "forever", "once", "address", "none",
				   "max", NULL };

static const char *const *const lists[] = {
	words_uffd_mode, words_uffd_wait, words_uffd_resolve, words_guest_op,
	words_fault, words_until, words_order, words_ring, words_prot,
	words_dirtylog, words_memslot, words_ksm_wait, words_onoff,
	words_host, words_better, words_arch, words_virt, words_misc,
};

int words_index(const char *const *list, const char *w)
{
	int i;

	for (i = 0; list[i]; i++)
		if (!strcmp(list[i], w))
			return i;
	return -1;
}

/* Knob words as scenarios write them: '-' and '+' become '_'. */
static bool knob_word(const char *w)
{
	size_t i, n = strlen(w);
	const char *p;

	for (i = 0; i < KNOB__COUNT; i++) {
		if (knob_info[i].kind != KNOB_WORD)
			continue;
		for (p = knob_info[i].words; p && *p;) {
			size_t len = strcspn(p, ","), j;
			bool same = len == n;

			for (j = 0; same && j < len; j++)
				same = w[j] == p[j] ||
				       (w[j] == '_' && (p[j] == '-' || p[j] == '+'));
			if (same)
				return true;
			p += len + (p[len] == ',');
		}
	}
	return false;
}

bool words_known(const char *w)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(lists); i++)
		if (words_index(lists[i], w) >= 0)
			return true;
	for (i = 0; i < BACKING__COUNT; i++)
		if (!strcmp(backing_info[i].name, w))
			return true;
	for (i = 0; i < ADVICE__COUNT; i++)
		if (!strcmp(advice_info[i].name, w))
			return true;
	for (i = 0; i < MPOLICY__COUNT; i++)
		if (!strcmp(policy_info[i].name, w))
			return true;
	return knob_word(w);
}

void words_join(struct strbuf *sb, const char *const *list)
{
	int i;

	for (i = 0; list[i]; i++) {
		if (i)
			sb_puts(sb, list[i + 1] ? ", " : " or ");
		sb_puts(sb, list[i]);
	}
}

void words_scenario_spelling(char *s)
{
	for (; *s; s++)
		if (*s == '-' || *s == '+')
			*s = '_';
}
