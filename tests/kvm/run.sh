#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The KVM runtime on real KVM: tests/kvm/checks.bash and uffd.bash (guest
# demand paging), run inside the test host (Debian's 6.12 kernel under
# QEMU, kvm_amd with shadow paging: the hardware hosts' code path) in one
# boot, always; and on this machine too where its own /dev/kvm runs a
# guest (a PVM host, a hardware host).
# SCN_TEST_KERNEL picks another kernel for the test host.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
K=${SCN_TEST_KERNEL:-debian:6.12}
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac

# Each check line gets the place it ran in as a prefix.
prefixed() {
	sed -E "s/^(ok|FAIL|skip) /\1 $1: /"
}

local_kvm=no
if "$SCN" features 2>/dev/null | grep -Eq '^  kvm +usable$'; then
	local_kvm=yes
	{ SCN=$SCN bash tests/kvm/checks.bash; SCN=$SCN bash tests/kvm/uffd.bash; } 2>&1 | prefixed local
else
	echo "this machine's /dev/kvm cannot run a guest: the checks run in the test host only"
fi

SCN=$SCN "$SCN" exec -q --cpus 2 --mem 2G --timeout 600 --kernel "$K" -- \
	sh -c 'bash tests/kvm/checks.bash; bash tests/kvm/uffd.bash' >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc = 4 ] && grep -q 'the test host cannot run here' "$TMP/err"; then
	if [ $local_kvm = no ]; then
		skip "kvm" "neither this machine's /dev/kvm nor the test host can run a guest: $(grep -m1 'cannot run here' "$TMP/err")"
	fi
	exit 0
fi
prefixed testhost <"$TMP/out"
if [ $rc != 0 ] || ! grep -q '^checks done$' "$TMP/out" ||
	! grep -q '^uffd checks done$' "$TMP/out"; then
	fail "testhost: the checks ran to their end" "exit $rc"
	tail -n 20 "$TMP/err" | sed 's/^/    /'
fi
