#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Journals are found from one place, /run/scn/journals, whatever the state
# directory: after a SIGKILL in one directory, runs and the REPL in
# another refuse to start, and "scn restore" puts the knobs back from
# there. A registered pid that is alive but started at another time (the
# pid was reused) is an orphan too.
cd "$(dirname "$0")/../.."
. tests/runtime/lib.sh
# A failure must not leave the orphan of A behind: restore from the registry.
trap '"$SCN" restore >/dev/null 2>&1; cleanup' EXIT

if ! need_root; then
	skip journals "not root: knobs need root"
	exit 0
fi
k=/sys/kernel/mm/ksm/sleep_millisecs
b=$(cat $k)
A=$TMP/a B=$TMP/b
mkdir -p "$A" "$B"
printf 'set ksm.sleep_millisecs = 41\nphase hold { sleep 60s }\n' > "$TMP/hold.scn"
printf 'set ksm.sleep_millisecs = 42\nphase p { sleep 1ms }\n' > "$TMP/set.scn"
printf 'phase p { sleep 1ms }\n' > "$TMP/plain.scn"

"$SCN" run -q --wait --state-dir "$A" "$TMP/hold.scn" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 200); do [ "$(cat $k)" = 41 ] && break; sleep 0.05; done
kill -KILL $pid; wait $pid 2>/dev/null
if [ ! -e "$A/journal" ]; then
	fail "journals" "the killed run left no journal in $A"
	"$SCN" restore >/dev/null 2>&1
	exit 0
fi

# Issue 15: a run in B journaled 41 as the original, "restored" it, exit 0.
"$SCN" run -q --state-dir "$B" "$TMP/set.scn" > "$TMP/out" 2>&1
rc=$?
if [ $rc != 0 ] && grep -q "pid $pid.*$A/journal; run 'scn restore' first" "$TMP/out" &&
   [ ! -e "$B/journal" ]; then
	ok "a run in another state directory refuses while an orphan journal exists"
else
	fail "orphan in another state directory" "exit $rc: $(cat "$TMP/out")"
fi
"$SCN" run -q --state-dir "$B" "$TMP/plain.scn" > "$TMP/out" 2>&1
rc=$?
if [ $rc != 0 ] && grep -q "run 'scn restore' first" "$TMP/out"; then
	ok "a run that sets no knob refuses too"
else
	fail "orphan, run without knobs" "exit $rc: $(cat "$TMP/out")"
fi
echo 'set ksm.sleep_millisecs = 43' | "$SCN" repl -q --state-dir "$B" > "$TMP/out" 2>&1
rc=$?
if [ $rc != 0 ] && grep -q "run 'scn restore' first" "$TMP/out" && [ "$(cat $k)" = 41 ]; then
	ok "the REPL refuses too"
else
	fail "orphan, REPL" "exit $rc, sleep_millisecs $(cat $k): $(cat "$TMP/out")"
fi
"$SCN" restore "$B" > "$TMP/out" 2>&1
rc=$?
if [ $rc = 0 ] && [ "$(cat $k)" = "$b" ] && [ ! -e "$A/journal" ] &&
   grep -q "^$A: 1 knob restored" "$TMP/out"; then
	ok "scn restore finds the orphan through the registry"
else
	fail "scn restore of an orphan" "exit $rc, sleep_millisecs $(cat $k): $(cat "$TMP/out")"
fi
if ! ls /run/scn/journals 2>/dev/null | grep -qx "$pid"; then
	ok "the registry entry goes with the journal"
else
	fail "registry entry" "/run/scn/journals/$pid is still there"
fi

# A pid that lives on but names another process (reused): an orphan. The
# journal holds the knob's present value, so restoring it changes nothing.
printf 'ksm.sleep_millisecs\t%s\n' "$(cat $k)" > "$A/journal"
echo "1 12345 1 $A" > /run/scn/journals/1
"$SCN" run -q --state-dir "$B" "$TMP/plain.scn" > "$TMP/out" 2>&1
rc=$?
"$SCN" restore > "$TMP/out2" 2>&1
if [ $rc != 0 ] && grep -q "pid 1," "$TMP/out" && [ ! -e "$A/journal" ] &&
   [ ! -e /run/scn/journals/1 ]; then
	ok "a reused pid does not keep an orphan alive"
else
	fail "reused pid" "exit $rc: $(cat "$TMP/out" "$TMP/out2")"
fi
rm -f /run/scn/journals/1

# Issue 24: scn restore as a user who cannot read root's state says so and
# fails; it said "nothing to restore", exit 0, with root's journal left.
# The planted journal holds the knob's present value: a replay of it
# changes nothing.
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
if ! command -v setpriv >/dev/null; then
	skip "restore as another user" "no setpriv here"
else
	chmod 0711 "$TMP"
	mkdir -m 0700 "$TMP/rootonly"
	printf 'ksm.sleep_millisecs\t%s\n' "$(cat $k)" > "$TMP/rootonly/journal"
	as_nobody "$SCN" restore "$TMP/rootonly" > "$TMP/out" 2> "$TMP/err"
	rc=$?
	if [ $rc = 1 ] && ! grep -q "nothing to restore" "$TMP/out" &&
	   grep -qF "cannot look for a journal in state directory '$TMP/rootonly': Permission denied (errno 13)" "$TMP/err" &&
	   grep -q "^hint: .*run scn restore as root" "$TMP/err" && [ -e "$TMP/rootonly/journal" ]; then
		ok "restore as another user of root's 0700 state directory: said, exit 1"
	else
		fail "restore as another user of root's state directory" "exit $rc: $(cat "$TMP/out" "$TMP/err")"
	fi
	"$SCN" restore "$TMP/rootonly" > "$TMP/out" 2>&1
	[ -e "$TMP/rootonly/journal" ] && fail "restore of root's own journal as root" "$(cat "$TMP/out")"
fi

# A run that holds the lock: scn restore is busy, 75 as a run is, and
# names it; another user's restore meanwhile cannot read the registry
# (the run's entry is root's) and says so.
C=$TMP/c
mkdir -p "$C"
"$SCN" run -q --wait --state-dir "$C" "$TMP/hold.scn" >/dev/null 2>&1 &
pid=$!
if ! await_value $k 41 $pid; then
	fail "restore while a run holds the lock" "the run never set the knob"
else
	"$SCN" restore "$C" > "$TMP/out" 2> "$TMP/err"
	rc=$?
	if [ $rc = 75 ] && grep -qF "another scn run holds /run/scn/knobs.lock: pid $pid ('$TMP/hold.scn') since " "$TMP/err" &&
	   [ "$(cat $k)" = 41 ] && [ -e "$C/journal" ]; then
		ok "restore while a run holds the lock: exit 75, the holder named, nothing touched"
	else
		fail "restore while a run holds the lock" "exit $rc: $(cat "$TMP/out" "$TMP/err")"
	fi
	if command -v setpriv >/dev/null; then
		as_nobody "$SCN" restore > "$TMP/out" 2> "$TMP/err"
		rc=$?
		if [ $rc = 1 ] && ! grep -q "nothing to restore" "$TMP/out" &&
		   grep -q "^scn: restore: cannot read .*/run/scn/journals.*Permission denied (errno 13)" "$TMP/err"; then
			ok "restore as another user while root's run journals: the registry is named, exit 1"
		else
			fail "restore as another user while root's run journals" "exit $rc: $(cat "$TMP/out" "$TMP/err")"
		fi
	fi
fi
kill -TERM $pid 2>/dev/null
wait $pid 2>/dev/null
if [ "$(cat $k)" = "$b" ] && [ ! -e "$C/journal" ]; then
	ok "the run that held the lock restores its knob itself"
else
	fail "the run that held the lock restores its knob" "sleep_millisecs $(cat $k), want $b"
fi
