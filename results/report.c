// SPDX-License-Identifier: GPL-2.0-only
/* report: the format names and the writer each format picks (see report.h). */
#include <string.h>

#include "../common/util.h"
#include "report.h"

static const char *const format_names[] = {
	[FMT_TEXT] = "text", [FMT_JSON] = "json", [FMT_NDJSON] = "ndjson",
	[FMT_CSV] = "csv", [FMT_KTAP] = "ktap",
};

int report_format_parse(const char *s)
{
	for (size_t i = 0; i < ARRAY_SIZE(format_names); i++)
		if (!strcmp(s, format_names[i]))
			return (int)i;
	return -1;
}

const char *report_format_name(enum report_format fmt)
{
	return format_names[fmt];
}

void report_write(enum report_format fmt, FILE *out, const struct report_meta *m,
		  const struct result *r, const struct report_end *e)
{
	switch (fmt) {
	case FMT_TEXT:
		report_text(out, m, r, e);
		break;
	case FMT_JSON:
		report_json(out, m, r, e);
		break;
	case FMT_NDJSON:
		fprintf(out, "{\"type\":\"end\",\"status\":\"%s\",\"exit_code\":%d}\n",
			e->status, e->exit_code);
		break;
	case FMT_CSV:
		report_csv(out, m, r);
		break;
	case FMT_KTAP:
		report_ktap(out, m, r, e);
		break;
	}
	fflush(out);
}
