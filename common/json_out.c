// SPDX-License-Identifier: GPL-2.0-only
/* json_out: a JSON writer with commas and indentation (see json_out.h). */
#include <inttypes.h>
#include <math.h>

#include "json_out.h"

void jo_init(struct json_out *j, FILE *f, bool pretty)
{
	j->f = f;
	j->pretty = pretty;
	j->depth = 0;
	j->first[0] = true;
	j->flat[0] = !pretty;
	j->after_key = false;
}

static void newline(struct json_out *j)
{
	if (j->flat[j->depth])
		return;
	fputc('\n', j->f);
	for (int i = 0; i < j->depth; i++)
		fputs("  ", j->f);
}

/* Before any value: the comma and the line break it needs. */
static void before_value(struct json_out *j)
{
	if (j->after_key) {
		j->after_key = false;
		return;
	}
	if (!j->first[j->depth])
		fputc(',', j->f);
	if (j->depth > 0) {
		if (j->pretty && j->flat[j->depth] && !j->first[j->depth])
			fputc(' ', j->f);
		newline(j);
	}
	j->first[j->depth] = false;
}

static void open_level(struct json_out *j, char c, bool flat)
{
	before_value(j);
	fputc(c, j->f);
	if (j->depth + 1 < JSON_OUT_DEPTH)
		j->depth++;
	j->first[j->depth] = true;
	j->flat[j->depth] = flat || j->flat[j->depth - 1];
	j->closer[j->depth] = c == '{' ? '}' : ']';
}

void jo_object(struct json_out *j)
{
	open_level(j, '{', false);
}

void jo_array(struct json_out *j)
{
	open_level(j, '[', false);
}

void jo_array_inline(struct json_out *j)
{
	open_level(j, '[', true);
}

void jo_end(struct json_out *j)
{
	bool empty = j->first[j->depth], flat = j->flat[j->depth];
	char closer = j->closer[j->depth];

	if (j->depth > 0)
		j->depth--;
	if (!empty && !flat) {
		fputc('\n', j->f);
		for (int i = 0; i < j->depth; i++)
			fputs("  ", j->f);
	}
	fputc(closer, j->f);
}

void json_escape(FILE *f, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c == '\r')
			fputs("\\r", f);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
}

void jo_key(struct json_out *j, const char *key)
{
	before_value(j);
	fputc('"', j->f);
	json_escape(j->f, key);
	fputs(j->pretty ? "\": " : "\":", j->f);
	j->after_key = true;
}

void jo_string(struct json_out *j, const char *s)
{
	before_value(j);
	fputc('"', j->f);
	json_escape(j->f, s);
	fputc('"', j->f);
}

void jo_number(struct json_out *j, double v)
{
	before_value(j);
	if (!isfinite(v))
		fputs("null", j->f);
	else if (v == (double)(int64_t)v && fabs(v) < 9e15)
		fprintf(j->f, "%" PRId64, (int64_t)v);
	else
		fprintf(j->f, "%.15g", v);
}

void jo_int(struct json_out *j, int64_t v)
{
	before_value(j);
	fprintf(j->f, "%" PRId64, v);
}

void jo_bool(struct json_out *j, bool v)
{
	before_value(j);
	fputs(v ? "true" : "false", j->f);
}

void jo_null(struct json_out *j)
{
	before_value(j);
	fputs("null", j->f);
}

void jo_string_or_null(struct json_out *j, const char *s)
{
	if (s)
		jo_string(j, s);
	else
		jo_null(j);
}

void jo_kv_string(struct json_out *j, const char *key, const char *s)
{
	jo_key(j, key);
	jo_string(j, s);
}

void jo_kv_string_or_null(struct json_out *j, const char *key, const char *s)
{
	jo_key(j, key);
	jo_string_or_null(j, s);
}

void jo_kv_int(struct json_out *j, const char *key, int64_t v)
{
	jo_key(j, key);
	jo_int(j, v);
}

void jo_kv_number(struct json_out *j, const char *key, double v)
{
	jo_key(j, key);
	jo_number(j, v);
}

void jo_kv_bool(struct json_out *j, const char *key, bool v)
{
	jo_key(j, key);
	jo_bool(j, v);
}

void jo_done(struct json_out *j)
{
	fputc('\n', j->f);
	fflush(j->f);
}
