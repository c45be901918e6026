#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The scn test suite (make test). Prints one line per test, "ok NAME",
# "FAIL NAME" with a short diff, or "skip NAME: reason", and ends with
# "N passed, N failed, N skipped"; exits 1 if anything failed.
#
# Groups, all data-driven:
#   unit/     every tests/unit/*.c binary in build/unit/ (TAP lines; a
#             "# TODO" line is a known bug: a skip while it fails, a failure
#             once it passes so that the marker goes with the fix)
#   cli/      exit codes of the command line
#   errors/   tests/errors/NAME.scn must fail "scn check" with exit 65, no
#             stdout, no crash, and stderr exactly NAME.err; NAME.args holds
#             extra arguments, one per line, put before the file ('#' lines
#             are comments). NAME.xfail marks a known product bug: its .err
#             is what scn should print; while stderr differs the case is a
#             skip (exit code and crash checks still apply), and a failure
#             once it matches, so that the .xfail is removed with the fix.
#             The .err of an .xfail case is a proposal: whoever fixes the
#             bug deletes the .xfail, runs UPDATE=1 and reviews the diff.
#   stress/   generated inputs (100000-term sums, deep nesting, a 1MB line,
#             16 MiB tokens, NUL bytes, 20 nested includes, ...) end in one of the
#             expected exit codes within 20s, never in a crash
#   warnings/ tests/errors/warnings/NAME.scn must pass with exit 0 and print
#             exactly NAME.err (a warning) on stderr; NAME.xfail as above
#   check/    every scenarios/*.scn passes "scn check" silently
#   plan/     tests/golden/NAME.plan is the stdout of "scn plan --assume ..."
#             of tests/golden/NAME.args (arguments, one per line, the file
#             last), else tests/golden/NAME.scn, else scenarios/NAME.scn;
#             every scenario must have one
#   docs/     ```scn blocks of every docs/*.md must check, ```scn-error
#             blocks must fail with exit 65; the commands of README.md and
#             docs/*.md run as their <!-- doc-test: ... --> marks say
#             (tests/docs/commands.py; a block without one fails)
#   runtime/  tests/runtime/*.sh: scn run on this machine's kernel (knobs
#             set and restored, SIGKILL and scn restore, KSM by counters,
#             SKIP paths); they need root and skip without it
#   results/  tests/results/*.sh: result formats (JSON, NDJSON, CSV, KTAP
#             checked by parsers), repeats, sweeps, timeouts, compare,
#             plot, suites and the kselftest install
#   testhost/ tests/testhost/*.sh: scn exec and scn run --kernel in a test
#             host (QEMU, Debian's kernel); a few boots
#   memcg/    tests/memcg/run.sh: memory cgroups, in one boot of the test
#             host (and here where cgroup2 has the memory controller)
#   seeds/    tests/seeds/run.sh: the seed experiments at small sizes in
#             the test host (6.12 with two nodes, 6.12, 6.1), compared
#             across kernels and drawn
#   repl/     tests/repl/run.py: scn repl through a pseudo-terminal
#             (python3-pexpect) and as a script
#   build/    scn builds with clang as well (warnings as errors)
#   san/      host_fault, signals, uffd (tests/runtime) and the REPL's
#             scripts (tests/repl/repl.sh) again with scn built with ASan
#             and UBSan (make SAN=1); SAN_SLICE=0 skips it
#   fuzz      tests/fuzz/run.sh: regressions replayed, then FUZZ_SECONDS
#             (default 30, 0 to skip) of libFuzzer with ASan and UBSan
#
# Environment: SCN=path tests another binary (SCN=build-san/scn; its unit
# tests are then taken from build-san/unit, or from UNITS=dir); UPDATE=1
# rewrites the expected .err and .plan files from what scn prints now
# (never those of .xfail cases). Run from anywhere; paths are relative to
# the repository root. FUZZ_SECONDS=N sets the fuzz slice.

set -u
cd "$(dirname "$0")/.." || exit 2

SCN=${SCN:-./scn}
# Absolute, as the docs blocks are checked from a directory of their own.
case $SCN in
/*) ;;
*) SCN=$PWD/$SCN ;;
esac
UPDATE=${UPDATE:-0}
ASSUME=ncpus=4,mem_total=16G,mem_free=14G,page_size=4K,nr_nodes=1,thp_size=2M
if [ -z "${UNITS:-}" ]; then
	UNITS=$(dirname "$(readlink -f "$SCN" 2>/dev/null || echo "$SCN")")/unit
fi
# Sanitizer builds: leaks count too, and UBSan reports carry a stack.
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

TMP=$(mktemp -d "${TMPDIR:-/tmp}/scn-test.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT

# The tests start python3 some hundred times, here and in test hosts. A
# version manager's shim that PATH finds first (pyenv's is a shell
# script) took 0.44 s a start here, 5 s in a TCG test host, against
# Debian's 0.034 s and 1.5 s (measured): Debian's python3 goes first where
# it has what the tests import (make deps installs python3-pexpect for
# it). The directory is under build/, which a test host sees as here.
if [ -x /usr/bin/python3 ] && [ "$(command -v python3)" != /usr/bin/python3 ] &&
   /usr/bin/python3 -c 'import pexpect' 2>/dev/null &&
   mkdir -p build/python-bin && ln -sf /usr/bin/python3 build/python-bin/python3; then
	PATH=$PWD/build/python-bin:$PATH
	export PATH
fi
OUT=$TMP/out
ERR=$TMP/err

npass=0
nfail=0
nskip=0

pass() {
	npass=$((npass + 1))
	echo "ok $1"
}

# fail NAME REASON <detail: every caller redirects stdin; the first 20
# lines are shown, indented.
failed=()
fail() {
	nfail=$((nfail + 1))
	failed+=("$1: $2")
	echo "FAIL $1: $2"
	head -n 20 | sed 's/^/    /'
}

skip() {
	nskip=$((nskip + 1))
	echo "skip $1: $2"
}

# Runs scn with its output in $OUT and $ERR. The subshell waits for scn
# itself, so that the shell's "Segmentation fault" line of a crash goes to
# /dev/null rather than into the report; crashed() tells.
run_scn() {
	("$SCN" "$@" >"$OUT" 2>"$ERR"
	 exit $?) 2>/dev/null
}

# True when the last run crashed: killed by a signal, or a sanitizer spoke.
crashed() {
	[ "$1" -gt 127 ] && return 0
	grep -qE 'Sanitizer|runtime error:|^SUMMARY: ' "$ERR" 2>/dev/null
}

# The diff of expected and actual, without its header, into $TMP/diff
# (not through a pipe: fail must count in this shell).
show_diff() {
	diff -u "$1" "$2" | tail -n +3 >"$TMP/diff"
}

crash_report() {
	fail "$1" "crashed (exit $2)" <"$ERR"
}

# Reads an .args file into the array ARGS: one argument a line, '#' lines
# and empty lines skipped.
read_args() {
	local line
	ARGS=()
	[ -f "$1" ] || return 0
	while IFS= read -r line || [ -n "$line" ]; do
		case $line in
		'#'* | '') continue ;;
		esac
		ARGS+=("$line")
	done <"$1"
}

first_reason() {
	grep -v '^#' "$1" | grep -v '^[[:space:]]*$' | head -n 1
}

if [ ! -x "$SCN" ]; then
	echo "FAIL setup: no scn binary at '$SCN' (run make)"
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
fi

# --- unit tests -----------------------------------------------------------

run_units() {
	local src name bin rc line desc why nplan detail
	for src in tests/unit/*.c; do
		[ -e "$src" ] || continue
		name=$(basename "$src" .c)
		bin=$UNITS/$name
		if [ ! -x "$bin" ]; then
			skip "unit/$name" "not built in $UNITS (make units)"
			continue
		fi
		("$bin" >"$OUT" 2>"$ERR"
		 exit $?) 2>/dev/null
		rc=$?
		if crashed "$rc"; then
			crash_report "unit/$name" "$rc"
			continue
		fi
		nplan=0
		detail=""
		while IFS= read -r line; do
			case $line in
			'not ok '*)
				desc=${line#not ok }
				desc=${desc#* - }
				if [[ $line == *' # TODO '* ]]; then
					why=${line##* # TODO }
					skip "unit/$name: ${desc% # TODO *}" "known bug: $why"
					detail=""
				else
					fail "unit/$name: $desc" "check failed" </dev/null
					detail=yes
				fi
				;;
			'ok '*)
				desc=${line#ok }
				desc=${desc#* - }
				detail=""
				if [[ $line == *' # TODO '* ]]; then
					fail "unit/$name: ${desc% # TODO *}" \
						"passes now; remove its tap_todo()" </dev/null
				else
					pass "unit/$name: $desc"
				fi
				;;
			'#'*)
				[ -n "$detail" ] && echo "    $line"
				;;
			1..*)
				nplan=1
				;;
			esac
		done <"$OUT"
		if [ "$nplan" = 0 ]; then
			fail "unit/$name" "ended without its plan line (exit $rc)" <"$ERR"
		elif [ "$rc" != 0 ] && ! grep -q '^not ok ' "$OUT"; then
			fail "unit/$name" "exit $rc without a failed check" <"$ERR"
		fi
	done
}

# --- command line ---------------------------------------------------------

# cli_says NAME WANT_RC ERE ARGS...: the exit code, and a line of stderr
# that the pattern matches (an empty pattern: the exit code alone).
cli_says() {
	local name=$1 want=$2 pat=$3 rc
	shift 3
	run_scn "$@"
	rc=$?
	if crashed "$rc"; then
		crash_report "cli/$name" "$rc"
	elif [ "$rc" != "$want" ]; then
		fail "cli/$name" "exit $rc, want $want (scn $*)" <"$ERR"
	elif [ -n "$pat" ] && ! grep -qE -- "$pat" "$ERR"; then
		fail "cli/$name" "stderr lacks /$pat/" <"$ERR"
	else
		pass "cli/$name"
	fi
}

# cli_case NAME WANT_RC ARGS...
cli_case() {
	local name=$1 want=$2
	shift 2
	cli_says "$name" "$want" "" "$@"
}

run_cli() {
	cli_says command-did-you-mean 64 "^hint: did you mean 'check'\?$" chek scenarios/ksm_unmerge.scn
	cli_says run-unknown-option-named 64 "^scn: run: unknown option '--frob'$" \
		run --frob scenarios/ksm_unmerge.scn
	cli_says run-unknown-option-hint 64 "^hint: did you mean '--format'\?$" \
		run --frmat json scenarios/ksm_unmerge.scn
	cli_says repl-unknown-option-named 64 "^scn: repl: unknown option '--frob'$" \
		repl --frob
	# Issue 20: an option without its value said "unknown option" above a
	# usage line that lists it.
	cli_says features-kernel-needs-value 64 "^scn: features: option '--kernel' needs a value$" \
		features --kernel
	cli_says check-define-needs-value 64 "^scn: check: option '-D' needs a value$" \
		check scenarios/ksm_unmerge.scn -D
	cli_says run-timeout-not-whole 64 "--timeout takes whole seconds" \
		run --timeout 1.5s scenarios/ksm_unmerge.scn
	cli_case run-timeout-with-unit 0 run -q --timeout 2s tests/cli/sleep.scn
	# check -q: the ok line goes, errors and warnings stay.
	run_scn check -q scenarios/ksm_unmerge.scn
	if [ $? = 0 ] && [ ! -s "$OUT" ] && [ ! -s "$ERR" ] &&
	   run_scn check scenarios/ksm_unmerge.scn && grep -q ': ok, requires ' "$OUT"; then
		pass "cli/check-quiet-no-ok-line"
	else
		fail "cli/check-quiet-no-ok-line" "stdout not empty, or the plain check says no ok" <"$OUT"
	fi
	cli_says check-quiet-keeps-errors 65 "error: 'arch' is a machine fact" \
		check -q tests/errors/arch_declared.scn
	w=$(ls tests/errors/warnings/*.scn | head -n 1)
	cli_says check-quiet-keeps-warnings 0 "warning:" check -q "$w"
	# Issue 20: a condition over parameters alone still shows both sides.
	cli_says expect-constant-shows-values 1 "expectation failed: n == 3 \(2 == 3\)$" \
		run -q tests/cli/expect_const.scn
	# A host option alone would be dropped without a word: every command
	# that takes them refuses it, --accel included.
	# Issue 20: the message names the option.
	cli_says run-host-option-without-kernel 64 "^scn: run: --nodes is a host option: it goes with --kernel SPEC \(a test host\)$" \
		run --nodes 2 scenarios/ksm_unmerge.scn
	cli_says features-host-option-without-kernel 64 "^scn: features: --cpus is a host option: it goes with --kernel SPEC \(a test host\)$" \
		features --cpus 2
	cli_says repl-accel-without-kernel 64 "^scn: repl: --accel is a host option: it goes with --kernel SPEC \(a test host\)$" \
		repl --accel tcg
	cli_says check-all-points-is-plan 64 "^scn: --all-points is an option of plan$" \
		check --all-points scenarios/ksm_unmerge.scn
	cli_case run-help 0 run --help
	cli_case restore-help 0 restore --help
	cli_case knobs-operand 64 knobs extra
	# Issue 20: every option of every command, from the tables the commands
	# parse them with, is in its help and in docs/scn.1.
	if command -v python3 >/dev/null 2>&1; then
		if python3 tests/cli/options.py "$SCN" docs/scn.1 >"$OUT" 2>&1; then
			pass cli/options-documented
		else
			fail cli/options-documented "an option is missing from the help or the man page" <"$OUT"
		fi
	else
		skip cli/options-documented "python3 is not installed"
	fi
	# Issue 25: every kernel spec of the table help prints, in the README,
	# docs/testhost.md and the man page.
	if command -v python3 >/dev/null 2>&1; then
		if python3 tests/cli/specs.py "$SCN" README.md docs/testhost.md docs/scn.1 >"$OUT" 2>&1; then
			pass cli/kernel-specs-documented
		else
			fail cli/kernel-specs-documented "a kernel spec is missing from the docs" <"$OUT"
		fi
	else
		skip cli/kernel-specs-documented "python3 is not installed"
	fi
	# Issue 20, moved to 21: a kernel spec that names no kernel scn can
	# fetch, and a size no test host can have, were skips (exit 4) that a
	# test lab would not notice; they are usage errors that say what is.
	cli_says run-kernel-unknown-series 64 \
		"^scn: run: unknown kernel 'debian:6\.99' \((Debian's archive has no such series; did you mean debian:6\.[0-9]+\?|scn knows no such series, and Debian's archive cannot be asked)\): a kernel is debian:SERIES\[-FLAVOUR\], debian:PACKAGE" \
		run --kernel debian:6.99 scenarios/ksm_unmerge.scn
	# Issue 25: what a spec is, from the one table help prints too.
	cli_says run-kernel-unknown-lists-specs 64 \
		"^scn: a kernel is debian:SERIES\[-FLAVOUR\], the newest of a series \(6\.1, 6\.12,$" \
		run --kernel debian:6.99 scenarios/ksm_unmerge.scn
	cli_says run-kernel-old-series 64 "^scn: run: unknown kernel 'debian:5\.10' " \
		run --kernel debian:5.10 scenarios/ksm_unmerge.scn
	cli_says run-kernel-unknown-arm64-series 64 "^scn: run: unknown kernel 'debian:6\.99-arm64' " \
		run --kernel debian:6.99-arm64 scenarios/ksm_unmerge.scn
	cli_says exec-kernel-no-such-file 64 \
		"^scn: exec: kernel 'no-such-bzImage': No such file or directory \(a kernel is debian:SERIES" \
		exec --kernel no-such-bzImage -- true
	# Issue 25: a typo of the prefix is not taken for a file without a word.
	cli_says kernel-debian-typo 64 \
		"^scn: kernel: kernel 'debain:6\.12': No such file or directory; did you mean debian:6\.12\?" \
		kernel debain:6.12
	cli_says kernel-flavour-typo 64 "^scn: kernel: unknown kernel 'debian:6\.12-arm' \(did you mean debian:6\.12-arm64\?\)" \
		kernel debian:6.12-arm
	cli_says kernel-unknown-package 64 "^scn: kernel: unknown kernel 'debian:linux-image-0\.0\.1\+deb99-amd64' \(Debian's archive has no such package" \
		kernel debian:linux-image-0.0.1+deb99-amd64
	cli_says kernel-list-operand 64 "^scn: kernel: --list takes no SPEC$" \
		kernel --list debian:6.12
	cli_says exec-nodes-beyond 64 "^scn: --nodes '17': not a count of nodes from 1 to 16$" \
		exec --kernel debian:6.12 --nodes 17 -- true
	cli_says exec-cpus-beyond 64 "^scn: --cpus '256': not a count of CPUs from 1 to 255" \
		exec --kernel debian:6.12 --cpus 256 -- true
	cli_says exec-mem-beyond 64 "^scn: --mem '2T': not a size from 256M to 1T" \
		exec --kernel debian:6.12 --mem 2T -- true
	cli_says exec-nodes-too-small 64 "^scn: exec: --nodes 16: each node needs 128 MiB \(--mem 1024 MiB\)$" \
		exec --kernel debian:6.12 --nodes 16 --mem 1G -- true
	cli_says exec-help-limits 0 "" exec --help
	grep -q "at most 255 CPUs, 256M to 1T, 16 nodes" "$OUT" ||
		fail cli/exec-help-limits "the help does not give the limits" <"$OUT"
	# The fact arch takes uname's names (aarch64), not Debian's (arm64).
	cli_says check-assume-arch-arm64 64 "error: arch is x86_64, aarch64 or riscv64, not 'arm64'" \
		check --assume ncpus=2,arch=arm64 scenarios/ksm_unmerge.scn
	cli_case no-command 64
	cli_case unknown-command 64 frobnicate
	cli_case check-without-file 64 check
	cli_case check-unknown-option 64 check --frob scenarios/ksm_unmerge.scn
	cli_case check-missing-file 64 check tests/errors/no-such-file.scn
	# Issue 25: a missing file's nearest neighbour in its directory.
	cli_says run-missing-file-near-name 64 "^hint: did you mean 'scenarios/mmu_stress\.scn'\?$" \
		run scenarios/mmu_stres.scn
	cli_case plan-two-files 64 plan scenarios/ksm_unmerge.scn scenarios/dirty_log.scn
	cli_case version 0 version
	cli_case help 0 help
	# Issue 25: the help's exit statuses left out 3, 124 and 128+N.
	grep -Eq " 3 compare(,| or) plot (or merge )?refused" "$OUT" && grep -q " 124 --timeout" "$OUT" &&
		grep -q "128+N stopped by signal N" "$OUT" ||
		fail cli/help-exit-statuses "scn help does not list 3, 124 and 128+N" <"$OUT"
	cli_case check-two-files 0 check scenarios/ksm_unmerge.scn scenarios/dirty_log.scn
	cli_says plan-memory-is-check 64 "^scn: --memory is an option of check$" \
		plan --memory scenarios/ksm_unmerge.scn
	run_scn check --memory scenarios/ksm_unmerge.scn
	if grep -Eq '^scenarios/ksm_unmerge.scn: memory: source [0-9.]+ MiB, syntax tree [0-9.]+ MiB, IR [0-9.]+ MiB$' "$OUT"; then
		pass cli/check-memory
	else
		fail cli/check-memory "no memory line on stdout" <"$OUT"
	fi
	cli_case check-good-and-bad 65 check scenarios/ksm_unmerge.scn tests/errors/type_size_plus_duration.scn
	cli_case assume-unknown-fact 64 plan --assume ncpu=4 scenarios/ksm_unmerge.scn
	cli_case assume-wrong-type 64 plan --assume mem_total=16 scenarios/ksm_unmerge.scn
	# Issue 27: a base page size the arch has; alone, its PMD's THP size.
	cli_says assume-page-x86-16k 64 "error: x86_64 has no base pages of 16K" \
		plan --assume page_size=16K scenarios/ksm_unmerge.scn
	cli_says assume-page-arm64-8k 64 "hint: aarch64's pages are 4K, 16K or 64K" \
		plan --assume arch=aarch64,page_size=8K scenarios/ksm_unmerge.scn
	run_scn plan --assume arch=aarch64,page_size=64K scenarios/ksm_unmerge.scn
	if grep -q ' page_size=64K nr_nodes=1 thp_size=512M arch=aarch64' "$OUT"; then
		pass cli/assume-page-64k-brings-thp
	else
		fail cli/assume-page-64k-brings-thp "no thp_size=512M in the machine line" <"$OUT"
	fi
	run_cli_fifo
}

# Issue 21: a FIFO with no writer, as the file or an include, blocked
# check, plan and run in open() for ever; it is refused as /dev/zero is.
run_cli_fifo() {
	local d=$TMP/fifo cmd want rc
	mkdir -p "$d"
	mkfifo "$d/pipe.scn" || { skip cli/fifo "mkfifo failed"; return; }
	echo 'include "pipe.scn"' >"$d/inc.scn"
	for cmd in check plan run; do
		for want in 64:pipe.scn 65:inc.scn; do
			(timeout 10 "$SCN" $cmd "$d/${want#*:}" >"$OUT" 2>"$ERR"
			 exit $?) 2>/dev/null
			rc=$?
			if [ "$rc" = 124 ]; then
				fail "cli/fifo-$cmd-${want#*:}" "blocked for 10 s" </dev/null
			elif [ "$rc" != "${want%%:*}" ]; then
				fail "cli/fifo-$cmd-${want#*:}" "exit $rc, want ${want%%:*}" <"$ERR"
			elif ! grep -q "pipe.scn': not a regular file" "$ERR"; then
				fail "cli/fifo-$cmd-${want#*:}" "not refused as not a regular file" <"$ERR"
			else
				pass "cli/fifo-$cmd-${want#*:}"
			fi
		done
	done
}

# --- error corpus ---------------------------------------------------------

# compare_err NAME BASE XFAIL: stderr ($ERR) against BASE.err, exactly; a
# known bug (XFAIL, its reason) is a skip while it differs and a failure
# once it matches, so that the marker goes with the fix.
compare_err() {
	local name=$1 base=$2 xfail=$3
	if [ ! -f "$base.err" ]; then
		fail "$name" "no $base.err (UPDATE=1 writes it)" <"$ERR"
	elif cmp -s "$base.err" "$ERR"; then
		if [ -n "$xfail" ]; then
			fail "$name" "prints what $base.err expects now; remove $base.xfail" </dev/null
		else
			pass "$name"
		fi
	elif [ -n "$xfail" ]; then
		skip "$name" "known bug: $xfail"
	else
		show_diff "$base.err" "$ERR"
		fail "$name" "stderr differs from $base.err" <"$TMP/diff"
	fi
}

# check_cases GROUP DIR WANT: scn check of every DIR/NAME.scn (with the
# arguments of NAME.args) must exit WANT and print stderr exactly as
# NAME.err. An error case (65) prints nothing on stdout; a warning case
# (0) prints a warning.
check_cases() {
	local group=$1 dir=$2 want=$3 f base name rc xfail
	for f in "$dir"/*.scn; do
		[ -e "$f" ] || continue
		base=${f%.scn}
		name=$group/$(basename "$base")
		read_args "$base.args"
		run_scn check ${ARGS[@]+"${ARGS[@]}"} "$f"
		rc=$?
		xfail=""
		[ -f "$base.xfail" ] && xfail=$(first_reason "$base.xfail")
		if crashed "$rc"; then
			crash_report "$name" "$rc"
			continue
		fi
		if [ "$UPDATE" = 1 ] && [ -z "$xfail" ]; then
			cp "$ERR" "$base.err"
		fi
		if [ "$rc" != "$want" ]; then
			fail "$name" "exit $rc, want $want" <"$ERR"
		elif [ "$want" = 65 ] && [ -s "$OUT" ]; then
			fail "$name" "printed on stdout" <"$OUT"
		elif [ "$want" = 0 ] && ! grep -q ': warning: ' "$ERR"; then
			fail "$name" "no warning printed" <"$ERR"
		else
			compare_err "$name" "$base" "$xfail"
		fi
	done
}

run_errors() { check_cases errors tests/errors 65; }
run_warnings() { check_cases warnings tests/errors/warnings 0; }

# --- stress: generated inputs that must fail cleanly, never crash --------

# stress_case NAME ALLOWED_RCS (space-separated) FILE: scn check FILE must
# end with one of the codes within 20 seconds, without a crash.
stress_case() {
	local name=$1 allowed=$2 file=$3 rc
	(timeout 20 "$SCN" check "$file" >"$OUT" 2>"$ERR"; exit $?) 2>/dev/null
	rc=$?
	# Keep the excerpts short in reports: these lines are long.
	if [ "$rc" = 124 ]; then
		fail "$name" "did not finish in 20s" </dev/null
	elif crashed "$rc"; then
		cut -c1-160 "$ERR" >"$TMP/diff"
		fail "$name" "crashed (exit $rc)" <"$TMP/diff"
	elif [[ " $allowed " != *" $rc "* ]]; then
		cut -c1-160 "$ERR" >"$TMP/diff"
		fail "$name" "exit $rc, want one of: $allowed" <"$TMP/diff"
	else
		pass "$name"
	fi
}

# n copies of a string on one line.
repeat_str() {
	yes "$2" | head -n "$1" | tr -d '\n'
}

run_stress() {
	local d=$TMP/stress i
	mkdir -p "$d"
	{ printf 'param x = 1'; repeat_str 100000 '+1'; echo; } >"$d/sum.scn"
	stress_case stress/long-sum "0 65" "$d/sum.scn"
	{ printf 'param x = '; repeat_str 20000 '('; printf 1; repeat_str 20000 ')'; echo; } >"$d/parens.scn"
	stress_case stress/deep-parens "0 65" "$d/parens.scn"
	{ printf 'param x = '; repeat_str 50000 '-'; echo 1; } >"$d/neg.scn"
	stress_case stress/deep-negation "0 65" "$d/neg.scn"
	{ repeat_str 5000 'if yes {'; repeat_str 5000 '}'; echo; } >"$d/blocks.scn"
	stress_case stress/deep-blocks "0 65" "$d/blocks.scn"
	{ printf 'print "'; repeat_str 100000 '{1}'; echo '"'; } >"$d/interps.scn"
	stress_case stress/many-interpolations "0 65" "$d/interps.scn"
	seq 1 20000 | sed 's/.*/param p& = & * 4K/' >"$d/params.scn"
	stress_case stress/many-params "0" "$d/params.scn"
	seq 1 10000 | sed 's/.*/param p& = & + 1ms/' >"$d/errors.scn"
	stress_case stress/many-errors "65" "$d/errors.scn"
	{ printf '# '; repeat_str 1000000 x; echo; echo 'param x = 1'; } >"$d/longline.scn"
	stress_case stress/long-comment "0" "$d/longline.scn"
	{ printf 'print "'; repeat_str 100000 'ab'; echo '"'; } >"$d/longstring.scn"
	stress_case stress/long-string "0" "$d/longstring.scn"
	# Issue 15: a long token took time quadratic in its length (a 5 MiB
	# comment 19 s, a 16 MiB one 344 s); 16 MiB each, linear, is ~1 s.
	{ printf '# '; head -c 16777216 /dev/zero | tr '\0' x; echo; echo 'param x = 1'; } >"$d/comment16m.scn"
	stress_case stress/comment-16M "0" "$d/comment16m.scn"
	{ printf 'print "'; head -c 16777216 /dev/zero | tr '\0' a; echo '"'; } >"$d/string16m.scn"
	stress_case stress/string-16M "0" "$d/string16m.scn"
	{ printf 'print "'; head -c 16777216 /dev/zero | tr '\0' a; echo; } >"$d/unterm16m.scn"
	stress_case stress/unterminated-string-16M "65" "$d/unterm16m.scn"
	{ printf 'param x = '; head -c 16777216 /dev/zero | tr '\0' 1; echo; } >"$d/number16m.scn"
	stress_case stress/number-16M "65" "$d/number16m.scn"
	rm -f "$d"/*16m.scn
	for i in $(seq 1 20); do
		echo "include \"inc$((i + 1)).scn\"" >"$d/inc$i.scn"
	done
	echo 'param x = 1' >"$d/inc21.scn"
	stress_case stress/deep-includes "0 65" "$d/inc1.scn"
	printf 'param x = 1\n\0\0\377\376param y = 2\n' >"$d/binary.scn"
	stress_case stress/binary "64 65" "$d/binary.scn"
	printf 'param x = "\\' >"$d/eof-escape.scn"
	stress_case stress/eof-in-escape "65" "$d/eof-escape.scn"
	printf 'print "{1:%%' >"$d/eof-format.scn"
	stress_case stress/eof-in-format "65" "$d/eof-format.scn"
	: >"$d/empty.scn"
	stress_case stress/empty-file "0" "$d/empty.scn"
	# The checker follows every memslot (issue 20): 20,000 of them, placed
	# by scn and at gpas of their own, stay well inside the time.
	{ echo 'backing m type=anon size=64M'; echo 'vm g backing=m'; echo 'phase p {'
	  seq 1 20000 | sed 's/.*/host memslot add s& size=2M/'
	  seq 1 20000 | sed 's/.*/host memslot add t& size=2M gpa=(& * 2 + 1000000) * 1M/'
	  echo '}'; } >"$d/memslots.scn"
	stress_case stress/many-memslots "0" "$d/memslots.scn"
	stress_memory
}

# Issue 20: scn check of bench/gen_big.py's 100,000 lines held 126 MiB;
# the goal is under 100 MiB (bench/run.sh measures it, with the time).
stress_memory() {
	local name=stress/100k-lines-under-100MiB big=$TMP/stress/big.scn kib
	case $SCN in
	*/build-san/*) skip "$name" "a sanitizer build holds more by design"; return ;;
	esac
	if ! /usr/bin/time -f %M true >/dev/null 2>&1 || ! command -v python3 >/dev/null; then
		skip "$name" "no GNU time or python3"
		return
	fi
	python3 bench/gen_big.py 100000 >"$big"
	if ! /usr/bin/time -f %M -o "$TMP/rss" "$SCN" check "$big" >"$OUT" 2>"$ERR"; then
		fail "$name" "scn check rejects the generated file" <"$ERR"
		return
	fi
	kib=$(tail -n 1 "$TMP/rss")
	if [ "$kib" -lt $((100 * 1024)) ]; then
		pass "$name ($((kib / 1024)) MiB)"
	else
		echo "peak RSS $kib KiB" >"$TMP/diff"
		fail "$name" "scn check held $((kib / 1024)) MiB" <"$TMP/diff"
	fi
	rm -f "$big"
}

# --- scenarios and golden plans -------------------------------------------

run_scenarios() {
	local f name rc
	for f in scenarios/*.scn; do
		[ -e "$f" ] || continue
		name=check/$(basename "$f" .scn)
		run_scn check "$f"
		rc=$?
		if crashed "$rc"; then
			crash_report "$name" "$rc"
		elif [ "$rc" != 0 ]; then
			fail "$name" "exit $rc, want 0" <"$ERR"
		elif [ -s "$ERR" ]; then
			fail "$name" "printed on stderr" <"$ERR"
		else
			pass "$name"
		fi
	done
}

# plan_case NAME GOLDEN ARGS...
plan_case() {
	local name=$1 golden=$2 rc
	shift 2
	run_scn plan --assume "$ASSUME" "$@"
	rc=$?
	if crashed "$rc"; then
		crash_report "$name" "$rc"
		return
	fi
	if [ "$UPDATE" = 1 ] && [ "$rc" = 0 ]; then
		cp "$OUT" "$golden"
	fi
	if [ "$rc" != 0 ]; then
		fail "$name" "exit $rc, want 0" <"$ERR"
	elif [ ! -f "$golden" ]; then
		fail "$name" "no $golden (UPDATE=1 writes it)" </dev/null
	elif cmp -s "$golden" "$OUT"; then
		pass "$name"
	else
		show_diff "$golden" "$OUT"
		fail "$name" "plan differs from $golden" <"$TMP/diff"
	fi
}

run_plans() {
	local f stem base
	local -A seen=()
	[ "$UPDATE" = 1 ] && mkdir -p tests/golden
	for f in scenarios/*.scn tests/golden/*.plan tests/golden/*.args \
		 tests/golden/*.scn; do
		[ -e "$f" ] || continue
		stem=$(basename "$f")
		stem=${stem%.*}
		[ -n "${seen[$stem]:-}" ] && continue
		seen[$stem]=1
		base=tests/golden/$stem
		if [ -f "$base.args" ]; then
			read_args "$base.args"
			plan_case "plan/$stem" "$base.plan" ${ARGS[@]+"${ARGS[@]}"}
		elif [ -f "$base.scn" ]; then
			plan_case "plan/$stem" "$base.plan" "$base.scn"
		elif [ -f "scenarios/$stem.scn" ]; then
			plan_case "plan/$stem" "$base.plan" "scenarios/$stem.scn"
		else
			fail "plan/$stem" "no input: neither $base.args, $base.scn nor scenarios/$stem.scn" </dev/null
		fi
	done
}

# --- docs -----------------------------------------------------------------

run_docs() {
	local doc
	for doc in docs/*.md; do
		run_doc "$doc"
	done
	if command -v python3 >/dev/null 2>&1; then
		run_script docs tests/docs/commands.sh
	else
		skip docs/commands "python3 is not installed"
	fi
}

run_doc() {
	local doc=$1 dir=$TMP/docs/$(basename "$1" .md) line kind rc name
	mkdir -p "$dir"
	# Blocks may include the shipped scenarios by name.
	cp scenarios/*.scn "$dir/" 2>/dev/null
	# Each block goes to language-LINE.scn (LINE: its first line in the
	# doc); the list of "LINE KIND" pairs to blocks.txt.
	awk -v dir="$dir" '
		function open_block(kind) {
			inb = 1
			file = sprintf("%s/language-%d.scn", dir, NR + 1)
			printf "" > file
			print NR + 1, kind > (dir "/blocks.txt")
		}
		inb && /^[ \t]*```[ \t]*$/ { inb = 0; close(file); next }
		inb { print > file; next }
		/^[ \t]*```scn-error[ \t]*$/ { open_block("error"); next }
		/^[ \t]*```scn[ \t]*$/ { open_block("ok"); next }
	' "$doc"
	[ -f "$dir/blocks.txt" ] || return 0
	while read -r line kind; do
		name="$doc:$line"
		(cd "$dir" && "$SCN" check "language-$line.scn" >"$OUT" 2>"$ERR" </dev/null
		 exit $?) 2>/dev/null
		rc=$?
		if crashed "$rc"; then
			crash_report "$name" "$rc"
		elif [ "$kind" = ok ] && [ "$rc" != 0 ]; then
			fail "$name" "a scn block fails to check (exit $rc)" <"$ERR"
		elif [ "$kind" = error ] && [ "$rc" != 65 ]; then
			fail "$name" "a scn-error block gives exit $rc, want 65" <"$ERR"
		else
			pass "$name"
		fi
	done <"$dir/blocks.txt"
}

# --- the runtime on this machine's kernel, and results ---------------------
# Each script of a group prints "ok NAME", "FAIL NAME: why" or "skip NAME: why".

# run_script GROUP SCRIPT [SCN]: the script's ok/FAIL/skip lines, counted
# under GROUP; it tests SCN (default: the binary under test).
run_script() {
	local group=$1 t=$2 scn=${3:-$SCN} line t0=$SECONDS
	while IFS= read -r line; do
		case $line in
		"ok "*) pass "$group/${line#ok }" ;;
		"FAIL "*) fail "$group/${line#FAIL }" "" </dev/null ;;
		"skip "*) nskip=$((nskip + 1)); echo "skip $group/${line#skip }" ;;
		*) echo "    $line" ;;
		esac
	done < <(SCN=$scn bash "$t" 2>&1)
	echo "#   $t: $((SECONDS - t0)) s"
}

run_group() {
	local group=$1 dir=$2 t
	for t in "$dir"/*.sh; do
		[ "$(basename "$t")" = lib.sh ] && continue
		case ${testhost_lane:-} in
		*" $t "*) continue ;;	# the test-host lane's
		esac
		run_script "$group" "$t"
	done
}

# --- scn builds with clang too, warnings as errors -------------------------

run_clang() {
	if ! command -v clang >/dev/null 2>&1; then
		skip build/clang "clang is not installed"
		return
	fi
	if make -s -j2 BUILD=build-clang CC=clang scn >"$OUT" 2>&1; then
		pass "build/clang: scn builds with clang -Werror"
	else
		fail build/clang "make CC=clang failed" <"$OUT"
	fi
}

# --- a sanitizer slice: scn built with ASan and UBSan on host paths -------
# The scripts whose threads, signals and saves have found bugs that only a
# sanitizer shows; SAN_SLICE=0 skips it (make SAN=1 takes a minute).

run_san() {
	local t
	if [ "${SAN_SLICE:-1}" = 0 ]; then
		skip san "SAN_SLICE=0"
		return
	fi
	case $SCN in
	*/build-san/scn) skip san "the whole suite runs the sanitizer build"; return ;;
	esac
	# The build was started beside the test hosts (lane builds); wait for it.
	if ! join_lane builds || [ ! -x build-san/scn ]; then
		skip san "the sanitizer build did not finish"
		return
	fi
	if [ -s "$TMP/san-build.fail" ]; then
		fail san "make SAN=1 failed" <"$TMP/san-build.fail"
		return
	fi
	for t in tests/runtime/host_fault.sh tests/runtime/signals.sh \
		 tests/runtime/uffd.sh tests/repl/repl.sh; do
		run_script san "$t" "$PWD/build-san/scn"
	done
}

# --- a short fuzz slice: the regressions replayed, then FUZZ_SECONDS ------

run_fuzz() {
	local secs=${FUZZ_SECONDS:-30}
	if [ "$secs" = 0 ]; then
		skip fuzz "FUZZ_SECONDS=0"
		return
	fi
	if ! command -v clang >/dev/null 2>&1; then
		skip fuzz "clang is not installed"
		return
	fi
	if tests/fuzz/run.sh "$secs" >"$OUT" 2>&1; then
		pass "fuzz: regressions replayed, ${secs}s of fuzzing without a crash"
	else
		fail fuzz "the fuzzer found a crash, leak or timeout" <"$OUT"
	fi
}

# timed WHAT CMD...: CMD, then a comment with its seconds, so that the
# suite's time budget (well under 15 minutes on 2 CPUs) can be read off a
# CI log group by group.
timed() {
	local what=$1 t0=$SECONDS
	shift
	"$@"
	echo "# $what: $((SECONDS - t0)) s"
}

# --- lanes: work that shares nothing with the rest, run beside it ----------
# The suite is CPU-bound about half the time and waits on a test host's
# boot or TCG the other half (measured: 944 s of CPU in 972 s on 2 CPUs).
# Two lanes run beside the main one: "builds" (the clang, sanitizer and
# fuzz builds and the fuzz slice: compilers, no knob, no lock) and
# "testhost" (scripts whose every run is in a test host, so no knob of
# this machine moves under the main lane's knob checks). Each lane counts
# in a subshell of its own; join_lane prints its log and adds its counts.
# SCN_TEST_LANES=1 runs everything in order in this shell.

declare -A lane_pid=()
lane() {
	local name=$1
	shift
	if [ "${SCN_TEST_LANES:-3}" = 1 ]; then
		"$@"
		return
	fi
	(
		OUT=$TMP/lane.$name.out ERR=$TMP/lane.$name.err
		npass=0 nfail=0 nskip=0 failed=()
		"$@"
		declare -p npass nfail nskip failed >"$TMP/lane.$name.counts"
	) >"$TMP/lane.$name.log" 2>&1 </dev/null &
	lane_pid[$name]=$!
}

# join_lane NAME: wait for the lane, print its log, add its counts (once).
join_lane() {
	local name=$1 pid=${lane_pid[$1]:-}
	[ -z "$pid" ] && return 0
	unset "lane_pid[$name]"
	wait "$pid"
	echo "# --- lane $name ---"
	cat "$TMP/lane.$name.log"
	if [ ! -s "$TMP/lane.$name.counts" ]; then
		fail "lane/$name" "the lane ended without its counts" </dev/null
		return 1
	fi
	local p f k
	p=$npass f=$nfail k=$nskip
	local -a before=("${failed[@]}")
	# declare -p's lines, sourced in a function, would make its locals
	# (and the lane's counts would be lost): -g makes them the globals.
	# shellcheck disable=SC1090
	. <(sed 's/^declare /declare -g /' "$TMP/lane.$name.counts")
	npass=$((p + npass)) nfail=$((f + nfail)) nskip=$((k + nskip))
	failed=("${before[@]}" "${failed[@]}")
	return 0
}

# The builds lane: clang -Werror, then the sanitizer build (run_san runs
# its scripts in the main lane, at the end: they set knobs), then fuzzing.
lane_builds() {
	timed clang run_clang
	if [ "${SAN_SLICE:-1}" != 0 ]; then
		case $SCN in
		*/build-san/scn) ;;
		*) make -s -j2 SAN=1 scn >"$TMP/san-build.log" 2>&1 ||
			cp "$TMP/san-build.log" "$TMP/san-build.fail" ;;
		esac
	fi
	timed fuzz run_fuzz
}

# The test-host lane: scripts that boot test hosts and run nothing of scn
# on this machine but fetches, checks, SKIP paths and result files (no
# knob, no lock), counted under their own groups. The main lane runs the
# rest of their groups (run_group leaves these out). It starts after the
# docs, as the builds lane's compilers wind down, and is about as long as
# the main lane's rest (each lane's seconds are in the log).
testhost_lane=" tests/testhost/built.sh tests/testhost/kernels.sh
	tests/testhost/lifecycle.sh tests/testhost/kernel_axis.sh tests/testhost/share.sh
	tests/testhost/sweep.sh tests/testhost/usercache.sh tests/testhost/pfnmap.sh
	tests/testhost/arm64.sh tests/testhost/riscv64.sh tests/kvm/portable.sh "
testhost_lane=$(echo $testhost_lane)	# one blank between names
testhost_lane=" $testhost_lane "

lane_testhost() {
	local t g t0=$SECONDS
	for t in $testhost_lane; do
		g=${t#tests/}
		run_script "${g%%/*}" "$t"
	done
	timed memcg run_group memcg tests/memcg
	echo "# testhost lane: $((SECONDS - t0)) s"
}

t_start=$SECONDS
# A SAN=1 suite runs no second sanitizer build, but still the builds lane.
lane builds lane_builds
timed units run_units
timed cli run_cli
timed errors run_errors
timed warnings run_warnings
timed stress run_stress
timed check run_scenarios
timed plans run_plans
timed docs run_docs
lane testhost lane_testhost
timed runtime run_group runtime tests/runtime
timed results run_group results tests/results
timed testhost run_group testhost tests/testhost
timed kvm run_group kvm tests/kvm
timed seeds run_group seeds tests/seeds
timed repl run_group repl tests/repl
timed san run_san
join_lane builds
join_lane testhost
echo "# all: $((SECONDS - t_start)) s"

# The failures again at the end, where a CI log's tail shows them.
if [ "$nfail" -gt 0 ]; then
	echo "# the failures:"
	printf '#   %.300s\n' "${failed[@]:0:60}"
fi
echo "$npass passed, $nfail failed, $nskip skipped"
[ "$nfail" = 0 ]
