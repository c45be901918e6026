#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# arm64 test hosts (docs/testhost.md, section 11): Debian's arm64 6.12
# under qemu-system-aarch64 (TCG, EL2), the arm64 scn of this tree inside
# (build-aarch64/scn), busybox as its shell. Without a boot: a missing
# QEMU and a missing arm64 scn are SKIPs that say how to get them. Eight
# boots: features --kernel (aarch64, KVM, EL1 only); a scenario with an
# include, -D and --sweep whose JSON result comes back with the
# architecture in its fingerprint and the same shape as a local run's,
# host exec through busybox's sh; the same scenario in an x86 test host,
# compared --across arch; exit 1 of a failed expect and 4 of a ring=3
# job carried out; an x86 program refused inside (126); scn repl --kernel
# on a terminal (a virtio console inside); mmu_stress's KVM guests with
# efault once and forever, faults counted per vCPU (about 60 s). Where
# qemu-system-aarch64, the cross build or Debian's arm64 packages are
# missing, a skip that says how to get them (make deps-arm64, make
# aarch64). SCN_TEST_KERNEL_ARM64 picks another kernel; SCN_TEST_ARM64_IMAGE
# names an arm64 Image built here (a boot of about a second).
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
. tests/testhost/lib.sh
K=${SCN_TEST_KERNEL_ARM64:-debian:6.12-arm64}
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac
unset SCN_AARCH64 SCN_QEMU_AARCH64

# --- no QEMU, no arm64 scn beside this one: SKIPs that say how, no boot ------
other_arch_no_boot arm64 aarch64 SCN_QEMU_AARCH64 "apt-get install qemu-system-arm" aarch64

# --- what the boots need ------------------------------------------------------
why=$(arm64_missing)
if [ -n "$why" ]; then
	skip "arm64: the test host's boots" "$why"
	exit 0
fi

# --- features: aarch64, KVM at EL2, jobs at EL1 ------------------------------
# With --pfnmap: virt's SMMUv3 and a BAR bound to vfio-pci (issue 29).
if th "arm64: features --kernel" features -q --kernel "$K" --pfnmap 64M; then
	if [ $rc = 0 ] && grep -Eq '^  arch +aarch64$' "$TMP/out" &&
	   grep -Eq '^  kvm +usable$' "$TMP/out" &&
	   grep -Eq '^  virtualization +(vhe|nvhe|hvhe|pkvm|el2)$' "$TMP/out" &&
	   grep -Eq '^  guest rings +EL1 only' "$TMP/out" &&
	   grep -Eq '^  guest faults +KVM_RUN -EFAULT.*, pc on the access$' "$TMP/out" &&
	   grep -Eq '^  kvm cpuid +- \(x86 only: .*never 1 GiB\)$' "$TMP/out" &&
	   grep -Eq '^  pfnmap +64 MiB BAR2 at 0000:00:0[0-9a-f]\.0, vfio \(IOMMU group [0-9]+, 1af4:1110\)$' "$TMP/out" &&
	   ! grep -Eq 'pdpe1gb' "$TMP/out"; then
		# (issue 25: the requirements listed x86's cpu.pdpe1gb, and
		# "host cpu no pdpe1gb", on arm64)
		ok "arm64: features --kernel: aarch64, kvm usable, $(awk '$1 == "virtualization" { print $2 }' "$TMP/out"), jobs at EL1, no x86 flags; --pfnmap's BAR behind the SMMUv3"
	else
		fail "arm64: features --kernel" "exit $rc: $(grep -E '^  (release|arch|virtualization|kvm|guest rings|guest faults|kvm cpuid|host cpu|cpu.pdpe1gb|pfnmap) ' "$TMP/out" | tr -s ' ')"; show
	fi
fi

# --- a result brought back, its fingerprint aarch64's ------------------------
cat >"$TMP/size.scn" <<'SCN'
# SPDX-License-Identifier: GPL-2.0-only
param size = 4M
SCN
cat >"$TMP/host.scn" <<'SCN'
# SPDX-License-Identifier: GPL-2.0-only
include "size.scn"
param tag = "none"
region r type=anon size=size
phase fill { host write r }
# /bin/sh inside is busybox, its commands first in PATH.
phase shell { host exec "test -d /run/scn-bin && [ $(uname -m) = {arch} ]" }
print "{arch} {tag}: {fill.pages} pages"
expect fill.pages == size / 4K
SCN
if th "arm64: run --kernel: a result brought back" run -q --kernel "$K" -D 'tag="t"' \
	--sweep size=4M,8M --format json -o "$TMP/arm.json" "$TMP/host.scn"; then
	if [ $rc != 0 ]; then
		fail "arm64: run --kernel: a result brought back" "exit $rc"; show
	elif python3 - "$TMP/arm.json" <<'PY' >"$TMP/py" 2>&1; then
import json, sys
d = json.load(open(sys.argv[1]))
assert [p["output"] for p in d["points"]] == [["aarch64 t: 1024 pages"], ["aarch64 t: 2048 pages"]], d["points"]
assert all(p["status"] == "pass" for p in d["points"])
fp = d["fingerprint"]
assert fp["arch"] == "aarch64", fp["arch"]
th = fp["testhost"]
assert th["arch"] == "aarch64" and th["outer"]["arch"] == "x86_64" and th["accel"] == "tcg", th
assert fp["virt"]["kvm"] is True and fp["virt"]["kind"] != "none", fp["virt"]
assert fp["cpu"]["model"] not in ("", "unknown"), fp["cpu"]
assert fp["kernel"]["release"].endswith("arm64"), fp["kernel"]
PY
		ok "arm64: run --kernel: include, -D, --sweep; JSON with arch aarch64; host exec by busybox sh"
	else
		fail "arm64: run --kernel: a result brought back" "$(tail -n 3 "$TMP/py")"
	fi
	# The same keys as a local run's (which sets no knob: no lock needed).
	"$SCN" run -q --format json -o "$TMP/local.json" -D 'tag="t"' --sweep size=4M,8M \
		"$TMP/host.scn" 2>"$TMP/lerr"
	if python3 - "$TMP/local.json" "$TMP/arm.json" <<'PY' >"$TMP/py" 2>&1; then
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
def shape(v, path=""):
    if isinstance(v, dict):
        if path in (".fingerprint.knobs", ".fingerprint.cpu.mitigations",
                    ".fingerprint.virt.kvm_params", ".fingerprint.testhost"):
            return {}
        return {k: shape(x, path + "." + k) for k, x in v.items()}
    if isinstance(v, list):
        return [shape(v[0], path + "[]")] if v else []
    return type(v).__name__ if v is not None else "null"
a["fingerprint"]["virt"].pop("kvm_reason"); b["fingerprint"]["virt"].pop("kvm_reason")
sa, sb = shape(a), shape(b)
for k in ("started",):
    sa.pop(k, None); sb.pop(k, None)
assert set(sa) == set(sb) and sa["fingerprint"].keys() == sb["fingerprint"].keys(), (sa["fingerprint"].keys(), sb["fingerprint"].keys())
assert a["fingerprint"]["arch"] == "x86_64"
PY
		ok "arm64: the result has a local run's keys (arch x86_64 here)"
	else
		fail "arm64: the result has a local run's keys" "$(tail -n 3 "$TMP/py")"
	fi
	# The same scenario on x86 (a test host too), compared across arch.
	if th "arm64: compare --across arch" run -q --kernel debian:6.12 -D 'tag="t"' \
		--sweep size=4M,8M --format json -o "$TMP/x86.json" "$TMP/host.scn"; then
		"$SCN" compare "$TMP/x86.json" "$TMP/arm.json" >"$TMP/cout" 2>"$TMP/cerr"
		crc=$?
		"$SCN" compare --across arch "$TMP/x86.json" "$TMP/arm.json" >"$TMP/out" 2>"$TMP/err"
		rc=$?
		if [ $crc = 3 ] && grep -q 'hint: .*--across arch compares them' "$TMP/cerr" &&
		   { [ $rc = 0 ] || [ $rc = 1 ]; } &&
		   grep -q '^across arch: x86_64 -> aarch64 (' "$TMP/out" &&
		   grep -q '^across kernel: 6.12.*amd64 -> 6.12.*arm64' "$TMP/out"; then
			ok "arm64: an x86 and an arm64 run: refused (exit 3, hint), compared --across arch"
		else
			fail "arm64: compare --across arch" "exit $crc then $rc"
			sed 's/^/    /' "$TMP/cerr" "$TMP/out" "$TMP/err" | head -n 20
		fi
	fi
fi

# --- exit codes carried out: 1 (an expectation), 4 (ring 3) ----------------
cat >"$TMP/fail.scn" <<'SCN'
# SPDX-License-Identifier: GPL-2.0-only
region r type=anon size=1M
phase fill { host write r }
expect fill.pages == 1
SCN
if th "arm64: exit 1 carried out" run -q --kernel "$K" "$TMP/fail.scn"; then
	if [ $rc = 1 ] && grep -q 'expectation failed: fill.pages == 1 (256 == 1)' "$TMP/err"; then
		ok "arm64: a failed expectation inside: exit 1"
	else
		fail "arm64: exit 1 carried out" "exit $rc"; show
	fi
fi
cat >"$TMP/ring3.scn" <<'SCN'
# SPDX-License-Identifier: GPL-2.0-only
require kvm
backing m type=anon size=4M
vm g backing=m ring=3
phase p { guest write }
SCN
if th "arm64: exit 4 carried out" run -q --kernel "$K" --format json -o "$TMP/r3.json" "$TMP/ring3.scn"; then
	if [ $rc = 4 ] && python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); (p,) = d["points"]
assert p["status"] == "skip" and "ring 3, which is x86" in d["skip_reason"], d' "$TMP/r3.json" 2>"$TMP/py"; then
		ok "arm64: ring=3 is a SKIP that names arm64's EL1: exit 4"
	else
		fail "arm64: exit 4 carried out" "exit $rc: $(tail -n 1 "$TMP/py")"; show
	fi
fi

# --- this machine's programs cannot run there: said, 126 ---------------------
if th "arm64: an x86 program refused" exec -q --kernel "$K" -- /usr/bin/true; then
	if [ $rc = 126 ] && grep -q "cannot run '/usr/bin/true': it is a program of another architecture than this test host's (aarch64)" "$TMP/err"; then
		ok "arm64: an x86 program inside: exit 126 and why"
	else
		fail "arm64: an x86 program refused" "exit $rc"; show
	fi
fi

# --- scn repl --kernel: the terminal is a virtio console inside --------------
if ! python3 -c 'import pexpect' 2>/dev/null; then
	skip "arm64: repl --kernel on a terminal" "python3-pexpect is not installed"
elif python3 tests/testhost/repl_kernel.py "$SCN" "$K" "$TMP" aarch64 >"$TMP/py" 2>&1; then
	ok "arm64: repl --kernel: the prompt inside on hvc0, Ctrl-C stops a guest phase, a kernel WARN is a warning, Ctrl-D ends"
elif grep -q 'the test host cannot run here' "$TMP/py"; then
	skip "arm64: repl --kernel on a terminal" "$(grep -m1 'cannot run here' "$TMP/py")"
else
	fail "arm64: repl --kernel on a terminal" "$(grep -E '^[A-Za-z_.]+(Error|TIMEOUT|EOF)' "$TMP/py" | tail -n 1)"
fi

# --- KVM guests: mmu_stress with efault once and forever -----------------------
if th "arm64: mmu_stress" run -q --kernel "$K" -D mem=64M -D slot=16M -D vcpus=2 \
	--sweep efault=once,forever --format json -o "$TMP/mmu.json" scenarios/mmu_stress.scn; then
	if [ $rc = 0 ] && python3 - "$TMP/mmu.json" <<'PY' >"$TMP/py" 2>&1; then
import json, sys
d = json.load(open(sys.argv[1]))
assert d["fingerprint"]["arch"] == "aarch64"
got = {}
for p in d["points"]:
    assert p["status"] == "pass", p["status"]
    ro = {ph["name"]: ph for ph in p["phases"]}["ro"]["metrics"]
    got[p["swept"]["efault"]] = [ro["vcpu[%d].faults" % i]["median"] for i in range(2)]
# once: each vCPU stops at its first fault; forever: each faults on
# every page of its half of 64M.
assert got == {"once": [1, 1], "forever": [8192, 8192]}, got
PY
		ok "arm64: mmu_stress 64M: efault once 1+1 faults, forever 8192+8192"
	else
		fail "arm64: mmu_stress" "exit $rc: $(tail -n 3 "$TMP/py")"; show
	fi
fi

# --- an arm64 kernel built here (docs/testhost.md, section 11) ---------------
IMG=${SCN_TEST_ARM64_IMAGE:-}
cat >"$TMP/kvm.scn" <<'SCN'
# SPDX-License-Identifier: GPL-2.0-only
require kvm
backing m type=memfd size=16M
vm g backing=m vcpus=2
phase w { guest write }
phase r { guest read verify }
print "{w.pages} pages on {arch}"
SCN
if [ -z "$IMG" ]; then
	skip "arm64: a kernel built here" "SCN_TEST_ARM64_IMAGE names no arch/arm64/boot/Image (docs/testhost.md, section 11, says how to build one)"
elif th "arm64: a kernel built here" run -q --kernel "$IMG" "$TMP/kvm.scn"; then
	if [ $rc = 0 ] && grep -qx "4096 pages on aarch64" "$TMP/out"; then
		ok "arm64: a kernel built here: its tree's modules, a KVM guest writes and verifies"
	else
		fail "arm64: a kernel built here" "exit $rc: $(cat "$TMP/out")"; show
	fi
fi
