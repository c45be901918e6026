// SPDX-License-Identifier: GPL-2.0-only
/*
 * value: the typed values of the language and their arithmetic.
 *
 * Types follow C where C has an answer (integer / integer truncates) and
 * units where it does not: size + size is a size, size / size a number,
 * duration / number a duration, size + duration an error. The rules live
 * in value_result_type() alone, so checking (types only, for expressions
 * whose values come at run time) and evaluation cannot disagree.
 */
#ifndef SCN_VALUE_H
#define SCN_VALUE_H

#include <stdbool.h>
#include <stdint.h>

#include "../common/util.h"
#include "../grammar/ast.h"

#define VAL_TYPE_LIST(X)                                                      \
	X(NONE, "nothing")                                                    \
	X(INT, "integer")                                                     \
	X(REAL, "real")                                                       \
	X(SIZE, "size")                                                       \
	X(DURATION, "duration")                                               \
	X(BOOL, "boolean")                                                    \
	X(STRING, "string")                                                   \
	X(WORD, "word")                                                       \
	X(LIST, "list")

enum val_type {
#define VAL_ENUM(id, text) VT_##id,
	VAL_TYPE_LIST(VAL_ENUM)
#undef VAL_ENUM
};

struct value {
	enum val_type type;
	union {
		int64_t i;	/* INT, SIZE (bytes), DURATION (ns), BOOL */
		double r;	/* REAL */
		const char *s;	/* STRING, WORD: borrowed */
		struct {
			struct value *v;
			size_t n;
		} list;
	};
};

const char *val_type_name(enum val_type t);
/* The name with its article, for messages: "an integer", "a size". */
const char *val_type_a(enum val_type t);
bool val_is_numeric(enum val_type t);	/* INT or REAL */

struct value val_int(int64_t i);
struct value val_real(double r);
struct value val_size(int64_t bytes);
struct value val_duration(int64_t ns);
struct value val_bool(bool b);
struct value val_word(const char *w);
struct value val_string(const char *s);

/* A literal from the scanner. */
struct value val_from_lit(const struct lit *lit);

/*
 * The type of a op b (b ignored for unary ops), or VT_NONE with *why set
 * to a static message, or to NULL when the types do not fit the operator:
 * value_mismatch_message() then says "cannot add a size and a duration".
 */
enum val_type value_result_type(enum ast_op op, enum val_type a,
				enum val_type b, const char **why);

/*
 * Computes a op b. Returns 0, or -EINVAL with *why (a static message) on
 * a type error, division by zero or overflow.
 */
void value_mismatch_message(struct strbuf *sb, enum ast_op op,
			    enum val_type a, enum val_type b);

int value_binary(enum ast_op op, const struct value *a, const struct value *b,
		 struct value *out, const char **why);
int value_unary(enum ast_op op, const struct value *a, struct value *out,
		const char **why);
/* Numeric view of INT, REAL, SIZE, DURATION, BOOL. */
double value_as_real(const struct value *v);
bool value_equal(const struct value *a, const struct value *b);

/*
 * Checks a printf-style format for one value of type t: one conversion
 * (d i u x X o f F e E g G a A s), with flags, width and precision, and
 * optional length modifiers that scn ignores. Returns NULL if fine, else
 * a static message.
 */
const char *value_check_format(const char *fmt, enum val_type t);

/*
 * Appends v as a print statement shows it: a duration as the kernel
 * selftests print it ("16.297574092s"), integers and sizes in decimal, a
 * real with %f, booleans as yes/no. fmt (may be NULL) must have passed
 * value_check_format.
 */
void value_format(struct strbuf *sb, const struct value *v, const char *fmt);

/* Compact forms for plans and messages: 4G, 1536M, 10ms, 2.5s. */
void value_format_human(struct strbuf *sb, const struct value *v);
void format_size(struct strbuf *sb, int64_t bytes);
/*
 * A size for a person, in the language's units: exact where that is
 * short ("64M", "100T", "4K"), else three significant digits in the
 * largest unit that keeps one before the point ("20.8G", not "21795672K").
 */
void format_size_human(struct strbuf *sb, int64_t bytes);
void format_duration(struct strbuf *sb, int64_t ns);

#endif
