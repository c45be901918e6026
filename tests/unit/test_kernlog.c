// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of runtime/kernlog's taint flags: the letters and meanings
 * of the kernel's bits in its order, which of them say the kernel itself
 * went wrong, and the machine's flags read as /proc says them.
 */
#include "../../runtime/kernlog.h"
#include "tap.h"

#include <stdio.h>

int main(void)
{
	char buf[256];
	unsigned long proc = 0;
	FILE *f;

	rt_taint_describe(1UL << 9, buf, sizeof(buf));
	TAP_STR(buf, "W (a WARN)", "bit 9 is W, a WARN");
	rt_taint_describe((1UL << 7) | (1UL << 9) | (1UL << 12), buf, sizeof(buf));
	TAP_STR(buf, "D (the kernel died (an oops or BUG)), W (a WARN), O (an out-of-tree module)",
		"several bits, in the kernel's order");
	rt_taint_letters((1UL << 9) | (1UL << 12) | (1UL << 13), buf, sizeof(buf));
	TAP_STR(buf, "WOE", "the letters alone, in order");
	rt_taint_letters(0, buf, sizeof(buf));
	TAP_STR(buf, "", "the letters of none: nothing");
	rt_taint_describe(0, buf, sizeof(buf));
	TAP_STR(buf, "", "no bits: nothing");
	TAP_INT((long long)rt_taint_trouble((1UL << 12) | (1UL << 13) | (1UL << 0)), 0LL,
		"an out-of-tree, unsigned or proprietary module is no trouble of the kernel's");
	TAP_INT((long long)rt_taint_trouble(~0UL), (long long)((1UL << 5) | (1UL << 7) | (1UL << 9) | (1UL << 14)),
		"trouble: B, D, W, L");
	f = fopen("/proc/sys/kernel/tainted", "r");
	if (f && fscanf(f, "%lu", &proc) == 1)
		TAP_INT((long long)rt_taint_read(), (long long)proc, "the flags as /proc says them");
	else
		tap_ok(rt_taint_read() == 0, "no /proc/sys/kernel/tainted: 0");
	if (f)
		fclose(f);
	return tap_done();
}
