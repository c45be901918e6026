// SPDX-License-Identifier: GPL-2.0-only
/*
 * probe: what the parts of the machine probe share (features.c for
 * memory, uffd, KSM, NUMA; features_kvm.c for KVM; features_preempt.c for
 * the preemption model; fingerprint.c for the
 * machine a result names). Internal to runtime/.
 */
#ifndef SCN_RT_PROBE_H
#define SCN_RT_PROBE_H

#include <stdbool.h>
#include <stddef.h>

#include "features.h"

bool rt_probe_path_exists(const char *path);
/* A small text file whole, without its trailing newline; 0 or -errno. */
int rt_probe_read_text(const char *path, char *buf, size_t size);
/*
 * The first mount of type in /proc/self/mounts, into dir; with opt, the
 * first whose options hold it (a cgroup v1 hierarchy: "memory").
 */
bool rt_probe_find_mount(const char *type, const char *opt, char *dir, size_t len);
/* Whether the first CPU's flags line of /proc/cpuinfo holds flag. */
bool rt_probe_cpu_flag(const char *flag);
/* value in one write to a sysfs, procfs or cgroup file; 0 or -errno. */
int rt_probe_write_text(const char *path, const char *value);
void rt_probe_set_absent(struct rt_features *f, enum rt_feature id,
			 const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void rt_probe_set_present(struct rt_features *f, enum rt_feature id);

/* Fills the KVM part of f. */
void rt_probe_kvm(struct rt_features *f);
/* Fills f->preempt and f->preempt_from (features_preempt.c); version is
 * uname -v. */
void rt_probe_preempt(struct rt_features *f, const char *version);

#endif
