#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# A state directory another user owns or can write is refused (issue 21):
# root's scn made its lock and journal at links that user planted there,
# and after a SIGKILL that user could swap in a journal of its own, which
# "scn restore" replayed as root. Refused too: a lock that is a link, and
# a journal that is not root's alone, which restore leaves unreplayed.
# Every journal planted here names the knob's current value, so that a
# replay by a scn without the fix changes nothing on the machine.
cd "$(dirname "$0")/../.."
. tests/runtime/lib.sh

if ! need_root; then
	skip "state directories" "not root: knobs need root"
	exit 0
fi
k=/sys/kernel/mm/ksm/sleep_millisecs
if [ ! -w $k ]; then
	skip "state directories" "no KSM here ($k)"
	exit 0
fi
b=$(knob $k)
printf 'set ksm.sleep_millisecs = %s\nphase p { sleep 1ms }\n' "$((b + 1))" >"$TMP/set.scn"

# refused NAME DIR WANT: a run with --state-dir DIR fails before any
# knob is set, its stderr matching WANT, nothing made in DIR.
refused() {
	local before
	before=$(ls -A "$2" | tr '\n' ' ')
	"$SCN" run -q $WAIT --state-dir "$2" "$TMP/set.scn" >"$TMP/out" 2>&1
	rc=$?
	if [ $rc = 0 ] || ! grep -q "$3" "$TMP/out"; then
		fail "$1" "exit $rc: $(head -n 3 "$TMP/out")"
	elif [ "$(knob $k)" != "$b" ]; then
		fail "$1" "ksm.sleep_millisecs is $(cat $k), was $b"
	elif [ "$(ls -A "$2" | tr '\n' ' ')" != "$before" ]; then
		fail "$1" "made in $2: $(ls -A "$2" | tr '\n' ' ')"
	else
		ok "$1"
	fi
}

mkdir -p "$TMP/theirs"
chown 65534:65534 "$TMP/theirs"
ln -s "$TMP/victim" "$TMP/theirs/journal.planted"
refused "a state directory of another user's is refused" "$TMP/theirs" \
	"state directory '$TMP/theirs' belongs to uid 65534, not to root: refused"

mkdir -p "$TMP/open"
chmod 0777 "$TMP/open"
refused "a state directory others can write is refused" "$TMP/open" \
	"state directory '$TMP/open' is writable by others: refused"

mkdir -p "$TMP/linked"
chmod 0700 "$TMP/linked"
ln -s "$TMP/lock-target" "$TMP/linked/lock"
refused "a lock that is a symbolic link is not followed" "$TMP/linked" \
	"open($TMP/linked/lock): Too many levels of symbolic links"
[ -e "$TMP/lock-target" ] && fail "a lock that is a symbolic link is not followed" \
	"$TMP/lock-target was made"

# A journal of another user's in a directory of root's: not replayed.
mkdir -p "$TMP/planted"
chmod 0700 "$TMP/planted"
printf 'ksm.sleep_millisecs\t%s\n' "$b" >"$TMP/planted/journal"
chown 65534:65534 "$TMP/planted/journal"
"$SCN" restore "$TMP/planted" >"$TMP/out" 2>&1
rc=$?
if [ $rc != 0 ] && grep -q "'$TMP/planted/journal' belongs to uid 65534 with mode 0644, not to root alone: not replayed" "$TMP/out" &&
   [ -e "$TMP/planted/journal" ] && ! grep -q restored "$TMP/out"; then
	ok "restore leaves a journal of another user's unreplayed"
else
	fail "restore leaves a journal of another user's unreplayed" "exit $rc: $(head -n 3 "$TMP/out")"
fi
chown 0:0 "$TMP/planted/journal"
chmod 0666 "$TMP/planted/journal"
"$SCN" restore "$TMP/planted" >"$TMP/out" 2>&1
rc=$?
if [ $rc != 0 ] && grep -q "mode 0666, not to root alone: not replayed" "$TMP/out"; then
	ok "restore leaves a journal others can write unreplayed"
else
	fail "restore leaves a journal others can write unreplayed" "exit $rc: $(head -n 3 "$TMP/out")"
fi
chmod 0777 "$TMP/planted"
chmod 0600 "$TMP/planted/journal"
"$SCN" restore "$TMP/planted" >"$TMP/out" 2>&1
rc=$?
if [ $rc != 0 ] && grep -q "is writable by others: refused" "$TMP/out"; then
	ok "restore refuses a state directory others can write"
else
	fail "restore refuses a state directory others can write" "exit $rc: $(head -n 3 "$TMP/out")"
fi
# Root's own journal in root's own directory still replays.
chmod 0700 "$TMP/planted"
"$SCN" restore "$TMP/planted" >"$TMP/out" 2>&1
rc=$?
if [ $rc = 0 ] && grep -q "1 knob restored" "$TMP/out" && [ ! -e "$TMP/planted/journal" ]; then
	ok "restore replays root's own journal"
else
	fail "restore replays root's own journal" "exit $rc: $(head -n 3 "$TMP/out")"
fi
