#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Memory cgroups: tests/memcg/checks.bash on this machine where its cgroup2
# root gives children the memory controller (else a skip with the reason),
# and inside the test host (Debian's 6.12, whose init mounts cgroup2 with
# the memory controller) in one boot. SCN_TEST_KERNEL picks its kernel.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
K=${SCN_TEST_KERNEL:-debian:6.12}
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac

prefixed() {
	sed -E "s/^(ok|FAIL|skip) /\1 $1: /"
}

why=$("$SCN" features | awk '$1 == "cgroup.memory" && $2 == "no" { $1 = $2 = ""; sub(/^ +/, ""); print }')
if ! need_root; then
	skip "local: memory cgroups" "not root"
elif [ -n "$why" ]; then
	skip "local: memory cgroups" "$why"
else
	SCN=$SCN bash tests/memcg/checks.bash 2>&1 | prefixed local
fi

SCN=$SCN "$SCN" exec -q --cpus 2 --mem 1G --timeout 300 --kernel "$K" -- \
	bash tests/memcg/checks.bash >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc = 4 ] && grep -q 'the test host cannot run here' "$TMP/err"; then
	skip "testhost: memory cgroups" "$(grep -m1 'cannot run here' "$TMP/err")"
	exit 0
fi
prefixed testhost <"$TMP/out"
if [ $rc != 0 ] || ! grep -q '^checks done$' "$TMP/out"; then
	fail "testhost: the memory cgroup checks ran to their end" "exit $rc"
	tail -n 20 "$TMP/err" | sed 's/^/    /'
fi
