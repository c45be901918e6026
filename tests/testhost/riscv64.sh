#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# riscv64 KVM (issue 31; docs/testhost.md, section 12): the riscv64 scn
# of this tree (build-riscv64/scn) in Debian trixie's riscv64 6.12 under
# qemu-system-riscv64 (-machine virt -cpu rv64: the H extension, TCG),
# busybox as its shell and kvm.ko loaded. Without a boot: a missing QEMU
# and a missing riscv64 scn are SKIPs that say how to get them, and
# --nodes 2 one that says riscv64 test hosts have a node. Six boots;
# features, exec and repl --kernel (tests/testhost/repl_kernel.py, as
# arm64.sh's) take three short ones, 17 s at a load of 1.4.
# First scn's own test host (--kernel debian:6.12-riscv64, SCN_TEST_KERNEL_
# RISCV64 for another): mmu_stress at 16M and one vCPU (a write pass, an
# MMU reset by a new ASID, a write pass, a read-only pass where the vCPU
# faults on every page, and writable again) passes, its JSON result
# brought back with riscv64 in its fingerprint and the test host's, KVM's
# mode h, and every page of the read-only pass a KVM_RUN -EFAULT; 11 s
# at a load of 2, 23-29 s at 5.5. Then debian:7.2-riscv64's dirty ring
# (acquire/release: 6.12 has none) runs portable/dirty_ring.scn.
# Then a boot of the test's own (an initramfs of busybox, kvm.ko and the
# riscv64 scn from .ci/riscv64-sysroot.sh's files, no part of testhost/):
# features says riscv64, kvm usable, faults as KVM_RUN -EFAULT with the
# pc and no memory-fault info; mmu_stress at 16M passes, its fingerprint
# naming riscv64; and again with two vCPUs, two aliased memslots and
# efault=once (the second vCPU is one KVM creates powered off). About
# 12 s at a load of 3.6, 50 s at 8. Where QEMU, the riscv64 scn or the
# kernel are missing, a skip that says how to get them.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
. tests/testhost/lib.sh
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac
unset SCN_RISCV64 SCN_QEMU_RISCV64
K=${SCN_TEST_KERNEL_RISCV64:-debian:6.12-riscv64}
D=${SCN_RISCV64_DIR:-/var/cache/scn/riscv64}
B=$D/boot
RSCN=build-riscv64/scn
name="riscv64: mmu_stress in riscv64 KVM"

# --- without a boot: no QEMU, no riscv64 scn beside this one: SKIPs ---------
other_arch_no_boot riscv64 riscv64 SCN_QEMU_RISCV64 \
	"apt-get install --no-install-recommends qemu-system-misc" riscv64

# --- --nodes: riscv64 test hosts have one node --------------------------------
# QEMU 7.2's riscv virt with NUMA nodes hangs the kernel's 9p mount: a
# SKIP that says so, before any boot.
SCN_QEMU_RISCV64=/bin/true "$SCN" run -q --kernel "$K" --nodes 2 scenarios/mmu_stress.scn >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc = 4 ] && grep -q 'SKIP --nodes 2: riscv64 test hosts have one node' "$TMP/out" "$TMP/err"; then
	ok "riscv64: --nodes 2: a SKIP saying riscv64 test hosts have one node"
else
	fail "riscv64: --nodes 2: a SKIP saying riscv64 test hosts have one node" "exit $rc: $(cat "$TMP/out" "$TMP/err" | head -3)"
fi

if ! command -v qemu-system-riscv64 >/dev/null; then
	skip "$name" "qemu-system-riscv64 is not installed (make deps-riscv64)"; exit 0
fi
if [ ! -x "$RSCN" ]; then
	skip "$name" "no riscv64 scn (make deps-riscv64, then make riscv64)"; exit 0
fi

# --- scn's own test host: run --kernel, the result brought back ---------------
if th "riscv64: run --kernel $K" run -q --kernel "$K" --format json \
	-o "$TMP/k.json" -D mem=16M -D slot=8M -D vcpus=1 scenarios/mmu_stress.scn; then
	if [ $rc != 0 ]; then
		fail "riscv64: run --kernel $K" "exit $rc"; show
	elif python3 - "$TMP/k.json" "$K" <<'PY' >"$TMP/py" 2>&1; then
import json, sys
d = json.load(open(sys.argv[1]))
fp = d["fingerprint"]
assert d["status"] == "pass", d["status"]
assert fp["arch"] == "riscv64", fp["arch"]
th = fp["testhost"]
assert th["arch"] == "riscv64" and th["spec"] == sys.argv[2], th
assert th["cpu"] == "rv64" and th["accel"] == "tcg", th
assert th["outer"]["arch"] != "riscv64", th["outer"]
assert fp["virt"]["kind"] == "h" and fp["virt"]["kvm"] is True, fp["virt"]
assert fp["kernel"]["release"].endswith("-riscv64"), fp["kernel"]["release"]
# kvm_err per EFAULT: the console shows errors no more (launch.c)
assert " loglevel=3 " in fp["kernel"]["cmdline"], fp["kernel"]["cmdline"]
(p,) = d["points"]
assert p["status"] == "pass", p["status"]
ph = {x["name"]: x for x in p["phases"]}
assert list(ph) == ["run1", "reset", "run2", "ro", "rw"], list(ph)
assert all(x["ran"] and not x["failed"] for x in ph.values()), ph
m = {k: v["median"] for k, v in ph["ro"]["metrics"].items()}
# efault=forever: every 4K page of 16M faults once, each a KVM_RUN -EFAULT
assert m["pages"] == 4096 and m["faults"] == 4096, m
assert m["fault_exits.efault"] == 4096, m
PY
		ok "riscv64: run --kernel $K: mmu_stress 16M passes; JSON with arch riscv64, virt h, 4096 faults by -EFAULT"
	else
		fail "riscv64: run --kernel $K" "$(tail -n 3 "$TMP/py")"; show
	fi
fi

# --- riscv's dirty ring, at page 64 of the vCPU fd ---------------------------
# 7.2 has KVM_CAP_DIRTY_LOG_RING_ACQ_REL (6.12 no ring at all); the 6.1
# cross headers said the ring was at page 0, kvm_run, and dirty_ring.scn
# failed with KVM_EXIT_DIRTY_RING_FULL and nothing to harvest. 25 s at a
# load of 10.
K72=${SCN_TEST_KERNEL_RISCV64_RING:-debian:7.2-riscv64}
if th "riscv64: the dirty ring on $K72" run -q --kernel "$K72" tests/kvm/portable/dirty_ring.scn; then
	if [ $rc = 0 ]; then
		ok "riscv64: the dirty ring on $K72: portable/dirty_ring.scn passes"
	else
		fail "riscv64: the dirty ring on $K72" "exit $rc"; show
	fi
fi

# --- features, exec and repl --kernel, as on arm64 (three boots, ~17 s) -------
if th "riscv64: features --kernel" features -q --kernel "$K"; then
	if [ $rc = 0 ] && grep -Eq '^  arch +riscv64$' "$TMP/out" &&
	   grep -Eq '^  kvm +usable$' "$TMP/out" && grep -Eq '^  virtualization +h$' "$TMP/out" &&
	   grep -Eq '^  guest faults +KVM_RUN -EFAULT, pc on the access$' "$TMP/out"; then
		ok "riscv64: features --kernel: riscv64, kvm usable, virt h, faults by -EFAULT with the pc"
	else
		fail "riscv64: features --kernel" "exit $rc: $(grep -E '^  (arch|virtualization|kvm|guest faults) ' "$TMP/out" | tr -s ' ')"; show
	fi
fi
if th "riscv64: exec --kernel" exec -q --kernel "$K" -- sh -c 'echo "in $(uname -m)"; exit 3'; then
	if [ $rc = 3 ] && grep -qx 'in riscv64' "$TMP/out"; then
		ok "riscv64: exec --kernel: busybox sh inside, its output and exit 3 carried"
	else
		fail "riscv64: exec --kernel" "exit $rc: $(head -c 300 "$TMP/out")"; show
	fi
fi
if ! python3 -c 'import pexpect' 2>/dev/null; then
	skip "riscv64: repl --kernel on a terminal" "python3-pexpect is not installed"
elif python3 tests/testhost/repl_kernel.py "$SCN" "$K" "$TMP" riscv64 >"$TMP/py" 2>&1; then
	ok "riscv64: repl --kernel: the prompt inside, a VM, Ctrl-C stops a guest phase on both vCPUs, Ctrl-D ends"
elif grep -q 'the test host cannot run here' "$TMP/py"; then
	skip "riscv64: repl --kernel on a terminal" "$(grep -m1 'cannot run here' "$TMP/py")"
else
	fail "riscv64: repl --kernel on a terminal" "$(grep -E '^[A-Za-z_.]+(Error|TIMEOUT|EOF)' "$TMP/py" | tail -n 1)"
fi

# --- a boot of the test's own -------------------------------------------------
if [ ! -e "$B/vmlinux" ] || [ ! -e "$B/busybox" ] || [ ! -e "$B/kvm.ko" ]; then
	skip "$name" "no riscv64 kernel and busybox in $B (make deps-riscv64)"; exit 0
fi
if ! command -v cpio >/dev/null; then
	skip "$name" "cpio is not installed (apt-get install cpio)"; exit 0
fi

ir=$TMP/ir
mkdir -p "$ir/bin" "$ir/proc" "$ir/sys" "$ir/dev" "$ir/tmp"
cp "$B/busybox" "$ir/bin/busybox"
cp "$B/kvm.ko" "$ir/kvm.ko"
cp "$RSCN" "$ir/bin/scn"
cp scenarios/mmu_stress.scn "$ir/mmu_stress.scn"
cat >"$ir/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev
insmod /kvm.ko || echo "T: insmod kvm failed"
cd /tmp
scn features >/tmp/features 2>&1
sed 's/^/F: /' /tmp/features
scn run --format json -o /tmp/r.json -D mem=16M -D slot=16M -D vcpus=1 \
	-D policy=default /mmu_stress.scn >/tmp/run 2>&1
echo "T: run exit $?"
sed 's/^/R: /' /tmp/run
echo "J: $(tr -d "\n" </tmp/r.json)"
scn run -q -D mem=16M -D slot=8M -D vcpus=2 -D efault=once -D policy=default \
	/mmu_stress.scn >/tmp/run2 2>&1
echo "T: once exit $?"
sed 's/^/R2: /' /tmp/run2
poweroff -f
INIT
chmod +x "$ir/init"
(cd "$ir" && find . | cpio -o -H newc 2>/dev/null | gzip -1) >"$TMP/initrd.gz"
start=$(date +%s)
timeout 120 qemu-system-riscv64 -machine virt -cpu rv64 -smp 2 -m 1024 \
	-nographic -no-reboot -kernel "$B/vmlinux" -initrd "$TMP/initrd.gz" \
	-append 'console=ttyS0 loglevel=3 panic=-1 rdinit=/init' \
	</dev/null >"$TMP/console" 2>&1
qrc=$?
secs=$(( $(date +%s) - start ))
tr -d '\r' <"$TMP/console" >"$TMP/err"

check() { # name grep-pattern
	if grep -qE -- "$2" "$TMP/err"; then ok "riscv64: $1"; else fail "riscv64: $1" "no line matching '$2' (qemu exit $qrc, ${secs}s)"; show_tail; fi
}
show_tail() { tail -n 15 "$TMP/err" | sed 's/^/    /'; }

check "features: arch riscv64" '^F:   arch +riscv64$'
check "features: kvm usable" '^F:   kvm +usable$'
check "features: faults by -EFAULT with the pc" '^F:   guest faults +KVM_RUN -EFAULT, pc on the access'
check "features: no memory-fault info" '^F:   kvm\.memory_fault_info +no '
check "mmu_stress passes (exit 0)" '^T: run exit 0$'
check "mmu_stress: phases run1, reset, run2, ro, rw in its result" '^J: .*"run1".*"reset".*"run2".*"ro".*"rw"'
check "result fingerprint names riscv64" '^J: .*"riscv64"'
check "mmu_stress efault=once, two vCPUs, two memslots passes" '^T: once exit 0$'
if grep -q '^T: insmod kvm failed' "$TMP/err"; then fail "riscv64: kvm.ko" "insmod failed"; show_tail; fi
echo "# riscv64 boot: ${secs}s"
