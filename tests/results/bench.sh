#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The bench's plumbing against fake peers, in well under a second, with no
# KVM and no network: bench_flag finds a flag in a selftest's usage (asked
# with an option no selftest has, since some take -h with an argument) and
# not a flag it lacks; bench_peers with KST_DIR set takes every peer from
# there and runs nothing; bench/peers.sh with an scn whose kernel --list
# names no apt configuration fails with its reason, exit 1; bench/ names
# no machine's folder.
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

printf '#!/bin/sh\necho "no header"\n' >"$TMP/scn"
chmod +x "$TMP/scn"
SCN=$TMP/scn bench/peers.sh 7.3 >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc = 1 ] && [ ! -s "$TMP/out" ] && grep -q "names no apt configuration" "$TMP/err"; then
	ok "peers.sh: no apt configuration, exit 1 with its reason"
else
	fail "peers.sh" "exit $rc, stdout '$(cat "$TMP/out")', stderr '$(cat "$TMP/err")'"
fi

if grep -rnE '(^|[^a-z])/(work|home)/' bench/ >"$TMP/paths"; then
	fail "bench/" "a machine's path: $(head -n 1 "$TMP/paths")"
else
	ok "bench/ names no machine's folder"
fi
