#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The default scenario suite (make suite): what this machine offers on
# stderr, then scenarios/default.suite run by scn's own suite runner:
# KTAP on stdout with kselftest's totals line, a summary on stderr. The
# exit code is scn's: 0 nothing failed (skips are fine), 1 something
# failed, 4 everything skipped.
#
# Each scenario runs where it can: here where this machine offers what it
# needs, else in a test host (--or-kernel: Debian's 6.12 under QEMU with
# two NUMA nodes, docs/testhost.md), one boot a scenario; the guest_memfd
# lines in one of 7.3 (their or_kernel=), which has guest_memfd. Where
# this machine's /dev/kvm cannot run a guest, every KVM scenario goes to
# a test host: measured 2026-12-07 with /dev/kvm hidden on a 2-CPU PVM
# host, 21 passed and 1 skipped in 228 s (one 6.12 host for the whole
# suite took 2-3 minutes, but skipped every guest_memfd scenario).
# SCN_SUITE_LOCAL=1 keeps everything here, and so does a machine where
# the test host cannot run. SCN=path runs another build
# (SCN=build-san/scn tests/suite.sh).
cd "$(dirname "$0")/.." || exit 2
SCN=${SCN:-./scn}
K=${SCN_TEST_KERNEL:-debian:6.12}

"$SCN" features >&2
echo >&2
if [ "${SCN_SUITE_LOCAL:-0}" = 1 ] || ! "$SCN" exec -q --kernel "$K" -- true 2>/dev/null; then
	exec "$SCN" run scenarios/default.suite
fi
exec "$SCN" run --or-kernel "$K" --nodes 2 scenarios/default.suite
