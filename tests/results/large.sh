#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Result files read in bounded memory (issue 24): a result of 125 million
# samples in 250 MB took scn compare 40 s and 7.3 GB. A result file has at
# most JIN_MAX_VALUES (4 Mi) values and 128 MiB (docs/results.md, "Exit
# codes" of section 5): compare and plot of the largest stay under 1 GiB,
# and a larger one is refused at once, saying why. The peak RSS is
# getrusage's of the command (with gnuplot, its largest child).
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh

if ! command -v python3 >/dev/null 2>&1; then
	skip "large result files" "python3 is not installed"
	exit 0
fi
# mk FILE N: a result whose one metric has N samples of 0 (2 bytes each).
mk() {
	python3 - "$1" "$2" <<'PY'
import json, sys
out, n = sys.argv[1], int(sys.argv[2])
head = {"schema": "scn-result/1", "status": "pass",
        "scenario": {"name": "large", "params": {}}, "fingerprint": {"arch": "x86_64"}}
with open(out, "w") as f:
    f.write(json.dumps(head)[:-1] + ', "points": [{"params": {}, "swept": {}, "phases": '
            '[{"name": "p", "metrics": {"time": {"unit": "s", "better": "lower", '
            '"n": %d, "samples": [' % n)
    block = ",".join(["0"] * 100000)
    for i in range(n // 100000):
        f.write(("," if i else "") + block)
    rest = n % 100000
    if rest:
        f.write(("," if n >= 100000 else "") + ",".join(["0"] * rest))
    f.write("]}}}]}]}")
PY
}
# peak CMD...: runs CMD with stdout and stderr in $OUT; prints its peak
# RSS in KiB, and leaves its exit code in $TMP/rc.
OUT=$TMP/out
peak() {
	python3 - "$OUT" "$TMP/rc" "$@" <<'PY'
import resource, subprocess, sys
with open(sys.argv[1], "w") as out:
    rc = subprocess.call(sys.argv[3:], stdout=out, stderr=subprocess.STDOUT)
open(sys.argv[2], "w").write("%d\n" % rc)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
PY
}
LIMIT=$((1024 * 1024))	# KiB
# The shapes that once were quadratic (many names, phases, verdicts) run
# at a tenth of the largest in make test, where a quadratic pass still
# takes minutes and the guard below ends it; LARGE=1 (make test-large)
# runs them at the largest a result may be, against the 1 GiB bound too.
if [ "${LARGE:-0}" = 1 ]; then
	DIV=1 GUARD=600
else
	DIV=10 GUARD=60
fi

# The largest a file may be: 4 Mi values, less the head's.
mk "$TMP/largest.json" 4194000
kib=$(peak "$SCN" compare "$TMP/largest.json" "$TMP/largest.json")
if [ "$(cat "$TMP/rc")" = 0 ] && [ "$kib" -lt $LIMIT ]; then
	ok "compare of two of the largest results scn reads (4.19M samples each): $((kib / 1024)) MiB, under 1 GiB"
else
	fail "compare of the largest results" "exit $(cat "$TMP/rc"), $((kib / 1024)) MiB: $(head -c 300 "$OUT")"
fi
if command -v gnuplot >/dev/null 2>&1; then
	kib=$(peak "$SCN" plot "$TMP/largest.json" -o "$TMP/largest.svg")
	size=$(stat -c %s "$TMP/largest.svg" 2>/dev/null || echo 0)
	if [ "$(cat "$TMP/rc")" = 0 ] && [ "$kib" -lt $LIMIT ] && [ "$size" -lt 10000000 ]; then
		ok "plot of the largest result: $((kib / 1024)) MiB, an SVG of $((size / 1024)) KiB (samples thinned)"
	else
		fail "plot of the largest result" "exit $(cat "$TMP/rc"), $((kib / 1024)) MiB, $size bytes: $(head -c 300 "$OUT")"
	fi
else
	skip "plot of the largest result" "gnuplot is not installed"
fi

# Five times as many: refused at the value past the bound, in bounded
# memory (it took 2.6 GB and 9 s, and was compared).
mk "$TMP/larger.json" 20000000
kib=$(peak "$SCN" compare "$TMP/larger.json" "$TMP/larger.json")
if [ "$(cat "$TMP/rc")" = 65 ] && [ "$kib" -lt $LIMIT ] &&
	grep -q "^scn: compare: $TMP/larger.json:1:[0-9]*: more than 4194304 values: larger than a result scn reads" "$OUT"; then
	ok "a result of 20M samples: refused at its place (exit 65), in $((kib / 1024)) MiB"
else
	fail "a result of 20M samples is refused" "exit $(cat "$TMP/rc"), $((kib / 1024)) MiB: $(head -c 300 "$OUT")"
fi
kib=$(peak "$SCN" plot "$TMP/larger.json" -o "$TMP/larger.svg")
if [ "$(cat "$TMP/rc")" = 65 ] && [ "$kib" -lt $LIMIT ] && [ ! -e "$TMP/larger.svg" ]; then
	ok "plot refuses it the same way (exit 65), in $((kib / 1024)) MiB"
else
	fail "plot refuses a result of 20M samples" "exit $(cat "$TMP/rc"), $((kib / 1024)) MiB: $(head -c 300 "$OUT")"
fi
# The largest files of other shapes: a phase of 500,000 metrics of
# 200-byte names (130 MB, the most bytes a value can cost), and 400,000
# phases. Matching them by name was quadratic (compare ran for hours,
# and a signal could not stop plot meanwhile); now each stays under
# 1 GiB, compare also against one whose names all differ (every metric
# only in one side, --all lists a million), and the 'timeout' is a guard
# against the hours, not a measure of speed.
mk_wide() { # FILE metrics|phases PREFIX
	python3 - "$@" <<'PY2'
import json, sys
out, kind, pre, div = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
head = {"schema": "scn-result/1", "status": "pass",
        "scenario": {"name": "large", "params": {}}, "fingerprint": {"arch": "x86_64"}}
m = {"unit": "s", "better": "lower", "n": 1, "samples": [0.5]}
if kind == "metrics":
    ms = {pre + str(i) + "k" * 190: m for i in range(500000 // div)}
    ms["time"] = m
    phases = [{"name": "p", "metrics": ms}]
else:
    phases = [{"name": pre + str(i) + "x" * 60, "metrics": {"time": m}} for i in range(400000 // div)]
head["points"] = [{"params": {}, "swept": {}, "phases": phases}]
json.dump(head, open(out, "w"))
PY2
}
mk_wide "$TMP/names.json" metrics m $DIV
mk_wide "$TMP/names2.json" metrics n $DIV
for args in "names.json names.json" "--all names.json names2.json"; do
	kib=$(cd "$TMP" && peak timeout $GUARD "$SCN" compare $args)
	if [ "$(cat "$TMP/rc")" -lt 4 ] && [ "$kib" -lt $LIMIT ]; then
		ok "compare $args ($((500000 / DIV)) metrics of long names, $(($(stat -c %s "$TMP/names.json") >> 20)) MiB): $((kib / 1024)) MiB"
	else
		fail "compare $args" "exit $(cat "$TMP/rc"), $((kib / 1024)) MiB: $(head -c 300 "$OUT")"
	fi
done
if command -v gnuplot >/dev/null 2>&1; then
	kib=$(peak timeout $GUARD "$SCN" plot "$TMP/names.json" -o "$TMP/names.svg")
	if [ "$(cat "$TMP/rc")" = 0 ] && [ "$kib" -lt $LIMIT ]; then
		ok "plot of a phase of $((500000 / DIV)) metrics: $((kib / 1024)) MiB"
	else
		fail "plot of a phase of 500,000 metrics" "exit $(cat "$TMP/rc"), $((kib / 1024)) MiB: $(head -c 300 "$OUT")"
	fi
fi
rm -f "$TMP/names.json" "$TMP/names2.json"
mk_wide "$TMP/phases.json" phases p $DIV
kib=$(peak timeout $GUARD "$SCN" compare "$TMP/phases.json" "$TMP/phases.json")
if [ "$(cat "$TMP/rc")" = 0 ] && [ "$kib" -lt $LIMIT ]; then
	ok "compare of $((400000 / DIV)) phases: $((kib / 1024)) MiB"
else
	fail "compare of 400,000 phases" "exit $(cat "$TMP/rc"), $((kib / 1024)) MiB: $(head -c 300 "$OUT")"
fi
kib=$(peak timeout $GUARD "$SCN" plot "$TMP/phases.json" "$TMP/phases.json" -o "$TMP/phases.svg")
if [ "$(cat "$TMP/rc")" = 65 ] && [ "$kib" -lt $LIMIT ] && [ ! -e "$TMP/phases.svg" ] &&
	grep -q "more bars than one picture can tell apart (400)" "$OUT" &&
	grep -q "^hint: --phase P draws one" "$OUT"; then
	ok "plot of $((400000 / DIV)) phases: refused with a hint (exit 65), in $((kib / 1024)) MiB"
else
	fail "plot of 400,000 phases is refused" "exit $(cat "$TMP/rc"), $((kib / 1024)) MiB: $(head -c 300 "$OUT")"
fi
# SIGTERM while plot reads a large result ends it: it was blocked from
# the start, and plot went on for as long as its loops took.
"$SCN" plot $(for i in $(seq $((8 * DIV))); do echo "$TMP/phases.json"; done) -o "$TMP/phases.svg" >/dev/null 2>&1 &
pid=$!
sleep 0.3
kill -TERM $pid 2>/dev/null
t0=$(date +%s)
wait $pid
rc=$?
if [ $rc = 143 ] && [ $(($(date +%s) - t0)) -lt 5 ]; then
	ok "SIGTERM while plot reads its results: ended at once (143)"
else
	fail "SIGTERM while plot reads its results" "exit $rc after $(($(date +%s) - t0)) s"
fi
rm -f "$TMP/phases.json"

# The verdicts over as many: 300,000 metrics judged and corrected
# together (Holm's ordering was an insertion sort), and 150,000 phases
# each busy by its runq (each phase's runq was looked for among all).
python3 - "$TMP" $DIV <<'PY2'
import json, sys
div = int(sys.argv[2])
head = {"schema": "scn-result/1", "status": "pass",
        "scenario": {"name": "large", "params": {}}, "fingerprint": {"arch": "x86_64"}}
def m(v, better="lower"):
    return {"unit": "s", "better": better, "n": 3, "samples": [v, v * 1.01, v * 0.99]}
for side, k in (("a", 1.0), ("b", 1.3)):
    head["points"] = [{"params": {}, "swept": {}, "phases": [{"name": "p", "metrics":
        {"m%d" % i: m(k if i % 2 else 1.0) for i in range(300000 // div)}}]}]
    json.dump(head, open("%s/judged-%s.json" % (sys.argv[1], side), "w"))
    head["points"] = [{"params": {}, "swept": {}, "phases": [{"name": "p%d" % i, "metrics":
        {"time": m(1.0), "runq": m(0.05 if side == "a" else 0.8, None)}} for i in range(150000 // div)]}]
    json.dump(head, open("%s/busy-%s.json" % (sys.argv[1], side), "w"))
PY2
for what in judged busy; do
	# Holm over 300,000 tests of 3 samples finds nothing sure; BH does.
	kib=$(peak timeout $GUARD "$SCN" compare --correction bh --fail-over 10% "$TMP/$what-a.json" "$TMP/$what-b.json")
	want=1
	[ $what = busy ] && want=3
	if [ "$(cat "$TMP/rc")" = $want ] && [ "$kib" -lt $LIMIT ]; then
		ok "compare of $((300000 / DIV)) judged metrics or $((150000 / DIV)) busy phases ($what): exit $want, $((kib / 1024)) MiB"
	else
		fail "compare of $what" "exit $(cat "$TMP/rc"), want $want, $((kib / 1024)) MiB: $(head -c 300 "$OUT")"
	fi
	rm -f "$TMP/$what-a.json" "$TMP/$what-b.json"
done

# Past 128 MiB the file is not read at all (sparse: nothing is written).
truncate -s 129M "$TMP/huge.json"
kib=$(peak "$SCN" compare "$TMP/huge.json" "$TMP/huge.json")
if [ "$(cat "$TMP/rc")" = 64 ] && grep -q "larger than 128 MiB, not a result" "$OUT" &&
	[ "$kib" -lt $LIMIT ]; then
	ok "a file of 129 MiB: refused unread (exit 64)"
else
	fail "a file of 129 MiB is refused" "exit $(cat "$TMP/rc"), $((kib / 1024)) MiB: $(head -c 300 "$OUT")"
fi
