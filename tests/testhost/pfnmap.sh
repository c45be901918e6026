#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# --pfnmap SIZE (issue 29): a test host with two ivshmem-plain BARs (the
# option twice) behind q35's intel-iommu, bound to vfio-pci by scn's
# init: scn features names each BAR with its size and address and the
# pfnmap feature is present, so `require pfnmap` runs; without --pfnmap
# the same scenario SKIPs naming the option. Bad sizes (not a power of
# two, under 1M, more than the machine has) are errors before QEMU
# starts; --or-kernel adds --pfnmap 1G for it. In the first boot runtime/vfio maps each BAR (pfnmap_faults.c)
# at 1G, 2M and 4K alignment and writes every 4K page: the host faults
# follow the page size (1 GiB at 1G: 1; at 2M: 512; 64 MiB at 2M: 32, at
# 4K: 16384) and read back; an alignment larger than the BAR is refused
# before anything is mapped. The second boot runs scenarios/pfnmap.scn
# (backing type=pfnmap) at each alignment. Two boots: about 25 s here,
# under TCG.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
. tests/testhost/lib.sh
K=${SCN_TEST_KERNEL:-debian:6.12}
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac

printf '# SPDX-License-Identifier: GPL-2.0-only\nrequire pfnmap\nbacking b type=anon size=4K\n' \
	>"$TMP/req.scn"

# bad NAME WORDS ARGS...: exit 64, WORDS on stderr, no test host booted.
bad() {
	local name=$1 words=$2
	shift 2
	"$SCN" "$@" "$TMP/req.scn" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if [ $rc != 64 ] && [ $rc != 1 ]; then
		fail "$name" "exit $rc"; show
	elif ! grep -q -- "$words" "$TMP/err"; then
		fail "$name" "no '$words'"; show
	elif grep -q '# test host:' "$TMP/err"; then
		fail "$name" "a test host was started"; show
	else
		ok "$name"
	fi
}
bad "pfnmap: 3M is not a power of two" "not a power of two" run --kernel "$K" --pfnmap 3M
bad "pfnmap: 512K is too small" "not a power of two from 1M" run --kernel "$K" --pfnmap 512K
bad "pfnmap: 64G is more than the machine has" "BARs beside" run --kernel "$K" --pfnmap 64G
bad "pfnmap: a host option needs --kernel" "host option" run --pfnmap 64M

# A suite line's pfnmap=: checked with the file, at the word, before any
# boot (the suite's test host is booted after the whole file is read).
printf 'req.scn pfnmap=3M\nreq.scn pfnmap=1G pfnmap=2M\nreq.scn pfnmap=1M,2M,4M,8M,16M\n' \
	>"$TMP/bad.suite"
"$SCN" run --kernel "$K" "$TMP/bad.suite" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc = 65 ] && ! grep -q '# test host:' "$TMP/err" &&
   grep -q "bad.suite:1:9: error: pfnmap= '3M': not a power of two from 1M to 64G" "$TMP/err" &&
   grep -q "bad.suite:2:19: error: pfnmap= is given twice on this line" "$TMP/err" &&
   grep -q "bad.suite:3:9: error: pfnmap= names more than 4 BARs" "$TMP/err"; then
	ok "pfnmap: a suite line's bad pfnmap= is an error at its word, before a boot"
else
	fail "pfnmap: a suite line's bad pfnmap= is an error at its word" "exit $rc"; show
fi

"$SCN" run "$TMP/req.scn" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc = 4 ] && grep -q -- 'needs pfnmap: .*--pfnmap SIZE' "$TMP/out" "$TMP/err"; then
	ok "pfnmap: require pfnmap without a device SKIPs naming --pfnmap SIZE"
else
	fail "pfnmap: require pfnmap without a device SKIPs naming --pfnmap SIZE" "exit $rc"
	cat "$TMP/out"; show
fi

cc -std=c11 -D_GNU_SOURCE -O2 -Wall -Wextra -Werror -I. -o "$TMP/pf" \
	tests/testhost/pfnmap_faults.c build/libscn.a || fail "pfnmap: pfnmap_faults builds" "cc"
# Each ivshmem BAR (BAR2): "map SIZE ALIGN: faults N" lines.
cat >"$TMP/maps.sh" <<'EOS'
for d in /sys/bus/pci/devices/*; do
	[ "$(cat "$d/device")" = 0x1110 ] || continue
	a=${d##*/}; g=$(basename "$(readlink "$d/iommu_group")")
	set -- $(sed -n 3p "$d/resource"); sz=$(($2 - $1 + 1))
	for al in 1073741824 2097152 4096; do
		[ $al = 4096 ] && [ $sz -gt 67108864 ] && continue   # TCG: keep 4K small
		echo "map $sz $al: $("$PF" "$a" "$g" 2 "$sz" "$al" 2>&1 | tr '\n' ' ')"
	done
done
EOS
# A guest with 2M pages only (a PVM host's: SCN_TEST_NO_1G_PAGES=1) on a
# BAR mapped at 1G: KVM maps it at 2M, the scenario's expectation fails
# and the phase's warning says align= is not what ran.
script='"$0" features; echo groups: /dev/vfio/*; "$0" run "$1"; echo "run: $?"; PF=$2 sh "$3"
SCN_TEST_NO_1G_PAGES=1 "$0" run -q -D align=1G "$4" 2>&1 | sed "s/^/no1g: /"
"$0" run -q "$5" 2>&1 | sed "s/^/two: /"; echo "two: exit $?"
"$0" run -q "$6" 2>&1 | sed "s/^/three: /"'
# Two backings on the two BARs, the small one declared first: each takes
# the smallest BAR that fits, so the 1G one is left for the 1G backing.
# A third finds none free: the error names each device and why.
printf '# SPDX-License-Identifier: GPL-2.0-only\nbacking s type=pfnmap size=64M\nbacking b type=pfnmap size=1G\nphase w { host write s stride=2M; host write b stride=2M }\nphase r { host read s stride=2M; host read b stride=2M }\nprint "{w.pages} {r.pages}"\n' >"$TMP/two.scn"
{ cat "$TMP/two.scn"; echo 'backing t type=pfnmap size=64M'; } >"$TMP/three.scn"
if th "pfnmap: the devices appear bound to vfio-pci" exec --kernel "$K" --pfnmap 1G \
	--pfnmap 64M -- sh -c "$script" "$SCN" "$TMP/req.scn" "$TMP/pf" "$TMP/maps.sh" \
	"$PWD/scenarios/pfnmap.scn" "$TMP/two.scn" "$TMP/three.scn"; then
	o=$TMP/out
	if [ $rc != 0 ]; then
		fail "pfnmap: the devices appear bound to vfio-pci" "exit $rc"; show
	elif ! grep -Eq '^  pfnmap +1 GiB BAR2 at 0000:00:0[0-9a-f]\.0, vfio \(IOMMU group [0-9]+, 1af4:1110\)$' "$o" ||
	     ! grep -Eq '^  pfnmap +64 MiB BAR2 at 0000:00:0[0-9a-f]\.0, vfio \(IOMMU group [0-9]+, 1af4:1110\)$' "$o"; then
		fail "pfnmap: the devices appear bound to vfio-pci" "no 1 GiB and 64 MiB BAR"
		sed 's/^/    /' "$o"
	else
		ok "pfnmap: the devices appear bound to vfio-pci"
	fi
	if grep -Eq '^groups: /dev/vfio/[0-9]+ /dev/vfio/[0-9]+ /dev/vfio/vfio$' "$o"; then
		ok "pfnmap: each device has its vfio group"
	else
		fail "pfnmap: each device has its vfio group" "$(grep '^groups' "$o")"
	fi
	if grep -q '^run: 0$' "$o" && grep -Eq '^  pfnmap +yes' "$o"; then
		ok "pfnmap: require pfnmap runs with --pfnmap"
	else
		fail "pfnmap: require pfnmap runs with --pfnmap" "$(grep -E '^run:|SKIP' "$o")"
	fi
	# faults SIZE ALIGN LO HI WHAT: the map line's count within LO..HI.
	faults() {
		local l n
		l=$(grep -m1 "^map $1 $2: " "$o")
		n=$(echo "$l" | sed -nE 's/.*faults ([0-9]+) readback ok.*/\1/p')
		if [ -n "$n" ] && [ "$n" -ge "$3" ] && [ "$n" -le "$4" ]; then
			ok "pfnmap: $5: $n host faults"
		else
			fail "pfnmap: $5" "${l:-no line}, not $3..$4 faults"
		fi
	}
	faults 1073741824 1073741824 1 2 "1 GiB at 1G alignment maps one PUD"
	faults 1073741824 2097152 512 514 "1 GiB at 2M alignment maps PMDs"
	faults 67108864 2097152 32 34 "64 MiB at 2M alignment: 1/16 of 1 GiB's"
	faults 67108864 4096 16384 16386 "64 MiB at 4K alignment maps PTEs"
	if grep -q '^two: 33 33$' "$o" && grep -q '^two: exit 0$' "$o"; then
		ok "pfnmap: a 64M and a 1G backing take the two BARs, smallest first"
	else
		fail "pfnmap: a 64M and a 1G backing take the two BARs, smallest first" "$(grep '^two' "$o")"
	fi
	if grep -q "^three: .*no vfio device can give 64 MiB: .*Device or resource busy" "$o"; then
		ok "pfnmap: a third backing finds both groups held, and says so"
	else
		fail "pfnmap: a third backing finds both groups held, and says so" "$(grep -m2 '^three' "$o")"
	fi
	n1g="pfnmap: align=1G under a guest of 2M pages: KVM maps 2M, the phase says so"
	if grep -q "^no1g: .*warning: phase run1: align=1G asked for mappings of that size, but KVM mapped the guest with.* 512 of pages_2m and none of that size" "$o" &&
	   grep -q "^no1g: .*expectation failed" "$o"; then
		ok "$n1g"
	else
		fail "$n1g" "$(grep -m3 '^no1g' "$o")"
	fi
	if grep -q "^map 67108864 1073741824: error: align 1024 MiB is larger than the mapping's 64 MiB" "$o"; then
		ok "pfnmap: an alignment larger than the BAR is refused"
	else
		fail "pfnmap: an alignment larger than the BAR is refused" \
			"$(grep -m1 '^map 67108864 1073741824' "$o")"
	fi
fi
# --or-kernel sizes the test host from a pfnmap backing (a second boot),
# which runs scenarios/pfnmap.scn at each alignment: each point passes
# its own expectations (KVM maps the guest at the mapping's page size,
# every vCPU faults under ro), and run1's host faults follow the page
# size: one PUD at 1G, one PMD per 2M access, one PTE per access at 4K.
name="pfnmap: --or-kernel adds --pfnmap 1G for a pfnmap backing"
if th "$name" run --or-kernel "$K" --sweep align=1G,2M,4K --sweep efault=once,forever --format json \
	-o "$TMP/pf.json" scenarios/pfnmap.scn; then
	if [ $rc = 0 ] && grep -q '^# test host: --pfnmap 1G, as the scenario needs a PCI BAR bound to vfio-pci (require pfnmap at scenarios/pfnmap.scn:' "$TMP/err" "$TMP/out"; then
		ok "$name"
	else
		fail "$name" "exit $rc"; show
	fi
	python3 - "$TMP/pf.json" >"$TMP/py" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
want = {1 << 30: ("pages_1g", 1, 1, 16), 2 << 20: ("pages_2m", 512, 512, 600),
        4096: ("pages_4k", 512, 512, 600)}
seen = set()
for p in d["points"]:
    align = p["params"]["align"]
    m = {ph["name"]: ph["metrics"] for ph in p["phases"]}["run1"]
    size, kvm_lo, lo, hi = want[align]
    val = lambda k: m[k]["median"] if k in m else 0
    f, k = val("delta.vmstat.pgfault"), val("delta.kvm." + size)
    ro = {ph["name"]: ph["metrics"] for ph in p["phases"]}["ro"]["faults"]["median"]
    once = p["params"]["efault"] == "once"
    print(f"align {align} {p['params']['efault']}: {p['status']}, {f} host faults, {k} KVM {size}, ro {ro} faults")
    assert p["status"] == "pass", p["errors"]
    # once: each of the 2 vCPUs stops at its first; forever: all 512 accesses
    assert ro == (2 if once else 512), f"ro faults {ro}"
    assert lo <= f <= hi, f"host faults {f}, not {lo}..{hi}"
    assert k >= kvm_lo, f"KVM {size} {k}, not >= {kvm_lo}"
    # the result says which size the phase ran at
    assert val("kvm_page_size") == align, f"kvm_page_size {val('kvm_page_size')}"
    seen.add((align, once))
assert seen == {(a, o) for a in want for o in (True, False)}, seen
PY
	if [ $? = 0 ]; then
		ok "pfnmap: scenarios/pfnmap.scn at 1G, 2M, 4K, efault once and forever: KVM's mappings and the host faults follow align=, ro faults 2 and 512"
	else
		fail "pfnmap: scenarios/pfnmap.scn at 1G, 2M, 4K" "$(tail -n 3 "$TMP/py")"
	fi
fi

# --- a suite line's pfnmap= (two small boots) --------------------------------
# A suite in one test host (scn run --kernel K FILE.suite) boots it with
# the BARs its lines ask for; a line with kernel= of its own boots its own
# with them. bar.scn needs a 16 MiB BAR, which no default gives.
cat >"$TMP/bar.scn" <<'SCN'
require pfnmap
backing bar type=pfnmap size=16M align=2M
phase w { host write bar }
phase r { host read bar }
SCN
printf 'bar.scn pfnmap=16M\n' >"$TMP/one.suite"
name="pfnmap: a suite in one test host gets its lines' pfnmap= BARs"
if th "$name" run --kernel "$K" "$TMP/one.suite"; then
	if [ $rc = 0 ] && grep -q '^ok 1 bar$' "$TMP/out" &&
	   grep -q '^# test host: --pfnmap: an ivshmem-plain BAR of 16 MiB' "$TMP/err"; then
		ok "$name"
	else
		fail "$name" "exit $rc"; show
	fi
fi
# --or-kernel: a BAR of each pfnmap backing's size, one each.
cat >"$TMP/two.scn" <<'SCN'
backing a type=pfnmap size=16M align=2M
backing b type=pfnmap size=8M align=4K
phase w { host write a; host write b }
print "{w.pages}"
SCN
name="pfnmap: --or-kernel gives two pfnmap backings a BAR each, of their sizes"
if th "$name" run --or-kernel "$K" "$TMP/two.scn"; then
	# 16M in 2M pages and 8M in 4K pages: 8 + 2048 written.
	if [ $rc = 0 ] && grep -q '^2056$' "$TMP/out" &&
	   grep -q '^# test host: --pfnmap 16M --pfnmap 8M, as the scenario needs 2 PCI BARs bound to vfio-pci (require pfnmap at .*two.scn:1)' "$TMP/err"; then
		ok "$name"
	else
		fail "$name" "exit $rc: $(cat "$TMP/out")"; show
	fi
fi
printf 'bar.scn kernel=%s pfnmap=16M\n' "$K" >"$TMP/own.suite"
name="pfnmap: a suite line with kernel= and pfnmap= boots its test host with the BAR"
if th "$name" run "$TMP/own.suite"; then
	if [ $rc = 0 ] && grep -q '^ok 1 bar$' "$TMP/out"; then
		ok "$name"
	else
		fail "$name" "exit $rc"; show
	fi
fi
