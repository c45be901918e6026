#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# One table: every comparison of scn with the kernel's own selftests, in
# one run. Each row is one work done alike on both sides (the same sizes,
# vCPUs, readers and KSM pages_to_scan), scn and the peer taking turns
# RUNS times; the row gives both medians with their min-max, N, the ratio
# scn/peer of the medians and whether lower or higher is better. Peers
# are 6.12's and 7.3's selftests (bench/peers.sh) where each has the
# test; one that is missing or cannot run here is a row saying why.
#
#   bench/table.sh              (make bench; QUICK=1 for the small sizes)
#
# Where the runs happen (BENCH_ROUTE): "here" on this machine's KVM,
# "testhost" inside scn's x86 test host (scn exec --kernel KERNEL, docs/
# testhost.md; under TCG where this machine has no KVM: figures for
# correctness and ratios, not speed), "auto" (the default) here when
# /dev/kvm runs a guest, else the test host. The header says which.
#
# Output: the table on stdout, and in OUT (default build/bench):
# bench.txt (the same), bench.json (every row with its samples), and,
# where gnuplot is installed, bench.svg drawn by scn plot from
# bench-result.json (the ratios as a scn result: one phase per row).
#
# Environment: SCN (default ./scn), KERNEL (default debian:6.12), QUICK,
# RUNS (turns, default 3; 2 with QUICK), KST_DIR (bench/lib.sh),
# BENCH_ROUTE, OUT, BENCH_PEERS=none to run without building peers,
# BENCH_RING0=1 for the rows that run scn's guest at ring 0 as well on any
# host (PVM hosts get them always: there the selftests' guests run at
# ring 0, which PVM emulates and KVM maps none of; BENCH_DIRTY_RING0=1,
# its older name, still works), ROWS (a list of row groups, by commas or spaces:
# mmu, demand, dirty, ksm, touch; default all) to run only those, e.g.
# `ROWS=ksm QUICK=1`.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. bench/lib.sh
scn=$(bench_scn)
kernel=${KERNEL:-debian:6.12}
quick=${QUICK:-}
[ "$quick" = 0 ] && quick=
rows=$(echo "${ROWS:-}" | tr ' ' ',')
for g in ${rows//,/ }; do
	case $g in
	mmu | demand | dirty | ksm | touch) ;;
	*) echo "bench: ROWS: '$g': want mmu, demand, dirty, ksm or touch" >&2; exit 64 ;;
	esac
done
# want GROUP: whether ROWS asks for that group of rows.
want() { [ -z "$rows" ] || [[ ,$rows, == *,$1,* ]]; }

# --- inside: the rows --------------------------------------------------------
# Each row is one line: "row|WORK|PEER|METRIC|UNIT|BETTER|SCN,...|PEER,...|NOTE".
inside() {
	local runs=${RUNS:-3} tmp
	[ -n "$quick" ] && runs=${RUNS:-2}
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/scn-table.XXXXXX")
	# tmp is local: the trap runs after inside() has returned. It also
	# gives ksmd back its CPUs if a run ends while the KSM rows pin it
	# (ksmd_back, set there), on any exit and on Ctrl-C or a kill.
	ksmd_back=
	trap "rm -rf '$tmp'; [ -z \"\$ksmd_back\" ] || taskset -pc \$ksmd_back >/dev/null 2>&1" EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	echo "load|start|$(cut -d' ' -f1-3 /proc/loadavg)"
	local virt
	virt=$(bench_virt "$scn")
	echo "where|$(uname -r), virtualization $virt, $(nproc) CPUs"

	# Sizes: QUICK is the smallest that still measures under TCG.
	local mem=1 vcpus=2 mvcpus=4 dpmem=256M minmem=1G readers="1 4 16 32" dlmem=256M
	local ksm=100 touch=256M
	if [ -n "$quick" ]; then
		mvcpus=2 dpmem=16M minmem=16M readers="1 4" dlmem=32M ksm=8 touch=32M
	fi
	local pts=${KSM_PAGES_TO_SCAN:-10}	# ksm_tests' own default (-p)

	# Extractors: one number from a run's output on stdin.
	x_mmu12() { tr '\r' '\n' | sed -nE 's/.*run1 = *([0-9.]+)s, reset = *[0-9.]+s, run2 = *([0-9.]+)s.*/\1 \2/p' |
		tail -n 1 | awk '{ print $1 + $2 }'; }
	x_rorw() { tr '\r' '\n' | sed -nE 's/.*, ro = *([0-9.]+)s, rw = *([0-9.]+)s.*/\1 \2/p' |
		tail -n 1 | awk '{ print $1 + $2 }'; }
	x_rate() { sed -n 's/^\(Overall demand paging\|Demand paging\) rate:[[:space:]]*\([0-9.]*\).*/\2/p' | head -n 1; }
	x_populate() { sed -n 's/^Populate memory time: *\([0-9.]*\)s.*/\1/p' | head -n 1; }
	# The dirty log's figures: bench_dirty_figures' columns, "" for "-".
	x_dcol() { bench_dirty_figures | awk -v c="$1" '$c != "-" { print $c }'; }
	x_enable() { x_dcol 1; }
	x_get() { x_dcol 2; }
	x_clear() { x_dcol 3; }
	x_disable() { x_dcol 4; }
	x_dirty() { x_dcol 5; }
	x_ksm() { sed -n 's/^\(# \)\{0,1\}Total time: *\([0-9.]*\) s.*/\2/p' | head -n 1; }

	# failure_line < OUTPUT: a failed run's last line, past a selftest's
	# TAP summary ("not ok 1 ...", "# Totals: ..."), which says only that
	# it failed.
	failure_line() {
		tr '\r' '\n' | grep -Ev 'rendezvoused|^(not )?ok [0-9]|^# Totals: ' | grep . | tail -n 1
	}
	# turn NAME X CMD...: one run; its number is appended to $tmp/NAME,
	# else its failure_line to $tmp/NAME.err.
	turn() {
		local name=$1 x=$2 v
		shift 2
		"$@" >"$tmp/out" 2>&1
		v=$($x <"$tmp/out")
		if [ -n "$v" ]; then
			echo "$v" >>"$tmp/$name"
		else
			failure_line <"$tmp/out" >"$tmp/$name.err"
		fi
	}
	# turn2 NAME X NAME2 X2 CMD...: one run, two numbers from it.
	turn2() {
		local n2=$3 x2=$4 v
		turn "$1" "$2" "${@:5}"
		v=$($x2 <"$tmp/out")
		[ -n "$v" ] && echo "$v" >>"$tmp/$n2"
	}
	samples() { [ -s "$tmp/$1" ] && paste -sd, "$tmp/$1"; }
	# row WORK PEER METRIC UNIT BETTER SNAME PNAME NOTE
	row() {
		local note=$8 why=""
		[ -s "$tmp/$6" ] || why="scn failed: $(cat "$tmp/$6.err" 2>/dev/null)"
		[ -s "$tmp/$7" ] || [ -n "$why" ] || why="the peer failed: $(cat "$tmp/$7.err" 2>/dev/null)"
		# A failure comes first; the row's own note, which may say why, after it.
		[ -n "$why" ] && note="$why${note:+; $note}"
		echo "row|$1|$2|$3|$4|$5|$(samples "$6")|$(samples "$7")|$note"
	}
	# pairs PEER BIN "SCN CMD" "PEER CMD" "WORK|X"...: one run of each side
	# a turn gives every WORK its time by its extractor X (lower is better).
	pairs() {
		local peer=$1 bin=$2 scmd=$3 pcmd=$4 i j spec side v k0=$nrow
		shift 4
		if [ ! -x "$bin" ]; then
			for spec; do
				echo "row|${spec%%|*}|$peer|time|s|lower|||no $(basename "$bin") in that series, or not built (bench/peers.sh)"
			done
			return
		fi
		for ((i = 0; i < runs; i++)); do
			for side in s p; do
				if [ $side = s ]; then eval "$scmd" >"$tmp/out" 2>&1; else eval "$pcmd" >"$tmp/out" 2>&1; fi
				j=$k0
				for spec; do
					j=$((j + 1))
					v=$(${spec#*|} <"$tmp/out")
					if [ -n "$v" ]; then echo "$v" >>"$tmp/$side$j"
					else failure_line <"$tmp/out" >"$tmp/$side$j.err"; fi
				done
			done
		done
		j=$k0
		for spec; do
			j=$((j + 1))
			row "${spec%%|*}" "$peer" time s lower "s$j" "p$j" ""
		done
		nrow=$j
	}
	# pair WORK PEER METRIC UNIT BETTER X_SCN X_PEER BIN "SCN CMD" "PEER CMD" [NOTE]
	pair() {
		local i k=$((++nrow))
		if [ ! -x "$8" ]; then
			echo "row|$1|$2|$3|$4|$5|||no $(basename "$8") in that series, or not built (bench/peers.sh)"
			return
		fi
		for ((i = 0; i < runs; i++)); do
			eval "turn s$k $6 $9"
			eval "turn p$k $7 ${10}"
		done
		row "$1" "$2" "$3" "$4" "$5" "s$k" "p$k" "${11:-}"
	}
	# KSM merge, twice. Both sides time the same work, from the advice to
	# the end of the second full scan that holds their pages (ksmd's
	# ksm_start_scan/ksm_stop_scan events show it), and wait for it alike,
	# but ksm_tests polls full_scans without a pause: its mm stays live on
	# the other CPU, so each page ksmd write-protects and replaces sends
	# that CPU a TLB-shootdown IPI, where scn's waiter naps and has none
	# (in the single-threaded TCG test host each IPI waits for the other
	# vCPU's turn, ~4 ms: 16 s for 8 MiB). The first row runs both as they
	# are, its note giving those IPIs and ksmd's CPU time as measured; the
	# second pins ksmd to one CPU and runs the peer there in an autogroup
	# of nice 19: no IPI, and the poll takes little of ksmd's time. scn
	# runs as it is, unpinned: wrapped alike, at nice 19 beside a ksmd that
	# never sleeps, its waiter saw the end 50-270 ms late; napping, it
	# draws few shootdowns (7-13 a run at 8M, 58-112 at 100M).
	kp=$(pgrep -x ksmd 2>/dev/null | head -n 1)
	tlb_ipis() { awk '$1 == "TLB:" { for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) n += $i; f = 1 }
		END { if (f) print n }' /proc/interrupts 2>/dev/null; }
	ksmd_ticks() { [ -n "$kp" ] && awk '{ print $14 + $15 }' "/proc/$kp/stat" 2>/dev/null; }
	# ksm_turn NAME CMD...: a turn of x_ksm, with the TLB-shootdown IPIs
	# (x86) and ksmd's CPU ticks over it in $tmp/NAME.tlb and NAME.cpu.
	ksm_turn() {
		local name=$1 t0 c0 t1 c1
		shift
		t0=$(tlb_ipis) c0=$(ksmd_ticks)
		turn "$name" x_ksm "$@"
		t1=$(tlb_ipis) c1=$(ksmd_ticks)
		[ -n "$t0" ] && [ -n "$t1" ] && echo $((t1 - t0)) >>"$tmp/$name.tlb"
		[ -n "$c0" ] && [ -n "$c1" ] && echo $((c1 - c0)) >>"$tmp/$name.cpu"
	}
	# median FILE [DIV]: the median of FILE's numbers, each over DIV.
	median() { [ -s "$1" ] && sort -n "$1" | awk -v d="${2:-1}" '{ a[NR] = $1 / d }
		END { m = NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; print (d == 1 ? m : sprintf("%.2f s", m)) }'; }
	# ksm_cost SNAME PNAME: what each side's runs cost ksmd (medians).
	ksm_cost() {
		local hz=$(getconf CLK_TCK) c=""
		[ -s "$tmp/$1.tlb" ] && c="TLB shootdowns a run: scn $(median "$tmp/$1.tlb"), the peer $(median "$tmp/$2.tlb" || echo -); "
		[ -s "$tmp/$1.cpu" ] && c="${c}ksmd CPU: scn $(median "$tmp/$1.cpu" "$hz"), the peer $(median "$tmp/$2.cpu" "$hz" || echo -)"
		echo "$c"
	}
	# on_ksmd_cpu CMD...: CMD on CPU $kcpu in a session of its own whose
	# autogroup has nice 19 (a session's tasks share one weight, whatever
	# their own nice), and nice 19 itself where there are no autogroups.
	on_ksmd_cpu() {
		setsid -w sh -c 'echo 19 >/proc/self/autogroup 2>/dev/null; c=$1; shift; exec nice -n 19 taskset -c "$c" "$@"' \
			sh "$kcpu" "$@"
	}
	ksm_rows() {
		local i w="KSM merge ${ksm}M, pages_to_scan $pts" w1="KSM merge ${ksm}M, pts $pts, ksmd on CPU 0"
		local p1="6.12 ksm_tests -P on ksmd's CPU"
		local sc="$scn run -q -D size=${ksm}M -D pages_to_scan=$pts scenarios/ksm_merge.scn"
		local pc="$KSM_TESTS -P -s $ksm -p $pts" kcpu=0 aff why
		if [ ! -x "$KSM_TESTS" ]; then
			for i in "$w|6.12 ksm_tests -P" "$w1|$p1"; do
				echo "row|$i|time|s|lower|||no $(basename "$KSM_TESTS") in that series, or not built (bench/peers.sh)"
			done
			return
		fi
		for ((i = 0; i < runs; i++)); do
			ksm_turn km_s $sc
			ksm_turn km_p $pc
		done
		row "$w" "6.12 ksm_tests -P" time s lower km_s km_p \
			"$(ksm_cost km_s km_p): the peer polls full_scans without a pause, so its mm is live on a CPU that each merge's TLB flush must reach (next row; docs/runtime.md)"
		if [ -z "$kp" ]; then why="no ksmd to pin"
		elif ! aff=$(taskset -pc "$kp" 2>&1 | sed -n 's/.*: //p') || [ -z "$aff" ]; then why="cannot read ksmd's CPUs"
		elif ! taskset -pc "$kcpu" "$kp" >/dev/null 2>&1; then why="cannot pin ksmd (pid $kp) to CPU $kcpu"
		else why="" ksmd_back="$aff $kp"; fi
		if [ -n "$why" ]; then
			echo "row|$w1|$p1|time|s|lower|||$why"
			return
		fi
		for ((i = 0; i < runs; i++)); do
			ksm_turn km1_s $sc
			ksm_turn km1_p on_ksmd_cpu $pc
		done
		taskset -pc "$aff" "$kp" >/dev/null 2>&1
		ksmd_back=
		row "$w1" "$p1" time s lower km1_s km1_p \
			"ksmd pinned to CPU $kcpu; the peer there too, in an autogroup of nice 19, scn as it is; $(ksm_cost km1_s km1_p)"
	}
	local nrow=0 st kst s r mmu="$scn run -q -D mem=${mem}G -D slot=1G -D vcpus=$vcpus"
	local dp="$scn run -q" dps=scenarios/demand_paging.scn args ring0=
	st=""
	[ "$virt" = pvm ] && bench_flag "$KST73_DIR/mmu_stress_test" -E && st=-E
	# PVM hosts emulate ring 0, where the selftests' guests run: KVM maps
	# none of the memory they touch, so the same work there is the
	# emulator's. Rows marked "scn ring 0" run scn's guest there too.
	if [ "$virt" = pvm ] || [ "${BENCH_RING0:-${BENCH_DIRTY_RING0:-}}" = 1 ]; then
		ring0=yes
	fi
	# stress_rows SUFFIX ONCE [SCN OPTION...]: mmu_stress.scn against
	# $kst's mmu_stress_test, RUNS turns; one run of each side gives
	# run1+run2 and ro+rw (efault=forever), and where ONCE efault=once
	# takes its turn between them, against the same peer runs.
	stress_rows() {
		local sfx=$1 once=$2
		shift 2
		for ((i = 0; i < runs; i++)); do
			turn2 ms12 x_mmu12 msf x_rorw $mmu "$@" -D efault=forever scenarios/mmu_stress.scn
			turn2 mp12 x_mmu12 mprw x_rorw "$kst/mmu_stress_test" -m $mem -s 1 -c $vcpus $st
			[ -n "$once" ] && turn mso x_rorw $mmu "$@" -D efault=once scenarios/mmu_stress.scn
		done
		row "$w$sfx" "$s mmu_stress_test" time s lower ms12 mp12 ""
		cp "$tmp/ms12.err" "$tmp/msf.err" 2>/dev/null
		cp "$tmp/mp12.err" "$tmp/mprw.err" 2>/dev/null
		row "$ro=forever$sfx" "$s mmu_stress_test" time s lower msf mprw ""
		[ -n "$once" ] && row "$ro=once$sfx" "$s mmu_stress_test" time s lower mso mprw ""
		rm -f "$tmp"/ms12 "$tmp"/mp12 "$tmp"/msf "$tmp"/mprw "$tmp"/mso
	}
	for s in 6.12 7.3; do
		kst=$KST_DIR
		[ $s = 7.3 ] && kst=$KST73_DIR
		if want mmu; then
			pair "mmu_stress run1+run2 ${mem}G/$vcpus vCPUs" "$s max_guest_memory_test" time s lower x_mmu12 x_mmu12 \
				"$kst/max_guest_memory_test" "$mmu -D efault=forever scenarios/mmu_stress.scn" \
				"$kst/max_guest_memory_test -m $mem -s 1 -c $vcpus"
			local w="mmu_stress run1+run2 ${mem}G/$vcpus vCPUs" ro="mmu_stress ro+rw, efault"
			if [ ! -x "$kst/mmu_stress_test" ]; then
				for t in "$w" "$ro=forever" "$ro=once"; do
					echo "row|$t|$s mmu_stress_test|time|s|lower|||no mmu_stress_test in that series, or not built (bench/peers.sh)"
				done
			else
				stress_rows "" once
			fi
			if [ -n "$ring0" ]; then
				pair "$w, scn ring 0" "$s max_guest_memory_test" time s lower x_mmu12 x_mmu12 \
					"$kst/max_guest_memory_test" "$mmu --ring 0 -D efault=forever scenarios/mmu_stress.scn" \
					"$kst/max_guest_memory_test -m $mem -s 1 -c $vcpus"
				[ -x "$kst/mmu_stress_test" ] && stress_rows ", scn ring 0" "" --ring 0
			fi
		fi
		if want demand; then
			pair "guest MISSING 2 x $dpmem" "$s demand_paging_test" rate pages/s higher x_rate x_rate \
				"$kst/demand_paging_test" "$dp -D vcpus=2 -D per_vcpu=$dpmem $dps" \
				"$kst/demand_paging_test -u MISSING -b $dpmem -v 2"
			for r in $readers; do
				pair "MINOR shmem $mvcpus x $minmem, $r readers, epoll" "$s demand_paging_test" rate pages/s higher x_rate x_rate \
					"$kst/demand_paging_test" "$dp -D vcpus=$mvcpus -D per_vcpu=$minmem -D mode=minor -D source=shmem -D readers=$r -D wait=epoll $dps" \
					"$kst/demand_paging_test -u MINOR -s shmem -v $mvcpus -b $minmem -r $r"
			done
		fi
		if want dirty; then
			# The dirty log, with manual protect and without (-g): every
			# figure of one run, the ioctls in ring 3 on PVM hosts (ring
			# auto: docs/runtime.md on what the selftest's ring 0 maps there).
			args="-b $dlmem -v 2 -i 3" dl="$scn run -q -D per_vcpu=$dlmem -D vcpus=2 -D iterations=3"
			pairs "$s dirty_log_perf_test" "$kst/dirty_log_perf_test" "$dl scenarios/dirty_log.scn" "$kst/dirty_log_perf_test $args" \
				"dirty log populate 2 x $dlmem|x_populate" "dirty log dirty pass 2 x $dlmem|x_dirty" \
				"dirty log enable 2 x $dlmem|x_enable" "dirty log get 2 x $dlmem|x_get" \
				"dirty log clear 2 x $dlmem|x_clear" "dirty log disable 2 x $dlmem|x_disable"
			pairs "$s dirty_log_perf_test -g" "$kst/dirty_log_perf_test" "$dl -D manual=no scenarios/dirty_log.scn" "$kst/dirty_log_perf_test $args -g" \
				"dirty log enable 2 x $dlmem, -g|x_enable" "dirty log get 2 x $dlmem, -g|x_get" \
				"dirty log disable 2 x $dlmem, -g|x_disable"
			# PVM hosts emulate ring 0, and their KVM maps none of the memory
			# a guest writes there: the selftest's guest runs there, and so
			# scn's, --ring 0, in these rows (BENCH_RING0=1 asks for them on
			# any host, to try them where no PVM host is at hand).
			if [ -n "$ring0" ]; then
				pairs "$s dirty_log_perf_test" "$kst/dirty_log_perf_test" "$dl --ring 0 scenarios/dirty_log.scn" "$kst/dirty_log_perf_test $args" \
					"dirty log enable 2 x $dlmem, scn ring 0|x_enable" "dirty log clear 2 x $dlmem, scn ring 0|x_clear" \
					"dirty log disable 2 x $dlmem, scn ring 0|x_disable"
				pairs "$s dirty_log_perf_test -g" "$kst/dirty_log_perf_test" "$dl --ring 0 -D manual=no scenarios/dirty_log.scn" "$kst/dirty_log_perf_test $args -g" \
					"dirty log enable 2 x $dlmem, -g, scn ring 0|x_enable" "dirty log get 2 x $dlmem, -g, scn ring 0|x_get" \
					"dirty log disable 2 x $dlmem, -g, scn ring 0|x_disable"
			fi
		fi
	done
	# KSM, at ksm_tests' pages_to_scan: 6.12's ksm_tests (mm/, built with it).
	if want ksm; then
		ksm_rows
		sed "s/ksm.pages_to_scan = 5000/ksm.pages_to_scan = $pts/" scenarios/ksm_unmerge.scn >"$tmp/ksm_unmerge.scn"
		# ksm_tests -D merges first, polled as -P (untimed, but bound by its
		# scan limit: at 100M in the TCG test host it stops there).
		pair "KSM unmerge ${ksm}M, pages_to_scan $pts" "6.12 ksm_tests -D" time s lower x_ksm x_ksm "$KSM_TESTS" \
			"$scn run -q -D size=${ksm}M $tmp/ksm_unmerge.scn" "$KSM_TESTS -D -s $ksm -p $pts" \
			"the peer first merges as -P does, its poll bound by its scan limit (-l, 120 s)"
	fi
	want touch || { echo "load|end|$(cut -d' ' -f1-3 /proc/loadavg)"; return; }
	# First touch: the guest against the host's populate, in one scn run.
	# The same pass again, every page mapped, is the guest's own work per
	# page; the first touch less it is KVM's fault path with the host's
	# fault in it, whose count KVM's pf_taken gives (x86): the row's note
	# splits the medians per page so.
	cat >"$tmp/touch.scn" <<EOF
backing hmem type=anon size=$touch
backing mem type=anon size=$touch
vm g backing=mem vcpus=1
phase host { host madvise hmem populate_write }
phase guest { guest write }
phase again { guest write }
print "touch {guest.pages / guest.seconds:%.0f} {guest.pages / host.seconds:%.0f} {again.seconds / again.pages * 1e6:%.3f} {has(kvm.stat.pf_taken) ? guest.delta.kvm.pf_taken : -1} {guest.pages}"
EOF
	# touch_split SUFFIX [SCN OPTION...]: RUNS runs into tg, th and ta
	# SUFFIX; prints the note that splits their medians per page.
	touch_split() {
		local sfx=$1 g h a f p
		shift
		for ((i = 0; i < runs; i++)); do
			"$scn" run -q "$@" "$tmp/touch.scn" >"$tmp/out" 2>&1
			if read -r g h a f p < <(sed -n 's/^touch //p' "$tmp/out") && [ -n "$p" ]; then
				echo "$g" >>"$tmp/tg$sfx"; echo "$h" >>"$tmp/th$sfx"; echo "$a" >>"$tmp/ta$sfx"
				echo "$f $p" >"$tmp/tf$sfx"
			else
				tail -n 1 "$tmp/out" >"$tmp/tg$sfx.err"
			fi
		done
		[ -s "$tmp/tg$sfx" ] && [ -s "$tmp/th$sfx" ] || return 0
		awk -v g="$(median "$tmp/tg$sfx")" -v h="$(median "$tmp/th$sfx")" -v a="$(median "$tmp/ta$sfx")" \
			-v f="$(cat "$tmp/tf$sfx")" 'BEGIN { split(f, x, " ")
			printf "per page: host %.2f us; guest %.2f us = its writes %.2f us (the pass again) + %.2f us %s (%s)",
			1e6 / h, 1e6 / g, a, 1e6 / g - a,
			x[1] == 0 ? "of the host fault, which KVM takes writing for the guest" : "of KVM fault path and host fault",
			x[1] < 0 ? "KVM counts no pf_taken here" : x[1] " KVM page faults for " x[2] " pages" }'
	}
	local tnote
	tnote=$(touch_split "")
	row "first touch $touch, guest write" "host MADV_POPULATE_WRITE (same run)" rate pages/s higher tg th "$tnote"
	if [ -n "$ring0" ]; then
		tnote=$(touch_split 0 --ring 0)
		[ "$virt" = pvm ] && tnote="PVM emulates ring 0: KVM maps none of the memory; $tnote"
		row "first touch $touch, guest write, scn ring 0" "host MADV_POPULATE_WRITE (same run)" rate pages/s higher tg0 th0 "$tnote"
	fi
	echo "load|end|$(cut -d' ' -f1-3 /proc/loadavg)"
}

if [ "${1:-}" = --inside ]; then
	inside
	exit 0
fi

# --- outside: the route, then the table, the JSON and the picture ------------
out=${OUT:-$root/build/bench}
mkdir -p "$out"
route=${BENCH_ROUTE:-auto}
why="BENCH_ROUTE=$route"
if [ "$route" = auto ]; then
	if bench_kvm_usable "$scn"; then route=here why="this machine's /dev/kvm runs a guest"
	else route=testhost why="this machine's KVM cannot run a guest"; fi
fi
case $route in
here | testhost) ;;
*) echo "bench: BENCH_ROUTE=$route: want auto, here or testhost" >&2; exit 64 ;;
esac
if [ "${BENCH_PEERS:-}" = none ]; then
	KST_DIR=${KST_DIR:-"(no peers: BENCH_PEERS=none)"} KST73_DIR=${KST73_DIR:-$KST_DIR}
	KSM_TESTS=${KSM_TESTS:-$KST_DIR/ksm_tests}
else
	bench_peers
fi
if [ -n "$quick" ]; then
	echo "# bench: QUICK: the smallest sizes; expected about 2 minutes on a 2-CPU KVM host (a PVM host: 1.5), under 10 in the test host"
else
	echo "# bench: full sizes; expected about 20 minutes on a 2-CPU KVM host (a PVM host: 20), 60 or more in the test host (TCG); QUICK=1 for under 10"
fi
vars=(SCN="$scn" KST_DIR="$KST_DIR" KST73_DIR="$KST73_DIR" KSM_TESTS="$KSM_TESTS"
	${BENCH_RING0:+BENCH_RING0="$BENCH_RING0"} ${BENCH_DIRTY_RING0:+BENCH_DIRTY_RING0="$BENCH_DIRTY_RING0"}
	QUICK="$quick" ${RUNS:+RUNS="$RUNS"} ${ROWS:+ROWS="$ROWS"} ${KSM_PAGES_TO_SCAN:+KSM_PAGES_TO_SCAN="$KSM_PAGES_TO_SCAN"})
hload0=$(cut -d' ' -f1-3 /proc/loadavg)
if [ $route = testhost ]; then
	where="in scn's x86 test host ($kernel; $why): scn and the selftests both run there"
	env "${vars[@]}" "$scn" exec -q --timeout 7200 --kernel "$kernel" -- \
		env "${vars[@]}" bash "$0" --inside >"$out/rows" 2>"$out/rows.err"
else
	where="on this machine ($why)"
	env "${vars[@]}" bash "$0" --inside >"$out/rows" 2>"$out/rows.err"
fi
if ! grep -q '^row|' "$out/rows"; then
	echo "bench: no rows came back ($where):" >&2
	tail -n 5 "$out/rows.err" "$out/rows" >&2
	exit 1
fi

hload1=$(cut -d' ' -f1-3 /proc/loadavg)
[ $route = testhost ] || hload0=
awk -F'|' -v hl0="$hload0" -v hl1="$hload1" -v where="$where" -v json="$out/bench.json" -v res="$out/bench-result.json" '
function med(a, n,   i, j, t) {
	for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
function fmt(v, u) { return u == "s" ? sprintf("%.4g s", v) : sprintf("%.4g", v) }
function q(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
$1 == "load" { load[$2] = $3; next }
$1 == "where" { host = $2; next }
$1 == "row" {
	r = ++nr; W[r] = $2; P[r] = $3; M[r] = $4; U[r] = $5; B[r] = $6; S[r] = $7; T[r] = $8; N[r] = $9
	ns = $7 == "" ? 0 : split($7, s, ","); np = $8 == "" ? 0 : split($8, p, ",")
	NS[r] = ns; NP[r] = np
	if (ns) { MS[r] = med(s, ns); LS[r] = s[1]; HS[r] = s[ns] }
	if (np) { MP[r] = med(p, np); LP[r] = p[1]; HP[r] = p[np] }
	R[r] = (ns && np && MP[r] != 0) ? MS[r] / MP[r] : ""
}
END {
	printf "# scn against the selftests, %s\n# host: %s\n# load average where the runs are: %s at the start, %s at the end\n", where, host, load["start"], load["end"]
	if (hl0 != "")
		printf "# this machine (shared) had load average %s at the start, %s at the end\n", hl0, hl1
	printf "%-40s %-34s %-24s %-24s %5s %8s  %s\n", "work", "peer", "scn median (min-max)", "peer median (min-max)", "N", "scn/peer", "better"
	for (r = 1; r <= nr; r++) {
		a = NS[r] ? sprintf("%s (%s-%s)", fmt(MS[r], U[r]), fmt(LS[r], ""), fmt(HS[r], "")) : "-"
		b = NP[r] ? sprintf("%s (%s-%s)", fmt(MP[r], U[r]), fmt(LP[r], ""), fmt(HP[r], "")) : "-"
		printf "%-40s %-34s %-24s %-24s %2d/%-2d %8s  %s%s\n", W[r], P[r], a, b, NS[r], NP[r],
			R[r] == "" ? "-" : sprintf("%.2fx", R[r]), B[r], N[r] == "" ? "" : "  (" N[r] ")"
	}
	print "# a ratio is scn/peer of the medians: under 1.00x is scn ahead where lower is better (time), over it where higher is (rate)"
	printf "{\n  \"schema\": \"scn-bench/1\",\n  \"where\": %s,\n  \"host\": %s,\n  \"load\": {\"start\": %s, \"end\": %s, \"machine_start\": %s, \"machine_end\": %s},\n  \"rows\": [", q(where), q(host), q(load["start"]), q(load["end"]), q(hl0), q(hl1) >json
	for (r = 1; r <= nr; r++)
		printf "%s\n    {\"work\": %s, \"peer\": %s, \"metric\": %s, \"unit\": %s, \"better\": %s, \"scn\": [%s], \"peer_samples\": [%s], \"ratio\": %s, \"note\": %s}",
			(r > 1 ? "," : ""), q(W[r]), q(P[r]), q(M[r]), q(U[r]), q(B[r]), S[r], T[r], R[r] == "" ? "null" : R[r], q(N[r]) >json
	print "\n  ]\n}" >json
	# The ratios as a scn result, one phase per row that has one, for scn plot.
	printf "{\"schema\": \"scn-result/1\", \"scn_version\": \"bench\", \"started\": \"\", \"scenario\": {\"name\": \"make bench: scn/peer per work (time: lower is better, rate: higher)\", \"file\": \"bench\", \"hash\": \"\", \"params\": {}},\n \"command\": {\"repeat\": 1, \"warmup\": 0, \"defines\": [], \"sweeps\": []}, \"status\": \"pass\", \"exit_code\": 0, \"skip_reason\": null,\n \"points\": [{\"index\": 1, \"params\": {}, \"swept\": {}, \"status\": \"pass\", \"runs\": 1, \"output\": [], \"errors\": [], \"warnings\": [], \"phases\": [" >res
	k = 0
	for (r = 1; r <= nr; r++) {
		if (R[r] == "") continue
		printf "%s\n  {\"name\": %s, \"ran\": true, \"failed\": false, \"metrics\": {\"ratio\": {\"unit\": \"x\", \"better\": %s, \"n\": 1, \"samples\": [%s], \"outliers\": [], \"min\": %s, \"median\": %s, \"mean\": %s, \"max\": %s, \"stddev\": 0}}}",
			(k++ ? "," : ""), q(W[r] " / " P[r]), q(B[r]), R[r], R[r], R[r], R[r], R[r] >res
	}
	print "]}], \"table\": null}" >res
}' "$out/rows" | tee "$out/bench.txt"

if command -v gnuplot >/dev/null 2>&1; then
	if "$scn" plot "$out/bench-result.json" --metric ratio -o "$out/bench.svg" >/dev/null 2>"$out/plot.err"; then
		echo "# picture: $out/bench.svg (scn plot: scn/peer per work, 1.0 marked)"
	else
		echo "# picture: scn plot failed: $(tail -n 1 "$out/plot.err")"
	fi
fi
echo "# rows: $out/bench.txt, $out/bench.json"
