// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target for the result reader that scn compare and scn plot
 * use on files from other machines: the input is a JSON text, parsed by
 * common/json_in and, when it parses, checked as a scn-result/1 document
 * by results/result_file, whose statistics are recomputed from the samples.
 * Every value is also written back, so the writer of jin_write runs too.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "../../results/result_file.h"
#include "../../common/json_in.h"
#include "../../common/util.h"

#define FUZZ_MAX_INPUT (256 * 1024)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rf_result r;
	struct rf_error err;

	if (size > FUZZ_MAX_INPUT)
		return -1;
	if (rf_load_text(&r, "<fuzz>", (const char *)data, size, &err) == 0 && r.root) {
		struct strbuf sb;

		sb_init(&sb);
		jin_write(&sb, r.root);
		sb_free(&sb);
	}
	rf_free(&r);
	return 0;
}
