#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The REPL with VMs (tests/repl/kvm.py): its sessions run inside the test
# host in one boot (pexpect makes its terminals there), and on this
# machine too where its own /dev/kvm runs a guest; then scn repl --kernel
# is driven from here, on a terminal and with a script.
# SCN_TEST_KERNEL picks another kernel for the test host.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac

if "$SCN" features 2>/dev/null | grep -Eq '^  kvm +usable$'; then
	SCN=$SCN python3 tests/repl/kvm.py 2>&1 | prefixed local
fi
if ! in_testhost "the REPL's VM sessions" 1 env SCN="$SCN" python3 tests/repl/kvm.py; then
	skip "vm" "$TESTHOST_SKIP"
	exit 0
fi
SCN=$SCN python3 tests/repl/kvm.py --kernel "${SCN_TEST_KERNEL:-debian:6.12}"
