#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Memory cgroups: tests/memcg/checks.bash on this machine where its cgroup2
# root gives children the memory controller (else a skip with the reason),
# and inside the test host (Debian's 6.12, whose init mounts cgroup2 with
# the memory controller) in one boot. SCN_TEST_KERNEL picks its kernel.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac

why=$("$SCN" features | awk '$1 == "cgroup.memory" && $2 == "no" { $1 = $2 = ""; sub(/^ +/, ""); print }')
if ! need_root; then
	skip "local: memory cgroups" "not root"
elif [ -n "$why" ]; then
	skip "local: memory cgroups" "$why"
else
	SCN=$SCN bash tests/memcg/checks.bash 2>&1 | grep -Ev '(^| )done$' | prefixed local
fi

SCN=$SCN in_testhost "the memory cgroup checks" 1 bash tests/memcg/checks.bash
[ $? = 4 ] && skip "testhost: memory cgroups" "$TESTHOST_SKIP"
exit 0
