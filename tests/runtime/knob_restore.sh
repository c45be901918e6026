#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Knobs come back in an order that works (issue 15): a scenario that sets
# ksm.merge_across_nodes (or max_page_sharing) before ksm.run, with
# another KSM user's pages shared at the end. The kernel refuses the busy
# knob (EBUSY) while any page is shared, so the restore unmerges
# (ksm.run = 2), writes it, and must then put ksm.run back: the run used
# to pass and leave ksm.run at 2.
cd "$(dirname "$0")/../.."
. tests/runtime/lib.sh

if ! need_root; then
	skip "knob restore order" "not root: knobs need root"
	exit 0
fi
if ! has_feature ksm; then
	skip "knob restore order" "this kernel has no KSM"
	exit 0
fi
K=/sys/kernel/mm/ksm
WAIT=--wait

# KSM pages left shared (stale ones stay until ksmd runs again) make the
# first write of a busy knob EBUSY: a run that unmerges them first.
if [ "$(cat $K/pages_shared)" != 0 ]; then
	printf 'set ksm.run = 2\n' > "$TMP/unmerge.scn"
	"$SCN" run -q $WAIT --state-dir "$STATE" "$TMP/unmerge.scn" >/dev/null 2>&1
fi

# The other KSM user: 100 pages of '*', as the scenario's, held until killed.
coproc OTHER { exec python3 tests/runtime/ksm_user.py 100; }
read -r word other_pid <&"${OTHER[0]}"
trap 'kill "$other_pid" 2>/dev/null; wait "$OTHER_PID" 2>/dev/null; cleanup' EXIT
if [ "$word" != ready ]; then
	fail "knob restore order" "tests/runtime/ksm_user.py did not start"
	exit 0
fi

for knob in merge_across_nodes max_page_sharing; do
	b_run=$(cat $K/run) b_knob=$(cat $K/$knob)
	case $knob in
	merge_across_nodes) v=$((1 - b_knob)) ;;
	*) v=$((b_knob == 300 ? 301 : 300)) ;;
	esac
	cat > "$TMP/order.scn" <<SCN
set ksm.$knob = $v
set ksm.run = 1, ksm.sleep_millisecs = 0, ksm.pages_to_scan = 5000
region r type=anon size=32M fill=0x2a
phase p { host madvise r mergeable; ksm wait merged r }
print "shared {ksm.pages_shared}"
SCN
	"$SCN" run -q $WAIT --state-dir "$STATE" "$TMP/order.scn" > "$TMP/out" 2>&1
	rc=$?
	name="ksm.$knob set before ksm.run, pages shared at the end"
	if [ "$(cat $K/run)" != "$b_run" ] || [ "$(cat $K/$knob)" != "$b_knob" ]; then
		fail "$name" "exit $rc; ksm.run $(cat $K/run) (was $b_run), $knob $(cat $K/$knob) (was $b_knob): $(cat "$TMP/out")"
	elif [ $rc != 0 ]; then
		fail "$name" "exit $rc: $(cat "$TMP/out")"
	elif grep -q '^shared 0$' "$TMP/out"; then
		fail "$name" "no page was shared: the test proves nothing"
	else
		ok "$name: both put back (ksm.run $b_run, $knob $b_knob)"
	fi
done
