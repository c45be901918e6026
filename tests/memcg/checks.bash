#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The checks of memory cgroups (docs/environment.md, "Memory cgroups"), on
# a kernel whose cgroup2 root gives its children the memory controller:
# tests/memcg/run.sh runs them in the test host and, where it can, on this
# machine. Small sizes. Ends with "checks done".
cd "$(dirname "$0")/../.." || exit 2
. tests/kvm/lib.bash

ROOT=$("$SCN" features --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["cgroup2"]["memory_root"] or "")')
PARENT=$ROOT/scn
# Whether scn left a group of its own behind (none of another run's: the
# knobs lock keeps two runs with groups apart).
groups_left() { ls -d "$PARENT"/*.* 2>/dev/null; }

# run_left NAME WANT_RC PATTERN FILE [ARGS]: out (tests/kvm/lib.bash), and
# then no group of scn's may be left.
run_left() {
	if out "$@" | tee "$TMP/result" | grep -q '^ok ' && [ -n "$(groups_left)" ]; then
		echo "FAIL $1: left $(groups_left)"
	else
		cat "$TMP/result"
	fi
}

# --- the group: limits written, scn inside, counters its own ------------
# Run by a phase's host exec: the group of scn itself (the nearest
# ancestor named scn: sh -c may stand between) and its limits.
cat >"$TMP/where.sh" <<SH
p=\$PPID
while [ "\$p" -gt 1 ] && [ "\$(cat /proc/\$p/comm)" != scn ]; do
	p=\$(sed -n 's/^PPid:[[:space:]]*//p' /proc/\$p/status)
done
d=\$(sed -n 's/^0:://p' /proc/\$p/cgroup)
cd "$ROOT\$d" && echo in \$(basename \$d): \$(cat memory.max memory.high memory.low memory.min)
SH
scn limits <<SCN
cgroup box memory.max=96M memory.high=80M memory.low=8M memory.min=4M
region r type=anon size=16M nohugepage
phase fill {
    host write r
    host exec "sh $TMP/where.sh"
}
print "anon {fill.delta.memcg.anon} faults {fill.delta.memcg.pgfault} current {fill.memcg.current}"
expect fill.delta.memcg.anon >= 16M
expect fill.delta.memcg.pgfault >= 16M / page_size
expect memcg.current >= 16M
SCN
run_left "cgroup: limits written, scn inside it, its counters count the region" 0 \
	"in [0-9]+\.box: 100663296 83886080 8388608 4194304" "$TMP/limits.scn"
grep -q "^anon 1[67][0-9]\{6\} faults [0-9]\+ current" "$TMP/out" ||
	fail "cgroup: counters printed" "$(head -c 300 "$TMP/out")"

# --- in the results: marked as the run's own ------------------------------
"$SCN" run -q --state-dir "$STATE" --repeat 2 --format json -o "$TMP/r.json" "$TMP/limits.scn" >"$TMP/out" 2>&1
if python3 - "$TMP/r.json" <<'PY' >"$TMP/py" 2>&1; then
import json, sys
d = json.load(open(sys.argv[1]))
m = d["points"][0]["phases"][0]["metrics"]
for k in ("delta.memcg.anon", "delta.memcg.pgfault", "memcg.current", "delta.memcg_events.oom_kill"):
    assert m[k]["whose"] == "own" and m[k]["n"] == 2, (k, m.get(k))
assert m["delta.memcg.anon"]["unit"] == "bytes" and m["delta.memcg.anon"]["min"] >= 16 << 20
assert m["delta.memcg_events.oom_kill"]["max"] == 0
assert "whose" not in m["time"]
PY
	ok "cgroup: memcg deltas in the JSON result, marked own, a sample per run"
else
	fail "cgroup: memcg deltas in the JSON result, marked own, a sample per run" "$(cat "$TMP/py" "$TMP/out" | head -c 600)"
fi

# --- memory.high in a phase throttles: memory.events high ----------------
# Above memory.high every charge is reclaimed for and throttled (up to 2s
# a batch): fill, lower it, then touch a few pages more.
scn high <<'SCN'
cgroup box
region r type=anon size=16M nohugepage
region more type=anon size=256K nohugepage
phase fill { host write r }
phase squeeze {
    host cgroup box memory.high=8M
    host write more
    host cgroup box memory.high=max
}
phase reclaim { host cgroup box memory.reclaim=4M }
print "high events {squeeze.delta.memcg_events.high}, max events {squeeze.delta.memcg_events.max}"
expect squeeze.delta.memcg_events.high > 0
expect squeeze.delta.memcg_events.oom_kill == 0
SCN
run_left "host cgroup memory.high=8M under the 16M the group holds: high events, no OOM" 0 \
	"^high events [1-9][0-9]*, max events 0" "$TMP/high.scn"
grep -q "warning: memory.reclaim" "$TMP/out" ||
	fail "memory.reclaim that reclaims less than asked: a warning" "$(head -c 400 "$TMP/out")"
grep -q "warning: memory.reclaim" "$TMP/out" &&
	ok "memory.reclaim that reclaims less than asked (no swap for anon): a warning"
# The same in a suite: the warning is in the scenario's KTAP block, once
# in all the suite prints (it came on stderr as well), and the summary
# says there is one.
echo "$TMP/high.scn" >"$TMP/high.suite"
"$SCN" run -q --state-dir "$STATE" "$TMP/high.suite" >"$TMP/sout" 2>"$TMP/serr"
n=$(cat "$TMP/sout" "$TMP/serr" | grep -c "memory.reclaim: the kernel reclaimed less")
if [ "$n" = 1 ] && grep -q "^# warning: .*memory.reclaim: the kernel reclaimed less" "$TMP/sout" &&
	grep -q "high  *pass .*(1 warning, in its KTAP)$" "$TMP/serr"; then
	ok "a suite prints a scenario's warning once, in its KTAP block, and counts it in the summary"
else
	fail "a suite prints a scenario's warning once" "$n times: $(cat "$TMP/sout" "$TMP/serr" | grep -e warning -e high | head -c 600)"
fi

# --- memory.max below what the scenario maps, without swap: refused ------
scn oom <<'SCN'
cgroup box memory.max=8M
region r type=anon size=32M
phase fill { host write r }
SCN
if [ "$(awk '/^SwapTotal/ { print $2 }' /proc/meminfo)" = 0 ]; then
	run_left "memory.max below the scenario's memory, no swap: refused before anything" 1 \
		"memory.max 8M is below the 32M of memory the scenario maps, and this machine has no swap" "$TMP/oom.scn"
	[ -e "$STATE/journal" ] && fail "the refusal left a journal" "$(cat "$STATE/journal")"
else
	skip "memory.max below the scenario's memory: refused" "this machine has swap"
fi

# --- removed after an error, and after a signal ---------------------------
scn err <<'SCN'
cgroup box memory.max=64M
region r type=anon size=4M
phase p { host write r; host exec "exit 3" }
SCN
run_left "cgroup removed after an error in a phase" 1 'exited with 3' "$TMP/err.scn"

scn slow <<'SCN'
cgroup box memory.max=64M
region r type=anon size=4M
phase p { host write r; sleep 30s }
SCN
"$SCN" run -q --state-dir "$STATE" "$TMP/slow.scn" >"$TMP/out" 2>&1 &
pid=$!
for _ in $(seq 100); do [ -n "$(groups_left)" ] && break; sleep 0.1; done
made=$(groups_left)
kill -INT $pid
wait $pid
rc=$?
if [ -z "$made" ]; then
	fail "cgroup removed after SIGINT" "the group never appeared"
elif [ $rc != 130 ] || [ -n "$(groups_left)" ] || [ -e "$STATE/journal" ]; then
	fail "cgroup removed after SIGINT" "exit $rc, left: $(groups_left) $(cat "$STATE/journal" 2>/dev/null)"
else
	ok "cgroup removed after SIGINT (exit 130)"
fi

# --- SIGKILL: the journal names the group; scn restore removes it --------
"$SCN" run -q --state-dir "$STATE" "$TMP/slow.scn" >"$TMP/out" 2>&1 &
pid=$!
for _ in $(seq 100); do [ -n "$(groups_left)" ] && break; sleep 0.1; done
made=$(groups_left)
kill -KILL $pid
wait $pid 2>/dev/null
if [ -z "$made" ] || ! grep -q "^cgroup	$made$" "$STATE/journal" 2>/dev/null; then
	fail "SIGKILL: the journal names the group" "group '$made', journal: $(cat "$STATE/journal" 2>/dev/null)"
else
	ok "SIGKILL: the group stays, named in the journal"
	"$SCN" run -q --state-dir "$STATE" "$TMP/err.scn" >"$TMP/out" 2>&1
	rc=$?
	if [ $rc = 1 ] && grep -q "run 'scn restore' first" "$TMP/out"; then
		ok "SIGKILL: the next run refuses until scn restore"
	else
		fail "SIGKILL: the next run refuses until scn restore" "exit $rc: $(head -c 300 "$TMP/out")"
	fi
	"$SCN" restore "$STATE" >"$TMP/out" 2>&1
	rc=$?
	if [ $rc = 0 ] && [ ! -e "$made" ] && [ ! -e "$PARENT" ] && grep -q "memory cgroup removed" "$TMP/out"; then
		ok "scn restore removes the group and its parent"
	else
		fail "scn restore removes the group and its parent" "exit $rc: $(cat "$TMP/out"), left: $(ls "$PARENT" 2>&1 | head -3)"
	fi
fi

# --- the OOM killer: scn dies by SIGKILL in its group; restore cleans up --
scn oomkill <<'SCN'
cgroup box memory.max=64M
region r type=anon size=24M nohugepage
phase fill { host write r }
phase squeeze { host cgroup box memory.max=4M }
SCN
"$SCN" run -q --state-dir "$STATE" "$TMP/oomkill.scn" >"$TMP/out" 2>&1
rc=$?
left=$(groups_left)
if [ $rc = 137 ] && [ -n "$left" ] && grep -q "^cgroup	$left$" "$STATE/journal" 2>/dev/null; then
	"$SCN" restore "$STATE" >"$TMP/out" 2>&1
	if [ -z "$(groups_left)" ] && [ ! -e "$STATE/journal" ]; then
		ok "memory.max lowered under scn: the OOM killer ends it, scn restore removes the group"
	else
		fail "OOM kill: scn restore removes the group" "$(cat "$TMP/out")"
	fi
else
	fail "memory.max lowered under scn: the OOM killer ends it" "exit $rc, left '$left', journal: $(cat "$STATE/journal" 2>/dev/null)"
	"$SCN" restore "$STATE" >/dev/null 2>&1
fi

echo "checks done"
