#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# No signal that can be caught skips the restore (issue 15): each one that
# ends a process by default stops a run mid-phase, which restores its
# knob, removes its journal and exits 128 + the signal; the REPL too. A
# write to a closed pipe (scn run X | head -1) is an error that stops the
# run the same way: SIGPIPE used to kill it with its knobs set.
cd "$(dirname "$0")/../.."
. tests/runtime/lib.sh

if ! need_root; then
	skip signals "not root: knobs need root"
	exit 0
fi
k=/sys/kernel/mm/ksm/sleep_millisecs
b=$(cat $k)
printf 'set ksm.sleep_millisecs = 41\nphase hold { sleep 60s }\n' > "$TMP/hold.scn"

# wait_set PID: until the run has set the knob (or is gone).
wait_set() {
	for _ in $(seq 200); do
		[ "$(cat $k)" = 41 ] && return 0
		kill -0 "$1" 2>/dev/null || return 1
		sleep 0.05
	done
	return 1
}

for sig in PIPE HUP QUIT ABRT USR1 USR2 ALRM XCPU XFSZ VTALRM PROF IO PWR STKFLT RTMIN RTMAX; do
	n=$(kill -l "$sig")
	"$SCN" run -q --wait --state-dir "$STATE" "$TMP/hold.scn" > /dev/null 2>"$TMP/err" &
	pid=$!
	wait_set $pid
	kill -"$sig" $pid
	wait $pid
	rc=$?
	if [ $rc = $((128 + n)) ] && [ "$(cat $k)" = "$b" ] && [ ! -e "$STATE/journal" ]; then
		ok "SIG$sig mid-phase: exit $rc, the knob restored"
	else
		fail "SIG$sig mid-phase" "exit $rc (want $((128 + n))), sleep_millisecs $(cat $k) (was $b): $(head -c 300 "$TMP/err")"
		[ -e "$STATE/journal" ] && "$SCN" restore "$STATE" > /dev/null 2>&1
	fi
done

# The REPL, reading a script: the same.
printf 'set ksm.sleep_millisecs = 41\nphase hold { sleep 60s }\n' |
	"$SCN" repl -q --wait --state-dir "$STATE" > /dev/null 2>"$TMP/err" &
pid=$!
wait_set $pid
kill -USR2 $pid
wait $pid
rc=$?
if [ $rc = $((128 + $(kill -l USR2))) ] && [ "$(cat $k)" = "$b" ] && [ ! -e "$STATE/journal" ]; then
	ok "SIGUSR2 to the REPL mid-phase: exit $rc, the knob restored"
else
	fail "SIGUSR2 to the REPL" "exit $rc, sleep_millisecs $(cat $k) (was $b): $(head -c 300 "$TMP/err")"
	[ -e "$STATE/journal" ] && "$SCN" restore "$STATE" > /dev/null 2>&1
fi

# scn run X | head -1: the second print finds the pipe closed.
cat > "$TMP/pipe.scn" <<'SCN'
set ksm.sleep_millisecs = 41
phase p { sleep 1ms }
print "one"
phase q { sleep 300ms }
print "two"
phase r { sleep 60s }
SCN
"$SCN" run -q --wait --state-dir "$STATE" "$TMP/pipe.scn" 2>"$TMP/err" | head -1 > "$TMP/out"
rc=${PIPESTATUS[0]}
if [ $rc = 1 ] && [ "$(cat $k)" = "$b" ] && [ ! -e "$STATE/journal" ] &&
   grep -q "pipe.scn:5:1: error: writing the output failed: Broken pipe (errno 32): the run stops" "$TMP/err" &&
   [ "$(cat "$TMP/out")" = one ]; then
	ok "a closed pipe on stdout stops the run: exit 1, the knob restored"
else
	fail "closed pipe" "exit $rc, sleep_millisecs $(cat $k) (was $b): $(head -c 300 "$TMP/err")"
	[ -e "$STATE/journal" ] && "$SCN" restore "$STATE" > /dev/null 2>&1
fi

# A crash (SIGSEGV; sent here, as scn has no fault on demand): scn says so
# (common/crash.h), with a backtrace of its main thread, and dies of it as
# before; its journal stays for scn restore, which puts the knob back.
"$SCN" run -q --wait --state-dir "$STATE" "$TMP/hold.scn" > /dev/null 2>"$TMP/err" &
pid=$!
wait_set $pid
kill -SEGV $pid
{ wait $pid; } 2>/dev/null	# not bash's own "Segmentation fault"
rc=$?
said=$(crash_said "$TMP/err" "$SCN")
if [ $rc = 139 ] && [ -e "$STATE/journal" ] &&
   grep -q "^scn: crashed: SIGSEGV sent by process [0-9]* in thread 'scn' (tid $pid, the main thread), scn " "$TMP/err" &&
   grep -q '^scn: backtrace (addr2line' "$TMP/err"; then
	ok "SIGSEGV mid-phase: exit 139, the crash said, the journal left"
else
	fail "SIGSEGV mid-phase" "exit $rc (want 139), journal $([ -e "$STATE/journal" ] && echo left || echo gone): $(head -c 300 "$TMP/err")"
fi
# The frames resolve to scn's own functions: the phase's sleep, in a run.
case $said in
*"sleep_ns exec.c:"*"< run_point exec.c:"*) ok "SIGSEGV mid-phase: the backtrace resolves (tests/runtime/lib.sh's crash_said)" ;;
*) fail "SIGSEGV mid-phase: the backtrace resolves" "crash_said gave '$said'" ;;
esac
"$SCN" restore "$STATE" > /dev/null 2>&1
if [ "$(cat $k)" = "$b" ] && [ ! -e "$STATE/journal" ]; then
	ok "SIGSEGV mid-phase: scn restore puts the knob back"
else
	fail "SIGSEGV mid-phase: scn restore" "sleep_millisecs $(cat $k) (was $b)"
fi
