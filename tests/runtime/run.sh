#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# scn run on this machine: SKIP before any side effect when something is
# missing, kernel errors at the .scn line, the memory policy applied.
cd "$(dirname "$0")/../.."
. tests/runtime/lib.sh

check_out() { # name expected-exit pattern file [args]
	local name=$1 want=$2 pat=$3 file=$4 rc
	shift 4
	"$SCN" run -q $WAIT --state-dir "$STATE" "$@" "$file" > "$TMP/out" 2>&1
	rc=$?
	if [ $rc != "$want" ]; then
		fail "$name" "exit $rc, wanted $want: $(cat "$TMP/out")"
	elif ! grep -qE -- "$pat" "$TMP/out"; then
		fail "$name" "output lacks /$pat/: $(cat "$TMP/out")"
	else
		ok "$name"
	fi
}

# A requirement this machine lacks: SKIP (exit 4) with the reason.
printf 'require nodes >= 64\nregion r type=anon size=4K\nphase p { host write r }\n' > "$TMP/nodes.scn"
check_out "unmet requirement is a SKIP with the reason" 4 \
	"^# SKIP needs nodes >= 64: this machine has [0-9]+$" "$TMP/nodes.scn"
if [ -e /dev/kvm ]; then
	skip "kvm scenario skips without /dev/kvm" "this machine has /dev/kvm"
else
	check_out "a KVM scenario is a SKIP where /dev/kvm is absent" 4 \
		"^# SKIP needs kvm: /dev/kvm" scenarios/mmu_stress.scn
fi

# More memory than the machine has: SKIP with the numbers, nothing mapped.
printf 'region r type=anon size=64T noreserve\nregion big type=anon size=60T\nphase p { host write big size=4K }\n' > "$TMP/big.scn"
check_out "too much memory is a SKIP with the numbers" 4 \
	"^# SKIP needs 60T of memory \(60T for backings and regions, 0B touched of 64T noreserve\), and the machine has [0-9]+(\.[0-9]+)?[KMGT] available" "$TMP/big.scn"

# A knob this kernel lacks: SKIP, and nothing else was changed.
if [ ! -e /sys/kernel/mm/hugepages/hugepages-1048576kB ]; then
	b=$(knob /sys/kernel/mm/ksm/sleep_millisecs)
	printf 'set ksm.sleep_millisecs = 3, hugetlb.pages_1G = 1\nphase p { sleep 1ms }\n' > "$TMP/1g.scn"
	check_out "an absent knob is a SKIP before any knob is written" 4 \
		"lacks the knob hugetlb.pages_1G" "$TMP/1g.scn"
	[ "$(knob /sys/kernel/mm/ksm/sleep_millisecs)" = "$b" ] && ok "no knob written before the SKIP" ||
		fail "no knob written before the SKIP" "sleep_millisecs is $(cat /sys/kernel/mm/ksm/sleep_millisecs)"
else
	skip "absent knob" "this machine has 1G hugetlb pages"
fi

# A kernel error names the call, strerror and errno, at the .scn line: a
# pool the scenario sets too small for its region (an empty pool it does
# not set is a SKIP before the run: tests/runtime/memneed.sh).
if need_root && [ "$(cat /sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages)" = 0 ]; then
	printf 'set hugetlb.pages_2M = 1\nrequire hugetlb 2M\nregion h type=anon_hugetlb size=4M\nphase p { host write h }\n' > "$TMP/htlb.scn"
	check_out "a kernel error points at the line with errno" 1 \
		"htlb.scn:3:1: error: mmap\(anon_hugetlb, 4194304 bytes\): Cannot allocate memory \(errno 12\)" "$TMP/htlb.scn"
	printf 'set hugetlb.pages_2M = 2\nrequire hugetlb 2M\nregion h type=anon_hugetlb size=4M\nphase p { host write h }\nprint "{p.pages} hugetlb pages"\n' > "$TMP/htlb2.scn"
	check_out "a hugetlb region with a pool set by the scenario" 0 "^2 hugetlb pages$" "$TMP/htlb2.scn"
else
	skip "hugetlb errors" "not root, or a 2M pool is already set"
fi

# munmap of part of a region: the rest stays usable.
printf 'region r type=memfd size=8M\nphase p { host munmap r offset=4M size=4M; host write r size=4M; host fallocate r punch size=1M }\nprint "{p.pages}"\n' > "$TMP/unmap.scn"
check_out "munmap part, write the rest, punch a hole" 0 "^1024$" "$TMP/unmap.scn"

# Concurrent branches start together and the phase waits for both.
printf 'region r type=anon size=16M\nphase p { concurrently { sleep 200ms\n host write r } }\nexpect p.seconds >= 0.2\nprint "{p.pages}"\n' > "$TMP/conc.scn"
check_out "concurrently waits for every branch" 0 "^4096$" "$TMP/conc.scn"

# An outside command that fails stops the run at its line.
printf 'phase p { host exec "exit 3" }\n' > "$TMP/exec.scn"
check_out "a failing exec is an error at its line" 1 'exec.scn:1:11: error: "exit 3" exited with 3' "$TMP/exec.scn"

# Memory policy: node= binds a region (numa_maps shows the VMA's policy).
printf 'region r type=anon size=2M node=0\nphase p { host exec "grep -c bind:0 /proc/$PPID/numa_maps > %s/maps" }\n' "$TMP" > "$TMP/bind.scn"
if "$SCN" run -q --state-dir "$STATE" "$TMP/bind.scn" >/dev/null 2>&1 && [ "$(cat "$TMP/maps")" -ge 1 ]; then
	ok "node=0 binds the region (bind:0 in numa_maps)"
else
	fail "node binding" "$(cat "$TMP/maps" 2>/dev/null)"
fi

# NUMA balancing off for the whole phase: the machine-wide numa_* counters
# that another process moved (here one that turns balancing on for a
# while, as another run would) are not this run's, and raise no warning.
if need_root && has_feature numa_balancing; then
	cat > "$TMP/load.sh" <<'SH'
echo 1 > /proc/sys/kernel/numa_balancing
python3 -c '
import mmap, time
m = mmap.mmap(-1, 64 << 20)
end = time.time() + 3
while time.time() < end:
    for i in range(0, len(m), 4096):
        m[i] = 1
'
echo 0 > /proc/sys/kernel/numa_balancing
SH
	printf 'set kernel.numa_balancing = 0\nphase p { host exec "sh %s/load.sh" }\nprint "hints {p.delta.vmstat.numa_hint_faults}"\n' "$TMP" > "$TMP/nb.scn"
	"$SCN" run -q $WAIT --state-dir "$STATE" "$TMP/nb.scn" > "$TMP/out" 2>&1
	rc=$?
	if [ $rc = 0 ] && grep -q "^hints 0$" "$TMP/out"; then
		skip "no NUMA warning with balancing off" "the other process took no hinting fault in 3 s here"
	elif [ $rc = 0 ] && grep -q "^hints [1-9]" "$TMP/out" && ! grep -q "warning:.*NUMA" "$TMP/out"; then
		ok "no NUMA warning for another process's hinting faults while balancing was off"
	else
		fail "NUMA warning with balancing off" "exit $rc: $(cat "$TMP/out")"
	fi
else
	skip "NUMA warning with balancing off" "not root, or no kernel.numa_balancing"
fi

# Memory bound to a node the machine lacks: a SKIP before any side effect
# (mbind would refuse it once the run had begun).
last=$(sed 's/.*[-,]//' /sys/devices/system/node/online 2>/dev/null || echo 0)
far=$((last + 1))
printf 'require numa\nset ksm.sleep_millisecs = 44\nregion far type=anon size=64M node=%d\nphase p { host write far }\n' "$far" > "$TMP/far.scn"
b=$(knob /sys/kernel/mm/ksm/sleep_millisecs 2>/dev/null)
check_out "a region on a node the machine lacks is a SKIP that names it" 4 \
	"^# SKIP needs NUMA node $far \(region 'far'\): this machine has [0-9]+ nodes? \(" "$TMP/far.scn"
[ "$(knob /sys/kernel/mm/ksm/sleep_millisecs 2>/dev/null)" = "$b" ] &&
	ok "no knob written before the missing node's SKIP" ||
	fail "missing node: no side effect" "sleep_millisecs is $(cat /sys/kernel/mm/ksm/sleep_millisecs)"
printf 'policy bind [0, %d]\nregion r type=anon size=4M\nphase p { host write r }\n' "$far" > "$TMP/farpol.scn"
check_out "a policy over a node the machine lacks is a SKIP too" 4 \
	"^# SKIP needs NUMA node $far \(policy\): this machine has" "$TMP/farpol.scn"

# A failed expectation shows the values of both sides of && and of ?:.
printf 'region r type=anon size=4M\nphase p { host write r }\nexpect p.pages == 1 && p.accesses == 1024\n' > "$TMP/and.scn"
check_out "a failed && expectation prints both comparisons' operands" 1 \
	"expectation failed: p\.pages == 1 && p\.accesses == 1024 \(\(1024 == 1\) && \(1024 == 1024\)\)$" "$TMP/and.scn"
