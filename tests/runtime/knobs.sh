#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Every knob scn knows: set by a scenario, seen changed during the run by
# an outside command, and back to its value afterwards. Then the same
# after SIGKILL with scn restore, and after SIGTERM.
cd "$(dirname "$0")/../.."
. tests/runtime/lib.sh

# Every word scn knobs shows for a knob is one a scenario may set.
bad=""
while read -r name now range path; do
	case $range in *[a-z]*,*) ;; *) continue ;; esac
	for w in ${range//,/ } $now; do
		[ "$w" = absent ] || [ "$w" = unreadable ] && continue
		printf 'set %s = %s\n' "$name" "$w" > "$TMP/word.scn"
		"$SCN" check "$TMP/word.scn" >/dev/null 2>&1 || bad+=" $name=$w"
	done
done < <("$SCN" knobs)
if [ -z "$bad" ]; then
	ok "scn knobs shows each word as a scenario spells it (scan_time, defer_madvise)"
else
	fail "scn knobs spellings" "scn check refuses:$bad"
fi

if ! need_root; then
	skip knobs "not root: knobs need root"
	exit 0
fi

# name value: values that are safe to hold for a moment on any machine.
# KSM takes merge_across_nodes and max_page_sharing only while no KSM page
# is shared: where another process shares some, the run is a skip that
# says so, and those two are tried apart from the others.
KNOBS="ksm.run=1 ksm.pages_to_scan=777 ksm.sleep_millisecs=33
ksm.use_zero_pages=1
ksm.smart_scan=0 ksm.advisor_max_cpu=50
ksm.advisor_target_scan_time=100 ksm.advisor_min_pages_to_scan=600
ksm.advisor_max_pages_to_scan=40000 thp.enabled=always
thp.defrag=defer_madvise thp.shmem_enabled=advise thp.use_zero_page=0
thp.khugepaged.defrag=0 thp.khugepaged.pages_to_scan=1234
thp.khugepaged.scan_sleep_millisecs=5000
thp.khugepaged.alloc_sleep_millisecs=30000 thp.khugepaged.max_ptes_none=255
hugetlb.pages_2M=4 kernel.numa_balancing=1 vm.overcommit_memory=1
vm.compaction_proactiveness=10 vm.swappiness=10 vm.zone_reclaim_mode=1"
KSM_SHARED="ksm.merge_across_nodes=0 ksm.max_page_sharing=300"

# The knob's file, as scn itself names it.
path_of() {
	"$SCN" knobs | awk -v k="$1" '$1 == k { sub(/.*\t/, ""); print }'
}

# check_knobs NAME=VALUE...: one scenario sets them all; an outside
# command reads each during the run; each must be back afterwards.
check_knobs() {
	local set_lines="" present=() kv name value p e i seen after rc
	local -A before
	for kv in "$@"; do
		name=${kv%%=*} value=${kv#*=}
		p=$(path_of "$name")
		if [ -z "$p" ] || [ ! -w "$p" ]; then
			skip "knob $name" "this kernel lacks it (${p:-no path})"
			continue
		fi
		present+=("$name=$value=$p")
		set_lines+="set $name = $value"$'\n'
	done
	[ ${#present[@]} = 0 ] && return 0
	# A snapshot of every knob, taken during the run by an outside command.
	rm -f "$TMP/during"
	{
		printf '%s' "$set_lines"
		printf 'phase look { host exec "'
		for e in "${present[@]}"; do
			p=${e##*=}
			printf 'cat %s >> %s/during; ' "$p" "$TMP"
		done
		printf '" }\n'
	} > "$TMP/all.scn"
	for e in "${present[@]}"; do p=${e##*=}; before[$p]=$(knob "$p"); done
	"$SCN" run -q $WAIT --state-dir "$STATE" "$TMP/all.scn" > "$TMP/out" 2>&1
	rc=$?
	if [ $rc = 4 ] && grep -q "^# SKIP the kernel changes ksm\..* only while no KSM page is shared" "$TMP/out"; then
		for e in "${present[@]}"; do
			skip "knob ${e%%=*}" "$(sed -n 's/^# SKIP //p' "$TMP/out")"
		done
		return 0
	elif [ $rc != 0 ]; then
		fail "knobs run" "$(cat "$TMP/out")"
		return 0
	fi
	mapfile -t during < "$TMP/during"
	i=0
	for e in "${present[@]}"; do
		name=${e%%=*} rest=${e#*=} value=${rest%%=*} p=${e##*=}
		seen=${during[$i]}
		case $seen in *\[*) seen=${seen#*[}; seen=${seen%%]*} ;; esac
		seen=$(echo "$seen" | tr -- '-+' '__')
		after=$(knob "$p")
		if [ "$seen" != "$value" ]; then
			fail "knob $name set" "during the run it read '$seen', wanted '$value'"
		elif [ "$after" != "${before[$p]}" ]; then
			fail "knob $name restored" "'${before[$p]}' before, '$after' after"
		else
			ok "knob $name set to $value and restored"
		fi
		i=$((i + 1))
	done
}
check_knobs $KNOBS
check_knobs $KSM_SHARED
[ ! -e "$STATE/journal" ] && ok "journal removed after a clean run" ||
	fail "journal removed" "$STATE/journal is still there"

# The advisor rewrites pages_to_scan itself, so it is checked on its own.
b=$(knob /sys/kernel/mm/ksm/advisor_mode)
printf 'set ksm.advisor_mode = scan_time\nphase look { host exec "cat /sys/kernel/mm/ksm/advisor_mode > %s/adv" }\n' "$TMP" > "$TMP/adv.scn"
if [ ! -w /sys/kernel/mm/ksm/advisor_mode ]; then
	skip "knob ksm.advisor_mode" "this kernel lacks it"
elif "$SCN" run -q $WAIT --state-dir "$STATE" "$TMP/adv.scn" >/dev/null 2>&1 &&
     grep -q '\[scan-time\]' "$TMP/adv" && [ "$(knob /sys/kernel/mm/ksm/advisor_mode)" = "$b" ]; then
	ok "knob ksm.advisor_mode set to scan_time and restored"
else
	fail "knob ksm.advisor_mode" "during: $(cat "$TMP/adv" 2>/dev/null), after: $(cat /sys/kernel/mm/ksm/advisor_mode)"
fi

# Actions are done, not journaled.
printf 'set vm.drop_caches = 1\nphase p { sleep 1ms }\n' > "$TMP/act.scn"
if "$SCN" run -q $WAIT --state-dir "$STATE" "$TMP/act.scn" >/dev/null 2>&1 && [ ! -e "$STATE/journal" ]; then
	ok "action vm.drop_caches runs and is not journaled"
else
	fail "action vm.drop_caches" "run failed or journaled"
fi

# SIGKILL mid-phase: the journal stays, run refuses, restore puts all back.
k1=/sys/kernel/mm/ksm/sleep_millisecs k2=/sys/kernel/mm/transparent_hugepage/enabled
b1=$(knob $k1) b2=$(knob $k2)
printf 'set ksm.sleep_millisecs = 41, thp.enabled = never\nphase hold { sleep 60s }\n' > "$TMP/hold.scn"
"$SCN" run -q $WAIT --state-dir "$STATE" "$TMP/hold.scn" >/dev/null 2>&1 &
pid=$!
await_value $k1 41 $pid
kill -KILL $pid; wait $pid 2>/dev/null
if [ "$(cat $k1)" = 41 ] && [ -e "$STATE/journal" ]; then
	ok "SIGKILL leaves the knobs set and the journal behind"
else
	fail "SIGKILL" "knob $(cat $k1), journal $(ls "$STATE")"
fi
if "$SCN" run -q --state-dir "$STATE" "$TMP/act.scn" > "$TMP/out" 2>&1; then
	fail "refuse with a journal" "the run started"
elif grep -q "run 'scn restore' first" "$TMP/out"; then
	ok "run refuses to start while a journal exists"
else
	fail "refuse with a journal" "$(cat "$TMP/out")"
fi
"$SCN" restore "$STATE" > "$TMP/out" 2>&1
if [ "$(knob $k1)" = "$b1" ] && [ "$(knob $k2)" = "$b2" ] && [ ! -e "$STATE/journal" ]; then
	ok "scn restore brings every knob back after SIGKILL"
else
	fail "scn restore" "$(cat $k1) $(cat $k2): $(cat "$TMP/out")"
fi

# SIGTERM and SIGINT: the run itself restores.
for sig in TERM INT; do
	"$SCN" run -q $WAIT --state-dir "$STATE" "$TMP/hold.scn" >/dev/null 2>&1 &
	pid=$!
	await_value $k1 41 $pid
	kill -$sig $pid; wait $pid; rc=$?
	if [ "$(knob $k1)" = "$b1" ] && [ "$(knob $k2)" = "$b2" ] && [ ! -e "$STATE/journal" ] &&
	   [ $rc -ge 128 ]; then
		ok "SIG$sig mid-phase: exit $rc, every knob restored"
	else
		fail "SIG$sig" "exit $rc, knobs $(cat $k1) $(cat $k2)"
	fi
done

# Two runs at once. A second run that changes knobs is busy: exit 75
# (EX_TEMPFAIL), a SKIP whose reason names the run that holds the lock.
"$SCN" run -q $WAIT --state-dir "$STATE" "$TMP/hold.scn" >/dev/null 2>&1 &
pid=$!
await_value $k1 41 $pid
"$SCN" run -q --state-dir "$STATE" "$TMP/hold.scn" > "$TMP/out" 2>&1
rc=$?
if [ $rc = 75 ] && grep -q "^# SKIP another scn run holds /run/scn/knobs.lock: pid $pid ('$TMP/hold.scn') since 20..-..-..T..:..:..Z, [0-9]*s ago$" "$TMP/out"; then
	ok "a second run that changes knobs is busy: exit 75, the holder named"
else
	fail "lock" "exit $rc: $(cat "$TMP/out")"
fi
# Another state directory does not get round it: both would save the
# other's values as originals and leave them behind.
mkdir -p "$TMP/other"
"$SCN" run -q --state-dir "$TMP/other" "$TMP/hold.scn" > "$TMP/out" 2>&1
rc=$?
if [ $rc = 75 ] && grep -q "another scn run holds /run/scn/knobs.lock: pid $pid" "$TMP/out" && [ ! -e "$TMP/other/journal" ]; then
	ok "a second run with another state directory is busy too (/run/scn/knobs.lock)"
else
	fail "global lock" "exit $rc: $(cat "$TMP/out")"
fi
# A run that changes no knob needs no lock, in either state directory.
printf 'region r type=anon size=64K\nphase p { host write r }\n' > "$TMP/plain.scn"
for dir in "$STATE" "$TMP/other"; do
	if "$SCN" run -q --state-dir "$dir" "$TMP/plain.scn" > "$TMP/out" 2>&1; then
		ok "a run that sets no knob runs beside one that holds the lock (state dir $(basename "$dir"))"
	else
		fail "no knobs, no lock ($dir)" "$(cat "$TMP/out")"
	fi
done
# --exclusive takes the lock though the scenario sets no knob: busy too.
"$SCN" run -q --exclusive --state-dir "$TMP/other" "$TMP/plain.scn" > "$TMP/out" 2>&1
rc=$?
if [ $rc = 75 ] && grep -q "^# SKIP another scn run holds /run/scn/knobs.lock: pid $pid " "$TMP/out"; then
	ok "--exclusive: a run without knobs takes the lock, and is busy beside a holder"
else
	fail "--exclusive" "exit $rc: $(cat "$TMP/out")"
fi
# --wait=DURATION waits that long, then is busy all the same.
"$SCN" run --state-dir "$STATE" --wait=300ms "$TMP/act.scn" > "$TMP/out" 2>&1
rc=$?
if [ $rc = 75 ] && grep -q "^# waiting for the knobs lock: another scn run holds" "$TMP/out" &&
   grep -q "(after waiting for it)$" "$TMP/out"; then
	ok "--wait=300ms waits, then is busy (exit 75)"
else
	fail "--wait=300ms" "exit $rc: $(cat "$TMP/out")"
fi
# A signal ends a wait: nothing was changed.
"$SCN" run -q --state-dir "$TMP/other" --wait "$TMP/hold.scn" > "$TMP/out" 2>&1 &
waiter=$!
sleep 0.3
kill -TERM $waiter; wait $waiter; rc=$?
if [ $rc = 143 ] && [ ! -e "$TMP/other/journal" ]; then
	ok "SIGTERM ends a --wait: exit 143, nothing journaled"
else
	fail "SIGTERM in --wait" "exit $rc: $(cat "$TMP/out")"
fi
# --wait without a duration waits until the holder is done, then runs.
"$SCN" run -q --state-dir "$STATE" --wait "$TMP/act.scn" > "$TMP/out" 2>&1 &
waiter=$!
sleep 0.3
kill -TERM $pid; wait $pid
wait $waiter; rc=$?
if [ $rc = 0 ] && [ "$(knob $k1)" = "$b1" ]; then
	ok "--wait runs once the holder is done"
else
	fail "--wait" "exit $rc: $(cat "$TMP/out")"
fi
