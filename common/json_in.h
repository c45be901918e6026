// SPDX-License-Identifier: GPL-2.0-only
/*
 * json_in: a small JSON reader for the results scn writes (scn compare,
 * scn plot). It parses a whole buffer into a tree (RFC 8259, strictly:
 * no comments, no trailing commas, no NaN) and keeps each value's line and
 * column, so that a consumer that finds a value of the wrong shape can
 * point at it the way a scenario error does.
 *
 * Objects keep their keys in document order (a table's columns, a
 * fingerprint's fields are shown in the order written); a key that comes
 * twice in one object is an error, as results never have one. Numbers are
 * doubles. Strings are unescaped to UTF-8 (\uXXXX included, surrogate
 * pairs joined) and NUL-terminated; one that holds \u0000 has its true
 * length in len. Invalid UTF-8 in the input is an error.
 *
 * The tree lives in the document's arena and is freed at once with it.
 */
#ifndef SCN_JSON_IN_H
#define SCN_JSON_IN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "util.h"

/* Arrays and objects nested deeper than this are refused, not recursed. */
#define JIN_MAX_DEPTH 256
/*
 * The largest document read from a file, and the most values (numbers,
 * strings, arrays, ...) in one: a tree of 4 Mi values takes ~200 MiB, so
 * that scn compare reads two of the largest in well under 1 GiB.
 */
#define JIN_MAX_FILE_BYTES (128u << 20)
#define JIN_MAX_VALUES (4u << 20)
/*
 * Objects of this many members or more are indexed by key as they are
 * parsed: jin_get takes log n, so that walking one object against another
 * (a phase's metrics, a fingerprint's knobs) is n log n, not n squared.
 */
#define JIN_INDEXED 16

enum jin_type {
	JIN_NULL,
	JIN_BOOL,
	JIN_NUMBER,
	JIN_STRING,
	JIN_ARRAY,
	JIN_OBJECT,
};

struct jin_member;

struct jin_value {
	enum jin_type type;
	int line, col;		/* where the value starts; from 1, col in bytes */
	union {
		bool b;
		double num;
		struct {
			const char *s;
			size_t len;
		} str;
		struct {
			struct jin_value **items;
			size_t len;
		} arr;
		struct {
			struct jin_member *members;
			size_t len;
		} obj;
	} u;
};

struct jin_member {
	const char *key;	/* unescaped, NUL-terminated */
	size_t key_len;
	int line, col;		/* of the key */
	struct jin_value *value;
};

struct jin_doc {
	struct arena arena;
	struct jin_value *root;	/* NULL until a parse succeeds */
};

/* Where and why a parse failed: "unexpected ']'", line and column of it. */
struct jin_error {
	int line, col;		/* 0 when there is no place (a read error) */
	char msg[160];
	char first;		/* the text's first byte but blanks; 0: none */
	bool trailing;		/* a whole value parsed, then more text */
};

/*
 * Parses text[0..len) into doc (which it initialises; jin_free it in every
 * case). Returns 0, or -EINVAL with err filled.
 */
int jin_parse(struct jin_doc *doc, const char *text, size_t len,
	      struct jin_error *err);

/*
 * Reads and parses the file at path. Returns 0, -EINVAL for bad JSON (err
 * has its place), or -errno when the file cannot be read (err->msg says
 * why, line 0); -EFBIG past JIN_MAX_FILE_BYTES. doc as for jin_parse.
 */
int jin_parse_file(struct jin_doc *doc, const char *path,
		   struct jin_error *err);

void jin_free(struct jin_doc *doc);

/* "null", "boolean", "number", "string", "array", "object". */
const char *jin_type_name(enum jin_type t);

/* Lookups take NULL and values of the wrong type, and then give NULL. */
bool jin_is(const struct jin_value *v, enum jin_type t);
/* The value of key in object obj (the first, keys being unique). */
const struct jin_value *jin_get(const struct jin_value *obj, const char *key);
/* The member of obj whose key is key (its index: less obj's members). */
const struct jin_member *jin_member(const struct jin_value *obj, const char *key);
/* Item i of array arr, or NULL past its end. */
const struct jin_value *jin_at(const struct jin_value *arr, size_t i);
/* Items of an array or members of an object; 0 for anything else. */
size_t jin_len(const struct jin_value *v);
/* The string, or NULL when v is not one. */
const char *jin_str(const struct jin_value *v);
/* The number in *out: true, or false when v is not a number. */
bool jin_num(const struct jin_value *v, double *out);
/* Follows a path of keys (varargs, NULL-terminated) from v. */
const struct jin_value *jin_path(const struct jin_value *v, ...);

/*
 * Deep equality: numbers by value, strings by bytes, arrays in order,
 * objects as sets of members (key order does not matter). NULL equals
 * only NULL.
 */
bool jin_equal(const struct jin_value *a, const struct jin_value *b);
/* A hash of v: values jin_equal holds equal hash alike (NULL: 0). */
uint64_t jin_hash(const struct jin_value *v);

/*
 * Appends v as compact JSON (numbers as short as round-trips allow,
 * integers without a fraction); NULL as "(absent)".
 */
void jin_write(struct strbuf *sb, const struct jin_value *v);

#endif
