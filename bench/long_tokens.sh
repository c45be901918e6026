#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Scanner benchmark: scn check of one long token (a comment, a string, an
# unterminated string, a number) at 1, 4 and 16 MiB, best of RUNS
# (default 3). Scanning must be linear in the input: each size's time is
# printed as a ratio to the 1 MiB time beside the size ratio (4x, 16x);
# a quadratic scanner shows 16x and 256x. Issue 15 measured 19 s for a
# 5 MiB comment and 38 s for a 5 MiB string.
#
#   bench/long_tokens.sh      (make bench)
#
# Environment: SCN (default ./scn), RUNS.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scn=${SCN:-./scn}
runs=${RUNS:-3}
out=bench/out
mkdir -p "$out"

# gen KIND MIB: the input, in $out/tok.scn
gen() {
	python3 - "$1" "$2" "$out/tok.scn" <<'PY'
import sys
kind, mib, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
n = mib << 20
body = {
    "comment": "# " + "x" * n + "\nparam x = 1\n",
    "string": 'print "' + "ab" * (n // 2) + '"\n',
    "unterminated": 'print "' + "x" * n + "\n",
    "number": "param x = " + "1" * n + "\n",
}[kind]
open(path, "w").write(body)
PY
}

best_ns() {
	best=
	i=0
	while [ $i -lt "$runs" ]; do
		t0=$(date +%s%N)
		"$scn" check "$out/tok.scn" >/dev/null 2>&1 || true
		t1=$(date +%s%N)
		ns=$((t1 - t0))
		if [ -z "$best" ] || [ $ns -lt "$best" ]; then best=$ns; fi
		i=$((i + 1))
	done
	echo "$best"
}

echo "bench: scn check of one long token (best of $runs; ratio to 1 MiB, linear = size ratio)"
for kind in comment string unterminated number; do
	gen "$kind" 1
	base=$(best_ns)
	line=$(printf '  %-13s 1 MiB %7.3f s' "$kind" "$(echo "$base / 1000000000" | bc -l)")
	for mib in 4 16; do
		gen "$kind" "$mib"
		ns=$(best_ns)
		line="$line$(awk -v ns="$ns" -v b="$base" -v m="$mib" 'BEGIN {
			printf "   %2d MiB %7.3f s (%5.1fx)", m, ns / 1e9, ns / b }')"
	done
	echo "$line"
done
rm -f "$out/tok.scn"
