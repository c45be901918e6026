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
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac

local_kvm=no
if "$SCN" features 2>/dev/null | grep -Eq '^  kvm +usable$'; then
	local_kvm=yes
	{ SCN=$SCN bash tests/kvm/checks.bash; SCN=$SCN bash tests/kvm/uffd.bash; } 2>&1 | prefixed local
else
	echo "this machine's /dev/kvm cannot run a guest: the checks run in the test host only"
fi

# Two nodes: a policy set after a VM must reach its vCPUs (checks.bash).
if ! SCN=$SCN TESTHOST_OPTS="--nodes 2" in_testhost "the checks" 2 \
	sh -c 'bash tests/kvm/checks.bash; bash tests/kvm/uffd.bash' &&
	[ $local_kvm = no ]; then
	skip "kvm" "neither this machine's /dev/kvm nor the test host can run a guest: $TESTHOST_SKIP"
fi
