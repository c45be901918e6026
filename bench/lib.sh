# SPDX-License-Identifier: GPL-2.0-only
#
# Shared by the benchmarks that compare scn with the kernel's own
# selftests (bench/kvm.sh, bench/guest_demand_paging.sh,
# bench/dirty_log.sh, bench/table.sh, and bench/arm64.sh and
# bench/riscv64.sh in their test hosts): where the selftests are, what kind of KVM this is,
# medians of alternating runs, and the line a missing peer prints.
#
# The selftests are built by the bench itself, outside this tree:
# bench/peers.sh fetches Debian's linux-source-7.3 and -6.12 through scn's
# own apt configuration and builds them in scn's kernel cache once, with
# only the patches of bench/patches/ this host kind needs (it says which).
# KST_DIR (the directory of the KVM binaries) overrides both: then every
# peer is looked for there. The test hosts' peers are cross-built by
# bench/peers.sh as well (bench_cross_peers); KST_ARM64_DIR and
# KST_RISCV64_DIR override those.
KST_ARM64_DIR=${KST_ARM64_DIR:-}
KST73_ARM64_DIR=${KST73_ARM64_DIR:-}
KST_RISCV64_DIR=${KST_RISCV64_DIR:-}

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

# bench_cross_peers ARCH: the static peers for ARCH's test hosts, built
# where not yet built. arm64: KST_ARM64_DIR (6.12's max_guest_memory_test)
# and KST73_ARM64_DIR (7.3's mmu_stress_test); riscv64: KST_RISCV64_DIR
# (7.3's mmu_stress_test). One set by the caller wins and is not built.
bench_cross_peers() {
	local out s d
	case $1 in
	arm64) [ -n "$KST_ARM64_DIR" ] && return 0
		out=$("$root/bench/peers.sh" 6.12-arm64 7.3-arm64) ;;
	riscv64) [ -n "$KST_RISCV64_DIR" ] && return 0
		out=$("$root/bench/peers.sh" 7.3-riscv64) ;;
	esac
	while read -r s d; do
		case $s in
		6.12-arm64) KST_ARM64_DIR=$d/kvm ;;
		7.3-arm64) KST73_ARM64_DIR=${KST73_ARM64_DIR:-$d/kvm} ;;
		7.3-riscv64) KST_RISCV64_DIR=$d/kvm ;;
		esac
	done <<<"$out"
	case $1 in
	arm64) KST_ARM64_DIR=${KST_ARM64_DIR:-"(linux-source-6.12 for arm64 not built: bench/peers.sh)"}
		KST73_ARM64_DIR=${KST73_ARM64_DIR:-"(linux-source-7.3 for arm64 not built: bench/peers.sh)"} ;;
	riscv64) KST_RISCV64_DIR=${KST_RISCV64_DIR:-"(linux-source-7.3 for riscv64 not built: bench/peers.sh)"} ;;
	esac
}

# bench_inside_args BIN VCPUS MEM SLOT: lines of a script for busybox's
# sh in a test host (where BIN, of that host's architecture, runs) that
# ask BIN's usage and set $args to its options for VCPUS vCPUs, MEM and
# SLOT: -c; -m and -s as SIZE where the usage says SIZE[KMG], in whole
# GiB where it says _in_gb alone; "no" where it offers no way to say
# them. They print "usage: USAGE" and, for "no", "kst-skip: WHY".
bench_inside_args() {
	local gm gs
	gm=$(bench_gib "$3") gs=$(bench_gib "$4")
	cat <<EOF
u=\$($1 --scn-usage 2>&1 | grep -m 1 usage)
echo "usage: \$u"
case \$u in *"[-c "*) args="-c $2" ;; *) args=no ;; esac
for o in "m $3 $gm" "s $4 $gs"; do
	set -- \$o
	case \$u in
	*"[-\$1 "*"|SIZE[KMG]]"*) [ "\$args" = no ] || args="\$args -\$1 \$2" ;;
	*"[-\$1 "*"_in_gb]"*)
		if [ -n "\${3:-}" ] && [ "\$args" != no ]; then args="\$args -\$1 \$3"; else args=no; fi ;;
	*) args=no ;;
	esac
done
[ "\$args" = no ] && echo "kst-skip: its usage offers no -c, -m and -s for $2 vCPUs, $3 and $4"
EOF
}

# bench_boot_inside WHO KERNEL SCRIPT: the script (busybox sh) in one boot
# of KERNEL's test host, its stdout in $tmp/out and stderr in $tmp/err;
# load_end is the shared machine's load after it. A test host that cannot
# run here ends the bench with its reason (exit 0); a failed run is said,
# and the bench goes on with what it printed.
bench_boot_inside() {
	local who=$1 kernel=$2 script=$3 rc
	"$scn" exec -q --timeout 3600 --kernel "$kernel" -- sh "$script" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	load_end=$(cut -d' ' -f1-3 /proc/loadavg)
	if [ $rc = 4 ]; then
		echo "$who: the test host cannot run here: $(tail -n 1 "$tmp/err")"
		exit 0
	elif [ $rc != 0 ]; then
		echo "$who: the test host's run failed (exit $rc): $(tail -n 3 "$tmp/err" | tr '\n' ' ')"
	fi
}

# bench_gib SIZE: SIZE (64M, 1G, 2) as a whole number of GiB, else nothing;
# a bare number is GiB already.
bench_gib() {
	case $1 in
	*[0-9]) echo "$1" ;;
	*) numfmt --from=iec "$1" 2>/dev/null | awk '$1 % 1073741824 == 0 { print $1 / 1073741824 }' ;;
	esac
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

# bench_dirty_figures < OUTPUT: "enable get clear disable dirty" in
# seconds from dirty_log_perf_test's lines (which dirty_log.scn prints
# too); dirty is the mean of the iterations after the first; "-" for a
# figure the run did not print.
bench_dirty_figures() {
	awk '
	function num(s) { sub(/s.*/, "", s); return s + 0 }
	/^Enabling dirty logging time:/ { en = num($5) }
	/^Disabling dirty logging time:/ { dis = num($5) }
	/^Get dirty log over / { match($0, /Avg [0-9.]+s/); get = num(substr($0, RSTART + 4)) }
	/^Clear dirty log over / { match($0, /Avg [0-9.]+s/); clr = num(substr($0, RSTART + 4)) }
	/^Iteration [0-9]+ dirty memory time:/ { if ($2 > 1) { d += num($6); nd++ } }
	END {
		printf "%s %s %s %s %s\n", en == "" ? "-" : en, get == "" ? "-" : get,
		       clr == "" ? "-" : clr, dis == "" ? "-" : dis, nd ? d / nd : "-" }'
}
