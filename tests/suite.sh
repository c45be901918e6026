#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The default scenario suite (make suite): what this machine offers, then
# every scenario in scenarios/ checked and planned for this machine. Runs
# of the scenarios join here when scn run arrives with the runtime.
set -u
cd "$(dirname "$0")/.."
SCN=${SCN:-./scn}
pass=0 fail=0

"$SCN" features || true
echo
for f in scenarios/*.scn; do
	if "$SCN" check "$f" && "$SCN" plan "$f" >/dev/null; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
