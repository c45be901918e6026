#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The kernel axis without a boot (docs/results.md section 9; the boots are
# tests/testhost/kernel_axis.sh's): kernels that cannot be had are SKIP
# points that say why in every format (JSON, text, CSV, KTAP), the run a
# skip (exit 4) only as all of them are; a suite's --kernel list and a
# suite line's kernel= run a scenario over the kernels; the usage errors
# of a list (a kernel twice, an empty one, --or-kernel of several).
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac

cat >"$TMP/ax.scn" <<'SCN'
# SPDX-License-Identifier: GPL-2.0-only
param n = 1
region r type=anon size=1M
phase fill { host write r }
SCN
K=debian:nonesuch,/nonexistent/bzImage

"$SCN" run -q --kernel $K --sweep n=1,2 --format json -o "$TMP/ax.json" "$TMP/ax.scn" 2>"$TMP/err"
rc=$?
if [ $rc = 4 ] && python3 - "$TMP/ax.json" <<'PY' >"$TMP/py" 2>&1; then
import json, sys
d = json.load(open(sys.argv[1]))
assert d["status"] == "skip" and d["exit_code"] == 4
assert d["command"]["kernels"] == ["debian:nonesuch", "/nonexistent/bzImage"]
pts = d["points"]
assert [(p["index"], p["params"]) for p in pts] == [
    (1, {"kernel": "debian:nonesuch", "n": 1}), (2, {"kernel": "debian:nonesuch", "n": 2}),
    (3, {"kernel": "/nonexistent/bzImage", "n": 1}), (4, {"kernel": "/nonexistent/bzImage", "n": 2})]
assert all(p["status"] == "skip" for p in pts)
assert "unknown kernel 'debian:nonesuch'" in pts[0]["skip_reason"], pts[0]
assert "'/nonexistent/bzImage'" in pts[2]["skip_reason"], pts[2]
assert pts[0]["fingerprint"]["testhost"]["spec"] == "debian:nonesuch"
assert "debian:nonesuch: unknown kernel" in d["skip_reason"], d["skip_reason"]
PY
	ok "kernel axis: kernels that cannot be had are SKIP points, the run a skip"
else
	fail "kernel axis: kernels that cannot be had are SKIP points" "exit $rc: $(cat "$TMP/err" "$TMP/py")"
fi

"$SCN" run -q --kernel $K --sweep n=1,2 "$TMP/ax.scn" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc = 4 ] && [ "$(grep -c '^# SKIP kernel=' "$TMP/out")" = 4 ] &&
   grep -q "^# SKIP kernel=debian:nonesuch,n=2: unknown kernel 'debian:nonesuch'" "$TMP/out" &&
   ! grep -q '^point ' "$TMP/out"; then
	ok "kernel axis: text names each skipped point and why"
else
	fail "kernel axis: text names each skipped point and why" "exit $rc: $(cat "$TMP/out")"
fi

"$SCN" run -q --kernel $K --format csv "$TMP/ax.scn" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc = 4 ] && head -n 1 "$TMP/out" | grep -q '^point,kernel,phase,metric,'; then
	ok "kernel axis: CSV has a kernel column"
else
	fail "kernel axis: CSV has a kernel column" "exit $rc: $(cat "$TMP/out")"
fi

# --- a suite: the command line's list, a line's own kernel= -------------------
cp "$TMP/ax.scn" "$TMP/b.scn"
printf 'ax.scn\nb.scn kernel=debian:nonesuch2,debian:nonesuch3\n' >"$TMP/k.suite"
"$SCN" run -q --kernel $K "$TMP/k.suite" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc = 4 ] && python3 tests/ktap_check.py "$TMP/out" >"$TMP/py" 2>&1 &&
   grep -q "^ok 1 ax # SKIP debian:nonesuch: unknown kernel 'debian:nonesuch'" "$TMP/out" &&
   grep -q "^ok 2 b # SKIP debian:nonesuch2: unknown kernel 'debian:nonesuch2'.*; debian:nonesuch3: " "$TMP/out"; then
	ok "kernel axis: a suite over a list, a line with its own kernel="
else
	fail "kernel axis: a suite over a list, a line with its own kernel=" "exit $rc: $(cat "$TMP/py" "$TMP/out" "$TMP/err")"
fi
printf 'ax.scn kernel=\n' >"$TMP/bad.suite"
"$SCN" run -q "$TMP/bad.suite" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc = 65 ] && grep -q "bad.suite:1:8: error: kernel= names no kernel" "$TMP/err"; then
	ok "kernel axis: a suite line's empty kernel= is an error at its place"
else
	fail "kernel axis: a suite line's empty kernel= is an error at its place" "exit $rc: $(cat "$TMP/err")"
fi

# --- usage -------------------------------------------------------------------
usage() { # NAME ERE ARGS...
	local name=$1 pat=$2
	shift 2
	"$SCN" run "$@" "$TMP/ax.scn" >/dev/null 2>"$TMP/err"
	rc=$?
	if [ $rc = 64 ] && grep -qE -- "$pat" "$TMP/err"; then
		ok "$name"
	else
		fail "$name" "exit $rc: $(cat "$TMP/err")"
	fi
}
usage "kernel axis: a kernel twice" "names 'debian:6.12' twice" --kernel debian:6.12,debian:6.12
usage "kernel axis: an empty kernel" "has an empty kernel" --kernel debian:6.12,,debian:7.3
usage "kernel axis: --or-kernel of a list" "--or-kernel takes one kernel" --or-kernel debian:6.12,debian:7.3
