// SPDX-License-Identifier: GPL-2.0-only
/*
 * words: the enum words of the language, one list per place they are
 * used. A bare name that is no parameter, fact or declaration is a word
 * if any list has it; the statement that uses it checks its own list.
 * The lists' order matches the enums of ir.h.
 */
#ifndef SCN_WORDS_H
#define SCN_WORDS_H

#include <stdbool.h>

#include "../common/util.h"

extern const char *const words_uffd_mode[];	/* enum uffd_mode */
extern const char *const words_uffd_wait[];	/* enum uffd_wait */
extern const char *const words_uffd_resolve[];
extern const char *const words_guest_op[];	/* enum guest_op */
extern const char *const words_fault[];		/* enum fault_policy */
extern const char *const words_until[];		/* enum until_kind */
extern const char *const words_order[];
extern const char *const words_ring[];		/* enum ring */
extern const char *const words_prot[];		/* enum prot */
extern const char *const words_dirtylog[];	/* enum dirtylog_op */
extern const char *const words_memslot[];	/* enum memslot_op */
extern const char *const words_ksm_wait[];	/* enum ksm_wait */
extern const char *const words_onoff[];
extern const char *const words_host[];		/* host actions */
extern const char *const words_better[];	/* metric better= */
extern const char *const words_arch[];		/* the fact arch */
extern const char *const words_virt[];		/* the fact virt */
extern const char *const words_misc[];		/* free-standing words */

bool words_known(const char *w);
/* The index of w in list, or -1. */
int words_index(const char *const *list, const char *w);
/* "a, b or c" into a static-free buffer owned by the caller's arena. */
void words_join(struct strbuf *sb, const char *const *list);
/* A kernel word as a scenario writes it, in place: '-' and '+' are '_'. */
void words_scenario_spelling(char *s);

#endif
