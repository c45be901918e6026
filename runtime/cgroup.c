// SPDX-License-Identifier: GPL-2.0-only
#include "cgroup.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "probe.h"
#include "vmstat.h"

static const struct {
	const char *file;
	bool at_creation, in_phase;
} cg_files[] = {
#define RT_CG_ROW(id, file, create, phase) { file, create, phase },
	RT_CG_FILE_LIST(RT_CG_ROW)
#undef RT_CG_ROW
};

const char *rt_cg_file_name(enum rt_cg_file f)
{
	return cg_files[f].file;
}

bool rt_cg_file_at_creation(enum rt_cg_file f)
{
	return cg_files[f].at_creation;
}

/* Whether the blank-separated list has word. */
static bool has_word(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = list; (p = strstr(p, word)); p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == '\0' || p[n] == ' '))
			return true;
	return false;
}

int rt_cgroup_memory_root(char *root, size_t len, char *why, size_t wlen)
{
	char path[RT_CG_PATH + 32], ctl[256], v1[RT_CG_PATH];

	why[0] = '\0';
	if (!rt_probe_find_mount("cgroup2", NULL, root, len)) {
		snprintf(why, wlen, "no cgroup2 hierarchy is mounted");
		return -ENOENT;
	}
	snprintf(path, sizeof(path), "%s/cgroup.controllers", root);
	if (rt_probe_read_text(path, ctl, sizeof(ctl)))
		ctl[0] = '\0';
	if (!has_word(ctl, "memory")) {
		if (rt_probe_find_mount("cgroup", "memory", v1, sizeof(v1)))
			snprintf(why, wlen, "the memory controller is on cgroup v1 (%.60s); cgroup2 at %.60s has '%.30s'",
				 v1, root, ctl);
		else
			snprintf(why, wlen, "cgroup2 at %.60s has no memory controller ('%.40s')",
				 root, ctl);
		return -EOPNOTSUPP;
	}
	snprintf(path, sizeof(path), "%s/cgroup.subtree_control", root);
	if (rt_probe_read_text(path, ctl, sizeof(ctl)) || !has_word(ctl, "memory")) {
		snprintf(why, wlen, "%.60s/cgroup.subtree_control does not give its children memory ('%.40s')",
			 root, ctl);
		return -EOPNOTSUPP;
	}
	return 0;
}

bool rt_cgroup_swap_files(const char *root, char *why, size_t wlen)
{
	char path[2 * RT_CG_PATH], cmdline[1024] = "";
	struct dirent *e;
	int seen = -1;
	DIR *d = opendir(root);

	why[0] = '\0';
	while (d && seen < 0 && (e = readdir(d))) {
		if (e->d_name[0] == '.' || e->d_type != DT_DIR)
			continue;
		snprintf(path, sizeof(path), "%s/%s/memory.max", root, e->d_name);
		if (access(path, F_OK))
			continue;
		snprintf(path, sizeof(path), "%s/%s/memory.swap.max", root, e->d_name);
		seen = access(path, F_OK) == 0;
	}
	if (d)
		closedir(d);
	if (seen == 0) {
		snprintf(why, wlen, "the memory groups under %.100s have no memory.swap.max (swap accounting is off)",
			 root);
		return false;
	}
	if (seen == 1)
		return true;
	if (access("/proc/swaps", F_OK)) {
		snprintf(why, wlen, "the kernel has no swap (no /proc/swaps)");
		return false;
	}
	rt_probe_read_text("/proc/cmdline", cmdline, sizeof(cmdline));
	if (strstr(cmdline, "cgroup_memory=noswap") || strstr(cmdline, "swapaccount=0")) {
		snprintf(why, wlen, "swap accounting is off on the kernel's command line");
		return false;
	}
	return true;
}

int64_t rt_swap_total(void)
{
	char kib[64];

	if (!rt_proc_field("/proc/meminfo", "SwapTotal", kib, sizeof(kib)))
		return 0;
	return (int64_t)strtoll(kib, NULL, 10) * 1024;
}

/* This process's group in the v2 hierarchy ("0::/user.slice/..."), under root. */
static void own_group(const char *root, char *out, size_t len)
{
	char line[RT_CG_PATH + 16];
	FILE *f = fopen("/proc/self/cgroup", "re");

	snprintf(out, len, "%s", root);
	while (f && fgets(line, sizeof(line), f)) {
		if (strncmp(line, "0::", 3))
			continue;
		line[strcspn(line, "\n")] = '\0';
		/* Too long to name: the root takes this process back. */
		if (strcmp(line + 3, "/") &&
		    snprintf(out, len, "%s%s", root, line + 3) >= (int)len)
			snprintf(out, len, "%s", root);
		break;
	}
	if (f)
		fclose(f);
}

int rt_cgroup_plan(struct rt_cgroup *cg, const char *name, struct rt_err *err)
{
	char why[320];

	memset(cg, 0, sizeof(*cg));
	if (rt_cgroup_memory_root(cg->root, sizeof(cg->root), why, sizeof(why)))
		return rt_fail(err, -EOPNOTSUPP, "%s", why);
	if (snprintf(cg->path, sizeof(cg->path), "%s/%s/%d.%s", cg->root,
		     RT_CG_PARENT, (int)getpid(), name) >= (int)sizeof(cg->path))
		return rt_fail(err, -ENAMETOOLONG, "the cgroup path under %s is too long",
			       cg->root);
	own_group(cg->root, cg->home, sizeof(cg->home));
	return 0;
}

/* ROOT/scn of ROOT/scn/PID.NAME, into out. */
static void parent_of(const char *path, char *out, size_t len)
{
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 0;

	snprintf(out, len, "%.*s", (int)n, path);
}

bool rt_cgroup_path_ours(const char *path)
{
	char parent[RT_CG_PATH];
	const char *base;

	parent_of(path, parent, sizeof(parent));
	base = strrchr(parent, '/');
	return path[0] == '/' && base && !strcmp(base + 1, RT_CG_PARENT) &&
	       !strstr(path, "/../") && strchr(strrchr(path, '/'), '.');
}

int rt_cgroup_make(struct rt_cgroup *cg, struct rt_err *err)
{
	char parent[RT_CG_PATH], file[RT_CG_PATH + 32], ctl[256];
	int rc;

	parent_of(cg->path, parent, sizeof(parent));
	if (mkdir(parent, 0755) && errno != EEXIST)
		return rt_fail_errno(err, errno, "mkdir(%s)", parent);
	/* Its children get memory.* files only if it gives them the controller. */
	snprintf(file, sizeof(file), "%s/cgroup.subtree_control", parent);
	if (rt_probe_read_text(file, ctl, sizeof(ctl)) || !has_word(ctl, "memory")) {
		rc = rt_probe_write_text(file, "+memory");
		if (rc)
			return rt_fail_errno(err, -rc, "write(%s, \"+memory\")", file);
	}
	if (mkdir(cg->path, 0755))
		return rt_fail_errno(err, errno, "mkdir(%s)", cg->path);
	cg->made = true;
	return 0;
}

int rt_cgroup_write(const struct rt_cgroup *cg, enum rt_cg_file file,
		    int64_t value, bool *short_, struct rt_err *err)
{
	char path[RT_CG_PATH + 32], text[32];
	int rc;

	if (short_)
		*short_ = false;
	snprintf(path, sizeof(path), "%s/%s", cg->path, cg_files[file].file);
	if (value == RT_CG_UNLIMITED)
		snprintf(text, sizeof(text), "max");
	else
		snprintf(text, sizeof(text), "%" PRId64, value);
	rc = rt_probe_write_text(path, text);
	if (rc == -EAGAIN && file == RT_CG_RECLAIM) {
		if (short_)
			*short_ = true;
		return 0;
	}
	if (rc == -ENOENT)
		return rt_fail(err, rc, "this kernel's memory cgroups have no %s (%s)",
			       cg_files[file].file, path);
	if (rc)
		return rt_fail_errno(err, -rc, "write(%s, \"%s\")", path, text);
	return 0;
}

/* Writes pid into group's cgroup.procs. */
static int move_pid(const char *group, const char *pid, struct rt_err *err)
{
	char path[RT_CG_PATH + 32];
	int rc;

	snprintf(path, sizeof(path), "%s/cgroup.procs", group);
	rc = rt_probe_write_text(path, pid);
	return rc ? rt_fail_errno(err, -rc, "write(%s, \"%s\")", path, pid) : 0;
}

int rt_cgroup_enter(struct rt_cgroup *cg, struct rt_err *err)
{
	char pid[24];
	int rc;

	snprintf(pid, sizeof(pid), "%d", (int)getpid());
	rc = move_pid(cg->path, pid, err);
	if (!rc)
		cg->entered = true;
	return rc;
}

int rt_cgroup_leave(struct rt_cgroup *cg, struct rt_err *err)
{
	char pid[24];
	int rc;

	if (!cg->entered)
		return 0;
	snprintf(pid, sizeof(pid), "%d", (int)getpid());
	rc = move_pid(cg->home, pid, err);
	if (rc)		/* its group is gone: the root takes every process */
		rc = move_pid(cg->root, pid, err);
	if (!rc)
		cg->entered = false;
	return rc;
}

/* The cgroup2 mount above a group ROOT/scn/PID.NAME. */
static void root_of(const char *path, char *out, size_t len)
{
	char parent[RT_CG_PATH];

	parent_of(path, parent, sizeof(parent));
	parent_of(parent, out, len);
}

int rt_cgroup_remove_path(const char *path, struct rt_err *err)
{
	char root[RT_CG_PATH], parent[RT_CG_PATH], procs[RT_CG_PATH + 32];
	char pid[24];
	FILE *f;

	if (!rt_cgroup_path_ours(path))
		return rt_fail(err, -EINVAL, "'%s' is not a group scn makes", path);
	root_of(path, root, sizeof(root));
	parent_of(path, parent, sizeof(parent));
	/*
	 * A killed run's children may be left: the root takes them (one
	 * that cannot be moved makes rmdir fail, which says so).
	 */
	snprintf(procs, sizeof(procs), "%s/cgroup.procs", path);
	f = fopen(procs, "re");
	while (f && fgets(pid, sizeof(pid), f)) {
		pid[strcspn(pid, "\n")] = '\0';
		move_pid(root, pid, err);
	}
	if (f)
		fclose(f);
	if (rmdir(path) && errno != ENOENT)
		return rt_fail_errno(err, errno, "rmdir(%s)", path);
	/* Another run's group keeps the parent (EBUSY): that is fine. */
	if (rmdir(parent) && errno != ENOENT && errno != EBUSY && errno != ENOTEMPTY)
		return rt_fail_errno(err, errno, "rmdir(%s)", parent);
	return 0;
}

/* One "name value" file of the group into s, from s->n on. */
static int read_counters(const char *path, const char *file, struct rt_vmstat *s,
			 struct rt_err *err)
{
	char full[RT_CG_PATH + 32];
	size_t n = 0;
	int rc;

	snprintf(full, sizeof(full), "%s/%s", path, file);
	rc = rt_counters_read(full, s->name + s->n, s->value + s->n,
			      RT_VMSTAT_MAX - s->n, &n, err);
	s->n += n;
	return rc;
}

/* A file of one number, as the counter name, where the kernel has it. */
static void read_one(const char *path, const char *file, const char *name,
		     struct rt_vmstat *s)
{
	char full[RT_CG_PATH + 32], text[64];

	snprintf(full, sizeof(full), "%s/%s", path, file);
	if (s->n >= RT_VMSTAT_MAX || rt_probe_read_text(full, text, sizeof(text)) ||
	    !strcmp(text, "max"))
		return;
	snprintf(s->name[s->n], sizeof(s->name[0]), "%s", name);
	s->value[s->n++] = strtoll(text, NULL, 10);
}

int rt_cgroup_stat(const char *path, struct rt_vmstat *s, struct rt_err *err)
{
	int rc;

	s->n = 0;
	rc = read_counters(path, "memory.stat", s, err);
	if (rc)
		return rc;
	read_one(path, "memory.current", "current", s);
	read_one(path, "memory.peak", "peak", s);
	read_one(path, "memory.swap.current", "swap_current", s);
	return 0;
}

int rt_cgroup_events(const char *path, struct rt_vmstat *s, struct rt_err *err)
{
	s->n = 0;
	return read_counters(path, "memory.events", s, err);
}

bool rt_cgroup_stat_is_bytes(const char *name)
{
	static const char *const bytes[] = { "current", "peak", "swap_current",
		"anon", "file", "kernel", "kernel_stack", "pagetables",
		"sec_pagetables", "percpu", "sock", "vmalloc", "shmem", "zswap",
		"zswapped", "file_mapped", "file_dirty", "file_writeback",
		"swapcached", "anon_thp", "file_thp", "shmem_thp", "inactive_anon",
		"active_anon", "inactive_file", "active_file", "unevictable",
		"slab_reclaimable", "slab_unreclaimable", "slab", "hugetlb", NULL };

	for (size_t i = 0; bytes[i]; i++)
		if (!strcmp(bytes[i], name))
			return true;
	return false;
}
