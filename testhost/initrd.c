// SPDX-License-Identifier: GPL-2.0-only
/* initrd: the init, its job and the modules, as one cpio (see initrd.h). */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"
#include "arch.h"
#include "cpio.h"
#include "initrd.h"
#include "job.h"
#include "modules.h"


/*
 * What the mounts need: the virtio PCI transport (a module in 6.1, built
 * in later), 9p over virtio, and overlayfs for /tmp.
 */
static const char *const root_mods[] = { "virtio_pci", "9pnet_virtio", "9p",
					 "overlay" };
static const char *const arm64_tty_mod = "virtio_console";
static const char *const vfio_mods[] = { "vfio", "vfio_iommu_type1", "vfio_pci_core",
					 "vfio_pci" };

/* scn's init for each architecture (init_blob.S); empty where not built. */
extern const unsigned char th_init_x86_64[], th_init_x86_64_end[];
extern const unsigned char th_init_aarch64[], th_init_aarch64_end[];
extern const unsigned char th_init_riscv64[], th_init_riscv64_end[];

void th_init_blob(enum th_arch a, const unsigned char **data, size_t *len)
{
	if (a == TH_ARCH_AARCH64) {
		*data = th_init_aarch64;
		*len = (size_t)(th_init_aarch64_end - th_init_aarch64);
	} else if (a == TH_ARCH_RISCV64) {
		*data = th_init_riscv64;
		*len = (size_t)(th_init_riscv64_end - th_init_riscv64);
	} else {
		*data = th_init_x86_64;
		*len = (size_t)(th_init_x86_64_end - th_init_x86_64);
	}
}

static void job_record(struct strbuf *sb, const char *key, const char *value)
{
	sb_printf(sb, "%s=%s", key, value);
	sb_putc(sb, '\0');
}

/* The archive's name of an absolute path inside the initrd: no leading '/'. */
static const char *archived(const char *path)
{
	return path[0] == '/' ? path + 1 : path;
}

static void add_module(struct cpio *c, struct strbuf *job, const char *key,
		       const char *name, const char *plain, const char *params)
{
	char file[300];

	snprintf(file, sizeof(file), "%s.ko", name);
	{
		char *dst = xasprintf("%s/%s", archived(TH_MOD_DIR), file);

		cpio_copy(c, dst, 0644, plain);
		free(dst);
	}
	if (params && *params) {
		char *spec = xasprintf("%s %s", file, params);

		job_record(job, key, spec);
		free(spec);
	} else {
		job_record(job, key, file);
	}
}

/* Whether m was put in already (by the root stack's closure). */
static bool in_list(const struct th_modlist *l, const struct th_mod *m)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i] == m)
			return true;
	return false;
}

/*
 * Modules of another build are refused by the loader inside, and the init
 * can then only say which did not load: say here when the first module's
 * vermagic names another release than the kernel's. A warning, since with
 * CONFIG_MODVERSIONS the loader judges by symbol CRCs, not by the release.
 */
static void check_release(struct th_modtree *t, const struct th_mod *m,
			  const struct th_kernel *k, FILE *log)
{
	char magic[256];
	struct rt_err err;
	size_t n;

	if (!log || !m || !k->release[0] ||
	    th_mod_info(t, m, "vermagic", magic, sizeof(magic), &err))
		return;
	n = strcspn(magic, " ");
	if (n && (n != strlen(k->release) || strncmp(magic, k->release, n)))
		fprintf(log, "# test host: warning: %s in %s is built for kernel "
			"%.*s, not %s: the kernel may refuse them\n",
			m->name, k->modules, (int)n, magic, k->release);
}

static int verify_module(const void *k, const char *path, struct rt_err *err)
{
	return th_kernel_verify(k, path, err);
}

static int write_modules(struct cpio *c, struct strbuf *job,
			 const struct th_kernel *k, const struct th_job *j,
			 bool *vendor_mod, FILE *log, struct rt_err *err)
{
	/* riscv's KVM is kvm.ko alone, without a vendor module. */
	const char *vendor = j->arch == TH_ARCH_RISCV64 ? "kvm" :
			     j->amd ? "kvm_amd" : "kvm_intel";
	struct th_modlist root = { 0 }, kvm = { 0 };
	struct th_modtree t;
	char plain[PATH_MAX];
	int rc;

	if (!k->modules[0])
		return 0;	/* a kernel with what it needs built in */
	rc = th_modtree_open(&t, k->modules, k->cache[0] ? k->cache : j->scratch,
			     err);
	if (k->sums) {
		t.verify = verify_module;
		t.verify_ctx = k;
	}
	if (!rc)
		rc = th_mod_closure(&t, root_mods, ARRAY_SIZE(root_mods), &root, err);
	/* An arm64 or riscv64 terminal is a virtio console (a module in
	 * Debian's 6.1 arm64 and in its riscv64 kernels). */
	if (!rc && j->arch != TH_ARCH_X86_64 && j->rows)
		rc = th_mod_closure(&t, &arm64_tty_mod, 1, &root, err);
	/* arm64's KVM is not a module: nothing to add for it. */
	if (!rc && j->arch != TH_ARCH_AARCH64)
		rc = th_mod_closure(&t, &vendor, 1, &kvm, err);
	/* type1 is no dependency of vfio-pci's: a container needs it. */
	if (!rc && j->pfnmap)
		rc = th_mod_closure(&t, vfio_mods, ARRAY_SIZE(vfio_mods), &kvm, err);
	if (!rc)
		check_release(&t, root.n ? root.v[0] : kvm.n ? kvm.v[0] : NULL,
			      k, log);
	for (size_t i = 0; !rc && i < root.nmissing; i++)
		if (log && strcmp(root.missing[i], "overlay") &&
		    strcmp(root.missing[i], "virtio_pci"))
			fprintf(log, "# test host: %s has no module %s and does "
				"not list it as built in\n", k->modules,
				root.missing[i]);
	for (size_t i = 0; !rc && i < root.n; i++) {
		rc = th_mod_plain(&t, root.v[i], plain, sizeof(plain), err);
		if (!rc)
			add_module(c, job, "mod", root.v[i]->name, plain, NULL);
	}
	for (size_t i = 0; !rc && i < kvm.n; i++) {
		const struct th_mod *m = kvm.v[i];

		if (in_list(&root, m))
			continue;
		rc = th_mod_plain(&t, m, plain, sizeof(plain), err);
		if (!rc)
			add_module(c, job, "kmod", m->name, plain,
				   !strcmp(m->name, "kvm_amd") && j->npt_off ?
				   "npt=0" : NULL);
		if (!strcmp(m->name, vendor))
			*vendor_mod = true;
	}
	th_modlist_free(&root);
	th_modlist_free(&kvm);
	th_modtree_free(&t);
	return rc;
}

int th_initrd_write(const char *path, const struct th_kernel *k,
		    const struct th_job *j, bool *vendor_mod, FILE *log,
		    struct rt_err *err)
{
	static const char *const dirs[] = { "dev", "proc", "sys", "root", "scn",
					    "scn/mod", "scn/tmp", "scn/bin" };
	const unsigned char *init;
	struct strbuf job;
	struct cpio c;
	size_t ninit;
	FILE *f;
	int rc;

	th_init_blob(j->arch, &init, &ninit);
	if (!ninit)
		return rt_fail(err, -ENODEV, "this scn was built without an init "
			       "for %s test hosts: install Debian's gcc-%s-linux-gnu "
			       "(make deps-%s) and build scn again",
			       th_arch_name(j->arch), th_arch_name(j->arch),
			       th_arch_debian(j->arch));
	f = fopen(path, "we");
	if (!f)
		return rt_fail_errno(err, errno, "creating '%s'", path);
	cpio_init(&c, f);
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++)
		cpio_dir(&c, dirs[i], 0755);
	/* The kernel opens it for the init's stdin, stdout and stderr. */
	cpio_chardev(&c, "dev/console", 0600, 5, 1);
	cpio_file(&c, "init", 0755, init, ninit);
	if (j->busybox)
		cpio_copy(&c, archived(TH_BIN_DIR "/busybox"), 0755, j->busybox);
	sb_init(&job);
	job_record(&job, "cwd", j->cwd);
	for (size_t i = 0; j->argv[i]; i++)
		job_record(&job, "arg", j->argv[i]);
	for (size_t i = 0; j->envp && j->envp[i]; i++)
		job_record(&job, "env", j->envp[i]);
	if (j->rows) {
		char size[32];

		snprintf(size, sizeof(size), "%u %u", j->rows, j->cols);
		job_record(&job, "tty", size);
	}
	if (j->stdin_file)
		job_record(&job, "stdin", "1");
	if (j->rw_dir)
		job_record(&job, "rw", j->rw_dir);
	if (j->pfnmap)
		job_record(&job, "pfnmap", "1");
	*vendor_mod = false;
	rc = write_modules(&c, &job, k, j, vendor_mod, log, err);
	if (!rc) {
		cpio_file(&c, archived(TH_JOB_FILE), 0644, job.buf, job.len);
		rc = cpio_finish(&c);
		if (rc)
			rt_fail_errno(err, -rc, "writing '%s'", path);
	}
	sb_free(&job);
	if (fclose(f) && !rc)
		rc = rt_fail_errno(err, errno, "writing '%s'", path);
	return rc;
}
