#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The default scenario suite (make suite): what this machine offers on
# stderr, then scenarios/default.suite run by scn's own suite runner:
# KTAP on stdout with kselftest's totals line, a summary on stderr. The
# exit code is scn's: 0 nothing failed (skips are fine), 1 something
# failed, 4 everything skipped.
#
# Where this machine's /dev/kvm cannot run a guest and the test host can
# run, the whole suite runs in one test host (Debian's 6.12 under QEMU
# with two NUMA nodes, docs/testhost.md), so that its KVM and
# NUMA-balancing scenarios run on real KVM. Where it can, the suite runs
# here, and a scenario this machine cannot run (numa_balancing_zaps on a
# one-node machine) runs in such a test host instead (--or-kernel).
# SCN_SUITE_LOCAL=1 keeps everything here. SCN=path runs another build
# (SCN=build-san/scn tests/suite.sh).
cd "$(dirname "$0")/.." || exit 2
SCN=${SCN:-./scn}
K=${SCN_TEST_KERNEL:-debian:6.12}

"$SCN" features >&2
echo >&2
if [ "${SCN_SUITE_LOCAL:-0}" = 1 ] || ! "$SCN" exec -q --kernel "$K" -- true 2>/dev/null; then
	exec "$SCN" run scenarios/default.suite
fi
if ! "$SCN" features 2>/dev/null | grep -Eq '^  kvm +usable$'; then
	echo "# this machine's /dev/kvm cannot run a guest: the suite runs in a test host ($K)" >&2
	exec "$SCN" run --kernel "$K" --nodes 2 scenarios/default.suite
fi
exec "$SCN" run --or-kernel "$K" --nodes 2 scenarios/default.suite
