# SPDX-License-Identifier: GPL-2.0-only
# Shared by the checks of tests/kvm: the result lines of tests/runtime/lib.sh,
# a scenario written from a here-document, and a run checked by its exit
# code and output.
. tests/runtime/lib.sh

# SCN_TEST_RING=0|3 runs every guest job the scenarios leave at ring=auto
# in that ring (scn run --ring), so that the ring-3 path PVM hosts take
# runs in the test host too, and ring 0 runs where auto picks ring 3.
RING=${SCN_TEST_RING:+--ring $SCN_TEST_RING}
# The kind of host: pvm, svm, vmx (scn features).
virt=$("$SCN" features | awk '$1 == "virtualization" { print $2 }')

# out NAME WANT_RC PATTERN FILE [ARGS]: scn run FILE; its exit code must be
# WANT_RC and its stdout and stderr must match PATTERN (grep -E; "": any).
out() {
	local name=$1 want=$2 pat=$3 file=$4 rc
	shift 4
	# shellcheck disable=SC2086
	"$SCN" run -q --state-dir "$STATE" $RING "$@" "$file" >"$TMP/out" 2>&1
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
