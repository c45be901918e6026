#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# A kernel built on this machine (docs/testhost.md, section 3), booted in
# the test host with the modules of both layouts --modules takes, and one
# with KVM built in. Four boots: the bzImage named by its path in its
# build tree, whose modules (KVM, 9p, overlayfs) scn finds beside it, runs
# a KVM guest (mmu_stress, small); the same bzImage with a `make
# modules_install INSTALL_MOD_PATH=DIR` root and two NUMA nodes shows KVM
# usable; with Debian's modules, which its loader refuses, the boot fails
# naming the refusal; a kernel with both vendors' KVM built in is probed
# as svm and runs its guest with npt=0, which only the command line gives.
#
# SCN_TEST_BZIMAGE names the kernel, SCN_TEST_MODULES the install root,
# and SCN_TEST_BZIMAGE_BUILTIN the one with KVM built in; by default the
# builds docs/testhost.md's recipe makes under the kernel cache, in
# $SCN_KERNEL_CACHE/built (else /var/cache/scn/kernels/built):
# kbuild-6.12/arch/x86/boot/bzImage, kbuild-6.12-mods and
# kbuild-6.12-y/arch/x86/boot/bzImage, so that every worktree of this
# machine finds them. Where one is missing, its boot is a skip that says
# so: building a kernel takes the better part of an hour on two cores,
# more than a test may.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
. tests/testhost/lib.sh
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac
BUILT=${SCN_KERNEL_CACHE:-/var/cache/scn/kernels}/built
BZ=${SCN_TEST_BZIMAGE:-$BUILT/kbuild-6.12/arch/x86/boot/bzImage}
MODS=${SCN_TEST_MODULES:-$BUILT/kbuild-6.12-mods}
BZ_BUILTIN=${SCN_TEST_BZIMAGE_BUILTIN:-$BUILT/kbuild-6.12-y/arch/x86/boot/bzImage}
HOW="docs/testhost.md, section 3, says how to build one"

# --- KVM built in (KVM_AMD=y, KVM_INTEL=y): the CPU's vendor, npt=0 -------
name="a kernel built here with KVM built in: svm, npt=0, a guest runs"
if [ ! -f "$BZ_BUILTIN" ]; then
	skip "$name" "no bzImage at $BZ_BUILTIN (SCN_TEST_BZIMAGE_BUILTIN; $HOW, with KVM, KVM_AMD and KVM_INTEL =y)"
elif th "$name" run -q --kernel "$BZ_BUILTIN" --format json -o "$TMP/builtin.json" \
	-D mem=32M -D slot=8M -D vcpus=2 scenarios/mmu_stress.scn; then
	if [ $rc != 0 ]; then
		fail "$name" "exit $rc"; show
	elif python3 - "$TMP/builtin.json" <<'PY' >"$TMP/py" 2>&1; then
import json, sys
d = json.load(open(sys.argv[1]))
fp = d["fingerprint"]
# Both vendors' modules are in /sys/module; the CPU inside is an EPYC.
assert fp["virt"]["kind"] == "svm", fp["virt"]
assert fp["virt"]["kvm_params"].get("npt") == "N", fp["virt"]["kvm_params"]
assert "ept" not in fp["virt"]["kvm_params"], fp["virt"]["kvm_params"]
assert " kvm_amd.npt=0" in fp["kernel"]["cmdline"], fp["kernel"]["cmdline"]
PY
		ok "$name"
	else
		fail "$name" "$(tail -n 3 "$TMP/py" | tr '\n' ' ')"
	fi
fi

if [ ! -f "$BZ" ]; then
	skip "a kernel built here" "no bzImage at $BZ (SCN_TEST_BZIMAGE); $HOW"
	exit 0
fi

# --- the build tree's modules: KVM runs a guest ------------------------------
name="a kernel built here, its tree's modules: mmu_stress in KVM"
if th "$name" run -q --kernel "$BZ" --format json -o "$TMP/built.json" \
	-D mem=32M -D slot=8M -D vcpus=2 --sweep efault=once,forever \
	scenarios/mmu_stress.scn; then
	if [ $rc != 0 ]; then
		fail "$name" "exit $rc"; show
	elif python3 - "$TMP/built.json" <<'PY' >"$TMP/py" 2>&1; then
import json, sys
d = json.load(open(sys.argv[1]))
fp = d["fingerprint"]
assert fp["testhost"]["spec"].endswith("/bzImage"), fp["testhost"]
assert fp["virt"]["kvm"], fp["virt"]
# npt=0 reached kvm_amd: the parameter that keeps TCG's nested paging out.
assert fp["virt"]["kvm_params"].get("npt") == "N", fp["virt"]["kvm_params"]
ro = {p["swept"]["efault"]: next(ph for ph in p["phases"]
                                 if ph["name"] == "ro")["metrics"]["faults"]["mean"]
      for p in d["points"]}
assert ro["once"] == 2 and ro["forever"] >= 32 << 20 >> 12, ro
PY
		ok "$name"
	else
		fail "$name" "$(tail -n 3 "$TMP/py" | tr '\n' ' ')"
	fi
fi

# --- a modules_install root, two nodes -------------------------------------
name="a kernel built here, a modules_install root: kvm usable on two nodes"
if [ ! -d "$MODS/lib/modules" ]; then
	skip "$name" "no $MODS/lib/modules (SCN_TEST_MODULES; make modules_install INSTALL_MOD_PATH=$MODS)"
elif th "$name" features -q --kernel "$BZ" --modules "$MODS" --nodes 2; then
	if [ $rc = 0 ] && grep -Eq '^  kvm +usable$' "$TMP/out" &&
		grep -Eq '^  nodes +2 ' "$TMP/out"; then
		ok "$name"
	else
		fail "$name" "exit $rc: $(grep -E '^  (release|kvm|nodes) ' "$TMP/out" | tr -s ' ')"; show
	fi
fi

# --- another kernel's modules: the refusal is named, not a missing 9p --------
name="a kernel built here, Debian's modules: the refusal named"
other=$("$SCN" kernel debian:6.12 2>/dev/null | awk '$1 == "modules" { print $2 }')
if [ ! -d "$other" ]; then
	skip "$name" "no modules of debian:6.12 in the kernel cache"
elif th "$name" features -q --kernel "$BZ" --modules "$other"; then
	if [ $rc = 1 ] && grep -q 'the modules did not load: .*Exec format error' "$TMP/err" &&
		! grep -q 'no 9p file system' "$TMP/err"; then
		ok "$name"
	else
		fail "$name" "exit $rc"; show
	fi
fi
