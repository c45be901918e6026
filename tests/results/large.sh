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
# Past 128 MiB the file is not read at all (sparse: nothing is written).
truncate -s 129M "$TMP/huge.json"
kib=$(peak "$SCN" compare "$TMP/huge.json" "$TMP/huge.json")
if [ "$(cat "$TMP/rc")" = 64 ] && grep -q "larger than 128 MiB, not a result" "$OUT" &&
	[ "$kib" -lt $LIMIT ]; then
	ok "a file of 129 MiB: refused unread (exit 64)"
else
	fail "a file of 129 MiB is refused" "exit $(cat "$TMP/rc"), $((kib / 1024)) MiB: $(head -c 300 "$OUT")"
fi
