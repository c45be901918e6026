// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target for the front end: the input is a scenario's text, fed
 * through check_source() against the reference machine as "scn check"
 * does, then (when it checks) rendered as "scn plan" would, with every
 * diagnostic printed to /dev/null so the caret and hint code runs too.
 *
 * Among the leading comment lines, "#D name=value", "#S name=v1,v2" and
 * "#A facts" (still comments to the language, so the text parses the
 * same) are passed on as -D, --sweep and --assume, to reach the
 * command-line paths of the checker.
 *
 * The source has no path, so an include resolves against the working
 * directory; tests/fuzz/run.sh runs the fuzzer in a directory that holds
 * only the scenarios and tests/fuzz/include/, where any other include
 * names a missing file and must be a plain error.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/diag.h"
#include "../../common/source.h"
#include "../../common/util.h"
#include "../../interp/check.h"
#include "../../interp/ir.h"
#include "../../interp/plan.h"

#define FUZZ_MAX_INPUT (64 * 1024)
#define FUZZ_MAX_DEFINES 8
#define FUZZ_MAX_SWEEPS 4

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Diagnostics and plans are rendered but not kept. */
static FILE *sink(void)
{
	static FILE *null;

	if (!null)
		null = fopen("/dev/null", "we");
	return null;
}

/*
 * Takes the "#D ", "#S " and "#A " lines among the leading comment lines
 * of text (NUL-terminated, cut in place) as defines, sweeps and the
 * assume string.
 */
static void read_header(char *text, const char **defines, size_t *ndefines,
			const char **sweeps, size_t *nsweeps, const char **assume)
{
	char *p = text;

	*ndefines = 0;
	*nsweeps = 0;
	*assume = NULL;
	while (p[0] == '#') {
		char *nl = strchr(p, '\n');

		if (nl)
			*nl = '\0';
		if (p[1] == 'A' && p[2] == ' ')
			*assume = p + 3;
		else if (p[1] == 'D' && p[2] == ' ' &&
			 *ndefines < FUZZ_MAX_DEFINES)
			defines[(*ndefines)++] = p + 3;
		else if (p[1] == 'S' && p[2] == ' ' && *nsweeps < FUZZ_MAX_SWEEPS)
			sweeps[(*nsweeps)++] = p + 3;
		if (!nl)
			break;
		p = nl + 1;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *defines[FUZZ_MAX_DEFINES], *sweeps[FUZZ_MAX_SWEEPS];
	struct check_opts opts = { 0 };
	struct ir_program *p = NULL;
	struct source_set srcs;
	struct source *src;
	const char *assume;
	struct diag d;
	FILE *out = sink();
	char *header;

	/* Not a text file, or larger than any scenario: not worth keeping. */
	if (size > FUZZ_MAX_INPUT || memchr(data, '\0', size))
		return -1;

	check_reference_facts(&opts.facts);
	source_set_init(&srcs);
	diag_init(&d);
	src = source_add_text(&srcs, "<fuzz>", NULL, (const char *)data, size);
	header = xstrndup((const char *)data, size);
	read_header(header, defines, &opts.ndefines, sweeps, &opts.nsweeps, &assume);
	opts.defines = defines;
	opts.sweeps = sweeps;
	if ((!assume || check_parse_assume(&srcs, assume, &opts.facts, &d) == 0) &&
	    check_source(&srcs, src, &opts, &d, &p) == 0 && p) {
		struct strbuf sb;

		sb_init(&sb);
		if (p->npoints)
			plan_requirements(&sb, &p->points[0]);
		/* Every point in full when there are a few. */
		plan_render(&sb, p, &opts.facts, p->npoints > 1 && p->npoints <= 8);
		if (out)
			fputs(sb.buf ? sb.buf : "", out);
		sb_free(&sb);
	}
	if (out)
		diag_print(&d, out);
	ir_program_free(p);
	diag_free(&d);
	source_set_free(&srcs);
	free(header);
	return 0;
}
