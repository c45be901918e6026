#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# riscv64 KVM against its baseline, in one boot of a riscv64 test host
# (Debian's riscv64 6.12 under qemu-system-riscv64, TCG with the H
# extension; the riscv64 scn of this tree: make riscv64):
#
#   scenarios/mmu_stress.scn -D efault=once (run1, reset, run2, ro, rw)
#   against the kernel's mmu_stress_test built for riscv64 from
#   linux-source-7.3, at the same sizes and vCPUs, taking turns RUNS times
#   in the same boot; each phase's medians with their min-max and the
#   ratio scn/selftest (lower is better). efault=once: on riscv the
#   selftest's vCPUs stop at their first write to read-only memory (it
#   skips the faulting store on x86 and arm64 alone), and so do scn's.
#   Goal: <= 1.0x for each phase. Measured (2026-12-04, Debian's
#   6.12.118+deb13-riscv64, QEMU 7.2, 2 CPUs shared with other test
#   hosts, load average 3.95 at the start and 4.01 at the end; 32M, 16M
#   memslots, 2 vCPUs, 3 turns, 53 s in all), medians scn against 7.3's
#   mmu_stress_test: run1 0.745 s against 1.02 s (0.73x), reset 3.4 ms
#   against 7.6 ms (0.45x), run2 13.6 ms against 31.2 ms (0.44x), ro
#   0.718 s against 1.17 s (0.61x), rw 0.664 s against 1.18 s (0.56x);
#   the min-max spans 10x on both sides (0.07-9.2 s for scn's ro), so
#   read the ratios as rough. An earlier run at a load of 3.6 (24 s in
#   all): 0.83x, 0.44x, 0.33x, 1.28x, 0.87x; at 64M with a build beside
#   it (2.6 minutes, run1 5-14 s) TCG was too slow for the default.
#
# TCG emulates the CPU: these figures compare scn with the selftest on
# the same emulated machine, not with a real riscv64 host, and TCG takes
# a GiB for minutes: the sizes are MiB, which the selftest takes with
# bench/patches/mmu_stress_test-sizes.patch (its usage says so; a build
# without it takes GiB alone, and then the bench says it cannot compare).
#
#   bench/riscv64.sh               (make bench)
#
# Environment: SCN (default ./scn; the riscv64 one is build-riscv64/scn
# beside it, or SCN_RISCV64), KERNEL (default debian:6.12-riscv64), MEM
# and SLOT (default 32M and 16M), VCPUS (default 2), RUNS (default 3),
# KST_RISCV64 (the riscv64 mmu_stress_test, default KST_RISCV64_DIR's).
#
# The selftest is built by the bench, outside this tree: bench/peers.sh
# 7.3-riscv64 cross-builds Debian's linux-source-7.3 statically with
# Debian 12's riscv64-linux-gnu-gcc in scn's kernel cache, once (the test
# host runs it over this machine's root with busybox as its shell).
# KST_RISCV64_DIR names a directory of one's own instead.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. bench/lib.sh
scn=$(bench_scn)
kernel=${KERNEL:-debian:6.12-riscv64}
mem=${MEM:-32M}
slot=${SLOT:-16M}
vcpus=${VCPUS:-2}
runs=${RUNS:-3}
rv=${SCN_RISCV64:-$(dirname "$(readlink -f "$scn")")/../build-riscv64/scn}
mkdir -p build && tmp=$(mktemp -d "$root/build/bench-riscv64.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

if [ ! -x "$rv" ]; then
	echo "riscv64: no riscv64 scn at $rv: make riscv64 (make deps-riscv64 installs the cross compiler)"
	exit 0
fi
if [ -z "${KST_RISCV64:-}" ]; then
	bench_cross_peers riscv64
	KST_RISCV64=$KST_RISCV64_DIR/mmu_stress_test
fi
kst=$KST_RISCV64
have_kst=no
[ -x "$kst" ] && have_kst=yes

echo "# riscv64 KVM: a riscv64 test host ($kernel, TCG: scn against the selftest on one emulated machine);" \
     "load average at the start $(cut -d' ' -f1-3 /proc/loadavg)"

# The script inside, for busybox's sh. The selftest's options come from
# its usage, asked there first (bench_inside_args). Each line is tagged:
# "usage: ", "kst-skip: ", "scn: ", "kst: ".
cat >"$tmp/inside.sh" <<EOF
# SPDX-License-Identifier: GPL-2.0-only
args=
if [ $have_kst = yes ]; then
$(bench_inside_args "$kst" "$vcpus" "$mem" "$slot")
fi
i=0
while [ \$i -lt $runs ]; do
	$rv run -q -D mem=$mem -D slot=$slot -D vcpus=$vcpus -D efault=once \\
		scenarios/mmu_stress.scn 2>&1 | sed 's/^/scn: /'
	if [ -n "\$args" ] && [ "\$args" != no ]; then
		$kst \$args 2>&1 | tr '\r' '\n' | sed 's/^/kst: /'
	fi
	i=\$((i + 1))
done
EOF
bench_boot_inside riscv64 "$kernel" "$tmp/inside.sh"

# phases TAG: "run1 reset run2 ro rw" of each of TAG's runs, a line each.
phases() {
	sed -nE "s/^$1: .*run1 = *([0-9.]+)s, reset = *([0-9.]+)s, run2 = *([0-9.]+)s, ro = *([0-9.]+)s, rw = *([0-9.]+)s.*/\\1 \\2 \\3 \\4 \\5/p" "$tmp/out"
}
phases scn >"$tmp/scn"
phases kst >"$tmp/kst"

# spread FILE COL: "median min-max" of column COL over FILE's lines.
spread() {
	[ -s "$1" ] || { echo "- -"; return; }
	awk -v c="$2" '{ print $c }' "$1" | bench_median | tr '\n' ' '
	awk -v c="$2" '{ print $c }' "$1" | sort -g | sed -n '1p;$p' | paste -sd' ' |
		awk '{ printf "%.4g-%.4g\n", $1, $NF }'
}

kargs=$(sed -n 's/^usage: //p' "$tmp/out")
echo "== mmu_stress: scn (-D mem=$mem -D slot=$slot -D vcpus=$vcpus -D efault=once) against" \
     "mmu_stress_test ($kst), $runs turns in one boot; seconds, median (min-max)"
[ -n "$kargs" ] && echo "mmu_stress_test's $kargs"
if [ ! -s "$tmp/scn" ]; then
	echo "scn: failed: $(grep '^scn: ' "$tmp/out" | tail -n 3 | tr '\n' ' ')"
fi
kok=yes
if [ $have_kst = no ]; then
	echo "mmu_stress_test for riscv64: no baseline: $kst is not built (bench/peers.sh 7.3-riscv64 builds it; KST_RISCV64 names one)"
	kok=no
elif grep -q '^kst-skip: ' "$tmp/out"; then
	echo "mmu_stress_test: no baseline: $(sed -n 's/^kst-skip: //p' "$tmp/out")"
	kok=no
elif [ ! -s "$tmp/kst" ]; then
	echo "mmu_stress_test: failed: $(grep '^kst: ' "$tmp/out" | grep -v rendezvoused | tail -n 3 | tr '\n' ' ')"
	kok=no
fi
# num X: X to 4 digits, "-" as it is.
num() { case $1 in -|"") echo - ;; *) printf "%.4g" "$1" ;; esac; }
c=1
for ph in run1 reset run2 ro rw; do
	read -r a ar <<<"$(spread "$tmp/scn" $c)"
	read -r b br <<<"$(spread "$tmp/kst" $c)"
	if [ $kok = yes ]; then
		printf "%-5s scn %ss (%s, N=%d)  mmu_stress_test %ss (%s, N=%d)  scn/selftest %s (goal <= 1.00x)\n" \
			"$ph" "$(num "$a")" "$ar" "$(wc -l <"$tmp/scn")" "$(num "$b")" "$br" "$(wc -l <"$tmp/kst")" "$(bench_ratio "$a" "$b")"
	else
		printf "%-5s scn %ss (%s, N=%d)\n" "$ph" "$(num "$a")" "$ar" "$(wc -l <"$tmp/scn")"
	fi
	c=$((c + 1))
done
echo "# load average at the end $load_end"
