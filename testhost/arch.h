// SPDX-License-Identifier: GPL-2.0-only
/*
 * arch: which architecture a test host is, and what differs with it.
 *
 * A test host is of its kernel's architecture: x86_64 (a bzImage, Debian's
 * -amd64- packages), aarch64 (an arm64 Image, Debian's -arm64-
 * packages, booted under qemu-system-aarch64's "virt" machine with EL2) or
 * riscv64 (a RISC-V Image, Debian's -riscv64 packages, under
 * qemu-system-riscv64's "virt" machine with its default OpenSBI and the H
 * extension). This machine's programs run inside only where the
 * architectures agree: an aarch64 or riscv64 test host needs scn's init
 * built for it (embedded in scn as the native one is, when the Makefile
 * found the cross compiler), the scn of its architecture (build-aarch64/
 * scn or build-riscv64/scn of the same tree, or an installed
 * lib/scn/ARCH/scn) in place of this one, and a static busybox for
 * /bin/sh and the usual commands (kernel.h: th_busybox_resolve).
 */
#ifndef SCN_TH_ARCH_H
#define SCN_TH_ARCH_H

#include <stddef.h>

#include "../runtime/err.h"
#include "testhost.h"

/* "x86_64", "aarch64", "riscv64": uname -m's names, as the fingerprint
 * gives them. */
const char *th_arch_name(enum th_arch a);
/* Debian's names: "amd64", "arm64", "riscv64". */
const char *th_arch_debian(enum th_arch a);
/* The architecture this scn was built for. */
enum th_arch th_arch_native(void);

/*
 * The architecture of a kernel image by its header: an x86 bzImage
 * ("HdrS"), an arm64 Image ("ARM\x64" at 0x38) or a RISC-V Image
 * ("RSC\x05" at 0x38). -ENOEXEC when it is
 * neither (a compressed Image, say), -errno when it cannot be read.
 */
int th_image_arch(const char *path, enum th_arch *a);

/*
 * The architecture a --kernel SPEC names, without fetching anything: a
 * Debian spec by its name (debian:6.12-arm64, debian:linux-image-...-
 * arm64-unsigned), a file by its header; x86_64 when it cannot tell (the
 * kernel's resolution then says what is wrong with the spec).
 */
enum th_arch th_spec_arch(const char *spec);

/*
 * The base page size of the kernel a --kernel SPEC names, the same way:
 * a Debian flavour's (16K for -arm64-16k), an arm64 Image's by its
 * header's flags (4K, 16K or 64K), 4K for a bzImage or when it cannot
 * tell.
 */
long th_spec_page_size(const char *spec);

/*
 * The release an arm64 or RISC-V Image names in its banner ("Linux
 * version 6.12.117+deb12-arm64 (...)": both are uncompressed), into buf;
 * 0, -ENOEXEC without a banner.
 */
int th_image_release_arm64(const char *path, char *buf, size_t len);

/*
 * The command a test host of architecture a runs for argv0: argv0 itself,
 * unless argv0 is this scn (by path, or looked up in PATH) and a is not
 * this scn's architecture: then the scn built for a, found beside this
 * one (../build-aarch64/scn from build/scn, ../lib/scn/aarch64/scn from
 * bin/scn; riscv64 the same) or named by $SCN_AARCH64 ($SCN_RISCV64). Into buf; 0, or -ENODEV with err
 * saying how to build the missing one.
 */
int th_arch_command(enum th_arch a, const char *argv0, char *buf, size_t len,
		    struct rt_err *err);

/* Whether the ELF file at path is a program for a. */
int th_elf_arch_check(const char *path, enum th_arch a);

#endif
