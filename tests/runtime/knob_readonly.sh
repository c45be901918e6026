#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# A knob that is there but cannot be written (a read-only /sys, as in a
# container) is a SKIP that says so: it was reported as "this kernel
# lacks the knob" (issue 15). The read-only file is made in a mount
# namespace of the test's own (unshare -m: its mounts are private), with
# a read-only bind mount of the knob over itself; the machine's /sys is
# not touched.
cd "$(dirname "$0")/../.."
. tests/runtime/lib.sh

if ! need_root; then
	skip "read-only knob" "not root: mount namespaces need root"
	exit 0
fi
if ! command -v unshare >/dev/null; then
	skip "read-only knob" "unshare (util-linux) is not installed"
	exit 0
fi
knob=/sys/kernel/mm/ksm/run
if [ ! -e $knob ]; then
	skip "read-only knob" "this kernel has no KSM"
	exit 0
fi
printf 'set ksm.run = 1\nphase p { sleep 1ms }\n' > "$TMP/ro.scn"
b=$(cat $knob)
unshare -m sh -c "mount --bind $knob $knob && mount -o remount,bind,ro $knob &&
	exec \"\$0\" run -q --state-dir \"\$1\" \"\$2\"" "$SCN" "$STATE" "$TMP/ro.scn" > "$TMP/out" 2>&1
rc=$?
if [ $rc = 4 ] && grep -q "^# SKIP the knob ksm.run cannot be written here: access($knob, W_OK): Read-only file system (errno 30)$" "$TMP/out" &&
   [ "$(cat $knob)" = "$b" ]; then
	ok "a read-only knob is a SKIP that says it cannot be written, not that it is absent"
else
	fail "read-only knob" "exit $rc: $(cat "$TMP/out")"
fi
