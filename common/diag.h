// SPDX-License-Identifier: GPL-2.0-only
/*
 * diag: error records. The front end collects them (up to a cap) instead
 * of stopping at the first; only the command line prints them, as
 *   file:line:col: error: message
 *       the source line
 *       ^~~~~ under the span
 *     included from a.scn:41:1     (a message in an included file)
 *     at point 1: policy=default   (one a run gave at a sweep point)
 *   hint: a likely fix
 */
#ifndef SCN_DIAG_H
#define SCN_DIAG_H

#include <stdbool.h>
#include <stdio.h>

#include "source.h"

struct strbuf;

enum diag_level { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE };

#define DIAG_MAX_ERRORS 20

struct diag_rec {
	enum diag_level level;
	struct loc loc;		/* loc.src NULL: no place to show */
	char *msg;
	char *hint;		/* NULL or a likely fix */
	char *context;		/* NULL or where in a run: "point 1: n=2" */
};

struct diag {
	struct diag_rec *recs;
	size_t len, cap;
	unsigned nerrors;
	bool truncated;		/* the cap was reached */
};

void diag_init(struct diag *d);
void diag_free(struct diag *d);

/* Records an error; returns the record so a caller can add a hint. */
struct diag_rec *diag_error(struct diag *d, struct loc loc, const char *fmt,
			    ...) __attribute__((format(printf, 3, 4)));
struct diag_rec *diag_warning(struct diag *d, struct loc loc,
			      const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
struct diag_rec *diag_note(struct diag *d, struct loc loc, const char *fmt,
			   ...) __attribute__((format(printf, 3, 4)));
/* Sets the hint of r (r may be NULL when the cap dropped the record). */
void diag_hint(struct diag_rec *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Sets the context of the records from index from on that have none. */
void diag_context(struct diag *d, size_t from, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * Appends " (included from a.scn:41:1, from b.scn:3:1)" for a place in
 * an included file, nothing for one in the file that was run or checked.
 */
void diag_include_chain(const struct loc *loc, struct strbuf *sb);

/* Once the cap is reached the front end should stop early. */
bool diag_full(const struct diag *d);

/* Prints every record, in order, then a line when the cap was reached. */
void diag_print(const struct diag *d, FILE *out);
/* Prints one record. */
void diag_print_rec(const struct diag_rec *r, FILE *out);

/* Moves to dst the records of src that dst does not have yet (same place
 * and message), freeing the others; src is emptied. */
void diag_take_new(struct diag *dst, struct diag *src);

/* Moves the records of src to the end of dst and empties src. */
void diag_take(struct diag *dst, struct diag *src);

#endif
