#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The KVM runtime on real KVM: tests/kvm/checks.bash and uffd.bash (guest
# demand paging), run inside the test host (Debian's 6.12 kernel under
# QEMU, kvm_amd with shadow paging: the hardware hosts' code path) in one
# boot, always; and on this machine too where its own /dev/kvm runs a
# guest (a PVM host, a hardware host).
#
# Each place runs them with the ring scn picks (ring=auto) and again with
# every such job forced into the other ring (scn run --ring): so the ring-3
# path that PVM hosts take runs in the test host on every machine, and
# ring 0 runs on a PVM host, whose auto picks ring 3 for most jobs.
# SCN_TEST_KERNEL picks another kernel for the test host.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac

# The checks with SCN_TEST_RING=$1 (empty: auto), their lines marked.
both='bash tests/kvm/checks.bash; bash tests/kvm/uffd.bash'
in_ring() {
	if [ -z "$1" ]; then
		sh -c "$both"
	else
		SCN_TEST_RING=$1 sh -c "$both" 2>&1 | prefixed "ring $1"
	fi
}

# This machine's rings run beside the test host's boot (they share no
# knob: the test host has a kernel of its own), their lines printed after.
local_kvm=no
local_pid=
virt=$("$SCN" features 2>/dev/null | awk '$1 == "virtualization" { print $2 }')
if "$SCN" features 2>/dev/null | grep -Eq '^  kvm +usable$'; then
	local_kvm=yes
	{ SCN=$SCN in_ring ""; SCN=$SCN in_ring 0; SCN=$SCN in_ring 3; } 2>&1 |
		prefixed local >"$TMP/local.lines" &
	local_pid=$!
else
	echo "this machine's /dev/kvm cannot run a guest ($virt): the checks run in the test host only"
fi

# Two nodes: a policy set after a VM must reach its vCPUs (checks.bash).
# Ring auto is ring 0 there; ring 3 is the PVM hosts' path.
if ! SCN=$SCN TESTHOST_OPTS="--nodes 2" in_testhost "the checks" 4 \
	bash -c "$both; SCN_TEST_RING=3 bash -c '$both' 2>&1 | sed -E 's/^(ok|FAIL|skip) /\1 ring 3: /'" &&
	[ $local_kvm = no ]; then
	skip "kvm" "neither this machine's /dev/kvm nor the test host can run a guest: $TESTHOST_SKIP"
fi
if [ -n "$local_pid" ]; then
	wait "$local_pid"
	cat "$TMP/local.lines"
fi
