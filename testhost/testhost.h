// SPDX-License-Identifier: GPL-2.0-only
/*
 * testhost: runs one command of this machine inside a kernel of the
 * caller's choosing, under QEMU. The machine's root is shared read-only
 * (so the same scn binary, scenarios and scripts are there), the command
 * runs in the caller's directory and environment, its stdout and stderr
 * stream out as it writes them, and its exit status comes back. A kernel
 * oops or panic, a hang past the timeout, or a kernel that does not boot
 * is an outcome too, with the console lines that show it.
 *
 * The room has one job and these parts: kernel (what --kernel names,
 * fetched and cached), modules (which modules, in which order), cpio (the
 * initramfs), machine (QEMU's command line, the accelerator, what this
 * machine can spare), console (reading the kernel's console), launch
 * (all of it, start to end) and init (PID 1 inside, a program of its own).
 *
 * Like runtime/, it never prints on its own and never exits: errors come
 * back as -errno with a message; what it streams goes to the descriptors
 * the caller gives.
 */
#ifndef SCN_TESTHOST_H
#define SCN_TESTHOST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../runtime/err.h"

enum th_accel { TH_ACCEL_AUTO, TH_ACCEL_KVM, TH_ACCEL_TCG };

/* A test host's architecture: its kernel's (arch.h). */
/* riscv64: a riscv64 scn's own (its test hosts are a later step). */
enum th_arch { TH_ARCH_X86_64, TH_ARCH_AARCH64, TH_ARCH_RISCV64 };

/* What the command reads. */
enum th_input {
	TH_INPUT_NULL,		/* /dev/null */
	TH_INPUT_FEED,		/* in_fd, read to its end before the boot */
	/*
	 * in_fd and out_fd are a terminal (in raw mode: the caller's to set)
	 * joined to a serial port inside, which is the command's controlling
	 * terminal and its stdin, stdout and stderr, of rows x cols.
	 */
	TH_INPUT_TTY,
};

/*
 * The sizes a test host can have anywhere; beyond them an option is a
 * usage error, within them what this machine lacks is a skip. QEMU 7.2's
 * q35 takes 255 CPUs without KVM's x2APIC (256 and more need it); under
 * TCG its guest has 40 physical address bits, 1 TiB; scn makes 16 nodes
 * at most, each of 128 MiB at least.
 */
#define TH_MAX_CPUS 255
#define TH_MIN_MEM ((int64_t)256 << 20)
#define TH_MAX_MEM ((int64_t)1 << 40)
#define TH_MAX_NODES 16
#define TH_MIN_NODE_MEM ((int64_t)128 << 20)

/*
 * --pfnmap SIZE: a PCI device whose BAR is SIZE of this machine's memory
 * (QEMU's ivshmem-plain on a RAM backend), bound to vfio-pci inside behind
 * an emulated IOMMU, so that a VM_PFNMAP mapping of it can be had on any
 * machine (../shared/design/machine.md, "A PCI BAR as guest memory").
 * ivshmem takes a power of two; 1 MiB at least, so that a 2M alignment
 * means something; at most this many devices.
 */
#define TH_MAX_PFNMAP 4
#define TH_MIN_PFNMAP ((int64_t)1 << 20)
#define TH_MAX_PFNMAP_SIZE ((int64_t)64 << 30)

/* The host options of scn exec, scn run --kernel and scn features --kernel. */
struct th_opts {
	const char *kernel;		/* SPEC: debian:6.12, debian:6.12-arm64,
					 * a bzImage or an arm64 Image */
	const char *modules;		/* --modules DIR, or NULL */
	unsigned cpus;			/* 0: 2, or fewer if the machine has */
	int64_t mem;			/* bytes; 0: 2 GiB, or what is free */
	unsigned nodes;			/* 0 or 1: one node */
	int64_t pfnmap[TH_MAX_PFNMAP];	/* --pfnmap SIZE, bytes, in order */
	unsigned npfnmap;
	const char *append;		/* more kernel command line, or NULL */
	enum th_accel accel;
	unsigned timeout;		/* seconds for the command; 0: none */
	const char *console_log;	/* keep the console log there, or NULL */
	int out_fd, err_fd;		/* the command's stdout and stderr */
	enum th_input input;
	int in_fd;			/* for TH_INPUT_FEED and TH_INPUT_TTY */
	unsigned short rows, cols;	/* the terminal's size, for TH_INPUT_TTY */
	bool rw_cwd;			/* the caller's directory writable inside */
	FILE *log;			/* "# test host: ..." lines, or NULL */
};

/* How a launch ended. */
enum th_end {
	TH_EXITED,		/* the command ended: status */
	TH_OOPS,		/* the kernel oopsed or panicked: oops */
	TH_TIMEOUT,		/* the command outlived timeout: QEMU killed */
	TH_NO_BOOT,		/* no command ran, or its status never came */
	TH_INTERRUPTED,		/* SIGINT, SIGTERM or SIGHUP: signo */
	TH_SKIP,		/* this machine cannot run the test host: why */
	TH_BAD_SHARE,		/* a file of the share was not read, so what
				 * the command did is not known: bad_share */
};

/*
 * What the launcher reads from the results share, and at most how much
 * (testhost/job.h names the files; TH_FACTS_MAX is there): the share is writable inside, so a
 * command may leave a link, a FIFO, a directory or a sparse file of any
 * size at any of these names, and each is read as common/regfile.h says.
 * The command's stdout and stderr stream out up to TH_STREAM_MAX each
 * (past it the test host is stopped); a result file as large as the
 * readers of results take (JIN_MAX_FILE_BYTES).
 */
#define TH_STREAM_MAX ((long long)1 << 30)
#define TH_STATUS_MAX 4096

struct th_outcome {
	enum th_end end;
	int status;		/* exit code; 128+N for signal N */
	int signo;
	char why[512];		/* TH_NO_BOOT and TH_SKIP: the reason */
	char **oops;		/* the console lines of an oops or panic */
	size_t noops;
	char console_log[4096];	/* where the console log is kept, or "" */
	char share[4096];	/* the results share, until th_outcome_free */
	int share_fd;		/* an O_PATH fd of it, until then, or -1 */
	char *facts;		/* the share's facts file, read at the end
				 * (NULL where it could not be) */
	char bad_share[512];	/* the share's files that were not read, and
				 * why ("'status' is a named pipe, not a
				 * regular file"); "" when all were */
	char accel[8];		/* "kvm" or "tcg" */
	char release[128];	/* the kernel's, from its image */
	char cmdline[1024];	/* the kernel's command line */
	long long out_bytes;	/* of the command's stdout, streamed out */
	double boot_s;		/* from QEMU's start to the command's */
	double total_s;
};

/* The exit code an outcome means: status, 1, 124, 128+N or 4. */
int th_exit_code(const struct th_outcome *o);

/*
 * Opens the share's file name (the result of scn run --kernel, say) as
 * regfile_open_at does, with at most max bytes. Returns the fd, -ENOENT
 * when there is none, or another -errno with why filled with what
 * bad_share would say of it.
 */
int th_share_open(const struct th_outcome *o, const char *name, long long max,
		  char *why, size_t len);

/*
 * Boots o->kernel and runs argv (argv[0] looked up in the PATH of the
 * environment envp) in the directory cwd. The facts of the outer machine
 * and of QEMU go into the share's facts file (runtime/fingerprint.h), so
 * that scn inside names them in its results. Returns 0 with *out filled
 * whenever the test host was tried (including TH_SKIP); -EINVAL or
 * -ENOENT with err for a wrong option or kernel (the caller's mistake).
 * th_outcome_free removes the share.
 */
int th_launch(const struct th_opts *o, const char *const *argv,
	      const char *const *envp, const char *cwd, struct th_outcome *out,
	      struct rt_err *err);
void th_outcome_free(struct th_outcome *out);

/* "auto", "kvm", "tcg" -> *a; false when it is none of them. */
bool th_accel_parse(const char *s, enum th_accel *a);

#endif
