// SPDX-License-Identifier: GPL-2.0-only
/*
 * show: the REPL's "show [TOPIC [ARG]]" and "help [TOPIC]": what the
 * session holds now (state.h, read only), the machine's knobs and
 * counters, and the language's manual, built in. show vms, vcpus and
 * memslots are show_vm.h's.
 */
#ifndef SCN_REPL_SHOW_H
#define SCN_REPL_SHOW_H

#include "state.h"

/* show's topics, NULL-terminated. */
extern const char *const repl_show_topics[];

void repl_show(struct repl *R, const char *args);
void repl_help(struct repl *R, const char *topic);
/* The topics of help, for completion: each word help takes. */
void repl_help_topics(void (*fn)(void *ctx, const char *name), void *ctx);

/* docs/language.md, built in (repl/doc_embed.sh). */
extern const char repl_language_doc[];

#endif
