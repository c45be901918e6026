// SPDX-License-Identifier: GPL-2.0-only
/*
 * json_in: the reader scn compare and scn plot use. Valid documents give
 * the right tree (key order, numbers, unescaped strings, locations);
 * invalid ones fail with the right message at the right line and column,
 * and never crash.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../common/json_in.h"
#include "tap.h"

/* Parses a NUL-terminated text; the doc must be freed. */
static int parse(struct jin_doc *doc, const char *text, struct jin_error *err)
{
	return jin_parse(doc, text, strlen(text), err);
}

/* A text that must parse; returns how jin_write renders it. */
static char *roundtrip(const char *text)
{
	struct jin_doc doc;
	struct jin_error err;
	struct strbuf sb;

	sb_init(&sb);
	if (parse(&doc, text, &err))
		sb_printf(&sb, "error %d:%d: %s", err.line, err.col, err.msg);
	else
		jin_write(&sb, doc.root);
	jin_free(&doc);
	return sb_steal(&sb);
}

static void want_roundtrip(const char *text, const char *want, const char *what)
{
	char *got = roundtrip(text);

	TAP_STR(got, want, "%s", what);
	free(got);
}

/* text must fail at line:col with a message containing msg. */
static void want_error(const char *text, size_t len, int line, int col,
		       const char *msg, const char *what)
{
	struct jin_doc doc;
	struct jin_error err;
	int rc = jin_parse(&doc, text, len, &err);

	if (!tap_ok(rc == -EINVAL && err.line == line && err.col == col &&
			    strstr(err.msg, msg) && !doc.root,
		    "invalid: %s", what))
		printf("#   rc %d at %d:%d \"%s\", want %d:%d \"%s\"\n", rc,
		       err.line, err.col, err.msg, line, col, msg);
	jin_free(&doc);
}

#define WANT_ERROR(text, line, col, msg, what) \
	want_error(text, sizeof(text) - 1, line, col, msg, what)

static void test_tree(void)
{
	static const char text[] =
		"{\n"
		"  \"zeta\": 1,\n"
		"  \"alpha\": [true, false, null, -2.5e1],\n"
		"  \"name\": \"ksm\",\n"
		"  \"nested\": { \"x\": { \"y\": 7 } }\n"
		"}\n";
	const struct jin_value *v, *arr;
	struct jin_doc doc;
	struct jin_error err;
	double d = 0;

	TAP_INT(parse(&doc, text, &err), 0, "a small document parses");
	v = doc.root;
	tap_ok(jin_is(v, JIN_OBJECT) && jin_len(v) == 4, "the root is an object of 4");
	TAP_STR(v->u.obj.members[0].key, "zeta", "keys keep document order (1st)");
	TAP_STR(v->u.obj.members[1].key, "alpha", "keys keep document order (2nd)");
	arr = jin_get(v, "alpha");
	tap_ok(jin_len(arr) == 4 && jin_is(jin_at(arr, 0), JIN_BOOL) &&
		       jin_at(arr, 0)->u.b && !jin_at(arr, 1)->u.b &&
		       jin_is(jin_at(arr, 2), JIN_NULL),
	       "true, false, null");
	tap_ok(jin_num(jin_at(arr, 3), &d) && d == -25, "-2.5e1 is -25");
	tap_ok(!jin_at(arr, 4), "jin_at past the end is NULL");
	TAP_STR(jin_str(jin_get(v, "name")), "ksm", "a string member");
	tap_ok(!jin_get(v, "missing") && !jin_get(arr, "x") && !jin_get(NULL, "x"),
	       "jin_get: missing key, non-object, NULL");
	tap_ok(!jin_str(jin_get(v, "zeta")) && !jin_num(jin_get(v, "name"), &d),
	       "typed getters refuse other types");
	tap_ok(jin_num(jin_path(v, "nested", "x", "y", NULL), &d) && d == 7,
	       "jin_path follows keys");
	tap_ok(!jin_path(v, "nested", "q", "y", NULL), "jin_path: a missing step");
	TAP_INT(jin_get(v, "alpha")->line, 3, "a value's line");
	TAP_INT(jin_get(v, "alpha")->col, 12, "a value's column");
	TAP_INT(jin_at(arr, 2)->col, 26, "an array item's column");
	TAP_INT(v->u.obj.members[3].line, 5, "a key's line");
	TAP_INT(v->u.obj.members[3].col, 3, "a key's column");
	jin_free(&doc);
}

static void test_numbers(void)
{
	want_roundtrip("[0, -0, 1.5, 100, 1E+2, 2e-3, 0.1]",
		       "[0,-0,1.5,100,100,0.002,0.1]", "numbers");
	want_roundtrip("12345678901234567890", "1.2345678901234567e+19",
		       "a large integer is a double");
	want_roundtrip("1e-400", "0", "underflow reads as 0");
	want_roundtrip("  42  ", "42", "a bare number as the document");
	want_roundtrip("0.30000000000000004", "0.30000000000000004",
		       "17 digits where 15 do not round-trip");
	want_roundtrip("25769803776", "25769803776", "a memory size stays exact");
}

static void test_strings(void)
{
	struct jin_doc doc;
	struct jin_error err;
	const char *s;

	want_roundtrip("\"\\\" \\\\ \\/ \\n \\t\"", "\"\\\" \\\\ / \\n \\t\"",
		       "simple escapes");
	parse(&doc, "[\"\\u00e9\", \"\\u20AC\", \"\\ud83d\\ude00\", \"\xc3\xa9\", "
		    "\"a\\u0000b\", \"\\b\\f\\r\"]", &err);
	tap_ok(doc.root != NULL, "strings with \\u escapes parse");
	if (doc.root) {
		TAP_STR(jin_str(jin_at(doc.root, 0)), "\xc3\xa9", "\\u00e9 is two bytes");
		TAP_STR(jin_str(jin_at(doc.root, 1)), "\xe2\x82\xac", "\\u20AC is three bytes");
		TAP_STR(jin_str(jin_at(doc.root, 2)), "\xf0\x9f\x98\x80",
			"a surrogate pair is one code point in four bytes");
		TAP_STR(jin_str(jin_at(doc.root, 3)), "\xc3\xa9", "raw UTF-8 is kept");
		s = jin_str(jin_at(doc.root, 4));
		tap_ok(jin_at(doc.root, 4)->u.str.len == 3 && s[1] == '\0' &&
			       s[2] == 'b',
		       "\\u0000 is kept, with the length");
		TAP_STR(jin_str(jin_at(doc.root, 5)), "\b\f\r", "\\b \\f \\r");
	}
	jin_free(&doc);
	want_roundtrip("\"\xef\xbb\xbfx\"", "\"\xef\xbb\xbfx\"",
		       "U+FEFF inside a string is text");
	want_roundtrip("\xef\xbb\xbf{}", "{}", "a byte order mark is skipped");
}

static void test_helpers(void)
{
	struct jin_doc a, b, c;
	struct jin_error err;

	parse(&a, "{\"x\": 1, \"y\": [1, \"s\", {\"k\": null}]}", &err);
	parse(&b, "{\"y\": [1, \"s\", {\"k\": null}], \"x\": 1.0}", &err);
	parse(&c, "{\"y\": [\"s\", 1, {\"k\": null}], \"x\": 1}", &err);
	tap_ok(jin_equal(a.root, b.root), "equal: key order does not matter");
	tap_ok(!jin_equal(a.root, c.root), "equal: array order does");
	tap_ok(!jin_equal(a.root, jin_get(a.root, "x")), "equal: types differ");
	tap_ok(jin_equal(NULL, NULL) && !jin_equal(a.root, NULL),
	       "equal: NULL equals only NULL");
	TAP_STR(jin_type_name(jin_get(a.root, "y")->type), "array", "type names");
	jin_free(&a);
	jin_free(&b);
	jin_free(&c);
	parse(&a, "{\"a\": 1}", &err);
	parse(&b, "{\"b\": 1}", &err);
	tap_ok(!jin_equal(a.root, b.root), "equal: same size, other keys");
	jin_free(&a);
	jin_free(&b);
}

static void test_depth(void)
{
	char *text = malloc(2 * (JIN_MAX_DEPTH + 1) + 1);
	struct jin_doc doc;
	struct jin_error err;
	int i, rc;

	for (i = 0; i < JIN_MAX_DEPTH; i++) {
		text[i] = '[';
		text[JIN_MAX_DEPTH + i] = ']';
	}
	text[2 * JIN_MAX_DEPTH] = '\0';
	rc = parse(&doc, text, &err);
	TAP_INT(rc, 0, "%d nested arrays parse", JIN_MAX_DEPTH);
	jin_free(&doc);
	for (i = 0; i <= JIN_MAX_DEPTH; i++) {
		text[i] = '[';
		text[JIN_MAX_DEPTH + 1 + i] = ']';
	}
	text[2 * (JIN_MAX_DEPTH + 1)] = '\0';
	want_error(text, strlen(text), 1, JIN_MAX_DEPTH + 1, "nested deeper than",
		   "one level more is refused");
	free(text);
}

static void test_errors(void)
{
	WANT_ERROR("", 1, 1, "unexpected end of input", "empty input");
	WANT_ERROR("   \n  ", 2, 3, "unexpected end of input", "only whitespace");
	WANT_ERROR("{", 1, 2, "unexpected end of input", "unclosed object");
	WANT_ERROR("[1, 2", 1, 6, "expected ',' or ']'", "unclosed array");
	WANT_ERROR("{\"a\":1,}", 1, 8, "trailing ','", "trailing comma in an object");
	WANT_ERROR("[1,]", 1, 4, "trailing ','", "trailing comma in an array");
	WANT_ERROR("[1 2]", 1, 4, "unexpected '2', expected ',' or ']'", "missing comma");
	WANT_ERROR("{\"a\" 1}", 1, 6, "expected ':'", "missing colon");
	WANT_ERROR("{a:1}", 1, 2, "expected a key in quotes", "unquoted key");
	WANT_ERROR("\"abc", 1, 1, "unterminated string", "unterminated string");
	WANT_ERROR("\"a\\x\"", 1, 3, "unknown escape '\\x'", "unknown escape");
	WANT_ERROR("\"\\ud800\"", 1, 2, "without its low half", "lone high surrogate");
	WANT_ERROR("\"\\ud800\\u0041\"", 1, 2, "without its low half",
		   "high surrogate and a non-surrogate");
	WANT_ERROR("\"\\udc00\"", 1, 2, "lone low surrogate", "lone low surrogate");
	WANT_ERROR("\"\\u12\"", 1, 2, "four hex digits", "short \\u");
	WANT_ERROR("\"a\tb\"", 1, 3, "control character 0x09", "a raw tab in a string");
	WANT_ERROR("\"\xff\"", 1, 2, "invalid UTF-8", "byte 0xff");
	WANT_ERROR("\"\xc0\xaf\"", 1, 2, "invalid UTF-8", "overlong '/'");
	WANT_ERROR("\"\xed\xa0\x80\"", 1, 2, "invalid UTF-8", "an encoded surrogate");
	WANT_ERROR("\"\xe2\x82\"", 1, 2, "invalid UTF-8", "a truncated sequence");
	WANT_ERROR("01", 1, 1, "leading zero", "leading zero");
	WANT_ERROR("-", 1, 1, "a digit must follow '-'", "a lone minus");
	WANT_ERROR("1.", 1, 3, "a digit must follow '.'", "1.");
	WANT_ERROR(".5", 1, 1, "unexpected '.'", ".5");
	WANT_ERROR("1e", 1, 3, "exponent needs digits", "1e");
	WANT_ERROR("+1", 1, 1, "unexpected '+'", "+1");
	WANT_ERROR("1e400", 1, 1, "out of range", "1e400");
	WANT_ERROR("tru", 1, 1, "unexpected 't'", "tru");
	WANT_ERROR("NaN", 1, 1, "unexpected 'N'", "NaN");
	WANT_ERROR("{\"a\":1}x", 1, 8, "text after the end", "text after the document");
	WANT_ERROR("{\"a\":1,\"b\":2,\"a\":3}", 1, 14, "duplicate key \"a\"",
		   "a repeated key, at its second place");
	WANT_ERROR("{\n  \"a\": [1,\n  2,,\n]}", 3, 5, "unexpected ','",
		   "the line and column of an error on line 3");
	WANT_ERROR("[1]\0", 1, 4, "text after the end", "a NUL after the document");
	WANT_ERROR("// c\n{}", 1, 1, "unexpected '/'", "comments are not JSON");
}

static void test_files(void)
{
	char path[] = "/tmp/scn-test-json.XXXXXX";
	struct jin_doc doc;
	struct jin_error err;
	int fd, rc;

	rc = jin_parse_file(&doc, "/nonexistent/x.json", &err);
	tap_ok(rc == -ENOENT && err.line == 0 && strstr(err.msg, "cannot open"),
	       "a missing file: -ENOENT and why");
	jin_free(&doc);
	rc = jin_parse_file(&doc, "/tmp", &err);
	TAP_INT(rc, -EISDIR, "a directory: -EISDIR");
	jin_free(&doc);
	fd = mkstemp(path);
	if (fd < 0 || write(fd, "{\"k\":\n [1, 2,]}", 15) != 15) {
		tap_ok(false, "a temporary file (%s)", strerror(errno));
		return;
	}
	close(fd);
	rc = jin_parse_file(&doc, path, &err);
	tap_ok(rc == -EINVAL && err.line == 2 && err.col == 8,
	       "a file's error has its line and column");
	jin_free(&doc);
	unlink(path);
}

/*
 * A large object is looked up through its index (JIN_INDEXED members or
 * more): every key found, keys that are prefixes of others told apart,
 * an absent key, one with a NUL; a repeated key still found at its place.
 */
static void test_index(void)
{
	static const char *const extra[] = { "a", "ab", "abc", "b", "", "zz" };
	struct jin_doc doc;
	struct jin_error err;
	struct strbuf sb;
	size_t i, found = 0, n = 500;
	int rc;

	sb_init(&sb);
	sb_putc(&sb, '{');
	for (i = 0; i < n; i++)
		sb_printf(&sb, "\"k%zu\": %zu, ", (i * 7919) % n, (i * 7919) % n);
	for (i = 0; i < sizeof(extra) / sizeof(extra[0]); i++)
		sb_printf(&sb, "\"%s\": \"%s\"%s", extra[i], extra[i],
			  i + 1 < sizeof(extra) / sizeof(extra[0]) ? ", " : "}");
	rc = parse(&doc, sb.buf, &err);
	TAP_INT(rc, 0, "an object of %zu members parses", n + 6);
	for (i = 0; !rc && i < n; i++) {
		char key[32];
		double v = -1;

		snprintf(key, sizeof(key), "k%zu", i);
		found += jin_num(jin_get(doc.root, key), &v) && v == (double)i;
	}
	TAP_INT((long)found, (long)n, "every key of a large object found, with its value");
	for (i = 0; !rc && i < sizeof(extra) / sizeof(extra[0]); i++)
		TAP_STR(jin_str(jin_get(doc.root, extra[i])), extra[i],
			"key '%s' (a prefix of another, or empty) found", extra[i]);
	tap_ok(!rc && !jin_get(doc.root, "k500") && !jin_get(doc.root, "abcd") &&
	       !jin_get(doc.root, "k") && !jin_get(doc.root, "zzz"),
	       "absent keys of a large object are not found");
	tap_ok(!rc && jin_member(doc.root, "k419") == &doc.root->u.obj.members[1] &&
	       jin_member(doc.root, "zz") == &doc.root->u.obj.members[n + 5] &&
	       !jin_member(doc.root, "k501"),
	       "jin_member: the member itself, at its index in document order");
	jin_free(&doc);
	sb.len = 0;
	sb_putc(&sb, '{');
	for (i = 0; i < 40; i++)
		sb_printf(&sb, "\"k%zu\": 1, ", i);
	sb_puts(&sb, "\"k3\": 2}");
	rc = parse(&doc, sb.buf, &err);
	tap_ok(rc == -EINVAL && strstr(err.msg, "duplicate key \"k3\"") &&
	       err.col == (int)sb.len - 7, "a large object's repeated key: at its second place");
	jin_free(&doc);
	sb_free(&sb);
}

int main(void)
{
	test_tree();
	test_numbers();
	test_strings();
	test_helpers();
	test_depth();
	test_errors();
	test_files();
	test_index();
	return tap_done();
}
