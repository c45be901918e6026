#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Files scn writes where the user says (issue 21): -o of scn run and of a
# suite, scn plot -o and the REPL's save write a new file beside the name
# and rename it over the name, so that a symbolic link another user
# planted there (in a sticky, world-writable directory, as /tmp is, with
# fs.protected_symlinks off) is replaced, never followed: root's file it
# points to stays as it was. A device (/dev/null) is written as it is; a
# link of another user's to one is refused. --console-log is checked in
# tests/testhost/lifecycle.sh.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh

if ! need_root; then
	skip "output files" "needs root (to plant another user's links)"
	exit 0
fi
PUB=$TMP/pub
mkdir -p "$PUB"
chmod 1777 "$PUB"
VICTIM=$TMP/victim
echo secret >"$VICTIM"
chmod 600 "$VICTIM"
# plant NAME TARGET: a link at $PUB/NAME to TARGET, owned by nobody.
plant() {
	ln -sfn "$2" "$PUB/$1"
	chown -h 65534:65534 "$PUB/$1"
}
# intact NAME FILE WHAT: the victim unchanged and FILE a regular file now.
intact() {
	if [ "$(cat "$VICTIM")" != secret ]; then
		fail "$1" "the file the link pointed to now holds: $(head -c 80 "$VICTIM")"
		echo secret >"$VICTIM"
	elif [ -L "$2" ] || [ ! -f "$2" ]; then
		fail "$1" "$2 is not a regular file of scn's: $(ls -l "$2")"
	elif ! grep -q "$3" "$2"; then
		fail "$1" "$2 lacks $3: $(head -c 120 "$2")"
	else
		ok "$1"
	fi
}

plant r.json "$VICTIM"
"$SCN" run -q --format json -o "$PUB/r.json" tests/cli/sleep.scn 2>"$TMP/err"
rc=$?
if [ $rc != 0 ]; then
	fail "run -o through a planted link" "exit $rc: $(head -n 3 "$TMP/err")"
else
	intact "run -o: a planted link is replaced, its target untouched" "$PUB/r.json" '"scenario"'
fi

mkdir -p "$TMP/suite"
cp tests/cli/sleep.scn "$TMP/suite/"
plant s.ktap "$VICTIM"
"$SCN" run -q -o "$PUB/s.ktap" "$TMP/suite" >/dev/null 2>"$TMP/err"
rc=$?
if [ $rc != 0 ]; then
	fail "a suite's -o through a planted link" "exit $rc: $(head -n 3 "$TMP/err")"
else
	intact "a suite's -o: a planted link is replaced, its target untouched" "$PUB/s.ktap" 'TAP version'
fi

if command -v gnuplot >/dev/null 2>&1; then
	plant p.svg "$VICTIM"
	"$SCN" plot tests/results/base.json -o "$PUB/p.svg" 2>"$TMP/err"
	rc=$?
	if [ $rc != 0 ]; then
		fail "plot -o through a planted link" "exit $rc: $(head -n 3 "$TMP/err")"
	else
		intact "plot -o: a planted link is replaced, its target untouched" "$PUB/p.svg" '<svg'
	fi
else
	skip "plot -o through a planted link" "gnuplot is not installed"
fi

plant saved.scn "$VICTIM"
printf 'param n = 3\nsave %s\n' "$PUB/saved.scn" | "$SCN" repl >/dev/null 2>"$TMP/err"
intact "the REPL's save: a planted link is replaced, its target untouched" "$PUB/saved.scn" 'param n = 3'

# A device is written as it is; another user's link to one is not followed.
"$SCN" run -q --format json -o /dev/null tests/cli/sleep.scn 2>"$TMP/err"
rc=$?
if [ $rc = 0 ] && [ -c /dev/null ]; then
	ok "run -o /dev/null: written as it is"
else
	fail "run -o /dev/null" "exit $rc: $(head -n 2 "$TMP/err")"
fi
plant null /dev/null
"$SCN" run -q --format json -o "$PUB/null" tests/cli/sleep.scn 2>"$TMP/err"
rc=$?
if [ $rc = 73 ] && grep -q "cannot write '$PUB/null': Too many levels of symbolic links" "$TMP/err"; then
	ok "run -o through another user's link to a device: refused, exit 73"
else
	fail "run -o through another user's link to a device" "exit $rc: $(head -n 2 "$TMP/err")"
fi
