#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Suites (docs/results.md, sections 7 and 8): scn run DIR and FILE.suite
# give one KTAP document with kselftest's totals line and its exit code;
# suite files are checked first; timeouts, the SIGKILL backstop and
# Ctrl-C leave the knobs as found; JSON and NDJSON; the KTAP checker
# rejects what it must; make install writes the kselftest collection.
# Prints "ok NAME", "FAIL NAME: why" or "skip NAME: why", like the
# runtime tests, whose lib.sh it shares. The conditions of check() are
# shell code in single quotes, run with eval:
# shellcheck disable=SC2016,SC2034
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
ROOT=$PWD
CHECK="python3 $ROOT/tests/ktap_check.py"
KNOB=/sys/kernel/mm/ksm/pages_to_scan

# check NAME CONDITION [WHY]: CONDITION (shell code) decides; on failure
# WHY (shell code too) prints what was seen instead.
check() {
	if eval "$2"; then
		ok "$1"
	else
		fail "$1" "$(eval "${3:-true}" 2>&1 | head -c 2000)"
	fi
}

# Runs scn with stdout in $TMP/out, stderr in $TMP/err; $rc and $secs.
suite() {
	local start
	start=$(date +%s%N)
	"$SCN" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	secs=$((($(date +%s%N) - start) / 1000000000))
}

has_line() { grep -qxF -- "$1" "$TMP/out"; }
ktap_ok() { $CHECK "$TMP/out" >"$TMP/check" 2>&1; }

# --- a directory: pass, fail, skip --------------------------------------
mkdir -p "$TMP/dir"
printf 'region r type=anon size=1M\nphase p { host write r }\nexpect p.pages == 256\n' >"$TMP/dir/a_pass.scn"
printf 'phase p { sleep 1ms }\nexpect p.seconds > 100\n' >"$TMP/dir/b_fail.scn"
if [ -e /dev/kvm ]; then	# a requirement no machine meets instead
	printf 'require nodes >= 64\nregion r type=anon size=4K\nphase p { host write r }\n' >"$TMP/dir/c_skip.scn"
else
	printf 'require kvm\nbacking m type=memfd size=1G\nvm g mem=1G backing=m\nphase p { guest write }\n' >"$TMP/dir/c_skip.scn"
fi
echo 'not a scenario' >"$TMP/dir/notes.txt"
suite run -q --state-dir "$STATE" "$TMP/dir"
check "a directory suite with a failure exits 1" '[ "$rc" = 1 ]' 'echo "exit $rc"; cat "$TMP/err"'
check "the passing scenario is 'ok 1 a_pass'" 'has_line "ok 1 a_pass"' 'cat "$TMP/out"'
check "the failing scenario is 'not ok 2 b_fail'" 'has_line "not ok 2 b_fail"' 'cat "$TMP/out"'
check "the skipping scenario is 'ok 3 c_skip # SKIP reason'" \
	'grep -qE "^ok 3 c_skip # SKIP needs (kvm|nodes)" "$TMP/out"' 'cat "$TMP/out"'
check "version and plan open the document" \
	'[ "$(head -2 "$TMP/out" | tr "\n" "|")" = "KTAP version 1|1..3|" ]' 'head -2 "$TMP/out"'
check "the totals line is kselftest's, exactly" \
	'[ "$(tail -1 "$TMP/out")" = "# Totals: pass:1 fail:1 xfail:0 xpass:0 skip:1 error:0" ]' \
	'tail -1 "$TMP/out"'
check "exactly one result line per scenario" '[ "$(grep -cE "^(not )?ok " "$TMP/out")" = 3 ]' \
	'grep -E "^(not )?ok " "$TMP/out"'
check "the suite's KTAP passes ktap_check.py" ktap_ok 'cat "$TMP/check"'
check "the summary on stderr names each scenario, result and time" \
	'grep -qE "^  b_fail +fail +[0-9.]+s" "$TMP/err"' 'cat "$TMP/err"'

# The same as JSON: one document, each child's verbatim.
json_ok() {
	python3 - "$TMP/out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["schema"] == "scn-suite/1", d["schema"]
assert [r["schema"] for r in d["results"]] == ["scn-result/1"] * 3
assert [r["status"] for r in d["results"]] == ["pass", "fail", "skip"]
assert [s["status"] for s in d["scenarios"]] == ["pass", "fail", "skip"]
assert d["totals"] == {"pass": 1, "fail": 1, "xfail": 0, "xpass": 0, "skip": 1, "error": 0}
assert d["exit_code"] == 1 and d["interrupted"] is None
PY
}
suite run -q --format json --state-dir "$STATE" "$TMP/dir"
check "--format json: one scn-suite/1 document with the children's" json_ok \
	'echo "exit $rc"; json_ok; head -c 300 "$TMP/out"'
ndjson_ok() {
	python3 - "$TMP/out" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
assert lines[0]["type"] == "suite" and lines[0]["scenarios"] == 3
assert lines[-1]["type"] == "totals" and lines[-1]["exit_code"] == 1
assert [l["status"] for l in lines if l["type"] == "result"] == ["pass", "fail", "skip"]
assert [l["type"] for l in lines].count("start") == 3
PY
}
suite run -q --format ndjson --state-dir "$STATE" "$TMP/dir"
check "--format ndjson: suite, the children's lines, results, totals" ndjson_ok \
	'echo "exit $rc"; ndjson_ok; head -c 300 "$TMP/out"'
csv_ok() {
	python3 - "$TMP/out" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
assert rows[0] == ["scenario", "status", "point", "phase", "metric", "unit", "n",
                   "min", "median", "mean", "max", "stddev"], rows[0]
body = rows[1:]
assert {len(r) for r in body} == {12}
assert sorted({(r[0], r[1]) for r in body}) == [("a_pass", "pass"), ("b_fail", "fail"), ("c_skip", "skip")]
pages = [r for r in body if r[0] == "a_pass" and r[4] == "pages"]
assert len(pages) == 1 and float(pages[0][8]) == 256, pages
assert [r[2:] for r in body if r[0] == "c_skip"] == [[""] * 10]
PY
}
suite run -q --format csv --state-dir "$STATE" "$TMP/dir"
check "--format csv: a row per scenario, point, phase and metric; a skip is one row" csv_ok \
	'echo "exit $rc"; csv_ok; head -5 "$TMP/out"'

# --- a suite file: -D and timeouts ---------------------------------------
mkdir -p "$TMP/sf/sub"
printf 'param n = 1\nphase p { sleep 1ms }\nprint "n is {n}"\n' >"$TMP/sf/sub/p.scn"
cat >"$TMP/sf/my.suite" <<'SUITE'
# comment line

sub/p.scn -D n=7 timeout=9    # a line's -D beats the command line's
timeout 7
sub/p.scn
SUITE
suite run -q -D n=3 --state-dir "$STATE" "$TMP/sf/my.suite"
check "a suite file's scenarios run, found relative to the file" '[ "$rc" = 0 ]' \
	'echo "exit $rc"; cat "$TMP/out" "$TMP/err"'
check "a suite line's -D beats the command line's" \
	'[ "$(grep -c "# n is 7" "$TMP/out")/$(grep -c "# n is 3" "$TMP/out")" = 1/1 ]' 'cat "$TMP/out"'
check "the suite file's KTAP passes ktap_check.py" ktap_ok 'cat "$TMP/check"'
timeouts() {
	python3 -c 'import json,sys; print([s["timeout"] for s in json.load(open(sys.argv[1]))["scenarios"]])' "$TMP/out"
}
suite run -q --format json --state-dir "$STATE" "$TMP/sf/my.suite"
check "timeout= on a line, then the file's 'timeout' line" '[ "$(timeouts)" = "[9, 7]" ]' timeouts
suite run -q --format json --timeout 8 --state-dir "$STATE" "$TMP/sf/my.suite"
check "--timeout beats the file's 'timeout' line, not a line's timeout=" \
	'[ "$(timeouts)" = "[9, 8]" ]' timeouts

# Errors in the file: all of them, at FILE:LINE:COL, exit 65, nothing run.
printf 'sub/p.scn\nsub/p.scn timeout=10m\nsub/p.scn -D\nsub/nothere.scn\nsub/p.scn --frob\ntimeout\n' >"$TMP/sf/bad.suite"
suite run -q --state-dir "$STATE" "$TMP/sf/bad.suite"
check "errors in a suite file: exit 65, nothing on stdout" '[ "$rc" = 65 ] && [ ! -s "$TMP/out" ]' \
	'echo "exit $rc"; cat "$TMP/out"'
for want in "bad.suite:2:11: error: '10m' is not a timeout in whole seconds" \
	    "bad.suite:3:11: error: -D needs NAME=VALUE after it" \
	    "bad.suite:4:1: error: cannot read scenario" \
	    "bad.suite:5:11: error: unknown word '--frob' on a scenario line" \
	    "bad.suite:6:1: error: 'timeout' takes one value"; do
	check "suite file error: ${want#*error: }" 'grep -qF "$want" "$TMP/err"' 'cat "$TMP/err"'
done
# Issue 24: what exec cannot take is found first, at its place (exit 65),
# not as a child that "exited with 127"; a failed exec says its errno; a
# NUL byte is said as a scenario's is, where it is.
{ printf 'sub/p.scn\nsub/p.scn -D n='; head -c 140000 /dev/zero | tr '\0' 7; echo; } >"$TMP/sf/huge.suite"
suite run -q --state-dir "$STATE" "$TMP/sf/huge.suite"
check "a -D value past MAX_ARG_STRLEN: exit 65 at its line, nothing run" \
	'[ "$rc" = 65 ] && [ ! -s "$TMP/out" ] && grep -qF "huge.suite:2:14: error: -D n=... is 140002 bytes long; exec takes one argument of at most" "$TMP/err"' \
	'echo "exit $rc"; cut -c1-200 "$TMP/err"'
{ printf 'sub/p.scn'; for v in n m; do printf ' -D %s=' $v; head -c 100000 /dev/zero | tr '\0' 7; done; echo; } >"$TMP/sf/total.suite"
# A stack limit of 256 KiB: ARG_MAX is its floor, 128 KiB.
rc=$( (ulimit -s 256 && "$SCN" run -q --state-dir "$STATE" "$TMP/sf/total.suite" >"$TMP/out" 2>"$TMP/err"; echo $?) )
check "arguments past ARG_MAX together: exit 65 at the scenario's line" \
	'[ "$rc" = 65 ] && [ ! -s "$TMP/out" ] && grep -qE "total.suite:1:1: error: scn run of .p. would take [0-9]+ bytes of arguments and environment; exec takes at most 131072 \(ARG_MAX\)" "$TMP/err"' \
	'echo "exit $rc"; cut -c1-200 "$TMP/err"'
if need_root && command -v unshare >/dev/null; then
	# No /proc: the child's exec of /proc/self/exe fails with ENOENT.
	unshare -m --propagation private sh -c 'umount -l /proc && exec "$0" run -q "$1"' \
		"$SCN" "$TMP/sf/my.suite" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	check "a child that cannot be started says why, with its errno" \
		'[ "$rc" = 1 ] && grep -qF "# ERROR scn run could not be started: No such file or directory (errno 2)" "$TMP/out" && grep -qF "cannot run scn run: No such file or directory (errno 2)" "$TMP/err"' \
		'echo "exit $rc"; cat "$TMP/out" "$TMP/err"'
else
	skip "a child that cannot be started says why, with its errno" "needs root and unshare"
fi
printf 'sub/p.scn\n# a NUL \0 here\n' >"$TMP/sf/nul.suite"
suite run -q --state-dir "$STATE" "$TMP/sf/nul.suite"
check "a NUL byte in a suite file: exit 65 at it, a scenario's words" \
	'[ "$rc" = 65 ] && grep -qF "nul.suite:2:9: error: cannot read '"'"'$TMP/sf/nul.suite'"'"': not a text file (a NUL byte)" "$TMP/err"' \
	'echo "exit $rc"; cat "$TMP/err"'
suite run "$TMP/sf/none.suite"
check "a suite file that does not exist is exit 64" '[ "$rc" = 64 ]' 'echo "exit $rc"'
suite run --ktap-test 2 "$TMP/sf/my.suite"
check "--ktap-test is refused for a suite (exit 64)" '[ "$rc" = 64 ]' 'echo "exit $rc"'
mkdir -p "$TMP/empty"
suite run "$TMP/empty"
check "an empty directory is the plan 1..0 and exit 4" '[ "$rc" = 4 ] && has_line "1..0"' \
	'echo "exit $rc"; cat "$TMP/out"'

# or_kernel= (a line's own --or-kernel): where the suite runs with
# --or-kernel and this machine cannot run the scenario (64 nodes: no
# machine here has them), that line's test host is of its kernel, the
# others' of the command line's; with a QEMU that is not there, each is
# the SKIP that says so, before a boot. Two kernels on it are an error.
cat >"$TMP/sf/nodes64.scn" <<'SCN'
require nodes >= 64
phase p { sleep 1ms }
SCN
printf 'nodes64.scn or_kernel=debian:7.3\nnodes64.scn\n' >"$TMP/sf/or.suite"
if "$SCN" features 2>/dev/null | awk '$1 == "nodes" && $2 >= 64 { f = 1 } END { exit !f }'; then
	skip "a suite line's or_kernel= is its --or-kernel" "this machine has 64 NUMA nodes"
else
	SCN_QEMU=/nonexistent/qemu suite run -q --or-kernel debian:6.12 "$TMP/sf/or.suite"
	check "a suite line's or_kernel= is its --or-kernel; the others keep the command line's" \
		'[ "$(grep -o "it runs in a test host (debian:[0-9.]*)" "$TMP/out" | tr "\n" " ")" = "it runs in a test host (debian:7.3) it runs in a test host (debian:6.12) " ]' \
		'echo "exit $rc"; cat "$TMP/out" "$TMP/err"'
	SCN_QEMU=/nonexistent/qemu suite run -q "$TMP/sf/or.suite"
	check "without --or-kernel a line's or_kernel= changes nothing: a SKIP here" \
		'! grep -q "test host" "$TMP/out" && [ "$(grep -c "^ok [12] nodes64 # SKIP needs nodes >= 64" "$TMP/out")" = 2 ]' \
		'echo "exit $rc"; cat "$TMP/out" "$TMP/err"'
fi
printf 'nodes64.scn or_kernel=debian:6.12,debian:7.3\nnodes64.scn or_kernel=a or_kernel=b\n' >"$TMP/sf/or2.suite"
suite run -q "$TMP/sf/or2.suite"
check "or_kernel= of two kernels, or given twice: exit 65 at each" \
	'[ "$rc" = 65 ] && grep -qF "or2.suite:1:13: error: or_kernel= names one kernel" "$TMP/err" && grep -qF "or2.suite:2:25: error: or_kernel= is given twice on this line" "$TMP/err"' \
	'echo "exit $rc"; cat "$TMP/err"'

# The default suite lists every shipped scenario, once.
listed=$(grep -oE '^[^#[:space:]]+\.scn' scenarios/default.suite | sort | tr '\n' ' ')
shipped=$(cd scenarios && ls *.scn | sort | tr '\n' ' ')
check "scenarios/default.suite lists every scenarios/*.scn" '[ "$listed" = "$shipped" ]' \
	'echo "listed: $listed; shipped: $shipped"'

# --- timeouts, the backstop, Ctrl-C: knobs as found -----------------------
if ! need_root || [ ! -w "$KNOB" ]; then
	skip "suite timeouts and signals" "needs root and $KNOB"
else
	before=$(knob "$KNOB")
	knob_back() { [ "$(knob "$KNOB")" = "$before" ] && [ ! -e "$STATE/journal" ]; }
	mkdir -p "$TMP/slow"
	printf 'set ksm.pages_to_scan = 777\nphase p { sleep 30s }\n' >"$TMP/slow/slow.scn"
	printf 'timeout 60\nslow.scn timeout=2\n' >"$TMP/slow/t.suite"
	suite run -q $WAIT --state-dir "$STATE" "$TMP/slow/t.suite"
	check "a scenario past its timeout= is 'not ok # TIMEOUT'" \
		'has_line "not ok 1 slow # TIMEOUT 2 seconds"' 'cat "$TMP/out"'
	check "the timed-out suite exits 1 within a few seconds" '[ "$rc" = 1 ] && [ "$secs" -lt 8 ]' \
		'echo "exit $rc after ${secs}s"'
	check "after a timeout the knob is back and no journal is left" knob_back \
		'echo "knob $(cat "$KNOB"), was $before"; ls "$STATE"'
	check "the timed-out suite's KTAP passes ktap_check.py" ktap_ok 'cat "$TMP/check"'

	# A child that does not stop at its timeout (a host exec that ignores
	# the SIGTERM a stop sends it, so the run waits for it): killed 10 s
	# later, its line written and its journal replayed.
	printf '%s\n' 'set ksm.pages_to_scan = 778' \
		"phase p { host exec \"trap '' TERM; sleep 14 >/dev/null 2>&1\" }" >"$TMP/slow/hang.scn"
	printf 'hang.scn timeout=1\n' >"$TMP/slow/hang.suite"
	suite run -q $WAIT --state-dir "$STATE" "$TMP/slow/hang.suite"
	check "a child still running 10 s past its timeout is killed: 'not ok # TIMEOUT'" \
		'[ "$rc" = 1 ] && [ "$secs" -lt 14 ] && has_line "not ok 1 hang # TIMEOUT 1 seconds"' \
		'echo "exit $rc after ${secs}s"; cat "$TMP/out"'
	check "the killed child's journal is replayed and reported" \
		'knob_back && grep -q "^# hang: the run left its knob journal; replayed it" "$TMP/out"' \
		'echo "knob $(cat "$KNOB"), was $before"; ls "$STATE"; cat "$TMP/out"'
	check "the killed child's suite output passes ktap_check.py" ktap_ok 'cat "$TMP/check"'

	# Ctrl-C: SIGINT sent to the suite alone (kill), so the suite passes
	# it on; a terminal's would reach the child too.
	printf 'slow.scn\nslow.scn\nslow.scn\n' >"$TMP/slow/int.suite"
	"$SCN" run -q $WAIT --state-dir "$STATE" "$TMP/slow/int.suite" >"$TMP/out" 2>"$TMP/err" &
	pid=$!
	await_value "$KNOB" 777 $pid
	sleep 0.5
	kill -INT "$pid"
	wait "$pid"
	rc=$?
	check "SIGINT to a suite: exit 130" '[ "$rc" = 130 ]' 'echo "exit $rc"; cat "$TMP/err"'
	check "SIGINT: the partial summary line" \
		'has_line "# interrupted by signal 2 after 1 of 3 scenarios"' 'cat "$TMP/out"'
	check "SIGINT: a totals line for what ran" \
		'tail -1 "$TMP/out" | grep -qE "^# Totals: pass:0 fail:[01] xfail:0 xpass:0 skip:0 error:[01]$"' \
		'cat "$TMP/out"'
	check "SIGINT: nothing more launched" '[ "$(grep -cE "^(not )?ok " "$TMP/out")" = 1 ]' \
		'cat "$TMP/out"'
	check "SIGINT: the knob is restored, no journal" knob_back \
		'echo "knob $(cat "$KNOB"), was $before"; ls "$STATE"'
fi

# --- the KTAP checker rejects what it must -------------------------------
# bad_case NAME LINE INPUT: ktap_check.py exits 1 naming LINE.
bad_case() {
	printf '%s' "$3" >"$TMP/bad.ktap"
	$CHECK "$TMP/bad.ktap" >"$TMP/check" 2>&1
	r=$? at=$2
	check "ktap_check rejects $1 (line $2)" '[ "$r" = 1 ] && grep -q "bad.ktap:$at: " "$TMP/check"' \
		'echo "exit $r"; cat "$TMP/check"'
}
bad_case "a missing version line" 1 $'1..1\nok 1 a\n'
bad_case "a version line without a plan" 2 $'KTAP version 1\nok 1 a\n'
bad_case "numbering that skips" 4 $'KTAP version 1\n1..2\nok 1 a\nok 3 b\n'
bad_case "fewer results than planned" 4 $'KTAP version 1\n1..2\nok 1 a\n'
bad_case "an indentation of three spaces" 5 $'KTAP version 1\n1..1\n  KTAP version 1\n  1..1\n   ok 1 x\nok 1 a\n'
bad_case "a tab for indentation" 5 $'KTAP version 1\n1..1\n  KTAP version 1\n  1..1\n\tok 1 x\nok 1 a\n'
bad_case "a subtest block without its parent's result" 6 \
	$'KTAP version 1\n1..2\n  KTAP version 1\n  1..1\n  ok 1 x\n  KTAP version 1\n  1..1\n  ok 1 y\nok 1 a\nok 2 b\n'
bad_case "an unknown directive" 3 $'KTAP version 1\n1..1\nok 1 a # SKIPPED why\n'
bad_case "TIMEOUT on an ok line" 3 $'KTAP version 1\n1..1\nok 1 a # TIMEOUT 30 seconds\n'
bad_case "'ok' over a failed subtest" 6 \
	$'KTAP version 1\n1..1\n  KTAP version 1\n  1..1\n  not ok 1 x\nok 1 a\n'
bad_case "totals that disagree" 4 \
	$'KTAP version 1\n1..1\nok 1 a\n# Totals: pass:0 fail:1 xfail:0 xpass:0 skip:0 error:0\n'
bad_case "a malformed totals line" 4 $'KTAP version 1\n1..1\nok 1 a\n# Totals: pass:1 fail:0\n'
bad_case "a line that is not KTAP" 3 $'KTAP version 1\n1..1\nhello\nok 1 a\n'
bad_case "a diagnostic without a blank" 3 $'KTAP version 1\n1..1\n#x\nok 1 a\n'
bad_case "a result after the last planned" 4 $'KTAP version 1\n1..1\nok 1 a\nok 2 b\n'
printf 'KTAP version 1\n1..2\n  KTAP version 1\n  1..2\n  # why\n  not ok 1 x\n  ok 2 y # SKIP no\n# a failed\nnot ok 1 a\nok 2 b # SKIP none\n# Totals: pass:0 fail:1 xfail:0 xpass:0 skip:1 error:0\n' >"$TMP/good.ktap"
check "ktap_check accepts nesting, directives, diagnostics, totals" '$CHECK "$TMP/good.ktap"' \
	'$CHECK "$TMP/good.ktap"'
printf '  KTAP version 1\n  1..1\n  ok 1 p\nok 7 name\n' >"$TMP/block.ktap"
check "ktap_check --block accepts a --ktap-test block" '$CHECK --block "$TMP/block.ktap"' \
	'$CHECK --block "$TMP/block.ktap"'

# --- make install: the layout, then the kselftest scripts run ------------
DEST=$TMP/dest
san=
case $SCN in */build-san/*) san=SAN=1 ;; esac
if ! make --no-print-directory -s $san install DESTDIR="$DEST" PREFIX=/usr >"$TMP/out" 2>&1; then
	fail "make install" "$(tail -5 "$TMP/out")"
	exit 0
fi
K=$DEST/usr/lib/scn/kselftest
layout_ok() {
	local f n
	for f in bin/scn share/man/man1/scn.1 share/doc/scn/results.md \
		 share/scn/scenarios/default.suite lib/scn/kselftest/README \
		 lib/scn/kselftest/kselftest-list.txt lib/scn/kselftest/scn/settings; do
		[ -f "$DEST/usr/$f" ] || { echo "no usr/$f"; return 1; }
	done
	[ -x "$DEST/usr/bin/scn" ] || { echo "bin/scn not executable"; return 1; }
	for f in scenarios/*.scn; do
		n=$(basename "$f" .scn)
		[ -f "$DEST/usr/share/scn/scenarios/$n.scn" ] || { echo "no $n.scn"; return 1; }
		[ -x "$K/scn/$n.sh" ] || { echo "no executable scn/$n.sh"; return 1; }
		grep -qx "scn:$n.sh" "$K/kselftest-list.txt" || { echo "scn:$n.sh not listed"; return 1; }
	done
	[ "$(wc -l <"$K/kselftest-list.txt")" = "$(ls scenarios/*.scn | wc -l)" ] ||
		{ echo "kselftest-list.txt has extra lines"; return 1; }
	n=$(sed -n 's/^timeout=\([0-9]*\)$/\1/p' "$K/scn/settings")
	[ -n "$n" ] && [ "$n" -gt 300 ] || { echo "settings: $(cat "$K/scn/settings")"; return 1; }
}
check "make install DESTDIR= PREFIX=/usr: bin, scenarios, man, docs, kselftest collection" \
	layout_ok layout_ok
# The arm64 scn of the tree is installed where an installed x86 scn finds
# it for arm64 test hosts (QEMU is a stand-in that boots nothing).
if [ -x build-aarch64/scn ]; then
	TMPDIR=$TMP SCN_QEMU_AARCH64=/bin/true "$DEST/usr/bin/scn" exec -q \
		--kernel debian:6.12-arm64 -- "$DEST/usr/bin/scn" features >"$TMP/out" 2>"$TMP/err"
	rc=$?
	check "make install: the arm64 scn in lib/scn/aarch64, found there by bin/scn" \
		'[ -x "$DEST/usr/lib/scn/aarch64/scn" ] && ! grep -q "make aarch64" "$TMP/err"' \
		'echo "exit $rc"; cat "$TMP/err"'
else
	skip "make install: the arm64 scn in lib/scn/aarch64" "no build-aarch64/scn (make aarch64)"
fi
"$K/scn/ksm_unmerge_check.sh" -q $WAIT --state-dir "$STATE" >"$TMP/out" 2>"$TMP/err"
rc=$?
check "an installed kselftest script of a host scenario: exit 0, valid KTAP" \
	'[ "$rc" = 0 ] && ktap_ok' 'echo "exit $rc"; cat "$TMP/out" "$TMP/check" "$TMP/err"'
# A KVM scenario: it runs where this machine's KVM runs a guest (small,
# through the script's arguments) and is a SKIP where it cannot.
"$K/scn/mmu_stress.sh" -q --state-dir "$STATE" -D mem=64M -D slot=32M -D vcpus=2 \
	>"$TMP/out" 2>"$TMP/err"
rc=$?
if has_feature kvm; then
	check "an installed KVM kselftest script: exit 0 on this machine's KVM, valid KTAP" \
		'[ "$rc" = 0 ] && ktap_ok' 'echo "exit $rc"; cat "$TMP/out" "$TMP/check" "$TMP/err"'
else
	check "an installed KVM kselftest script: exit 4 (SKIP) without a usable KVM, valid KTAP" \
		'[ "$rc" = 4 ] && ktap_ok' 'echo "exit $rc"; cat "$TMP/out" "$TMP/check"'
fi
# While another run holds the knobs lock, a scenario that sets knobs is
# busy: the script exits kselftest's 4 (scn's 75) with the SKIP line that
# names the holder, and so does a suite's line for it.
printf 'set ksm.sleep_millisecs = 41\nphase hold { sleep 60s }\n' >"$TMP/hold.scn"
"$SCN" run -q $WAIT --state-dir "$TMP" "$TMP/hold.scn" >/dev/null 2>&1 &
holder=$!
await_value /sys/kernel/mm/ksm/sleep_millisecs 41 $holder
"$K/scn/ksm_unmerge_check.sh" -q --state-dir "$STATE" >"$TMP/out" 2>"$TMP/err"
rc=$?
check "an installed script while another run holds the knobs lock: exit 4, SKIP naming it" \
	'[ "$rc" = 4 ] && ktap_ok && grep -q "^ok 1 ksm_unmerge_check # SKIP another scn run holds /run/scn/knobs.lock: pid $holder " "$TMP/out"' \
	'echo "exit $rc"; cat "$TMP/out" "$TMP/check" "$TMP/err"'
mkdir -p "$TMP/knobdir"
printf 'set ksm.sleep_millisecs = 42\nphase p { sleep 0ns }\n' >"$TMP/knobdir/k.scn"
suite run -q --state-dir "$STATE" "$TMP/knobdir"
check "a suite reports a busy scenario as a SKIP with the reason (exit 4)" \
	'[ "$rc" = 4 ] && ktap_ok && grep -q "^ok 1 k # SKIP another scn run holds /run/scn/knobs.lock: pid $holder " "$TMP/out"' \
	'echo "exit $rc"; cat "$TMP/out" "$TMP/check" "$TMP/err"'
# A suite's --wait reaches each scenario: it runs once the holder is done.
"$SCN" run -q --state-dir "$STATE" --wait "$TMP/knobdir" >"$TMP/out" 2>"$TMP/err" &
waiter=$!
sleep 0.3
kill -TERM $holder; wait $holder
wait $waiter; rc=$?
check "a suite's --wait waits for the lock, then runs" \
	'[ "$rc" = 0 ] && grep -q "^ok 1 k$" "$TMP/out"' 'echo "exit $rc"; cat "$TMP/out" "$TMP/err"'
# A signal to an installed script reaches scn, which restores its knobs.
before=$(knob $KNOB)
"$K/scn/ksm_unmerge_check.sh" -q $WAIT --state-dir "$STATE" --repeat 100000 >"$TMP/out" 2>"$TMP/err" &
script=$!
for _ in $(seq 100); do grep -q "^  ok 1 merge" "$TMP/out" 2>/dev/null && break; [ -e "$STATE/journal" ] && break; sleep 0.05; done
kill -TERM $script; wait $script; rc=$?
check "SIGTERM to an installed script stops scn, which restores every knob" \
	'[ "$rc" = 143 ] && [ "$(knob $KNOB)" = "$before" ] && [ ! -e "$STATE/journal" ]' \
	'echo "exit $rc, $KNOB $(cat $KNOB) (was $before)"; cat "$TMP/err"'
make --no-print-directory -s $san uninstall DESTDIR="$DEST" PREFIX=/usr >/dev/null 2>&1
check "make uninstall removes every file" '[ -z "$(find "$DEST" -type f)" ]' 'find "$DEST" -type f'
