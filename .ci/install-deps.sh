#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Installs the Debian packages scn needs that this machine lacks. Runs as
# root (apt-get); does nothing when everything is there.
set -eu

need=""
have_cmd() { command -v "$1" >/dev/null 2>&1; }
have_file() { [ -e "$1" ]; }

have_cmd make || need="$need make"
have_cmd gcc || need="$need gcc"
have_cmd flex || need="$need flex"
have_cmd bison || need="$need bison"
have_cmd python3 || need="$need python3"
# The REPL's tests drive it through a pseudo-terminal.
python3 -c 'import pexpect' 2>/dev/null || need="$need python3-pexpect"
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
