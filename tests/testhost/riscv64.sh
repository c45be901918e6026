#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# riscv64 KVM (issue 31; docs/testhost.md, section 12): the riscv64 scn
# of this tree (build-riscv64/scn) in Debian trixie's riscv64 6.12 under
# qemu-system-riscv64 (-machine virt -cpu rv64: the H extension, TCG),
# busybox as its shell and kvm.ko loaded, in one boot.
# scn's own test host (--kernel) does not boot riscv64 yet, so this test
# boots it itself, with an initramfs of its own. Checked: features says
# riscv64, kvm usable, faults as KVM_RUN -EFAULT with the pc and no
# memory-fault info; mmu_stress at small sizes (16M, one vCPU: a write
# pass, an MMU reset by a new ASID, a write pass, a read-only pass where
# every vCPU faults, and writable again) passes, its JSON result's
# fingerprint naming riscv64; and again with two vCPUs, two aliased
# memslots and efault=once (the second vCPU is one KVM creates powered
# off). About 12 s at a load of 3.6, 50 s at 8. Where QEMU, the riscv64
# scn or the kernel
# are missing, a skip that says how to get them.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
D=${SCN_RISCV64_DIR:-/var/cache/scn/riscv64}
B=$D/boot
RSCN=build-riscv64/scn
name="riscv64: mmu_stress in riscv64 KVM"

if ! command -v qemu-system-riscv64 >/dev/null; then
	skip "$name" "qemu-system-riscv64 is not installed (make deps-riscv64)"; exit 0
fi
if [ ! -x "$RSCN" ]; then
	skip "$name" "no riscv64 scn (make deps-riscv64, then make riscv64)"; exit 0
fi
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
