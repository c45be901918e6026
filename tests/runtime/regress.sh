#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Regressions of scn run, one file per fixed bug: tests/runtime/regress/
# NAME.scn runs with "scn run -q --state-dir DIR" and must end as its
# header says:
#   # args: --timeout 1          more options before the file
#   # exit: 1                    the exit code (0 when absent)
#   # stderr: REGEX              a line of stderr matches (grep -E); repeatable
#   # stdout: REGEX              the same for stdout
#   # ulimit: -v 300000          limits for the run (not under ASan, which
#                                reserves terabytes of address space)
# A run that exits 4 where 4 is not expected is a skip with scn's reason
# (the scenario's require lines say what it needs). Every knob the file
# sets must read as before afterwards, and no journal may stay. A run
# still going after 30 s is a hang (none takes more than a few seconds).
cd "$(dirname "$0")/../.."
. tests/runtime/lib.sh

# The value of a knob now, as "scn knobs" shows it.
knob_now() {
	"$SCN" knobs | awk -v k="$1" '$1 == k { print $2 }'
}

for f in tests/runtime/regress/*.scn; do
	[ -e "$f" ] || continue
	name=regress/$(basename "$f" .scn)
	args=() want=0 errs=() outs=() limit=""
	while IFS= read -r line; do
		case $line in
		'# args: '*) read -r -a args <<<"${line#'# args: '}" ;;
		'# exit: '*) want=${line#'# exit: '} ;;
		'# stderr: '*) errs+=("${line#'# stderr: '}") ;;
		'# stdout: '*) outs+=("${line#'# stdout: '}") ;;
		'# ulimit: '*) limit=${line#'# ulimit: '} ;;
		esac
	done <"$f"
	if [ -n "$limit" ] && ldd "$SCN" 2>/dev/null | grep -q libasan; then
		skip "$name" "ulimit $limit cannot hold an ASan build"
		continue
	fi
	# The knobs it sets, and their values before.
	declare -A before=()
	for k in $(grep -oE '\b(ksm|thp|hugetlb|kernel|vm)\.[a-z_.0-9]+ *=' "$f" | tr -d ' ='); do
		before[$k]=$(knob_now "$k")
	done
	# In a subshell: the shell's "Killed" line of a hang stays out.
	(if [ -n "$limit" ]; then ulimit $limit || exit 2; fi
	 timeout -s KILL 30 "$SCN" run -q --state-dir "$STATE" ${args[@]+"${args[@]}"} \
		"$f" >"$TMP/out" 2>"$TMP/err"; exit $?) 2>/dev/null
	rc=$?
	why=""
	if [ "$rc" = 4 ] && [ "$want" != 4 ]; then
		skip "$name" "$(grep -m1 '^# SKIP' "$TMP/out" "$TMP/err" | sed 's/.*# SKIP //')"
		continue
	fi
	[ "$rc" = 137 ] && why="still running after 30 s: killed"
	[ -z "$why" ] && [ "$rc" != "$want" ] && why="exit $rc, want $want"
	for re in ${errs[@]+"${errs[@]}"}; do
		[ -z "$why" ] && ! grep -qE -- "$re" "$TMP/err" && why="stderr lacks /$re/"
	done
	for re in ${outs[@]+"${outs[@]}"}; do
		[ -z "$why" ] && ! grep -qE -- "$re" "$TMP/out" && why="stdout lacks /$re/"
	done
	for k in "${!before[@]}"; do
		now=$(knob_now "$k")
		[ -z "$why" ] && [ "$now" != "${before[$k]}" ] &&
			why="$k is $now after the run, ${before[$k]} before"
	done
	[ -z "$why" ] && [ -e "$STATE/journal" ] && why="the journal stayed"
	if [ -n "$why" ]; then
		fail "$name" "$why: $(head -c 600 "$TMP/err")"
		[ -e "$STATE/journal" ] && "$SCN" restore "$STATE" >/dev/null 2>&1
	else
		ok "$name"
	fi
	unset before
done
