# SPDX-License-Identifier: GPL-2.0-only
#
# Shared by the benchmarks that compare scn with the kernel's own
# selftests (bench/kvm.sh, bench/guest_demand_paging.sh,
# bench/dirty_log.sh): where the selftests are, what kind of KVM this is,
# medians of alternating runs, and the line a missing peer prints.
#
# The selftests are built by the bench itself, outside this tree:
# bench/peers.sh fetches Debian's linux-source-7.3 and -6.12 through scn's
# own apt configuration and builds them in scn's kernel cache once, with
# only the patches of bench/patches/ this host kind needs (it says which).
# KST_DIR (the directory of the KVM binaries) overrides both: then every
# peer is looked for there. The arm64 build (bench/arm64.sh) is named by
# KST_ARM64_DIR; without it that peer is a line saying so.
KST_ARM64_DIR=${KST_ARM64_DIR:-}

# bench_peers: sets KST_DIR (6.12's KVM selftests: max_guest_memory_test,
# which 7.3 no longer has), KST73_DIR (7.3's) and KSM_TESTS (6.12's
# mm/ksm_tests), building them where not yet built. KST_DIR set by the
# caller wins and names all of them; in the test host the outer bench
# passes each binary itself.
bench_peers() {
	local out s d
	if [ -n "${KST_DIR:-}" ]; then
		KST73_DIR=${KST73_DIR:-$KST_DIR}
		KSM_TESTS=${KSM_TESTS:-$KST_DIR/../mm/ksm_tests}
		return 0
	fi
	out=$("$root/bench/peers.sh" 7.3 6.12)
	while read -r s d; do
		case $s in
		6.12) KST_DIR=$d/kvm KSM_TESTS=${KSM_TESTS:-$d/mm/ksm_tests} ;;
		7.3) KST73_DIR=$d/kvm ;;
		esac
	done <<<"$out"
	KST_DIR=${KST_DIR:-"(linux-source-6.12 not built: bench/peers.sh)"}
	KST73_DIR=${KST73_DIR:-"(linux-source-7.3 not built: bench/peers.sh)"}
	KSM_TESTS=${KSM_TESTS:-"(ksm_tests not built: bench/peers.sh)"}
}

# bench_flag BIN FLAG: whether BIN's usage offers FLAG (asked with an
# option no selftest has, as some take -h with an argument).
bench_flag() {
	[ -x "$1" ] && "$1" --scn-usage 2>&1 | grep -Eq -- "(^|[[ ])$2([] ,=]|$)"
}

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
	echo "$1: no baseline: $2 is not built (bench/peers.sh builds it; KST_DIR" \
	     "names a directory of one's own)"
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
