#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The bench's peers, built by the bench: Debian's linux-source-SERIES
# fetched through scn's own apt configuration (the one `scn kernel` uses,
# under its kernel cache), unpacked beside the kernels in that cache and
# its KVM selftests and mm's ksm_tests built there, once. Only what this
# host kind needs is changed, each change a patch of bench/patches/ and
# named on stderr when it is applied:
#   *-2m-pages.patch   where KVM offers no 1 GiB guest pages (no PDPE1GB,
#                      as on PVM): the guest is mapped with 2 MiB pages
#   *-mmio-exit.patch  on PVM, whose ring 0 is emulated: a write to
#                      read-only memory exits with KVM_EXIT_MMIO where the
#                      selftest wants -EFAULT; adds -E to accept it
#   *-4-levels.patch   where KVM offers LA57 and 57 virtual address bits
#                      in its CPUID but refuses CR4.LA57 (scn features:
#                      cr4.la57 refused; PVM hosts on such a CPU): the
#                      7.x library sizes the guest's tables by that width
#                      and every test fails in KVM_SET_SREGS; 4 levels
# A patch names the files it changes (its +++ lines); one whose files
# this series lacks is not applied.
#
#   bench/peers.sh SERIES...     prints "SERIES DIR" per built series,
#                                DIR holding the binaries (kvm/ and mm/)
#
# SERIES-ARCH (6.12-arm64, 7.3-arm64, 7.3-riscv64) is the same source
# cross-built, statically, for the test hosts of that architecture (whose
# shell is busybox over this machine's root: no loader, no libraries of
# theirs), with Debian 12's cross compiler (installed with
# --no-install-recommends where missing): the headers and the binaries
# outside the source, in linux-source-SERIES-ARCH beside it (DIR/kvm),
# only $CROSS_TESTS. Its patches are the cross builds' own, applied to
# pristine files for that build alone and the files put back after it,
# so that the x86 build is not touched:
#   *-arm64.patch      6.12's max_guest_memory_test is x86's alone: its
#                      arm64 guest mapped with 4K pages needs page tables
#                      sized by max_mem / 4K extra pages, and KVM_GET_SREGS
#                      is x86's (no MMU reset on arm64); added to arm64's list
#   *-sizes.patch      mmu_stress_test's -m and -s take a K, M or G suffix
#                      (a bare number stays GiB, as its usage says): TCG
#                      runs tens of MiB in the time of a GiB
#
# Exit 0 when every series is built, 1 when one cannot be (its reason on
# stderr, the others still printed). SCN names scn (default ./scn).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
scn=$(bench_scn)

KVM_TESTS="mmu_stress_test max_guest_memory_test demand_paging_test dirty_log_perf_test"
# What the arm64 and riscv64 benches run (bench/arm64.sh, bench/riscv64.sh).
CROSS_TESTS="mmu_stress_test max_guest_memory_test"

# The apt directory `scn kernel` uses: its --list header names it
# ("(DIR; asked again after a day)"), so the bench keeps no path of its own.
apt=$("$scn" kernel --list 2>/dev/null | sed -n '1s/^[^(]*(\([^;]*\);.*/\1/p')
if [ -z "$apt" ] || [ ! -f "$apt/sources.list" ]; then
	echo "peers: scn kernel --list names no apt configuration" >&2
	exit 1
fi
cache=$(dirname "$apt")/selftests
aptopt=(-o "Dir::Etc::SourceList=$apt/sources.list" -o "Dir::State::Lists=$apt/lists"
	-o "Dir::State::status=$apt/status" -o "Dir::Cache=$apt/cache"
	-o Dir::Etc::SourceParts=/dev/null -o Dir::Etc::Preferences=/dev/null
	-o Dir::Etc::PreferencesParts=/dev/null -o Acquire::Languages=none)

# The patches this host kind needs, by name.
needed() {
	local virt
	virt=$(bench_virt "$scn")
	if [ "$virt" = pvm ] || ! grep -qw pdpe1gb /proc/cpuinfo; then
		echo 2m-pages
	fi
	[ "$virt" = pvm ] && echo mmio-exit
	"$scn" features --json 2>/dev/null | python3 -c '
import json, sys
va = json.load(sys.stdin).get("guest_va") or {}
sys.exit(0 if va.get("la57_taken") is False else 1)' && echo 4-levels
}

# fetch SERIES: linux-source-SERIES unpacked in the cache, once.
fetch() {
	local s=$1 src=$cache/linux-source-$1 f
	[ -d "$src/tools" ] && return 0
	mkdir -p "$cache/dl" || return 1
	echo "peers: fetching linux-source-$s through scn's apt configuration ($apt)" >&2
	(cd "$cache/dl" && apt-get -q "${aptopt[@]}" download "linux-source-$s") >&2 || {
		echo "peers: linux-source-$s cannot be had from Debian's archive here" >&2
		return 1
	}
	f=$(ls -t "$cache/dl"/linux-source-"$s"_*.deb | head -n 1)
	rm -rf "$src.part" && mkdir "$src.part" &&
	dpkg-deb --fsys-tarfile "$f" | tar x -O "./usr/src/linux-source-$s.tar.xz" |
		tar xJ -C "$src.part" && mv "$src.part/linux-source-$s" "$src" &&
		rmdir "$src.part" && rm -f "$f" || { echo "peers: unpacking $f failed" >&2; return 1; }
}

# build SERIES: fetch, unpack, patch and build one series, once.
build() {
	local s=$1 src=$cache/linux-source-$1 kinds stamp p t f
	kinds=$(needed | tr '\n' ' ')
	stamp="patches: ${kinds:-none}"
	if [ -f "$src/.scn-built" ] && [ "$(cat "$src/.scn-built")" = "$stamp" ]; then
		return 0
	fi
	fetch "$s" || return 1
	# From pristine each time the host kind changes: only what it needs.
	find "$src/tools/testing/selftests" -name '*.orig-scn' | while read -r f; do
		cp "$f" "${f%.orig-scn}"
	done
	for k in $kinds; do
		for p in "$root"/bench/patches/*-"$k".patch; do
			t=$(sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$p")
			for f in $t; do [ -f "$src/$f" ] || continue 2; done
			for f in $t; do
				[ -f "$src/$f.orig-scn" ] || cp "$src/$f" "$src/$f.orig-scn"
			done
			echo "peers: linux-source-$s: applying bench/patches/$(basename "$p")" >&2
			patch -s -p1 -d "$src" <"$p" >&2 || return 1
		done
	done
	echo "peers: building linux-source-$s's selftests in $src (once)" >&2
	t=
	for f in $KVM_TESTS; do
		[ -f "$src/tools/testing/selftests/kvm/$f.c" ] && t="$t $src/tools/testing/selftests/kvm/$f"
	done
	# headers, not headers_install (which wants rsync): the same usr/include.
	{ make -s -C "$src" headers &&
		make -s -j"$(nproc)" -C "$src/tools/testing/selftests/kvm" $t &&
		make -s -C "$src/tools/testing/selftests/mm" "$src/tools/testing/selftests/mm/ksm_tests"
	} >"$src/.scn-build.log" 2>&1 || {
		echo "peers: building linux-source-$s's selftests failed ($src/.scn-build.log):" >&2
		grep -m 3 -E 'error|Error' "$src/.scn-build.log" >&2
		return 1
	}
	echo "$stamp" >"$src/.scn-built"
}

# cross_tools ARCH: Debian 12's cross compiler for ARCH, installed where
# missing as .ci/install-deps.sh installs its packages; prints its prefix.
cross_tools() {
	local pre deb need=
	case $1 in
	arm64) pre=aarch64-linux-gnu- deb=arm64 ;;
	riscv64) pre=riscv64-linux-gnu- deb=riscv64 ;;
	*) echo "peers: no cross build for $1 (arm64, riscv64)" >&2; return 1 ;;
	esac
	command -v "${pre}gcc" >/dev/null 2>&1 || need="gcc-${pre%-}"
	[ -f "/usr/${pre%-}/lib/libc.a" ] || need="$need libc6-dev-$deb-cross"
	if [ -n "$need" ]; then
		echo "peers: installing$need for the $1 build" >&2
		# shellcheck disable=SC2086
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			--no-install-recommends $need >/dev/null; } >&2 || {
			echo "peers: cannot install $need (apt-get, as root)" >&2
			return 1
		}
	fi
	echo "$pre"
}

# cross SERIES ARCH: SERIES's $CROSS_TESTS for ARCH, static, built outside
# the source in $cache/linux-source-SERIES-ARCH, once.
cross() {
	local s=$1 a=$2 src=$cache/linux-source-$1 out=$cache/linux-source-$1-$2
	local pre karch kvm stamp p f t touched='' want='' got=''
	pre=$(cross_tools "$a") || return 1
	case $a in arm64) karch=arm64 ;; riscv64) karch=riscv ;; esac
	fetch "$s" || return 1
	kvm=$src/tools/testing/selftests/kvm
	# The stamp names the patches by their sums: a changed patch rebuilds.
	stamp="cross $a: $(cat "$root"/bench/patches/*-"$a".patch \
		"$root"/bench/patches/*-sizes.patch 2>/dev/null | cksum)"
	if [ -f "$out/.scn-built" ] && [ "$(cat "$out/.scn-built")" = "$stamp" ]; then
		return 0
	fi
	mkdir -p "$out" || return 1
	# Each file a patch changes: kept aside as it is now (the x86 build's
	# state, its times too) and patched from pristine (.orig-scn, which the
	# x86 build restores from as well).
	for p in "$root"/bench/patches/*-"$a".patch "$root"/bench/patches/*-sizes.patch; do
		[ -f "$p" ] || continue
		t=$(basename "$p" .patch)
		[ -f "$kvm/${t%-*}.c" ] || continue
		for f in $(sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$p"); do
			case " $touched " in *" $f "*) continue ;; esac
			[ -f "$src/$f.orig-scn" ] || cp -p "$src/$f" "$src/$f.orig-scn" || return 1
			cp -p "$src/$f" "$out/.keep.$(basename "$f")" || return 1
			cp -p "$src/$f.orig-scn" "$src/$f"
			touched="$touched $f"
		done
		echo "peers: linux-source-$s for $a: applying bench/patches/$(basename "$p")" >&2
		patch -s -p1 -d "$src" <"$p" >&2 || { got=fail; break; }
	done
	if [ -z "$got" ]; then
		for t in $CROSS_TESTS; do
			[ -f "$kvm/$t.c" ] && want="$want $out/kvm/$t"
		done
		[ -n "$want" ] || { echo "peers: linux-source-$s has none of $CROSS_TESTS" >&2; got=fail; }
	fi
	if [ -z "$got" ]; then
		echo "peers: building linux-source-$s's$want for $a in $out (once)" >&2
		# The headers of ARCH in $out (O=), which the selftests take in
		# place of the source's usr/include (the x86 build's); arm64's
		# generated sysreg headers go under $out too (abs_objdir).
		mkdir -p "$out/tools" || got=fail
		{ make -s -j2 -C "$src" O="$out" ARCH=$karch CROSS_COMPILE=$pre headers &&
			make -s -j2 -C "$kvm" ARCH=$karch CROSS_COMPILE=$pre OUTPUT="$out/kvm" \
				abs_objdir="$out" LINUX_HDR_PATH="$out/usr/include/" \
				KHDR_INCLUDES="-isystem $out/usr/include" EXTRA_CFLAGS=-static $want
		} >"$out/.scn-build.log" 2>&1 || got=fail
	fi
	for f in $touched; do
		cp -p "$out/.keep.$(basename "$f")" "$src/$f" && rm -f "$out/.keep.$(basename "$f")"
	done
	if [ -n "$got" ]; then
		echo "peers: building linux-source-$s's selftests for $a failed ($out/.scn-build.log):" >&2
		grep -m 3 -E 'error|Error' "$out/.scn-build.log" >&2
		return 1
	fi
	echo "$stamp" >"$out/.scn-built"
}

rc=0
for s in "$@"; do
	case $s in
	*-*)
		if cross "${s%%-*}" "${s#*-}"; then
			echo "$s $cache/linux-source-$s"
		else
			rc=1
		fi
		;;
	*)
		if build "$s"; then
			echo "$s $cache/linux-source-$s/tools/testing/selftests"
		else
			rc=1
		fi
		;;
	esac
done
exit $rc
