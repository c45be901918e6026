#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The threads a run starts are counted against the kernel's caps before
# any side effect (issue 21): 200 uffd readers in a pids cgroup of 64
# failed half-way in pthread_create ("reader 60 of 200: Resource
# temporarily unavailable", exit 1); it is a SKIP that names the limit,
# and plan shows the count. The cgroup is v1's pids hierarchy where it is
# mounted (this machine's), else a v2 group with the pids controller.
cd "$(dirname "$0")/../.."
. tests/runtime/lib.sh

if ! need_root; then
	skip threads "not root: a pids cgroup needs root"
	exit 0
fi
cat >"$TMP/readers.scn" <<'SCN'
# SPDX-License-Identifier: GPL-2.0-only
require uffd
set ksm.sleep_millisecs = 37
region mem type=anon size=4M
uffd mem mode=missing readers=200 wait=epoll
phase fault { host write mem }
SCN
"$SCN" plan "$TMP/readers.scn" >"$TMP/plan" 2>&1
if grep -qx "threads: 202 (200 uffd readers, 2 of scn's own)" "$TMP/plan"; then
	ok "plan shows the threads a run starts"
else
	fail "plan shows the threads a run starts" "$(grep -E '^(threads|memory)' "$TMP/plan")"
fi
if ! has_feature uffd; then
	skip "threads past pids.max" "this kernel has no usable userfaultfd"
	exit 0
fi

v1=$(awk '$3 == "cgroup" && $4 ~ /(^|,)pids(,|$)/ { print $2; exit }' /proc/self/mounts)
v2=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/self/mounts)
if [ -n "$v1" ]; then
	G=$v1/scn-test-threads.$$
elif [ -n "$v2" ] && grep -qw pids "$v2/cgroup.subtree_control" 2>/dev/null; then
	G=$v2/scn-test-threads.$$
else
	skip "threads past pids.max" "no pids cgroup controller here"
	exit 0
fi
if ! mkdir "$G" 2>/dev/null || ! echo 64 >"$G/pids.max"; then
	skip "threads past pids.max" "cannot make a pids cgroup at $G"
	rmdir "$G" 2>/dev/null
	exit 0
fi
k=/sys/kernel/mm/ksm/sleep_millisecs
b=$(knob $k 2>/dev/null)
sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$G" \
	"$SCN" run -q $WAIT --state-dir "$STATE" "$TMP/readers.scn" >"$TMP/out" 2>&1
rc=$?
rmdir "$G" 2>/dev/null
if [ $rc = 4 ] && grep -q "^# SKIP needs 202 threads (200 uffd readers, 2 of scn's own) and this machine has room for [0-9]* more (pids.max of cgroup .*scn-test-threads.$$ is 64, [0-9]* in use)" "$TMP/out" &&
   [ "$(knob $k 2>/dev/null)" = "$b" ] && [ ! -e "$STATE/journal" ]; then
	ok "threads past pids.max: a SKIP before any side effect, naming the limit"
else
	fail "threads past pids.max" "exit $rc: $(head -n 3 "$TMP/out")"
fi
