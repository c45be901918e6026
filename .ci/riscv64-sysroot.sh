#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The riscv64 static libraries make riscv64 links scn with, from Debian's
# archive alone: bookworm has no riscv64 port, so they come from trixie,
# by an apt configuration of this script's own (the machine's sources
# and dpkg are not touched), downloaded and unpacked with dpkg-deb -x
# into $ROOT (/var/cache/scn/riscv64/root). trixie's libraries call
# glibc 2.38's __isoc23_* names, which bookworm's 2.36 cross libc lacks:
# runtime/arch/riscv64/isoc23.c maps them onto their C99 names. Does
# nothing when the libraries are there; -f fetches again. Also fetched,
# into $D/boot: trixie's riscv64 6.12 kernel (one package, /boot/vmlinux-*
# and its modules: kvm.ko) and busybox-static, which tests/testhost/
# riscv64.sh's boot of its own (beside scn's own test host, which fetches
# its kernel into the kernel cache) boots the riscv64 scn with
# (docs/testhost.md, section 12).
set -eu

D=${SCN_RISCV64_DIR:-/var/cache/scn/riscv64}
ROOT=$D/root
LIB=$ROOT/usr/lib/riscv64-linux-gnu
PKGS="libnuma-dev libedit-dev libncurses-dev libbsd-dev libmd-dev"

BOOT=$D/boot
if [ "${1:-}" != -f ] && [ -e "$BOOT/vmlinux" ] && [ -e "$LIB/libnuma.a" ] && [ -e "$LIB/libedit.a" ] &&
   [ -e "$LIB/libtinfo.a" ] && [ -e "$LIB/libbsd.a" ] && [ -e "$LIB/libmd.a" ]; then
	exit 0
fi
mkdir -p "$D/apt/lists/partial" "$D/apt/cache/archives/partial" "$D/debs"
: >"$D/apt/status"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]" \
     "http://deb.debian.org/debian trixie main" >"$D/apt/sources.list"
set -- -o Dir::Etc::SourceList="$D/apt/sources.list" \
	-o Dir::Etc::SourceParts=/dev/null -o Dir::State::Lists="$D/apt/lists" \
	-o Dir::State::status="$D/apt/status" -o Dir::Cache="$D/apt/cache" \
	-o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts=/dev/null \
	-o Acquire::Languages=none -o APT::Architectures=riscv64 \
	-o APT::Architecture=riscv64 -o APT::Sandbox::User=root
apt-get "$@" update -qq
rm -f "$D"/debs/*.deb
# shellcheck disable=SC2086
(cd "$D/debs" && apt-get "$@" download $(for p in $PKGS; do echo "$p:riscv64"; done))
rm -rf "$ROOT.new"
for f in "$D"/debs/*.deb; do dpkg-deb -x "$f" "$ROOT.new"; done
rm -rf "$ROOT" && mv "$ROOT.new" "$ROOT"
echo "riscv64 libraries in $LIB:"
ls "$LIB"/libnuma.a "$LIB"/libedit.a "$LIB"/libtinfo.a "$LIB"/libbsd.a "$LIB"/libmd.a

# The newest 6.12 riscv64 image trixie has, and busybox: into $BOOT.
k=$(apt-cache "$@" search '^linux-image-6\.12\.[0-9]*\+deb13-riscv64$' 2>/dev/null |
	awk '{ print $1 }' | sort -V | tail -n 1)
[ -n "$k" ] || { echo "riscv64-sysroot.sh: no riscv64 6.12 kernel in trixie's lists" >&2; exit 1; }
rm -rf "$BOOT.new" "$D/kdebs" && mkdir -p "$BOOT.new" "$D/kdebs"
(cd "$D/kdebs" && apt-get "$@" download "$k:riscv64" busybox-static:riscv64)
for f in "$D"/kdebs/*.deb; do dpkg-deb -x "$f" "$BOOT.new/x"; done
cp "$BOOT.new"/x/boot/vmlinux-* "$BOOT.new/vmlinux"
cp "$BOOT.new"/x/usr/bin/busybox "$BOOT.new/busybox"
xz -dc "$BOOT.new"/x/usr/lib/modules/*/kernel/arch/riscv/kvm/kvm.ko.xz >"$BOOT.new/kvm.ko"
basename "$BOOT.new"/x/boot/vmlinux-* | sed 's/^vmlinux-//' >"$BOOT.new/release"
rm -rf "$BOOT.new/x" "$D/kdebs" "$BOOT" && mv "$BOOT.new" "$BOOT"
echo "riscv64 kernel $(cat "$BOOT/release") and busybox in $BOOT"
