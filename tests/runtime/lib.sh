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

# crash_said ERRFILE BINARY [NAME]: scn's crash report (common/crash.h)
# in ERRFILE as one line, for a FAIL's reason: the signal, address and
# thread, then the backtrace's frames resolved against BINARY (function
# file:line, innermost first, the handler's own left out); nothing where
# there is none. With NAME, the report whose command line names NAME.scn
# (a suite's children share its stderr). A crash in a test host is seen
# once, in a CI log: the line must say where.
crash_said() {
	local err=$1 bin=$2 name=${3:-} report head addrs frames pcs
	# The report: its lines from "crashed: SIG" to the last frame.
	report=$(awk -v want="${name:+/$name.scn}" '
		/^scn: crashed: SIG/ { if (done) exit; buf = $0 "\n"; on = 1; hit = want == ""; next }
		on && /^scn: crashed: command:/ && want != "" && index($0, want) { hit = 1 }
		on && (/^scn: (crashed|backtrace)/ || /\[0x[0-9a-f]+\]$/) { buf = buf $0 "\n"; next }
		on { on = 0; if (hit) { printf "%s", buf; done = 1 } }
		END { if (on && hit && !done) printf "%s", buf }' "$err" 2>/dev/null)
	head=$(printf '%s\n' "$report" | grep -m1 '^scn: crashed: SIG') || return 0
	head=${head#scn: crashed: }
	head=${head%, scn *}
	# A PIE's frames are "exe(+0xOFF)[0xADDR]", a static one's "exe[0xADDR]";
	# a return address is the instruction after the call: one byte back.
	addrs=$(printf '%s\n' "$report" | sed -n '/^scn: backtrace/,$p' | grep -E '\[0x[0-9a-f]+\]$' |
		grep -v 'libc\.so' | sed -E 's/.*\(\+(0x[0-9a-f]+)\).*/\1/; s/.*\[(0x[0-9a-f]+)\]$/\1/' |
		while read -r a; do printf '0x%x\n' $((a - 1)); done)
	# Where the unwinder stopped at the signal frame (riscv64's static
	# build: the handler's own frame alone), the interrupted pc and link
	# register say where it was; for a static build only, as a PIE's are
	# not offsets.
	if [ "$(printf '%s\n' "$addrs" | grep -c .)" -lt 3 ] &&
		pcs=$(printf '%s\n' "$report" | sed -nE 's/^scn: crashed: pc (0x[0-9a-f]+)(, link register (0x[0-9a-f]+))?$/\1 \3/p') &&
		[ -n "$pcs" ] && ! printf '%s\n' "$report" | grep -q '(+0x'; then
		set -- $pcs
		addrs="$1${2:+ $(printf '0x%x' $(($2 - 1)))}"
	fi
	if [ -n "$addrs" ] && command -v addr2line >/dev/null; then
		# shellcheck disable=SC2086
		frames=$(addr2line -f -s -e "$bin" $addrs 2>/dev/null | paste - - |
			awk '$1 !~ /^(\?\?|crash_handler|touch_fault)$/ && n < 8 { printf "%s%s %s", n++ ? " < " : "", $1, $2 }')
	fi
	echo "crashed: $head${frames:+: $frames}"
}

# The result lines of a check script, each marked with where it ran.
prefixed() { sed -E "s/^(ok|FAIL|skip) /\1 $1: /"; }

# in_testhost WHAT N CMD...: CMD inside a test host of ${SCN_TEST_KERNEL:-
# debian:6.12} (2 CPUs, 2G, one boot, and $TESTHOST_OPTS), its result lines marked
# "testhost:"; its scripts end with a line "... done", and N of them must
# come. Returns 4, with the reason in $TESTHOST_SKIP, where the test host
# cannot run here.
in_testhost() {
	local what=$1 want=$2 rc
	shift 2
	# shellcheck disable=SC2086
	"$SCN" exec -q --cpus 2 --mem 2G ${TESTHOST_OPTS:-} --timeout 600 \
		--kernel "${SCN_TEST_KERNEL:-debian:6.12}" \
		-- "$@" >"$TMP/th.out" 2>"$TMP/th.err"
	rc=$?
	if [ $rc = 4 ] && grep -q 'the test host cannot run here' "$TMP/th.err"; then
		TESTHOST_SKIP=$(grep -m1 'cannot run here' "$TMP/th.err")
		return 4
	fi
	grep -Ev '(^| )done$' "$TMP/th.out" | prefixed testhost
	if [ $rc != 0 ] || [ "$(grep -Ec '(^| )done$' "$TMP/th.out")" != "$want" ]; then
		fail "testhost: $what ran to their end" "exit $rc"
		tail -n 20 "$TMP/th.err" | sed 's/^/    /'
	fi
	return 0
}

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
