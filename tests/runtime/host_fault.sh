#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Host accesses to memory the host made read-only or PROT_NONE (issue 15):
# on_fault=skip counts each faulting page and writes the rest, stop ends
# the access at the first fault, retry waits until the page can be
# written (an mprotect rw in a concurrent branch) and stays stoppable by
# --timeout, a signal, the watchdog and a failing branch; fail (the
# default) is the error at the line it always was.
cd "$(dirname "$0")/../.."
. tests/runtime/lib.sh

# run FILE [args]: its output, stdout and stderr together, is then in
# $TMP/out, its exit code in $rc.
run() {
	local file=$1
	shift
	"$SCN" run -q --state-dir "$STATE" "$@" "$file" > "$TMP/out" 2>&1
	rc=$?
}
# same NAME WANT-EXIT EXPECTED-OUTPUT FILE [args]
same() {
	local name=$1 want=$2 exp=$3 file=$4
	shift 4
	run "$file" "$@"
	if [ $rc = "$want" ] && [ "$(cat "$TMP/out")" = "$exp" ]; then
		ok "$name"
	else
		fail "$name" "exit $rc (wanted $want): $(head -c 600 "$TMP/out") (wanted: $exp)"
	fi
}

# skip: 32 read-only pages of 256 are counted, once each though stride=1K
# touches each page four times; the other pages are written, and the
# read-only ones keep what they had.
cat > "$TMP/skip.scn" <<'EOF'
region r type=anon size=1M fill=0
phase w {
    host mprotect r ro offset=256K size=128K
    host write r on_fault=skip byte=0x41 stride=1K
    host mprotect r rw
}
phase check {
    host read r byte=0x41 size=256K
    host read r byte=0 offset=256K size=128K
    host read r byte=0x41 offset=384K
}
print "faults {w.host_faults} pages {w.pages} accesses {w.accesses}"
print "check {check.host_faults} faults, {check.pages} pages"
EOF
same "on_fault=skip counts each read-only page once and writes the rest" 0 \
	"faults 32 pages 224 accesses 896
check 0 faults, 256 pages" "$TMP/skip.scn"

# skip on PROT_NONE memory, for a read, and on memory munmap took.
cat > "$TMP/none.scn" <<'EOF'
region r type=anon size=1M fill=7
phase p {
    host mprotect r none size=64K
    host munmap r offset=960K
    host read r byte=7 on_fault=skip
}
print "{p.host_faults} {p.pages}"
EOF
same "on_fault=skip: a read of PROT_NONE and of unmapped pages" 0 "32 224" "$TMP/none.scn"

# host mmap gives back what munmap took: a memfd's bytes (the file kept
# them), new zeroes for anon; nothing faults then.
cat > "$TMP/remap.scn" <<'EOF'
backing f type=memfd size=1M fill=7
backing a type=anon size=1M fill=7
phase gone {
    host munmap f offset=512K
    host munmap a offset=512K
    host read f byte=7 on_fault=skip
}
phase back {
    host mmap f offset=512K
    host mmap a offset=512K
    host read f byte=7
    host read a byte=0 offset=512K
    host read a byte=7 size=512K
}
print "{gone.host_faults} {back.host_faults} {back.pages}"
EOF
same "host mmap: a memfd's bytes come back, anon's are new zeroes" 0 "128 0 512" "$TMP/remap.scn"

# stop: the access ends at the first fault, the phase goes on.
cat > "$TMP/stop.scn" <<'EOF'
region r type=anon size=1M fill=0
phase w {
    host mprotect r ro offset=256K size=4K
    host write r on_fault=stop byte=0x41 stride=1K
    host mprotect r rw
    print "stopped, the phase goes on"
}
phase check {
    host read r byte=0x41 size=256K
    host read r byte=0 offset=256K
}
print "faults {w.host_faults} pages {w.pages} accesses {w.accesses}"
EOF
same "on_fault=stop ends the access at the first fault (one counted)" 0 \
	"stopped, the phase goes on
faults 1 pages 64 accesses 256" "$TMP/stop.scn"

# retry: the writer waits on the first page until the other branch makes
# it writable; then every byte lands. (Branches start together: 300ms
# is the writer's to reach its first page, which takes microseconds.)
cat > "$TMP/retry.scn" <<'EOF'
region r type=anon size=1M fill=0
phase ro { host mprotect r ro }
phase w {
    concurrently {
        host write r on_fault=retry byte=0x41
        { sleep 300ms; host mprotect r rw }
    }
}
phase check { host read r byte=0x41 }
print "faults {w.host_faults} pages {w.pages}"
EOF
same "on_fault=retry completes once a concurrent mprotect rw lands" 0 \
	"faults 1 pages 256" "$TMP/retry.scn"

# Branches fault at once, each on its own thread, each fault its own.
cat > "$TMP/threads.scn" <<'EOF'
region a type=anon size=2M fill=0
region b type=memfd size=2M fill=0
region c type=shmem size=2M fill=0
phase p {
    host mprotect a ro offset=1M
    host mprotect b ro size=512K
    host mprotect c none offset=1M
    concurrently {
        repeat 20 { host write a on_fault=skip }
        repeat 20 { host write b on_fault=skip stride=64B }
        repeat 20 { host read c on_fault=stop }
    }
}
print "{p.host_faults} {p.pages}"
EOF
same "host faults on three threads at once are each counted" 0 \
	"$((20 * 256 + 20 * 128 + 20)) $((256 + 384 + 256))" "$TMP/threads.scn"

# The count is a result: JSON has it as the phase's host_faults, and the
# guest's faults (which the checker says a phase without guest jobs
# cannot have) stay 0.
run "$TMP/skip.scn" --format json
if [ $rc = 0 ] && python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
m = d["points"][0]["phases"][0]["metrics"]
assert m["host_faults"]["samples"] == [32], m["host_faults"]
assert m["host_faults"]["unit"] == "faults" and m["host_faults"]["better"] is None
assert m.get("faults", {"samples": [0]})["samples"] == [0], m["faults"]
assert "host_faults" not in d["points"][0]["phases"][1]["metrics"]
' "$TMP/out"; then
	ok "JSON: host_faults of the phase that faulted, none where zero"
else
	fail "JSON host_faults" "exit $rc: $(head -c 600 "$TMP/out")"
fi

# fail, the default: the error it always was, at the line.
printf 'region r type=anon size=1M fill=0\nphase p {\n    host mprotect r ro offset=256K size=128K\n    host write r\n}\n' > "$TMP/fail.scn"
same "on_fault=fail (the default) is an error at the line" 1 \
	"$TMP/fail.scn:4:5: error: host write at offset 262144 faulted (SIGSEGV): the memory is read-only or unmapped
        host write r
        ^~~~~~~~~~~~" "$TMP/fail.scn"

# A retry that nothing ends: the watchdog, a failing branch, --timeout
# and a signal each stop it.
printf 'region r type=anon size=1M fill=0\nphase ro { host mprotect r ro }\nphase w watchdog=1s { host write r on_fault=retry }\n' > "$TMP/wd.scn"
run "$TMP/wd.scn"
if [ $rc = 1 ] && grep -q "phase 'w' made no progress for 1s (its watchdog)" "$TMP/out" &&
	grep -q "it was running 'host write r on_fault=retry' here" "$TMP/out"; then
	ok "the watchdog stops a retrying writer and names it"
else
	fail "watchdog and retry" "exit $rc: $(head -c 600 "$TMP/out")"
fi

# A failing branch stops a retrying writer beside it (sib), and a level
# down: a failing branch of an inner concurrently stops the writer of the
# outer one (nest), and a failing outer branch an inner writer (nest2).
head='region r type=anon size=1M fill=0\nphase ro { host mprotect r ro }\nphase w { concurrently {\n'
printf "$head"'    host write r on_fault=retry\n    { sleep 50ms; host exec "exit 3" } } }\n' > "$TMP/sib.scn"
printf "$head"'    host write r on_fault=retry\n    concurrently { sleep 1ms; { sleep 50ms; host exec "exit 3" } } } }\n' > "$TMP/nest.scn"
printf "$head"'    concurrently { sleep 1ms; host write r on_fault=retry }\n    { sleep 50ms; host exec "exit 3" } } }\n' > "$TMP/nest2.scn"
for f in sib nest nest2; do
	run "$TMP/$f.scn" --timeout 20s
	if [ $rc = 1 ] && [ "$(grep -c error: "$TMP/out")" = 1 ] &&
		grep -q "$f.scn:5:[0-9]*: error: \"exit 3\" exited with 3" "$TMP/out"; then
		ok "a failing branch stops a retrying writer ($f)"
	else
		fail "failing branch and retry ($f)" "exit $rc: $(head -c 600 "$TMP/out")"
	fi
done

if ! need_root; then
	skip "retry and --timeout, signals" "not root: knobs need root"
	exit 0
fi
k=/sys/kernel/mm/ksm/sleep_millisecs
b=$(knob $k)
printf 'set ksm.sleep_millisecs = 43\nregion r type=anon size=1M fill=0\nphase ro { host mprotect r ro }\nphase w { host write r on_fault=retry }\n' > "$TMP/hang.scn"
t0=$(date +%s%N)
run "$TMP/hang.scn" $WAIT --timeout 1s
ms=$((($(date +%s%N) - t0) / 1000000))
# Promptly: a second of timeout and a restore, not the watchdog's 60s
# (the wait for the knobs lock counts too, so the bound is loose).
if [ $rc = 124 ] && [ $ms -lt 30000 ] && [ "$(cat $k)" = "$b" ] && [ ! -e "$STATE/journal" ]; then
	ok "--timeout stops a retrying writer: exit 124, the knob restored"
else
	fail "--timeout and retry" "exit $rc after ${ms}ms, sleep_millisecs $(cat $k) (was $b): $(head -c 600 "$TMP/out")"
	[ -e "$STATE/journal" ] && "$SCN" restore "$STATE" > /dev/null 2>&1
fi

"$SCN" run -q $WAIT --state-dir "$STATE" "$TMP/hang.scn" > "$TMP/out" 2>&1 &
pid=$!
if ! await_value $k 43 $pid; then
	fail "SIGINT and retry" "the run never set the knob: $(head -c 600 "$TMP/out")"
	exit 0
fi
sleep 0.2	# into the retrying phase
kill -INT $pid
wait $pid
rc=$?
if [ $rc = 130 ] && [ "$(cat $k)" = "$b" ] && [ ! -e "$STATE/journal" ]; then
	ok "Ctrl-C stops a retrying writer: exit 130, the knob restored"
else
	fail "SIGINT and retry" "exit $rc, sleep_millisecs $(cat $k) (was $b): $(head -c 600 "$TMP/out")"
	[ -e "$STATE/journal" ] && "$SCN" restore "$STATE" > /dev/null 2>&1
fi
