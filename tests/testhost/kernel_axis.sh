#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The kernel as an axis of one run (issue 27.2, docs/results.md section
# 9): scn run --kernel A,B,C FILE runs the scenario in each kernel's test
# host in turn and writes one result whose points are the kernels, each
# with the release of the test host it ran in; a kernel that cannot be
# had is a SKIP point that says why, not the end of the run. Three boots:
# debian:6.12 and debian:7.3 (both fetched once into the cache: scn kernel
# debian:6.12 debian:7.3) beside a kernel that does not exist, as two
# shards (--shard) that scn merge makes one JSON result, the shard of the
# missing kernel booting nothing; its trend table; then 7.3 beside a
# kernel that does not exist in KTAP. Without QEMU or those kernels, a
# SKIP.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
. tests/testhost/lib.sh
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac

cat >"$TMP/axis.scn" <<'SCN'
# SPDX-License-Identifier: GPL-2.0-only
param n = 1
region r type=anon size=1M
phase fill { host write r }
print "n={n} pages {fill.pages}"
SCN

have_kernels() {
	"$SCN" kernel debian:6.12 debian:7.3 >"$TMP/kout" 2>&1
}
if ! have_kernels; then
	skip "kernel axis" "debian:6.12 and debian:7.3 cannot be had here: $(tail -n 1 "$TMP/kout")"
	exit 0
fi

# --- two kernels and one that does not exist, in two shards merged ---------
# Part 1 of 2 has points 1 and 3 (6.12, 7.3): two boots; part 2 point 2,
# the kernel that does not exist: no boot at all.
AX="--kernel debian:6.12,debian:nonesuch,debian:7.3 --format json"
# shellcheck disable=SC2086
if th "kernel axis: part 2 of 2 boots no kernel of part 1" run -q $AX --shard 2/2 \
	-o "$TMP/p2.json" "$TMP/axis.scn"; then
	if [ $rc = 4 ] && [ -s "$TMP/p2.json" ] && ! ls "$TMP"/p2.*.console.log >/dev/null 2>&1; then
		ok "kernel axis: part 2 of 2 boots no kernel of part 1"
	else
		fail "kernel axis: part 2 of 2 boots no kernel of part 1" "exit $rc: $(ls "$TMP")"; show
	fi
fi
# shellcheck disable=SC2086
if th "kernel axis: one result, a point a kernel" run -q $AX --shard 1/2 \
	-o "$TMP/p1.json" "$TMP/axis.scn"; then
	"$SCN" merge -o "$TMP/axis.json" "$TMP/p2.json" "$TMP/p1.json" 2>"$TMP/merr"
	mrc=$?
	if [ $rc != 0 ] || [ $mrc != 0 ]; then
		fail "kernel axis: one result, a point a kernel" "exit $rc, merge $mrc: $(cat "$TMP/merr")"; show
	elif python3 - "$TMP/axis.json" <<'PY' >"$TMP/py" 2>&1; then
import json, sys
d = json.load(open(sys.argv[1]))
assert d["status"] == "pass" and d["exit_code"] == 0, d["status"]
assert "shard" not in d["command"], d["command"]
assert d["command"]["kernels"] == ["debian:6.12", "debian:nonesuch", "debian:7.3"], d["command"]
pts = d["points"]
assert [p["params"]["kernel"] for p in pts] == d["command"]["kernels"], pts
assert [p["swept"] for p in pts] == [{"kernel": k} for k in d["command"]["kernels"]]
a, bad, b = pts
for p, rel in ((a, "6.12."), (b, "7.3.")):
    assert p["status"] == "pass", p
    assert p["fingerprint"]["kernel"]["release"].startswith(rel), p["fingerprint"]["kernel"]
    assert p["fingerprint"]["testhost"]["spec"] == p["params"]["kernel"]
    assert p["output"] == ["n=1 pages 256"], p["output"]
    assert p["phases"][0]["metrics"]["time"]["n"] == 1
assert bad["status"] == "skip" and "unknown kernel 'debian:nonesuch'" in bad["skip_reason"], bad
assert bad["phases"] == []
# The result's own fingerprint is the machine the test hosts ran on.
assert d["fingerprint"]["testhost"] is None
PY
		ok "kernel axis: one result, a point a kernel"
	else
		fail "kernel axis: one result, a point a kernel" "$(tail -n 3 "$TMP/py")"
	fi
	# The console logs beside the result, one a kernel.
	if [ -s "$TMP/p1.debian-6.12.console.log" ] && [ -s "$TMP/p1.debian-7.3.console.log" ]; then
		ok "kernel axis: a console log a kernel beside -o"
	else
		fail "kernel axis: a console log a kernel beside -o" "$(ls "$TMP")"
	fi
	# Its trend: the step 6.12 -> 7.3, the skipped kernel left out.
	"$SCN" compare --across kernel "$TMP/axis.json" >"$TMP/trend" 2>"$TMP/err"
	trc=$?
	if [ $trc = 0 ] && grep -q '^note: debian:nonesuch .* left out: unknown kernel' "$TMP/trend" &&
	   grep -Eq '^  k1  debian:6\.12 +6\.12\.' "$TMP/trend" &&
	   grep -Eq '^  k2  debian:7\.3 +7\.3\.' "$TMP/trend" &&
	   grep -q ' steps compared: ' "$TMP/trend"; then
		ok "kernel axis: its trend table"
	else
		fail "kernel axis: its trend table" "exit $trc: $(head -n 8 "$TMP/trend")"; show
	fi
fi

# --- KTAP: a subtest a kernel, the one that cannot run a SKIP ---------------
if th "kernel axis: KTAP, a subtest a kernel" run -q --kernel debian:7.3,/nonexistent/bzImage \
	--format ktap "$TMP/axis.scn"; then
	if [ $rc = 0 ] && python3 tests/ktap_check.py "$TMP/out" >"$TMP/py" 2>&1 &&
	   grep -q '^  ok 1 kernel=debian:7.3$' "$TMP/out" &&
	   grep -q "^  ok 2 kernel=/nonexistent/bzImage # SKIP kernel '/nonexistent/bzImage'" "$TMP/out" &&
	   grep -q '^ok 1 axis$' "$TMP/out"; then
		ok "kernel axis: KTAP, a subtest a kernel"
	else
		fail "kernel axis: KTAP, a subtest a kernel" "exit $rc: $(cat "$TMP/py") $(head -n 12 "$TMP/out")"; show
	fi
fi
