#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The sweep of killed launches' work directories removes only scn's own
# (issue 24): a scn-testhost.PID.* of a dead pid goes only if it is a
# real directory of this user's that holds the marker scn writes at its
# making; another user's (with a link to a root-only file inside), a link,
# and one of root's without the marker are left. Nothing boots: QEMU is a
# stand-in that answers --version and fails, and the sweep comes before
# it, once the cached kernel is resolved.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
. tests/testhost/lib.sh
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac
K=${SCN_TEST_KERNEL:-debian:6.12}

if ! need_root; then
	skip "test-host sweep" "not root: another user's directory cannot be planted"
	exit 0
fi
if ! "$SCN" kernel "$K" >"$TMP/k" 2>"$TMP/kerr"; then
	skip "test-host sweep" "no $K here: $(tail -n 1 "$TMP/kerr")"
	exit 0
fi
mkdir -p "$TMP/bin" "$TMP/tmpdir"
cat >"$TMP/bin/qemu" <<'EOF'
#!/bin/sh
[ "$1" = --version ] && { echo "QEMU emulator version 7.2.22 (a stand-in)"; exit 0; }
echo "qemu: a stand-in that boots nothing" >&2
exit 1
EOF
chmod +x "$TMP/bin/qemu"

# A pid above pid_max is never alive: each planted directory is an orphan's.
dead=$(($(cat /proc/sys/kernel/pid_max) + 1))
T=$TMP/tmpdir
# Root's own: the file a planted link names.
mkdir -m 0700 "$TMP/rootonly"
echo secret >"$TMP/rootonly/secret"
chmod 0600 "$TMP/rootonly/secret"

# Another user's, with scn's marker and links to the root-only file.
theirs=$T/scn-testhost.$dead.theirs
mkdir -p "$theirs/d"
echo "scn $dead" >"$theirs/.scn-made"
ln -s "$TMP/rootonly/secret" "$theirs/d/link"
ln -s "$TMP/rootonly" "$theirs/dirlink"
chown -R -h 65534:65534 "$theirs"
# Root's, but not made by scn (no marker).
unmarked=$T/scn-testhost.$dead.unmarked
mkdir -p "$unmarked"
echo keep >"$unmarked/file"
# A link named like a work directory, to a marked directory of root's.
mkdir -p "$TMP/elsewhere"
echo "scn $dead" >"$TMP/elsewhere/.scn-made"
echo keep >"$TMP/elsewhere/file"
ln -s "$TMP/elsewhere" "$T/scn-testhost.$dead.link"
# Root's own, marked, as a killed launch leaves it: swept, its links only.
mine=$T/scn-testhost.$dead.mine
mkdir -p "$mine/share"
echo "scn $dead" >"$mine/.scn-made"
ln -s "$TMP/rootonly/secret" "$mine/share/status"
ln -s "$TMP/rootonly" "$mine/share/dir"

TMPDIR=$T SCN_QEMU=$TMP/bin/qemu "$SCN" exec -q --kernel "$K" -- true >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc != 4 ] || ! grep -q 'QEMU could not run the test host' "$TMP/err"; then
	fail "test-host sweep: a launch with a stand-in QEMU" "exit $rc: $(tail -n 2 "$TMP/err")"
fi
if [ -f "$TMP/rootonly/secret" ] && [ "$(cat "$TMP/rootonly/secret")" = secret ]; then
	ok "test-host sweep: a root-only file that planted links name is kept"
else
	fail "test-host sweep: a root-only file that planted links name is kept" "$(ls -la "$TMP/rootonly")"
fi
if [ -L "$theirs/d/link" ] && [ -L "$theirs/dirlink" ] && [ -f "$theirs/.scn-made" ]; then
	ok "test-host sweep: another user's directory is left whole"
else
	fail "test-host sweep: another user's directory is left whole" "$(ls -laR "$theirs" 2>&1 | head -n 8 | tr '\n' ' ')"
fi
if [ -f "$unmarked/file" ]; then
	ok "test-host sweep: a directory of root's without scn's marker is left"
else
	fail "test-host sweep: a directory of root's without scn's marker is left" "it is gone"
fi
if [ -L "$T/scn-testhost.$dead.link" ] && [ -f "$TMP/elsewhere/file" ] &&
   [ -f "$TMP/elsewhere/.scn-made" ]; then
	ok "test-host sweep: a link is left, and what it names"
else
	fail "test-host sweep: a link is left, and what it names" "$(ls -la "$T" "$TMP/elsewhere" | tr '\n' ' ')"
fi
if [ ! -e "$mine" ] && [ ! -L "$mine" ]; then
	ok "test-host sweep: root's own marked work directory of a dead pid is removed"
else
	fail "test-host sweep: root's own marked work directory is removed" "$(ls -laR "$mine" | head -n 8 | tr '\n' ' ')"
fi
# The launch's own work directory went with it (its console log, which
# says why QEMU failed, is kept beside as scn-console.*.log).
left=$(ls "$T" | grep -v -e "^scn-testhost\.$dead\." -e '^scn-console\..*\.log$')
if [ -z "$left" ]; then
	ok "test-host sweep: the launch leaves nothing of its own"
else
	fail "test-host sweep: the launch leaves nothing of its own" "$left"
fi
