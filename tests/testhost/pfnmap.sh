#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# --pfnmap SIZE (issue 29): a test host with two ivshmem-plain BARs (the
# option twice) behind q35's intel-iommu, bound to vfio-pci by scn's
# init: scn features names each BAR with its size and address and the
# pfnmap feature is present, so `require pfnmap` runs; without --pfnmap
# the same scenario SKIPs naming the option. Bad sizes (not a power of
# two, under 1M, more than the machine has) are errors before QEMU
# starts. One boot: about 15 s here, under TCG.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
. tests/testhost/lib.sh
K=${SCN_TEST_KERNEL:-debian:6.12}
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac

printf '# SPDX-License-Identifier: GPL-2.0-only\nrequire pfnmap\nbacking b type=anon size=4K\n' \
	>"$TMP/req.scn"

# bad NAME WORDS ARGS...: exit 64, WORDS on stderr, no test host booted.
bad() {
	local name=$1 words=$2
	shift 2
	"$SCN" "$@" "$TMP/req.scn" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if [ $rc != 64 ] && [ $rc != 1 ]; then
		fail "$name" "exit $rc"; show
	elif ! grep -q -- "$words" "$TMP/err"; then
		fail "$name" "no '$words'"; show
	elif grep -q '# test host:' "$TMP/err"; then
		fail "$name" "a test host was started"; show
	else
		ok "$name"
	fi
}
bad "pfnmap: 3M is not a power of two" "not a power of two" run --kernel "$K" --pfnmap 3M
bad "pfnmap: 512K is too small" "not a power of two from 1M" run --kernel "$K" --pfnmap 512K
bad "pfnmap: 64G is more than the machine has" "BARs beside" run --kernel "$K" --pfnmap 64G
bad "pfnmap: a host option needs --kernel" "host option" run --pfnmap 64M

"$SCN" run "$TMP/req.scn" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc = 4 ] && grep -q -- 'needs pfnmap: .*--pfnmap SIZE' "$TMP/out" "$TMP/err"; then
	ok "pfnmap: require pfnmap without a device SKIPs naming --pfnmap SIZE"
else
	fail "pfnmap: require pfnmap without a device SKIPs naming --pfnmap SIZE" "exit $rc"
	cat "$TMP/out"; show
fi

script='"$0" features; echo groups: /dev/vfio/*; "$0" run "$1"; echo "run: $?"'
if th "pfnmap: the devices appear bound to vfio-pci" exec --kernel "$K" --pfnmap 64M \
	--pfnmap 2M -- sh -c "$script" "$SCN" "$TMP/req.scn"; then
	o=$TMP/out
	if [ $rc != 0 ]; then
		fail "pfnmap: the devices appear bound to vfio-pci" "exit $rc"; show
	elif ! grep -Eq '^  pfnmap +64 MiB BAR at 0000:00:0[0-9a-f]\.0, vfio$' "$o" ||
	     ! grep -Eq '^  pfnmap +2 MiB BAR at 0000:00:0[0-9a-f]\.0, vfio$' "$o"; then
		fail "pfnmap: the devices appear bound to vfio-pci" "no 64 MiB and 2 MiB BAR"
		sed 's/^/    /' "$o"
	else
		ok "pfnmap: the devices appear bound to vfio-pci"
	fi
	if grep -Eq '^groups: /dev/vfio/[0-9]+ /dev/vfio/[0-9]+ /dev/vfio/vfio$' "$o"; then
		ok "pfnmap: each device has its vfio group"
	else
		fail "pfnmap: each device has its vfio group" "$(grep '^groups' "$o")"
	fi
	if grep -q '^run: 0$' "$o" && grep -Eq '^  pfnmap +yes' "$o"; then
		ok "pfnmap: require pfnmap runs with --pfnmap"
	else
		fail "pfnmap: require pfnmap runs with --pfnmap" "$(grep -E '^run:|SKIP' "$o")"
	fi
fi
