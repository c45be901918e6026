// SPDX-License-Identifier: GPL-2.0-only
/*
 * machine: the machine QEMU makes, and its command line.
 *
 * The accelerator: KVM where /dev/kvm runs a guest and offers nested
 * virtualization to it (vmx or svm in the CPU flags, the vendor module's
 * "nested" parameter on); never on kvm_pvm, which cannot boot a stock
 * kernel. Otherwise TCG with an AMD CPU that has SVM ("EPYC,+svm"), so
 * that the kernel inside loads kvm_amd: with npt=0, since QEMU's nested
 * paging emulation is not reliable (../shared/design/machine.md).
 *
 * Bounds: CPUs no more than this machine's online CPUs, memory no more
 * than what it has available less a reserve. Guest RAM is never offered
 * to this machine's KSM (mem-merge=off; QEMU marks it mergeable by
 * default, and a test host then disturbs KSM measurements outside).
 *
 * An aarch64 test host: qemu-system-aarch64's "virt" machine with EL2
 * (virtualization=on) and a GICv3, so that the kernel inside starts KVM
 * (in VHE mode); "max" CPUs with QEMU's own pointer authentication
 * (pauth-impdef=on: the architected algorithm costs 3.5 times the boot);
 * always TCG on an x86_64 machine. The console is the PL011 (ttyAMA0);
 * the terminal of scn repl --kernel a virtio console (hvc0), as virt has
 * no second UART.
 */
#ifndef SCN_TH_MACHINE_H
#define SCN_TH_MACHINE_H

#include <stdbool.h>
#include <stdint.h>

#include "../runtime/err.h"
#include "testhost.h"

struct th_machine {
	enum th_arch arch;
	const char *console;		/* the kernel's console: ttyS0, ttyAMA0 */
	bool kvm;			/* else TCG */
	char why_tcg[256];		/* auto chose TCG: why */
	bool amd;			/* the vendor module inside: kvm_amd */
	const char *cpu;		/* QEMU's -cpu */
	unsigned cpus, nodes;
	int64_t mem;			/* bytes, a multiple of 1 MiB */
	int64_t pfnmap[TH_MAX_PFNMAP];	/* the BARs of --pfnmap, bytes */
	unsigned npfnmap;
	char qemu[256];			/* the program */
	char qemu_version[64];		/* "7.2.22" */
	char bios[256];			/* qboot where installed, or "" */
};

/*
 * Decides the machine for o on this one. Returns 0; -EINVAL with err for
 * an option out of range; -ENODEV when this machine cannot run it (no
 * QEMU, --accel kvm without KVM, more CPUs or memory than it has).
 */
int th_machine_plan(const struct th_opts *o, struct th_machine *m,
		    struct rt_err *err);
/* The same for a test host of architecture a (th_machine_plan: this one's). */
int th_machine_plan_arch(const struct th_opts *o, enum th_arch a,
			 struct th_machine *m, struct rt_err *err);

/*
 * QEMU's arguments for m booting image with initrd and cmdline, with this
 * machine's root and the share directory exported over 9p, and (when not
 * NULL) a second serial port on a unix socket QEMU listens on at tty and
 * the directory rw exported writable. Returns a NULL-terminated array;
 * the caller frees each string and the array.
 */
char **th_machine_argv(const struct th_machine *m, const char *image,
		       const char *initrd, const char *cmdline,
		       const char *share, const char *tty, const char *rw);

#endif
