#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The test host (docs/testhost.md): Debian's 6.12 kernel booted under QEMU
# with this machine's root, eight boots in all (nine on a one-node
# machine, where --or-kernel moves a scenario on node 1 into one): KVM usable inside; a
# scenario's JSON result of the same shape as a local run's, with a region
# on node 1 of two nodes and knobs set inside but not outside; exit codes
# 1 and 4 carried out; a panic caught with its lines; a kernel WARN told
# as a warning; a hang stopped by
# --timeout; a command's output, directory, environment and exit code,
# with guest RAM never offered to this machine's KSM. Without QEMU, a
# SKIP. SCN_TEST_KERNEL picks another kernel (default debian:6.12).
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
. tests/testhost/lib.sh
K=${SCN_TEST_KERNEL:-debian:6.12}
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac

# --- no QEMU: a SKIP with the reason, no boot ------------------------------
SCN_QEMU=/nonexistent/qemu "$SCN" exec -q --kernel "$K" -- true >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc = 4 ] && grep -q 'SKIP: the test host cannot run here: /nonexistent/qemu is not installed' "$TMP/err"; then
	ok "no QEMU: SKIP with the reason"
else
	fail "no QEMU: SKIP with the reason" "exit $rc"; show
fi

# --- boot: KVM inside --------------------------------------------------------
if th "features --kernel: kvm usable" features -q --kernel "$K"; then
	# kvm_amd in the test host: an EFAULT with rip on the access.
	if [ $rc = 0 ] && grep -Eq '^  kvm +usable$' "$TMP/out" &&
	   grep -Eq '^  guest faults +KVM_RUN -EFAULT.*, rip on the access$' "$TMP/out"; then
		ok "features --kernel: kvm usable"
	else
		fail "features --kernel: kvm usable" "exit $rc: $(grep -E '^  (release|kvm|guest faults) ' "$TMP/out" | tr -s ' ')"; show
	fi
fi

# --- a result like a local run's; node 1 of 2; knobs stay inside ---------
cat >"$TMP/node.scn" <<'SCN'
# SPDX-License-Identifier: GPL-2.0-only
param node = 0
set ksm.pages_to_scan = 1234567
set ksm.sleep_millisecs = 4321
set vm.swappiness = 177
region r type=anon size=8M node=node
phase fill { host write r }
print "node {node}: {fill.placement.r[node]} of {fill.pages}; knobs {ksm.pages_to_scan} {ksm.sleep_millisecs}"
expect fill.placement.r[node] == fill.pages
SCN
knobs="/sys/kernel/mm/ksm/pages_to_scan /sys/kernel/mm/ksm/sleep_millisecs
	/proc/sys/vm/swappiness"
before=$(cat $knobs 2>/dev/null | tr '\n' ' ')
if th "run --kernel: node 1 of 2" run -q --kernel "$K" --nodes 2 -D node=1 \
	--format json -o "$TMP/th.json" "$TMP/node.scn"; then
	after=$(cat $knobs 2>/dev/null | tr '\n' ' ')
	if [ $rc != 0 ]; then
		fail "run --kernel: node 1 of 2" "exit $rc"; show
	elif python3 - "$TMP/th.json" <<'PY' >"$TMP/py" 2>&1; then
import json, sys
d = json.load(open(sys.argv[1]))
(pt,) = d["points"]
assert pt["output"] == ["node 1: 2048 of 2048; knobs 1234567 4321"], pt["output"]
th = d["fingerprint"]["testhost"]
assert th["nodes"] == 2 and th["accel"] in ("tcg", "kvm"), th
assert d["fingerprint"]["memory"]["numa_nodes"] == 2
PY
		ok "run --kernel: a region on node 1 of 2, knobs set inside"
	else
		fail "run --kernel: node 1 of 2" "$(tail -n 3 "$TMP/py")"
	fi
	# A leak would show the very values set inside.
	case " $after " in
	*" 1234567 "* | *" 4321 "* | *" 177 "*)
		fail "knobs set inside stay inside" "before: $before after: $after" ;;
	*) ok "knobs set inside stay inside" ;;
	esac
	# The local run sets the knobs here (and restores them): after the
	# check above, and waiting for another run's knobs lock.
	"$SCN" run -q --wait=120s --format json -o "$TMP/local.json" "$TMP/node.scn" 2>"$TMP/lerr"
	lrc=$?
	# The same keys at every level; lists by their first element.
	if [ $lrc != 0 ] && [ $lrc != 1 ]; then
		fail "run --kernel: the result's shape is a local run's" "local run: exit $lrc: $(head -n 2 "$TMP/lerr")"
	elif python3 - "$TMP/local.json" "$TMP/th.json" <<'PY' >"$TMP/py" 2>&1; then
import json, sys
def shape(v, path=""):
    if isinstance(v, dict):
        out = {path}
        for k, x in v.items():
            # What varies by machine: knob and mitigation names, KVM's
            # parameters, the test host's facts (null on a local run).
            if path in (".fingerprint.knobs", ".fingerprint.cpu.mitigations",
                        ".fingerprint.virt.kvm_params", ".fingerprint.testhost"):
                continue
            out |= shape(x, path + "." + k)
        return out
    if isinstance(v, list):
        return shape(v[0], path + "[]") if v else {path + "[]"}
    return {path}
a, b = (json.load(open(f)) for f in sys.argv[1:])
# A local kvm_reason is a string, null where KVM works.
for d in (a, b):
    d["fingerprint"]["virt"].pop("kvm_reason")
assert shape(a) == shape(b), sorted(shape(a) ^ shape(b))
assert "testhost" in a["fingerprint"] and a["fingerprint"]["testhost"] is None
PY
		ok "run --kernel: the result's shape is a local run's"
	else
		fail "run --kernel: the result's shape is a local run's" "$(tail -n 3 "$TMP/py")"
	fi
fi

# --- exit codes 1 and 4 carried out ------------------------------------------
cat >"$TMP/fails.scn" <<'SCN'
# SPDX-License-Identifier: GPL-2.0-only
region r type=anon size=1M
phase fill { host write r }
expect fill.pages == 1
SCN
if th "run --kernel: exit 1 of a failed expect" run -q --kernel "$K" "$TMP/fails.scn"; then
	if [ $rc = 1 ] && grep -q 'expect' "$TMP/err"; then
		ok "run --kernel: exit 1 of a failed expect"
	else
		fail "run --kernel: exit 1 of a failed expect" "exit $rc"; show
	fi
fi
cat >"$TMP/skips.scn" <<'SCN'
# SPDX-License-Identifier: GPL-2.0-only
require nodes >= 3
phase nap { sleep 1ms }
SCN
if th "run --kernel: exit 4 of a skip inside" run -q --kernel "$K" --nodes 2 "$TMP/skips.scn"; then
	if [ $rc = 4 ] && grep -q '^# SKIP' "$TMP/out"; then
		ok "run --kernel: exit 4 of a skip inside"
	else
		fail "run --kernel: exit 4 of a skip inside" "exit $rc: $(head -c 200 "$TMP/out")"; show
	fi
fi

# --- --or-kernel: a test host only for what this machine cannot run -------
# node.scn on node 1: this machine runs it where it has two nodes, else a
# test host does (one boot), of two nodes without --nodes (issue 25: it
# booted one node and skipped again); on node 0 it always runs here.
nodes=$(ls -d /sys/devices/system/node/node[0-9]* 2>/dev/null | wc -l)
if th "run --or-kernel: node 1" run --or-kernel "$K" -D node=1 "$TMP/node.scn"; then
	moved=no
	grep -q "^# this machine cannot run it (needs NUMA node 1 (region 'r'): this machine has 1 node (0)): it runs in a test host ($K)$" \
		"$TMP/err" && moved=yes
	sized=no
	grep -qxF "# test host: --nodes 2, as the scenario needs 2 NUMA nodes (node 1, of region 'r')" \
		"$TMP/err" && sized=yes
	if [ $rc = 0 ] && grep -q '^node 1: 2048 of 2048' "$TMP/out" &&
		{ [ "$nodes" -ge 2 ] && [ $moved = no ] || [ "$nodes" -lt 2 ] && [ $moved = yes ] && [ $sized = yes ]; }; then
		ok "run --or-kernel: a scenario on node 1 runs $([ $moved = yes ] && echo "in a test host of the 2 nodes it needs, saying why" || echo "here, on this machine's two nodes")"
	else
		fail "run --or-kernel: node 1" "exit $rc, moved $moved, sized $sized, $nodes nodes: $(head -c 200 "$TMP/out")"; show
	fi
fi
# A host option too small for the scenario is refused before any boot,
# naming the one that does; what no test host here can have is a SKIP
# before the boot (node 15 and 300 CPUs: no machine this runs on has
# them, so both move).
"$SCN" run --or-kernel "$K" --nodes 2 -D node=15 "$TMP/node.scn" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc = 64 ] && grep -qxF "scn: run: --nodes 2 makes a test host that cannot run the scenario: it needs 16 NUMA nodes (node 15, of region 'r')" "$TMP/err" &&
	grep -qxF "hint: --nodes 16, or leave --nodes out: scn sizes the test host from the scenario" "$TMP/err" &&
	! grep -q "^# test host" "$TMP/err"; then
	ok "run --or-kernel: --nodes too few for the scenario is refused before the boot, naming --nodes 16"
else
	fail "run --or-kernel: --nodes too few is refused" "exit $rc"; show
fi
printf 'require mem >= 100G, cpus >= 300\nphase nap { sleep 1ms }\n' >"$TMP/big.scn"
"$SCN" run --or-kernel "$K" --mem 1G "$TMP/big.scn" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc = 64 ] && grep -q "^scn: run: --mem 1G makes a test host that cannot run the scenario: it needs more memory (require mem >= 100G at " "$TMP/err" &&
	grep -q "^hint: --mem 100G, or leave --mem out" "$TMP/err"; then
	ok "run --or-kernel: --mem too small is refused before the boot, naming --mem 100G"
else
	fail "run --or-kernel: --mem too small is refused" "exit $rc"; show
fi
"$SCN" run --or-kernel "$K" --format json -o "$TMP/big.json" "$TMP/big.scn" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc = 4 ] && grep -q "^# test host: --cpus 255, as the scenario needs 300 CPUs (require cpus >= 300 at " "$TMP/err" &&
	grep -q '"status": "skip"' "$TMP/big.json"; then
	ok "run --or-kernel: more than a test host here can have is a SKIP before the boot"
else
	fail "run --or-kernel: more than a test host here can have" "exit $rc"; show
fi
"$SCN" run $WAIT --or-kernel "$K" --nodes 2 -D node=0 --format json -o "$TMP/here.json" \
	"$TMP/node.scn" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc = 0 ] && ! grep -q "it runs in a test host" "$TMP/err" &&
	python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["fingerprint"]["testhost"] is None' \
		"$TMP/here.json" 2>/dev/null; then
	ok "run --or-kernel: what this machine can run runs here"
else
	fail "run --or-kernel: what this machine can run runs here" "exit $rc"; show
fi
"$SCN" run --or-kernel "$K" --kernel "$K" "$TMP/node.scn" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc = 64 ] && grep -q -- "--kernel runs in a test host, --or-kernel only what this machine cannot run" "$TMP/err"; then
	ok "run: --kernel and --or-kernel together are a usage error"
else
	fail "run: --kernel and --or-kernel together" "exit $rc"; show
fi

# --- a panic: exit 1, its lines on stderr and in the result ----------------
cat >"$TMP/panic.scn" <<'SCN'
# SPDX-License-Identifier: GPL-2.0-only
phase crash { host exec "echo c > /proc/sysrq-trigger" }
SCN
if th "run --kernel: a panic inside" run -q --kernel "$K" --format json -o "$TMP/p.json" "$TMP/panic.scn"; then
	if [ $rc != 1 ]; then
		fail "run --kernel: a panic inside" "exit $rc"; show
	elif ! grep -q 'Kernel panic - not syncing: sysrq triggered crash' "$TMP/err"; then
		fail "run --kernel: a panic inside" "no panic line on stderr"; show
		echo "the result:"; head -c 600 "$TMP/p.json"
		echo "the console:"; grep -v '^qemu' "$TMP/p.console.log" | tail -n 8
	elif ! python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert d["status"] == "fail" and any("sysrq triggered crash" in l for l in d["oops"])' "$TMP/p.json" 2>"$TMP/py"; then
		fail "run --kernel: a panic inside" "the result: $(tail -n 1 "$TMP/py")"
	elif ! grep -q 'sysrq triggered crash' "$TMP/p.console.log"; then
		fail "run --kernel: a panic inside" "no console log beside the result"
	else
		ok "run --kernel: a panic inside is exit 1, with its lines"
	fi
fi

# --- the kernel warned during a run: a warning that says so and where ------
# As if it had: W in its taint, a WARNING line in its log (only in a test
# host: a test never taints this machine's kernel).
cat >"$TMP/warn.scn" <<'SCN'
# SPDX-License-Identifier: GPL-2.0-only
phase warn { host exec "echo 512 > /proc/sys/kernel/tainted && echo 'WARNING: CPU: 0 PID: 1 at scn-test.c:1 scn_test_warn+0x0/0x4' > /dev/kmsg" }
SCN
w="the kernel became tainted during phase 'warn' (W (a WARN)): its log says WARNING: CPU: 0 PID: 1 at scn-test.c:1 scn_test_warn+0x0/0x4"
if th "run --kernel: a kernel WARN during the run" run -q --kernel "$K" --format json -o "$TMP/w.json" "$TMP/warn.scn"; then
	if [ $rc = 0 ] && grep -qF "warn.scn:2:1: warning: $w; what the run measured" "$TMP/err" &&
	   python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert any(l.endswith(":2:1: " + sys.argv[2] + "; what the run measured may be the kernel\x27s trouble") for l in d["points"][0]["warnings"]), d["points"][0]["warnings"]' "$TMP/w.json" "$w" 2>"$TMP/py"; then
		ok "run --kernel: a kernel WARN during a phase is a warning at its line with the log's, in the result too"
	else
		fail "run --kernel: a kernel WARN during the run" "exit $rc: $(tail -n 1 "$TMP/py")"; show
	fi
fi

# --- a hang: QEMU stopped after --timeout, exit 124 -----------------------
if th "exec --timeout: exit 124" exec -q --timeout 2 --console-log "$TMP/t.log" \
	--kernel "$K" -- sleep 600; then
	if [ $rc = 124 ] && grep -q 'timed out after 2 s' "$TMP/err"; then
		ok "exec --timeout: a hang stopped, exit 124"
	else
		fail "exec --timeout: exit 124" "exit $rc"; show
	fi
fi

# --- exec: output, directory, environment, exit code; no KSM outside ------
cd "$TMP" || exit 2
SCN_TEST_WORD=carried "$SCN" exec -q --kernel "$K" -- \
	sh -c 'echo "$SCN_TEST_WORD $(pwd)"; cat node.scn | head -n 1; echo err >&2; sleep 3; exit 3' \
	>"$TMP/out" 2>"$TMP/err" &
pid=$!
# Guest RAM of the QEMU under scn: no VmFlags line may say "mg".
merged=unseen
for _ in $(seq 1 100); do
	q=$(pgrep -P $pid qemu-system 2>/dev/null | head -n 1)
	flags=$([ -n "$q" ] && grep '^VmFlags' "/proc/$q/smaps" 2>/dev/null)
	if [ -n "$flags" ]; then
		if grep -qw mg <<<"$flags"; then merged=yes; else merged=no; fi
		break
	fi
	sleep 0.1
done
wait $pid
rc=$?
cd - >/dev/null || exit 2
if [ $rc = 4 ]; then
	skip "exec: output, directory, environment, exit code" "$(head -n 1 "$TMP/err")"
elif [ $rc != 3 ]; then
	fail "exec: output, directory, environment, exit code" "exit $rc, want 3"; show
elif [ "$(head -n 1 "$TMP/out")" != "carried $TMP" ] ||
     [ "$(sed -n 2p "$TMP/out")" != "# SPDX-License-Identifier: GPL-2.0-only" ] ||
     ! grep -qx err "$TMP/err"; then
	fail "exec: output, directory, environment, exit code" "stdout: $(head -c 200 "$TMP/out")"; show
else
	ok "exec: output, directory (under /tmp), environment and exit code carried"
fi
case $merged in
no) ok "QEMU's guest RAM is not mergeable (mem-merge=off)" ;;
yes) fail "QEMU's guest RAM is not mergeable" "a mapping of QEMU has VmFlags mg" ;;
*) [ $rc != 4 ] && fail "QEMU's guest RAM is not mergeable" "QEMU's smaps never seen" ;;
esac
