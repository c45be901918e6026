#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The test host's cost: for RUNS runs (default 3) of a small scenario,
# the time from `scn run --kernel` to its first phase (the first "# phase"
# line; the phase itself takes 1 ms) and to its end, against the same
# scenario run here. Prints the median of each, the ratio of the first
# phase to its goal (8 s with TCG, 3 s with KVM) and the test host's total
# over the local run's. Where /dev/kvm runs a nested guest, KVM is timed
# too; elsewhere its line says why not.
#
#   bench/testhost.sh          (make bench)
#
# Environment: SCN (default ./scn), KERNEL (default debian:6.12), RUNS,
# BENCH_STRICT=1 to exit 1 when a goal is missed.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scn=${SCN:-./scn}
kernel=${KERNEL:-debian:6.12}
runs=${RUNS:-3}
out=bench/out
mkdir -p "$out"
cat >"$out/first.scn" <<'SCN'
# SPDX-License-Identifier: GPL-2.0-only
region r type=anon size=64M
phase first { sleep 1ms }
phase fill { host write r }
SCN

now() { date +%s%N; }

# One run: "FIRST_NS TOTAL_NS" of scn run with ARGS, or "- -" if it failed.
measure() {
	local t0 first=- line rc
	t0=$(now)
	exec 3< <("$scn" run "$@" "$out/first.scn" 2>&1 >/dev/null; echo "rc=$?")
	while IFS= read -r line <&3; do
		case $line in
		"# phase first:"*) [ "$first" = - ] && first=$(($(now) - t0)) ;;
		rc=*) rc=${line#rc=} ;;
		esac
	done
	exec 3<&-
	if [ "${rc:-1}" != 0 ]; then
		echo "- -"
		return
	fi
	echo "$first $(($(now) - t0))"
}

# The median of RUNS measurements of ARGS: "FIRST_NS TOTAL_NS".
median() {
	local i
	for i in $(seq 1 "$runs"); do
		measure "$@"
	done | sort -n | awk -v n="$runs" '{ f[NR] = $1; t[NR] = $2 }
		END { if (f[1] == "-") print "- -"; else print f[int((n + 1) / 2)], t[int((n + 1) / 2)] }'
}

# Fetched and unpacked before anything is timed.
if ! "$scn" kernel "$kernel" >/dev/null 2>"$out/kernel.err"; then
	echo "bench: test host: SKIP: $(tail -n 1 "$out/kernel.err")"
	exit 0
fi
# Seconds from nanoseconds, and ratios, by awk.
calc() { awk "BEGIN { printf \"%.3f\", $1 }"; }

read -r lfirst ltotal <<<"$(median)"
if [ "$lfirst" = - ]; then
	echo "bench: the scenario does not run here" >&2
	exit 1
fi
printf "%-6s %10s %10s %8s %12s\n" accel first total "goal" "total/local"
printf "%-6s %9ss %9ss %8s %12s\n" local "$(calc "$lfirst / 1e9")" \
	"$(calc "$ltotal / 1e9")" - 1.00x
missed=0
for accel in tcg kvm; do
	goal=8
	[ $accel = kvm ] && goal=3
	"$scn" exec -q --kernel "$kernel" --accel $accel -- true >/dev/null 2>"$out/probe.err" ||
		{ printf "%-6s %s\n" $accel "not timed: $(grep -m1 SKIP "$out/probe.err" | sed 's/.*cannot run here: //')"; continue; }
	read -r first total <<<"$(median --kernel "$kernel" --accel $accel)"
	if [ "$first" = - ]; then
		printf "%-6s %s\n" $accel "the run failed"
		missed=1
		continue
	fi
	printf "%-6s %9ss %9ss %7sx %11sx\n" $accel "$(calc "$first / 1e9")" \
		"$(calc "$total / 1e9")" "$(calc "$first / 1e9 / $goal")" \
		"$(calc "$total / $ltotal")"
	[ "$first" -gt $((goal * 1000000000)) ] && missed=1
done
echo "goal: first phase within 8 s (TCG) and 3 s (KVM): a goal ratio under 1.00x meets it"
if [ "${BENCH_STRICT:-0}" = 1 ] && [ $missed = 1 ]; then
	exit 1
fi
exit 0
