#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Builds the front end and tests/fuzz/fuzz_check.c with libFuzzer, ASan and
# UBSan into build-fuzz/, replays tests/fuzz/regressions/*, then fuzzes for
# SECONDS (default 60) on a working copy of tests/fuzz/corpus/ plus every
# file of scenarios/. Exits non-zero when a regression input or the fuzzer
# finds a crash, a leak, a timeout or an out-of-memory, and prints the path
# of each reproducer. Then fuzzes the result reader of compare and plot
# (tests/fuzz/fuzz_result.c: json_in and result_file) for a quarter of
# SECONDS, from the crafted results of tests/results/.
#
#   tests/fuzz/run.sh [SECONDS]        (make fuzz FUZZ_SECONDS=N)
#
# Environment: FUZZ_JOBS=N runs N fuzzers in parallel (-fork=N); FUZZ_FRESH=1
# starts the working corpus again from the seeds; FUZZ_ARGS adds libFuzzer
# flags. The fuzzer runs in build-fuzz/fuzz/cwd, which holds only copies of
# scenarios/*.scn and of tests/fuzz/include/ (include cycles, a chain deeper
# than the limit, a binary file, a directory dir.scn, "include ... with"
# targets), so those includes resolve and any other relative include names
# a missing file.
set -eu

seconds=${1:-60}
case $seconds in
'' | *[!0-9]*)
	echo "usage: $0 [SECONDS]" >&2
	exit 64
	;;
esac

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
build=build-fuzz
work=$build/fuzz
bin=$build/fuzz_check
cc=${FUZZ_CC:-clang}

if ! command -v "$cc" >/dev/null 2>&1; then
	echo "fuzz: $cc not found (libFuzzer needs clang)" >&2
	exit 70
fi

# The library as the Makefile builds it, with the fuzzer's instrumentation.
# clang warns where gcc does not (-Wsometimes-uninitialized); a warning
# must not stop the fuzz build, so -Werror is lifted here alone.
san="-fsanitize=address,undefined -fno-sanitize-recover=all"
cflags="-O1 -g -fno-omit-frame-pointer $san -fsanitize=fuzzer-no-link -Wno-error"
echo "fuzz: building $build/libscn.a and $bin"
make -s BUILD=$build CC="$cc" CFLAGS="$cflags" $build/libscn.a
"$cc" -std=c11 -D_GNU_SOURCE -O1 -g -fno-omit-frame-pointer $san \
	-fsanitize=fuzzer -Wall -Wextra -o "$bin" tests/fuzz/fuzz_check.c \
	$build/libscn.a -lnuma -lpthread -lm
# The result reader of compare and plot: files from other machines.
json_bin=$build/fuzz_result
"$cc" -std=c11 -D_GNU_SOURCE -O1 -g -fno-omit-frame-pointer $san \
	-fsanitize=fuzzer -Wall -Wextra -o "$json_bin" tests/fuzz/fuzz_result.c \
	$build/libscn.a -lnuma -lpthread -lm

rm -rf "$work/cwd"
mkdir -p "$work/cwd/dir.scn" "$work/artifacts"
[ "${FUZZ_FRESH:-0}" = 1 ] && rm -rf "$work/corpus"
mkdir -p "$work/corpus"
cp scenarios/*.scn "$work/cwd/"
cp -R tests/fuzz/include/. "$work/cwd/"
cp tests/fuzz/corpus/* "$work/corpus/"
for f in scenarios/*.scn; do
	cp "$f" "$work/corpus/scenario_$(basename "$f")"
done
rm -f "$work"/artifacts/crash-* "$work"/artifacts/leak-* \
	"$work"/artifacts/timeout-* "$work"/artifacts/oom-* "$work"/artifacts/result-*

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
fuzzer="$root/$bin"
dict="$root/tests/fuzz/scn.dict"
common="-max_len=4096 -timeout=5 -rss_limit_mb=2048 -dict=$dict"

# Fixed crashes stay fixed: every saved reproducer must run clean.
status=0
nreg=0
for f in tests/fuzz/regressions/*; do
	[ -f "$f" ] || continue
	case $(basename "$f") in README*) continue ;; esac
	nreg=$((nreg + 1))
	if ! (cd "$work/cwd" && "$fuzzer" $common "$root/$f" \
		</dev/null >"$root/$work/replay.log" 2>&1); then
		echo "fuzz: regression $f fails again:" >&2
		grep -E 'ERROR|SUMMARY|runtime error|^    #[0-9] ' \
			"$work/replay.log" | head -20 >&2
		status=1
	fi
done
if [ $status != 0 ]; then
	echo "fuzz: $nreg regression inputs replayed, FAILED" >&2
	exit 1
fi
echo "fuzz: $nreg regression inputs replayed, clean"

echo "fuzz: fuzzing for ${seconds}s (log: $work/fuzz.log)"
fork=""
[ -n "${FUZZ_JOBS:-}" ] && fork="-fork=$FUZZ_JOBS -ignore_crashes=0"
set +e
(cd "$work/cwd" && "$fuzzer" $common $fork -max_total_time="$seconds" \
	-print_final_stats=1 -artifact_prefix="$root/$work/artifacts/" \
	${FUZZ_ARGS:-} "$root/$work/corpus" </dev/null >"$root/$work/fuzz.log" 2>&1)
rc=$?
set -e

# The last status line and the totals.
grep -E '^#[0-9]+' "$work/fuzz.log" | tail -1 || true
grep -E '^stat::(number_of_executed_units|peak_rss_mb)' "$work/fuzz.log" || true
echo "fuzz: corpus $work/corpus holds $(ls "$work/corpus" | wc -l) inputs"

found=0
for a in "$work"/artifacts/crash-* "$work"/artifacts/leak-* \
	"$work"/artifacts/timeout-* "$work"/artifacts/oom-*; do
	[ -f "$a" ] || continue
	found=1
	echo "fuzz: reproducer $root/$a" >&2
done
if [ $found = 1 ] || [ $rc != 0 ]; then
	echo "fuzz: the fuzzer stopped (exit $rc); the report:" >&2
	grep -E 'ERROR|SUMMARY|runtime error|^    #[0-9] |Test unit written' \
		"$work/fuzz.log" | head -40 >&2
	echo "fuzz: replay with (cd $work/cwd && $fuzzer FILE);" \
		"minimize with -minimize_crash=1 -runs=100000 FILE;" \
		"keep it as tests/fuzz/regressions/NAME" >&2
	exit 1
fi
echo "fuzz: no crash, leak or timeout in ${seconds}s"

# The result reader: a quarter of the time, from the crafted results.
json_seconds=$((seconds / 4 + 1))
mkdir -p "$work/json_corpus"
cp tests/results/*.json "$work/json_corpus/"
echo "fuzz: the result reader for ${json_seconds}s (log: $work/fuzz_result.log)"
set +e
"$root/$json_bin" -max_len=16384 -timeout=5 -rss_limit_mb=2048 \
	-max_total_time="$json_seconds" -print_final_stats=1 \
	-artifact_prefix="$root/$work/artifacts/result-" "$work/json_corpus" \
	</dev/null >"$work/fuzz_result.log" 2>&1
rc=$?
set -e
grep -E '^stat::number_of_executed_units' "$work/fuzz_result.log" || true
if [ $rc != 0 ] || ls "$work"/artifacts/result-* >/dev/null 2>&1; then
	echo "fuzz: the result reader fuzzer stopped (exit $rc); the report:" >&2
	grep -E 'ERROR|SUMMARY|runtime error|^    #[0-9] |Test unit written' \
		"$work/fuzz_result.log" | head -40 >&2
	exit 1
fi
echo "fuzz: result reader: no crash, leak or timeout in ${json_seconds}s"
