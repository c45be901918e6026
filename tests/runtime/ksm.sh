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

expect_run() { # name file pattern [args]
	local name=$1 file=$2 pat=$3 rc
	shift 3
	"$SCN" run -q $WAIT --state-dir "$STATE" "$@" "$file" > "$TMP/out" 2>&1
	rc=$?
	if [ "$rc" != 0 ]; then
		fail "$name" "exit $rc: $(tail -3 "$TMP/out")"
	elif ! grep -qE "$pat" "$TMP/out"; then
		fail "$name" "output lacks /$pat/: $(cat "$TMP/out")"
	else
		ok "$name"
	fi
}

# The harness itself: a failing run is reported with its own exit code
# (a bad scenario: 65), not the status of a negation.
echo 'phase p {' > "$TMP/bad.scn"
line=$(expect_run "probe" "$TMP/bad.scn" "never")
case $line in
"FAIL probe: exit 65:"*) ok "a failing run is reported with its exit code" ;;
*) fail "harness exit code" "$line" ;;
esac

expect_run "ksm -M: 5 pages merge into 1 shared, 4 sharing" \
	scenarios/ksm_merge_check.scn "pages_shared 1, pages_sharing 4"
expect_run "ksm -U: written pages are unmerged" \
	scenarios/ksm_unmerge_check.scn "pages_sharing 1 after merging, 0 after the writes"
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
	skip "ksm -H" "THP is disabled ([never])"
fi

# An expectation that the counters contradict fails the run (exit 1).
cat > "$TMP/wrong.scn" <<'SCN'
set ksm.run = 1, ksm.sleep_millisecs = 0, ksm.pages_to_scan = 5000
region dup type=anon size=4 * page_size fill=0x2a
phase merge { host madvise dup mergeable; ksm wait merged dup }
expect merge.ksm.pages_sharing == 99
SCN
"$SCN" run -q $WAIT --state-dir "$STATE" "$TMP/wrong.scn" > "$TMP/out" 2>&1
rc=$?
if [ $rc = 1 ] && grep -q "expectation failed: merge.ksm.pages_sharing == 99 (3 == 99)" "$TMP/out"; then
	ok "a failed expectation exits 1 and shows both sides"
else
	fail "failed expectation" "exit $rc: $(cat "$TMP/out")"
fi

# prctl(PR_SET_MEMORY_MERGE): merging without madvise.
if has_feature ksm.prctl; then
	cat > "$TMP/prctl.scn" <<'SCN'
set ksm.run = 1, ksm.sleep_millisecs = 0, ksm.pages_to_scan = 5000
region dup type=anon size=64 * page_size fill=0x2a
phase merge { ksm prctl on; ksm wait scans 2 }
phase off { ksm prctl off }
expect merge.ksm.pages_sharing > 0
print "prctl sharing {merge.ksm.pages_sharing}"
SCN
	expect_run "ksm prctl on merges without madvise" "$TMP/prctl.scn" "^prctl sharing [1-9]"
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
print "merging {merge.ksm_stat.ksm_merging_pages}, sharing {merge.ksm.pages_sharing}"
SCN
	expect_run "ksm_stat: 100 of this process's pages merging, 99 sharing" \
		"$TMP/stat.scn" "^merging 100, sharing 99$"
else
	skip "ksm_stat" "this kernel has no /proc/self/ksm_stat"
fi
