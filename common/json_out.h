// SPDX-License-Identifier: GPL-2.0-only
/*
 * json_out: writes JSON to a stream, keeping track of commas and nesting
 * so that writers say only what they mean. Pretty output indents by two
 * spaces; an array opened "inline" (samples, lists of words) stays on one
 * line. Non-finite numbers, which JSON cannot spell, are written as null.
 */
#ifndef SCN_JSON_OUT_H
#define SCN_JSON_OUT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define JSON_OUT_DEPTH 32

struct json_out {
	FILE *f;
	bool pretty;
	int depth;
	bool first[JSON_OUT_DEPTH];	/* nothing written yet at this level */
	bool flat[JSON_OUT_DEPTH];	/* this level stays on one line */
	char closer[JSON_OUT_DEPTH];	/* '}' or ']' */
	bool after_key;
};

void jo_init(struct json_out *j, FILE *f, bool pretty);
void jo_object(struct json_out *j);
void jo_array(struct json_out *j);
void jo_array_inline(struct json_out *j);
/* Ends the innermost object or array. */
void jo_end(struct json_out *j);
void jo_key(struct json_out *j, const char *key);
void jo_string(struct json_out *j, const char *s);
void jo_number(struct json_out *j, double v);
void jo_int(struct json_out *j, int64_t v);
void jo_bool(struct json_out *j, bool v);
void jo_null(struct json_out *j);
/* A string or null. */
void jo_string_or_null(struct json_out *j, const char *s);
/* A member: its key, then its value. */
void jo_kv_string(struct json_out *j, const char *key, const char *s);
void jo_kv_string_or_null(struct json_out *j, const char *key, const char *s);
void jo_kv_int(struct json_out *j, const char *key, int64_t v);
void jo_kv_number(struct json_out *j, const char *key, double v);
void jo_kv_bool(struct json_out *j, const char *key, bool v);

/* Ends a document: a newline (NDJSON: one per line). */
void jo_done(struct json_out *j);

/* Escapes s as the body of a JSON string (no quotes) into f. */
void json_escape(FILE *f, const char *s);

#endif
