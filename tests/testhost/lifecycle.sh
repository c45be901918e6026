#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Nothing a test-host launch starts outlives it, and a broken kernel cache
# heals (issue 21). One boot: scn exec killed with SIGKILL while its
# command runs, after which QEMU must be gone within seconds, and its work
# directory (console log inside) is swept by the next launch. The rest
# boots nothing: QEMU is a stand-in that answers --version and exits 1
# (a skip, "QEMU could not run the test host"), the kernel a package of
# this test's own built with dpkg-deb from the cached debian:6.12's
# modules and a fake image, and apt-get and xz stand-ins that sleep or
# fail, so that SIGTERM lands in a fetch or a decompression, and every
# kind of damage in the cache is met: an empty image, a module with
# other bytes, a cut decompressed copy, a modules.dep the package lacks,
# an entry without a list of its files.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
. tests/testhost/lib.sh
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac
K=${SCN_TEST_KERNEL:-debian:6.12}

# The cached kernel whose modules the stand-in package borrows.
if ! "$SCN" kernel "$K" >"$TMP/k" 2>"$TMP/kerr"; then
	skip "test-host lifecycle" "no $K here: $(tail -n 1 "$TMP/kerr")"
	exit 0
fi
PKG=$(awk 'NR == 1 { print $2 }' "$TMP/k")
REL=$(awk '$1 == "release" { print $2 }' "$TMP/k")
MODS=$(awk '$1 == "modules" { print $2 }' "$TMP/k")
mkdir -p "$TMP/tmpdir" "$TMP/bin-qemu" "$TMP/bin-apt" "$TMP/bin-xz" "$TMP/bin-noapt"

# --- one boot: SIGKILL of the launcher ends QEMU ---------------------------
name="SIGKILL of scn exec: QEMU ends with it"
TMPDIR=$TMP/tmpdir "$SCN" exec -q --kernel "$K" -- sh -c 'echo up; sleep 600' \
	>"$TMP/kill.out" 2>"$TMP/kill.err" &
pid=$!
for _ in $(seq 1 1800); do
	grep -qx up "$TMP/kill.out" 2>/dev/null && break
	kill -0 $pid 2>/dev/null || break
	sleep 0.1
done
qemu=$(pgrep -P $pid qemu-system | head -n 1)
if ! grep -qx up "$TMP/kill.out"; then
	wait $pid
	rc=$?
	if [ $rc = 4 ]; then
		skip "$name" "$(grep -m1 'cannot run here' "$TMP/kill.err")"
	else
		fail "$name" "the command never started (exit $rc): $(tail -n 3 "$TMP/kill.err")"
	fi
	kill $pid 2>/dev/null
	qemu=""
else
	kill -KILL $pid
	wait $pid 2>/dev/null
	gone=no
	for _ in $(seq 1 100); do
		if [ -z "$qemu" ] || ! kill -0 "$qemu" 2>/dev/null; then gone=yes; break; fi
		sleep 0.1
	done
	if [ -z "$qemu" ]; then
		fail "$name" "no QEMU was seen under scn"
	elif [ $gone = yes ]; then
		ok "$name"
	else
		fail "$name" "QEMU $qemu still runs 10 s after scn was killed"
		kill -KILL "$qemu" 2>/dev/null
	fi
	# What the killed launch left: its work directory, the log inside.
	if ls -d "$TMP"/tmpdir/scn-testhost.$pid.*/console.log >/dev/null 2>&1 &&
	   ! ls "$TMP"/tmpdir/scn-console.* >/dev/null 2>&1; then
		ok "a killed launch's console log is in its work directory"
	else
		fail "a killed launch's console log is in its work directory" \
			"$(ls -R "$TMP/tmpdir" | head -n 8 | tr '\n' ' ')"
	fi
fi

# --- stand-ins -----------------------------------------------------------
cat >"$TMP/bin-qemu/qemu" <<'EOF'
#!/bin/sh
[ "$1" = --version ] && { echo "QEMU emulator version 7.2.22 (a stand-in)"; exit 0; }
echo "qemu: a stand-in that boots nothing" >&2
exit 1
EOF
# apt-get update of scn's own lists comes first (a package no list names
# yet): it ends at once, or sleeps too with APT_UPDATE_SLEEPS set.
cat >"$TMP/bin-apt/apt-get" <<EOF
#!/bin/sh
case " \$* " in *" update "*) [ -n "\${APT_UPDATE_SLEEPS:-}" ] || exit 0 ;; esac
echo \$\$ >"$TMP/apt.pid"
exec sleep 120
EOF
cat >"$TMP/bin-xz/xz" <<EOF
#!/bin/sh
echo \$\$ >"$TMP/xz.pid"
exec sleep 120
EOF
cat >"$TMP/bin-noapt/apt-get" <<'EOF'
#!/bin/sh
echo "E: a stand-in: no network" >&2
exit 100
EOF
chmod +x "$TMP"/bin-*/*
export SCN_QEMU=$TMP/bin-qemu/qemu

# The stand-in package: this release's name, a fake image, real modules.
P=$TMP/pkg
mkdir -p "$P/DEBIAN" "$P/boot" "$P/lib/modules/$REL"
echo "not a kernel: nothing boots it" >"$P/boot/vmlinuz-$REL"
for m in kernel/arch/x86/kvm/kvm kernel/arch/x86/kvm/kvm-amd kernel/fs/netfs/netfs \
	kernel/fs/overlayfs/overlay kernel/fs/9p/9p kernel/drivers/crypto/ccp/ccp \
	kernel/net/9p/9pnet kernel/net/9p/9pnet_virtio kernel/virt/lib/irqbypass; do
	mkdir -p "$P/lib/modules/$REL/$(dirname $m)"
	cp "$MODS/$m.ko.xz" "$P/lib/modules/$REL/$m.ko.xz" 2>/dev/null
	echo "$m.ko" >>"$P/lib/modules/$REL/modules.order"
done
cp "$MODS/modules.builtin" "$P/lib/modules/$REL/" 2>/dev/null
(cd "$P" && find boot lib -type f | sort | xargs md5sum >DEBIAN/md5sums)
printf 'Package: %s\nVersion: 1.0\nArchitecture: amd64\nMaintainer: scn tests <scn@localhost>\nDescription: a stand-in kernel package\n' \
	"$PKG" >"$P/DEBIAN/control"
DEB=$TMP/${PKG}_1.0_amd64.deb
if ! dpkg-deb -b -Zgzip "$P" "$DEB" >/dev/null 2>"$TMP/dpkg.err"; then
	skip "the kernel cache" "dpkg-deb -b failed: $(tail -n 1 "$TMP/dpkg.err")"
	exit 0
fi
KC=$TMP/kc
E=$KC/$PKG
M=$E/lib/modules/$REL
mkdir -p "$KC"
export SCN_KERNEL_CACHE=$KC
# The .deb at hand in the cache: a fetch takes it, apt-get is not asked.
at_hand() { cp "$DEB" "$KC/"; }
sc() {
	"$SCN" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if grep -qE 'Sanitizer|runtime error:' "$TMP/err"; then
		fail "scn $1 ${*: -1}: no sanitizer report" "$(grep -m3 -E 'Sanitizer|runtime error:|#[0-9] ' "$TMP/err")"
	fi
}
show() { sed 's/^/    /' "$TMP/err" | tail -n 6; }
launch() { TMPDIR=$TMP/tmpdir sc exec --kernel "debian:$PKG" -- true; }

at_hand
sc kernel "debian:$PKG"
if [ $rc != 0 ] || [ ! -s "$E/.scn-files" ]; then
	fail "the stand-in package is cached" "exit $rc"; show
	exit 0
fi

# --- the next launch sweeps what the killed one left -----------------------
if [ -n "$qemu" ]; then
	launch
	if ls -d "$TMP"/tmpdir/scn-testhost.* >/dev/null 2>&1; then
		fail "the next launch sweeps a killed one's work directory" \
			"$(ls "$TMP/tmpdir" | tr '\n' ' ')"
	else
		ok "the next launch sweeps a killed one's work directory and console log"
	fi
fi

# --- SIGTERM during a fetch: apt-get stopped, nothing left ------------------
# sigterm_during NAME PIDFILE ARGS...: scn ARGS in the background, SIGTERM
# once the stand-in wrote PIDFILE; rc, and the stand-in's pid in $helper.
sigterm_during() {
	local pidfile=$1 p
	shift
	rm -f "$pidfile"
	"$SCN" "$@" >"$TMP/out" 2>"$TMP/err" &
	p=$!
	for _ in $(seq 1 200); do
		[ -s "$pidfile" ] && break
		kill -0 $p 2>/dev/null || break
		sleep 0.05
	done
	helper=$(cat "$pidfile" 2>/dev/null)
	kill -TERM $p
	wait $p
	rc=$?
}
name="SIGTERM during a fetch: 143, said, apt-get stopped, nothing left"
SCN_KERNEL_CACHE=$TMP/kc-fetch PATH=$TMP/bin-apt:$PATH \
	sigterm_during "$TMP/apt.pid" exec -q --kernel "debian:$PKG" -- true
sleep 0.2
if [ -z "$helper" ]; then
	fail "$name" "apt-get was never started (exit $rc)"; show
elif [ $rc != 143 ]; then
	fail "$name" "exit $rc"; show
elif ! grep -q "interrupted by signal 15 while fetching $PKG" "$TMP/err"; then
	fail "$name" "no message"; show
elif kill -0 "$helper" 2>/dev/null; then
	fail "$name" "apt-get ($helper) runs on"
	kill "$helper"
elif ls -a "$TMP/kc-fetch" | grep -q '^\.fetch-'; then
	fail "$name" "left $(ls -a "$TMP/kc-fetch" | tr '\n' ' ')"
else
	ok "$name"
fi
name="SIGTERM while scn's apt lists are updated: 143, said, apt-get stopped"
APT_UPDATE_SLEEPS=1 SCN_KERNEL_CACHE=$TMP/kc-update PATH=$TMP/bin-apt:$PATH \
	sigterm_during "$TMP/apt.pid" exec -q --kernel "debian:$PKG" -- true
sleep 0.2
if [ -z "$helper" ]; then
	fail "$name" "apt-get was never started (exit $rc)"; show
elif [ $rc != 143 ] || ! grep -q "interrupted by signal 15 while apt-get update ran" "$TMP/err"; then
	fail "$name" "exit $rc"; show
elif kill -0 "$helper" 2>/dev/null; then
	fail "$name" "apt-get ($helper) runs on"
	kill "$helper"
else
	ok "$name"
fi

name="SIGTERM during a decompression: 143, said, xz stopped, nothing left"
rm -f "$E"/scn-modules/*
PATH=$TMP/bin-xz:$PATH sigterm_during "$TMP/xz.pid" exec -q --kernel "debian:$PKG" -- true
sleep 0.2
if [ -z "$helper" ]; then
	fail "$name" "xz was never started (exit $rc)"; show
elif [ $rc != 143 ]; then
	fail "$name" "exit $rc"; show
elif ! grep -q "interrupted by signal 15 while decompressing" "$TMP/err"; then
	fail "$name" "no message"; show
elif kill -0 "$helper" 2>/dev/null; then
	fail "$name" "xz ($helper) runs on"
	kill "$helper"
elif [ -n "$(ls -A "$E/scn-modules")" ]; then
	fail "$name" "left $(ls -A "$E/scn-modules" | tr '\n' ' ')"
else
	ok "$name"
fi

# --- a damaged cache entry is fetched again ---------------------------------
name="an empty image in the cache: fetched again"
: >"$E/boot/vmlinuz-$REL"
at_hand
sc kernel "debian:$PKG"
if [ $rc = 0 ] && grep -q "is damaged: fetching it again" "$TMP/err" &&
   [ -s "$E/boot/vmlinuz-$REL" ]; then
	ok "$name"
else
	fail "$name" "exit $rc"; show
fi

name="a module with other bytes: found before it is decompressed, fetched again"
want=$(md5sum <"$M/kernel/arch/x86/kvm/kvm-amd.ko.xz")
python3 - "$M/kernel/arch/x86/kvm/kvm-amd.ko.xz" <<'PY'
import sys
p = sys.argv[1]
b = bytearray(open(p, "rb").read())
b[len(b) // 2] ^= 0xff
open(p + ".new", "wb").write(b)
PY
mv "$M/kernel/arch/x86/kvm/kvm-amd.ko.xz.new" "$M/kernel/arch/x86/kvm/kvm-amd.ko.xz"
rm -f "$E/scn-modules/kvm_amd.ko"
at_hand
launch
if [ $rc = 4 ] && grep -q "kvm-amd.ko.xz' is not the package's.*fetching it again" "$TMP/err" &&
   grep -q 'QEMU could not run the test host' "$TMP/err" &&
   [ "$(md5sum <"$M/kernel/arch/x86/kvm/kvm-amd.ko.xz")" = "$want" ]; then
	ok "$name"
else
	fail "$name" "exit $rc"; show
fi

name="a cut decompressed module: decompressed again"
size=$(stat -c %s "$E/scn-modules/kvm.ko" 2>/dev/null)
if [ -z "$size" ]; then
	fail "$name" "no decompressed kvm.ko in $E/scn-modules"
else
	head -c $((size / 2)) "$E/scn-modules/kvm.ko" >"$TMP/half"
	mv "$TMP/half" "$E/scn-modules/kvm.ko"
	launch
	if [ $rc = 4 ] && [ "$(stat -c %s "$E/scn-modules/kvm.ko")" = "$size" ]; then
		ok "$name"
	else
		fail "$name" "exit $rc, kvm.ko $(stat -c %s "$E/scn-modules/kvm.ko") bytes, want $size"; show
	fi
fi

name="a modules.dep the package lacks, no fetch possible: one error naming the entry"
echo "garbage: not a module" >"$M/modules.dep"
PATH=$TMP/bin-noapt:$PATH sc kernel "debian:$PKG"
if [ $rc = 70 ] && grep -qF "the kernel cache entry '$E' is damaged; remove it and run again ('lib/modules/$REL/modules.dep' is not one of the package's files; fetching it again failed: apt-get download $PKG failed (exit 100)" "$TMP/err"; then
	ok "$name"
else
	fail "$name" "exit $rc"; show
fi
PATH=$TMP/bin-noapt:$PATH launch
if [ $rc = 70 ] && grep -qF "the kernel cache entry '$E' is damaged" "$TMP/err"; then
	ok "the same through a launch: exit 70, not a skip"
else
	fail "the same through a launch: exit 70, not a skip" "exit $rc"; show
fi
at_hand
sc kernel "debian:$PKG"
if [ $rc = 0 ] && [ ! -e "$M/modules.dep" ]; then
	ok "the same with the package at hand: fetched again"
else
	fail "the same with the package at hand: fetched again" "exit $rc"; show
fi

name="an older scn's entry, no fetch possible: used as it is, with a warning"
rm "$E/.scn-files"
PATH=$TMP/bin-noapt:$PATH sc kernel "debian:$PKG"
if [ $rc = 0 ] && grep -q "using the cached copy unchecked" "$TMP/err"; then
	ok "$name"
else
	fail "$name" "exit $rc"; show
fi

# --- --console-log: written beside and renamed, not through a link ---------
name="--console-log through another user's link: replaced, its target untouched"
if need_root; then
	mkdir -p "$TMP/pub"
	chmod 1777 "$TMP/pub"
	echo secret >"$TMP/victim"
	chmod 600 "$TMP/victim"
	ln -s "$TMP/victim" "$TMP/pub/c.log"
	chown -h 65534:65534 "$TMP/pub/c.log"
	TMPDIR=$TMP/tmpdir sc exec -q --console-log "$TMP/pub/c.log" --kernel "debian:$PKG" -- true
	if [ "$(cat "$TMP/victim")" != secret ]; then
		fail "$name" "the link's target now holds: $(head -c 80 "$TMP/victim")"
	elif [ -L "$TMP/pub/c.log" ] || ! grep -q 'qemu: a stand-in' "$TMP/pub/c.log"; then
		fail "$name" "exit $rc: $(ls -l "$TMP/pub/c.log")"; show
	else
		ok "$name"
	fi
else
	skip "$name" "needs root"
fi
