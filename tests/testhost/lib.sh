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

# arm64_missing: why this machine cannot boot an arm64 test host with
# this tree's arm64 scn ("" where it can): no qemu-system-aarch64, or no
# build-aarch64/scn beside $SCN's build.
arm64_missing() {
	if ! command -v qemu-system-aarch64 >/dev/null; then
		echo "no qemu-system-aarch64 (make deps-arm64 installs qemu-system-arm)"
	elif [ ! -x "$(dirname "$(readlink -f "$SCN")")/../build-aarch64/scn" ]; then
		echo "no arm64 scn at build-aarch64/scn: make aarch64 (make deps-arm64 installs the cross compiler and arm64 libraries)"
	fi
}
