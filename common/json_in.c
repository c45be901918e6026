// SPDX-License-Identifier: GPL-2.0-only
/* json_in: a JSON reader into a tree with locations (see json_in.h). */
#include "json_in.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct parser {
	const char *p, *end;
	const char *bol;	/* where the current line begins */
	int line;
	int depth;
	size_t values;		/* parsed so far, against JIN_MAX_VALUES */
	struct jin_doc *doc;
	struct jin_error *err;
	struct strbuf scratch;	/* a string while it is unescaped */
};

static int col_of(const struct parser *ps, const char *at)
{
	return (int)(at - ps->bol) + 1;
}

static int fail_at(struct parser *ps, const char *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail_at(struct parser *ps, const char *at, const char *fmt, ...)
{
	va_list ap;

	ps->err->line = ps->line;
	ps->err->col = col_of(ps, at);
	va_start(ap, fmt);
	vsnprintf(ps->err->msg, sizeof(ps->err->msg), fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* Names the byte at ps->p for "unexpected ..." messages. */
static int fail_unexpected(struct parser *ps, const char *want)
{
	unsigned char c;

	if (ps->p >= ps->end)
		return fail_at(ps, ps->p, "unexpected end of input, expected %s",
			       want);
	c = (unsigned char)*ps->p;
	if (c > 0x20 && c < 0x7f)
		return fail_at(ps, ps->p, "unexpected '%c', expected %s", c,
			       want);
	return fail_at(ps, ps->p, "unexpected byte 0x%02x, expected %s", c,
		       want);
}

static void skip_ws(struct parser *ps)
{
	while (ps->p < ps->end) {
		char c = *ps->p;

		if (c == '\n') {
			ps->line++;
			ps->bol = ps->p + 1;
		} else if (c != ' ' && c != '\t' && c != '\r') {
			return;
		}
		ps->p++;
	}
}

static struct jin_value *new_value(struct parser *ps, enum jin_type t,
				   const char *at)
{
	struct jin_value *v = arena_alloc(&ps->doc->arena, sizeof(*v));

	v->type = t;
	v->line = ps->line;
	v->col = col_of(ps, at);
	return v;
}

/*
 * The length of the UTF-8 sequence at p, or 0 when it is not valid:
 * overlong forms, surrogates and code points past U+10FFFF are refused,
 * as RFC 3629 says.
 */
static size_t utf8_seq(const unsigned char *p, const unsigned char *end)
{
	unsigned char c = p[0];
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4;
	else
		return 0;
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	if ((size_t)(end - p) < n)
		return 0;
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;
	return n;
}

static void put_utf8(struct strbuf *sb, uint32_t cp)
{
	if (cp < 0x80) {
		sb_putc(sb, (char)cp);
	} else if (cp < 0x800) {
		sb_putc(sb, (char)(0xc0 | cp >> 6));
		sb_putc(sb, (char)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x10000) {
		sb_putc(sb, (char)(0xe0 | cp >> 12));
		sb_putc(sb, (char)(0x80 | (cp >> 6 & 0x3f)));
		sb_putc(sb, (char)(0x80 | (cp & 0x3f)));
	} else {
		sb_putc(sb, (char)(0xf0 | cp >> 18));
		sb_putc(sb, (char)(0x80 | (cp >> 12 & 0x3f)));
		sb_putc(sb, (char)(0x80 | (cp >> 6 & 0x3f)));
		sb_putc(sb, (char)(0x80 | (cp & 0x3f)));
	}
}

/* Four hex digits at p (the "XXXX" of \uXXXX), or -1. */
static int32_t hex4(const char *p, const char *end)
{
	int32_t v = 0;
	int i;

	if (end - p < 4)
		return -1;
	for (i = 0; i < 4; i++) {
		char c = p[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	return v;
}

/* At "\u": one code point, a surrogate pair being two escapes. */
static int parse_u_escape(struct parser *ps, uint32_t *cp)
{
	const char *at = ps->p;
	int32_t hi, lo;

	hi = hex4(ps->p + 2, ps->end);
	if (hi < 0)
		return fail_at(ps, at, "\\u needs four hex digits");
	ps->p += 6;
	if (hi >= 0xdc00 && hi <= 0xdfff)
		return fail_at(ps, at, "lone low surrogate \\u%04x", (unsigned)hi);
	if (hi < 0xd800 || hi > 0xdbff) {
		*cp = (uint32_t)hi;
		return 0;
	}
	if (ps->end - ps->p < 6 || ps->p[0] != '\\' || ps->p[1] != 'u')
		return fail_at(ps, at, "high surrogate \\u%04x without its low half",
			       (unsigned)hi);
	lo = hex4(ps->p + 2, ps->end);
	if (lo < 0xdc00 || lo > 0xdfff)
		return fail_at(ps, at, "high surrogate \\u%04x without its low half",
			       (unsigned)hi);
	ps->p += 6;
	*cp = 0x10000 + (((uint32_t)hi - 0xd800) << 10) + ((uint32_t)lo - 0xdc00);
	return 0;
}

/* At the opening quote; the unescaped text goes to the arena. */
static int parse_string(struct parser *ps, const char **out, size_t *len)
{
	struct strbuf *sb = &ps->scratch;
	const char *open = ps->p;
	uint32_t cp = 0;	/* set by parse_u_escape; 0 quiets gcc -O2 */
	size_t n;
	char *s;
	int rc;

	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
	ps->p++;
	for (;;) {
		unsigned char c;

		if (ps->p >= ps->end)
			return fail_at(ps, open, "unterminated string");
		c = (unsigned char)*ps->p;
		if (c == '"')
			break;
		if (c < 0x20)
			return fail_at(ps, ps->p,
				       "control character 0x%02x in a string (escape it)",
				       c);
		if (c != '\\') {
			n = utf8_seq((const unsigned char *)ps->p,
				     (const unsigned char *)ps->end);
			if (!n)
				return fail_at(ps, ps->p, "invalid UTF-8 in a string");
			sb_putn(sb, ps->p, n);
			ps->p += n;
			continue;
		}
		if (ps->end - ps->p < 2)
			return fail_at(ps, open, "unterminated string");
		switch (ps->p[1]) {
		case '"': sb_putc(sb, '"'); break;
		case '\\': sb_putc(sb, '\\'); break;
		case '/': sb_putc(sb, '/'); break;
		case 'b': sb_putc(sb, '\b'); break;
		case 'f': sb_putc(sb, '\f'); break;
		case 'n': sb_putc(sb, '\n'); break;
		case 'r': sb_putc(sb, '\r'); break;
		case 't': sb_putc(sb, '\t'); break;
		case 'u':
			rc = parse_u_escape(ps, &cp);
			if (rc)
				return rc;
			put_utf8(sb, cp);
			continue;
		default:
			if ((unsigned char)ps->p[1] > 0x20 &&
			    (unsigned char)ps->p[1] < 0x7f)
				return fail_at(ps, ps->p, "unknown escape '\\%c'",
					       ps->p[1]);
			return fail_at(ps, ps->p, "unknown escape");
		}
		ps->p += 2;
	}
	ps->p++;
	s = arena_alloc(&ps->doc->arena, sb->len + 1);
	memcpy(s, sb->buf ? sb->buf : "", sb->len);
	s[sb->len] = '\0';
	*out = s;
	*len = sb->len;
	return 0;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* RFC 8259's grammar exactly: no leading zeros, '+', '.5' or '5.'. */
static int parse_number(struct parser *ps, struct jin_value **out)
{
	const char *start = ps->p, *p = ps->p, *end = ps->end;
	char small[64], *copy;
	size_t n;
	double d;

	if (p < end && *p == '-')
		p++;
	if (p >= end || !is_digit(*p))
		return fail_at(ps, start, "bad number: a digit must follow '-'");
	if (*p == '0') {
		p++;
		if (p < end && is_digit(*p))
			return fail_at(ps, start, "bad number: leading zero");
	} else {
		while (p < end && is_digit(*p))
			p++;
	}
	if (p < end && *p == '.') {
		p++;
		if (p >= end || !is_digit(*p))
			return fail_at(ps, p, "bad number: a digit must follow '.'");
		while (p < end && is_digit(*p))
			p++;
	}
	if (p < end && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < end && (*p == '+' || *p == '-'))
			p++;
		if (p >= end || !is_digit(*p))
			return fail_at(ps, p, "bad number: the exponent needs digits");
		while (p < end && is_digit(*p))
			p++;
	}
	/* strtod needs a terminated copy: the buffer need not end here. */
	n = (size_t)(p - start);
	copy = n < sizeof(small) ? small : xmalloc(n + 1);
	memcpy(copy, start, n);
	copy[n] = '\0';
	d = strtod(copy, NULL);
	if (copy != small)
		free(copy);
	if (isinf(d))
		return fail_at(ps, start, "number out of range");
	*out = new_value(ps, JIN_NUMBER, start);
	(*out)->u.num = d;
	ps->p = p;
	return 0;
}

static int parse_value(struct parser *ps, struct jin_value **out);

static int parse_array(struct parser *ps, struct jin_value **out)
{
	struct jin_value *arr = new_value(ps, JIN_ARRAY, ps->p);
	struct jin_value **items = NULL, *item;
	size_t len = 0, cap = 0;
	int rc = 0;

	ps->p++;
	skip_ws(ps);
	if (ps->p < ps->end && *ps->p == ']') {
		ps->p++;
		goto done;
	}
	for (;;) {
		rc = parse_value(ps, &item);
		if (rc)
			goto out;
		VEC_PUSH(items, len, cap, item);
		skip_ws(ps);
		if (ps->p < ps->end && *ps->p == ',') {
			ps->p++;
			skip_ws(ps);
			if (ps->p < ps->end && *ps->p == ']') {
				rc = fail_at(ps, ps->p, "trailing ',' before ']'");
				goto out;
			}
			continue;
		}
		if (ps->p < ps->end && *ps->p == ']') {
			ps->p++;
			break;
		}
		rc = fail_unexpected(ps, "',' or ']'");
		goto out;
	}
done:
	arr->u.arr.len = len;
	if (len) {
		arr->u.arr.items = arena_alloc(&ps->doc->arena,
					       len * sizeof(*items));
		memcpy(arr->u.arr.items, items, len * sizeof(*items));
	}
	*out = arr;
out:
	free(items);
	return rc;
}

static int cmp_member_key(const void *a, const void *b)
{
	const struct jin_member *x = *(const struct jin_member *const *)a;
	const struct jin_member *y = *(const struct jin_member *const *)b;
	size_t n = x->key_len < y->key_len ? x->key_len : y->key_len;
	int c = memcmp(x->key, y->key, n);

	if (c)
		return c;
	if (x->key_len != y->key_len)
		return x->key_len < y->key_len ? -1 : 1;
	/* Document order among equal keys, so the later one is reported. */
	return x < y ? -1 : x > y;
}

/*
 * An object of JIN_INDEXED members or more has its members' addresses,
 * sorted by key, right after its members in the arena: a lookup is a
 * binary search, not a walk (a result's phase of 500,000 metrics took
 * compare hours of strcmp). Sorting also finds a repeated key in n log n.
 */
static struct jin_member **index_of(const struct jin_value *obj)
{
	return (struct jin_member **)(obj->u.obj.members + obj->u.obj.len);
}

static int index_keys(struct parser *ps, struct jin_value *obj)
{
	struct jin_member *m = obj->u.obj.members, **by_key, *dup = NULL;
	size_t n = obj->u.obj.len, i;

	if (n < 2)
		return 0;
	by_key = n >= JIN_INDEXED ? index_of(obj) : xmalloc(n * sizeof(*by_key));
	for (i = 0; i < n; i++)
		by_key[i] = &m[i];
	qsort(by_key, n, sizeof(*by_key), cmp_member_key);
	for (i = 1; i < n; i++) {
		if (by_key[i]->key_len == by_key[i - 1]->key_len &&
		    !memcmp(by_key[i]->key, by_key[i - 1]->key,
			    by_key[i]->key_len) &&
		    (!dup || by_key[i] < dup))
			dup = by_key[i];
	}
	if (n < JIN_INDEXED)
		free(by_key);
	if (!dup)
		return 0;
	ps->err->line = dup->line;
	ps->err->col = dup->col;
	snprintf(ps->err->msg, sizeof(ps->err->msg), "duplicate key \"%.100s\"",
		 dup->key);
	return -EINVAL;
}

static int parse_object(struct parser *ps, struct jin_value **out)
{
	struct jin_value *obj = new_value(ps, JIN_OBJECT, ps->p);
	struct jin_member *members = NULL, m;
	size_t len = 0, cap = 0;
	int rc = 0;

	ps->p++;
	skip_ws(ps);
	if (ps->p < ps->end && *ps->p == '}') {
		ps->p++;
		goto done;
	}
	for (;;) {
		if (ps->p >= ps->end || *ps->p != '"') {
			rc = fail_unexpected(ps, len ? "a key in quotes" :
						       "a key in quotes or '}'");
			goto out;
		}
		memset(&m, 0, sizeof(m));
		m.line = ps->line;
		m.col = col_of(ps, ps->p);
		rc = parse_string(ps, &m.key, &m.key_len);
		if (rc)
			goto out;
		skip_ws(ps);
		if (ps->p >= ps->end || *ps->p != ':') {
			rc = fail_unexpected(ps, "':' after the key");
			goto out;
		}
		ps->p++;
		rc = parse_value(ps, &m.value);
		if (rc)
			goto out;
		VEC_PUSH(members, len, cap, m);
		skip_ws(ps);
		if (ps->p < ps->end && *ps->p == ',') {
			ps->p++;
			skip_ws(ps);
			if (ps->p < ps->end && *ps->p == '}') {
				rc = fail_at(ps, ps->p, "trailing ',' before '}'");
				goto out;
			}
			continue;
		}
		if (ps->p < ps->end && *ps->p == '}') {
			ps->p++;
			break;
		}
		rc = fail_unexpected(ps, "',' or '}'");
		goto out;
	}
done:
	obj->u.obj.len = len;
	if (len) {
		obj->u.obj.members = arena_alloc(&ps->doc->arena,
						 len * sizeof(*members) +
						 (len >= JIN_INDEXED ? len * sizeof(members) : 0));
		memcpy(obj->u.obj.members, members, len * sizeof(*members));
	}
	rc = index_keys(ps, obj);
	if (rc)
		goto out;
	*out = obj;
out:
	free(members);
	return rc;
}

/* A literal (true, false, null) must be spelled out whole. */
static bool take_word(struct parser *ps, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, w, n))
		return false;
	ps->p += n;
	return true;
}

static int parse_value(struct parser *ps, struct jin_value **out)
{
	const char *at;
	int rc;

	skip_ws(ps);
	at = ps->p;
	if (ps->p >= ps->end)
		return fail_unexpected(ps, "a value");
	/* Each value costs ~50 bytes of tree: a bound on the memory a file takes. */
	if (++ps->values > JIN_MAX_VALUES)
		return fail_at(ps, ps->p, "more than %u values: larger than a result "
			       "scn reads (a run of --repeat N writes N samples a metric)",
			       JIN_MAX_VALUES);
	switch (*ps->p) {
	case '{':
	case '[':
		if (ps->depth >= JIN_MAX_DEPTH)
			return fail_at(ps, ps->p, "nested deeper than %d levels",
				       JIN_MAX_DEPTH);
		ps->depth++;
		rc = *ps->p == '{' ? parse_object(ps, out) : parse_array(ps, out);
		ps->depth--;
		return rc;
	case '"':
		*out = new_value(ps, JIN_STRING, at);
		return parse_string(ps, &(*out)->u.str.s, &(*out)->u.str.len);
	case 't':
	case 'f':
		if (take_word(ps, "true") || take_word(ps, "false")) {
			*out = new_value(ps, JIN_BOOL, at);
			(*out)->u.b = *at == 't';
			return 0;
		}
		break;
	case 'n':
		if (take_word(ps, "null")) {
			*out = new_value(ps, JIN_NULL, at);
			return 0;
		}
		break;
	default:
		if (*ps->p == '-' || is_digit(*ps->p))
			return parse_number(ps, out);
		break;
	}
	return fail_unexpected(ps, "a value");
}

int jin_parse(struct jin_doc *doc, const char *text, size_t len,
	      struct jin_error *err)
{
	struct parser ps = {
		.p = text, .end = text + len, .bol = text, .line = 1,
		.doc = doc, .err = err,
	};
	struct jin_value *root = NULL;
	int rc;

	arena_init(&doc->arena);
	doc->root = NULL;
	memset(err, 0, sizeof(*err));
	sb_init(&ps.scratch);
	/* A byte order mark is not JSON, but editors write one. */
	if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3)) {
		ps.p += 3;
		ps.bol = ps.p;
	}
	skip_ws(&ps);
	err->first = ps.p < ps.end ? *ps.p : '\0';
	rc = parse_value(&ps, &root);
	if (!rc) {
		skip_ws(&ps);
		if (ps.p < ps.end) {
			rc = fail_at(&ps, ps.p,
				     "text after the end of the document");
			err->trailing = true;
		}
	}
	sb_free(&ps.scratch);
	if (!rc)
		doc->root = root;
	return rc;
}

static int read_error(struct jin_error *err, int e, const char *what)
{
	err->line = err->col = 0;
	if (e == EFBIG)
		snprintf(err->msg, sizeof(err->msg),
			 "larger than %u MiB, not a result",
			 JIN_MAX_FILE_BYTES >> 20);
	else
		snprintf(err->msg, sizeof(err->msg), "%s: %s (errno %d)", what,
			 strerror(e), e);
	return -e;
}

int jin_parse_file(struct jin_doc *doc, const char *path,
		   struct jin_error *err)
{
	struct strbuf sb;
	struct stat st;
	char chunk[65536];
	ssize_t n;
	int fd, rc;

	arena_init(&doc->arena);
	doc->root = NULL;
	memset(err, 0, sizeof(*err));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return read_error(err, errno, "cannot open");
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		close(fd);
		return read_error(err, EISDIR, "cannot read");
	}
	sb_init(&sb);
	for (;;) {
		n = read(fd, chunk, sizeof(chunk));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			rc = read_error(err, errno, "cannot read");
			goto out;
		}
		if (n == 0)
			break;
		if (sb.len + (size_t)n > JIN_MAX_FILE_BYTES) {
			rc = read_error(err, EFBIG, "");
			goto out;
		}
		sb_putn(&sb, chunk, (size_t)n);
	}
	arena_free(&doc->arena);
	rc = jin_parse(doc, sb.buf ? sb.buf : "", sb.len, err);
out:
	close(fd);
	sb_free(&sb);
	return rc;
}

void jin_free(struct jin_doc *doc)
{
	arena_free(&doc->arena);
	doc->root = NULL;
}

const char *jin_type_name(enum jin_type t)
{
	switch (t) {
	case JIN_NULL: return "null";
	case JIN_BOOL: return "boolean";
	case JIN_NUMBER: return "number";
	case JIN_STRING: return "string";
	case JIN_ARRAY: return "array";
	case JIN_OBJECT: return "object";
	}
	return "?";
}

bool jin_is(const struct jin_value *v, enum jin_type t)
{
	return v && v->type == t;
}

static const struct jin_member *member_n(const struct jin_value *obj,
				     const char *key, size_t len)
{
	size_t i;

	if (!jin_is(obj, JIN_OBJECT))
		return NULL;
	if (obj->u.obj.len >= JIN_INDEXED) {
		struct jin_member *const *by_key = index_of(obj);
		size_t lo = 0, hi = obj->u.obj.len;

		while (lo < hi) {
			const struct jin_member *m = by_key[lo + (hi - lo) / 2];
			int c = memcmp(m->key, key, m->key_len < len ? m->key_len : len);

			if (!c && m->key_len == len)
				return m;
			if (c < 0 || (!c && m->key_len < len))
				lo = lo + (hi - lo) / 2 + 1;
			else
				hi = lo + (hi - lo) / 2;
		}
		return NULL;
	}
	for (i = 0; i < obj->u.obj.len; i++) {
		const struct jin_member *m = &obj->u.obj.members[i];

		if (m->key_len == len && !memcmp(m->key, key, len))
			return m;
	}
	return NULL;
}

static const struct jin_value *get_n(const struct jin_value *obj,
				     const char *key, size_t len)
{
	const struct jin_member *m = member_n(obj, key, len);

	return m ? m->value : NULL;
}

const struct jin_member *jin_member(const struct jin_value *obj, const char *key)
{
	return member_n(obj, key, strlen(key));
}

const struct jin_value *jin_get(const struct jin_value *obj, const char *key)
{
	return get_n(obj, key, strlen(key));
}

const struct jin_value *jin_at(const struct jin_value *arr, size_t i)
{
	if (!jin_is(arr, JIN_ARRAY) || i >= arr->u.arr.len)
		return NULL;
	return arr->u.arr.items[i];
}

size_t jin_len(const struct jin_value *v)
{
	if (jin_is(v, JIN_ARRAY))
		return v->u.arr.len;
	if (jin_is(v, JIN_OBJECT))
		return v->u.obj.len;
	return 0;
}

const char *jin_str(const struct jin_value *v)
{
	return jin_is(v, JIN_STRING) ? v->u.str.s : NULL;
}

bool jin_num(const struct jin_value *v, double *out)
{
	if (!jin_is(v, JIN_NUMBER))
		return false;
	*out = v->u.num;
	return true;
}

const struct jin_value *jin_path(const struct jin_value *v, ...)
{
	const char *key;
	va_list ap;

	va_start(ap, v);
	while (v && (key = va_arg(ap, const char *)))
		v = jin_get(v, key);
	va_end(ap);
	return v;
}

bool jin_equal(const struct jin_value *a, const struct jin_value *b)
{
	size_t i;

	if (!a || !b)
		return a == b;
	if (a->type != b->type)
		return false;
	switch (a->type) {
	case JIN_NULL:
		return true;
	case JIN_BOOL:
		return a->u.b == b->u.b;
	case JIN_NUMBER:
		return a->u.num == b->u.num;
	case JIN_STRING:
		return a->u.str.len == b->u.str.len &&
		       !memcmp(a->u.str.s, b->u.str.s, a->u.str.len);
	case JIN_ARRAY:
		if (a->u.arr.len != b->u.arr.len)
			return false;
		for (i = 0; i < a->u.arr.len; i++)
			if (!jin_equal(a->u.arr.items[i], b->u.arr.items[i]))
				return false;
		return true;
	case JIN_OBJECT:
		/* Keys are unique: equal sizes and every member of a in b is a = b. */
		if (a->u.obj.len != b->u.obj.len)
			return false;
		for (i = 0; i < a->u.obj.len; i++) {
			const struct jin_member *m = &a->u.obj.members[i];

			if (!jin_equal(m->value, get_n(b, m->key, m->key_len)))
				return false;
		}
		return true;
	}
	return false;
}

/* A 64-bit mix (splitmix64's finaliser): every input bit moves the hash. */
static uint64_t mix64(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ull;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

static uint64_t hash_bytes(const char *s, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ull;	/* FNV-1a */

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
	return mix64(h);
}

uint64_t jin_hash(const struct jin_value *v)
{
	uint64_t h;
	double d;
	size_t i;

	if (!v)
		return 0;
	switch (v->type) {
	case JIN_NULL:
		return 1;
	case JIN_BOOL:
		return 2 + v->u.b;
	case JIN_NUMBER:
		d = v->u.num == 0 ? 0 : v->u.num;	/* -0 == 0 */
		memcpy(&h, &d, sizeof(h));
		return mix64(h ^ 4);
	case JIN_STRING:
		return hash_bytes(v->u.str.s, v->u.str.len) ^ 5;
	case JIN_ARRAY:
		h = 6;
		for (i = 0; i < v->u.arr.len; i++)
			h = mix64(h + jin_hash(v->u.arr.items[i]));
		return h;
	case JIN_OBJECT:
		/* A sum: the members' order does not matter, as for jin_equal. */
		h = 7;
		for (i = 0; i < v->u.obj.len; i++) {
			const struct jin_member *m = &v->u.obj.members[i];

			h += mix64(hash_bytes(m->key, m->key_len) + jin_hash(m->value));
		}
		return mix64(h);
	}
	return 0;
}

/*
 * The bidirectional mark or override at s (UTF-8 E2 80 8E ... E2 81 A9),
 * or 0: text shown to a person must not reorder what follows it.
 */
static unsigned bidi(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned cp;

	if (u[0] != 0xe2 || (u[1] != 0x80 && u[1] != 0x81))
		return 0;
	cp = 0x2000 + ((u[1] & 0x3fu) << 6) + (u[2] & 0x3fu);
	return cp == 0x200e || cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) ||
	       (cp >= 0x2066 && cp <= 0x2069) ? cp : 0;
}

static void write_string(struct strbuf *sb, const char *s, size_t len)
{
	size_t i;

	sb_putc(sb, '"');
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '"' || c == '\\') {
			sb_putc(sb, '\\');
			sb_putc(sb, (char)c);
		} else if (c == '\n') {
			sb_puts(sb, "\\n");
		} else if (c == '\t') {
			sb_puts(sb, "\\t");
		} else if (c < 0x20 || c == 0x7f) {
			sb_printf(sb, "\\u%04x", c);
		} else if (c == 0xc2 && i + 1 < len && (unsigned char)s[i + 1] >= 0x80 &&
			   (unsigned char)s[i + 1] <= 0x9f) {
			/* C1 controls: a terminal obeys U+009B as it does ESC [ */
			sb_printf(sb, "\\u%04x", (unsigned char)s[++i]);
		} else if (c == 0xe2 && i + 2 < len && bidi(s + i)) {
			sb_printf(sb, "\\u%04x", bidi(s + i));
			i += 2;
		} else {
			sb_putc(sb, (char)c);
		}
	}
	sb_putc(sb, '"');
}

/* The shortest of %.15g..%.17g that reads back as the same double. */
static void write_number(struct strbuf *sb, double d)
{
	char buf[40];
	int prec;

	if (d == floor(d) && fabs(d) < 9007199254740992.0) {
		sb_printf(sb, "%.0f", d);
		return;
	}
	for (prec = 15; prec < 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, d);
		if (strtod(buf, NULL) == d)
			break;
	}
	if (prec == 17)
		snprintf(buf, sizeof(buf), "%.17g", d);
	sb_puts(sb, buf);
}

void jin_write(struct strbuf *sb, const struct jin_value *v)
{
	size_t i;

	if (!v) {
		sb_puts(sb, "(absent)");
		return;
	}
	switch (v->type) {
	case JIN_NULL:
		sb_puts(sb, "null");
		break;
	case JIN_BOOL:
		sb_puts(sb, v->u.b ? "true" : "false");
		break;
	case JIN_NUMBER:
		write_number(sb, v->u.num);
		break;
	case JIN_STRING:
		write_string(sb, v->u.str.s, v->u.str.len);
		break;
	case JIN_ARRAY:
		sb_putc(sb, '[');
		for (i = 0; i < v->u.arr.len; i++) {
			if (i)
				sb_putc(sb, ',');
			jin_write(sb, v->u.arr.items[i]);
		}
		sb_putc(sb, ']');
		break;
	case JIN_OBJECT:
		sb_putc(sb, '{');
		for (i = 0; i < v->u.obj.len; i++) {
			const struct jin_member *m = &v->u.obj.members[i];

			if (i)
				sb_putc(sb, ',');
			write_string(sb, m->key, m->key_len);
			sb_putc(sb, ':');
			jin_write(sb, m->value);
		}
		sb_putc(sb, '}');
		break;
	}
}
