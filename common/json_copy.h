// SPDX-License-Identifier: GPL-2.0-only
/*
 * json_copy: a value read with json_in written again with json_out, so
 * that a result read back (a test host's, a shard's) can be written as a
 * part of another (the kernel axis, scn merge) in the writers' layout:
 * arrays of numbers, strings and the like on one line, objects and arrays
 * that hold objects or arrays one member a line.
 */
#ifndef SCN_JSON_COPY_H
#define SCN_JSON_COPY_H

#include "json_in.h"
#include "json_out.h"

/* Writes v (NULL: null) at j's place, as any jo_ value goes. */
void jc_value(struct json_out *j, const struct jin_value *v);

/*
 * The compact text of v, which the caller frees (NULL: no memory);
 * jc_text_value reads such a text back and writes it at j's place, laid
 * out (null for NULL or a text that is not JSON).
 */
char *jc_text(const struct jin_value *v);
void jc_text_value(struct json_out *j, const char *text);

#endif
