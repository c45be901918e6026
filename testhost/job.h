// SPDX-License-Identifier: GPL-2.0-only
/*
 * job: what the launcher and the init agree on. The launcher writes a job
 * file into the initramfs; the init (init.c, PID 1 inside the test host)
 * reads it, prepares the machine and runs the command. Both sides include
 * this header and nothing else of each other.
 *
 * The job file is a list of NUL-terminated records "key=value", so that
 * arguments and environment strings pass whatever bytes they hold:
 *
 *   cwd=/work/scn            the caller's directory, entered after chroot
 *   arg=./scn                the command, one record per argument
 *   env=HOME=/root           the command's environment, one per variable
 *   mod=9p.ko                a module to load before the root is mounted
 *   kmod=kvm-amd.ko npt=0    a module to load while the root is mounted
 *                            (file name, a blank, its parameters)
 *   tty=50 200               the command's stdin, stdout and stderr are the
 *                            second serial port (TH_TTY_DEV), its controlling
 *                            terminal, of 50 rows and 200 columns: the other
 *                            end is the launcher's terminal (scn repl --kernel)
 *   stdin=1                  the command reads TH_IN_FILE of the share
 *   rw=/home/me/exp          a directory of this machine that is writable
 *                            inside, at the same path (9p tag TH_TAG_RW)
 *   pfnmap=1                 bind each PCI device TH_PFNMAP_ID (--pfnmap's
 *                            ivshmem-plain) to vfio-pci, after the kmods
 *
 * An aarch64 test host's initramfs holds a static busybox as
 * TH_BIN_DIR/busybox: the init links each of its applets beside it,
 * shows the directory at TH_BIN_INSIDE, first in the command's PATH, and
 * puts busybox over /bin/sh, since this machine's programs cannot run
 * there.
 */
#ifndef SCN_TH_JOB_H
#define SCN_TH_JOB_H

/* QEMU's ivshmem-plain: vendor and device ids in sysfs. */
#define TH_PFNMAP_VENDOR "0x1af4"
#define TH_PFNMAP_DEVICE "0x1110"

/* In the initramfs. */
#define TH_JOB_FILE "/scn/job"
#define TH_MOD_DIR "/scn/mod"
#define TH_BIN_DIR "/scn/bin"
#define TH_BIN_INSIDE "/run/scn-bin"

/* The 9p mount tags of the host's root (read-only) and the results share. */
#define TH_TAG_ROOT "scnroot"
#define TH_TAG_SHARE "scnshare"
#define TH_TAG_RW "scnrw"

/* Where the results share is mounted, as seen by the command. */
#define TH_SHARE_DIR "/run/scn-testhost"

/* Files of the results share. */
#define TH_OUT_FILE "stdout"		/* the command's stdout */
#define TH_ERR_FILE "stderr"		/* its stderr */
#define TH_STATUS_FILE "status"		/* "exit N" or "signal N", at the end */
#define TH_FACTS_FILE "facts"		/* written by the launcher: see
					 * runtime/fingerprint.h */
#define TH_IN_FILE "stdin"		/* the command's stdin, with stdin=1 */
/* The facts file is a few hundred bytes; readers take this at most. */
#define TH_FACTS_MAX (64 << 10)

/*
 * The terminal of a job with tty=: QEMU's second serial port, after the
 * console; on aarch64, whose "virt" machine has one UART, the first
 * virtio console. The init is built for its test host's architecture.
 */
#if defined(__aarch64__) || defined(__riscv)
#define TH_TTY_DEV "/dev/hvc0"
#else
#define TH_TTY_DEV "/dev/ttyS1"
#endif

/*
 * Lines the init writes on the console, so that the launcher can follow
 * the boot: "scn-testhost: run" when the command starts (the --timeout
 * counts from there), "scn-testhost: error: ..." when the init cannot go
 * on, "scn-testhost: note: ..." for what the caller should know.
 */
#define TH_CONSOLE_TAG "scn-testhost: "
#define TH_CONSOLE_RUN "scn-testhost: run"

#endif
