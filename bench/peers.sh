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
#
#   bench/peers.sh SERIES...     prints "SERIES DIR" per built series,
#                                DIR holding the binaries (kvm/ and mm/)
#
# Exit 0 when every series is built, 1 when one cannot be (its reason on
# stderr, the others still printed). SCN names scn (default ./scn).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
scn=$(bench_scn)

KVM_TESTS="mmu_stress_test max_guest_memory_test demand_paging_test dirty_log_perf_test"

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
}

# build SERIES: fetch, unpack, patch and build one series, once.
build() {
	local s=$1 src=$cache/linux-source-$1 kinds stamp p t f
	kinds=$(needed | tr '\n' ' ')
	stamp="patches: ${kinds:-none}"
	if [ -f "$src/.scn-built" ] && [ "$(cat "$src/.scn-built")" = "$stamp" ]; then
		return 0
	fi
	mkdir -p "$cache/dl" || return 1
	if [ ! -d "$src/tools" ]; then
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
	fi
	# From pristine each time the host kind changes: only what it needs.
	for t in $KVM_TESTS; do
		f=tools/testing/selftests/kvm/$t.c
		[ -f "$src/$f.orig-scn" ] && cp "$src/$f.orig-scn" "$src/$f"
	done
	for k in $kinds; do
		for p in "$root"/bench/patches/*-"$k".patch; do
			t=$(basename "$p" "-$k.patch")
			f=$src/tools/testing/selftests/kvm/$t.c
			[ -f "$f" ] || continue
			[ -f "$f.orig-scn" ] || cp "$f" "$f.orig-scn"
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

rc=0
for s in "$@"; do
	if build "$s"; then
		echo "$s $cache/linux-source-$s/tools/testing/selftests"
	else
		rc=1
	fi
done
exit $rc
