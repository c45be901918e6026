// SPDX-License-Identifier: GPL-2.0-only
/*
 * initrd: the test host's initramfs: scn's init as /init, the job it
 * runs (job.h), and the modules it loads, decompressed and in order: the
 * 9p stack and overlayfs before the root is mounted, KVM's while it is.
 */
#ifndef SCN_TH_INITRD_H
#define SCN_TH_INITRD_H

#include <stdbool.h>
#include <stdio.h>

#include "../runtime/err.h"
#include "kernel.h"

struct th_job {
	const char *const *argv;
	const char *const *envp;
	const char *cwd;
	bool amd;		/* kvm_amd, else kvm_intel */
	bool npt_off;		/* kvm_amd npt=0 (under TCG) */
	const char *scratch;	/* for decompressed modules without a cache */
	unsigned short rows, cols;	/* a terminal of this size (tty=), or 0 */
	bool stdin_file;	/* the command reads the share's stdin file */
	const char *rw_dir;	/* writable inside, or NULL */
	enum th_arch arch;	/* the init's; aarch64: KVM is built in */
	const char *busybox;	/* a static busybox for TH_BIN_DIR, or NULL */
	bool pfnmap;		/* vfio-pci for --pfnmap's devices (pfnmap=) */
};

/*
 * Writes the initramfs for k and job to path. Modules of the root stack
 * that the tree lacks are named in a line on log (if not NULL), since the
 * boot will stop at the mount. *vendor_mod tells whether the vendor module
 * (kvm_amd, kvm_intel) is in it, to be loaded with its parameters; where
 * it is not, it may be built in, and only the command line reaches it.
 * 0 or -errno with err.
 */
/*
 * The init built for a: its bytes, or *len 0 when this scn was built
 * without one (the Makefile found no compiler for a).
 */
void th_init_blob(enum th_arch a, const unsigned char **data, size_t *len);

int th_initrd_write(const char *path, const struct th_kernel *k,
		    const struct th_job *job, bool *vendor_mod, FILE *log,
		    struct rt_err *err);

#endif
