// SPDX-License-Identifier: GPL-2.0-only
//
// The preemption model of the machine probe: read from PREEMPT_RT,
// debugfs, the command line, the kernel's config or its build string.

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../common/util.h"
#include "features.h"
#include "fingerprint.h"
#include "probe.h"

/*
 * The preemption model a kernel's config chooses, from the config file at
 * path ("rt", "lazy", "full", "voluntary", "none"), into buf; false
 * without a file that says.
 */
static bool config_preempt(const char *path, char *buf, size_t len)
{
	static const struct {
		const char *line, *model;
	} choices[] = {
		{ "CONFIG_PREEMPT_RT=y", "rt" },
		{ "CONFIG_PREEMPT_LAZY=y", "lazy" },
		{ "CONFIG_PREEMPT=y", "full" },
		{ "CONFIG_PREEMPT_VOLUNTARY=y", "voluntary" },
		{ "CONFIG_PREEMPT_NONE=y", "none" },
	};
	char line[256];
	size_t best = ARRAY_SIZE(choices);
	FILE *f = path[0] ? fopen(path, "re") : NULL;

	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		for (size_t i = 0; i < best; i++)
			if (!strcmp(line, choices[i].line))
				best = i;
	}
	fclose(f);
	if (best == ARRAY_SIZE(choices))
		return false;
	snprintf(buf, len, "%s", choices[best].model);
	return true;
}

/*
 * The config file of the running kernel: where the test host's launcher
 * says it is (its kernel's, on the host's root), else where Debian puts
 * it (/boot/config-RELEASE; /usr/lib/modules/RELEASE/config from 7.x).
 */
static void config_path(const char *release, char *buf, size_t len)
{
	static const char *const places[] = { "/boot/config-%s",
					      "/usr/lib/modules/%s/config",
					      "/lib/modules/%s/config" };
	char line[4096];
	FILE *f = fopen(RT_TESTHOST_FACTS, "re");

	buf[0] = '\0';
	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "config=", 7)) {
			line[strcspn(line, "\n")] = '\0';
			snprintf(buf, len, "%s", line + 7);
		}
	if (f) {
		fclose(f);
		return;		/* a test host's kernel: the host's files are not its */
	}
	for (size_t i = 0; i < ARRAY_SIZE(places); i++) {
		snprintf(buf, len, places[i], release);
		if (access(buf, R_OK) == 0)
			return;
	}
	buf[0] = '\0';
}

void rt_preempt_model(const struct rt_preempt_facts *in, char *model,
		      size_t mlen, char *from, size_t flen)
{
	const char *v = in->version ? in->version : "", *open, *close, *arg;
	bool dynamic = strstr(v, "PREEMPT_DYNAMIC") != NULL;
	bool realtime = in->realtime && in->realtime[0] == '1';

	/* PREEMPT_RT is fully preemptible too: 7.x's RT builds are dynamic,
	 * and debugfs says "full" there. */
	if (realtime || strstr(v, "PREEMPT_RT")) {
		snprintf(model, mlen, "rt");
		snprintf(from, flen, "%s", realtime ? "/sys/kernel/realtime" : "uname -v");
		return;
	}
	if (in->debugfs && (open = strchr(in->debugfs, '(')) &&
	    (close = strchr(open, ')'))) {
		snprintf(model, mlen, "%.*s", (int)(close - open - 1), open + 1);
		snprintf(from, flen, "debugfs sched/preempt");
		return;
	}
	if (dynamic && in->cmdline && (arg = strstr(in->cmdline, "preempt=")) &&
	    (arg == in->cmdline || arg[-1] == ' ')) {
		snprintf(model, mlen, "%.*s", (int)strcspn(arg + 8, " \n"), arg + 8);
		snprintf(from, flen, "the command line");
		return;
	}
	if (in->config && config_preempt(in->config, model, mlen)) {
		snprintf(from, flen, "%s", dynamic ? "its config's default" : "its config");
		return;
	}
	snprintf(from, flen, "uname -v");
	if (strstr(v, "PREEMPT_LAZY"))
		snprintf(model, mlen, "lazy");
	else if (dynamic)
		snprintf(model, mlen, "dynamic");
	else if (strstr(v, "PREEMPT"))
		snprintf(model, mlen, "full or lazy");
	else
		snprintf(model, mlen, "none or voluntary");
}

/* The facts rt_preempt_model chooses from, read from this kernel. */
void rt_probe_preempt(struct rt_features *f, const char *version)
{
	char rt[8], dbg[256], cmdline[4096], path[4096];
	struct rt_preempt_facts in = { .version = version };

	if (!rt_probe_read_text("/sys/kernel/realtime", rt, sizeof(rt)))
		in.realtime = rt;
	if (!rt_probe_read_text("/sys/kernel/debug/sched/preempt", dbg, sizeof(dbg)))
		in.debugfs = dbg;
	if (!rt_probe_read_text("/proc/cmdline", cmdline, sizeof(cmdline)))
		in.cmdline = cmdline;
	config_path(f->kernel_release, path, sizeof(path));
	if (path[0])
		in.config = path;
	rt_preempt_model(&in, f->preempt, sizeof(f->preempt), f->preempt_from,
			 sizeof(f->preempt_from));
}
