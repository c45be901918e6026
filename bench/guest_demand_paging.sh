#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Guest demand paging, as ratios measured in one run:
#   1. scn's guest rate against the host-only limit: one vCPU faulting
#      through a uffd, against one host thread faulting through the same
#      uffd service on the same memory (host_demand_paging.scn): what KVM
#      adds to a fault;
#   2. scn against the kernel's demand_paging_test (Linux 6.12's, built
#      outside this tree) with the same options: -u MISSING -b 256M -v 2,
#      then -u MINOR -s shmem -r R for R readers (its readers use epoll),
#      with the epoll rate of each R against R=1 (the goal: it does not
#      fall as readers grow) and scn's poll beside it.
# The programs of a comparison take turns, RUNS times (default 5), and
# the median of each is kept, so that a machine busy with other work hurts
# them alike.
#
# Where this machine's /dev/kvm runs a guest the runs are here; else in a
# test host (scn exec --kernel debian:6.12), where KVM runs under TCG:
# the rates there are for correctness, not speed, but scn and the
# selftest share the test host, so their ratio still means something.
#
#   bench/guest_demand_paging.sh          (make bench)
#
# Environment: SCN (default ./scn); DP_TEST, the selftest binary (default
# /work/ext/kvm-selftests-6.12/demand_paging_test; without it that
# comparison is skipped, with a line that says so); MISSING_MEM (-b of
# the MISSING run, default 256M), MINOR_MEM (-b of the MINOR runs, default
# 1G, the selftest's own default), READERS (default "1 2 4 8 16 32"),
# RUNS (default 5), KERNEL (default debian:6.12). In a test host, where
# a page-in costs ~0.5 ms and the machine's other work shows in every
# rate, the defaults are 16M and 15 runs: short runs taking turns see the
# same load.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scn=${SCN:-./scn}
case $scn in /*) ;; *) scn=$root/$scn ;; esac
dp=${DP_TEST:-/work/ext/kvm-selftests-6.12/demand_paging_test}
readers=${READERS:-1 2 4 8 16 32}
kernel=${KERNEL:-debian:6.12}

if [ "${1:-}" != --inside ]; then
	if "$scn" features 2>/dev/null | grep -Eq '^  kvm +usable$'; then
		missing_mem=${MISSING_MEM:-256M}
		minor_mem=${MINOR_MEM:-1G}
		runs=${RUNS:-5}
		echo "# guest demand paging on this machine's KVM"
		exec env SCN="$scn" DP_TEST="$dp" MISSING_MEM="$missing_mem" \
			MINOR_MEM="$minor_mem" READERS="$readers" RUNS="$runs" "$0" --inside
	fi
	missing_mem=${MISSING_MEM:-16M}
	minor_mem=${MINOR_MEM:-16M}
	runs=${RUNS:-15}
	echo "# guest demand paging in a test host ($kernel; TCG: the rates are for"
	echo "# correctness, not speed; scn and the selftest share it, so their ratios hold)"
	exec "$scn" exec -q --cpus 2 --mem 3G --kernel "$kernel" -- env SCN="$scn" \
		DP_TEST="$dp" MISSING_MEM="$missing_mem" MINOR_MEM="$minor_mem" \
		READERS="$readers" RUNS="$runs" bash "$0" --inside
fi

missing_mem=$MISSING_MEM
minor_mem=$MINOR_MEM
runs=$RUNS

# The rate a run printed: the selftest's "Overall demand paging rate",
# or the host scenario's "Demand paging rate".
rate() {
	sed -n 's/^\(Overall demand paging\|Demand paging\) rate:[[:space:]]*\([0-9.]*\).*/\2/p' | head -1
}

median() {
	sort -g | awk '{ v[NR] = $1 } END { print NR ? v[int((NR + 1) / 2)] : 0 }'
}

# turns CMD1 -- CMD2 [-- CMD3]: each command RUNS times, taking turns;
# prints the median rate of each, in order.
turns() {
	local cmds=() cur=() i k
	for a in "$@" --; do
		if [ "$a" = -- ]; then
			cmds+=("$(printf '%q ' "${cur[@]}")")
			cur=()
		else
			cur+=("$a")
		fi
	done
	for ((i = 0; i < runs; i++)); do
		for ((k = 0; k < ${#cmds[@]}; k++)); do
			eval "${cmds[k]}" 2>&1 | rate >>"$tmp/rates.$k"
		done
	done
	for ((k = 0; k < ${#cmds[@]}; k++)); do
		median <"$tmp/rates.$k"
		rm -f "$tmp/rates.$k"
	done
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/scn-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
dpscn="$scn run -q scenarios/demand_paging.scn"
host="$scn run -q scenarios/host_demand_paging.scn"

ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "-" }'
}

echo "== the limit: a guest fault against a host fault, the same uffd service (median of $runs)"
printf "%-22s %12s %12s %10s\n" "memory" "guest pg/s" "host pg/s" "guest/host"
for src in anon shmem; do
	set -- $(turns $dpscn -D source="$src" -D vcpus=1 -D per_vcpu="$missing_mem" -- \
		$host -D source="$src" -D size="$missing_mem")
	printf "%-22s %12.0f %12.0f %10s\n" "missing $src $missing_mem" "$1" "$2" "$(ratio "$1" "$2")"
done

if [ ! -x "$dp" ]; then
	echo "== scn against demand_paging_test: skipped, no selftest at $dp"
	echo "   (build it outside this tree: apt-get install linux-source-6.12, untar,"
	echo "   make headers_install, make -C tools/testing/selftests/kvm demand_paging_test;"
	echo "   DP_TEST=path names it)"
	exit 0
fi

echo "== scn against demand_paging_test -u MISSING -b $missing_mem -v 2 (median of $runs)"
printf "%-22s %12s %12s %10s\n" "" "scn pg/s" "selftest" "scn/test"
set -- $(turns $dpscn -D mode=missing -D source=anon -D vcpus=2 -D per_vcpu="$missing_mem" -- \
	"$dp" -u MISSING -b "$missing_mem" -v 2)
printf "%-22s %12.0f %12.0f %10s\n" "missing anon, 2 vcpus" "$1" "$2" "$(ratio "$1" "$2")"

echo "== scn against demand_paging_test -u MINOR -s shmem -b $minor_mem -r R, 1 vcpu (median of $runs)"
printf "%-8s %12s %12s %10s %12s %10s %10s\n" "readers" "scn epoll" "selftest" \
	"scn/test" "scn poll" "epoll/1" "test/1"
e1=0
t1=0
for r in $readers; do
	minor="-D mode=minor -D source=shmem -D vcpus=1 -D per_vcpu=$minor_mem -D readers=$r"
	set -- $(turns $dpscn $minor -D wait=epoll -- "$dp" -u MINOR -s shmem -b "$minor_mem" -r "$r" -- \
		$dpscn $minor -D wait=poll)
	[ "$e1" = 0 ] && e1=$1
	[ "$t1" = 0 ] && t1=$2
	printf "%-8s %12.0f %12.0f %10s %12.0f %10s %10s\n" "$r" "$1" "$2" "$(ratio "$1" "$2")" \
		"$3" "$(ratio "$1" "$e1")" "$(ratio "$2" "$t1")"
done
