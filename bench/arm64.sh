#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# arm64 KVM against its baselines, in one boot of an arm64 test host
# (Debian's arm64 6.12 under qemu-system-aarch64, TCG with EL2, KVM in
# VHE mode; the arm64 scn of this tree: make aarch64):
#
#   1. scenarios/mmu_stress.scn -D stress=no (run1, reset, run2) against
#      the kernel's max_guest_memory_test built for arm64, taking turns
#      RUNS times in the same boot; the medians' ratio, scn/selftest, for
#      run1 and run2. Goal: <= 1.0x each. Measured (1G, 2 vCPUs, 3 turns,
#      -cpu max,pauth-impdef=on): run1 11.2 s against 21.8 s (0.51x),
#      run2 0.055 s against 0.167 s (0.33x). With the peer built by
#      bench/peers.sh (2026-12-04, Debian's 6.12.118+deb12-arm64, QEMU
#      7.2, 2 CPUs shared with other test hosts, load average 3.77 at the
#      start and 3.29 at the end, 3.4 minutes in all): run1 16.5 s
#      against 28.0 s (0.59x), run2 0.087 s against 0.104 s (0.84x); an
#      earlier run beside a build (load 5-10): run1 32.7 s against 27.7 s
#      (1.18x), run2 0.112 s against 0.152 s (0.74x).
#   2. first touch: a vCPU writes every page of fresh memory once (each
#      write a stage-2 fault), in pages/s, against the 5.6k-9.6k pages/s
#      a minimal KVM runner measured in such a test host
#      (../shared/design/machine.md: 5.6k with -cpu max,pauth-impdef=on,
#      8-9.6k with neoverse-n1). Goal: >= 1.0x of 5.6k. Measured: 8.1k
#      pages/s over 64M (1.45x); 2026-12-04 in the run above 11.1k (1.98x).
#
# TCG emulates the CPU: these figures compare scn with the selftest on
# the same emulated machine, not with a real arm64 host.
#
#   bench/arm64.sh                 (make bench)
#
# Environment: SCN (default ./scn; the arm64 one is build-aarch64/scn
# beside it), KERNEL (default debian:6.12-arm64), MEM and SLOT in GiB
# (default 1 and 1), VCPUS (default 2), RUNS (default 3), SIZE (first
# touch, default 64M), KST_ARM64 (the arm64 max_guest_memory_test,
# default KST_ARM64_DIR's, see below).
#
# The arm64 selftest is built by the bench, outside this tree: bench/
# peers.sh 6.12-arm64 cross-builds Debian's linux-source-6.12 statically
# with Debian 12's aarch64-linux-gnu-gcc in scn's kernel cache, once (the
# test host runs it over this machine's root with busybox as its shell:
# no loader of its own). In 6.12 max_guest_memory_test is x86's alone;
# bench/patches/max_guest_memory_test-arm64.patch makes it run on arm64
# (bench/peers.sh says how). KST_ARM64_DIR names a directory of one's own
# instead. It finds its own ELF by argv[0]: it is run by its full path.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. bench/lib.sh
scn=$(bench_scn)
kernel=${KERNEL:-debian:6.12-arm64}
mem=${MEM:-1}
slot=${SLOT:-1}
vcpus=${VCPUS:-2}
runs=${RUNS:-3}
size=${SIZE:-64M}
if [ -z "${KST_ARM64:-}" ]; then
	bench_cross_peers arm64
	KST_ARM64=$KST_ARM64_DIR/max_guest_memory_test
fi
kst=$KST_ARM64
# The arm64 scn runs inside: scn's own commands find it, a script names it.
a64=${SCN_AARCH64:-$(dirname "$(readlink -f "$scn")")/../build-aarch64/scn}
# Under the tree: the test host sees this machine's root, not its /tmp.
mkdir -p build && tmp=$(mktemp -d "$root/build/bench-arm64.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

if [ ! -x "$a64" ]; then
	echo "arm64: no arm64 scn at $a64: make aarch64 (make deps-arm64 installs the cross compiler)"
	exit 0
fi
echo "# arm64 KVM: an arm64 test host ($kernel, TCG: scn against the selftest on one emulated machine);" \
     "load average at the start $(cut -d' ' -f1-3 /proc/loadavg)"

# The script inside: busybox's sh, for the x86 root's bash cannot run
# there; the selftest's options come from its usage, asked there first
# (bench_inside_args). Each run's lines are tagged: "usage: ...",
# "kst-skip: ...", "scn: ...", "kst: ...", "touch: ...".
cat >"$tmp/touch.scn" <<EOF
# SPDX-License-Identifier: GPL-2.0-only
# 4K pages of the host too (no THP): each write a stage-2 fault of its
# own, as the baseline's; with THP KVM maps 2 MiB blocks, 512 pages a fault.
backing mem type=anon size=$size nohugepage
vm g backing=mem vcpus=1
phase guest { guest write }
print "{guest.pages} {guest.seconds:%.6f}"
EOF
have_kst=no
[ -x "$kst" ] && have_kst=yes
cat >"$tmp/inside.sh" <<EOF
# SPDX-License-Identifier: GPL-2.0-only
args=
if [ $have_kst = yes ]; then
$(bench_inside_args "$kst" "$vcpus" "$mem" "$slot")
fi
i=0
while [ \$i -lt $runs ]; do
	$a64 run -q -D mem=${mem}G -D slot=${slot}G -D vcpus=$vcpus -D stress=no \\
		scenarios/mmu_stress.scn 2>&1 | sed 's/^/scn: /'
	if [ -n "\$args" ] && [ "\$args" != no ]; then
		$kst \$args 2>&1 | tr '\r' '\n' | sed 's/^/kst: /'
	fi
	i=\$((i + 1))
done
$a64 run -q $tmp/touch.scn 2>&1 | sed 's/^/touch: /'
EOF
bench_boot_inside arm64 "$kernel" "$tmp/inside.sh"

# phases TAG: "run1 run2" of each of TAG's runs, a line each.
phases() {
	sed -nE "s/^$1: .*run1 = *([0-9.]+)s, reset = *([0-9.]+)s, run2 = *([0-9.]+)s.*/\\1 \\3/p" "$tmp/out"
}
phases scn >"$tmp/scn"
phases kst >"$tmp/kst"

# med FILE COL: the median of column COL over FILE's lines.
med() {
	[ -s "$1" ] || { echo -; return; }
	awk -v c="$2" '{ print $c }' "$1" | bench_median
}

echo "== mmu_stress: scn (-D mem=${mem}G -D slot=${slot}G -D vcpus=$vcpus -D stress=no) against" \
     "max_guest_memory_test, $runs turns in one boot"
kargs=$(sed -n 's/^usage: //p' "$tmp/out")
[ -n "$kargs" ] && echo "max_guest_memory_test's $kargs"
if [ ! -s "$tmp/scn" ]; then
	echo "scn: failed: $(grep '^scn: ' "$tmp/out" | tail -n 3 | tr '\n' ' ')"
else
	printf "scn (median of %d): run1 %.3fs, run2 %.3fs\n" "$(wc -l <"$tmp/scn")" \
		"$(med "$tmp/scn" 1)" "$(med "$tmp/scn" 2)"
fi
if [ $have_kst = no ]; then
	echo "max_guest_memory_test for arm64: no baseline: $kst is not built (bench/peers.sh 6.12-arm64 builds it; KST_ARM64 names one)"
elif grep -q '^kst-skip: ' "$tmp/out"; then
	echo "max_guest_memory_test: no baseline: $(sed -n 's/^kst-skip: //p' "$tmp/out")"
elif [ ! -s "$tmp/kst" ]; then
	echo "max_guest_memory_test: failed: $(grep '^kst: ' "$tmp/out" | tail -n 3 | tr '\n' ' ')"
else
	printf "max_guest_memory_test (median of %d): run1 %.3fs, run2 %.3fs\n" \
		"$(wc -l <"$tmp/kst")" "$(med "$tmp/kst" 1)" "$(med "$tmp/kst" 2)"
	for c in 1 2; do
		a=$(med "$tmp/scn" $c)
		b=$(med "$tmp/kst" $c)
		echo "run$c against max_guest_memory_test: scn/selftest $(bench_ratio "$a" "$b") (goal <= 1.00x)"
	done
fi

read -r pages secs <<<"$(sed -n 's/^touch: \([0-9]\+ [0-9.]\+\)$/\1/p' "$tmp/out" | tail -n 1)"
if [ -n "${secs:-}" ]; then
	awk -v p="$pages" -v s="$secs" -v size="$size" 'BEGIN {
		r = p / s
		printf "first touch of %s: guest write %.0f pages/s: %.2fx the 5.6k pages/s of a minimal KVM runner (goal >= 1.00x; 8-9.6k with -cpu neoverse-n1)\n",
		       size, r, r / 5600 }'
else
	echo "first touch: the run failed: $(grep '^touch: ' "$tmp/out" | tail -n 3 | tr '\n' ' ')"
fi
echo "# load average at the end $load_end"
