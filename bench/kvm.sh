#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The KVM runtime against its baselines, side by side in one run:
#
#   1. first touch: a vCPU writes every page of fresh memory once (guest
#      write) against the host populating the same amount of the same
#      kind of memory (madvise populate_write): the physical limit.
#      Goal: guest/host >= 0.7.
#   2. an empty phase: the KVM_RUN round trips per vCPU of a phase whose
#      job has nothing to do (a read of one page per vCPU), and its time.
#      Goal: <= 2 round trips.
#   3. scenarios/mmu_stress.scn against the kernel's max_guest_memory_test
#      (its predecessor: run1, reset, run2) from Debian's
#      linux-source-6.12, built outside this tree (KST=path of the
#      binary). Goal: scn's run1+run2 <= 0.5x the selftest's. For ro and
#      rw, upstream's mmu_stress_test (newer than 6.12), where it was
#      built beside it (KST_STRESS=path). Goal: ro+rw <= 1.0x.
#
# Where this machine's /dev/kvm cannot run a guest, all of it runs in the
# test host (docs/testhost.md): there QEMU emulates the CPU (TCG) and KVM
# shadows the guest's page tables (kvm_amd npt=0), so its figures say
# that things work and how they compare, not how fast a real host is.
#
#   bench/kvm.sh                 (make bench)
#
# Environment: SCN (default ./scn), KERNEL (default debian:6.12), SIZE
# (first touch, default 256M), MEM and SLOT in GiB for mmu_stress (default
# 4 and 1 on a real host, 1 and 1 in the test host), VCPUS (default 2),
# KST (default /work/ext/linux-source-6.12/tools/testing/selftests/kvm/
# max_guest_memory_test).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scn=${SCN:-./scn}
case $scn in /*) ;; *) scn=$root/${scn#./} ;; esac
kernel=${KERNEL:-debian:6.12}
vcpus=${VCPUS:-2}
kst=${KST:-/work/ext/linux-source-6.12/tools/testing/selftests/kvm/max_guest_memory_test}
kst_stress=${KST_STRESS:-$(dirname "$kst")/mmu_stress_test}

if [ "${1:-}" != --inside ]; then
	if "$scn" features 2>/dev/null | grep -Eq '^  kvm +usable$'; then
		where="this machine's KVM"
	else
		where="the test host ($kernel, TCG: figures for correctness, not speed)"
		echo "# KVM: $where"
		exec "$scn" exec -q --timeout 3600 --kernel "$kernel" -- \
			env SCN="$scn" KST="$kst" KST_STRESS="$kst_stress" VCPUS="$vcpus" MEM="${MEM:-1}" \
			SLOT="${SLOT:-1}" SIZE="${SIZE:-256M}" bash "$0" --inside
	fi
	echo "# KVM: $where"
fi
mem=${MEM:-4}
slot=${SLOT:-1}
size=${SIZE:-256M}
tmp=$(mktemp -d /tmp/scn-bench.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

# --- 1. first touch ----------------------------------------------------------
cat >"$tmp/touch.scn" <<EOF
backing hmem type=anon size=$size
backing mem type=anon size=$size
vm g backing=mem vcpus=1
phase host { host madvise hmem populate_write }
phase guest { guest write }
print "{host.seconds:%.6f} {guest.seconds:%.6f} {guest.pages}"
EOF
# No <(...): the test host has no /dev/fd.
res=$("$scn" run -q "$tmp/touch.scn" 2>"$tmp/err" | head -n 1)
if read -r hs gs pages <<<"$res" && [ -n "$pages" ]; then
	awk -v hs="$hs" -v gs="$gs" -v p="$pages" -v size="$size" 'BEGIN {
		h = p / hs; g = p / gs
		printf "first touch of %s: host populate_write %.0f pages/s, guest write %.0f pages/s: guest/host %.2fx (goal >= 0.70)\n",
		       size, h, g, g / h }'
else
	echo "first touch: the run failed: $(tail -n 3 "$tmp/err")"
fi

# --- 2. an empty phase ---------------------------------------------------------
cat >"$tmp/empty.scn" <<EOF
backing m type=anon size=$((vcpus * 4))K prefault
vm g backing=m vcpus=$vcpus
phase warm { guest read }
repeat 100 { phase empty { guest read } }
print "{empty.exits.mean / $vcpus:%.2f} {empty.time.median.us} {empty.time.min.us}"
EOF
res=$("$scn" run -q "$tmp/empty.scn" 2>"$tmp/err" | head -n 1)
if read -r per med min <<<"$res" && [ -n "$min" ]; then
	echo "empty phase, $vcpus vCPUs, 100 runs: $per KVM_RUN round trips per vCPU (goal <= 2); median ${med} us, min ${min} us"
else
	echo "empty phase: the run failed: $(tail -n 3 "$tmp/err")"
fi

# --- 3. mmu_stress against max_guest_memory_test ----------------------------
sum_runs() { # the selftests' or scn's line: "run1 = As, reset = Bs, run2 = Cs[, ro = Ds, rw = Es]"
	sed -nE 's/.*run1 = *([0-9.]+)s, reset = *([0-9.]+)s, run2 = *([0-9.]+)s(, ro = *([0-9.]+)s, rw = *([0-9.]+)s)?.*/\1 \2 \3 \5 \6/p'
}
ratio() { # what a b c d goal: (a + b) / (c + d)
	awk -v w="$1" -v a="$2" -v b="$3" -v c="$4" -v d="$5" -v g="$6" 'BEGIN {
		printf "%s: scn %.3fs, selftest %.3fs: %.2fx (goal <= %s)\n",
		       w, a + b, c + d, (a + b) / (c + d), g }'
}
line=$("$scn" run -q -D mem=${mem}G -D slot=${slot}G -D vcpus=$vcpus scenarios/mmu_stress.scn 2>"$tmp/err")
echo "mmu_stress.scn -D mem=${mem}G -D slot=${slot}G -D vcpus=$vcpus: ${line:-failed: $(tail -n 2 "$tmp/err")}"
read -r a1 _ a2 a3 a4 <<<"$(echo "$line" | sum_runs)"
if [ -x "$kst" ]; then
	base=$("$kst" -m "$mem" -s "$slot" -c "$vcpus" 2>&1 | tr -d '\r' | grep 'run1 = ' | tail -n 1)
	echo "max_guest_memory_test -m $mem -s $slot -c $vcpus: ${base:-failed}"
	read -r b1 _ b2 _ _ <<<"$(echo "$base" | sum_runs)"
	[ -n "${a1:-}" ] && [ -n "${b1:-}" ] && ratio "run1+run2" "$a1" "$a2" "$b1" "$b2" 0.50
else
	echo "max_guest_memory_test: no baseline: $kst is not built (apt-get install linux-source-6.12; untar outside this tree; make headers_install; make -C tools/testing/selftests/kvm)"
fi
if [ -x "$kst_stress" ]; then
	base=$("$kst_stress" -m "$mem" -s "$slot" -c "$vcpus" 2>&1 | tr -d '\r' | grep 'run1 = ' | tail -n 1)
	echo "mmu_stress_test -m $mem -s $slot -c $vcpus: ${base:-failed}"
	read -r c1 _ c2 c3 c4 <<<"$(echo "$base" | sum_runs)"
	[ -n "${a3:-}" ] && [ -n "${c3:-}" ] && ratio "ro+rw" "$a3" "$a4" "$c3" "$c4" 1.00
	[ -n "${a1:-}" ] && [ -n "${c1:-}" ] && ratio "run1+run2 (against mmu_stress_test)" "$a1" "$a2" "$c1" "$c2" 0.50
else
	echo "mmu_stress_test: no baseline for ro and rw: $kst_stress is not built (upstream's, newer than 6.12)"
fi
