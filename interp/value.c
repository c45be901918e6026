// SPDX-License-Identifier: GPL-2.0-only
#include "value.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const type_names[] = {
#define VAL_NAME(id, text) text,
	VAL_TYPE_LIST(VAL_NAME)
#undef VAL_NAME
};

const char *val_type_name(enum val_type t)
{
	return type_names[t];
}

const char *val_type_a(enum val_type t)
{
	switch (t) {
	case VT_NONE: return "nothing";
	case VT_INT: return "an integer";
	case VT_REAL: return "a real";
	case VT_SIZE: return "a size";
	case VT_DURATION: return "a duration";
	case VT_BOOL: return "a boolean";
	case VT_STRING: return "a string";
	case VT_WORD: return "a word";
	case VT_LIST: return "a list";
	}
	return "a value";
}

bool val_is_numeric(enum val_type t)
{
	return t == VT_INT || t == VT_REAL;
}

struct value val_int(int64_t i)
{
	return (struct value){ .type = VT_INT, .i = i };
}

struct value val_real(double r)
{
	return (struct value){ .type = VT_REAL, .r = r };
}

struct value val_size(int64_t bytes)
{
	return (struct value){ .type = VT_SIZE, .i = bytes };
}

struct value val_duration(int64_t ns)
{
	return (struct value){ .type = VT_DURATION, .i = ns };
}

struct value val_bool(bool b)
{
	return (struct value){ .type = VT_BOOL, .i = b };
}

struct value val_word(const char *w)
{
	return (struct value){ .type = VT_WORD, .s = w };
}

struct value val_string(const char *s)
{
	return (struct value){ .type = VT_STRING, .s = s };
}

struct value val_from_lit(const struct lit *lit)
{
	switch (lit->kind) {
	case LIT_INT:
		return val_int(lit->i);
	case LIT_REAL:
	case LIT_RATE:
		return val_real(lit->r);
	case LIT_SIZE:
		return val_size(lit->i);
	case LIT_DURATION:
		return val_duration(lit->i);
	case LIT_BOOL:
		return val_bool(lit->i);
	}
	return val_int(0);
}

static bool is_cmp(enum ast_op op)
{
	return op >= OP_EQ && op <= OP_GE;
}

static const char *verb(enum ast_op op)
{
	switch (op) {
	case OP_ADD: return "add";
	case OP_SUB: return "subtract";
	case OP_MUL: return "multiply";
	case OP_DIV: return "divide";
	case OP_MOD: return "take the remainder of";
	default: return "compare";
	}
}

static const char *article(enum val_type t)
{
	return t == VT_INT ? "an" : "a";
}

void value_mismatch_message(struct strbuf *sb, enum ast_op op,
			    enum val_type a, enum val_type b)
{
	sb_printf(sb, "cannot %s %s %s and %s %s", verb(op), article(a),
		  val_type_name(a), article(b), val_type_name(b));
}

enum val_type value_result_type(enum ast_op op, enum val_type a,
				enum val_type b, const char **why)
{
	bool na = val_is_numeric(a), nb = val_is_numeric(b);

	*why = NULL;
	switch (op) {
	case OP_NEG:
		if (na || a == VT_SIZE || a == VT_DURATION)
			return a;
		*why = "cannot negate this value";
		return VT_NONE;
	case OP_NOT:
		if (a == VT_BOOL)
			return VT_BOOL;
		*why = "'!' takes a boolean";
		return VT_NONE;
	case OP_AND:
	case OP_OR:
		if (a == VT_BOOL && b == VT_BOOL)
			return VT_BOOL;
		*why = "'&&' and '||' take booleans";
		return VT_NONE;
	case OP_ADD:
	case OP_SUB:
		if (na && nb)
			return a == VT_INT && b == VT_INT ? VT_INT : VT_REAL;
		if (a == b && (a == VT_SIZE || a == VT_DURATION))
			return a;
		break;
	case OP_MUL:
		if (na && nb)
			return a == VT_INT && b == VT_INT ? VT_INT : VT_REAL;
		if ((a == VT_SIZE || a == VT_DURATION) && nb)
			return a;
		if ((b == VT_SIZE || b == VT_DURATION) && na)
			return b;
		break;
	case OP_DIV:
		if (na && nb)
			return a == VT_INT && b == VT_INT ? VT_INT : VT_REAL;
		if (a == VT_SIZE && b == VT_SIZE)
			return VT_INT;
		if (a == VT_DURATION && b == VT_DURATION)
			return VT_REAL;
		if ((a == VT_SIZE || a == VT_DURATION) && nb)
			return a;
		break;
	case OP_MOD:
		if (a == VT_INT && b == VT_INT)
			return VT_INT;
		if ((a == VT_SIZE || a == VT_DURATION) && (b == a || b == VT_INT))
			return a;
		break;
	case OP_EQ:
	case OP_NE:
		if ((a == VT_WORD || a == VT_STRING) &&
		    (b == VT_WORD || b == VT_STRING))
			return VT_BOOL;
		if (a == VT_BOOL && b == VT_BOOL)
			return VT_BOOL;
		/* fall through */
	case OP_LT:
	case OP_LE:
	case OP_GT:
	case OP_GE:
		if (na && nb)
			return VT_BOOL;
		if (a == b && (a == VT_SIZE || a == VT_DURATION))
			return VT_BOOL;
		break;
	case OP_NONE:
		break;
	}
	*why = NULL;	/* the caller names both types */
	return VT_NONE;
}

double value_as_real(const struct value *v)
{
	return v->type == VT_REAL ? v->r : (double)v->i;
}

bool value_equal(const struct value *a, const struct value *b)
{
	if ((a->type == VT_WORD || a->type == VT_STRING) &&
	    (b->type == VT_WORD || b->type == VT_STRING))
		return !strcmp(a->s, b->s);
	if (a->type == VT_REAL || b->type == VT_REAL)
		return value_as_real(a) == value_as_real(b);
	return a->i == b->i;
}

/* A real result that must become a whole number of bytes or ns. */
static int to_whole(double d, int64_t *out, const char **why)
{
	if (!(d > -9.2e18 && d < 9.2e18)) {
		*why = "the result is too large";
		return -EINVAL;
	}
	*out = (int64_t)d;
	return 0;
}

int value_unary(enum ast_op op, const struct value *a, struct value *out,
		const char **why)
{
	enum val_type t = value_result_type(op, a->type, VT_NONE, why);

	if (t == VT_NONE)
		return -EINVAL;
	*out = *a;
	if (op == OP_NOT) {
		out->i = !a->i;
		return 0;
	}
	if (t == VT_REAL) {
		out->r = -a->r;
		return 0;
	}
	if (a->i == INT64_MIN) {
		*why = "the result is too large";
		return -EINVAL;
	}
	out->i = -a->i;
	return 0;
}

static int int_arith(enum ast_op op, int64_t x, int64_t y, int64_t *out,
		     const char **why)
{
	bool ovf = false;

	switch (op) {
	case OP_ADD:
		ovf = __builtin_add_overflow(x, y, out);
		break;
	case OP_SUB:
		ovf = __builtin_sub_overflow(x, y, out);
		break;
	case OP_MUL:
		ovf = __builtin_mul_overflow(x, y, out);
		break;
	case OP_DIV:
	case OP_MOD:
		if (y == 0) {
			*why = op == OP_DIV ? "division by zero" :
					      "remainder by zero";
			return -EINVAL;
		}
		if (x == INT64_MIN && y == -1) {
			ovf = true;
			break;
		}
		*out = op == OP_DIV ? x / y : x % y;
		break;
	default:
		*why = "not an arithmetic operator";
		return -EINVAL;
	}
	if (ovf) {
		*why = "the result is too large";
		return -EINVAL;
	}
	return 0;
}

static bool compare(enum ast_op op, const struct value *a,
		    const struct value *b)
{
	double x, y;

	if (op == OP_EQ)
		return value_equal(a, b);
	if (op == OP_NE)
		return !value_equal(a, b);
	if (a->type == VT_REAL || b->type == VT_REAL) {
		x = value_as_real(a);
		y = value_as_real(b);
		return op == OP_LT ? x < y : op == OP_LE ? x <= y :
		       op == OP_GT ? x > y : x >= y;
	}
	return op == OP_LT ? a->i < b->i : op == OP_LE ? a->i <= b->i :
	       op == OP_GT ? a->i > b->i : a->i >= b->i;
}

int value_binary(enum ast_op op, const struct value *a, const struct value *b,
		 struct value *out, const char **why)
{
	enum val_type t = value_result_type(op, a->type, b->type, why);
	double r;

	if (t == VT_NONE) {
		if (!*why)
			*why = "the operand types do not fit the operator";
		return -EINVAL;
	}
	out->type = t;
	if (is_cmp(op)) {
		out->i = compare(op, a, b);
		return 0;
	}
	if (op == OP_AND || op == OP_OR) {
		out->i = op == OP_AND ? (a->i && b->i) : (a->i || b->i);
		return 0;
	}
	if (a->type != VT_REAL && b->type != VT_REAL && t != VT_REAL) {
		/* Exact integer arithmetic on counts, bytes and ns. */
		return int_arith(op, a->i, b->i, &out->i, why);
	}
	if ((op == OP_DIV || op == OP_MOD) && value_as_real(b) == 0) {
		*why = "division by zero";
		return -EINVAL;
	}
	switch (op) {
	case OP_ADD: r = value_as_real(a) + value_as_real(b); break;
	case OP_SUB: r = value_as_real(a) - value_as_real(b); break;
	case OP_MUL: r = value_as_real(a) * value_as_real(b); break;
	case OP_DIV: r = value_as_real(a) / value_as_real(b); break;
	default:
		*why = "not an arithmetic operator";
		return -EINVAL;
	}
	if (t == VT_REAL) {
		out->r = r;
		return 0;
	}
	return to_whole(r, &out->i, why);
}

/* The length modifiers C allows; scn supplies its own. */
static bool is_length(char c)
{
	return c == 'h' || c == 'l' || c == 'L' || c == 'q' || c == 'j' ||
	       c == 'z' || c == 't';
}

struct fmt_spec {
	char flags[8];
	char width[8];
	char prec[8];	/* with the dot */
	char conv;
};

static const char *parse_format(const char *fmt, struct fmt_spec *fs)
{
	const char *p = fmt;
	size_t n;

	memset(fs, 0, sizeof(*fs));
	if (*p++ != '%')
		return "a format starts with '%'";
	for (n = 0; *p && strchr("-+ #0'", *p); p++)
		if (n < sizeof(fs->flags) - 1)
			fs->flags[n++] = *p;
	for (n = 0; *p >= '0' && *p <= '9'; p++)
		if (n < sizeof(fs->width) - 1)
			fs->width[n++] = *p;
		else
			return "the width is too large";
	if (*p == '.') {
		fs->prec[0] = '.';
		for (n = 1, p++; *p >= '0' && *p <= '9'; p++)
			if (n < sizeof(fs->prec) - 1)
				fs->prec[n++] = *p;
			else
				return "the precision is too large";
	}
	if (*p == '*')
		return "'*' widths are not supported";
	while (is_length(*p))
		p++;
	if (!*p || !strchr("diuxXofFeEgGaAs", *p))
		return "unknown conversion: use one of d i u x X o f F e E g G a A s";
	fs->conv = *p++;
	if (*p)
		return "a format takes one conversion and nothing after it";
	return NULL;
}

const char *value_check_format(const char *fmt, enum val_type t)
{
	struct fmt_spec fs;
	const char *err = parse_format(fmt, &fs);

	if (err)
		return err;
	if (fs.conv == 's')
		return NULL;
	if (t == VT_STRING || t == VT_WORD || t == VT_LIST)
		return "a numeric conversion for a value that is not a number: use %s";
	if (strchr("diuxXo", fs.conv) && t == VT_REAL)
		return "an integer conversion for a real: use %f, or %.0f";
	return NULL;
}

void format_size(struct strbuf *sb, int64_t bytes)
{
	static const char units[] = "KMGT";
	int64_t v = bytes;
	int u = -1;

	while (u < 3 && v && v % 1024 == 0) {
		v /= 1024;
		u++;
	}
	if (u < 0)
		sb_printf(sb, "%" PRId64 "B", bytes);
	else
		sb_printf(sb, "%" PRId64 "%c", v, units[u]);
}

void format_size_human(struct strbuf *sb, int64_t bytes)
{
	static const char units[] = "BKMGT";
	double v = (double)bytes;
	struct strbuf exact;
	int u = 0;

	sb_init(&exact);
	format_size(&exact, bytes);
	/* Four digits and a unit say it exactly and briefly enough. */
	if (exact.len <= 5) {
		sb_puts(sb, exact.buf);
		sb_free(&exact);
		return;
	}
	sb_free(&exact);
	/* Past 999.5, three digits would print as 1e+03. */
	while (u < 4 && (v >= 999.5 || v <= -999.5)) {
		v /= 1024;
		u++;
	}
	/* T is the largest unit: past 999T, whole ones (1907T, not 1.91e+03T). */
	if (v >= 999.5 || v <= -999.5)
		sb_printf(sb, "%.0f%c", v, units[u]);
	else
		sb_printf(sb, "%.3g%c", v, units[u]);
}

void format_duration(struct strbuf *sb, int64_t ns)
{
	static const struct {
		int64_t scale;
		const char *unit;
	} u[] = { { 1000000000, "s" }, { 1000000, "ms" }, { 1000, "us" } };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(u); i++)
		if (ns && ns % u[i].scale == 0) {
			sb_printf(sb, "%" PRId64 "%s", ns / u[i].scale, u[i].unit);
			return;
		}
	sb_printf(sb, "%" PRId64 "ns", ns);
}

/* The selftests' "%ld.%09lds". */
static void format_seconds(struct strbuf *sb, int64_t ns)
{
	uint64_t a = ns < 0 ? (uint64_t)0 - (uint64_t)ns : (uint64_t)ns;

	sb_printf(sb, "%s%" PRIu64 ".%09" PRIu64 "s", ns < 0 ? "-" : "",
		  a / 1000000000u, a % 1000000000u);
}

static void format_default(struct strbuf *sb, const struct value *v)
{
	size_t i;

	switch (v->type) {
	case VT_NONE:
		break;
	case VT_INT:
	case VT_SIZE:
		sb_printf(sb, "%" PRId64, v->i);
		break;
	case VT_REAL:
		sb_printf(sb, "%f", v->r);
		break;
	case VT_DURATION:
		format_seconds(sb, v->i);
		break;
	case VT_BOOL:
		sb_puts(sb, v->i ? "yes" : "no");
		break;
	case VT_STRING:
	case VT_WORD:
		sb_puts(sb, v->s);
		break;
	case VT_LIST:
		for (i = 0; i < v->list.n; i++) {
			if (i)
				sb_puts(sb, ", ");
			format_default(sb, &v->list.v[i]);
		}
		break;
	}
}

void value_format(struct strbuf *sb, const struct value *v, const char *fmt)
{
	struct fmt_spec fs;
	char spec[48];
	struct strbuf tmp;

	if (!fmt || parse_format(fmt, &fs)) {
		format_default(sb, v);
		return;
	}
	if (fs.conv == 's') {
		sb_init(&tmp);
		format_default(&tmp, v);
		snprintf(spec, sizeof(spec), "%%%s%s%ss", fs.flags, fs.width,
			 fs.prec);
		sb_printf(sb, spec, tmp.buf ? tmp.buf : "");
		sb_free(&tmp);
		return;
	}
	if (strchr("di", fs.conv)) {
		snprintf(spec, sizeof(spec), "%%%s%s%s" PRId64, fs.flags,
			 fs.width, fs.prec);
		sb_printf(sb, spec,
			  v->type == VT_REAL ? (int64_t)v->r : v->i);
	} else if (strchr("uxXo", fs.conv)) {
		snprintf(spec, sizeof(spec), "%%%s%s%sll%c", fs.flags, fs.width,
			 fs.prec, fs.conv);
		sb_printf(sb, spec, (unsigned long long)(v->type == VT_REAL ?
				    (int64_t)v->r : v->i));
	} else {
		snprintf(spec, sizeof(spec), "%%%s%s%s%c", fs.flags, fs.width,
			 fs.prec, fs.conv);
		/* A duration in a float format is in seconds. */
		sb_printf(sb, spec, v->type == VT_DURATION ? (double)v->i / 1e9 :
				    value_as_real(v));
	}
}

void value_format_human(struct strbuf *sb, const struct value *v)
{
	size_t i;

	switch (v->type) {
	case VT_SIZE:
		format_size(sb, v->i);
		break;
	case VT_DURATION:
		format_duration(sb, v->i);
		break;
	case VT_REAL:
		sb_printf(sb, "%g", v->r);
		break;
	case VT_STRING:
		sb_printf(sb, "\"%s\"", v->s);
		break;
	case VT_LIST:
		sb_putc(sb, '[');
		for (i = 0; i < v->list.n; i++) {
			if (i)
				sb_puts(sb, ", ");
			value_format_human(sb, &v->list.v[i]);
		}
		sb_putc(sb, ']');
		break;
	default:
		format_default(sb, v);
	}
}
