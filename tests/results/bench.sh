#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The bench's plumbing against fake peers, in seconds, with no
# KVM and no network: bench_flag finds a flag in a selftest's usage (asked
# with an option no selftest has, since some take -h with an argument) and
# not a flag it lacks; bench_peers with KST_DIR set takes every peer from
# there and runs nothing, bench_cross_peers likewise with KST_ARM64_DIR
# and KST_RISCV64_DIR; bench_inside_args gives a test host's peer -c, -m
# and -s in MiB or GiB as its usage says, or says it cannot; bench/peers.sh with an scn whose kernel --list
# names no apt configuration fails with its reason, exit 1; bench/ names
# no machine's folder; bench/table.sh on fake peers by both routes, and
# its ROWS.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
root=$PWD
. bench/lib.sh

# A peer whose getopt takes -h with an argument, like mmu_stress_test.
cat >"$TMP/peer" <<'PEER'
#!/bin/sh
case $1 in
-h) echo "peer: option requires an argument -- 'h'" >&2; exit 1 ;;
*) echo "usage: peer [-c nr_vcpus] [-m max_mem_in_gb] [-H] [-E]"; exit 1 ;;
esac
PEER
chmod +x "$TMP/peer"
if bench_flag "$TMP/peer" -E; then ok "bench_flag: -E from the usage"; else fail "bench_flag" "no -E in '[-H] [-E]'"; fi
if bench_flag "$TMP/peer" -M; then fail "bench_flag" "-M found where the usage has none"; else ok "bench_flag: no -M"; fi
if bench_flag "$TMP/missing" -E; then fail "bench_flag" "a missing binary offers -E"; else ok "bench_flag: a missing binary offers nothing"; fi

(KST_DIR=$TMP/kvm; bench_peers; [ "$KST73_DIR" = "$TMP/kvm" ] && [ "$KSM_TESTS" = "$TMP/kvm/../mm/ksm_tests" ]) &&
	ok "bench_peers: KST_DIR names every peer" || fail "bench_peers" "KST_DIR did not name every peer"

# The test hosts' peers: one named by the caller is taken as it is, and
# nothing is built (bench/peers.sh would need the archive).
(KST_ARM64_DIR=$TMP/a64 KST_RISCV64_DIR=$TMP/rv; bench_cross_peers arm64; bench_cross_peers riscv64
	[ "$KST_ARM64_DIR" = "$TMP/a64" ] && [ "$KST_RISCV64_DIR" = "$TMP/rv" ]) &&
	ok "bench_cross_peers: KST_ARM64_DIR and KST_RISCV64_DIR win" || fail "bench_cross_peers" "an override lost"

# bench_inside_args: the options a test host's script gives the peer,
# from its usage alone, run here by dash as busybox's sh would run it.
# inside USAGE MEM SLOT: the script's $args (and its kst-skip line).
inside() {
	printf '#!/bin/sh\necho "%s"; exit 1\n' "$1" >"$TMP/xpeer"
	chmod +x "$TMP/xpeer"
	{ bench_inside_args "$TMP/xpeer" 2 "$2" "$3"; echo 'echo "args=$args"'; } >"$TMP/in.sh"
	sh "$TMP/in.sh" | grep -v '^usage: ' | tr '\n' ' '
}
mib='usage: t [-c nr_vcpus] [-m max_mem_in_gb|SIZE[KMG]] [-s slot_size_in_gb|SIZE[KMG]] [-H]'
gb='usage: t [-c nr_vcpus] [-m max_mem_in_gb] [-s slot_size_in_gb] [-H]'
for c in "$mib;32M;16M;args=-c 2 -m 32M -s 16M " "$gb;1;1;args=-c 2 -m 1 -s 1 " \
	"$gb;2G;1G;args=-c 2 -m 2 -s 1 " \
	"$gb;32M;16M;kst-skip: its usage offers no -c, -m and -s for 2 vCPUs, 32M and 16M args=no " \
	"usage: t [-m max_mem_in_gb];1;1;kst-skip: its usage offers no -c, -m and -s for 2 vCPUs, 1 and 1 args=no "; do
	IFS=';' read -r u m sl want <<<"$c"
	got=$(inside "$u" "$m" "$sl")
	[ "$got" = "$want" ] && ok "bench_inside_args: $m, $sl from '${u#usage: t }'" ||
		fail "bench_inside_args" "$m, $sl from '$u': got '$got', want '$want'"
done

printf '#!/bin/sh\necho "no header"\n' >"$TMP/scn"
chmod +x "$TMP/scn"
SCN=$TMP/scn bench/peers.sh 7.3 >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc = 1 ] && [ ! -s "$TMP/out" ] && grep -q "names no apt configuration" "$TMP/err"; then
	ok "peers.sh: no apt configuration, exit 1 with its reason"
else
	fail "peers.sh" "exit $rc, stdout '$(cat "$TMP/out")', stderr '$(cat "$TMP/err")'"
fi

# bench/peers.sh picks a host kind's patches from scn features and applies
# each to the files its +++ lines name: a fake series 7.3 whose make does
# nothing, with only the 4-levels patch's file. Where KVM refuses
# CR4.LA57 (la57_taken false) the library is patched; where it takes it
# the next build puts the file back as it was; a series without that file
# (6.12's library is lib/x86_64/) gets nothing.
fake_series() { # SERIES: a source tree whose make builds nothing
	local src=$TMP/kc/selftests/linux-source-$1
	mkdir -p "$src/tools/testing/selftests/kvm/lib/x86" "$src/tools/testing/selftests/mm"
	printf 'headers:\n\t@true\n' >"$src/Makefile"
	printf 'all:\n%%:\n\t@true\n' >"$src/tools/testing/selftests/kvm/Makefile"
	printf 'all:\n%%:\n\t@true\n' >"$src/tools/testing/selftests/mm/Makefile"
}
fake_series 7.3
fake_series 6.12
rmdir "$TMP/kc/selftests/linux-source-6.12/tools/testing/selftests/kvm/lib/x86"
proc=$TMP/kc/selftests/linux-source-7.3/tools/testing/selftests/kvm/lib/x86/processor.c
sed -n 's/^[ -]//p' bench/patches/processor-4-levels.patch | grep -v '^-- a/' >"$proc"
cp "$proc" "$TMP/proc.pristine"
mkdir -p "$TMP/kc/apt" && touch "$TMP/kc/apt/sources.list"
for taken in false true; do
	cat >"$TMP/pscn" <<PSCN
#!/bin/sh
case \$1 in
kernel) echo "# Debian's archive (\$(dirname "\$0")/kc/apt; asked again after a day)" ;;
features) if [ "\$2" = --json ]; then echo '{"guest_va": {"kvm_bits": 57, "kvm_la57": true, "la57_taken": $taken}}'
	  else echo "  virtualization     svm"; echo "  kvm      usable"; fi ;;
esac
PSCN
	chmod +x "$TMP/pscn"
	SCN=$TMP/pscn bench/peers.sh 7.3 6.12 >"$TMP/out" 2>"$TMP/err"
	rc=$?
	applied=$(grep -c 'applying bench/patches/processor-4-levels.patch' "$TMP/err")
	if [ $taken = false ]; then
		if [ $rc = 0 ] && [ "$applied" = 1 ] &&
		   grep -q 'linux-source-7.3: applying bench/patches/processor-4-levels.patch' "$TMP/err" &&
		   grep -q '^		\*va_bits = 48;$' "$proc" && grep -q '^7.3 ' "$TMP/out" && grep -q '^6.12 ' "$TMP/out"; then
			ok "peers.sh: KVM refuses CR4.LA57: the 7.3 library gets 4 levels, 6.12 (no such file) nothing"
		else
			fail "peers.sh: la57 refused" "exit $rc, applied $applied times: $(tr '\n' ' ' <"$TMP/err")"
		fi
	elif [ $rc = 0 ] && [ "$applied" = 0 ] && cmp -s "$proc" "$TMP/proc.pristine"; then
		ok "peers.sh: KVM takes CR4.LA57: the library is rebuilt as Debian ships it"
	else
		fail "peers.sh: la57 taken" "exit $rc, applied $applied times, file pristine: $(cmp -s "$proc" "$TMP/proc.pristine" && echo yes || echo no)"
	fi
done

if grep -rnE '(^|[^a-z])/(work|home)/' bench/ >"$TMP/paths"; then
	fail "bench/" "a machine's path: $(head -n 1 "$TMP/paths")"
else
	ok "bench/ names no machine's folder"
fi

# bench/table.sh, both routes, against a fake scn and fake peers: with
# BENCH_ROUTE=testhost the rows come through `scn exec --kernel` and the
# header says so; with "here" no exec; a peer that is missing is a row
# saying why; bench.json holds every row; a bad route is a usage error.
mkdir -p "$TMP/kst/kvm" "$TMP/kst/mm"
cat >"$TMP/fscn" <<'FAKE'
#!/bin/bash
case $1 in
features) echo "virtualization svm"; echo "  kvm      unusable" ;;
exec) echo "exec $*" >>"$FAKE_LOG"; while [ "$1" != -- ]; do shift; done; shift; exec "$@" ;;
plot) exit 0 ;;
run) case ${!#} in
	*mmu_stress*) echo "run1 = 1.0s, reset = 0.001s, run2 = 1.0s, ro = 0.5s, rw = 0.5s" ;;
	*demand_paging*) echo "Overall demand paging rate: 2000.0 pgs/sec" ;;
	*dirty_log*) echo "Populate memory time: 0.5s"; echo "Enabling dirty logging time: 0.001s"
		echo "Iteration 2 dirty memory time: 0.1s"; echo "Disabling dirty logging time: 0.002s"
		echo "Get dirty log over 2 iterations took 0.2s. (Avg 0.1s/iteration)"
		case " $* " in *" manual=no "*) ;; *) echo "Clear dirty log over 2 iterations took 0.2s. (Avg 0.1s/iteration)" ;; esac ;;
	*ksm*) echo "Total time:    0.25 s" ;;
	*touch*) case " $* " in *" --ring 0 "*) echo "touch 500 1000 0.500 0 1024" ;; *) echo "touch 700 1000 0.050 1026 1024" ;; esac ;;
	esac ;;
esac
FAKE
cat >"$TMP/kst/kvm/peer" <<'FAKE'
#!/bin/bash
case ${0##*/} in
max_guest_memory_test) echo "run1 = 2.0s, reset = 0.001s, run2 = 2.0s" ;;
demand_paging_test) echo "Overall demand paging rate: 1000.0 pgs/sec" ;;
dirty_log_perf_test) echo "Populate memory time: 1.0s"; echo "Enabling dirty logging time: 0.004s"
	echo "Iteration 2 dirty memory time: 0.2s"; echo "Disabling dirty logging time: 0.001s"
	echo "Get dirty log over 2 iterations took 0.4s. (Avg 0.2s/iteration)"
	case " $* " in *" -g "*) ;; *) echo "Clear dirty log over 2 iterations took 0.8s. (Avg 0.4s/iteration)" ;; esac ;;
ksm_tests) [ -n "${FAKE_PEER_FAIL:-}" ] && { printf '# Scan time limit exceeded\nnot ok 1 KSM merge time\n# Totals: pass:0 fail:1\n'; exit 1; }
	echo "# Total time:    0.5 s" ;;
esac
FAKE
chmod +x "$TMP/fscn" "$TMP/kst/kvm/peer"
for t in max_guest_memory_test demand_paging_test dirty_log_perf_test; do ln -s peer "$TMP/kst/kvm/$t"; done
ln -s ../kvm/peer "$TMP/kst/mm/ksm_tests"
export FAKE_LOG=$TMP/log
for route in testhost here; do
	: >"$FAKE_LOG"
	SCN=$TMP/fscn KST_DIR=$TMP/kst/kvm QUICK=1 RUNS=1 BENCH_ROUTE=$route OUT=$TMP/out.$route \
		bench/table.sh >"$TMP/table.$route" 2>&1
	rc=$?
	case $route in
	testhost) want="in scn's x86 test host" ;;
	here) want="on this machine" ;;
	esac
	if [ $rc = 0 ] && grep -q "^# scn against the selftests, $want" "$TMP/table.$route" &&
	   grep -Eq '^dirty log populate .* 1/1 +0\.50x  lower$' "$TMP/table.$route" &&
	   grep -q 'mmu_stress_test .*(no mmu_stress_test in that series' "$TMP/table.$route" &&
	   python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert len(d["rows"]) > 20 and d["load"]["end"]' \
		"$TMP/out.$route/bench.json"; then
		ok "table.sh BENCH_ROUTE=$route: the header says where, ratios, a missing peer's row, bench.json"
	else
		fail "table.sh BENCH_ROUTE=$route" "exit $rc: $(head -n 3 "$TMP/table.$route" | tr '\n' ' ')"
	fi
	if [ $route = testhost ]; then
		grep -q -- 'exec -q --timeout [0-9]* --kernel debian:6.12 -- ' "$FAKE_LOG" &&
			ok "table.sh: the test-host route runs the rows through scn exec --kernel" ||
			fail "table.sh" "no scn exec --kernel: $(cat "$FAKE_LOG")"
	else
		[ ! -s "$FAKE_LOG" ] && ok "table.sh: the route here runs no test host" ||
			fail "table.sh" "BENCH_ROUTE=here ran $(cat "$FAKE_LOG")"
	fi
done
# ROWS=ksm: the KSM rows alone, the merge row twice (as they are, and
# the peer on ksmd's CPU) with what each side cost ksmd where this machine has one.
SCN=$TMP/fscn KST_DIR=$TMP/kst/kvm QUICK=1 RUNS=1 BENCH_ROUTE=here OUT=$TMP/out.ksm ROWS=ksm \
	bench/table.sh >"$TMP/table.ksm" 2>&1
rc=$?
n=$(grep -c '^KSM ' "$TMP/table.ksm")
if [ $rc = 0 ] && [ "$n" = 3 ] && ! grep -Eq '^(mmu_stress|guest|MINOR|dirty|first)' "$TMP/table.ksm" &&
   grep -Eq "^KSM merge 8M, pages_to_scan 10 .* 0\.50x  lower  \(.*the peer polls full_scans" "$TMP/table.ksm" &&
   grep -Eq "^KSM merge 8M, pts 10, ksmd on CPU 0 +6\.12 ksm_tests -P on ksmd's CPU .*  lower  \((ksmd pinned to CPU 0|no ksmd to pin|cannot)" "$TMP/table.ksm"; then
	ok "table.sh ROWS=ksm: the KSM rows alone, the merge row as it is and with the peer on ksmd's CPU, with notes"
else
	fail "table.sh ROWS=ksm" "exit $rc, $n KSM rows: $(grep -v '^#' "$TMP/table.ksm" | tr '\n' ' ')"
fi
# ROWS=dirty: every figure of one run of each side a turn, by its own row;
# a mode without a clear has none; ring 0's rows only where asked (or PVM).
for r0 in "" 1; do
	SCN=$TMP/fscn KST_DIR=$TMP/kst/kvm QUICK=1 RUNS=1 BENCH_ROUTE=here ROWS=dirty BENCH_DIRTY_RING0=$r0 \
		OUT=$TMP/out.dirty bench/table.sh >"$TMP/table.dirty$r0" 2>&1
done
t=$TMP/table.dirty
if grep -Eq '^dirty log enable 2 x 32M +6\.12 dirty_log_perf_test .* 0\.25x  lower$' "$t" &&
   grep -Eq '^dirty log get 2 x 32M +6\.12 .* 0\.50x  lower$' "$t" &&
   grep -Eq '^dirty log clear 2 x 32M +7\.3 .* 0\.25x  lower$' "$t" &&
   grep -Eq '^dirty log disable 2 x 32M, -g +7\.3 dirty_log_perf_test -g .* 2\.00x  lower$' "$t" &&
   ! grep -q '^dirty log clear 2 x 32M, -g' "$t" && ! grep -q 'scn ring 0' "$t" &&
   [ "$(grep -c '^dirty log' "$t")" = 18 ] && [ "$(grep -c 'scn ring 0' "${t}1")" = 12 ]; then
	ok "table.sh ROWS=dirty: the ioctls' rows with and without manual protect, ring 0's where asked"
else
	fail "table.sh ROWS=dirty" "$(grep '^dirty' "$t" | head -n 4 | tr '\n' ' ')"
fi

# ROWS=mmu,touch with BENCH_RING0=1 (PVM hosts have it always): the mmu
# rows again with scn's guest at ring 0, where the selftests' guests run;
# the first touch split per page by the pass again and KVM's page faults.
SCN=$TMP/fscn KST_DIR=$TMP/kst/kvm QUICK=1 RUNS=1 BENCH_ROUTE=here ROWS=mmu,touch BENCH_RING0=1 \
	OUT=$TMP/out.r0 bench/table.sh >"$TMP/table.r0" 2>&1
t=$TMP/table.r0
if grep -Eq '^mmu_stress run1\+run2 1G/2 vCPUs, scn ring 0 +6\.12 max_guest_memory_test .* 0\.50x  lower$' "$t" &&
   grep -Eq '^first touch 32M, guest write +host MADV_POPULATE_WRITE .* 0\.70x  higher  \(per page: host 1000\.00 us; guest 1428\.57 us = its writes 0\.05 us \(the pass again\) \+ 1428\.52 us of KVM fault path and host fault \(1026 KVM page faults for 1024 pages\)\)$' "$t" &&
   grep -Eq '^first touch 32M, guest write, scn ring 0 .* 0\.50x  higher  \(per page: .* \+ 1999\.50 us of the host fault, which KVM takes writing for the guest \(0 KVM page faults' "$t" &&
   ! grep -q '^dirty' "$t"; then
	ok "table.sh BENCH_RING0=1: mmu rows at scn's ring 0 too; first touch split per page, at either ring"
else
	fail "table.sh BENCH_RING0=1" "$(grep -E '^(mmu|first)' "$t" | tr '\n' ' ')"
fi

# A peer that fails: the row says so first (its last line before the TAP
# summary), then its own note.
SCN=$TMP/fscn KST_DIR=$TMP/kst/kvm QUICK=1 RUNS=1 BENCH_ROUTE=here OUT=$TMP/out.ksmf ROWS=ksm FAKE_PEER_FAIL=1 \
	bench/table.sh >"$TMP/table.ksmf" 2>&1
grep -Eq "^KSM merge 8M, pages_to_scan 10 .* -  .*\(the peer failed: # Scan time limit exceeded; .*the peer polls full_scans" "$TMP/table.ksmf" &&
	grep -Eq "^KSM unmerge 8M.*\(the peer failed: # Scan time limit exceeded; the peer first merges" "$TMP/table.ksmf" &&
	ok "table.sh: a failed peer's row gives the failure, then the row's note" ||
	fail "table.sh" "a failed peer: $(grep '^KSM' "$TMP/table.ksmf" | tr '\n' ' ')"
ROWS=ksm,bogus SCN=$TMP/fscn KST_DIR=$TMP/kst/kvm bench/table.sh >/dev/null 2>"$TMP/err"
[ $? = 64 ] && grep -q "ROWS: 'bogus': want mmu, demand, dirty, ksm or touch" "$TMP/err" &&
	ok "table.sh: an unknown ROWS group is a usage error" || fail "table.sh" "ROWS=ksm,bogus: $(cat "$TMP/err")"
BENCH_ROUTE=bogus SCN=$TMP/fscn KST_DIR=$TMP/kst/kvm bench/table.sh >/dev/null 2>"$TMP/err"
[ $? = 64 ] && grep -q 'want auto, here or testhost' "$TMP/err" &&
	ok "table.sh: an unknown BENCH_ROUTE is a usage error" || fail "table.sh" "BENCH_ROUTE=bogus: $(cat "$TMP/err")"
