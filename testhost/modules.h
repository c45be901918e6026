// SPDX-License-Identifier: GPL-2.0-only
/*
 * modules: the kernel modules a test host loads, found in a modules tree
 * and ordered so that each comes after what it depends on.
 *
 * A tree is lib/modules/RELEASE of a kernel package or of `make
 * modules_install`, or a kernel build tree. Modules are found through
 * modules.dep where it exists (modules_install writes it), else through
 * modules.order (every tree has it, Debian's packages included, which
 * ship no modules.dep), else by walking the tree. Without modules.dep, a
 * module's dependencies are the "depends=" of its .modinfo section, read
 * from the ELF file. Compressed modules (.ko.xz, .ko.zst, .ko.gz) are
 * decompressed once, by the xz, zstd or gzip program, into a cache
 * directory, since the init loads plain files. A module listed in
 * modules.builtin is built in: nothing to load.
 */
#ifndef SCN_TH_MODULES_H
#define SCN_TH_MODULES_H

#include <stdbool.h>
#include <stddef.h>

#include "../runtime/err.h"

struct th_mod {
	char *name;		/* "kvm_amd": '-' written as '_' */
	char *path;		/* the file as found */
	char **deps;		/* names; valid once deps_known */
	size_t ndeps;
	bool deps_known;
};

struct th_modtree {
	char *dir;
	char *cache;		/* decompressed copies go here */
	/*
	 * Set by the caller, or NULL: checks a module file before it is
	 * used (a cached kernel's, against its package: kernel.h); 0, or
	 * -EBADMSG with err.
	 */
	int (*verify)(const void *ctx, const char *path, struct rt_err *err);
	const void *verify_ctx;
	struct th_mod *mods;
	size_t n, cap;
	char **builtin;		/* names */
	size_t nbuiltin, builtin_cap;
};

/* The modules to load, in load order, and the wanted ones not found. */
struct th_modlist {
	const struct th_mod **v;
	size_t n, cap;
	char **missing;
	size_t nmissing, missing_cap;
};

/*
 * Indexes the tree at dir; decompressed copies will go to cache (a
 * writable directory). 0, or -errno with err set. Free with
 * th_modtree_free in every case.
 */
int th_modtree_open(struct th_modtree *t, const char *dir, const char *cache,
		    struct rt_err *err);
void th_modtree_free(struct th_modtree *t);

/* "kvm-amd" and "kvm_amd" are one module; NULL when the tree lacks it. */
struct th_mod *th_mod_find(struct th_modtree *t, const char *name);
bool th_mod_builtin(const struct th_modtree *t, const char *name);

/*
 * The wanted modules and everything they depend on, dependencies first,
 * into l (which the caller zeroes). A wanted module that is built in is
 * left out; one the tree lacks goes to l->missing. 0 or -errno.
 */
int th_mod_closure(struct th_modtree *t, const char *const *want, size_t nwant,
		   struct th_modlist *l, struct rt_err *err);
void th_modlist_free(struct th_modlist *l);

/*
 * The path of an uncompressed copy of m into buf: its own file, or the
 * cache's copy, made now if needed (a copy that does not read as a
 * module, truncated say, is made again). 0 or -errno: -EBADMSG from
 * verify, -EINTR when a stop signal stopped the decompression (its
 * temporary file removed).
 */
int th_mod_plain(struct th_modtree *t, const struct th_mod *m, char *buf,
		 size_t len, struct rt_err *err);

/*
 * The value of key in the .modinfo section of m ("vermagic" -> "6.12.117
 * SMP preempt mod_unload "), read from its plain copy into buf; "" without
 * the key. 0, or -errno with err set.
 */
int th_mod_info(struct th_modtree *t, const struct th_mod *m, const char *key,
		char *buf, size_t size, struct rt_err *err);

/*
 * The value of key in the .modinfo section of the ELF module in data
 * ("depends" -> "kvm,ccp"), copied into buf. 0, -ENOENT without the key,
 * -EINVAL for a file that is not a 64-bit ELF module.
 */
int th_modinfo_get(const void *data, size_t len, const char *key, char *buf,
		   size_t size);

#endif
