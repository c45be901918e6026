#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The default scenario suite (make suite): what this machine offers, then
# every scenario in scenarios/ run here, reported as KTAP (one test per
# scenario, "# SKIP reason" where the machine lacks something). Exit 0
# when nothing failed; skips are not failures.
cd "$(dirname "$0")/.." || exit 2
SCN=${SCN:-./scn}
OUT=$(mktemp -d /tmp/scn-suite.XXXXXX)
trap 'rm -rf "$OUT"' EXIT

"$SCN" features >&2
echo >&2

files=(scenarios/*.scn)
echo "KTAP version 1"
echo "1..${#files[@]}"
n=0 pass=0 fail=0 skip=0
for f in "${files[@]}"; do
	n=$((n + 1))
	name=$(basename "$f" .scn)
	start=$(date +%s%N)
	"$SCN" run -q "$f" >"$OUT/out" 2>"$OUT/err"
	rc=$?
	ms=$((($(date +%s%N) - start) / 1000000))
	case $rc in
	0)
		sed 's/^/# /' "$OUT/out"
		echo "ok $n $name # ${ms}ms"
		pass=$((pass + 1))
		;;
	4)
		reason=$(sed -n 's/^# SKIP //p' "$OUT/out" | head -1)
		echo "ok $n $name # SKIP ${reason:-skipped}"
		skip=$((skip + 1))
		;;
	*)
		sed 's/^/# /' "$OUT/out" "$OUT/err"
		echo "not ok $n $name # exit $rc"
		fail=$((fail + 1))
		;;
	esac
done
echo "# $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
