// SPDX-License-Identifier: GPL-2.0-only
/*
 * arena: bump allocation for syntax trees and IR, freed all at once. A
 * check of a 100,000-line file allocates millions of small nodes; one
 * free per chunk keeps that cheap, and nothing in a tree outlives it.
 */
#ifndef SCN_ARENA_H
#define SCN_ARENA_H

#include <stddef.h>

struct arena_chunk;

struct arena {
	struct arena_chunk *head;
	size_t used;	/* bytes used in head */
	size_t total;	/* bytes reserved in all chunks, for reports */
};

void arena_init(struct arena *a);
void arena_free(struct arena *a);
/* Zeroed memory, aligned for pointers and 64-bit values; never NULL. */
void *arena_alloc(struct arena *a, size_t n);
char *arena_strndup(struct arena *a, const char *s, size_t n);

/*
 * A point to come back to: arena_release() frees everything allocated
 * since arena_mark(), for scratch work whose result is copied out.
 */
struct arena_mark {
	struct arena_chunk *head;
	size_t used;
};
struct arena_mark arena_mark(const struct arena *a);
void arena_release(struct arena *a, struct arena_mark m);
char *arena_strdup(struct arena *a, const char *s);

#endif
