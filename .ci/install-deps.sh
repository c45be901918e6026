#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Installs the Debian packages scn needs that this machine lacks. Runs as
# root (apt-get); does nothing when everything is there.
#
# "install-deps.sh arm64" adds what arm64 test hosts need (make test runs
# them): the arm64 architecture in dpkg, so that apt knows Debian's arm64
# kernels and busybox, Debian's cross compiler and the arm64 libraries
# scn links statically (make aarch64), and qemu-system-arm. Best effort:
# where it cannot (offline), the arm64 tests say how to get it and skip.
set -eu

need=""
have_cmd() { command -v "$1" >/dev/null 2>&1; }
have_file() { [ -e "$1" ]; }

have_cmd make || need="$need make"
have_cmd gcc || need="$need gcc"
have_cmd flex || need="$need flex"
have_cmd bison || need="$need bison"
# Debian's python3 with pexpect (the REPL's tests drive it through a
# pseudo-terminal): tests/run.sh runs the tests with it, not with a
# version manager's python3 that PATH may find first.
have_file /usr/bin/python3 || need="$need python3"
{ [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import pexpect' 2>/dev/null; } ||
	need="$need python3-pexpect"
have_file /usr/include/numa.h || need="$need libnuma-dev"
have_file /usr/include/histedit.h || need="$need libedit-dev"
# scn plot draws with gnuplot; -nox leaves out the X11 and Qt terminals.
have_cmd gnuplot || need="$need gnuplot-nox"
# The test host (docs/testhost.md): QEMU boots Debian's kernels, whose
# modules are xz-compressed; its init is linked static (libc6-dev's libc.a).
have_cmd qemu-system-x86_64 || need="$need qemu-system-x86"
have_cmd xz || need="$need xz-utils"
have_file /usr/lib/x86_64-linux-gnu/libc.a || need="$need libc6-dev"
# The fuzz target and sanitizer builds use clang's runtimes.
have_cmd clang || need="$need clang"
ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 ||
	need="$need libclang-rt-dev"

if [ -n "$need" ]; then
	echo "installing:$need"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	# shellcheck disable=SC2086
	apt-get install -y -qq --no-install-recommends $need >/dev/null
fi

if [ "${1:-}" = riscv64 ]; then
	# riscv64 test hosts (docs/testhost.md, section 12): Debian 12's riscv64
	# cross compiler and libc, qemu-system-misc (qemu-system-riscv64; without
	# its recommends, which are GUI libraries), and the static libraries from
	# trixie (riscv64-sysroot.sh).
	rv=""
	have_cmd riscv64-linux-gnu-gcc || rv="$rv gcc-riscv64-linux-gnu"
	have_file /usr/riscv64-linux-gnu/lib/libc.a || rv="$rv libc6-dev-riscv64-cross"
	have_cmd qemu-system-riscv64 || rv="$rv qemu-system-misc"
	# tests/testhost/riscv64.sh packs its own boot's initramfs with cpio.
	have_cmd cpio || rv="$rv cpio"
	if [ -n "$rv" ]; then
		echo "installing for riscv64 test hosts:$rv"
		export DEBIAN_FRONTEND=noninteractive
		# shellcheck disable=SC2086
		apt-get update -qq && apt-get install -y -qq --no-install-recommends $rv >/dev/null
	fi
	sh "$(dirname "$0")/riscv64-sysroot.sh"
	exit 0
fi

[ "${1:-}" = arm64 ] || exit 0

# apt-get download PACKAGE:arm64 needs the architecture in dpkg and apt's
# lists of it: dpkg --add-architecture once, then apt-get update.
update=""
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
	dpkg --add-architecture arm64
	update=yes
fi
arm=""
have_cmd aarch64-linux-gnu-gcc || arm="$arm gcc-aarch64-linux-gnu"
have_file /usr/aarch64-linux-gnu/lib/libc.a || arm="$arm libc6-dev-arm64-cross"
have_file /usr/lib/aarch64-linux-gnu/libnuma.a || arm="$arm libnuma-dev:arm64"
have_file /usr/lib/aarch64-linux-gnu/libedit.a || arm="$arm libedit-dev:arm64"
have_cmd qemu-system-aarch64 || arm="$arm qemu-system-arm"
[ -n "$arm" ] && update=yes
if [ -n "$update" ]; then
	echo "installing for arm64 test hosts:${arm:- (apt's arm64 lists)}"
	export DEBIAN_FRONTEND=noninteractive
	# shellcheck disable=SC2086
	if ! apt-get update -qq || { [ -n "$arm" ] &&
	   ! apt-get install -y -qq --no-install-recommends $arm >/dev/null; }; then
		echo "warning: the packages of arm64 test hosts could not be" \
		     "installed: tests/testhost/arm64.sh will skip" >&2
	fi
fi

