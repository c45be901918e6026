# SPDX-License-Identifier: GPL-2.0-only
# Shared by the runtime tests: result lines that tests/run.sh counts.
SCN=${SCN:-./scn}
TMP=$(mktemp -d /tmp/scn-rt.XXXXXX)
STATE="$TMP/state"
# A run that crashed (a sanitizer abort is like SIGKILL) leaves its
# journal: replay it, so that a failing test still leaves the machine as
# it found it.
cleanup() {
	[ -e "$STATE/journal" ] && "$SCN" restore "$STATE" >/dev/null 2>&1
	rm -rf "$TMP"
}
trap cleanup EXIT

# Another scn run (another worktree's make test, a user's experiment) may
# hold the knobs lock: a run that changes knobs waits for it rather than
# being busy. Only the tests of the lock itself go without.
WAIT=--wait=900s
# A knob's file as no scn run has it changed: read under the knobs lock
# (flock(1) on the file scn locks), so not in the middle of another run.
knob() {
	mkdir -p /run/scn
	flock /run/scn/knobs.lock cat "$1"
}
# Waits until FILE reads VALUE (a run has set it), while process PID
# lives: true when it does.
await_value() { # file value pid
	while kill -0 "$3" 2>/dev/null; do
		[ "$(cat "$1")" = "$2" ] && return 0
		sleep 0.05
	done
	return 1
}

ok() { echo "ok $1"; }
fail() { echo "FAIL $1: $2"; }
skip() { echo "skip $1: $2"; }
# Root is needed to change knobs; the kernel features are probed by scn.
need_root() { [ "$(id -u)" = 0 ]; }
has_feature() { "$SCN" features | awk -v f="$1" '$1 == f && $2 == "yes" { found = 1 } END { exit !found }'; }
