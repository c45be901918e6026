// SPDX-License-Identifier: GPL-2.0-only
/* json_copy: a json_in tree written with json_out (see json_copy.h). */
#include <stdlib.h>
#include <string.h>

#include "json_copy.h"

/* An array of scalars stays on one line, as the writers put samples. */
static bool flat_array(const struct jin_value *v)
{
	for (size_t i = 0; i < v->u.arr.len; i++)
		if (v->u.arr.items[i]->type == JIN_ARRAY ||
		    v->u.arr.items[i]->type == JIN_OBJECT)
			return false;
	return true;
}

void jc_value(struct json_out *j, const struct jin_value *v)
{
	if (!v) {
		jo_null(j);
		return;
	}
	switch (v->type) {
	case JIN_NULL:
		jo_null(j);
		break;
	case JIN_BOOL:
		jo_bool(j, v->u.b);
		break;
	case JIN_NUMBER:
		jo_number(j, v->u.num);
		break;
	case JIN_STRING:
		jo_string(j, v->u.str.s);
		break;
	case JIN_ARRAY:
		if (flat_array(v))
			jo_array_inline(j);
		else
			jo_array(j);
		for (size_t i = 0; i < v->u.arr.len; i++)
			jc_value(j, v->u.arr.items[i]);
		jo_end(j);
		break;
	case JIN_OBJECT:
		jo_object(j);
		for (size_t i = 0; i < v->u.obj.len; i++) {
			jo_key(j, v->u.obj.members[i].key);
			jc_value(j, v->u.obj.members[i].value);
		}
		jo_end(j);
		break;
	}
}

char *jc_text(const struct jin_value *v)
{
	struct json_out j;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	jo_init(&j, f, false);
	jc_value(&j, v);
	fclose(f);
	return buf;
}

void jc_text_value(struct json_out *j, const char *text)
{
	struct jin_doc doc;
	struct jin_error err;

	if (!text) {
		jo_null(j);
		return;
	}
	if (!jin_parse(&doc, text, strlen(text), &err))
		jc_value(j, doc.root);
	else
		jo_null(j);
	jin_free(&doc);
}
