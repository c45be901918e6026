#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Guest demand paging through userfaultfd, on whatever KVM this runs on
# (tests/kvm/run.sh runs it in the test host with checks.bash, in the same
# boot): every mode on every backing that allows it, each wait method,
# the data the guest reads, each page resolved once, overlapping vCPUs,
# one uffd per vCPU, a stop and a watchdog while vCPUs wait in faults, a
# reader that fails. Small sizes: a guest's first touch of a page costs
# ~100 us under TCG. Ends with "uffd checks done".
cd "$(dirname "$0")/../.." || exit 2
. tests/kvm/lib.bash

# --- missing faults on every backing, the data the reader copied --------
scn missing <<'EOF'
param source = anon
param wait = epoll
set hugetlb.pages_2M = 8
backing mem type=source size=8M fill=0x2a
vm g backing=mem vcpus=2
uffd g readers=2 wait=wait
phase fault { guest read verify pattern=0x2a2a2a2a2a2a2a2a }
phase host { host read mem byte=0x2a }
expect fault.uffd.faults == fault.pages
print "{source} {wait}: {fault.pages} {fault.uffd.faults} {fault.uffd.eexist} {host.pages}"
sweep source in anon, anon_thp, anon_hugetlb, shmem, memfd, memfd_hugetlb
sweep wait in poll, read
EOF
"$SCN" run -q --state-dir "$STATE" $WAIT $RING "$TMP/missing.scn" >"$TMP/out" 2>&1
rc=$?
for s in anon anon_thp shmem memfd; do
	for w in poll read; do
		grep -q "^$s $w: 2048 2048 0 2048$" "$TMP/out" &&
			ok "missing on $s, readers by $w: each page resolved once, the guest reads the reader's data" ||
			fail "missing on $s, readers by $w" "exit $rc: $(grep "^$s $w" "$TMP/out" || head -c 400 "$TMP/out")"
	done
done
for s in anon_hugetlb memfd_hugetlb; do
	grep -q "^$s poll: 4 4 0 4$" "$TMP/out" && grep -q "^$s read: 4 4 0 4$" "$TMP/out" &&
		ok "missing on $s: 2M pages resolved once, data checked" ||
		fail "missing on $s" "exit $rc: $(grep "^$s " "$TMP/out" || head -c 400 "$TMP/out")"
done

# --- minor faults on shared backings ------------------------------------
scn minor <<'EOF'
param source = shmem
set hugetlb.pages_2M = 8
backing mem type=source size=8M fill=0x3c
vm g backing=mem vcpus=2
uffd g mode=minor
phase fault { guest read verify pattern=0x3c3c3c3c3c3c3c3c }
expect fault.uffd.faults == fault.pages && fault.uffd.eexist == 0
print "{source}: {fault.pages} {fault.uffd.faults}"
sweep source in shmem, memfd, memfd_hugetlb
EOF
"$SCN" run -q --state-dir "$STATE" $WAIT $RING "$TMP/minor.scn" >"$TMP/out" 2>&1
rc=$?
[ $rc = 0 ] && grep -q "^shmem: 2048 2048$" "$TMP/out" && grep -q "^memfd: 2048 2048$" "$TMP/out" &&
	grep -q "^memfd_hugetlb: 4 4$" "$TMP/out" &&
	ok "minor on shmem, memfd and memfd_hugetlb: the page cache's data, each page continued once" ||
	fail "minor faults on shared backings" "exit $rc: $(head -c 600 "$TMP/out")"

# --- epoll readers, one uffd per vCPU: each part served by its own -------
scn pervcpu <<'EOF'
backing mem type=memfd size=8M fill=0x11
vm g backing=mem vcpus=2
uffd g readers=2 wait=epoll
phase fault { guest write verify }
expect fault.uffd.reader[0].faults + fault.uffd.reader[1].faults == fault.vcpu[0].pages
expect fault.uffd.reader[2].faults + fault.uffd.reader[3].faults == fault.vcpu[1].pages
print "{fault.pages} {fault.uffd.faults} {fault.vcpu[0].pages} {fault.vcpu[1].pages} {fault.vcpu[0].rate > 0} {fault.uffd.p50 <= fault.uffd.max}"
EOF
out "epoll, a uffd per vCPU: its readers serve its vCPU's pages; per-vCPU rates" 0 \
	"^2048 2048 1024 1024 yes yes$" "$TMP/pervcpu.scn"

# --- overlapping vCPUs, one uffd for all: a page counts once --------------
scn overlap <<'EOF'
backing mem type=anon size=4M fill=0x22
vm g backing=mem vcpus=2
uffd g readers=2 per_vcpu=no
phase fault { guest read verify pattern=0x2222222222222222 overlap }
expect fault.uffd.faults == fault.pages
print "{fault.pages} {fault.accesses} {fault.uffd.faults} {fault.vcpu[0].pages} {fault.vcpu[1].pages}"
EOF
out "overlapping vCPUs on one uffd: each page resolved and counted once" 0 \
	"^1024 2048 1024 1024 1024$" "$TMP/overlap.scn"

# demand_paging.scn: the selftest's three lines as it prints them, and
# scn's own line, which names its count a count and its rate a rate.
out "demand_paging.scn with overlapping vCPUs" 0 "" scenarios/demand_paging.scn \
	-D per_vcpu=2M -D overlap=yes
T='	'
if grep -Eq "^Total guest execution time:$T[0-9]+\.[0-9]{9}s$" "$TMP/out" &&
	grep -Eq "^Per-vcpu demand paging rate:$T[0-9]+\.[0-9]{6} pgs/sec/vcpu$" "$TMP/out" &&
	grep -Eq "^Overall demand paging rate:$T[0-9]+\.[0-9]{6} pgs/sec$" "$TMP/out" &&
	grep -Eq "^scn: distinct pages paged in:${T}1024 pages, [0-9]+\.[0-9]{6} pgs/sec$" "$TMP/out" &&
	! grep -q "^Distinct pages paged in:" "$TMP/out"; then
	ok "demand_paging.scn: the selftest's lines exactly, and scn's distinct pages as a count and a rate"
else
	fail "demand_paging.scn: the selftest's lines and scn's" "$(head -c 600 "$TMP/out")"
fi

# --- aliased memslots: the backing's pages fault once, through any slot --
scn alias <<'EOF'
backing mem type=memfd size=2M fill=0x33
vm g backing=mem mem=8M alias vcpus=2
uffd g per_vcpu=no
phase fault { guest read verify pattern=0x3333333333333333 }
print "{fault.pages} {fault.uffd.faults}"
EOF
out "four memslots aliasing one backing: its 512 pages fault once" 0 "^2048 512$" "$TMP/alias.scn"

# --- write protection, zero pages, the delay ------------------------------
scn wp <<'EOF'
backing mem type=shmem size=4M fill=0x44
vm g backing=mem vcpus=2
uffd g mode=wp
phase fault { guest write pattern=0x4545454545454545 }
phase host { host read mem byte=0x45 }
print "{fault.pages} {fault.uffd.faults}"
EOF
out "write protection: each first guest write faults once, and lands" 0 "^1024 1024$" "$TMP/wp.scn"

scn zero <<'EOF'
backing mem type=anon size=4M
vm g backing=mem vcpus=1
uffd g resolve=zeropage delay=1ms
phase fault { guest read verify pattern=0 size=64K }
print "{fault.uffd.faults} {fault.uffd.p50 >= 1ms}"
EOF
out "resolve=zeropage, delay=1ms: zero pages, each fault served after the delay" 0 "^16 yes$" "$TMP/zero.scn"

# --- stops while vCPUs wait in faults ---------------------------------------
scn stuck <<'EOF'
backing mem type=anon size=4M
vm g backing=mem vcpus=2
uffd g delay=60s
phase fault { guest write }
EOF
out "--timeout ends a phase whose vCPUs wait in userfaults" 124 "timed out after 2 s" "$TMP/stuck.scn" --timeout 2

scn wd <<'EOF'
backing mem type=anon size=4M
vm g backing=mem vcpus=2
uffd g delay=60s
phase fault watchdog=1s { guest write }
EOF
out "the watchdog ends it and names the vCPUs blocked in userfaults" 1 \
	"note: vCPU 1 had not reported: it waited in a userfault at offset 0x200000 of .mem., which a reader of the uffd of line 3 held" "$TMP/wd.scn"

# --- a reader that fails: an error at the uffd line, nothing hangs -------
scn rfail <<'EOF'
backing mem type=anon size=4M
vm g backing=mem vcpus=1
uffd g delay=1s
phase p {
    concurrently {
        guest write size=4K
        { sleep 300ms; host munmap mem }
    }
}
EOF
out "a reader that fails is an error at the uffd's line; the vCPU goes on" 1 \
	"rfail.scn:3:1: error: uffd reader: UFFDIO_COPY" "$TMP/rfail.scn"

echo "uffd checks done"
