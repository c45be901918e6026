#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# --shard PART/OF and scn merge (docs/results.md section 10): a sweep of
# 3 x 2 points with a table, run whole and as three parts given to merge
# in any order, is the same result: the same members, command (but
# command.shard), points in order with their parameters, outputs, phases
# and metrics, table. Refused with exit 3, each saying why: a part
# missing, a part twice, a whole result, another sweep, another scenario,
# another machine, a point outside its part. A scenario that sets no
# knob, on this machine: no lock taken.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh

cat >"$TMP/tb.scn" <<'SCN'
# SPDX-License-Identifier: GPL-2.0-only
param n = 1
param m = 1
sweep n in 1, 2, 3
region r type=anon size=1M
phase fill { host write r }
print "n={n} m={m} pages {fill.pages}"
table rows=n cols=m value=fill.pages
SCN
sed 's/size=1M/size=2M/' "$TMP/tb.scn" >"$TMP/other.scn"

runj() { # OUT ARGS...
	local out=$1
	shift
	"$SCN" run -q --sweep m=1,2 --format json -o "$TMP/$out" "$@" 2>>"$TMP/runerr"
}
if ! runj all.json "$TMP/tb.scn" || ! runj p1.json --shard 1/3 "$TMP/tb.scn" ||
   ! runj p2.json --shard 2/3 "$TMP/tb.scn" || ! runj p3.json --shard 3/3 "$TMP/tb.scn"; then
	fail "merge: the runs" "$(tail -n 3 "$TMP/runerr")"
	exit 0
fi

# --- a part: its points, and what it says it is ---------------------------
if python3 - "$TMP/p2.json" <<'PY' >"$TMP/py" 2>&1; then
import json, sys
d = json.load(open(sys.argv[1]))
assert d["command"]["shard"] == {"part": 2, "of": 3, "points": 6}, d["command"]
assert [p["index"] for p in d["points"]] == [2, 5], [p["index"] for p in d["points"]]
assert [p["params"] for p in d["points"]] == [{"n": 1, "m": 2}, {"n": 3, "m": 1}]
assert d["table"]["cells"] == [[None, 256], [None, None], [256, None]], d["table"]["cells"]
PY
	ok "--shard 2/3: every third point from the second, said in command.shard"
else
	fail "--shard 2/3: every third point from the second" "$(tail -n 3 "$TMP/py")"
fi

# --- merged in any order: the whole run's result ---------------------------
"$SCN" merge -o "$TMP/merged.json" "$TMP/p3.json" "$TMP/p1.json" "$TMP/p2.json" 2>"$TMP/err"
rc=$?
if [ $rc != 0 ]; then
	fail "merge: the parts in any order are the whole run" "exit $rc: $(cat "$TMP/err")"
elif python3 - "$TMP/all.json" "$TMP/merged.json" <<'PY' >"$TMP/py" 2>&1; then
import json, sys
a, m = (json.load(open(f)) for f in sys.argv[1:])
assert list(a) == list(m), (list(a), list(m))
assert a["command"] == m["command"] and "shard" not in m["command"], m["command"]
for k in ("schema", "scenario", "status", "exit_code", "skip_reason"):
    assert a[k] == m[k], k
assert [p["index"] for p in m["points"]] == list(range(1, 7))
def shape(p):
    return (p["index"], p["params"], p["swept"], p["status"], p["runs"], p["output"],
            [(ph["name"], sorted(ph["metrics"]), [x["n"] for x in ph["metrics"].values()])
             for ph in p["phases"]], p["table_value"])
# A point's metrics differ in their keys where one run had runq wait and another none.
def loose(p):
    s = shape(p)
    return s[:6] + ([(n, "time" in ms) for n, ms, _ in s[6]], s[7])
assert [loose(p) for p in a["points"]] == [loose(p) for p in m["points"]]
assert a["table"] == m["table"], (a["table"], m["table"])
PY
	ok "merge: the parts in any order are the whole run"
else
	fail "merge: the parts in any order are the whole run" "$(tail -n 3 "$TMP/py")"
fi

# refuse NAME ERE ARGS...: merge exits 3 and says ERE on stderr.
refuse() {
	local name=$1 pat=$2
	shift 2
	"$SCN" merge "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if [ $rc = 3 ] && [ ! -s "$TMP/out" ] && grep -qE -- "$pat" "$TMP/err"; then
		ok "$name"
	else
		fail "$name" "exit $rc: $(cat "$TMP/err")"
	fi
}
refuse "merge: a part missing" '^scn: merge: part 3 of 3 is missing' "$TMP/p1.json" "$TMP/p2.json"
refuse "merge: a part twice" '^scn: merge: part 2 of 3 is given twice: ' \
	"$TMP/p1.json" "$TMP/p2.json" "$TMP/p2.json" "$TMP/p3.json"
refuse "merge: a whole result is no part" 'all\.json is not a part of a sharded run' \
	"$TMP/all.json" "$TMP/p1.json"

"$SCN" run -q --sweep m=1,3 --shard 2/3 --format json -o "$TMP/sweep.json" "$TMP/tb.scn" 2>/dev/null
refuse "merge: another sweep" 'another run .*: *$' "$TMP/p1.json" "$TMP/sweep.json" "$TMP/p3.json"
grep -q '^    command\.sweeps: \["m=1,2"\] -> \["m=1,3"\]$' "$TMP/err" &&
	ok "merge: another sweep: the difference said" ||
	fail "merge: another sweep: the difference said" "$(cat "$TMP/err")"

"$SCN" run -q --sweep m=1,2 --shard 2/3 --format json -o "$TMP/scen.json" "$TMP/other.scn" 2>/dev/null
refuse "merge: another scenario" 'another scenario:$' "$TMP/p1.json" "$TMP/scen.json" "$TMP/p3.json"
grep -q '^    scenario\.name: "tb" -> "other"$' "$TMP/err" && grep -q '^    scenario\.hash: ' "$TMP/err" &&
	ok "merge: another scenario: name and hash said" ||
	fail "merge: another scenario: name and hash said" "$(cat "$TMP/err")"

python3 - "$TMP" <<'PY'
import json, sys
T = sys.argv[1]
d = json.load(open(T + "/p2.json"))
d["fingerprint"]["cpu"]["model"] = "Another CPU"
json.dump(d, open(T + "/machine.json", "w"), indent=1)
d = json.load(open(T + "/p2.json"))
d["points"][0]["index"] = 3
json.dump(d, open(T + "/stray.json", "w"), indent=1)
PY
refuse "merge: another machine" 'another machine:$' "$TMP/p1.json" "$TMP/machine.json" "$TMP/p3.json"
grep -q '^    fingerprint\.cpu\.model: .* -> "Another CPU"$' "$TMP/err" &&
	ok "merge: another machine: the field said" ||
	fail "merge: another machine: the field said" "$(cat "$TMP/err")"
refuse "merge: a point outside its part" 'point 3 is not one of part 2 of 3$' \
	"$TMP/p1.json" "$TMP/stray.json" "$TMP/p3.json"

"$SCN" merge >/dev/null 2>"$TMP/err"
[ $? = 64 ] && grep -q 'no part to merge' "$TMP/err" && ok "merge: no part: usage" ||
	fail "merge: no part: usage" "$(cat "$TMP/err")"
"$SCN" merge "$TMP/nonexistent.json" >/dev/null 2>"$TMP/err"
[ $? = 64 ] && ok "merge: a part that cannot be read: 64" || fail "merge: a part that cannot be read: 64" "$(cat "$TMP/err")"
"$SCN" run -q --shard 0/3 "$TMP/tb.scn" >/dev/null 2>"$TMP/err"
[ $? = 64 ] && grep -q -- '--shard takes PART/OF' "$TMP/err" && ok "--shard 0/3: usage" ||
	fail "--shard 0/3: usage" "$(cat "$TMP/err")"
