#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# KSM for real: the ksm_tests family's checks as scenarios, verified by
# KSM's counters (the scenarios' own expect lines) and by their output.
cd "$(dirname "$0")/../.."
. tests/runtime/lib.sh

if ! need_root; then
	skip ksm "not root: KSM knobs need root"
	exit 0
fi
if [ ! -d /sys/kernel/mm/ksm ]; then
	skip ksm "this kernel has no KSM"
	exit 0
fi

# A run passes and prints what pat matches; or, where another process
# merges at the same time (another run, a QEMU guest, the stand-in below),
# an expectation on KSM's machine-wide counters is a skip that says so.
expect_run() { # name file pattern [args]
	local name=$1 file=$2 pat=$3 rc
	shift 3
	"$SCN" run -q $WAIT --state-dir "$STATE" "$@" "$file" > "$TMP/out" 2>&1
	rc=$?
	if [ "$rc" = 4 ] && grep -q "^# SKIP another KSM user is active (pid [0-9]* (" "$TMP/out"; then
		# Beside the stand-in, that is the right answer; alone, the
		# machine has another KSM user and the test cannot tell.
		if [ -n "$BESIDE" ]; then
			ok "$name$BESIDE: a skip that names the other KSM user"
		else
			skip "$name" "$(sed -n 's/^# SKIP //p' "$TMP/out" | head -1)"
		fi
	elif [ "$rc" != 0 ]; then
		fail "$name$BESIDE" "exit $rc: $(tail -3 "$TMP/out")"
	elif ! grep -qE "$pat" "$TMP/out"; then
		fail "$name$BESIDE" "output lacks /$pat/: $(cat "$TMP/out")"
	else
		ok "$name$BESIDE"
	fi
}

# The harness itself: a failing run is reported with its own exit code
# (a bad scenario: 65), not the status of a negation.
BESIDE=
echo 'phase p {' > "$TMP/bad.scn"
line=$(expect_run "probe" "$TMP/bad.scn" "never")
case $line in
"FAIL probe: exit 65:"*) ok "a failing run is reported with its exit code" ;;
*) fail "harness exit code" "$line" ;;
esac

# The ksm_tests family, alone, then beside another process that merges
# the same bytes ('*' and zero pages) all the while: the scenarios judge
# this process's own counters (/proc/self/ksm_stat), so they pass beside
# it, or skip saying so where they read KSM's machine-wide ones.
family() {
	expect_run "ksm -M: 5 pages merge into 1 shared, 4 sharing" \
		scenarios/ksm_merge_check.scn "pages_shared 1, pages_sharing 4"
	expect_run "ksm -U: written pages are unmerged" \
		scenarios/ksm_unmerge_check.scn "2 pages merged after merging, 0 after the writes"
	expect_run "ksm -Z: empty pages merge with the zero page" \
		scenarios/ksm_zero_pages.scn "5 zero pages, 0 sharing"
	expect_run "ksm -Z with use_zero_pages=0: empty pages merge with each other" \
		scenarios/ksm_zero_pages.scn "0 zero pages, 4 sharing" -D use_zero_pages=0
	expect_run "ksm -P: merge time lines" scenarios/ksm_merge.scn \
		"^Average speed:  [0-9]+\.[0-9]{3} MiB/s$" -D size=16M
	expect_run "ksm -D: unmerge time lines (seed 003)" scenarios/ksm_unmerge.scn \
		"^Total time:    [0-9]+\.[0-9]{9} s$" -D size=16M
	expect_run "ksm -C: COW break lines" scenarios/ksm_cow.scn "^Merged pages:$"
	if [ "$(sed 's/.*\[\(.*\)\].*/\1/' /sys/kernel/mm/transparent_hugepage/enabled)" != never ]; then
		expect_run "ksm -H: merge time of THP-backed memory" scenarios/ksm_merge_thp.scn \
			"^Number of huge pages:    [0-9]+$" -D size=16M
	else
		skip "ksm -H$BESIDE" "THP is disabled ([never])"
	fi
}
family

# Right after a run that merged thousands of pages, ksmd is still taking
# them out of its trees when the next scenario starts (make suite runs
# ksm_merge, then ksm_merge_check): the machine-wide counters its first
# phase reads must not count that. scn waits for them to settle first.
settled=0
for i in 1 2 3; do
	"$SCN" run -q $WAIT --state-dir "$STATE" -D size=32M scenarios/ksm_merge.scn >/dev/null 2>&1
	"$SCN" run -q $WAIT --state-dir "$STATE" scenarios/ksm_merge_check.scn >"$TMP/out" 2>&1 &&
		grep -q "pages_shared 1, pages_sharing 4" "$TMP/out" && settled=$((settled + 1))
done
if [ $settled = 3 ]; then
	ok "ksm -M right after a run that merged 32M: KSM's counters settle first (3 of 3)"
else
	fail "ksm -M right after ksm -P" "$settled of 3 passed: $(tail -3 "$TMP/out")"
fi

# Runs repeated in one process make the region again, often at the same
# address: ksmd reuses its rmap items there, aged by the run before, and
# smart scan (6.7+) skips those pages for scans: ksm wait merged must
# wait on until a scan skips none (1 in 5 such repeats failed before).
if "$SCN" run -q $WAIT --state-dir "$STATE" --repeat 8 scenarios/ksm_unmerge_check.scn >"$TMP/out" 2>&1; then
	ok "ksm -U repeated 8 times in one process: merged every time (smart scan $(cat /sys/kernel/mm/ksm/smart_scan 2>/dev/null || echo absent))"
else
	fail "ksm -U repeated 8 times in one process" "$(grep -m2 'error' "$TMP/out")"
fi

# Another KSM user: 100 pages of '*' (fewer than max_page_sharing, so
# that this run's pages join its KSM page) and 100 zero pages.
other_user() {
	coproc OTHER { exec python3 tests/runtime/ksm_user.py 100; }
	read -r word other_pid <&"${OTHER[0]}"
	[ "$word" = ready ]
}
stop_other() {
	kill "$other_pid" 2>/dev/null
	wait "$OTHER_PID" 2>/dev/null
}
trap 'stop_other; cleanup' EXIT
if ! other_user; then
	fail "another KSM user" "tests/runtime/ksm_user.py did not start"
	exit 0
fi
BESIDE=", beside another KSM user"
family

# An expectation on KSM's machine-wide counters fails beside it: a skip
# that names that process, and the warning at the phase.
cat > "$TMP/global.scn" <<'SCN'
set ksm.run = 1, ksm.sleep_millisecs = 0, ksm.pages_to_scan = 5000
region dup type=anon size=5 * page_size fill=0x2a
phase merge { host madvise dup mergeable; ksm wait merged dup }
expect merge.ksm_stat.ksm_merging_pages == 5
expect merge.delta.ksm.pages_sharing == 4
SCN
"$SCN" run -q $WAIT --state-dir "$STATE" "$TMP/global.scn" > "$TMP/out" 2>&1
rc=$?
# (Where yet another process uses KSM, it may be the one named first.)
if [ $rc = 4 ] && grep -q "^# SKIP another KSM user is active (pid [0-9]* ('[^']*')\( and [0-9]* more\)\?, [0-9]* pages merged): the expectation at $TMP/global.scn:5 reads machine-wide KSM counters$" "$TMP/out" &&
   grep -q "warning: during phase 'merge', another process used KSM (pid [0-9]* " "$TMP/out"; then
	ok "beside another KSM user, a machine-wide KSM expectation is a skip naming it"
else
	fail "machine-wide expectation beside another KSM user" "exit $rc: $(cat "$TMP/out")"
fi
# ksm wait merged pages=N counts this process's pages, not the other's.
cat > "$TMP/pages.scn" <<'SCN'
set ksm.run = 1, ksm.sleep_millisecs = 0, ksm.pages_to_scan = 5000
region dup type=anon size=64 * page_size fill=0x2a
phase merge { host madvise dup mergeable; ksm wait merged dup pages=64 }
expect merge.ksm_stat.ksm_merging_pages == 64
print "merged {merge.ksm_stat.ksm_merging_pages}"
SCN
expect_run "ksm wait merged pages=64 waits for this process's 64 pages" "$TMP/pages.scn" "^merged 64$"
# A knob KSM takes only while no page is shared: a skip that names why.
printf 'set ksm.run = 1, ksm.max_page_sharing = %d\nphase p { sleep 0ns }\n' \
	$(($(knob /sys/kernel/mm/ksm/max_page_sharing) + 1)) > "$TMP/mps.scn"
"$SCN" run -q $WAIT --state-dir "$STATE" "$TMP/mps.scn" > "$TMP/out" 2>&1
rc=$?
if [ "$(cat /sys/kernel/mm/ksm/pages_shared)" = 0 ]; then
	skip "max_page_sharing beside shared pages" "ksmd merged none of the other process's pages"
elif [ $rc = 4 ] && grep -q "^# SKIP the kernel changes ksm.max_page_sharing only while no KSM page is shared, and [0-9]* are (another KSM user: pid [0-9]* " "$TMP/out"; then
	ok "ksm.max_page_sharing while another process shares KSM pages: a skip that says so"
else
	fail "max_page_sharing beside shared pages" "exit $rc: $(cat "$TMP/out")"
fi
stop_other
BESIDE=

# An expectation that the counters contradict fails the run (exit 1).
cat > "$TMP/wrong.scn" <<'SCN'
set ksm.run = 1, ksm.sleep_millisecs = 0, ksm.pages_to_scan = 5000
region dup type=anon size=4 * page_size fill=0x2a
phase merge { host madvise dup mergeable; ksm wait merged dup }
expect merge.ksm_stat.ksm_merging_pages == 99
SCN
"$SCN" run -q $WAIT --state-dir "$STATE" "$TMP/wrong.scn" > "$TMP/out" 2>&1
rc=$?
if [ $rc = 1 ] && grep -q "expectation failed: merge.ksm_stat.ksm_merging_pages == 99 (4 == 99)" "$TMP/out"; then
	ok "a failed expectation exits 1 and shows both sides"
else
	fail "failed expectation" "exit $rc: $(cat "$TMP/out")"
fi

# prctl(PR_SET_MEMORY_MERGE): merging without madvise.
if has_feature ksm.prctl; then
	cat > "$TMP/prctl.scn" <<'SCN'
set ksm.run = 1, ksm.sleep_millisecs = 0, ksm.pages_to_scan = 5000
region dup type=anon size=64 * page_size fill=0x2a
phase merge { ksm prctl on; ksm wait merged }
phase off { ksm prctl off }
expect merge.ksm_stat.ksm_merging_pages > 0
print "prctl merging {merge.ksm_stat.ksm_merging_pages}"
SCN
	expect_run "ksm prctl on merges without madvise" "$TMP/prctl.scn" "^prctl merging [1-9]"
else
	skip "ksm prctl" "PR_SET_MEMORY_MERGE is not available"
fi

# /proc/self/ksm_stat: this process's own KSM counters, at a phase's end.
if [ -r /proc/self/ksm_stat ]; then
	cat > "$TMP/stat.scn" <<'SCN'
set ksm.run = 1, ksm.sleep_millisecs = 0, ksm.pages_to_scan = 5000
region dup type=anon size=100 * page_size fill=0x2a
phase merge { host madvise dup mergeable; ksm wait merged dup }
expect merge.ksm_stat.ksm_merging_pages == 100
print "merging {merge.ksm_stat.ksm_merging_pages}"
SCN
	expect_run "ksm_stat: 100 of this process's pages merging" "$TMP/stat.scn" "^merging 100$"
else
	skip "ksm_stat" "this kernel has no /proc/self/ksm_stat"
fi
