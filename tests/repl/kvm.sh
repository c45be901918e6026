#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The REPL with VMs (tests/repl/kvm.py): its sessions run inside the test
# host in one boot (pexpect makes its terminals there), and on this
# machine too where its own /dev/kvm runs a guest; then scn repl --kernel
# is driven from here, on a terminal and with a script.
# SCN_TEST_KERNEL picks another kernel for the test host.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
K=${SCN_TEST_KERNEL:-debian:6.12}
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac

prefixed() {
	sed -E "s/^(ok|FAIL|skip) /\1 $1: /"
}

if "$SCN" features 2>/dev/null | grep -Eq '^  kvm +usable$'; then
	SCN=$SCN python3 tests/repl/kvm.py 2>&1 | prefixed local
fi
"$SCN" exec -q --cpus 2 --mem 2G --timeout 600 --kernel "$K" -- \
	env SCN="$SCN" python3 tests/repl/kvm.py >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc = 4 ] && grep -q 'the test host cannot run here' "$TMP/err"; then
	skip "vm" "the test host cannot run here: $(grep -m1 'cannot run here' "$TMP/err")"
	exit 0
fi
grep -v "^repl kvm done$" "$TMP/out" | prefixed testhost
if [ $rc != 0 ] || ! grep -q '^repl kvm done$' "$TMP/out"; then
	fail "testhost: the REPL's VM sessions ran to their end" "exit $rc"
	tail -n 20 "$TMP/err" | sed 's/^/    /'
fi
SCN=$SCN python3 tests/repl/kvm.py --kernel "$K"
