#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make seeds: the seed experiments of docs/seeds.md, from real runs in the
# test host (and on this machine's KVM where it runs a guest), at the
# sizes the chapter gives. Writes the results (JSON), the seeds' tables
# and compare's output into OUT (build/seeds), and the pictures into SVG
# (docs/seeds). About 28 minutes on 2 cores under TCG. The results the
# docs' 7.x rows and trend table come from are kept, small, in KEEP
# (tests/seeds/results), where tests/seeds/docs.sh holds the docs to them.
#
#   seeds/run.sh [--out DIR] [--svg DIR] [--keep DIR] [--redraw] [--only GLOB] [000] [002] [003] [gmem]
#
# (default: all four; gmem is the seeds asked of guest_memfd in 7.3). --redraw runs nothing: the tables and pictures
# are made again from the results in OUT. --only GLOB (again for more)
# runs only the runs whose result's name matches a GLOB (--only
# 'seed00?-7.3*.json': the 7.3 rows) and takes the others from OUT as
# --redraw does: one row measured again without all the others.
# SCN picks the binary (default ./scn).
cd "$(dirname "$0")/.." || exit 2
SCN=${SCN:-./scn}
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac
OUT=build/seeds
SVG=docs/seeds
KEEP=tests/seeds/results
REDRAW=0
ONLY=()
which=()
while [ $# -gt 0 ]; do
	case $1 in
	--out) OUT=$2; shift 2 ;;
	--svg) SVG=$2; shift 2 ;;
	--keep) KEEP=$2; shift 2 ;;
	--redraw) REDRAW=1; shift ;;
	--only) ONLY+=("$2"); shift 2 ;;
	000|002|003|gmem) which+=("$1"); shift ;;
	*) echo "usage: seeds/run.sh [--out DIR] [--svg DIR] [--keep DIR] [--redraw] [--only GLOB] [000] [002] [003] [gmem]" >&2; exit 64 ;;
	esac
done
[ ${#which[@]} = 0 ] && which=(000 002 003 gmem)
mkdir -p "$OUT" "$SVG" "$KEEP" || exit 73

# run FILE ARGS...: scn run, its result in OUT/FILE; what it says on stderr
# goes to OUT/FILE.log. A skip or a failure is a result too.
run() {
	local file=$1 start rc
	shift
	[ $REDRAW = 1 ] && return
	if [ ${#ONLY[@]} -gt 0 ]; then
		local g hit=0
		# shellcheck disable=SC2053 # GLOB is a pattern
		for g in "${ONLY[@]}"; do [[ $file == $g ]] && hit=1; done
		[ $hit = 1 ] || return
	fi
	echo "seeds: scn run $*" >&2
	start=$(date +%s)
	"$SCN" run -q --format json -o "$OUT/$file" "$@" 2>"$OUT/$file.log"
	rc=$?
	echo "seeds: exit $rc after $(($(date +%s) - start)) s -> $OUT/$file" >&2
}

# have FILE...: the results of FILE... that are in OUT (with --only, the
# runs not made now may be missing: a table is made of the others).
have() {
	local f
	for f in "$@"; do [ -e "$f" ] && echo "$f"; done
}

# report SEED FILE...: seeds/report.py's table of the results there are.
report() {
	local seed=$1
	shift
	mapfile -t got < <(have "$@")
	[ ${#got[@]} -gt 0 ] && python3 seeds/report.py "$seed" "${got[@]}"
}

# keep FILE [--all]: the result as docs/seeds.md's figures were made of
# it, into KEEP (what the tables read; --all every metric, for compare).
keep() {
	[ -e "$OUT/$1" ] || return 0
	python3 seeds/report.py keep $2 "$OUT/$1" "$KEEP/$1" && echo "seeds: kept $KEEP/$1" >&2
}

# plot NAME.svg ARGS...: scn plot into SVG, where the results have samples;
# not where one is missing (a picture of part of them would replace one
# of all).
plot() {
	local name=$1 a
	shift
	for a in "$@"; do
		if [[ $a == *.json && ! -e $a ]]; then
			echo "seeds: $SVG/$name not drawn: no $a" >&2
			return
		fi
	done
	"$SCN" plot "$@" -o "$SVG/$name" && echo "seeds: drew $SVG/$name" >&2
}

seed000() {
	# Guest memory 256M on a 64M memfd, 2 vCPUs, 300 passes (the scenario's
	# defaults); two NUMA nodes. 6.1 also with private memory (type=anon).
	run seed000-6.12.json --kernel debian:6.12 --nodes 2 scenarios/numa_balancing_zaps.scn
	run seed000-6.12-full.json --kernel debian:6.12 --nodes 2 --append preempt=full \
		scenarios/numa_balancing_zaps.scn
	run seed000-6.1.json --kernel debian:6.1 --nodes 2 --sweep type=memfd,anon \
		scenarios/numa_balancing_zaps.scn
	run seed000-6.12-rt.json --kernel debian:6.12-rt --nodes 2 scenarios/numa_balancing_zaps.scn
	# The newest upstream release Debian ships (issue 27): the scan of a
	# memfd without a policy of its own is still there.
	run seed000-7.3.json --kernel debian:7.3 --nodes 2 scenarios/numa_balancing_zaps.scn
	report 000 "$OUT"/seed000-6.12.json "$OUT"/seed000-6.12-full.json \
		"$OUT"/seed000-6.1.json "$OUT"/seed000-6.12-rt.json "$OUT"/seed000-7.3.json |
		tee "$OUT/seed000.txt"
	keep seed000-7.3.json
	# One kernel booted twice, once with preempt=full: what a boot makes
	# differ (the memory left, the knobs) is the kernel's.
	plot seed000-6.12.svg --across kernel --metric time "$OUT"/seed000-6.12.json \
		"$OUT"/seed000-6.12-full.json
	plot seed000-6.12-ptes.svg --across kernel --metric delta.vmstat.numa_pte_updates \
		"$OUT"/seed000-6.12.json "$OUT"/seed000-6.12-full.json
	plot seed000-6.1.svg --metric time "$OUT"/seed000-6.1.json
	plot seed000-6.1-ptes.svg --metric delta.vmstat.numa_pte_updates "$OUT"/seed000-6.1.json
	plot seed000-7.3.svg --metric time "$OUT"/seed000-7.3.json
	plot seed000-7.3-ptes.svg --metric delta.vmstat.numa_pte_updates "$OUT"/seed000-7.3.json
}

seed002() {
	# The seed's comparison at 256M on 64M slots, 2 vCPUs, with each vCPU
	# timing its accesses; here where this machine's KVM runs a guest.
	local args=(-D mem=256M -D slot=64M -D vcpus=2 -D latency=yes
		    --sweep efault=once,forever scenarios/mmu_stress.scn)
	run seed002-local.json "${args[@]}"
	run seed002-6.12.json --kernel debian:6.12 "${args[@]}"
	# The other architecture: Debian's arm64 6.12, KVM in VHE mode, under
	# qemu-system-aarch64 (the arm64 scn of this tree: make aarch64).
	run seed002-6.12-arm64.json --kernel debian:6.12-arm64 "${args[@]}"
	# arm64 with 4 KiB and 16 KiB base pages, one upstream release: the
	# same bytes are a quarter of the pages, and of the faults (issue 27).
	run seed002-7.3-arm64.json --kernel debian:7.3-arm64 "${args[@]}"
	run seed002-7.3-arm64-16k.json --kernel debian:7.3-arm64-16k "${args[@]}"
	# The third architecture: trixie's riscv64 6.12 under
	# qemu-system-riscv64, KVM on the H extension (make riscv64; issue 31).
	run seed002-6.12-riscv64.json --kernel debian:6.12-riscv64 "${args[@]}"
	report 002 "$OUT"/seed002-local.json "$OUT"/seed002-6.12.json \
		"$OUT"/seed002-6.12-arm64.json "$OUT"/seed002-7.3-arm64.json \
		"$OUT"/seed002-7.3-arm64-16k.json "$OUT"/seed002-6.12-riscv64.json |
		tee "$OUT/seed002.txt"
	keep seed002-7.3-arm64.json
	keep seed002-7.3-arm64-16k.json
	keep seed002-6.12-riscv64.json
	# x86, arm64 and riscv64 in test hosts of one kind, side by side:
	# --across arch. This machine's KVM is another machine: compare
	# refuses it beside a test host, and so does plot. A picture of its own.
	plot seed002.svg --across arch --metric time "$OUT"/seed002-6.12.json \
		"$OUT"/seed002-6.12-arm64.json "$OUT"/seed002-6.12-riscv64.json
	plot seed002-local.svg --metric time "$OUT"/seed002-local.json
	plot seed002-pages.svg --across kernel --metric time "$OUT"/seed002-7.3-arm64.json \
		"$OUT"/seed002-7.3-arm64-16k.json
}

seed003() {
	# 64M of duplicate pages merged and unmerged, five runs per kernel.
	run seed003-6.1.json --kernel debian:6.1 --repeat 5 -D size=64M scenarios/ksm_unmerge.scn
	run seed003-6.12.json --kernel debian:6.12 --repeat 5 -D size=64M scenarios/ksm_unmerge.scn
	report 003 "$OUT"/seed003-6.1.json "$OUT"/seed003-6.12.json | tee "$OUT/seed003.txt"
	# Its exit code says whether it found a difference: not this script's.
	[ -e "$OUT"/seed003-6.1.json ] && [ -e "$OUT"/seed003-6.12.json ] &&
		"$SCN" compare --across kernel "$OUT"/seed003-6.1.json "$OUT"/seed003-6.12.json |
		tee "$OUT/seed003-compare.txt"
	plot seed003.svg --across kernel --metric speed "$OUT"/seed003-6.1.json \
		"$OUT"/seed003-6.12.json
	# The question "where did it change": one run whose points are four
	# kernels, one test host after another (the kernel axis), its trend
	# table and the kernels in order along x.
	run seed003-kernels.json --kernel debian:6.1,debian:6.12,debian:7.0,debian:7.3 \
		--repeat 5 -D size=64M scenarios/ksm_unmerge.scn
	report 003 "$OUT"/seed003-kernels.json | tee "$OUT/seed003-kernels.txt"
	keep seed003-kernels.json --all
	# The trend table as docs/seeds.md shows it: from the kept result, by
	# its name alone (tests/seeds/docs.sh makes it so again); the seed's
	# rate judged alone (the correction over its three steps), every
	# metric shown.
	[ -e "$KEEP"/seed003-kernels.json ] &&
		(cd "$KEEP" && "$SCN" compare --across kernel --all --metric unmerge.speed \
			seed003-kernels.json) |
		tee "$OUT/seed003-trend.txt"
	plot seed003-kernels.svg --metric speed "$OUT"/seed003-kernels.json
}

seedgmem() {
	# The seeds asked of guest_memfd (docs/seeds.md, "guest_memfd"), in
	# 7.3: the kernel here with guest_memfd for a default VM (mmap,
	# init_shared); 6.12 has none. Seed 002 at the size of its memfd rows
	# (256M in four slots, 2 vCPUs), the others at their scenarios' own.
	run seed000-gmem-7.3.json --kernel debian:7.3 --nodes 2 scenarios/gmem_numa_balancing_zaps.scn
	run seed002-gmem-7.3.json --kernel debian:7.3 scenarios/gmem_mmu_stress.scn
	run gmem-demand-paging-7.3.json --kernel debian:7.3 scenarios/gmem_demand_paging.scn
	run gmem-policy-7.3.json --kernel debian:7.3 --nodes 2 scenarios/gmem_policy.scn
	{
		report 000 "$OUT"/seed000-7.3.json "$OUT"/seed000-gmem-7.3.json
		echo
		report kvm "$OUT"/seed000-gmem-7.3.json
		echo
		report 002 "$OUT"/seed002-gmem-7.3.json
		echo
		report kvm "$OUT"/seed002-gmem-7.3.json
		echo
		report kvm "$OUT"/gmem-demand-paging-7.3.json
		echo
		report policy "$OUT"/gmem-policy-7.3.json
	} | tee "$OUT/seed-gmem.txt"
	keep seed000-gmem-7.3.json
	keep seed002-gmem-7.3.json
	keep gmem-demand-paging-7.3.json
	keep gmem-policy-7.3.json
}

for s in "${which[@]}"; do
	"seed$s"
done
