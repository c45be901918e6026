#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Front-end benchmark: writes a LINES-line scenario (default 100000) with
# bench/gen_big.py into bench/out/, checks that `scn check` accepts it, then
# times `scn check` on it (best of RUNS, default 3) and reads its peak RSS,
# then what holds the memory (scn check --memory: the sources, the syntax
# tree, the IR of every sweep point; the rest is the binary, the C
# library's heap and the symbol tables).
# Goal: under 1 s and under 100 MiB for 100,000 lines.
#
#   bench/run.sh            (make bench)
#
# Environment: SCN (default ./scn), LINES, RUNS, PYTHON (default python3),
# BENCH_STRICT=1 to exit 1 when a goal is missed.
# Peak RSS comes from GNU time (/usr/bin/time -f %M) when it is installed,
# else from getrusage(RUSAGE_CHILDREN) in python3.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scn=${SCN:-./scn}
lines=${LINES:-100000}
runs=${RUNS:-3}
python=${PYTHON:-python3}
out=bench/out
big=$out/big.scn
goal_s=1
goal_mib=100

if [ ! -x "$scn" ]; then
	echo "bench: $scn not found; run make first" >&2
	exit 70
fi
if /usr/bin/time -f %M true >/dev/null 2>&1; then
	rss_tool="GNU time"
else
	rss_tool="getrusage"
fi
mkdir -p "$out"
"$python" bench/gen_big.py "$lines" >"$big"
n=$(wc -l <"$big")

if ! "$scn" check "$big" >"$out/check.out" 2>"$out/check.err"; then
	echo "bench: scn check rejects $big:" >&2
	head -20 "$out/check.err" >&2
	exit 1
fi

# One run: "NS KIB", the wall time and the peak RSS of scn check.
measure() {
	if [ "$rss_tool" = "GNU time" ]; then
		t0=$(date +%s%N)
		/usr/bin/time -f %M -o "$out/rss" "$scn" check "$big" \
			>/dev/null 2>&1
		t1=$(date +%s%N)
		echo "$((t1 - t0)) $(tail -1 "$out/rss")"
	else
		"$python" -c '
import resource, subprocess, sys, time
t = time.perf_counter_ns()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL,
               stderr=subprocess.DEVNULL, check=True)
t = time.perf_counter_ns() - t
print(t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
' "$scn" check "$big"
	fi
}

best_ns=
best_kib=
i=0
while [ $i -lt "$runs" ]; do
	set -- $(measure) "" ""
	ns=$1
	kib=$2
	if [ -z "$kib" ]; then
		echo "bench: scn check failed while timed" >&2
		exit 1
	fi
	if [ -z "$best_ns" ] || [ "$ns" -lt "$best_ns" ]; then best_ns=$ns; fi
	if [ -z "$best_kib" ] || [ "$kib" -lt "$best_kib" ]; then best_kib=$kib; fi
	i=$((i + 1))
done

held=$("$scn" check --memory "$big" | sed -n 's/.*: memory: //p')
awk -v n="$n" -v ns="$best_ns" -v kib="$best_kib" -v runs="$runs" \
    -v gs="$goal_s" -v gm="$goal_mib" -v tool="$rss_tool" -v held="$held" 'BEGIN {
	s = ns / 1e9; mib = kib / 1024
	printf "bench: scn check, %d lines (best of %d; RSS by %s)\n", n, runs, tool
	printf "  time     %8.3f s    goal < %d s      %s  (%.2fx the goal)\n",
		s, gs, s < gs ? "PASS" : "MISS", s / gs
	printf "  peak RSS %8.1f MiB  goal < %d MiB  %s  (%.2fx the goal)\n",
		mib, gm, mib < gm ? "PASS" : "MISS", mib / gm
	printf "  rate     %8.0f lines/s\n", n / s
	printf "  held     %s\n", held
	exit (s < gs && mib < gm) ? 0 : 3
}' && met=1 || met=0
if [ "$met" = 0 ] && [ "${BENCH_STRICT:-0}" = 1 ]; then
	exit 1
fi
