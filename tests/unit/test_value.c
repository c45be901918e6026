// SPDX-License-Identifier: GPL-2.0-only
/*
 * Values: the arithmetic type rules (size + size is a size, size / size a
 * number, duration / number a duration, size + duration an error), exact
 * integer arithmetic with division-by-zero and overflow errors,
 * comparisons, and the print formats that reproduce selftest output.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../../interp/value.h"
#include "tap.h"

#define GIB (1024LL * 1024 * 1024)

static const char *type_name(enum val_type t)
{
	return val_type_name(t);
}

/* a op b succeeds with the given type and integer value. */
static void want_int_result(struct value a, enum ast_op op, struct value b,
			    enum val_type t, int64_t v, const char *what)
{
	struct value out = { 0 };
	const char *why = NULL;
	int rc = value_binary(op, &a, &b, &out, &why);

	if (!tap_ok(rc == 0 && out.type == t && out.i == v, "%s", what))
		printf("#   rc %d (%s), got %s %" PRId64 ", want %s %" PRId64 "\n",
		       rc, why ? why : "", type_name(out.type), out.i,
		       type_name(t), v);
}

static void want_real_result(struct value a, enum ast_op op, struct value b,
			     double r, const char *what)
{
	struct value out = { 0 };
	const char *why = NULL;
	int rc = value_binary(op, &a, &b, &out, &why);

	if (!tap_ok(rc == 0 && out.type == VT_REAL && out.r == r, "%s", what))
		printf("#   rc %d, got %s %g, want real %g\n", rc,
		       type_name(out.type), out.r, r);
}

/* a op b fails with a message that contains want (NULL: any message). */
static void want_fail(struct value a, enum ast_op op, struct value b,
		      const char *want, const char *what)
{
	struct value out = { 0 };
	const char *why = NULL;
	int rc = value_binary(op, &a, &b, &out, &why);

	if (!tap_ok(rc == -EINVAL && why && (!want || strstr(why, want)),
		    "%s", what))
		printf("#   rc %d, why \"%s\"\n", rc, why ? why : "(null)");
}

static void test_type_rules(void)
{
	const char *why;
	struct strbuf sb;

	want_int_result(val_size(GIB), OP_ADD, val_size(4096), VT_SIZE,
			GIB + 4096, "size + size is a size");
	want_int_result(val_size(GIB), OP_SUB, val_size(4096), VT_SIZE,
			GIB - 4096, "size - size is a size");
	want_int_result(val_size(4 * GIB), OP_DIV, val_size(GIB), VT_INT, 4,
			"size / size is an integer");
	want_int_result(val_size(4096), OP_MUL, val_int(3), VT_SIZE, 12288,
			"size * integer is a size");
	want_int_result(val_int(3), OP_MUL, val_size(4096), VT_SIZE, 12288,
			"integer * size is a size");
	want_int_result(val_size(GIB), OP_DIV, val_int(4), VT_SIZE, GIB / 4,
			"size / integer is a size");
	want_int_result(val_duration(10000000), OP_DIV, val_int(4), VT_DURATION,
			2500000, "duration / integer is a duration");
	want_int_result(val_duration(10000000), OP_MUL, val_real(1.5),
			VT_DURATION, 15000000, "duration * real is a duration");
	want_int_result(val_size(GIB), OP_MOD, val_size(3 * 1024 * 1024),
			VT_SIZE, GIB % (3 * 1024 * 1024), "size % size is a size");
	want_real_result(val_duration(3000000000LL), OP_DIV,
			 val_duration(2000000000LL), 1.5,
			 "duration / duration is a real");
	want_int_result(val_int(7), OP_DIV, val_int(2), VT_INT, 3,
			"integer / integer truncates: 7 / 2 = 3");
	want_int_result(val_int(-7), OP_DIV, val_int(2), VT_INT, -3,
			"integer / integer truncates toward zero: -7 / 2 = -3");
	want_int_result(val_int(7), OP_MOD, val_int(3), VT_INT, 1,
			"7 % 3 = 1");
	want_real_result(val_int(7), OP_DIV, val_real(2.0), 3.5,
			 "integer / real is a real");
	want_real_result(val_real(0.5), OP_ADD, val_int(1), 1.5,
			 "real + integer is a real");
	want_int_result(val_int(2), OP_ADD, val_int(3), VT_INT, 5,
			"integer + integer is an integer");

	TAP_INT(value_result_type(OP_ADD, VT_SIZE, VT_DURATION, &why), VT_NONE,
		"size + duration has no type");
	TAP_INT(value_result_type(OP_ADD, VT_SIZE, VT_INT, &why), VT_NONE,
		"size + integer has no type (a number needs a unit)");
	TAP_INT(value_result_type(OP_DIV, VT_INT, VT_SIZE, &why), VT_NONE,
		"integer / size has no type");
	TAP_INT(value_result_type(OP_MUL, VT_SIZE, VT_SIZE, &why), VT_NONE,
		"size * size has no type");
	TAP_INT(value_result_type(OP_ADD, VT_BOOL, VT_INT, &why), VT_NONE,
		"boolean + integer has no type");
	TAP_INT(value_result_type(OP_MOD, VT_REAL, VT_INT, &why), VT_NONE,
		"real %% integer has no type");
	want_fail(val_size(4096), OP_ADD, val_duration(1000000), NULL,
		  "size + duration is an error");
	sb_init(&sb);
	value_mismatch_message(&sb, OP_ADD, VT_SIZE, VT_DURATION);
	TAP_STR(sb.buf, "cannot add a size and a duration",
		"the mismatch message for size + duration");
	sb_free(&sb);
	sb_init(&sb);
	value_mismatch_message(&sb, OP_DIV, VT_INT, VT_SIZE);
	TAP_STR(sb.buf, "cannot divide an integer and a size",
		"the mismatch message uses 'an' before integer");
	sb_free(&sb);
}

static void test_errors(void)
{
	struct value out;
	const char *why = NULL;
	struct value min = val_int(INT64_MIN);

	want_fail(val_int(1), OP_DIV, val_int(0), "division by zero",
		  "integer / 0 is division by zero");
	want_fail(val_size(4096), OP_DIV, val_int(0), "division by zero",
		  "size / 0 is division by zero");
	want_fail(val_real(1.0), OP_DIV, val_real(0.0), "division by zero",
		  "real / 0.0 is division by zero");
	want_fail(val_int(1), OP_MOD, val_int(0), "remainder by zero",
		  "integer % 0 is remainder by zero");
	want_fail(val_int(INT64_MAX), OP_ADD, val_int(1), "too large",
		  "INT64_MAX + 1 overflows");
	want_fail(val_int(INT64_MIN), OP_SUB, val_int(1), "too large",
		  "INT64_MIN - 1 overflows");
	want_fail(val_size(8 * 1024 * GIB), OP_MUL, val_int(2000000),
		  "too large", "8T * 2000000 overflows");
	want_fail(val_int(INT64_MIN), OP_DIV, val_int(-1), "too large",
		  "INT64_MIN / -1 overflows");
	want_fail(val_duration(1000000000), OP_MUL, val_real(1e20),
		  "too large", "a duration times 1e20 overflows");
	TAP_INT(value_unary(OP_NEG, &min, &out, &why), -EINVAL,
		"negating INT64_MIN overflows");
}

static void test_unary(void)
{
	struct value a = val_duration(5), t = val_bool(true), out = { 0 };
	struct value s = val_word("x");
	const char *why = NULL;

	TAP_INT(value_unary(OP_NEG, &a, &out, &why), 0, "a duration negates");
	TAP_INT(out.type == VT_DURATION && out.i == -5, 1, "-5ns is -5ns");
	TAP_INT(value_unary(OP_NOT, &t, &out, &why), 0, "!yes works");
	TAP_INT(out.type == VT_BOOL && out.i == 0, 1, "!yes is no");
	TAP_INT(value_unary(OP_NEG, &s, &out, &why), -EINVAL,
		"a word does not negate");
	TAP_INT(value_unary(OP_NOT, &a, &out, &why), -EINVAL,
		"'!' does not take a duration");
}

/* a op b is a boolean with value want. */
static void want_cmp(struct value a, enum ast_op op, struct value b, bool want,
		     const char *what)
{
	struct value out = { 0 };
	const char *why = NULL;
	int rc = value_binary(op, &a, &b, &out, &why);

	if (!tap_ok(rc == 0 && out.type == VT_BOOL && (bool)out.i == want, "%s",
		    what))
		printf("#   rc %d, got %s %" PRId64 "\n", rc,
		       type_name(out.type), out.i);
}

static void test_comparisons(void)
{
	want_cmp(val_size(4096), OP_LT, val_size(8192), true, "4K < 8K");
	want_cmp(val_size(GIB), OP_GE, val_size(GIB), true, "1G >= 1G");
	want_cmp(val_duration(1000), OP_GT, val_duration(999), true, "1us > 999ns");
	want_cmp(val_int(1), OP_EQ, val_real(1.0), true, "1 == 1.0");
	want_cmp(val_int(2), OP_LT, val_real(2.5), true, "2 < 2.5");
	want_cmp(val_real(0.1), OP_NE, val_real(0.2), true, "0.1 != 0.2");
	want_cmp(val_word("minor"), OP_EQ, val_word("minor"), true,
		 "minor == minor");
	want_cmp(val_word("minor"), OP_EQ, val_string("minor"), true,
		 "a word equals the string of its letters");
	want_cmp(val_word("once"), OP_NE, val_word("forever"), true,
		 "once != forever");
	want_cmp(val_bool(true), OP_EQ, val_bool(true), true, "yes == yes");
	want_cmp(val_bool(true), OP_AND, val_bool(false), false, "yes && no");
	want_cmp(val_bool(true), OP_OR, val_bool(false), true, "yes || no");
	want_fail(val_size(4096), OP_LT, val_duration(1), NULL,
		  "a size and a duration do not compare");
	want_fail(val_size(4096), OP_EQ, val_int(4096), NULL,
		  "a size and an integer do not compare");
	want_fail(val_word("a"), OP_LT, val_word("b"), NULL,
		  "words have no order");
	want_fail(val_int(1), OP_AND, val_bool(true), NULL,
		  "'&&' takes booleans");
}

static void want_format(struct value v, const char *fmt, const char *want)
{
	struct strbuf sb;

	sb_init(&sb);
	value_format(&sb, &v, fmt);
	TAP_STR(sb.buf ? sb.buf : "", want, "%s %s prints \"%s\"",
		type_name(v.type), fmt ? fmt : "(default)", want);
	sb_free(&sb);
}

static void test_format(void)
{
	/* The defaults: a duration as the selftests print it. */
	want_format(val_duration(16297574092LL), NULL, "16.297574092s");
	want_format(val_duration(1500000), NULL, "0.001500000s");
	want_format(val_duration(0), NULL, "0.000000000s");
	want_format(val_duration(-1500000000LL), NULL, "-1.500000000s");
	want_format(val_duration(-7), NULL, "-0.000000007s");
	want_format(val_int(42), NULL, "42");
	want_format(val_int(-7), NULL, "-7");
	want_format(val_int(INT64_MIN), NULL, "-9223372036854775808");
	want_format(val_size(GIB), NULL, "1073741824");
	want_format(val_real(2.5), NULL, "2.500000");
	want_format(val_real(1.0 / 3), NULL, "0.333333");
	want_format(val_bool(true), NULL, "yes");
	want_format(val_bool(false), NULL, "no");
	want_format(val_word("epoll"), NULL, "epoll");
	want_format(val_string("a b"), NULL, "a b");

	/* Formats. */
	want_format(val_real(3.14159), "%f", "3.141590");
	want_format(val_real(3.14159), "%.3f", "3.142");
	want_format(val_real(3.14159), "%08.3f", "0003.142");
	want_format(val_real(1234.5), "%.9f", "1234.500000000");
	want_format(val_real(12345.678), "%e", "1.234568e+04");
	want_format(val_real(0.5), "%g", "0.5");
	want_format(val_int(16297574092LL), "%ld", "16297574092");
	want_format(val_duration(16297574092LL), "%ld", "16297574092");
	want_format(val_duration(16297574092LL), "%lld", "16297574092");
	want_format(val_duration(1500000000), "%f", "1.500000");
	want_format(val_duration(1500000000), "%.3f", "1.500");
	want_format(val_int(42), "%5d", "   42");
	want_format(val_int(42), "%-5d", "42   ");
	want_format(val_int(42), "%05d", "00042");
	want_format(val_int(42), "%+d", "+42");
	want_format(val_int(42), "%s", "42");
	want_format(val_int(42), "%f", "42.000000");
	want_format(val_int(255), "%x", "ff");
	want_format(val_int(255), "%X", "FF");
	want_format(val_int(255), "%#x", "0xff");
	want_format(val_int(8), "%o", "10");
	want_format(val_int(7), "%u", "7");
	want_format(val_size(4096), "%d", "4096");
	want_format(val_size(GIB), "%zu", "1073741824");
	want_format(val_duration(16297574092LL), "%s", "16.297574092s");
	want_format(val_word("missing"), "%s", "missing");
	want_format(val_word("missing"), "%-9s", "missing  ");
	want_format(val_word("missing"), "%9s", "  missing");
	want_format(val_word("missing"), "%.4s", "miss");
	want_format(val_bool(true), "%s", "yes");
}

static void want_check(const char *fmt, enum val_type t, bool ok)
{
	const char *why = value_check_format(fmt, t);

	if (!tap_ok(ok ? why == NULL : why != NULL, "format '%s' for a %s is %s",
		    fmt, type_name(t), ok ? "accepted" : "rejected"))
		printf("#   said \"%s\"\n", why ? why : "(null)");
}

static void test_check_format(void)
{
	want_check("%d", VT_INT, true);
	want_check("%ld", VT_INT, true);
	want_check("%lld", VT_DURATION, true);
	want_check("%5d", VT_SIZE, true);
	want_check("%.3f", VT_REAL, true);
	want_check("%-08.3f", VT_REAL, true);
	want_check("%f", VT_DURATION, true);
	want_check("%f", VT_INT, true);
	want_check("%s", VT_REAL, true);
	want_check("%s", VT_WORD, true);
	want_check("%x", VT_INT, true);
	want_check("%e", VT_REAL, true);
	want_check("%d", VT_REAL, false);
	want_check("%x", VT_REAL, false);
	want_check("%d", VT_WORD, false);
	want_check("%f", VT_STRING, false);
	want_check("%n", VT_INT, false);
	want_check("%p", VT_INT, false);
	want_check("%c", VT_INT, false);
	want_check("%d%d", VT_INT, false);
	want_check("%d ms", VT_INT, false);
	want_check("%*d", VT_INT, false);
	want_check("%.*f", VT_REAL, false);
	want_check("d", VT_INT, false);
	want_check("%", VT_INT, false);
	want_check("%ll", VT_INT, false);
	want_check("%%", VT_INT, false);
	want_check("%123456789d", VT_INT, false);
}

static void want_human(struct value v, const char *want)
{
	struct strbuf sb;

	sb_init(&sb);
	value_format_human(&sb, &v);
	TAP_STR(sb.buf ? sb.buf : "", want, "%s shows as %s in plans",
		type_name(v.type), want);
	sb_free(&sb);
}

static void test_human(void)
{
	want_human(val_size(4 * GIB), "4G");
	want_human(val_size(1536LL * 1024 * 1024), "1536M");
	want_human(val_size(4096), "4K");
	want_human(val_size(4097), "4097B");
	want_human(val_size(0), "0B");
	want_human(val_size(1024 * 1024 * GIB), "1024T");
	want_human(val_duration(10000000), "10ms");
	want_human(val_duration(2500000000LL), "2500ms");
	want_human(val_duration(3000), "3us");
	want_human(val_duration(1), "1ns");
	want_human(val_duration(0), "0ns");
	want_human(val_real(2.5), "2.5");
	want_human(val_string("x"), "\"x\"");
	want_human(val_word("epoll"), "epoll");
	want_human(val_bool(false), "no");
}

/* Sizes in messages: three digits, and whole T past 999T. */
static void want_size_msg(int64_t bytes, const char *want)
{
	struct strbuf sb;

	sb_init(&sb);
	format_size_human(&sb, bytes);
	TAP_STR(sb.buf ? sb.buf : "", want, "%lld bytes read %s in a message",
		(long long)bytes, want);
	sb_free(&sb);
}

static void test_size_msg(void)
{
	want_size_msg(64 * GIB, "64G");
	want_size_msg(21795672LL * 1024, "20.8G");
	want_size_msg(1000000000LL * 2 * 1024 * 1024, "1907T");
	want_size_msg(INT64_MAX, "8388608T");
}

static void test_names(void)
{
	TAP_STR(val_type_name(VT_INT), "integer", "VT_INT is an integer");
	TAP_STR(val_type_name(VT_SIZE), "size", "VT_SIZE is a size");
	TAP_STR(val_type_name(VT_DURATION), "duration", "VT_DURATION is a duration");
	TAP_INT(val_is_numeric(VT_REAL), 1, "a real is numeric");
	TAP_INT(val_is_numeric(VT_SIZE), 0, "a size is not a bare number");
}

int main(void)
{
	test_type_rules();
	test_errors();
	test_unary();
	test_comparisons();
	test_format();
	test_check_format();
	test_human();
	test_size_msg();
	test_names();
	return tap_done();
}
