# SPDX-License-Identifier: GPL-2.0-only
# Shared by the test host's scripts (sourced after tests/runtime/lib.sh).

# th NAME ARGS...: scn with stdout in $TMP/out and stderr in $TMP/err, rc
# its exit code; false (and a skip) when the test host cannot run here.
th() {
	local name=$1
	shift
	"$SCN" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if grep -qE 'Sanitizer|runtime error:' "$TMP/err"; then
		fail "$name" "a sanitizer spoke"; show
		return 1
	fi
	if [ $rc = 4 ] && grep -q 'the test host cannot run here' "$TMP/err"; then
		skip "$name" "$(grep -m1 'cannot run here' "$TMP/err")"
		return 1
	fi
	return 0
}
show() { sed 's/^/    /' "$TMP/err" | tail -n 15; }

