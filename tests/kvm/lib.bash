# SPDX-License-Identifier: GPL-2.0-only
# Shared by the checks of tests/kvm: the result lines of tests/runtime/lib.sh,
# a scenario written from a here-document, and a run checked by its exit
# code and output.
. tests/runtime/lib.sh

# out NAME WANT_RC PATTERN FILE [ARGS]: scn run FILE; its exit code must be
# WANT_RC and its stdout and stderr must match PATTERN (grep -E; "": any).
out() {
	local name=$1 want=$2 pat=$3 file=$4 rc
	shift 4
	"$SCN" run -q --state-dir "$STATE" "$@" "$file" >"$TMP/out" 2>&1
	rc=$?
	if [ $rc != "$want" ]; then
		fail "$name" "exit $rc, wanted $want: $(head -c 600 "$TMP/out")"
	elif [ -n "$pat" ] && ! grep -Eq -- "$pat" "$TMP/out"; then
		fail "$name" "output lacks /$pat/: $(head -c 600 "$TMP/out")"
	else
		ok "$name"
	fi
}

# scn NAME <text: writes $TMP/NAME.scn.
scn() { cat >"$TMP/$1.scn"; }
