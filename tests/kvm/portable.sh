#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The KVM checks that are scenarios alone (tests/kvm/portable/*.scn, each
# judging itself with expect): run as scn's own suite, so that they run
# where nothing of this machine but scn can, in an arm64 test host whose
# root holds no bash or python. NAME.fail holds what a scenario that must
# fail says (grep -E, in its KTAP block). Run here where this machine's
# KVM runs a guest.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac
DIR=tests/kvm/portable

# judge WHERE KTAP-FILE: an ok or FAIL line per scenario.
judge() {
	local where=$1 ktap=$2 f name block
	for f in "$DIR"/*.scn; do
		name=$(basename "$f" .scn)
		# The block of test NAME: its lines up to its result line.
		block=$(awk -v n="$name" '
			/^(not )?ok [0-9]+ / {
				if ($0 ~ ("^(not )?ok [0-9]+ " n "( |$)")) { printf "%s%s\n", buf, $0; exit }
				buf = ""; next
			}
			{ buf = buf $0 "\n" }' "$ktap")
		if [ -z "$block" ]; then
			fail "$where: $name" "no result line in the suite's KTAP"
		elif [ -f "$DIR/$name.fail" ]; then
			if printf '%s\n' "$block" | tail -1 | grep -q '^not ok' &&
				printf '%s\n' "$block" | grep -Eq -- "$(cat "$DIR/$name.fail")"; then
				ok "$where: $name fails as it must"
			else
				fail "$where: $name" "did not fail with /$(cat "$DIR/$name.fail")/: $(printf '%s\n' "$block" | tail -5)"
			fi
		elif printf '%s\n' "$block" | tail -1 | grep -q '# SKIP'; then
			skip "$where: $name" "$(printf '%s\n' "$block" | tail -1 | sed 's/.*# SKIP //')"
		elif printf '%s\n' "$block" | tail -1 | grep -q '^ok'; then
			ok "$where: $name"
		else
			fail "$where: $name" "$(printf '%s\n' "$block" | grep -E 'error|expect' | head -3)"
		fi
	done
}

# Every scenario of the directory is in the suite.
missing=$(for f in "$DIR"/*.scn; do grep -qx "$(basename "$f")" "$DIR/all.suite" || basename "$f"; done)
[ -z "$missing" ] && ok "portable: all.suite lists every check" ||
	fail "portable: all.suite lists every check" "missing: $missing"

if "$SCN" features 2>/dev/null | grep -Eq '^  kvm +usable$'; then
	"$SCN" run -q $WAIT --state-dir "$STATE" "$DIR/all.suite" >"$TMP/local.ktap" 2>"$TMP/local.err"
	judge local "$TMP/local.ktap"
fi

echo "portable checks done"
