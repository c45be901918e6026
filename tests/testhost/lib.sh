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


# other_arch_no_boot TAG ARCH QEMU_VAR INSTALL TARGET: the SKIPs of a test
# host of another architecture that need no boot (kernel $K): QEMU_VAR
# naming no QEMU is a SKIP that says INSTALL ("apt-get install PKG"); a
# copy of this scn with no ARCH scn beside it is one that says make TARGET.
other_arch_no_boot() {
	local tag=$1 arch=$2 qvar=$3 install=$4 target=$5 pkg=${4##* }
	env "$qvar=/nonexistent/qemu" "$SCN" exec -q --kernel "$K" -- true >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if [ $rc = 4 ] && grep -qF "cannot run here: /nonexistent/qemu is not installed ($install)" "$TMP/err"; then
		ok "$tag: no QEMU: SKIP naming $pkg"
	else
		fail "$tag: no QEMU: SKIP naming $pkg" "exit $rc"; show
	fi
	mkdir -p "$TMP/lone/bin"
	cp "$(readlink -f "$SCN")" "$TMP/lone/bin/scn"
	env "$qvar=/bin/true" "$TMP/lone/bin/scn" features -q --kernel "$K" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if grep -q "built without an init for $arch" "$TMP/err"; then
		skip "$tag: no $tag scn: SKIP saying make $target" "$(tail -n 1 "$TMP/err")"
	elif [ $rc = 4 ] && grep -q "no $arch scn is beside it .*\`make $target\`" "$TMP/err"; then
		ok "$tag: no $tag scn beside this one: SKIP saying make $target"
	else
		fail "$tag: no $tag scn: SKIP saying make $target" "exit $rc"; show
	fi
}
