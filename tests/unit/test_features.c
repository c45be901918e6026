// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of runtime/features: the preemption model from what each
 * kernel shows (measured in test hosts of Debian's 6.12, 7.3 and 7.3-rt
 * on x86 and 7.3 on arm64, docs/testhost.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "../../runtime/features.h"
#include "tap.h"

static void model(const struct rt_preempt_facts *in, const char *want,
		  const char *from, const char *what)
{
	char m[32], f[32];

	rt_preempt_model(in, m, sizeof(m), f, sizeof(f));
	TAP_STR(m, want, "preempt: %s is %s", what, want);
	TAP_STR(f, from, "preempt: %s, read from %s", what, from);
}

int main(void)
{
	char config[] = "/tmp/scn-unit-config.XXXXXX";
	int fd = mkstemp(config);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;

	if (!f)
		return 1;
	/* 7.3 arm64's: lazy chosen, PREEMPT_BUILD and PREEMPTION beside. */
	fputs("CONFIG_PREEMPT_BUILD=y\n# CONFIG_PREEMPT is not set\n"
	      "CONFIG_ARCH_HAS_PREEMPT_LAZY=y\nCONFIG_PREEMPT_LAZY=y\n"
	      "CONFIG_PREEMPTION=y\n", f);
	fclose(f);

	model(&(struct rt_preempt_facts){
		      .debugfs = "none voluntary (full) lazy\n",
		      .version = "#1 SMP PREEMPT_RT Debian 7.3.4-1~bpo13+1 (2026-11-15)" },
	      "rt", "uname -v", "7.3-rt (dynamic, debugfs says full)");
	model(&(struct rt_preempt_facts){ .realtime = "1\n", .version = "#1 SMP" },
	      "rt", "/sys/kernel/realtime", "a kernel with /sys/kernel/realtime");
	model(&(struct rt_preempt_facts){
		      .realtime = "0\n", .debugfs = "none voluntary full (lazy)\n",
		      .version = "#1 SMP PREEMPT_DYNAMIC Debian 7.3.4-1~bpo13+1" },
	      "lazy", "debugfs sched/preempt", "7.3 on x86");
	model(&(struct rt_preempt_facts){
		      .debugfs = "none (voluntary) full\n",
		      .version = "#1 SMP PREEMPT_DYNAMIC Debian 6.12.118-1~deb12u1" },
	      "voluntary", "debugfs sched/preempt", "6.12 on x86");
	model(&(struct rt_preempt_facts){
		      .cmdline = "console=ttyS0 preempt=full quiet\n",
		      .version = "#1 SMP PREEMPT_DYNAMIC" },
	      "full", "the command line", "a dynamic kernel without debugfs, preempt=full");
	model(&(struct rt_preempt_facts){
		      .cmdline = "console=ttyS0 xpreempt=full\n",
		      .version = "#1 SMP PREEMPT_DYNAMIC" },
	      "dynamic", "uname -v", "a word that only ends in preempt=");
	model(&(struct rt_preempt_facts){ .version = "#1 SMP PREEMPT Debian 7.3.4",
					  .config = config },
	      "lazy", "its config", "7.3 on arm64 (uname -v says PREEMPT)");
	model(&(struct rt_preempt_facts){ .version = "#1 SMP PREEMPT",
					  .config = "/nonexistent/config" },
	      "full or lazy", "uname -v", "PREEMPT without a config");
	model(&(struct rt_preempt_facts){ .version = "#1 SMP" },
	      "none or voluntary", "uname -v", "neither");
	unlink(config);
	return tap_done();
}
