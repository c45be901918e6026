#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# scn plot on the crafted results of tests/results (see compare.sh): the
# table of a sweep, a sweep's metric, a single point's bars, grouped bars
# of two kernels and of a sweep over words (words.json: numa_policy.scn,
# mode=default,local, two runs each), to SVG and PNG; the exit codes without gnuplot (69), with a gnuplot that fails (1)
# or draws nothing (1), and for bad input (65) and usage (64); titles
# that would be gnuplot or shell code stay text; the temporary directory
# is removed.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh

ROOT=$PWD
R=$ROOT/tests/results
OUT=$TMP/out
ERR=$TMP/err
# Plots go to a TMPDIR of their own, to see that nothing is left there.
PLOT_TMP=$TMP/plot-tmp
mkdir -p "$PLOT_TMP"

# run NAME ARGS...: scn plot from $TMP, exit code in $RC; false after a crash.
run() {
	local name=$1
	shift
	(cd "$TMP" && TMPDIR=$PLOT_TMP "$SCN" plot "$@" >"$OUT" 2>"$ERR"; exit $?) 2>/dev/null
	RC=$?
	if [ $RC -gt 127 ] || grep -qE 'Sanitizer|runtime error:' "$ERR"; then
		fail "$name" "crashed (exit $RC): $(head -5 "$ERR")"
		return 1
	fi
	return 0
}

# want_rc NAME RC [ERE on stderr]
want_rc() {
	if [ "$RC" != "$2" ]; then
		fail "$1" "exit $RC, want $2: $(head -5 "$ERR")"
	elif [ -n "${3:-}" ] && ! grep -qE -- "$3" "$ERR"; then
		fail "$1" "stderr lacks /$3/: $(cat "$ERR")"
	else
		ok "$1"
	fi
}

# drawn NAME FILE STRING...: exit 0, FILE is not empty and holds each string.
drawn() {
	local name=$1 file=$2 s
	shift 2
	if [ "$RC" != 0 ]; then
		fail "$name" "exit $RC: $(head -8 "$ERR")"
		return
	fi
	if [ ! -s "$file" ]; then
		fail "$name" "$file is missing or empty"
		return
	fi
	for s in "$@"; do
		if ! grep -qF -- "$s" "$file"; then
			fail "$name" "$file lacks '$s'"
			return
		fi
	done
	ok "$name"
}

left_nothing() {
	if [ -n "$(ls -A "$PLOT_TMP")" ]; then
		fail "$1" "left in TMPDIR: $(ls -A "$PLOT_TMP")"
		rm -rf "${PLOT_TMP:?}"/*
	else
		ok "$1"
	fi
}

# Bad input and usage come before gnuplot is looked for.
run missing "$R/no-such-result.json" -o "$TMP/x.svg" &&
	want_rc "a missing file: exit 64, as for every command" 64 "^scn: plot: .*no-such-result\.json: cannot open: "
run malformed "$R/malformed.json" -o "$TMP/x.svg" &&
	want_rc "malformed JSON: exit 65 with line:col" 65 "malformed\.json:4:3: unexpected"
# scn run's text output where JSON was meant (docs/seeds.md's seed 002
# said -o local.json without --format json: "local.json:1:1: unexpected 'r'").
printf 'run1 = 37.2ms\nphase  metric  n\n' >"$TMP/local.json"
run text "$TMP/local.json" -o "$TMP/x.svg" &&
	want_rc "text output given as a result: not a result file, named, exit 65" 65 \
		"^scn: plot: $TMP/local\.json: not a result file: write it with --format json$"
run skipped "$R/skip.json" -o "$TMP/x.svg" &&
	want_rc "a skipped result: nothing to draw, exit 65" 65 "has no points to draw \(status skip: needs ksm"
run no-output "$R/base.json" &&
	want_rc "no -o: usage, exit 64" 64 "plot needs -o"
run bad-ext "$R/base.json" -o "$TMP/x.pdf" &&
	want_rc "-o x.pdf: usage, exit 64" 64 "must end in \.svg or \.png"

# Without gnuplot on PATH: 69 and what to install.
mkdir -p "$TMP/empty-path"
(cd "$TMP" && PATH=$TMP/empty-path TMPDIR=$PLOT_TMP "$SCN" plot "$R/base.json" -o "$TMP/x.svg" >"$OUT" 2>"$ERR"; exit $?) 2>/dev/null
RC=$?
want_rc "gnuplot not installed: exit 69 with a hint" 69 "gnuplot-nox"

# A gnuplot that fails: exit 1, its stderr shown, no picture left behind.
mkdir -p "$TMP/fake-fail" "$TMP/fake-none"
printf '#!/bin/sh\necho "line 3: no such terminal" >&2\nexit 1\n' >"$TMP/fake-fail/gnuplot"
printf '#!/bin/sh\nexit 0\n' >"$TMP/fake-none/gnuplot"
chmod +x "$TMP/fake-fail/gnuplot" "$TMP/fake-none/gnuplot"
rm -f "$TMP/fail.svg"
(cd "$TMP" && PATH=$TMP/fake-fail:$PATH TMPDIR=$PLOT_TMP "$SCN" plot "$R/base.json" -o "$TMP/fail.svg" >"$OUT" 2>"$ERR"; exit $?) 2>/dev/null
RC=$?
want_rc "gnuplot fails: exit 1 with its stderr" 1 "^  line 3: no such terminal$"
if [ -e "$TMP/fail.svg" ]; then
	fail "a failed plot leaves no file" "$TMP/fail.svg exists"
else
	ok "a failed plot leaves no file"
fi
(cd "$TMP" && PATH=$TMP/fake-none:$PATH TMPDIR=$PLOT_TMP "$SCN" plot "$R/base.json" -o "$TMP/none.svg" >"$OUT" 2>"$ERR"; exit $?) 2>/dev/null
RC=$?
want_rc "gnuplot draws nothing: exit 1" 1 "gnuplot drew nothing"
left_nothing "failed plots leave nothing in TMPDIR"

if ! command -v gnuplot >/dev/null 2>&1; then
	skip "plots" "gnuplot is not installed (apt-get install gnuplot-nox)"
	exit 0
fi

run table "$R/sweep-base.json" -o "$TMP/table.svg" &&
	drawn "a sweep's table to SVG: a line per column" "$TMP/table.svg" \
		"<svg" "poll" "epoll" "readers" "uffd_readers" \
		"fault.pages / fault.seconds"
run sweep-metric "$R/sweep-new.json" --metric rate -o "$TMP/rate.svg" &&
	drawn "a sweep's metric with error bars, a line per other value" \
		"$TMP/rate.svg" "wait=poll" "wait=epoll" "rate (pages/s)"
run bars "$R/base.json" -o "$TMP/bars.svg" &&
	drawn "no sweep: a bar per phase and the samples" "$TMP/bars.svg" \
		"fill" "unmerge" "samples" "rate (pages/s)"
run bars-time "$R/base.json" --metric time --phase unmerge -o "$TMP/time.svg" &&
	drawn "--metric time --phase unmerge, in ms" "$TMP/time.svg" "time (ms)" "unmerge"
run bars-mean "$R/base.json" -o "$TMP/bars.svg" &&
	drawn "bars say what they draw: the mean, min to max" "$TMP/bars.svg" \
		"mean, bars min to max"
run bars-title "$R/base.json" -o "$TMP/bars.svg" &&
	drawn "the title says the kernel, the host and the samples behind each bar" \
		"$TMP/bars.svg" "ksm_unmerge" "kernel 6.1.0-26-amd64, machine, n=5 each"
# Rates three orders of magnitude apart: a log axis, which the label says.
python3 - "$R/base.json" "$TMP/apart.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
m = d["points"][0]["phases"][1]["metrics"]["rate"]
m["samples"] = [x * 1000 for x in m["samples"]]
json.dump(d, open(sys.argv[2], "w"))
PY
run bars-log "$TMP/apart.json" -o "$TMP/apart.svg" &&
	drawn "rates 1000x apart: bars on a log axis, said on the axis" "$TMP/apart.svg" \
		"rate (pages/s, log scale)"
# The phase that matters is not hidden (issue 25): two runs of
# host_demand_paging drew fault's 88k pages/s beside check's 24M on one
# linear axis, a flat line, with tics of 2.5e+07. Two results whose
# phases are 150 times apart (fill about 88k, unmerge about 14M): a panel
# per phase, each its own scale (0 to 100k, 0 to 15M), the key once;
# tics in SI (80k, 7.5M, where gnuplot's "%.0s%c" rounds 7.5M to 8M),
# no e+ anywhere. svg_text FILE prints every text of an SVG, a line each.
svg_text() {
	python3 -c 'import sys, xml.etree.ElementTree as ET
for t in ET.parse(sys.argv[1]).getroot().iter():
    if t.tag.endswith("text"):
        print("".join(t.itertext()).strip())' "$1"
}
python3 - "$R/base.json" "$TMP/apart-a.json" "$TMP/apart-b.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for out, k in ((sys.argv[2], 1.0), (sys.argv[3], 1.05)):
    fill, unmerge = (ph["metrics"]["rate"] for ph in d["points"][0]["phases"])
    fill["samples"] = [x * 1.8 * k for x in (49000, 48500, 49500, 50000, 48000)]
    unmerge["samples"] = [x * 100 * k for x in (132000, 131000, 133000, 130000, 134000)]
    json.dump(d, open(out, "w"))
PY
run apart-ab "$TMP/apart-a.json" "$TMP/apart-b.json" -o "$TMP/apart-ab.svg"
if [ "$RC" = 0 ] && svg_text "$TMP/apart-ab.svg" >"$TMP/texts" 2>&1 &&
	grep -qx 'fill' "$TMP/texts" && grep -qx 'unmerge' "$TMP/texts" &&
	grep -qx '80k' "$TMP/texts" && grep -qx '7.5M' "$TMP/texts" && grep -qx '12.5M' "$TMP/texts" &&
	grep -q 'a scale per phase, as they are 1[45][0-9] times apart' "$TMP/texts" &&
	! grep -qE '[0-9]e[+-]?[0-9]' "$TMP/texts"; then
	ok "drawn: the panels' titles, SI tics (80k, 7.5M, 12.5M), no e+, the title says why"
else
	fail "panels drawn with SI tics" "exit $RC: $(head -3 "$ERR") $(tr '\n' '|' <"$TMP/texts")"
fi
# Close phases stay on one axis, its tics SI too (base.json and
# kernel.json: 49k and 142k pages/s, 3 times apart).
run kernels-si "$R/base.json" "$R/kernel.json" -o "$TMP/kernels-si.svg"
if [ "$RC" = 0 ] && svg_text "$TMP/kernels-si.svg" >"$TMP/texts" 2>&1 &&
	grep -qx '125k' "$TMP/texts" && ! grep -q 'a scale per phase' "$TMP/texts" &&
	! grep -qE '[0-9]e[+-]?[0-9]' "$TMP/texts"; then
	ok "phases 3x apart: one axis, SI tics (125k)"
else
	fail "phases 3x apart: one axis, SI tics" "exit $RC: $(tr '\n' '|' <"$TMP/texts")"
fi
# A log axis labels its decades in SI too (apart.json: 49k and 142M).
if svg_text "$TMP/apart.svg" >"$TMP/texts" 2>&1 &&
	grep -qx '100k' "$TMP/texts" && grep -qx '1M' "$TMP/texts" && grep -qx '100M' "$TMP/texts" &&
	! grep -qE '[0-9]e[+-]?[0-9]' "$TMP/texts"; then
	ok "a log axis: decades in SI (100k, 1M, 100M)"
else
	fail "a log axis: decades in SI" "$(tr '\n' '|' <"$TMP/texts")"
fi
# Lines of two phases far apart (a sweep): a log axis.
python3 - "$R/sweep-base.json" "$TMP/sweep-apart.json" <<'PY'
import copy, json, sys
d = json.load(open(sys.argv[1]))
d.pop("table", None)
for pt in d["points"]:
    ph = copy.deepcopy(pt["phases"][0])
    ph["name"] = "check"
    r = ph["metrics"]["rate"]
    r["samples"] = [x * 200 for x in r["samples"]]
    for k in ("min", "median", "mean", "max", "stddev"):
        r[k] = r[k] * 200
    pt["phases"].append(ph)
json.dump(d, open(sys.argv[2], "w"))
PY
run sweep-apart "$TMP/sweep-apart.json" -o "$TMP/sweep-apart.svg" &&
	drawn "a sweep's lines of phases 200x apart: a log axis, said on the axis" "$TMP/sweep-apart.svg" \
		"rate (pages/s, log scale)" "check wait=epoll" ">10M<"

# A sweep's table with the runs' spread: medians, error bars, the unit.
printf '# SPDX-License-Identifier: GPL-2.0-only\nparam size = 1M\nregion r type=anon size=size\nphase p { host write r }\nsweep size in 1M, 2M, 4M\ntable rows=size value=p.time\n' >"$TMP/tab.scn"
"$SCN" run -q $WAIT --repeat 3 --format json -o "$TMP/tab.json" "$TMP/tab.scn" >/dev/null 2>&1
run table-spread "$TMP/tab.json" -o "$TMP/tab.svg" &&
	drawn "a table of 3 runs a cell: means with min-max bars, the value's unit" "$TMP/tab.svg" \
		"mean of 3 runs, bars min to max" "p.time (s)" "n=3 each"
# A number's unit is the scenario's word for it (table unit=).
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
d["table"]["unit"] = "pages/s"
json.dump(d, open(sys.argv[2], "w"))' "$R/sweep-base.json" "$TMP/sweep-unit.json"
run table-unit "$TMP/sweep-unit.json" -o "$TMP/table-unit.svg" &&
	drawn "a table's unit= on the y axis" "$TMP/table-unit.svg" "fault.pages / fault.seconds (pages/s)"
run no-metric "$R/base.json" --metric nope -o "$TMP/x.svg" &&
	want_rc "an unknown metric: exit 65 with the ones there are" 65 \
		"has no metric 'nope'; it has: time, rate, pages"
run no-phase "$R/base.json" --phase nope -o "$TMP/x.svg" &&
	want_rc "an unknown phase: exit 65" 65 "has no phase 'nope'"

# Grouped bars: results of two kernels, named by their releases; a sweep
# over words (numa_policy.scn, mode=default,local, two runs each).
run kernels "$R/base.json" "$R/kernel.json" -o "$TMP/kernels.svg" &&
	drawn "two kernels: grouped bars named by release, titled with what differs" \
		"$TMP/kernels.svg" "ksm_unmerge: rate per phase, across kernel" \
		"6.1.0-26-amd64" "6.12.0-rc1+" "fill" "unmerge" \
		"each bar: the mean of the runs; error bars: min to max"
run words "$R/words.json" --metric time -o "$TMP/words.svg" &&
	drawn "a sweep over words: grouped bars, a bar per point" "$TMP/words.svg" \
		"numa_policy: time per phase, across mode" "mode=default" \
		"mode=local" "first" "settle" "time (s)"
# Two swept words, one inside the other's name: both in the title.
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
for p in d["points"]:
    p["swept"] = {"modes": "x", "mode": p["swept"]["mode"]}
json.dump(d, open(sys.argv[2], "w"))' "$R/words.json" "$TMP/words2.json"
run words-two "$TMP/words2.json" --metric time -o "$TMP/words2.svg" &&
	drawn "two swept words, one a part of the other's name: the title has both" \
		"$TMP/words2.svg" "numa_policy: time per phase, across modes, mode"
run kernels-words "$R/words.json" "$R/words.json" --metric time -o "$TMP/kw.svg" &&
	drawn "the same result twice: bars named by point and file" "$TMP/kw.svg" \
		"mode=default; words.json" "mode=local; words.json"
run kernels-skip "$R/base.json" "$R/skip.json" "$R/kernel.json" -o "$TMP/ks.svg" &&
	drawn "a skipped result among several is left out, with a note" "$TMP/ks.svg" \
		"6.1.0-26-amd64" "6.12.0-rc1+" &&
	grep -q "leaving out .*skip.json: it was skipped: needs ksm" "$ERR" ||
	fail "the note on a result left out" "$(cat "$ERR")"
run kernels-bad "$R/base.json" "$R/malformed.json" -o "$TMP/x.svg" &&
	want_rc "one bad file of several: exit 65 naming it" 65 "malformed\.json:4:3: unexpected"
run kernels-none "$R/base.json" "$R/kernel.json" --metric nope -o "$TMP/x.svg" &&
	want_rc "several files without the metric: exit 65" 65 "has no metric 'nope'"

# Results compare would refuse are not drawn on one axis unless told:
# words.json as if run on this machine's PVM (local) and in a TCG test
# host (th, th2: two kernels); two local runs whose boot lines differ
# in many words (boot-a, boot-b).
python3 - "$R/words.json" "$TMP" <<'PY'
import copy, json, sys
d = json.load(open(sys.argv[1]))
tmp = sys.argv[2]
def write(name, x):
    json.dump(x, open("%s/%s.json" % (tmp, name), "w"), indent=1)
loc = copy.deepcopy(d)
loc["fingerprint"]["virt"]["kind"] = "pvm"
loc["fingerprint"]["kernel"]["release"] = "6.18.44-fc"
loc["fingerprint"]["kernel"]["cmdline"] = " ".join("opt%d=%s" % (i, "x" * 20) for i in range(40))
write("local", loc)
for name, rel, total in (("th", "6.12.117+deb12-amd64", 2069000000),
                         ("th2", "6.1.0-57-amd64", 2069798912)):
    th = copy.deepcopy(d)
    fp = th["fingerprint"]
    fp["virt"]["kind"] = "svm"
    fp["kernel"]["release"] = rel
    fp["kernel"]["cmdline"] = "console=ttyS0 quiet"
    fp["memory"]["total"] = total
    fp["testhost"] = {"spec": "debian", "accel": "tcg", "cpu": "EPYC,+svm", "cpus": 2,
                      "mem": 2 << 30, "nodes": 1, "qemu": "7.2.22",
                      "outer": {"kernel": "6.18.44", "cpu": "AMD EPYC", "cpus": 2,
                                "mem": 25 << 30, "nodes": 1}}
    write(name, th)
def on_arch(name, arch, model, kind, release, spec, cpu):
    """th.json's run as on a test host of another architecture."""
    d = copy.deepcopy(json.load(open("%s/th.json" % tmp)))
    fp = d["fingerprint"]
    fp["arch"] = arch
    fp["cpu"]["model"] = model
    fp["virt"]["kind"] = kind
    fp["kernel"]["release"] = release
    fp["testhost"].update(spec=spec, arch=arch, cpu=cpu)
    write(name, d)
on_arch("arm", "aarch64", "QEMU max", "vhe", "6.12.117+deb12-arm64", "debian:6.12-arm64",
        "max,pauth-impdef=on")
on_arch("rv", "riscv64", "unknown", "h", "6.12.118+deb13-riscv64", "debian:6.12-riscv64",
        "rv64")
for name, extra in (("boot-a", ""), ("boot-b", " a=1 b=2 c=3 d=4 e=5")):
    b = copy.deepcopy(d)
    b["fingerprint"]["kernel"]["cmdline"] += extra
    write(name, b)
PY
run unlike "$TMP/local.json" "$TMP/th.json" --metric time -o "$TMP/unlike.svg" &&
	want_rc "a local run beside a test host's: refused, exit 3, as compare refuses them" 3 \
		"^  fingerprint\.virt\.kind: \"pvm\" -> \"svm\"$"
grep -q "^hint: draw each on its own, or --force draws them on one axis" "$ERR" &&
	[ ! -e "$TMP/unlike.svg" ] && ok "refused: a hint, and no picture" ||
	fail "refused: a hint, and no picture" "$(cat "$ERR")"
run unlike-force "$TMP/local.json" "$TMP/th.json" --metric time --force -o "$TMP/unlike.svg" &&
	drawn "--force draws them, each bar named by its point first, then its host and kernel" \
		"$TMP/unlike.svg" "mode=default; machine (pvm) 6.18.44-fc" \
		"mode=local; test host (tcg, svm) 6.12.117+deb12-amd64" "across host, kernel, mode" \
		"n=2 each; not measured alike (--force)"
if grep -q "opt0=" "$TMP/unlike.svg"; then
	fail "a host of another kind: its boot line is not the bar's name" "$(grep -o 'opt0=[^<]*' "$TMP/unlike.svg" | head -1)"
else
	ok "a host of another kind: its boot line is not the bar's name"
fi
run kernels-th "$TMP/th2.json" "$TMP/th.json" --metric time -o "$TMP/x.svg" &&
	want_rc "two kernels in test hosts: refused without --across kernel" 3 \
		"^hint: only what their kernels make differ differs: --across kernel draws them"
run kernels-th-across "$TMP/th2.json" "$TMP/th.json" --metric time --across kernel -o "$TMP/across.svg" &&
	drawn "--across kernel draws them, the host they share in the title" "$TMP/across.svg" \
		"test host (tcg, svm), n=2 each" "mode=default; 6.1.0-57-amd64"
# Seed 002's picture: one scenario on x86 and on arm64 test hosts.
run arch-refused "$TMP/th.json" "$TMP/arm.json" --metric time -o "$TMP/x.svg" &&
	want_rc "x86 and arm64: refused without --across arch, with a hint" 3 \
		"^hint: only what their architectures and kernels make differ differs: --across arch draws them"
run arch-kernel "$TMP/th.json" "$TMP/arm.json" --metric time --across kernel -o "$TMP/x.svg" &&
	want_rc "x86 and arm64: --across kernel refuses them" 3 'fingerprint.arch: "x86_64" -> "aarch64"'
run arch "$TMP/th.json" "$TMP/arm.json" --metric time --across arch -o "$TMP/arch.svg" &&
	drawn "--across arch draws them, each bar named by its architecture" "$TMP/arch.svg" \
		"x86_64 test host (tcg, svm)" "aarch64 test host (tcg, vhe)" "across arch, host, kernel"
run arch3 "$TMP/th.json" "$TMP/arm.json" "$TMP/rv.json" --metric time --across arch -o "$TMP/arch3.svg" &&
	drawn "--across arch draws three architectures, x86, arm64 and riscv64" "$TMP/arch3.svg" \
		"x86_64 test host (tcg, svm)" "aarch64 test host (tcg, vhe)" "riscv64 test host (tcg, h)"
run boot "$TMP/boot-a.json" "$TMP/boot-b.json" --metric time -o "$TMP/boot.svg" &&
	drawn "boot lines that differ in many words: three named, the rest counted" "$TMP/boot.svg" \
		"mode=default; a=1 b=2 c=3 and 2 more boot options" "mode=default; default boot options"
run across-what "$R/words.json" --across cpu -o "$TMP/x.svg" &&
	want_rc "--across cpu: usage, exit 64" 64 "--across takes 'kernel' or 'arch', not 'cpu'"

# What is drawn is the mean, as compare judges it: gnuplot's data, seen
# through a gnuplot that keeps it (unmerge's rates 1, 1, 1, 1, 6: mean 2,
# median 1).
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
m = d["points"][0]["phases"][1]["metrics"]["rate"]
m["samples"] = [1, 1, 1, 1, 6]
for k in ("min", "median", "mean", "max", "stddev"):
    m.pop(k, None)
json.dump(d, open(sys.argv[2], "w"))' "$R/base.json" "$TMP/skewed.json"
mkdir -p "$TMP/fake-keep" "$TMP/kept"
cat >"$TMP/fake-keep/gnuplot" <<'SH'
#!/bin/sh
cp "$(dirname "$1")"/*.dat "$1" "$KEEP"/
out=$(sed -n 's/^set output "\(.*\)"$/\1/p' "$1")
echo '<svg/>' >"$out"
SH
chmod +x "$TMP/fake-keep/gnuplot"
(cd "$TMP" && KEEP=$TMP/kept PATH=$TMP/fake-keep:$PATH TMPDIR=$PLOT_TMP "$SCN" plot "$TMP/skewed.json" --phase unmerge -o "$TMP/skewed.svg" >"$OUT" 2>"$ERR")
if grep -Eq '^0 2 1 6 ' "$TMP/kept/bars.dat" 2>/dev/null; then
	ok "a bar is the mean of its samples (2), not their median (1)"
else
	fail "a bar is the mean of its samples (2), not their median (1)" "$(cat "$TMP/kept/bars.dat" "$ERR" 2>&1)"
fi
(cd "$TMP" && KEEP=$TMP/kept PATH=$TMP/fake-keep:$PATH TMPDIR=$PLOT_TMP "$SCN" plot "$TMP/skewed.json" "$R/kernel.json" --phase unmerge -o "$TMP/skewed.svg" >"$OUT" 2>"$ERR")
if grep -Eq '^0 2 1 6 ' "$TMP/kept/groups.dat" 2>/dev/null &&
	grep -q '^set xtics ("unmerge" 0)$' "$TMP/kept/plot.gp"; then
	ok "a grouped bar is the mean of its samples too"
else
	fail "a grouped bar is the mean of its samples too" "$(cat "$TMP/kept/groups.dat" "$ERR" 2>&1)"
fi
# The two results of phases 150 times apart (above), as the script has them.
(cd "$TMP" && KEEP=$TMP/kept PATH=$TMP/fake-keep:$PATH TMPDIR=$PLOT_TMP "$SCN" plot \
	"$TMP/apart-a.json" "$TMP/apart-b.json" -o "$TMP/apart-ab.svg" >"$OUT" 2>"$ERR")
ranges=$(sed -n 's/^set yrange \[0:\([0-9.e+]*\)\]$/\1/p' "$TMP/kept/plot.gp" | tr '\n' ' ')
if grep -q '^set multiplot layout 1,2 ' "$TMP/kept/plot.gp" &&
	grep -q '^set title "fill"$' "$TMP/kept/plot.gp" && grep -q '^set title "unmerge"$' "$TMP/kept/plot.gp" &&
	grep -q 'every ::1::1 using 5:6:7 title ' "$TMP/kept/plot.gp" &&
	[ "$ranges" = "100000 15000000 " ] && [ "$(grep -c '^unset key$' "$TMP/kept/plot.gp")" = 1 ]; then
	ok "phases 150x apart, two results: a panel per phase, a scale each (0-100k, 0-15M), the key once"
else
	fail "phases far apart: a panel per phase" "ranges '$ranges': $(grep -E 'multiplot|range|title|key' "$TMP/kept/plot.gp")"
fi

# A title that would be gnuplot or shell code if it were not quoted.
# The newline in the name is shown as compare shows it, \n.
IFS= read -r title <<'TXT'
<text>it's "x"\n'; system('touch PWNED') # \ `touch PWNED2` $(touch PWNED3)</text>
TXT
run tricky "$R/tricky.json" -o "$TMP/tricky.svg" &&
	drawn "quotes, backquotes and \$() in titles stay text" "$TMP/tricky.svg" \
		"$title" "<text>fi'll</text>"
if ls "$TMP"/PWNED* >/dev/null 2>&1 || ls "$ROOT"/PWNED* >/dev/null 2>&1; then
	fail "titles run nothing" "a PWNED file was made"
else
	ok "titles run nothing"
fi

# Labels quoted so that any text works (issue 24): two adjacent single
# quotes (x''y) made gnuplot 5.4 exit 1, as 'x''''y' is two strings to it.
# Every field that reaches a label gets quotes, backslashes, a newline,
# ESC, BEL, C1, a bidi override, backquotes, $(), @macros and gnuplot
# code: a bar per phase, grouped bars (words), lines (numbers), a table,
# two results told apart by kernel, command line, host and a parameter.
# Each picture must be drawn, be well-formed XML with no control byte,
# show the text escaped as compare shows it, and run nothing.
if command -v python3 >/dev/null 2>&1; then
	python3 - "$R/base.json" "$R/sweep-base.json" "$TMP/lab" <<'PY'
import copy, json, os, sys
bad = "x''y \"q\" \\ \\\\ a\nb \x1b[31m\x07 \u009b\u202e `touch PWNED4` $(touch PWNED5) @GPVAL_VERSION '; system('touch PWNED6') #"
base, sweep, out = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
os.makedirs(out, exist_ok=True)
def dump(d, name):
    json.dump(d, open(os.path.join(out, name), "w"))
# A bar per phase: the scenario's name (title), a phase's (tic), a unit.
d = copy.deepcopy(base)
d["scenario"]["name"] = bad
d["points"][0]["phases"][0]["name"] = bad
for ph in d["points"][0]["phases"]:
    ph["metrics"]["time"]["unit"] = bad if ph is d["points"][0]["phases"][0] else "s"
d["fingerprint"]["kernel"]["release"] = bad
d["fingerprint"]["virt"]["kind"] = bad
dump(d, "bars.json")
# Grouped bars: a sweep over words, its name and values.
g = copy.deepcopy(base)
g["scenario"]["name"] = bad
for i, pt in enumerate(g["points"]):
    pt["swept"] = {bad: bad + str(i)}
g["points"].append(copy.deepcopy(g["points"][0]))
g["points"][1]["swept"] = {bad: "other"}
g["points"][1]["params"] = dict(g["points"][1]["params"], other=1)
dump(g, "groups.json")
# Lines: a sweep over numbers, and a word beside them (the series' titles).
s = copy.deepcopy(sweep)
s.pop("table", None)
for pt in s["points"]:
    sw = pt["swept"]
    pt["swept"] = {bad + "n": sw["readers"], bad: bad + sw["wait"]}
dump(s, "lines.json")
# The table: its names, a column's value, the unit.
t = copy.deepcopy(sweep)
t["table"]["rows"], t["table"]["cols"], t["table"]["value"] = bad, bad, bad
t["table"]["col_values"] = [bad, bad + "2"]
t["table"]["unit"] = bad
dump(t, "table.json")
# Two results told apart by what differs: kernel, boot line, a parameter.
a, b = copy.deepcopy(base), copy.deepcopy(base)
a["fingerprint"]["kernel"]["release"], b["fingerprint"]["kernel"]["release"] = bad, bad + "2"
b["fingerprint"]["kernel"]["cmdline"] += " " + bad.replace(" ", "_")
b["scenario"]["params"]["size"] = bad
for pt in b["points"]:
    pt["params"]["size"] = bad
dump(a, "kern-a.json")
dump(b, "kern-b.json")
PY
	lab_check() { # name svg
		python3 - "$2" <<'PY'
import re, sys, xml.etree.ElementTree as ET
raw = open(sys.argv[1], "rb").read()
ET.fromstring(raw)	# well-formed
text = raw.decode("utf-8")
assert not re.search("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u0080-\u009f\u202e]", text), "a control character"
want = "x''y \"q\" \\ \\\\ a\\nb \\u001b[31m\\u0007 \\u009b\\u202e `touch PWNED4` $(touch PWNED5) @GPVAL_VERSION '; system('touch PWNED6') #"
plain = text.replace("&quot;", '"').replace("&apos;", "'").replace("&amp;", "&")
assert want[:100] in plain, "the text shown escaped"
PY
	}
	for f in bars groups lines table; do
		(cd "$TMP" && "$SCN" plot "$TMP/lab/$f.json" -o "$TMP/lab/$f.svg" >"$OUT" 2>"$ERR")
		RC=$?
		if [ $RC = 0 ] && lab_check "$f" "$TMP/lab/$f.svg" 2>"$TMP/py"; then
			ok "labels of any text: $f drawn, every field shown escaped, well-formed"
		else
			fail "labels of any text: $f" "exit $RC: $(head -5 "$ERR") $(tail -2 "$TMP/py")"
		fi
	done
	(cd "$TMP" && "$SCN" plot --force "$TMP/lab/kern-a.json" "$TMP/lab/kern-b.json" \
		-o "$TMP/lab/kern.svg" >"$OUT" 2>"$ERR")
	RC=$?
	if [ $RC = 0 ] && lab_check kern "$TMP/lab/kern.svg" 2>"$TMP/py"; then
		ok "labels of any text: two results named by kernel, boot line and parameter"
	else
		fail "labels of any text: two results" "exit $RC: $(head -5 "$ERR") $(tail -2 "$TMP/py")"
	fi
	if LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' "$ERR"; then
		fail "plot's messages escape the result's strings" "$(od -c "$ERR" | head)"
	else
		ok "plot's messages escape the result's strings"
	fi
	if ls "$TMP"/PWNED* "$TMP"/lab/PWNED* >/dev/null 2>&1; then
		fail "labels run nothing" "a PWNED file was made"
	else
		ok "labels run nothing"
	fi
fi

if gnuplot -e 'print GPVAL_TERMINALS' 2>&1 | grep -qw 'png\|pngcairo'; then
	run png "$R/sweep-base.json" -o "$TMP/table.png"
	if [ "$RC" = 0 ] && [ "$(head -c 4 "$TMP/table.png" | od -An -c | tr -d ' ')" = '211PNG' ]; then
		ok "a sweep's table to PNG"
	else
		fail "a sweep's table to PNG" "exit $RC: $(head -5 "$ERR")"
	fi
else
	skip "png" "this gnuplot has no png terminal"
fi
left_nothing "plots leave nothing in TMPDIR"

# Issue 21: a result's names are any length, and gnuplot took minutes over
# a label of 100 MB (2 s and a 10 MB picture for 10 MB): titles, labels
# and tics are cut to 120 bytes.
python3 - "$R/base.json" "$TMP/long.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for pt in d["points"]:
    pt["phases"][1]["name"] = "x" * (10 << 20)
json.dump(d, open(sys.argv[2], "w"))
PY
run long-name "$TMP/long.json" -o "$TMP/long.svg"
if [ "$RC" != 0 ]; then
	fail "a 10 MB phase name" "exit $RC: $(head -3 "$ERR" | cut -c1-200)"
elif [ "$(stat -c %s "$TMP/long.svg")" -gt 200000 ] || grep -q 'x\{200\}' "$TMP/long.svg"; then
	fail "a 10 MB phase name: its label is cut" "the picture has $(stat -c %s "$TMP/long.svg") bytes"
else
	ok "a 10 MB phase name: its label is cut, the picture small"
fi

# A signal while gnuplot draws: gnuplot stopped, the directory removed,
# 128+N with a line that says so (gnuplot ran on, the directory stayed).
mkdir -p "$TMP/fake-slow"
printf '#!/bin/sh\necho $$ >"%s"\nexec sleep 60\n' "$TMP/gnuplot.pid" >"$TMP/fake-slow/gnuplot"
chmod +x "$TMP/fake-slow/gnuplot"
(cd "$TMP" && PATH=$TMP/fake-slow:$PATH TMPDIR=$PLOT_TMP exec "$SCN" plot "$R/base.json" \
	-o "$TMP/slow.svg" >"$OUT" 2>"$ERR") &
p=$!
for _ in $(seq 1 100); do
	[ -s "$TMP/gnuplot.pid" ] && break
	sleep 0.05
done
kill -TERM $p
wait $p
RC=$?
sleep 0.2
g=$(cat "$TMP/gnuplot.pid" 2>/dev/null)
if [ -z "$g" ]; then
	fail "SIGTERM while gnuplot draws" "gnuplot never started (exit $RC): $(head -3 "$ERR")"
elif [ "$RC" != 143 ] || ! grep -q "interrupted by signal 15; gnuplot was stopped" "$ERR"; then
	fail "SIGTERM while gnuplot draws" "exit $RC: $(head -3 "$ERR")"
elif kill -0 "$g" 2>/dev/null; then
	fail "SIGTERM while gnuplot draws" "gnuplot ($g) runs on"
	kill "$g"
else
	ok "SIGTERM while gnuplot draws: 143, gnuplot stopped"
fi
left_nothing "SIGTERM while gnuplot draws: nothing left in TMPDIR"
