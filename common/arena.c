// SPDX-License-Identifier: GPL-2.0-only
#include "arena.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define ARENA_CHUNK (64 * 1024)

struct arena_chunk {
	struct arena_chunk *next;
	size_t size;
	alignas(max_align_t) unsigned char data[];
};

void arena_init(struct arena *a)
{
	a->head = NULL;
	a->used = 0;
	a->total = 0;
}

void arena_free(struct arena *a)
{
	struct arena_chunk *c = a->head, *next;

	for (; c; c = next) {
		next = c->next;
		free(c);
	}
	arena_init(a);
}

/*
 * Pointers and 64-bit values are what scn keeps in arenas: aligned for
 * them, not for long double (16), a syntax node of 88 bytes takes 88.
 */
#define ARENA_ALIGN (alignof(void *) > alignof(int64_t) ? alignof(void *) : \
		     alignof(int64_t))

void *arena_alloc(struct arena *a, size_t n)
{
	const size_t align = ARENA_ALIGN;
	struct arena_chunk *c;
	void *p;

	n = (n + align - 1) & ~(align - 1);
	if (!a->head || a->used + n > a->head->size) {
		size_t size = n > ARENA_CHUNK ? n : ARENA_CHUNK;

		c = xmalloc(sizeof(*c) + size);
		c->next = a->head;
		c->size = size;
		a->head = c;
		a->used = 0;
		a->total += size;
	}
	p = a->head->data + a->used;
	a->used += n;
	memset(p, 0, n);
	return p;
}

struct arena_mark arena_mark(const struct arena *a)
{
	return (struct arena_mark){ .head = a->head, .used = a->used };
}

void arena_release(struct arena *a, struct arena_mark m)
{
	while (a->head != m.head) {
		struct arena_chunk *c = a->head;

		a->head = c->next;
		a->total -= c->size;
		free(c);
	}
	a->used = m.used;	/* arena_alloc zeroes what it hands out again */
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}
