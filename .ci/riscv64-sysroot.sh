#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The riscv64 static libraries make riscv64 links scn with, from Debian's
# archive alone: bookworm has no riscv64 port, so they come from trixie,
# by an apt configuration of this script's own (the machine's sources
# and dpkg are not touched), downloaded and unpacked with dpkg-deb -x
# into $ROOT (/var/cache/scn/riscv64/root). trixie's libraries call
# glibc 2.38's __isoc23_* names, which bookworm's 2.36 cross libc lacks:
# runtime/arch/riscv64/isoc23.c maps them onto their C99 names. Does
# nothing when the libraries are there; -f fetches again.
set -eu

D=${SCN_RISCV64_DIR:-/var/cache/scn/riscv64}
ROOT=$D/root
LIB=$ROOT/usr/lib/riscv64-linux-gnu
PKGS="libnuma-dev libedit-dev libncurses-dev libbsd-dev libmd-dev"

if [ "${1:-}" != -f ] && [ -e "$LIB/libnuma.a" ] && [ -e "$LIB/libedit.a" ] &&
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
