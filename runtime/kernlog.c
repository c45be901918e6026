// SPDX-License-Identifier: GPL-2.0-only
#include "kernlog.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/util.h"

unsigned long rt_taint_read(void)
{
	FILE *f = fopen("/proc/sys/kernel/tainted", "r");
	unsigned long v = 0;

	if (!f)
		return 0;
	if (fscanf(f, "%lu", &v) != 1)
		v = 0;
	fclose(f);
	return v;
}

/* The kernel's taint letters by bit (kernel/panic.c's taint_flags). */
static const struct {
	char letter;
	const char *what;
} taints[] = {
	{ 'P', "a proprietary module" }, { 'F', "a module forced" },
	{ 'S', "an out-of-spec system" }, { 'R', "a module unloaded by force" },
	{ 'M', "a machine check" }, { 'B', "a bad page" },
	{ 'U', "tainted from user space" }, { 'D', "the kernel died (an oops or BUG)" },
	{ 'A', "ACPI overridden" }, { 'W', "a WARN" },
	{ 'C', "a staging driver" }, { 'I', "a firmware bug worked around" },
	{ 'O', "an out-of-tree module" }, { 'E', "an unsigned module" },
	{ 'L', "a soft lockup" }, { 'K', "live-patched" },
	{ 'X', "an auxiliary taint" }, { 'T', "a struct randomization plugin" },
	{ 'N', "a test module" }, { 'J', "fwctl's debug mode" },
};

void rt_taint_describe(unsigned long bits, char *buf, size_t len)
{
	size_t at = 0;

	if (len)
		buf[0] = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(taints) && at < len; i++) {
		int n;

		if (!(bits & (1UL << i)))
			continue;
		n = snprintf(buf + at, len - at, "%s%c (%s)", at ? ", " : "",
			     taints[i].letter, taints[i].what);
		if (n < 0)
			break;
		at += (size_t)n;
	}
}

void rt_taint_letters(unsigned long bits, char *buf, size_t len)
{
	size_t at = 0;

	for (size_t i = 0; i < ARRAY_SIZE(taints) && at + 1 < len; i++)
		if (bits & (1UL << i))
			buf[at++] = taints[i].letter;
	if (len)
		buf[at < len ? at : len - 1] = '\0';
}

unsigned long rt_taint_trouble(unsigned long bits)
{
	/* B a bad page, D died, W warned, L a soft lockup. */
	return bits & ((1UL << 5) | (1UL << 7) | (1UL << 9) | (1UL << 14));
}

void rt_kmsg_mark(struct rt_kmsg *k)
{
	k->fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (k->fd >= 0 && lseek(k->fd, 0, SEEK_END) < 0) {
		close(k->fd);
		k->fd = -1;
	}
}

/* A record's text (after "PRIO,SEQ,TIME,FLAGS;") tells of trouble. */
static bool troubled(const char *text)
{
	static const char *const starts[] = {
		"WARNING:", "BUG:", "Oops", "kernel BUG", "Unable to handle kernel",
		"general protection fault", "watchdog: BUG:", "rcu: INFO:",
	};

	for (size_t i = 0; i < ARRAY_SIZE(starts); i++)
		if (!strncmp(text, starts[i], strlen(starts[i])))
			return true;
	return false;
}

bool rt_kmsg_trouble(struct rt_kmsg *k, char *line, size_t len)
{
	char rec[8192];
	bool found = false;
	ssize_t n;

	if (k->fd < 0)
		return false;
	/* One record a read; EPIPE: records were overwritten, read on. */
	while ((n = read(k->fd, rec, sizeof(rec) - 1)) > 0 || (n < 0 && errno == EPIPE)) {
		char *text, *nl;

		if (n <= 0)
			continue;
		rec[n] = '\0';
		text = strchr(rec, ';');
		if (!text)
			continue;
		text++;
		nl = strchr(text, '\n');
		if (nl)
			*nl = '\0';
		if (!found && troubled(text)) {
			snprintf(line, len, "%s", text);
			found = true;
		}
	}
	return found;
}

void rt_kmsg_close(struct rt_kmsg *k)
{
	if (k->fd >= 0)
		close(k->fd);
	k->fd = -1;
}
