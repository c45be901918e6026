#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The test host (docs/testhost.md): Debian's 6.12 kernel booted under QEMU
# with this machine's root; a few boots in all. Each case prints "ok",
# "FAIL" or "skip" as tests/run.sh counts them. SCN_TEST_KERNEL picks
# another kernel (default debian:6.12).
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
K=${SCN_TEST_KERNEL:-debian:6.12}

# Why a boot was skipped, once; every later case skips for it too.
NOHOST=""
# th NAME ARGS...: scn with stdout in $TMP/out, stderr in $TMP/err; sets rc.
th() {
	local name=$1
	shift
	"$SCN" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if [ $rc = 4 ] && grep -q 'SKIP: the test host cannot run here' "$TMP/err"; then
		NOHOST=$(grep -m1 'SKIP' "$TMP/err")
		skip "$name" "$NOHOST"
		return 1
	fi
	return 0
}
show() { sed 's/^/    /' "$TMP/err" | tail -n 15; }

# --- exec: output out, exit code carried -----------------------------------
if th exec-exit-code exec -q --kernel "$K" -- sh -c 'echo out; echo err >&2; exit 3'; then
	if [ $rc != 3 ]; then
		fail exec-exit-code "exit $rc, want 3"; show
	elif [ "$(cat "$TMP/out")" != out ] || ! grep -qx err "$TMP/err"; then
		fail exec-exit-code "stdout or stderr did not come out"; show
	else
		ok exec-exit-code
	fi
fi

# --- run --kernel: a scenario's print lines and its exit code --------------
cat >"$TMP/fill.scn" <<'SCN'
# SPDX-License-Identifier: GPL-2.0-only
region r type=anon size=8M
phase fill { host write r }
print "filled {fill.pages} pages"
SCN
if [ -z "$NOHOST" ] && th run-kernel run -q --kernel "$K" "$TMP/fill.scn"; then
	if [ $rc != 0 ]; then
		fail run-kernel "exit $rc, want 0"; show
	elif [ "$(cat "$TMP/out")" != "filled 2048 pages" ]; then
		fail run-kernel "stdout: $(head -c 200 "$TMP/out")"
	else
		ok run-kernel
	fi
fi
