#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Nothing a command inside a test host leaves in the results share can
# stall the host (issue 24): each file the launcher reads there (stdout,
# stderr, status, facts, and scn run --kernel's result) made a link to a
# FIFO of this machine's, a FIFO (a directory where QEMU's 9p makes no
# FIFO), or a sparse file of 10 GB ends the run within its timeout
# (exit 1; 124 or 143 where the timeout or SIGTERM ended it) with a line
# that names every such file; --timeout and SIGTERM still work after
# QEMU's end while the caller's stdout takes nothing (the links and the
# FIFOs are planted with such a reader). Four boots, one per kind and one
# for the result: about 40 s here, under TCG.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
. tests/testhost/lib.sh
K=${SCN_TEST_KERNEL:-debian:6.12}
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac
S=/run/scn-testhost
LIMIT=30
WORDS="not read from the test host's results share"

now() { date +%s.%N; }
since() { echo "$(now) - $1" | bc; }
# Ended within its limits: --timeout counts from the command's start, and
# the boot before it may take up to the 180 s scn allows it (a loaded CI
# machine took 33 s in all where 30 was asked of boot and command).
within() { [ "$(echo "$1 < $LIMIT + 180" | bc)" = 1 ]; }

# named FILE WORDS...: the share's line names FILE as WORDS says.
named() {
	local f=$1
	shift
	grep -F "$WORDS" "$TMP/err" | grep -Eq "'$f' ($*)"
}

# planted NAME KIND EXPECT_RC: every file named as KIND says, the run
# ended in time with EXPECT_RC.
planted() {
	local name=$1 kind=$2 want=$3 f missing=""
	for f in stdout stderr status facts; do
		named "$f" "$kind" || missing="$missing $f"
	done
	if [ "$rc" != "$want" ]; then
		fail "$name" "exit $rc, not $want after $t s"; show
	elif ! within "$t"; then
		fail "$name" "it took $t s"
	elif [ -n "$missing" ]; then
		fail "$name" "not named:$missing"; show
	else
		ok "$name"
	fi
}

mkfifo "$TMP/fifo" "$TMP/pipe"

# The line stuck waits for, said before the files are planted: said after,
# into a stderr already replaced, it was lost whenever the launcher saw the
# new name first (a FAIL under load). The second's pause lets it come out.
PLANTED="echo planted >&2; sleep 1"

# qemu_of PID: whether process PID has a QEMU child.
qemu_of() { [ -n "$1" ] && pgrep -P "$1" qemu-system >/dev/null; }

# stuck NAME TIMEOUT SCRIPT: scn exec of sh -c SCRIPT in the background
# ($pid), its stdout a pipe that nobody reads (fd 3 holds it open), its
# stderr in $TMP/err; true once SCRIPT said "planted" on stderr and QEMU
# is gone, else false with the skip or failure said.
stuck() {
	local name=$1 limit=$2 script=$3
	exec 3<>"$TMP/pipe"
	t0=$(now)
	timeout -s KILL 120 "$SCN" exec -q --timeout "$limit" --kernel "$K" -- \
		sh -c "$script" >"$TMP/pipe" 2>"$TMP/err" &
	pid=$!
	# $pid is timeout's; QEMU is a child of its child, scn.
	for _ in $(seq 1 2400); do
		grep -q planted "$TMP/err" && ! qemu_of "$(pgrep -P $pid)" && break
		kill -0 $pid 2>/dev/null || break
		sleep 0.05
	done
	grep -q planted "$TMP/err" && return 0
	wait $pid
	rc=$?
	if [ $rc = 4 ]; then
		skip "$name" "$(grep -m1 'cannot run here' "$TMP/err")"
	else
		fail "$name" "the command did not run (exit $rc)"; show
	fi
	return 1
}

# --- links to a FIFO of this machine's; --timeout after QEMU's end -----------
# The caller's stdout takes nothing: once QEMU is gone, --timeout still
# ends scn (it used to sit in write(), and in the FIFO's open before).
# The timeout counts from the command's start, and must come after its
# end: the script takes about 2 s, up to 4 s on a loaded machine (4 s was
# too short there).
name="share files as links to a FIFO: refused by name, --timeout holds"
if stuck "$name" 10 "echo out; head -c 1M /dev/zero; sleep 0.5; $PLANTED
	for f in status facts stderr stdout; do rm -f $S/\$f; ln -s '$TMP/fifo' $S/\$f; done"; then
	wait $pid
	rc=$?
	t=$(since "$t0")
	planted "$name" "is a symbolic link, not a regular file" 124
	grep -q 'timed out after 10 s' "$TMP/err" || fail "$name: the timeout said" "$(tail -n 3 "$TMP/err")"
	got=$(timeout 2 head -c 4 <&3)
	[ "$got" = out ] || fail "the output before the links still comes out" "'$got'"
fi
exec 3<&-

# --- 10 GB sparse files: one grown in place, one put over the name -----------
name="share files of 10 GB: refused by name, the test host stopped"
t0=$(now)
if th "$name" exec -q --timeout $LIMIT --kernel "$K" -- sh -c "
	echo out; echo err >&2; sleep 0.5
	truncate -s 10G $S/status $S/facts $S/big && mv $S/big $S/stderr
	truncate -s 10G $S/stdout; sleep 25"; then
	t=$(since "$t0")
	planted "$name" "is 10 GiB, more than the [0-9]+ [KMG]iB scn reads" 1
	# The sleep 25 is cut short: the stream past its bound stops the run.
	if [ "$(echo "$t < 22" | bc)" = 1 ]; then
		ok "a stream past its bound stops the test host"
	else
		fail "a stream past its bound stops the test host" "$t s"
	fi
fi

# --- FIFOs (or directories); SIGTERM after QEMU's end ------------------------
# QEMU 7.2's 9p with security_model=none makes no FIFO (mkfifo: ENXIO);
# a directory stands in then.
name="share files as FIFOs or directories: refused by name, SIGTERM holds"
if stuck "$name" $LIMIT "head -c 1M /dev/zero; $PLANTED
	for f in status facts stderr stdout; do
		rm -f $S/\$f; mkfifo $S/\$f 2>/dev/null || mkdir $S/\$f
	done"; then
	kill -TERM $pid
	t1=$(now)
	wait $pid
	rc=$?
	t=$(since "$t0")
	planted "$name" "is a named pipe, not a regular file|is a directory, not a regular file" 143
	w=$(since "$t1")
	if [ "$(echo "$w < 3" | bc)" = 1 ]; then
		ok "SIGTERM after QEMU's end, stdout blocked: scn ends at once"
	else
		fail "SIGTERM after QEMU's end, stdout blocked: scn ends at once" "$w s"
	fi
fi
exec 3<&-

# --- scn run --kernel: the result made a directory inside ------------------
name="run --kernel: a result that is a directory is refused, a result written"
cat >"$TMP/plant.scn" <<'SCN'
# SPDX-License-Identifier: GPL-2.0-only
phase plant {
    host exec "mkdir /run/scn-testhost/result"
}
SCN
t0=$(now)
if th "$name" run -q --kernel "$K" --timeout $LIMIT --format json -o "$TMP/r.json" "$TMP/plant.scn"; then
	t=$(since "$t0")
	if [ $rc = 1 ] && within "$t" &&
	   grep -Fq "scn: run: $WORDS: 'result' is a directory, not a regular file" "$TMP/err" &&
	   python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(d["status"] != "fail" or not d["fingerprint"]["testhost"])' "$TMP/r.json"; then
		ok "$name"
	else
		fail "$name" "exit $rc after $t s"; show
	fi
fi
