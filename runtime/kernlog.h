// SPDX-License-Identifier: GPL-2.0-only
/*
 * kernlog: whether the kernel complained while scn ran. A WARN, an oops
 * or a BUG in the kernel under test is a result in itself (the kernel's
 * selftests look at its taint), and after one the measurements around it
 * may be anything: on one arm64 test host a WARN in KVM's
 * mark_page_dirty_in_slot during a userfault run was followed by a hang,
 * and nothing in the run's output said so. The taint flags
 * (/proc/sys/kernel/tainted) say that the kernel warned; the kernel's log
 * (/dev/kmsg, read from where it ended when the mark was made) says
 * where. Reading the log needs CAP_SYSLOG or kernel.dmesg_restrict=0;
 * without it the taint alone is told.
 */
#ifndef SCN_RT_KERNLOG_H
#define SCN_RT_KERNLOG_H

#include <stdbool.h>
#include <stddef.h>

/* The taint flags now; 0 where they cannot be read. */
unsigned long rt_taint_read(void);

/*
 * The letters of bits as the kernel prints them in an oops ("W" for a
 * WARN, "D" for a death...), with their meaning: "W (a WARN)".
 */
void rt_taint_describe(unsigned long bits, char *buf, size_t len);

/* The letters alone, as an oops's "Tainted: G W" says them ("" for none). */
void rt_taint_letters(unsigned long bits, char *buf, size_t len);

/* The bits that say the kernel itself went wrong (W, D, B, L: not a module's). */
unsigned long rt_taint_trouble(unsigned long bits);

struct rt_kmsg {
	int fd;			/* /dev/kmsg at its end when opened; -1: unreadable */
};

/* Opens the kernel's log at its end: what comes after is what rt_kmsg_trouble reads. */
void rt_kmsg_mark(struct rt_kmsg *k);

/*
 * The first line since the mark (or the last call) that tells of
 * trouble ("WARNING: CPU: 0 PID: 477 at ... mark_page_dirty_in_slot",
 * "BUG: ...", "Oops ...", "Unable to handle kernel ..."), in line;
 * false where none came or the log cannot be read.
 */
bool rt_kmsg_trouble(struct rt_kmsg *k, char *line, size_t len);

void rt_kmsg_close(struct rt_kmsg *k);

#endif
