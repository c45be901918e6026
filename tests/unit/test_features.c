// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of runtime/features: the preemption model from what each
 * kernel shows (measured in test hosts of Debian's 6.12, 7.3 and 7.3-rt
 * on x86 and 7.3 on arm64, docs/testhost.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* The hugetlb sizes of an arch with page bytes, as "2M 1G". */
static void huge(const char *arch, int64_t page, const char *want)
{
	struct rt_facts f = { .page_size = page };
	int64_t v[RT_FACTS_HUGETLB_MAX];
	char got[64] = "";
	int n;

	snprintf(f.arch, sizeof(f.arch), "%s", arch);
	n = rt_facts_hugetlb_sizes(&f, v);
	for (int i = 0; i < n; i++)
		snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s%lldK",
			 i ? " " : "", (long long)(v[i] >> 10));
	TAP_STR(got, want, "pages: hugetlb on %s with %lldK pages", arch, (long long)(page >> 10));
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

	/* The PMD's size, and the hugetlb sizes each machine can have. */
	TAP_INT(rt_facts_pmd_size(&(struct rt_facts){ .page_size = 4096 }), 2 << 20,
		"pages: 4K pages, 2M PMDs");
	TAP_INT(rt_facts_pmd_size(&(struct rt_facts){ .page_size = 16384 }), 32 << 20,
		"pages: 16K pages, 32M PMDs");
	TAP_INT(rt_facts_pmd_size(&(struct rt_facts){ .page_size = 65536 }), 512 << 20,
		"pages: 64K pages, 512M PMDs");
	huge("x86_64", 4096, "2048K 1048576K");
	huge("aarch64", 4096, "64K 2048K 32768K 1048576K");
	huge("aarch64", 16384, "2048K 32768K 1048576K");
	huge("aarch64", 65536, "2048K 524288K 16777216K");
	return tap_done();
}
