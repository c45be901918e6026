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

ok() { echo "ok $1"; }
fail() { echo "FAIL $1: $2"; }
skip() { echo "skip $1: $2"; }
# Root is needed to change knobs; the kernel features are probed by scn.
need_root() { [ "$(id -u)" = 0 ]; }
has_feature() { "$SCN" features | awk -v f="$1" '$1 == f && $2 == "yes" { found = 1 } END { exit !found }'; }
