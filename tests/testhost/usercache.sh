#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# A kernel cache no other user can touch (issue 24, item 3). Two users
# made for the test (useradd; removed at the end), neither with HOME nor
# XDG_CACHE_HOME, one TMPDIR for both: each gets a directory of its own
# there, made 0700; one planted by the other user (a directory, a link)
# is refused by name; an entry one user fetched does not serve the other;
# an entry another user owns is refused by name, and so is a cache of a
# user's when root is pointed at it. No boot; apt-get is a stand-in that
# fails (no network is asked), the kernel a package of the test's own
# with a fake image, at hand in the cache. Needs root (useradd).
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
# Every file this script writes is under $TMP: never without one.
[ -n "${TMP:-}" ] && [ -d "$TMP" ] || exit 2
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac

if ! need_root; then
	skip "a per-user kernel cache" "needs root, to make two users"
	exit 0
fi
U1=scn-kc1-$$
U2=scn-kc2-$$
gone() { userdel "$U1" 2>/dev/null; userdel "$U2" 2>/dev/null; cleanup; }
trap gone EXIT
for u in "$U1" "$U2"; do
	if ! useradd --system --no-create-home --shell /usr/sbin/nologin "$u" 2>"$TMP/ua.err"; then
		skip "a per-user kernel cache" "useradd $u failed: $(tail -n 1 "$TMP/ua.err")"
		exit 0
	fi
done
ID1=$(id -u "$U1")
ID2=$(id -u "$U2")

# What the users may reach: the test's directory (traversable), a shared
# TMPDIR (sticky, as /tmp is), a stand-in apt-get.
chmod 711 "$TMP"
SHARED=$TMP/shared
mkdir -p "$SHARED" "$TMP/stand-in"
chmod 1777 "$SHARED"
cat >"$TMP/stand-in/apt-get" <<'EOF'
#!/bin/sh
echo "E: a stand-in: no network" >&2
exit 100
EOF
chmod 755 "$TMP/stand-in" "$TMP/stand-in/apt-get"
# as USER ARGS...: scn as USER without HOME or XDG_CACHE_HOME; rc, out, err.
as() {
	local u=$1
	shift
	setpriv --reuid="$u" --regid="$(id -g "$u")" --clear-groups \
		env -i PATH="$TMP/stand-in:/usr/sbin:/usr/bin:/sbin:/bin" TMPDIR="$SHARED" \
		"$SCN" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
}
show() { sed 's/^/    /' "$TMP/err" | tail -n 4; }

# The stand-in package: a fake image of a release no archive has.
REL=9.9.9+scntest-amd64
PKG=linux-image-$REL-unsigned
P=$TMP/pkg
mkdir -p "$P/DEBIAN" "$P/boot"
echo "not a kernel: nothing boots it" >"$P/boot/vmlinuz-$REL"
(cd "$P" && md5sum boot/vmlinuz-$REL >DEBIAN/md5sums)
printf 'Package: %s\nVersion: 1.0\nArchitecture: amd64\nMaintainer: scn tests <scn@localhost>\nDescription: a stand-in kernel package\n' \
	"$PKG" >"$P/DEBIAN/control"
DEB=${PKG}_1.0_amd64.deb
if ! dpkg-deb -b -Zgzip "$P" "$TMP/$DEB" >/dev/null 2>"$TMP/dpkg.err"; then
	skip "a per-user kernel cache" "dpkg-deb -b failed: $(tail -n 1 "$TMP/dpkg.err")"
	exit 0
fi
C1=$SHARED/scn-kernels.$ID1
C2=$SHARED/scn-kernels.$ID2

# --- each user's own directory under TMPDIR --------------------------------
name="no HOME: a cache of this user's own under TMPDIR, made 0700"
as "$U1" kernel "debian:$PKG"
if [ -d "$C1" ] && [ "$(stat -c '%u %a' "$C1")" = "$ID1 700" ] &&
   [ ! -e "$SHARED/.cache" ] && grep -q "apt-get download $PKG failed" "$TMP/err"; then
	ok "$name"
else
	fail "$name" "exit $rc: $(ls -la "$SHARED" | tail -n +2 | tr -s ' ' | tr '\n' '|')"; show
fi

name="an entry of one user's cache: used by it"
install -o "$U1" -m 644 "$TMP/$DEB" "$C1/$DEB"
as "$U1" kernel "debian:$PKG"
if [ $rc = 0 ] && grep -qx "  image    $C1/$PKG/boot/vmlinuz-$REL" "$TMP/out"; then
	ok "$name"
else
	fail "$name" "exit $rc"; show
fi
name="the other user, same TMPDIR: a cache of its own, not the first's entries"
as "$U2" kernel "debian:$PKG"
if [ $rc = 4 ] && [ "$(stat -c '%u %a' "$C2" 2>/dev/null)" = "$ID2 700" ] &&
   ! grep -q "$C1" "$TMP/out" "$TMP/err"; then
	ok "$name"
else
	fail "$name" "exit $rc: $(cat "$TMP/out")"; show
fi

# --- planted by the other user -----------------------------------------------
mv "$C1" "$TMP/c1"
name="a directory the other user planted as the first's: refused by name"
setpriv --reuid="$ID2" --regid="$(id -g "$U2")" --clear-groups mkdir -m 700 "$C1"
as "$U1" kernel "debian:$PKG"
if [ $rc = 70 ] && grep -qF "scn: kernel: kernel cache '$C1' belongs to uid $ID2, not to you (uid $ID1) or root: refused" "$TMP/err"; then
	ok "$name"
else
	fail "$name" "exit $rc"; show
fi
rmdir "$C1"
name="a link the other user planted as the first's: refused by name"
setpriv --reuid="$ID2" --regid="$(id -g "$U2")" --clear-groups ln -s "$C2" "$C1"
as "$U1" kernel "debian:$PKG"
if [ $rc = 70 ] && grep -qF "kernel cache '$C1' is a symbolic link: refused" "$TMP/err" &&
   [ -z "$(find "$C2" -user "$U1")" ]; then
	ok "$name"
else
	fail "$name" "exit $rc"; show
fi
rm "$C1"
mv "$TMP/c1" "$C1"

# --- an entry another user owns -------------------------------------------------
name="an entry the other user owns: refused by name"
chown "$U2" "$C1/$PKG"
as "$U1" kernel "debian:$PKG"
if [ $rc = 70 ] && grep -qF "kernel cache entry '$C1/$PKG' belongs to uid $ID2, not to you (uid $ID1) or root: refused" "$TMP/err"; then
	ok "$name"
else
	fail "$name" "exit $rc"; show
fi
chown "$U1" "$C1/$PKG"
name="root pointed at a user's cache: refused by name"
SCN_KERNEL_CACHE=$C1 PATH=$TMP/stand-in:$PATH "$SCN" kernel "debian:$PKG" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc = 70 ] && grep -qF "kernel cache '$C1' belongs to uid $ID1, not to root: refused" "$TMP/err"; then
	ok "$name"
else
	fail "$name" "exit $rc"; show
fi
