// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of common/util: the command line's duration arguments. */
#include "../../common/util.h"
#include "tap.h"

static void duration(const char *s, int64_t want)
{
	int64_t got = -1;
	bool ok = parse_duration(s, 0, INT64_MAX, &got);

	if (want < 0)
		tap_ok(!ok, "'%s' is not a duration", s);
	else
		TAP_INT(ok ? got : -1, want, "'%s' is %" PRId64 " ns", s, want);
}

int main(void)
{
	duration("2", 2000000000);
	duration("2s", 2000000000);
	duration("500ms", 500000000);
	duration("1.5s", 1500000000);
	duration("20us", 20000);
	duration("100ns", 100);
	duration("0.25ms", 250000);
	duration("1.5ns", -1);		/* not whole nanoseconds */
	duration("2m", -1);		/* m is mega in scn, never minutes */
	duration("s", -1);
	duration("-1s", -1);
	duration("1.s", -1);
	duration("2 s", -1);
	duration("99999999999999999999s", -1);
	tap_ok(!parse_duration("0s", 1, 100, NULL), "a range's lower bound holds");
	tap_ok(parse_duration("100ns", 1, 100, NULL), "its upper bound is inclusive");
	return tap_done();
}
