#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Debian's 7.x kernels (issue 27). Without a boot, in a kernel cache of
# this test's own: lists of the archive that name stand-in releases in
# the 7.x layout (linux-binary-unsigned-REL with only usr/lib/modules/
# REL/vmlinuz.unsigned, linux-modules-REL with .ko.xz and no modules.dep,
# linux-base-REL with the config; linux-image-REL a metapackage), x86 and
# arm64-16k, built with dpkg-deb from the cached debian:7.3's modules and
# fake images, their .debs at hand; apt-get a stand-in that logs how it
# is called: the lists are asked for only when missing, a day old, or
# ten minutes old at a miss, always through scn's own configuration;
# --list and the specs resolve through them; each layout fetched into one
# entry; a release the lists have only in part (7.0's signed image, its
# modules gone) a skip that names what is missing, completed by .debs at
# hand; every kind of damage to a 7.x entry fetched again, or refused
# where it cannot be. Two boots: features and a result's fingerprint in
# 7.3 on x86 (the preempt model lazy, uffd rwp and rwp_async, the
# set_mode ioctl, KVM), and features in 7.3 arm64-16k (16 KiB pages, KVM).
# SCN_TEST_KERNEL_7 and SCN_TEST_KERNEL_7_16K pick other kernels.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
. tests/testhost/lib.sh
# Every file this script writes is under $TMP: never without one.
[ -n "${TMP:-}" ] && [ -d "$TMP" ] || exit 2
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac
K7=${SCN_TEST_KERNEL_7:-debian:7.3}
K16=${SCN_TEST_KERNEL_7_16K:-debian:7.3-arm64-16k}

# The cached 7.x kernel whose modules the stand-ins borrow.
if ! "$SCN" kernel "$K7" >"$TMP/k" 2>"$TMP/kerr"; then
	skip "7.x kernels" "no $K7 here: $(tail -n 1 "$TMP/kerr")"
	exit 0
fi
REL=$(awk '$1 == "release" { print $2 }' "$TMP/k")
MODS=$(awk '$1 == "modules" { print $2 }' "$TMP/k")
CONFIG=$(awk '$1 == "config" { print $2 }' "$TMP/k")
case $REL in
7.*-amd64) ;;
*) skip "7.x kernels" "$K7 is $REL, not a 7.x amd64 kernel"; exit 0 ;;
esac
VER=${REL%%+*}-1~bpo13+1
# re TEXT: TEXT as an extended regular expression that matches it alone.
re() { sed 's/[][+.^$*?(){}|\\]/\\&/g' <<<"$1"; }
UP=${REL%%+*}
REL16=$UP+deb13-arm64-16k
REL70=7.0.13+deb13-amd64
VER70=7.0.13-1~bpo13+1

# deb NAME ARCH VERSION DIR: DIR (with its files) as NAME_VERSION_ARCH.deb
# in $TMP/debs, its md5sums made.
deb() {
	local name=$1 arch=$2 ver=$3 dir=$4
	mkdir -p "$dir/DEBIAN" "$TMP/debs"
	(cd "$dir" && find . -path ./DEBIAN -prune -o -type f -print | sed 's|^\./||' |
		sort | xargs -r md5sum >DEBIAN/md5sums)
	printf 'Package: %s\nVersion: %s\nArchitecture: %s\nMaintainer: scn tests <scn@localhost>\nDescription: a stand-in kernel package\n' \
		"$name" "$ver" "$arch" >"$dir/DEBIAN/control"
	dpkg-deb -b -Zgzip "$dir" "$TMP/debs/${name}_${ver}_$arch.deb" >/dev/null 2>"$TMP/dpkg.err"
}

# The x86 7.x layout of release $1 (version $2): an unsigned image, real
# modules without modules.dep, the real config.
x86_layout() {
	local rel=$1 ver=$2 p=$TMP/pkg/$1 m
	local lm=usr/lib/modules/$rel
	mkdir -p "$p/bin/$lm" "$p/mods/$lm" "$p/base/$lm"
	echo "not a kernel: nothing boots it" >"$p/bin/$lm/vmlinuz.unsigned"
	for m in kernel/arch/x86/kvm/kvm kernel/arch/x86/kvm/kvm-amd kernel/fs/netfs/netfs \
		kernel/fs/overlayfs/overlay kernel/fs/9p/9p kernel/drivers/crypto/ccp/ccp \
		kernel/net/9p/9pnet kernel/net/9p/9pnet_virtio kernel/virt/lib/irqbypass; do
		mkdir -p "$p/mods/$lm/$(dirname $m)"
		cp "$MODS/$m.ko.xz" "$p/mods/$lm/$m.ko.xz" || return 1
		echo "$m.ko" >>"$p/base/$lm/modules.order"
	done
	cp "$MODS/modules.builtin" "$p/mods/$lm/" || return 1
	cp "$CONFIG" "$p/base/$lm/config" || return 1
	echo "ffffffff81000000 T _text" >"$p/base/$lm/System.map"
	deb "linux-binary-unsigned-$rel" amd64 "$ver" "$p/bin" &&
		deb "linux-modules-$rel" amd64 "$ver" "$p/mods" &&
		deb "linux-base-$rel" amd64 "$ver" "$p/base"
}

# The arm64 7.x layout of $REL16: an Image header (its magic at 0x38)
# and banner, a module, the config, a device tree.
arm64_layout() {
	local p=$TMP/pkg/$REL16 lm=usr/lib/modules/$REL16
	mkdir -p "$p/bin/$lm" "$p/mods/$lm/kernel/fs/9p" "$p/base/$lm/dtb/arm"
	python3 - "$p/bin/$lm/vmlinuz.unsigned" "$REL16" <<'PY'
import sys
head = bytearray(64)
head[0x38:0x3c] = b"ARM\x64"
banner = b"Linux version %s (stand-in@scn) #1 SMP PREEMPT_LAZY\n" % sys.argv[2].encode()
open(sys.argv[1], "wb").write(bytes(head) + banner + bytes(4096))
PY
	echo "not a module" | xz >"$p/mods/$lm/kernel/fs/9p/9p.ko.xz"
	echo "kernel/fs/9p/9p.ko" >"$p/base/$lm/modules.order"
	: >"$p/mods/$lm/modules.builtin"
	printf 'CONFIG_ARM64_16K_PAGES=y\nCONFIG_PREEMPT_LAZY=y\n' >"$p/base/$lm/config"
	echo "not a device tree" >"$p/base/$lm/dtb/arm/virt.dtb"
	deb "linux-binary-unsigned-$REL16" arm64 "$VER" "$p/bin" &&
		deb "linux-modules-$REL16" arm64 "$VER" "$p/mods" &&
		deb "linux-base-$REL16" arm64 "$VER" "$p/base"
}

# 7.0's as trixie-backports keeps it: the signed image (boot/vmlinuz-REL)
# in the lists; the modules and base only as .debs at hand.
old_layout() {
	local p=$TMP/pkg/$REL70
	x86_layout "$REL70" "$VER70" || return 1
	mkdir -p "$p/signed/boot"
	echo "not a kernel either" >"$p/signed/boot/vmlinuz-$REL70"
	deb "linux-binary-$REL70" amd64 "$VER70" "$p/signed"
}

if ! x86_layout "$REL" "$VER" || ! arm64_layout || ! old_layout; then
	skip "7.x kernels" "the stand-in packages could not be made: $(tail -n 1 "$TMP/dpkg.err")"
	exit 0
fi

# --- the lists: scn's own apt configuration, a stand-in apt-get -------------
KC=$TMP/kc
L=$KC/apt/lists
mkdir -p "$L" "$TMP/stand-in"
export SCN_KERNEL_CACHE=$KC
# stanza NAME VERSION [DEPENDS]
stanza() {
	printf 'Package: %s\nSource: linux\nVersion: %s\nArchitecture: all\n' "$1" "$2"
	[ -n "${3:-}" ] && printf 'Depends: %s\n' "$3"
	printf 'Description: a stand-in\n\n'
}
{
	for p in binary-unsigned modules base; do stanza "linux-$p-$REL" "$VER"; done
	stanza "linux-image-$REL" "$VER" "linux-base-$REL (= $VER), linux-binary-$REL (= $VER), linux-modules-$REL (= $VER)"
	stanza "linux-binary-$REL70" "$VER70" "linux-base-$REL70 (= $VER70)"
	stanza "linux-image-$REL70" "$VER70" "linux-base-$REL70 (= $VER70), linux-binary-$REL70 (= $VER70), linux-modules-$REL70 (= $VER70)"
} >"$L/deb.debian.org_debian_dists_trixie-backports_main_binary-amd64_Packages"
{
	for p in binary-unsigned modules base; do stanza "linux-$p-$REL16" "$VER"; done
	stanza "linux-image-$REL16" "$VER" "linux-modules-$REL16 (= $VER)"
} >"$L/deb.debian.org_debian_dists_trixie-backports_main_binary-arm64_Packages"
cat >"$TMP/stand-in/apt-get" <<EOF
#!/bin/sh
echo "\$*" >>"$TMP/apt.log"
for a; do [ "\$a" = update ] && exit 0; done
echo "E: a stand-in: no download" >&2
exit 100
EOF
chmod +x "$TMP/stand-in/apt-get"
export PATH=$TMP/stand-in:$PATH
: >"$TMP/apt.log"
updates() { grep -c ' update$' "$TMP/apt.log"; }
sc() {
	"$SCN" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if grep -qE 'Sanitizer|runtime error:' "$TMP/err"; then
		fail "scn $*: no sanitizer report" "$(grep -m3 -E 'Sanitizer|runtime error:|#[0-9] ' "$TMP/err")"
	fi
}
show() { sed 's/^/    /' "$TMP/err" | tail -n 6; }
at_hand() { local p; for p; do cp "$TMP"/debs/"$p"_*.deb "$KC/"; done; }

name="kernel --list: the lists asked for once, through scn's own configuration"
sc kernel --list
if [ $rc = 0 ] && [ "$(updates)" = 1 ] &&
   grep -q -- "-o Dir::Etc::SourceList=$KC/apt/sources.list -o Dir::State::Lists=$L " "$TMP/apt.log" &&
   grep -q -- "-o Dir::Etc::SourceParts=/dev/null" "$TMP/apt.log" &&
   grep -Eq "^debian:$(re "${UP%.*}") +$(re "$VER") +trixie-backports +$(re "${REL%-amd64}")$" "$TMP/out" &&
   grep -Eq "^debian:$(re "${UP%.*}")-arm64-16k +$(re "$VER") +trixie-backports +$(re "${REL16%-arm64-16k}")$" "$TMP/out" &&
   grep -q "^debian:7.0 .* none can boot: the lists have no linux-modules-$REL70 " "$TMP/out"; then
	ok "$name"
else
	fail "$name" "exit $rc, $(updates) updates: $(grep -E '^debian:(7|sid)' "$TMP/out" | head -n 4 | tr -s ' ')"; show
fi
name="scn's sources: the four suites, Debian's keyring the only key"
src=$KC/apt/sources.list
if [ "$(grep -c '^deb \[signed-by=/usr/share/keyrings/debian-archive-keyring.gpg\] http://deb.debian.org/debian' "$src")" = 6 ] &&
   for s in bookworm trixie trixie-backports sid; do grep -q " $s main$" "$src" || exit 1; done; then
	ok "$name"
else
	fail "$name" "$(tr '\n' '|' <"$src")"
fi
sc kernel --list
if [ "$(updates)" = 1 ]; then
	ok "kernel --list again: lists an hour fresh are not asked for again"
else
	fail "kernel --list again: not asked for again" "$(updates) updates"
fi

# --- each layout fetched into one entry ----------------------------------
E=$KC/linux-image-$REL
M=$E/usr/lib/modules/$REL
name="debian:${UP%.*}: the 7.x layout of x86 fetched into one entry"
at_hand "linux-binary-unsigned-$REL" "linux-modules-$REL" "linux-base-$REL"
sc kernel "debian:${UP%.*}"
if [ $rc = 0 ] && grep -qx "  image    $M/vmlinuz.unsigned" "$TMP/out" &&
   grep -qx "  modules  $M" "$TMP/out" && grep -qx "  config   $M/config" "$TMP/out" &&
   grep -qx "  arch     x86_64" "$TMP/out" && [ ! -e "$M/modules.dep" ] &&
   [ -s "$E/.scn-files" ] && ! grep -q download "$TMP/apt.log" &&
   [ "$(grep -c '^part ' "$E/.scn-package")" = 3 ]; then
	ok "$name"
else
	fail "$name" "exit $rc: $(tr '\n' '|' <"$TMP/out")"; show
fi
E16=$KC/linux-image-$REL16
name="debian:${UP%.*}-arm64-16k: the 7.x layout of arm64 fetched into one entry"
at_hand "linux-binary-unsigned-$REL16" "linux-modules-$REL16" "linux-base-$REL16"
sc kernel "debian:${UP%.*}-arm64-16k"
if [ $rc = 0 ] && grep -qx "  release  $REL16" "$TMP/out" && grep -qx "  arch     aarch64" "$TMP/out" &&
   grep -qx "  image    $E16/usr/lib/modules/$REL16/vmlinuz.unsigned" "$TMP/out" &&
   [ -s "$E16/usr/lib/modules/$REL16/dtb/arm/virt.dtb" ]; then
	ok "$name"
else
	fail "$name" "exit $rc: $(tr '\n' '|' <"$TMP/out")"; show
fi

# --- a release the lists have only in part ---------------------------------
name="debian:7.0, its modules gone from the lists: a skip naming them"
sc kernel debian:7.0
if [ $rc = 4 ] && grep -q "SKIP: Debian's archive lists no linux-modules-$REL70: $REL70 cannot boot" "$TMP/err"; then
	ok "$name"
else
	fail "$name" "exit $rc"; show
fi
name="debian:7.0 completed by its .debs at hand: the signed image, the modules"
at_hand "linux-binary-$REL70" "linux-modules-$REL70" "linux-base-$REL70"
sc kernel debian:7.0
if [ $rc = 0 ] && grep -qx "  image    $KC/linux-image-$REL70/boot/vmlinuz-$REL70" "$TMP/out"; then
	sc kernel debian:7.0
	if [ $rc = 0 ] && ! ls "$KC"/*.deb >/dev/null 2>&1; then
		ok "$name, and cached for the next run"
	else
		fail "$name" "again: exit $rc"; show
	fi
else
	fail "$name" "exit $rc"; show
fi

# --- when the lists are asked for again --------------------------------------
name="an unknown series: the nearest, the lists not asked again within ten minutes"
sc kernel debian:7.9
if [ $rc = 64 ] && grep -q "did you mean debian:${UP%.*}?" "$TMP/err" && [ "$(updates)" = 1 ]; then
	ok "$name"
else
	fail "$name" "exit $rc, $(updates) updates"; show
fi
touch -d '-20 min' "$KC/apt/updated" "$KC/apt/tried"
sc kernel debian:7.9
if [ $rc = 64 ] && [ "$(updates)" = 2 ]; then
	ok "an unknown series, lists 20 minutes old: asked for again"
else
	fail "an unknown series, lists 20 minutes old: asked for again" "exit $rc, $(updates) updates"; show
fi
touch -d '-2 days' "$KC/apt/updated" "$KC/apt/tried"
sc kernel "debian:${UP%.*}"
if [ $rc = 0 ] && [ "$(updates)" = 3 ]; then
	ok "lists two days old: asked for again"
else
	fail "lists two days old: asked for again" "exit $rc, $(updates) updates"; show
fi

# --- a damaged 7.x entry ---------------------------------------------------
name="an empty vmlinuz.unsigned: fetched again"
: >"$M/vmlinuz.unsigned"
at_hand "linux-binary-unsigned-$REL" "linux-modules-$REL" "linux-base-$REL"
sc kernel "debian:${UP%.*}"
if [ $rc = 0 ] && grep -q "is damaged: fetching it again" "$TMP/err" && [ -s "$M/vmlinuz.unsigned" ]; then
	ok "$name"
else
	fail "$name" "exit $rc"; show
fi

name="linux-base's config with other bytes of its size: fetched again"
python3 - "$M/config" <<'PY'
import sys
p = sys.argv[1]
b = bytearray(open(p, "rb").read())
i = b.index(b"CONFIG_PREEMPT_LAZY=y")
b[i + len("CONFIG_PREEMPT_LAZY=")] = ord("n")
open(p, "wb").write(b)
PY
at_hand "linux-binary-unsigned-$REL" "linux-modules-$REL" "linux-base-$REL"
sc kernel "debian:${UP%.*}"
if [ $rc = 0 ] && grep -qF "is damaged: fetching it again ('usr/lib/modules/$REL/config' is not the package's" "$TMP/err" &&
   grep -qx 'CONFIG_PREEMPT_LAZY=y' "$M/config"; then
	ok "$name"
else
	fail "$name" "exit $rc"; show
fi

# A launch that QEMU ends at once: the modules are found, checked and
# decompressed without a modules.dep.
export SCN_QEMU=$TMP/stand-in/qemu
cat >"$SCN_QEMU" <<'EOF'
#!/bin/sh
[ "$1" = --version ] && { echo "QEMU emulator version 7.2.22 (a stand-in)"; exit 0; }
echo "qemu: a stand-in that boots nothing" >&2
exit 1
EOF
chmod +x "$SCN_QEMU"
launch() { TMPDIR=$TMP sc exec --kernel "debian:${UP%.*}" -- true; }
name="a launch: the modules found without modules.dep, decompressed"
launch
if [ $rc = 4 ] && grep -q 'QEMU could not run the test host' "$TMP/err" &&
   [ -s "$E/scn-modules/kvm_amd.ko" ] && [ -s "$E/scn-modules/9pnet_virtio.ko" ]; then
	ok "$name"
else
	fail "$name" "exit $rc: $(ls "$E/scn-modules" 2>&1 | tr '\n' ' ')"; show
fi
name="a module with other bytes: found before it is decompressed, fetched again"
want=$(md5sum <"$M/kernel/arch/x86/kvm/kvm-amd.ko.xz")
python3 - "$M/kernel/arch/x86/kvm/kvm-amd.ko.xz" <<'PY'
import sys
p = sys.argv[1]
b = bytearray(open(p, "rb").read())
b[len(b) // 2] ^= 0xff
open(p, "wb").write(b)
PY
rm -f "$E/scn-modules/kvm_amd.ko"
at_hand "linux-binary-unsigned-$REL" "linux-modules-$REL" "linux-base-$REL"
launch
if [ $rc = 4 ] && grep -q "kvm-amd.ko.xz' is not the package's.*fetching it again" "$TMP/err" &&
   [ "$(md5sum <"$M/kernel/arch/x86/kvm/kvm-amd.ko.xz")" = "$want" ]; then
	ok "$name"
else
	fail "$name" "exit $rc"; show
fi
name="a modules.dep the packages lack, no fetch possible: exit 70 naming the entry"
echo "garbage: not a module" >"$M/modules.dep"
sc kernel "debian:${UP%.*}"
if [ $rc = 70 ] && grep -qF "the kernel cache entry '$E' is damaged; remove it and run again ('usr/lib/modules/$REL/modules.dep' is not one of the package's files; fetching it again failed: apt-get download" "$TMP/err"; then
	ok "$name"
else
	fail "$name" "exit $rc"; show
fi
unset SCN_QEMU SCN_KERNEL_CACHE
PATH=${PATH#"$TMP/stand-in:"}

# --- two boots: 7.3 on x86, 7.3 arm64-16k ------------------------------------
cat >"$TMP/tiny.scn" <<'SCN'
# SPDX-License-Identifier: GPL-2.0-only
region r type=anon size=1M
phase fill { host write r }
SCN
name="$K7: features and a result's fingerprint name lazy, rwp, rwp_async, set_mode; kvm usable"
if th "$name" exec -q --kernel "$K7" -- \
	sh -c "'$SCN' features --json && '$SCN' run -q --format json '$TMP/tiny.scn'"; then
	if [ $rc != 0 ]; then
		fail "$name" "exit $rc"; show
	elif python3 - "$TMP/out" "$UP" <<'PY' >"$TMP/py" 2>&1; then
import json, sys
text, up = open(sys.argv[1]).read(), sys.argv[2]
dec = json.JSONDecoder()
f, end = dec.raw_decode(text)
r, _ = dec.raw_decode(text[end:].lstrip())
m = f["machine"]
assert m["kernel_release"].startswith(up + "+"), m["kernel_release"]
assert m["preempt"] == "lazy", (m["preempt"], m["preempt_from"])
u = f["userfaultfd"]
assert {"rwp", "rwp_async", "move"} <= set(u["features"]), u["features"]
assert u["features_mask"] >> 17 & 3 == 3, hex(u["features_mask"])
assert "set_mode" in u["api_ioctls"], u["api_ioctls"]
assert f["kvm"]["usable"] is True, f["kvm"]
k = r["fingerprint"]["kernel"]
assert k["preempt"] == "lazy", k
assert {"rwp", "rwp_async"} <= set(k["uffd"]["features"]), k["uffd"]
assert "set_mode" in k["uffd"]["ioctls"] and int(k["uffd"]["ioctls_mask"], 16) >> 10 & 1, k["uffd"]
assert int(k["uffd"]["features_mask"], 16) == u["features_mask"], k["uffd"]
PY
		ok "$name"
	else
		fail "$name" "$(tail -n 3 "$TMP/py")"
	fi
fi

name="$K16: features: aarch64, 16 KiB pages, 32M THP, lazy, rwp, kvm usable, arm64's KVM statistics"
why=$(arm64_missing)
if [ -n "$why" ]; then
	skip "$name" "$why"
elif th "$name" features --json --kernel "$K16"; then
	if [ $rc != 0 ]; then
		fail "$name" "exit $rc"; show
	elif python3 - "$TMP/out" "$UP" <<'PY' >"$TMP/py" 2>&1; then
import json, sys
f, up = json.load(open(sys.argv[1])), sys.argv[2]
m = f["machine"]
assert m["arch"] == "aarch64" and m["kernel_release"].endswith("-arm64-16k"), m
assert m["page_size"] == 16384, m["page_size"]
assert m["preempt"] == "lazy", (m["preempt"], m["preempt_from"])
assert {"rwp", "rwp_async"} <= set(f["userfaultfd"]["features"]), f["userfaultfd"]
assert f["kvm"]["usable"] is True, f["kvm"]
# has(kvm.stat.NAME)'s names: arm64's KVM has exits, not x86's pf_taken
st = f["kvm"]["stats"]
assert "exits" in st and "remote_tlb_flush" in st and "pf_taken" not in st, st
assert m["thp_size"] == 32 << 20, m["thp_size"]
PY
		ok "$name"
	else
		fail "$name" "$(tail -n 3 "$TMP/py")"
	fi
fi
