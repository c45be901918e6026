#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The checks of the KVM runtime, on whatever KVM this runs on (tests/kvm/
# run.sh runs them in the test host and, where it works, on this
# machine's own /dev/kvm). Small memory: the test host emulates the CPU,
# and a first touch there costs ~100 us. Ends with "checks done".
cd "$(dirname "$0")/../.." || exit 2
. tests/kvm/lib.bash


# --- guest memory is the backing: the host sees the guest's writes -------
scn seen <<'EOF'
backing mfd type=memfd size=8M
vm g backing=mfd vcpus=2
phase w { guest write pattern=0x2a2a2a2a2a2a2a2a }
phase r { host read mfd byte=0x2a }
phase w3 { guest write pattern=0x3b3b3b3b3b3b3b3b ring=3 }
phase r3 { host read mfd byte=0x3b }
print "{w.pages} {w.accesses} {w.exits} {r.pages} {w3.pages}"
EOF
out "the host reads what the guest wrote, from ring 0 and ring 3" 0 "^2048 2048 2 2048 2048$" "$TMP/seen.scn"

# --- x86: memory that would reach the APIC's page starts at 4G -----------
# KVM's emulator takes gpa 0xfee00000 as MMIO whatever memslot holds it,
# and PVM hosts emulate ring 0: from gpa 0, these writes at ring 0 there
# stopped with KVM_EXIT_MMIO at 0xfee00000. The plan says where it starts.
if [ "$(uname -m)" = x86_64 ]; then
	scn apic <<'EOF'
backing mem type=memfd size=64M
vm g backing=mem mem=4G alias
phase w { guest write offset=4078M size=4M }
print "wrote {w.pages} pages"
EOF
	if "$SCN" plan "$TMP/apic.scn" 2>&1 | grep -q 'ring auto, from gpa 4G$'; then
		out "x86: 4G of guest memory starts at gpa 4G, past the APIC page, and is written there" 0 "^wrote 1024 pages$" "$TMP/apic.scn"
	else
		fail "x86: 4G of guest memory starts past the APIC page" "scn plan: $("$SCN" plan "$TMP/apic.scn" 2>&1 | grep 'create vm')"
	fi
fi

# --- an exit the host refuses is named as such, not as scn's bug ---------
# SCN_TEST_REFUSE_PORT_IO=1 gives ring 3 neither IOPL 3 nor the TSS's I/O
# bitmap, as a host that honours neither would: the #GP at the guest
# program's out must say what was tried, in which ring, on which host.
scn refused <<'EOF'
backing mfd type=memfd size=4M
vm g backing=mfd vcpus=1
phase w { guest write ring=3 }
EOF
SCN_TEST_REFUSE_PORT_IO=1 out "a refused ring-3 exit names the out, the ring and the host" 1 \
	"the host refused the guest program's exit, out %al to port 0xf0 at rip 0x[0-9a-f]+ in ring 3, with #GP\(0\): this host \($virt\) let ring 3 do port I/O by neither" \
	"$TMP/refused.scn"

# --- aliasing: 4 memslots on one backing --------------------------------
scn alias <<'EOF'
backing mfd type=memfd size=4M
vm g backing=mfd mem=16M alias vcpus=2
phase w { guest write pattern=0x5a5a5a5a5a5a5a5a }
phase r { guest read verify pattern=0x5a5a5a5a5a5a5a5a }
phase h { host read mfd byte=0x5a }
print "{w.pages} {r.pages} {h.pages}"
EOF
out "aliasing: 4 slots over one backing, pages counted as guest pages" 0 "^4096 4096 1024$" "$TMP/alias.scn"

# --- faults as data: every policy -----------------------------------------
scn skip <<'EOF'
backing mfd type=memfd size=4M prefault
vm g backing=mfd vcpus=2
phase ro {
    host mprotect mfd ro
    guest write on_fault=skip
    expect fault on every vcpu
}
print "{ro.faults} {ro.vcpu[0].faults} {ro.vcpu[1].faults}"
EOF
out "on_fault=skip: every write faults and is counted per vCPU" 0 "^1024 512 512$" "$TMP/skip.scn"

scn stop <<'EOF'
backing mfd type=memfd size=4M prefault
vm g backing=mfd vcpus=2
phase ro {
    host mprotect mfd ro
    guest write on_fault=stop
    expect fault on every vcpu
}
print "{ro.faults} {ro.vcpu[1].faults} {ro.accesses}"
EOF
out "on_fault=stop: a vCPU stops at its first fault" 0 "^2 1 0$" "$TMP/stop.scn"

scn failp <<'EOF'
backing mfd type=memfd size=4M prefault
vm g backing=mfd vcpus=1
phase ro {
    host mprotect mfd ro
    guest write offset=1M
}
EOF
out "on_fault=fail: the phase fails at the guest line" 1 \
	"failp.scn:5:5: error: vCPU 0: a guest write at gpa 0x100000 faulted \((EFAULT|KVM_EXIT_MEMORY_FAULT|KVM_EXIT_MMIO)\)" "$TMP/failp.scn"

scn retry <<'EOF'
backing mfd type=memfd size=4M prefault
vm g backing=mfd vcpus=2
phase ro {
    host mprotect mfd ro
    concurrently {
        guest write on_fault=retry
        { sleep 300ms; host mprotect mfd rw }
    }
    expect fault on every vcpu
}
phase check { guest read verify }
print "{ro.accesses} {ro.vcpu[0].faults > 0}"
EOF
out "on_fault=retry: writes land once the memory is writable" 0 "^1024 yes$" "$TMP/retry.scn"

scn allf <<'EOF'
backing mfd type=memfd size=4M prefault
vm g backing=mfd vcpus=2
phase ro {
    concurrently {
        guest write on_fault=skip until=all_faulted
        { sleep 100ms; host mprotect mfd ro }
    }
    expect fault on every vcpu
}
print "{ro.passes >= 2}"
EOF
out "until=all_faulted: passes until every vCPU faulted" 0 "^yes$" "$TMP/allf.scn"

scn nofault <<'EOF'
backing mfd type=memfd size=4M prefault
vm g backing=mfd vcpus=2
phase rw {
    guest write on_fault=skip
    expect fault on every vcpu
}
EOF
out "expect fault on every vcpu fails where none faulted" 1 \
	"error: expectation failed: a fault on every vcpu \(vCPU 0 and others took none\)" "$TMP/nofault.scn"

# --- barriers: every vCPU reports, 1 to 8 vCPUs -------------------------
scn barrier <<'EOF'
param vcpus = 1
backing mem type=anon size=8M
vm g backing=mem vcpus=vcpus
phase p { guest write passes=3; guest read passes=2 }
phase e { guest read size=4K overlap }
expect p.accesses == 2048 * 5
expect p.passes == vcpus * 5
expect p.pages == 2048
expect p.vcpu[vcpus - 1].passes == 5
expect e.exits <= 2 * vcpus
print "{vcpus}: {p.accesses} {p.passes} {e.exits}"
sweep vcpus in 1, 2, 3, 8
EOF
out "a barrier waits for 1, 2, 3 and 8 vCPUs; a job costs one round trip" 0 \
	"^8: 10240 40 [0-9]+$" "$TMP/barrier.scn"

# --- a data check catches memory taken from under the guest ------------
scn punch <<'EOF'
backing mfd type=memfd size=4M
vm g backing=mfd vcpus=2
phase w { guest write verify pattern=0x1111111111111111 }
phase zap { host fallocate mfd punch offset=2M size=4K }
phase r { guest read verify pattern=0x1111111111111111 }
EOF
out "guest read verify finds a punched page" 1 \
	"punch.scn:5:11: error: vCPU 1: data check failed at gpa 0x200000: found 0, expected 0x1111111111111111" "$TMP/punch.scn"

# --- the watchdog names the stuck vCPUs -------------------------------------
scn wd <<'EOF'
backing mfd type=memfd size=4M prefault
vm g backing=mfd vcpus=2
phase stuck watchdog=1s {
    host mprotect mfd ro
    guest write on_fault=retry
}
EOF
out "the watchdog ends a stuck phase and names each vCPU's last exit" 1 \
	"note: vCPU 1 had not reported \(last exit: [A-Z_]+ at gpa 0x200000\)" "$TMP/wd.scn"
grep -q "error: phase 'stuck' made no progress for 1s" "$TMP/out" &&
	ok "the watchdog's error is the phase's" || fail "the watchdog's error is the phase's" "$(head -c 400 "$TMP/out")"

# --- --timeout stops busy vCPUs ---------------------------------------------
scn busy <<'EOF'
backing mem type=anon size=4M
vm g backing=mem vcpus=2
phase spin { guest read passes=1000000000 }
EOF
out "--timeout stops vCPUs in a long job" 124 "" "$TMP/busy.scn" --timeout 2

# --- sizes KVM and this machine cannot hold: refused first ---------------
scn huge <<'EOF'
backing b type=memfd size=4G noreserve
vm g backing=b mem=60T alias
phase p { guest write size=4K }
EOF
out "too much guest memory is a SKIP with the numbers" 4 \
	"SKIP needs [0-9.]+[MGT] of memory \(4K touched of 4G noreserve, [0-9.]+[MGT] for KVM's memslot metadata and scn's guest areas\)" \
	"$TMP/huge.scn"

# --- nothing left behind: fds and threads the same at each sweep point ---
scn leak <<EOF
param n = 1
backing mfd type=memfd size=4M
vm g backing=mfd vcpus=4
phase p { guest write }
phase count { host exec "ls /proc/\$PPID/fd | wc -l >$TMP/fd.{n}; ls /proc/\$PPID/task | wc -l >$TMP/task.{n}" }
sweep n in 1, 2, 3
EOF
if "$SCN" run -q --state-dir "$STATE" $RING "$TMP/leak.scn" >"$TMP/out" 2>&1 &&
	[ "$(cat "$TMP/fd.1")" = "$(cat "$TMP/fd.3")" ] &&
	[ "$(cat "$TMP/task.1")" = "$(cat "$TMP/task.3")" ]; then
	ok "a VM's fds and threads go with it (fds $(cat "$TMP/fd.1"), threads $(cat "$TMP/task.1") at each point)"
else
	fail "a VM's fds and threads go with it" "fds $(cat "$TMP"/fd.* 2>/dev/null | tr '\n' ' '), threads $(cat "$TMP"/task.* 2>/dev/null | tr '\n' ' '): $(head -c 300 "$TMP/out")"
fi

# --- dirty logging: the pages written, classic and with manual protect --
scn dirty <<'EOF'
backing mem type=anon size=8M
vm g backing=mem vcpus=2 slots=2
vm m backing=mem vcpus=1
phase pop { guest write vm=g; guest write vm=m }
phase on { host dirtylog g on; host dirtylog m on }
phase base { host dirtylog m get; host dirtylog m clear }
phase w { guest write vm=g size=1M; guest write vm=m offset=4M size=2M }
phase g1 { host dirtylog g get }
phase g2 { host dirtylog g get }
phase m1 { host dirtylog m get; host dirtylog m clear }
phase m2 { host dirtylog m get }
phase off { host dirtylog g off; host dirtylog m off }
print "{g1.dirty} {g2.dirty} {m1.dirty} {m2.dirty}"
EOF
out "dirty log: written pages found, a get clears (classic), clear clears (manual)" 0 \
	"^256 0 512 0$" "$TMP/dirty.scn"
# A get that found nothing found 0 pages: a result, in the file as well.
out "dirty log, to JSON" 0 "" "$TMP/dirty.scn" --format json -o "$TMP/dirty.json"
if python3 - "$TMP/dirty.json" <<'PY' >"$TMP/py" 2>&1; then
import json, sys
ph = {p["name"]: p["metrics"] for p in json.load(open(sys.argv[1]))["points"][0]["phases"]}
for name, want in (("g1", 256), ("g2", 0), ("m1", 512), ("m2", 0)):
    assert ph[name]["dirty"]["samples"] == [want], (name, ph[name].get("dirty"))
assert "dirty" not in ph["w"], sorted(ph["w"])
PY
	ok "a get that found no dirty page has dirty 0 in the result file, as print says"
else
	fail "a get that found no dirty page has dirty 0 in the result file" "$(tail -n 3 "$TMP/py")"
fi

# dirty_log.scn: iteration 1 writes memory that INITIALLY_SET left
# unprotected, so it is a phase of its own, out of the dirty phase's
# samples; KVM's own count of page faults tells the two apart.
out "dirty_log.scn: iteration 1 in phases of its own" 0 "" scenarios/dirty_log.scn \
	-D per_vcpu=4M -D iterations=3 --format json -o "$TMP/dirty_log.json"
if python3 - "$TMP/dirty_log.json" <<'PY' >"$TMP/py" 2>&1; then
import json, sys
pt = json.load(open(sys.argv[1]))["points"][0]
ph = {p["name"]: p["metrics"] for p in pt["phases"]}
assert ph["dirty"]["time"]["n"] == 2 and ph["first_dirty"]["time"]["n"] == 1, \
    (ph["dirty"]["time"]["n"], ph["first_dirty"]["time"]["n"])
faults = lambda m: m.get("delta.kvm.pf_taken", {"mean": 0})["mean"]
# A host that counts the write-protection faults of iterations 2 and 3
# as page faults shows iteration 1 without them; one that handles the
# guest's writes without taking a fault (ring 0 on a PVM host, which
# emulates them) counts none in any iteration, and says nothing here.
if faults(ph["dirty"]):
    assert faults(ph["dirty"]) >= 1024, faults(ph["dirty"])
    assert faults(ph["first_dirty"]) * 10 < faults(ph["dirty"]), \
        (faults(ph["first_dirty"]), faults(ph["dirty"]))
    print("pf_taken tells them apart")
else:
    print("this host counts no pf_taken for them")
lines = pt["output"]
for i in (1, 2, 3):
    assert any(l.startswith("Iteration %d dirty memory time: " % i) for l in lines), lines
assert any("KVM_DIRTY_LOG_INITIALLY_SET left unprotected" in l for l in lines), lines
PY
	ok "dirty_log.scn: iteration 1 (no write faults: INITIALLY_SET) is first_dirty, the dirty phase iterations 2 and 3 ($(tail -1 "$TMP/py"))"
else
	fail "dirty_log.scn: iteration 1 is a phase of its own" "$(tail -n 3 "$TMP/py")"
fi

# --- the dirty ring: what the bitmaps find, and a ring that fills ---------
# s's ring of 256 entries fills long before its 512 pages are written: its
# vCPU harvests it itself (KVM_EXIT_DIRTY_RING_FULL) and the get still
# finds every page.
scn ring <<'EOF'
backing mem type=anon size=8M
vm g backing=mem vcpus=2 slots=2 dirty_ring=4096
vm b backing=mem vcpus=2 slots=2
vm s backing=mem vcpus=1 dirty_ring=256
phase pop { guest write vm=g; guest write vm=b; guest write vm=s }
phase on { host dirtylog g on; host dirtylog b on; host dirtylog s on }
phase w { guest write vm=g size=1M; guest write vm=b size=1M; guest write vm=s offset=4M size=2M }
phase get1 { host dirtylog g get }
phase b1 { host dirtylog b get }
phase s1 { host dirtylog s get }
phase get2 { host dirtylog g get; host dirtylog s get }
phase w2 { guest write vm=g offset=6M size=64K }
phase get3 { host dirtylog g get }
phase off { host dirtylog g off; host dirtylog s off; host dirtylog b off }
print "{get1.dirty} {b1.dirty} {s1.dirty} {get2.dirty} {get3.dirty}"
EOF
# A PVM host loses dirty-ring entries in ring 0 (its emulator writes past a
# full ring): there a ring-0 job on a dirty-ring VM is a SKIP that says so.
if [ "$virt@${SCN_TEST_RING:-}" = pvm@0 ]; then
	lossy="this PVM host emulates ring 0 in batches that write past a full dirty ring"
	out "dirty ring in ring 0 on a PVM host: a SKIP that says why" 4 "$lossy" "$TMP/ring.scn"
elif out "dirty ring: the pages written found as the bitmaps find them, none again" 0 "" \
	"$TMP/ring.scn" --format json -o "$TMP/ring.json"
	python3 - "$TMP/ring.json" <<'PY' >"$TMP/py" 2>&1; then
import json, sys
d = json.load(open(sys.argv[1]))
assert d["points"][0]["output"] == ["256 256 512 0 16"], d["points"][0]["output"]
w = d["points"][0]["phases"][2]
assert w["name"] == "w", w["name"]
full = w["metrics"]["dirty_ring_full"]["samples"]
assert full[0] >= 1, full
# Only VM s's one vCPU (vCPU 0) writes past its ring; it counts them all.
mine = w["metrics"]["vcpu[0].dirty_ring_full"]["samples"]
assert mine == full, (mine, full)
# (a series that stays 0 is left out of the file)
other = w["metrics"].get("vcpu[1].dirty_ring_full", {"samples": [0]})["samples"]
assert other == [0], other
PY
	ok "a full dirty ring exits to its vCPU, which harvests it; the count stays right"
else
	fail "a full dirty ring exits to its vCPU" "$(tail -n 3 "$TMP/py")"
fi

# Gets while vCPUs write into the ring (and harvest it when it fills):
# no error and no hang, the data intact, and once the writers are done
# one get takes what is left and the next finds nothing.
scn ringrace <<'EOF'
backing mem type=anon size=2M
vm g backing=mem vcpus=2 dirty_ring=256
phase pop { guest write }
phase on { host dirtylog g on }
phase race {
    concurrently {
        guest write passes=8 pattern=0x5a5a5a5a5a5a5a5a
        repeat 40 { host dirtylog g get; sleep 3ms }
    }
}
phase rest { host dirtylog g get }
phase none { host dirtylog g get }
phase check { guest read verify pattern=0x5a5a5a5a5a5a5a5a }
phase off { host dirtylog g off }
expect rest.dirty <= 512
expect none.dirty == 0
print "{none.dirty}"
EOF
if [ -n "${lossy:-}" ]; then
	out "dirty ring races in ring 0 on a PVM host: a SKIP that says why" 4 "$lossy" "$TMP/ringrace.scn"
else
	out "dirty ring: gets while vCPUs write and harvest: data intact, nothing left after" 0 \
		"^0$" "$TMP/ringrace.scn"
fi

# --- memslots come and go under vCPUs that check their data -------------
scn churn <<'EOF'
backing mem type=memfd size=4M
backing other type=memfd size=2M
vm g backing=mem vcpus=2
phase churn {
    concurrently {
        guest write verify passes=5
        repeat 30 {
            host memslot add extra size=2M
            host memslot move extra gpa=64G
            host memslot delete extra
            host memslot add second size=2M backing=other gpa=32G
            host memslot delete second
        }
    }
}
phase reset { vcpu reset mmu }
phase after { guest read verify }
print "{churn.passes} {after.pages}"
EOF
out "memslot add, move and delete under writing vCPUs; data intact" 0 "^10 1024$" "$TMP/churn.scn"

# --- KVM's statistics per phase, the guest's latency, the result file ---
# Each vCPU's job ends with one port I/O exit, which KVM counts in
# io_exits on hardware hosts and in the test host. PVM hosts count it as
# insn_emulation and leave io_exits at 0: there scn must say so, beside
# its own count (w.exits), rather than let a 0 pass for a measurement.
scn stats <<'EOF'
backing mfd type=memfd size=4M
vm g backing=mfd vcpus=2
phase w { guest write latency }
phase ro { host mprotect mfd ro; guest write on_fault=skip ring=3 }
expect w.exits == 2 && w.vcpu[1].exits == 1
expect w.delta.kvm.exits >= w.exits
expect w.lat_p50 > 0ns && w.lat_max >= w.lat_p99 && w.vcpu[0].lat_max > 0ns
expect ro.faults == 1024
print "{w.delta.kvm.io_exits} {w.delta.kvm.vcpu[1].io_exits} {w.count}"
EOF
out "KVM's statistics of a phase, per vCPU too; latency percentiles" 0 "" \
	"$TMP/stats.scn" --format json -o "$TMP/stats.json"
io=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["points"][0]["output"][0])' \
	"$TMP/stats.json" 2>/dev/null)
note="in phase 'w' KVM's io_exits counted 0 of the 2 port I/O exits scn's guest program made: this host ($virt) does not count them there"
if [ "$io" = "2 1 1" ] && ! grep -q "does not count them" "$TMP/out"; then
	ok "KVM's io_exits equal scn's own exits (2, 1 on vCPU 1)"
elif [ "$virt" = pvm ] && [ "$io" = "0 0 1" ] && grep -qF "$note" "$TMP/out"; then
	ok "KVM's io_exits read 0 on this PVM host, and scn says so beside its own count"
else
	fail "KVM's io_exits against scn's own exits" "host $virt, printed '$io': $(head -c 400 "$TMP/out")"
fi
case ${SCN_TEST_RING:-}@$virt in
3@* | @pvm) ring=3 ;;
*) ring=0 ;;
esac
if python3 - "$TMP/stats.json" "${io%% *}" "$ring" <<'PY' >"$TMP/py" 2>&1; then
import json, sys
d = json.load(open(sys.argv[1]))
io, ring = int(sys.argv[2]), sys.argv[3]
w, ro = d["points"][0]["phases"]
m = w["metrics"]
for k in ("delta.kvm.exits", "vcpu[1].accesses", "jobs.ring" + ring, "lat.p99",
          "vcpu[0].lat.p50", "vcpu[0].lat.max", "vcpu[1].lat.p99"):
    assert k in m, (k, sorted(m))
# Each vCPU's percentiles come from its own histogram: the phase's
# maximum is the larger of theirs.
top = max(m["vcpu[%d].lat.max" % i]["samples"][0] for i in (0, 1))
assert abs(m["lat.max"]["samples"][0] - top) < 1e-9, (m["lat.max"], top)
got = m.get("delta.kvm.io_exits", {"samples": [0]})["samples"]
assert got == [io], got
assert m["exits"]["samples"] == [2], m["exits"]
r = ro["metrics"]
assert "jobs.ring3" in r, sorted(r)
kinds = [k for k in r if k.startswith("fault_exits.")]
assert len(kinds) == 1 and r[kinds[0]]["samples"] == [1024], kinds
PY
	ok "the result file has KVM's statistics, per-vCPU counts and latency percentiles, the rings, the fault exits"
else
	fail "the result file has KVM's statistics" "$(tail -n 3 "$TMP/py")"
fi

# --- a policy set after the VM reaches its vCPU threads -------------------
if [ "$(ls -d /sys/devices/system/node/node[0-9]* | wc -l)" -ge 2 ]; then
	scn policy <<'EOF'
backing mem type=anon size=4M
vm g backing=mem vcpus=2
policy bind 1
phase w { guest write }
print "{w.placement.mem[1]}"
EOF
	out "policy after vm: the vCPUs' first touches land on node 1" 0 "^1024$" "$TMP/policy.scn"
fi

# --- issue 20: the vm's own memslots by name (VM.slot[I]) -----------------
# Moved away and deleted, a slot's pages fault (as MMIO: no slot is there)
# and are counted; moved back and added back, the guest's data is there;
# one slot's dirty log alone counts that slot's pages.
scn gslots <<'EOF'
backing mem type=memfd size=8M
vm g backing=mem slots=4 vcpus=2
phase pop { guest write }
phase away { host memslot move g.slot[1] gpa=4G }
phase w { guest write on_fault=skip }
phase back { host memslot move g.slot[1] gpa=2M }
phase del { host memslot delete g.slot[3] }
phase w2 { guest write on_fault=skip }
phase add { host memslot add g.slot[3] }
phase on { host dirtylog g.slot[2] on }
phase w3 { guest write verify }
phase get { host dirtylog g.slot[2] get }
print "{w.faults} {w.vcpu[0].faults} {w2.faults} {w2.vcpu[1].faults} {w3.faults} {get.dirty}"
EOF
out "the vm's own slots: moved and deleted, their pages fault; back, the data is there; one slot's dirty log" 0 \
	"^512 512 512 512 0 512$" "$TMP/gslots.scn"

# set_memory_region_test's case: a slot moved away and back while every
# vCPU writes over it; the writes that find no slot retry until it is back.
# The slot stays away 300 ms: away 50 ms, a ring-3 pass once saw no vCPU
# fault, in a TCG test host beside two others on 2 CPUs.
scn gmove <<'EOF'
backing mem type=memfd size=8M
vm g backing=mem slots=4 vcpus=2
phase pop { guest write }
phase move {
    concurrently {
        guest write overlap passes=100000 on_fault=retry until=all_faulted
        { sleep 50ms; host memslot move g.slot[1] gpa=4G; sleep 300ms; host memslot move g.slot[1] gpa=2M }
    }
    expect fault on every vcpu
}
phase check { guest read verify }
print "{move.vcpu[0].faults > 0} {move.vcpu[1].faults > 0} {check.pages}"
EOF
out "a slot the vCPUs are writing moves away and back; they retry, the data is whole" 0 \
	"^yes yes 2048$" "$TMP/gmove.scn"

# --- issue 30: guest_page=, the page size of the guest's own tables ------
# 4K pages at a gpa and size no 2 MiB page lines up with: every word is
# written and read back where it belongs (verify fails the job if not).
scn gpage <<'EOF'
backing mem type=anon size=6148K
vm g backing=mem gpa=1028K vcpus=2 guest_page=4K
phase w { guest write verify }
phase r { guest read verify }
print "{w.pages} {r.pages}"
EOF
out "guest_page=4K: the guest's 4K tables map every page where it is" 0 "^1537 1537$" "$TMP/gpage.scn"
# Where KVM shadows the guest's tables (PVM hosts, kvm_amd npt=0,
# kvm_intel ept=0) its mappings follow the guest's pages: over THP, 2M
# guest pages get 2 MiB mappings and 4K ones none. With TDP KVM maps by the
# host's pages alone, so there this says nothing and is not asked.
shadow=no
[ "$virt" = pvm ] && shadow=yes
for f in /sys/module/kvm_amd/parameters/npt /sys/module/kvm_intel/parameters/ept; do
	[ "$(cat "$f" 2>/dev/null)" = N ] && shadow=yes
done
if [ $shadow = yes ] && [ "$(uname -m)" = x86_64 ] &&
   "$SCN" features 2>/dev/null | grep -Eq '^  kvm\.stats_fd +yes'; then
	scn gpage_kvm <<'EOF'
param gp = 2M
require thp
backing mem type=anon_thp size=16M
vm g backing=mem guest_page=gp
phase w { guest write }
print "maps {w.kvm.pages_2m} {w.kvm.pages_4k}"
EOF
	# shellcheck disable=SC2086
	m2=$("$SCN" run -q --state-dir "$STATE" $RING -D gp=2M "$TMP/gpage_kvm.scn" 2>&1 | sed -n 's/^maps //p')
	# shellcheck disable=SC2086
	m4=$("$SCN" run -q --state-dir "$STATE" $RING -D gp=4K "$TMP/gpage_kvm.scn" 2>&1 | sed -n 's/^maps //p')
	# shellcheck disable=SC2086
	set -- $m2 $m4
	name="guest_page on a shadow MMU: KVM's mappings follow the guest's pages"
	if [ $# != 4 ]; then
		fail "$name" "2M: '$m2', 4K: '$m4'"
	elif [ "$virt@${SCN_TEST_RING:-}" = pvm@0 ] && [ "$1$2$3$4" = 0000 ]; then
		# PVM emulates ring 0: the guest writes through KVM's emulator,
		# which maps none of its memory, so its page size cannot show.
		skip "$name" "PVM emulates ring 0 and KVM maps none of the guest's memory there (2M: $m2, 4K: $m4)"
	elif [ "$1" = 0 ]; then
		skip "$name" "THP gave no 2 MiB page here (2M guest pages: $m2)"
	elif [ "$3" = 0 ] && [ "$4" -ge 4096 ]; then
		ok "$name (2M pages: $1 of 2M; 4K pages: $4 of 4K, none of 2M)"
	else
		fail "$name" "2M guest pages: $m2; 4K: $m4 (pages_2m pages_4k)"
	fi
fi

# --- bench block: dirty_log.scn names the mappings its ioctls walk -------
# KVM's dirty log ioctls work per 4K mapping of the guest's memory
# (pages_4k); dirty_log.scn prints it beside its figures where KVM has
# binary statistics. How many depends on the host (none for a guest PVM
# emulates at ring 0, one per page for a native one), so the check is
# that the line is there and that its figure is what the result file's
# changes of pages_4k add up to by then. Issue 25: the line names the
# ring the guest wrote in (the result's jobs.ring0 and jobs.ring3, and
# --ring where the checks force one), and on PVM a second line says what
# that ring does there; elsewhere there is none.
if "$SCN" features 2>/dev/null | grep -Eq '^  kvm\.stats_fd +yes'; then
	# shellcheck disable=SC2086
	if "$SCN" run -q --state-dir "$STATE" $RING -D per_vcpu=2M -D iterations=1 \
		--format json -o "$TMP/dl.json" scenarios/dirty_log.scn >"$TMP/py" 2>&1 &&
	   python3 - "$TMP/dl.json" "${SCN_TEST_RING:-}" "$virt" <<'PY' >"$TMP/py" 2>&1; then
import json, re, sys
d = json.load(open(sys.argv[1]))["points"][0]
forced, virt = sys.argv[2], sys.argv[3]
notes = [m for m in (re.match(r"KVM maps (\d+) pages of 4K of this VM \(pages_4k\) after the guest wrote in ring ([03]), ", l)
                     for l in d["output"]) if m]
assert len(notes) == 1, d["output"]
total = 0
for p in d["phases"]:
    total += sum(p["metrics"].get("delta.kvm.pages_4k", {"samples": [0]})["samples"])
    if p["name"] == "first_get":
        break
fd = next(p for p in d["phases"] if p["name"] == "first_dirty")["metrics"]
ring = "3" if fd.get("jobs.ring3", {"samples": [0]})["samples"][-1] > 0 else "0"
assert notes[0].group(2) == ring, (notes[0].group(0), "the result ran ring", ring)
assert not forced or ring == forced, ("--ring", forced, "ran", ring)
assert int(notes[0].group(1)) == total, (notes[0].group(0), total)
why = [l for l in d["output"] if l.startswith("scn: this PVM host ")]
if virt == "pvm":
    assert len(why) == 1, d["output"]
    assert why[0].startswith("scn: this PVM host " +
                             ("runs ring 3 natively" if ring == "3" else "emulates ring 0")), why
else:
    assert not why, why
print(f"{total} in ring {ring}")
PY
		ok "dirty_log.scn prints KVM's pages_4k beside its figures, and the ring ($(tail -n 1 "$TMP/py"))"
	else
		fail "dirty_log.scn prints KVM's pages_4k beside its figures, and the ring" "$(tail -n 3 "$TMP/py")"
	fi
fi

# --- guest_memfd where the kernel has none for a default VM (6.12) -----
# tests/kvm/gmem.sh checks the backing where it exists; here, in the boot
# this file already has, that a kernel without it makes the run a SKIP.
if ! has_feature kvm.guest_memfd; then
	scn gmem <<'EOF'
backing g type=guest_memfd size=4M mmap init_shared
vm v backing=g
phase w { guest write }
EOF
	out "guest_memfd on a kernel without it is a SKIP naming kvm.guest_memfd" 4 \
		"SKIP.*kvm\.guest_memfd" "$TMP/gmem.scn"
fi

echo "checks done"
