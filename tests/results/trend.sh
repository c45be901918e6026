#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# scn compare --across kernel over more than two kernels: the trend table
# (docs/results.md section 5, "A trend across kernels"). The results are
# made here from the crafted ones of compare.sh, with their kernel
# releases edited: base.json on 6.1 and 6.12, regress.json (unmerge 20%
# slower) on 7.0 and 7.3, as four results and as one result of the kernel
# axis (points kernel=..., each with its fingerprint) with a kernel that
# could not run it. The step where unmerge changed is k2->k3; the others
# are ~; --fail-over fails at that step; what blocks compare blocks a
# trend; a kernel skipped is left out; every one skipped is exit 4.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh

R=tests/results
OUT=$TMP/out
ERR=$TMP/err

python3 - "$R" "$TMP" <<'PY' || exit 1
import copy, json, sys
R, T = sys.argv[1:]
base = json.load(open(R + "/base.json"))
regress = json.load(open(R + "/regress.json"))
runs = [("debian:6.1", base, "6.1.0-57-amd64"), ("debian:6.12", base, "6.12.118+deb12-amd64"),
        ("debian:7.0", regress, "7.0.13+deb13-amd64"), ("debian:7.3", regress, "7.3.4+deb13-amd64")]
for i, (spec, src, rel) in enumerate(runs):
    d = copy.deepcopy(src)
    d["fingerprint"]["kernel"]["release"] = rel
    json.dump(d, open("%s/k%d.json" % (T, i + 1), "w"), indent=1)
# One result of the kernel axis: a point a kernel, one of them skipped.
axis = copy.deepcopy(base)
axis["command"]["kernels"] = [r[0] for r in runs[:2]] + ["debian:nonesuch"] + [r[0] for r in runs[2:]]
axis["points"] = []
for spec in axis["command"]["kernels"]:
    run = [r for r in runs if r[0] == spec]
    if run:
        _, src, rel = run[0]
        p = copy.deepcopy(src["points"][0])
        p["fingerprint"] = copy.deepcopy(src["fingerprint"])
        p["fingerprint"]["kernel"]["release"] = rel
    else:
        p = {"params": {}, "swept": {}, "status": "skip", "runs": 0, "output": [],
             "errors": [], "warnings": [], "phases": [], "table_value": None,
             "skip_reason": "unknown kernel 'debian:nonesuch'"}
    p["params"] = dict({"kernel": spec}, **base["points"][0]["params"])
    p["swept"] = {"kernel": spec}
    p["index"] = len(axis["points"]) + 1
    axis["points"].append(p)
json.dump(axis, open(T + "/axis.json", "w"), indent=1)
# A result of another machine, and skipped ones.
cpu = copy.deepcopy(base)
cpu["fingerprint"]["cpu"]["model"] = "Another CPU"
json.dump(cpu, open(T + "/cpu.json", "w"), indent=1)
PY

# t NAME WANT_RC ARGS... -- ERE...: compare's exit code and lines of stdout
# ("2>ERE": of stderr; "!ERE": no line matches).
t() {
	local name=$1 want=$2 pat file
	shift 2
	local args=()
	while [ "$1" != "--" ]; do args+=("$1"); shift; done
	shift
	"$SCN" compare "${args[@]}" >"$OUT" 2>"$ERR"
	local rc=$?
	if [ $rc != "$want" ] || grep -qE 'Sanitizer|runtime error:' "$ERR"; then
		fail "$name" "exit $rc, want $want: $(head -n 5 "$ERR") $(head -n 12 "$OUT")"
		return
	fi
	for pat in "$@"; do
		file=$OUT
		case $pat in
		'2>'*) file=$ERR; pat=${pat#2>} ;;
		'!'*)
			if grep -qE -- "${pat#!}" "$OUT"; then
				fail "$name" "a line matches /${pat#!}/: $(cat "$OUT")"
				return
			fi
			continue ;;
		esac
		if ! grep -qE -- "$pat" "$file"; then
			fail "$name" "no line matches /$pat/ in: $(cat "$file")"
			return
		fi
	done
	ok "$name"
}

K="$TMP/k1.json $TMP/k2.json $TMP/k3.json $TMP/k4.json"
# shellcheck disable=SC2086
t "trend of four results: the step that changed, marked" 0 --across kernel $K -- \
	'^trend across kernel: ' \
	'^  k1  6\.1\.0-57-amd64 ' '^  k4  7\.3\.4\+deb13-amd64 ' \
	'^point +phase +metric +unit +k1 +k2 +k3 +k4 +k1->k2 +k2->k3 +k3->k4 +most$' \
	'^- +unmerge +time +ms +180\.2±1\.9 +180\.2±1\.9 +216\.8±1\.9 +216\.8±1\.9 +\+0\.0% ~ \(p=1\.000\) +\+20\.3% worse \(p<0\.001\) +\+0\.0% ~ \(p=1\.000\) +k2->k3$' \
	'^- +unmerge +rate .* -9\.1% worse \(p<0\.001\) .* k2->k3$' \
	'!^- +fill ' \
	'^14 steps compared: 2 worse, 0 better, 12 ~ .*Holm correction over 12 tests$'
# shellcheck disable=SC2086
t "trend --all: every metric, a count's largest step not sure" 0 --across kernel --all $K -- \
	'^- +fill +time ' '^- +unmerge +pages .* k2->k3 \(not sure\)$'
# shellcheck disable=SC2086
t "trend --fail-over: fails at the step, naming both kernels" 1 --across kernel --fail-over 10% $K -- \
	'^FAIL: worse by more than 10% at a step:$' \
	'^  unmerge time at k2->k3 \(6\.12\.118\+deb12-amd64 -> 7\.0\.13\+deb13-amd64\): 20\.3% worse$'
# shellcheck disable=SC2086
t "trend --metric: only the chosen one judged" 0 --across kernel --metric unmerge.rate $K -- \
	'^- +unmerge +rate ' '!^- +unmerge +time ' 'Holm correction over 3 tests$'
t "trend of one result of the kernel axis: kernels by name, the skipped one left out" 0 \
	--across kernel "$TMP/axis.json" -- \
	"^note: debian:nonesuch \(.*axis\.json\) left out: unknown kernel 'debian:nonesuch'$" \
	'^  k1  debian:6\.1  +6\.1\.0-57-amd64 ' '^  k4  debian:7\.3  +7\.3\.4\+deb13-amd64 ' \
	'^- +unmerge +time .* \+20\.3% worse \(p<0\.001\) .* k2->k3$'
t "trend of results and a kernel axis mixed: each kernel a column" 0 \
	--across kernel "$TMP/k1.json" "$TMP/k2.json" "$TMP/axis.json" -- \
	'^  k6  debian:7\.3 ' '^point +phase +metric +unit +k1 +k2 +k3 +k4 +k5 +k6 '
# Two results of the kernel axis as base and new (a build before and
# after a patch, each over the same kernels): the header named the
# machine the test hosts ran on twice, "(the same kernel)", where each
# side measured five kernels, matched kernel by kernel.
t "two results of the kernel axis: the header names their kernels, not the outer machine's" 0 \
	--across kernel "$TMP/axis.json" "$TMP/axis.json" -- \
	'^across kernel: kernels debian:6\.1, debian:6\.12, debian:nonesuch, debian:7\.0, debian:7\.3 on both sides, matched kernel by kernel$' \
	'!the same kernel'
python3 - "$TMP/axis.json" "$TMP/axis3.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["command"]["kernels"] = d["command"]["kernels"][:3]
d["points"] = d["points"][:3]
json.dump(d, open(sys.argv[2], "w"))
PY
t "two results of the kernel axis over other kernels: each side's kernels" 0 \
	--across kernel "$TMP/axis3.json" "$TMP/axis.json" -- \
	'^across kernel: kernels debian:6\.1, debian:6\.12, debian:nonesuch -> kernels debian:6\.1, debian:6\.12, debian:nonesuch, debian:7\.0, debian:7\.3$'
t "trend: results of other machines refused" 3 --across kernel "$TMP/k1.json" "$TMP/k2.json" "$TMP/cpu.json" -- \
	'2>not measured alike' '2>fingerprint\.cpu\.model: '
t "trend --force: compared anyway, said" 0 --across kernel --force "$TMP/k1.json" "$TMP/k2.json" "$TMP/cpu.json" -- \
	'^forced: .*cpu\.json: fingerprint\.cpu\.model: '
t "trend of one result of one kernel: nothing compared" 3 --across kernel "$TMP/k1.json" -- \
	'2>nothing was compared: a trend needs two kernels or more'
t "trend of skipped results: exit 4" 4 --across kernel "$R/skip.json" "$R/skip.json" "$R/skip.json" -- \
	'^# SKIP nothing to compare: every kernel was skipped$'
t "compare of three results without --across: a usage error" 64 "$TMP/k1.json" "$TMP/k2.json" "$TMP/k3.json" -- \
	'2>compare takes two results'

# --- scn plot of the kernel axis: the kernels along x, in the order run ------
if command -v gnuplot >/dev/null 2>&1; then
	"$SCN" plot --metric time "$R/kernels.json" -o "$TMP/k.svg" >"$OUT" 2>"$ERR"
	rc=$?
	# The tics in the order of the run, the title naming test hosts, not the machine.
	order=$(grep -o 'debian:[0-9.]*' "$TMP/k.svg" | awk '!seen[$0]++' | tr '\n' ' ')
	if [ $rc = 0 ] && [ "$order" = "debian:6.1 debian:6.12 debian:7.0 debian:7.3 " ] &&
	   grep -q 'test hosts of 4 kernels, n=5 each' "$TMP/k.svg"; then
		ok "plot of the kernel axis: the kernels along x in order"
	else
		fail "plot of the kernel axis: the kernels along x in order" "exit $rc, tics '$order': $(cat "$ERR")"
	fi
else
	skip "plot of the kernel axis" "gnuplot is not installed"
fi
