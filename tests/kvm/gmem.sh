#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# guest_memfd backings (tests/kvm/gmem.bash): here where this machine's
# /dev/kvm runs guests (a PVM host on 6.18 has guest_memfd with mmap and
# init_shared; elsewhere the script checks the SKIP), and in ONE boot of a
# 7.3 test host with two nodes, where the policy is the file's. About 20 s
# of the test host under TCG.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac

# The local checks run beside the boot (they set no knob), printed after.
local_pid=
if "$SCN" features 2>/dev/null | grep -Eq '^  kvm +usable$'; then
	SCN=$SCN bash tests/kvm/gmem.bash 2>&1 | grep -v '^gmem done$' |
		prefixed local >"$TMP/gmem.local" &
	local_pid=$!
fi
if ! SCN=$SCN SCN_TEST_KERNEL=${SCN_GMEM_KERNEL:-debian:7.3} \
	TESTHOST_OPTS="--nodes 2" in_testhost "the guest_memfd checks" 1 \
	bash tests/kvm/gmem.bash; then
	skip "gmem testhost" "$TESTHOST_SKIP"
fi
if [ -n "$local_pid" ]; then
	wait "$local_pid"
	cat "$TMP/gmem.local"
fi
