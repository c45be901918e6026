# SPDX-License-Identifier: GPL-2.0-only
#
# Shared by the benchmarks that compare scn with the kernel's own
# selftests (bench/kvm.sh, bench/guest_demand_paging.sh,
# bench/dirty_log.sh): where the selftests are, what kind of KVM this is,
# medians of alternating runs, and the line a missing peer prints.
#
# The selftests are built outside this tree, from Debian's
# linux-source-6.12, never committed here:
#   apt-get install linux-source-6.12
#   tar xJf /usr/src/linux-source-6.12.tar.xz -C /work/ext
#   cd /work/ext/linux-source-6.12 && make headers_install
#   make -C tools/testing/selftests/kvm
# On PVM hosts (no PDPE1GB in KVM's CPUID) max_guest_memory_test needs its
# guest mapped with 2 MiB pages instead of 1 GiB ones (unmodified it takes
# #PF at its first write); mmu_stress_test, newer than 6.12, is back-ported
# from upstream beside it with 2 MiB pages and -M, which accepts the MMIO
# exit PVM gives at ring 0 for a write to read-only memory where upstream
# expects -EFAULT. KST_DIR names the directory of the binaries.

KST_DIR=${KST_DIR:-/work/ext/linux-source-6.12/tools/testing/selftests/kvm}
# The arm64 build of the same tree (bench/arm64.sh says how).
KST_ARM64_DIR=${KST_ARM64_DIR:-/work/ext/ksrc-arm64/linux-source-6.12/tools/testing/selftests/kvm}

# bench_scn: the scn to bench, SCN (default ./scn) made absolute against
# the tree's root ($root, which each script sets before sourcing this).
bench_scn() {
	local s=${SCN:-./scn}
	case $s in
	/*) echo "$s" ;;
	*) echo "$root/${s#./}" ;;
	esac
}

# bench_virt SCN: the "virtualization" line of scn features (pvm, vmx,
# svm, none, ...).
bench_virt() {
	"$1" features 2>/dev/null | awk '$1 == "virtualization" { print $2; exit }'
}

# bench_kvm_usable SCN: whether this machine's /dev/kvm runs a guest.
bench_kvm_usable() {
	"$1" features 2>/dev/null | grep -Eq '^  kvm +usable$'
}

# bench_header SCN WHAT: where the runs are, the host kind and the load
# when they start (the machine may be shared: read ratios, not rates).
bench_header() {
	echo "# $2: $(uname -r), virtualization $(bench_virt "$1"), $(nproc) CPUs;" \
	     "load average at the start $(cut -d' ' -f1-3 /proc/loadavg)"
}

# bench_no_peer NAME PATH: the line for a selftest that is not built.
bench_no_peer() {
	echo "$1: no baseline: $2 is not built (apt-get install linux-source-6.12;" \
	     "untar outside this tree; make headers_install; make -C" \
	     "tools/testing/selftests/kvm; see bench/lib.sh; KST_DIR names the directory)"
}

# bench_median: the median of the numbers on stdin, one a line ("-" if none).
bench_median() {
	sort -g | awk '{ v[NR] = $1 } END {
		if (!NR) print "-"
		else if (NR % 2) print v[(NR + 1) / 2]
		else printf "%.9g\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# bench_ratio A B: A/B as "0.42x", or "-" where either is missing.
bench_ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN {
		if (a == "-" || b == "-" || a == "" || b == "" || b + 0 == 0) print "-"
		else printf "%.2fx\n", a / b }'
}
