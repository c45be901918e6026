#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# userfaultfd on this machine's kernel, for host regions: every mode on
# every backing that supports it, data checked, each page resolved once,
# the delay honoured, shutdown with faults in flight, a reader failure.
cd "$(dirname "$0")/../.."
. tests/runtime/lib.sh

if ! has_feature uffd; then
	skip uffd "this kernel has no usable userfaultfd"
	exit 0
fi

run_case() { # name scenario-text [expected exit]
	local name=$1 want=${3:-0} rc
	printf '%s\n' "$2" > "$TMP/case.scn"
	timeout 120 "$SCN" run -q $WAIT --state-dir "$STATE" "$TMP/case.scn" > "$TMP/out" 2>&1
	rc=$?
	if [ $rc = "$want" ]; then
		ok "$name"
	else
		fail "$name" "exit $rc, wanted $want: $(head -5 "$TMP/out")"
	fi
}

# Every page faults once, through 4 readers, and reads back what the
# service put there; a second pass faults no more.
one_mode() { # mode type readers wait [extra uffd keys]
	local mode=$1 type=$2 readers=$3 wait=$4 extra=$5 pool="" page=4K
	case $type in
	*hugetlb) pool="set hugetlb.pages_2M = 8"; page=2M ;;
	esac
	run_case "uffd $mode on $type, $readers readers by $wait${extra:+, $extra}" "$pool
region r type=$type size=$([ $page = 2M ] && echo 8M || echo 16M) fill=0x5a
uffd r mode=$mode readers=$readers wait=$wait $extra
phase fault { $([ $mode = wp ] && echo "host write r byte=0x77" || echo "host read r byte=$([ "$extra" = resolve=zeropage ] && echo 0 || echo 0x5a)") }
phase again { host $([ $mode = wp ] && echo "write r byte=0x77" || echo "read r") }
phase data { host read r byte=$([ $mode = wp ] && echo 0x77 || ([ "$extra" = resolve=zeropage ] && echo 0 || echo 0x5a)) }
expect fault.uffd.faults == $([ $page = 2M ] && echo 8M || echo 16M) / $page
expect fault.uffd.faults == fault.uffd.reader[0].faults + ($readers > 1 ? fault.uffd.reader[1].faults : 0) + ($readers > 2 ? fault.uffd.reader[2].faults + fault.uffd.reader[3].faults : 0)
expect again.uffd.faults == 0" 0
}

need_root && hugetlb=1 || hugetlb=0
for wait in poll epoll read; do
	one_mode missing anon 4 $wait
done
for t in anon_thp shmem memfd; do
	one_mode missing $t 4 epoll
done
one_mode missing anon 1 poll resolve=zeropage
one_mode missing shmem 2 epoll resolve=zeropage
for t in shmem memfd; do
	one_mode minor $t 4 epoll
done
for t in anon shmem memfd; do
	one_mode wp $t 4 poll
done
if [ $hugetlb = 1 ] && [ -d /sys/kernel/mm/hugepages/hugepages-2048kB ]; then
	one_mode missing anon_hugetlb 2 epoll
	one_mode missing memfd_hugetlb 2 epoll
	one_mode minor memfd_hugetlb 2 epoll
else
	skip "uffd on hugetlb" "not root, or no 2M hugetlb pool"
fi

# The per-fault delay is honoured: no fault is served faster.
run_case "uffd delay=2ms: every fault takes at least 2ms" "region r type=anon size=64 * page_size
uffd r readers=2 delay=2ms
phase fault { host write r }
expect fault.uffd.faults == 64
expect fault.uffd.p50 >= 2ms && fault.uffd.max >= 2ms
expect fault.seconds >= 0.064"

# Shutdown with faults in flight: SIGTERM during slow faults ends the run
# at once, with the knobs it set restored.
b=$(knob /sys/kernel/mm/ksm/sleep_millisecs 2>/dev/null)
printf 'set ksm.sleep_millisecs = 43\nregion r type=anon size=1024 * page_size\nuffd r readers=1 delay=100ms\nphase fault { host write r }\n' > "$TMP/slow.scn"
if need_root; then
	"$SCN" run -q $WAIT --state-dir "$STATE" "$TMP/slow.scn" > /dev/null 2>&1 &
	pid=$!
	await_value /sys/kernel/mm/ksm/sleep_millisecs 43 $pid
	sleep 0.5
	start=$(date +%s%N)
	kill -TERM $pid
	wait $pid
	rc=$?
	ms=$((($(date +%s%N) - start) / 1000000))
	if [ $rc = 143 ] && [ $ms -lt 2000 ] && [ "$(knob /sys/kernel/mm/ksm/sleep_millisecs)" = "$b" ]; then
		ok "SIGTERM with faults in flight: exit 143 after ${ms}ms, knobs restored"
	else
		fail "SIGTERM with faults in flight" "exit $rc after ${ms}ms, sleep_millisecs $(cat /sys/kernel/mm/ksm/sleep_millisecs)"
	fi
else
	skip "SIGTERM with faults in flight" "not root"
fi

# A reader that fails is reported at the uffd's line, and the thread that
# faulted is not left hanging: the region is unmapped under a pending fault.
printf 'region r type=anon size=2M\nuffd r readers=1 delay=300ms\nphase p {\n    concurrently {\n        host write r size=4K\n        { sleep 50ms; host munmap r }\n    }\n}\n' > "$TMP/fail.scn"
timeout 20 "$SCN" run -q --state-dir "$STATE" "$TMP/fail.scn" > "$TMP/out" 2>&1
rc=$?
if [ $rc = 1 ] && grep -q "fail.scn:2:1: error: uffd reader: UFFDIO_COPY" "$TMP/out"; then
	ok "a reader failure is an error at the uffd's line, and nothing hangs"
else
	fail "reader failure" "exit $rc: $(cat "$TMP/out")"
fi
