#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# guest_memfd backings on whatever KVM this runs on (tests/kvm/gmem.sh runs
# it here where `scn features` offers guest_memfd with mmap and
# init_shared, and in a 7.3 test host with two nodes). Where the kernel
# lacks them, a run is a SKIP that names what is missing. Ends with
# "gmem done".
cd "$(dirname "$0")/../.." || exit 2
. tests/kvm/lib.bash


nodes=$("$SCN" features | awk '$1 == "nodes" { print $2; exit }')

scn flags <<'EOF'
backing g type=guest_memfd size=4M mmap init_shared
vm v backing=g
phase w { guest write }
EOF
if ! has_feature kvm.guest_memfd_init_shared; then
	miss=kvm.guest_memfd
	has_feature kvm.guest_memfd && miss='kvm.guest_memfd_(mmap|init_shared)'
	out "guest_memfd: a kernel without it makes the run a SKIP naming it" 4 \
		"SKIP.*$miss" "$TMP/flags.scn"
	echo "gmem done"
	exit 0
fi

# --- the guest's memory is the file, and the host's mapping shows it ----
# A punch (the invalidation guest_memfd has instead of an MMU notifier)
# zaps the guest's mappings: its next read faults every page in again,
# as zeros.
scn seen <<'EOF'
backing g type=guest_memfd size=8M mmap init_shared
vm v backing=g vcpus=2 slots=2
phase w { guest write pattern=0x2a2a2a2a2a2a2a2a }
phase hr { host read g byte=0x2a }
phase hw { host write g byte=0x3b stride=1B size=4K }
phase gr { guest[0] read verify pattern=0x3b3b3b3b3b3b3b3b size=4K }
phase p { host fallocate g punch }
phase z { guest read verify pattern=0 }
print "{w.pages} {hr.pages} {z.pages} {z.faults} {z.delta.vmstat.pgfault >= 0}"
EOF
out "guest_memfd: the host reads the guest's writes, the guest the host's, a punch zeroes both" \
	0 "^2048 2048 2048 0 yes$" "$TMP/seen.scn"

# --- a ring-3 job writes it too (the path PVM hosts take) ---------------
scn ring3 <<'EOF'
backing g type=guest_memfd size=4M mmap init_shared
vm v backing=g
phase w { guest write pattern=0x4c4c4c4c4c4c4c4c ring=3 }
phase r { host read g byte=0x4c }
print "{w.pages} {r.pages}"
EOF
out "guest_memfd: a ring-3 guest job writes it" 0 "^1024 1024$" "$TMP/ring3.scn"

# --- mprotect of the host's mapping: does the guest still write? -------
# Where KVM maps a guest_memfd memslot from the file, a read-only host
# mapping leaves the guest's writes alone (no fault); where it maps it
# through userspace_addr (6.18 on PVM: measured), every page faults, as on
# a memfd. Either way all or nothing, and the memory is writable again.
scn ro <<'EOF'
backing g type=guest_memfd size=4M mmap init_shared
vm v backing=g vcpus=2
phase w { guest write }
phase ro {
    host mprotect g ro
    guest write on_fault=skip pattern=0x5d5d5d5d5d5d5d5d
    # seed 002's loop: where the guest never faults, it ends after a pass
    # without one, not waiting for faults that never come.
    guest write on_fault=skip until=all_faulted
}
phase rw {
    host mprotect g rw
    guest write pattern=0x6e6e6e6e6e6e6e6e
}
phase r { host read g byte=0x6e }
print "faults {ro.faults == 0 || ro.faults >= w.pages} {rw.faults}"
EOF
out "guest_memfd: a read-only host mapping faults every guest write or none (until=all_faulted ends either way), and rw restores it" \
	0 "^faults yes 0$" "$TMP/ro.scn" --timeout 60

# --- NUMA: node= is an mbind of the mapping; results say where ----------
# The pages the guest faults in land on the node (move_pages of the
# mapping), however the kernel keeps the policy.
last=$((nodes - 1))
scn bind <<'EOF'
param node = 0
backing g type=guest_memfd size=4M mmap init_shared node=node
vm v backing=g
phase w { guest write }
print "{w.placement.g[node]} of {w.pages} on node {node}"
EOF
out "guest_memfd: node=$last (mbind of the mapping) puts the guest's pages there" \
	0 "^1024 of 1024 on node $last$" "$TMP/bind.scn" -D node=$last
if [ "$nodes" -ge 2 ]; then
	# set_mempolicy: the vCPU threads' policy decides where a fault lands.
	scn task <<'EOF'
policy bind 1
backing g type=guest_memfd size=4M mmap init_shared
vm v backing=g
phase w { guest write }
print "{w.placement.g[1]} of {w.pages} on node 1"
EOF
	out "guest_memfd: policy bind 1 (set_mempolicy) puts the guest's pages on node 1" \
		0 "^1024 of 1024 on node 1$" "$TMP/task.scn"
fi

# --- what the kernel refuses at run time, named -------------------------
scn uffd <<'EOF'
backing g type=guest_memfd size=4M mmap init_shared
vm v backing=g
uffd v
phase f { guest write }
EOF
if has_feature uffd.guest_memfd; then
	out "guest_memfd: uffd serves its faults where the kernel registers it" 0 "" "$TMP/uffd.scn"
else
	out "guest_memfd: uffd where the kernel refuses it is a SKIP saying so" 4 \
		"SKIP.*uffd.guest_memfd.*UFFDIO_REGISTER" "$TMP/uffd.scn"
fi
echo "gmem done"
