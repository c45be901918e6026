// SPDX-License-Identifier: GPL-2.0-only
/*
 * testhost: the parts of the test host that need no QEMU. The initramfs
 * writer's archive read back by a newc reader of this test's own; module
 * dependencies from modules.dep, from .modinfo sections of hand-made ELF
 * files, and through modules.builtin; the console reader's oops and init
 * lines; the release a bzImage header names; kernel specs that are wrong;
 * the architecture of images, specs and programs, and an arm64 Image's
 * release from its banner.
 */
#include <elf.h>
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../testhost/arch.h"
#include "../../testhost/console.h"
#include "../../testhost/cpio.h"
#include "../../testhost/debian.h"
#include "../../testhost/kernel.h"
#include "../../testhost/modules.h"
#include "tap.h"

/* ---- cpio ---------------------------------------------------------------- */

struct entry {
	char name[64];
	unsigned mode, size, rmaj, rmin;
	const char *data;
};

static unsigned hex8(const char *p)
{
	char buf[9];

	memcpy(buf, p, 8);
	buf[8] = '\0';
	return (unsigned)strtoul(buf, NULL, 16);
}

/* Reads newc entries as the kernel's unpacker would; -1 on a bad archive. */
static int read_newc(const char *buf, size_t len, struct entry *e, int max)
{
	size_t off = 0;
	int n = 0;

	while (off + 110 <= len && n < max) {
		unsigned namesize;

		if (memcmp(buf + off, "070701", 6) || off % 4)
			return -1;
		e[n].mode = hex8(buf + off + 14);
		e[n].size = hex8(buf + off + 54);
		e[n].rmaj = hex8(buf + off + 78);
		e[n].rmin = hex8(buf + off + 86);
		namesize = hex8(buf + off + 94);
		if (namesize > sizeof(e[n].name) || off + 110 + namesize > len ||
		    buf[off + 110 + namesize - 1])
			return -1;
		memcpy(e[n].name, buf + off + 110, namesize);
		off = (off + 110 + namesize + 3) & ~(size_t)3;
		e[n].data = buf + off;
		off = (off + e[n].size + 3) & ~(size_t)3;
		if (!strcmp(e[n++].name, "TRAILER!!!"))
			return off == len ? n : -1;
	}
	return -1;
}

static void test_cpio(void)
{
	struct entry e[8];
	struct cpio c;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int n, rc;

	cpio_init(&c, f);
	cpio_dir(&c, "dev", 0755);
	cpio_chardev(&c, "dev/console", 0600, 5, 1);
	cpio_file(&c, "init", 0755, "hello", 5);
	cpio_file(&c, "empty", 0644, "", 0);
	rc = cpio_finish(&c);
	fclose(f);
	TAP_INT(rc, 0, "cpio: an archive is written");
	n = read_newc(buf, len, e, 8);
	TAP_INT(n, 5, "cpio: it reads back as newc, 4-byte aligned, with a trailer");
	if (n == 5) {
		TAP_STR(e[0].name, "dev", "cpio: first a directory");
		TAP_INT(e[0].mode, S_IFDIR | 0755, "cpio: with its mode");
		TAP_INT(e[1].mode, S_IFCHR | 0600, "cpio: a character device");
		TAP_INT(e[1].rmaj * 256 + e[1].rmin, 5 * 256 + 1,
			"cpio: the device is 5:1");
		TAP_INT(e[2].size, 5, "cpio: a file's size");
		tap_ok(!memcmp(e[2].data, "hello", 5), "cpio: a file's bytes");
		TAP_INT(e[3].size, 0, "cpio: an empty file");
	}
	free(buf);
}

/* ---- modules ------------------------------------------------------------- */

static char tree[64];

static void put_file(const char *rel, const void *data, size_t len)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", tree, rel);
	f = fopen(path, "w");
	if (f) {
		fwrite(data, 1, len, f);
		fclose(f);
	}
}

static void put_text(const char *rel, const char *text)
{
	put_file(rel, text, strlen(text));
}

/*
 * A relocatable ELF64 with a section header table of three: the null
 * section, .shstrtab and .modinfo holding info (n bytes, NULs inside).
 */
static size_t make_module(unsigned char *out, const char *info, size_t n)
{
	static const char names[] = "\0.shstrtab\0.modinfo";
	Elf64_Ehdr eh = { 0 };
	Elf64_Shdr sh[3] = { { 0 } };
	size_t off = sizeof(eh);

	memcpy(eh.e_ident, ELFMAG, SELFMAG);
	eh.e_ident[EI_CLASS] = ELFCLASS64;
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_ident[EI_VERSION] = EV_CURRENT;
	eh.e_type = ET_REL;
	eh.e_machine = EM_X86_64;
	eh.e_version = EV_CURRENT;
	eh.e_ehsize = sizeof(eh);
	eh.e_shentsize = sizeof(Elf64_Shdr);
	eh.e_shnum = 3;
	eh.e_shstrndx = 1;
	memcpy(out + off, names, sizeof(names));
	sh[1].sh_name = 1;
	sh[1].sh_type = SHT_STRTAB;
	sh[1].sh_offset = off;
	sh[1].sh_size = sizeof(names);
	off += sizeof(names);
	memcpy(out + off, info, n);
	sh[2].sh_name = 11;
	sh[2].sh_type = SHT_PROGBITS;
	sh[2].sh_offset = off;
	sh[2].sh_size = n;
	off += n;
	off = (off + 7) & ~(size_t)7;
	eh.e_shoff = off;
	memcpy(out + off, sh, sizeof(sh));
	memcpy(out, &eh, sizeof(eh));
	return off + sizeof(sh);
}

static void put_module(const char *rel, const char *info, size_t n)
{
	unsigned char elf[1024];

	put_file(rel, elf, make_module(elf, info, n));
}

/* The names of l, in order, comma-separated. */
static void names(const struct th_modlist *l, char *buf, size_t len)
{
	buf[0] = '\0';
	for (size_t i = 0; i < l->n; i++)
		snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", i ? "," : "",
			 l->v[i]->name);
}

static void test_modinfo(void)
{
	static const char info[] = "license=GPL\0\0\0depends=kvm,ccp\0name=kvm_amd";
	unsigned char elf[1024];
	char buf[64];
	size_t n = make_module(elf, info, sizeof(info));

	TAP_INT(th_modinfo_get(elf, n, "depends", buf, sizeof(buf)), 0,
		"modinfo: depends= is found past NUL padding");
	TAP_STR(buf, "kvm,ccp", "modinfo: its value");
	TAP_INT(th_modinfo_get(elf, n, "vermagic", buf, sizeof(buf)), -ENOENT,
		"modinfo: a key that is not there");
	TAP_INT(th_modinfo_get(elf, 40, "depends", buf, sizeof(buf)), -EINVAL,
		"modinfo: a truncated file is no ELF");
	elf[EI_CLASS] = ELFCLASS32;
	TAP_INT(th_modinfo_get(elf, n, "depends", buf, sizeof(buf)), -EINVAL,
		"modinfo: a 32-bit ELF is refused");
}

static void test_closure_dep(void)
{
	const char *want[] = { "9p", "kvm-amd", "virtio_ring", "nosuch" };
	struct th_modlist l = { 0 };
	struct th_modtree t;
	struct rt_err err;
	char got[256];
	int rc;

	put_text("modules.dep",
		 "kernel/fs/9p/9p.ko.xz: kernel/net/9p/9pnet.ko.xz kernel/fs/netfs/netfs.ko.xz\n"
		 "kernel/net/9p/9pnet.ko.xz:\n"
		 "kernel/fs/netfs/netfs.ko.xz:\n"
		 "kernel/arch/x86/kvm/kvm-amd.ko: kernel/arch/x86/kvm/kvm.ko\n"
		 "kernel/arch/x86/kvm/kvm.ko:\n");
	put_text("modules.builtin", "kernel/drivers/virtio/virtio_ring.ko\n");
	rc = th_modtree_open(&t, tree, tree, &err);
	TAP_INT(rc, 0, "modules.dep: the tree opens");
	rc = th_mod_closure(&t, want, 4, &l, &err);
	TAP_INT(rc, 0, "modules.dep: the closure is found");
	names(&l, got, sizeof(got));
	TAP_STR(got, "9pnet,netfs,9p,kvm,kvm_amd",
		"modules.dep: dependencies first, '-' read as '_'");
	TAP_INT(l.nmissing, 1, "modules.dep: a built-in module is not missing");
	if (l.nmissing)
		TAP_STR(l.missing[0], "nosuch", "modules.dep: an unknown one is");
	th_modlist_free(&l);
	th_modtree_free(&t);
}

static void test_closure_modinfo(void)
{
	static const char amd[] = "depends=kvm,ccp";
	static const char kvm[] = "depends=irqbypass";
	static const char none[] = "depends=";
	const char *want[] = { "kvm_amd" };
	struct th_modlist l = { 0 };
	struct th_modtree t;
	struct rt_err err;
	char got[256], path[128];

	snprintf(path, sizeof(path), "%s/modules.dep", tree);
	unlink(path);
	snprintf(path, sizeof(path), "%s/arch", tree);
	mkdir(path, 0755);
	put_module("arch/kvm-amd.ko", amd, sizeof(amd));
	put_module("arch/kvm.ko", kvm, sizeof(kvm));
	put_module("arch/ccp.ko", none, sizeof(none));
	put_module("arch/irqbypass.ko", none, sizeof(none));
	/* A build tree's modules.order names objects (.o). */
	put_text("modules.order", "arch/kvm.o\narch/kvm-amd.o\narch/ccp.o\n"
		 "arch/irqbypass.o\n");
	if (!tap_ok(th_modtree_open(&t, tree, tree, &err) == 0,
		    "modinfo tree: opens through modules.order"))
		printf("#   %s\n", err.msg);
	TAP_INT(t.n, 4, "modinfo tree: every module of the order is found");
	if (!tap_ok(th_mod_closure(&t, want, 1, &l, &err) == 0,
		    "modinfo tree: the closure is read from .modinfo"))
		printf("#   %s\n", err.msg);
	names(&l, got, sizeof(got));
	TAP_STR(got, "irqbypass,kvm,ccp,kvm_amd",
		"modinfo tree: each module after what it depends on");
	th_modlist_free(&l);
	th_modtree_free(&t);
}

/* A module's vermagic, which says the release it was built for. */
static void test_mod_info(void)
{
	static const char info[] =
		"depends=\0vermagic=6.12.117 SMP preempt mod_unload ";
	static const char none[] = "depends=";
	struct th_modtree t;
	struct rt_err err;
	char got[64] = "x";

	put_module("arch/kvm.ko", info, sizeof(info));
	put_module("arch/ccp.ko", none, sizeof(none));
	put_text("arch/bad.ko", "not an ELF file at all, but long enough to try");
	put_text("modules.order", "arch/kvm.o\narch/ccp.o\narch/bad.o\n");
	if (!tap_ok(th_modtree_open(&t, tree, tree, &err) == 0,
		    "mod_info: the tree opens")) {
		printf("#   %s\n", err.msg);
		return;
	}
	TAP_INT(th_mod_info(&t, th_mod_find(&t, "kvm"), "vermagic", got,
			    sizeof(got), &err), 0, "mod_info: vermagic is read");
	TAP_STR(got, "6.12.117 SMP preempt mod_unload ", "mod_info: its value");
	TAP_INT(th_mod_info(&t, th_mod_find(&t, "ccp"), "vermagic", got,
			    sizeof(got), &err), 0, "mod_info: a key that is not there");
	TAP_STR(got, "", "mod_info: reads as empty");
	TAP_INT(th_mod_info(&t, th_mod_find(&t, "bad"), "vermagic", got,
			    sizeof(got), &err), -EINVAL, "mod_info: a file that is no ELF");
	th_modtree_free(&t);
}

/* ---- console ------------------------------------------------------------- */

static void test_console(void)
{
	static const char text[] =
		"[    1.000000] Linux version 6.12\r\n"
		"scn-testhost: note: something\r\n"
		"scn-testhost: run\r\n"
		"[    2.000000] WARNING: CPU: 0 PID: 1 at foo\r\n"
		"[    3.000000] BUG: kernel NULL pointer dereference, address: 0\r\n"
		"[    3.000001] Call Trace:\r\n"
		"[    3.000002] ---[ end trace 0000000000000000 ]---\r\n"
		"[    3.100000] after\r\n"
		"scn-testhost: error: mount -t 9p";
	struct th_console c;
	size_t n;
	char **oops;

	th_console_init(&c, NULL);
	/* In pieces, as a pipe delivers them. */
	th_console_feed(&c, text, 50);
	th_console_feed(&c, text + 50, sizeof(text) - 1 - 50);
	th_console_end(&c);
	tap_ok(c.run, "console: the init's run line is seen");
	tap_ok(c.oopsed && !c.panicked, "console: a BUG is an oops, not a panic");
	TAP_INT(c.nerrors, 1, "console: the init's error line, without a newline");
	if (c.nerrors)
		TAP_STR(c.errors[0], "mount -t 9p", "console: its text");
	oops = th_console_take_oops(&c, &n);
	TAP_INT(n, 3, "console: the report up to its end line, not the warning");
	if (n == 3)
		TAP_STR(oops[0], "BUG: kernel NULL pointer dereference, address: 0",
			"console: without the timestamp and carriage return");
	for (size_t i = 0; i < n; i++)
		free(oops[i]);
	free(oops);
	th_console_free(&c);
	tap_ok(th_console_oops_start("watchdog: BUG: soft lockup - CPU#0 stuck"),
	       "console: a soft lockup begins a report");
	tap_ok(!th_console_oops_start("BUGS: none"),
	       "console: a word that merely starts with BUG does not");
}

/* ---- sums: a cached kernel's files ---------------------------------------- */

static void test_sums(void)
{
	static const struct {
		const char *in, *md5;
	} rfc[] = {	/* RFC 1321's test suite */
		{ "", "d41d8cd98f00b204e9800998ecf8427e" },
		{ "a", "0cc175b9c0f1b6a831c399e269772661" },
		{ "abc", "900150983cd24fb0d6963f7d28e17f72" },
		{ "message digest", "f96b697d7cb7938d525a2f31aaf161d0" },
		{ "abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b" },
		{ "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
		  "57edf4a22be3c955ac49da2e2107b67a" },
	};
	struct th_sums s;
	struct rt_err err;
	char hex[33], path[256], list[256];

	for (size_t i = 0; i < sizeof(rfc) / sizeof(rfc[0]); i++) {
		th_md5(rfc[i].in, strlen(rfc[i].in), hex);
		TAP_STR(hex, rfc[i].md5, "md5: \"%.20s\"", rfc[i].in);
	}
	snprintf(path, sizeof(path), "%s/pkg", tree);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/pkg/boot", tree);
	mkdir(path, 0755);
	put_text("pkg/boot/vmlinuz-1", "abc");
	put_text("pkg/modules.order", "message digest");
	/* dpkg's md5sums: two blanks between the sum and the path. */
	put_text("md5sums", "900150983cd24fb0d6963f7d28e17f72  boot/vmlinuz-1\n"
		 "f96b697d7cb7938d525a2f31aaf161d0  modules.order\n");
	snprintf(path, sizeof(path), "%s/pkg", tree);
	snprintf(list, sizeof(list), "%s/md5sums", tree);
	TAP_INT(th_sums_write(path, list, &err), 0, "sums: the list is written");
	TAP_INT(th_sums_load(&s, path, &err), 0, "sums: and read back");
	TAP_INT((int)s.n, 2, "sums: two files");
	TAP_INT(th_sums_check_sizes(&s, &err), 0, "sums: every size as listed");
	snprintf(path, sizeof(path), "%s/pkg/boot/vmlinuz-1", tree);
	TAP_INT(th_sums_check_file(&s, path, &err), 0, "sums: the image is the package's");
	put_text("pkg/boot/vmlinuz-1", "abd");
	TAP_INT(th_sums_check_file(&s, path, &err), -EBADMSG,
		"sums: a changed byte is found by its MD5");
	put_text("pkg/boot/vmlinuz-1", "ab");
	TAP_INT(th_sums_check_sizes(&s, &err), -EBADMSG, "sums: a cut file by its size");
	TAP_STR(err.msg, "'boot/vmlinuz-1' has 2 bytes, the package's 3",
		"sums: the message names the file");
	unlink(path);
	TAP_INT(th_sums_check_sizes(&s, &err), -EBADMSG, "sums: a missing file");
	snprintf(path, sizeof(path), "%s/pkg/modules.dep", tree);
	put_text("pkg/modules.dep", "x");
	TAP_INT(th_sums_check_file(&s, path, &err), -EBADMSG,
		"sums: a file the package lacks is not its");
	th_sums_free(&s);
}

/* ---- kernel -------------------------------------------------------------- */

static void test_kernel(void)
{
	unsigned char img[0x400] = { 0 };
	struct th_kernel k;
	struct rt_err err;
	char rel[64], path[128];

	memcpy(img + 0x202, "HdrS", 4);
	img[0x20e] = 0x00;	/* the string at 0x200 + 0x100 */
	img[0x20f] = 0x01;
	strcpy((char *)img + 0x300, "6.12.1-test (me@here) #1 SMP");
	put_file("bzImage", img, sizeof(img));
	snprintf(path, sizeof(path), "%s/bzImage", tree);
	TAP_INT(th_bzimage_release(path, rel, sizeof(rel)), 0,
		"bzImage: the setup header is read");
	TAP_STR(rel, "6.12.1-test", "bzImage: the release is its first word");
	snprintf(path, sizeof(path), "%s/modules.order", tree);
	TAP_INT(th_bzimage_release(path, rel, sizeof(rel)), -ENOEXEC,
		"bzImage: a file without HdrS is none");
	TAP_INT(th_kernel_resolve("debian:latest", NULL, NULL, &k, &err), -EINVAL,
		"kernel: debian:latest is no spec");
	TAP_INT(th_kernel_resolve("debian:6.12-xx", NULL, NULL, &k, &err), -EINVAL,
		"kernel: only -rt may follow the series");
	TAP_INT(th_kernel_resolve("debian:6.12", tree, NULL, &k, &err), -EINVAL,
		"kernel: --modules goes with a kernel you built");
	TAP_INT(th_kernel_resolve("/nonexistent/bzImage", NULL, NULL, &k, &err),
		-ENOENT, "kernel: a missing file");
	/* Issue 20: a spec that names no kernel is a usage error, with the
	 * specs there are; a series scn knows is fine even offline. */
	TAP_INT(th_kernel_check("debian:6.12-xx", NULL, &err), -EINVAL,
		"kernel check: only -rt may follow the series");
	tap_ok(strstr(err.msg, "debian:6.12-rt") != NULL,
	       "kernel check: the message lists the specs");
	TAP_INT(th_kernel_check("debian:6.12", NULL, &err), 0,
		"kernel check: debian:6.12 needs no apt to be known");
	TAP_INT(th_kernel_check("/nonexistent/bzImage", NULL, &err), -ENOENT,
		"kernel check: a missing file");
	tap_ok(strstr(err.msg, "No such file or directory (a kernel is debian:SERIES") != NULL,
	       "kernel check: a missing file's message says what a kernel is");
	snprintf(path, sizeof(path), "%s/bzImage", tree);
	TAP_INT(th_kernel_resolve(path, tree, NULL, &k, &err), 0,
		"kernel: a bzImage with --modules");
	TAP_STR(k.modules, tree, "kernel: --modules without lib/modules is the tree");
}

/* ---- Debian's kernels by name -------------------------------------------- */

static void add_rel(struct th_deb_index *ix, const char *rel, const char *version,
		    const char *suite, unsigned parts)
{
	struct th_deb_rel r = { .parts = parts };

	snprintf(r.rel, sizeof(r.rel), "%s", rel);
	snprintf(r.version, sizeof(r.version), "%s", version);
	snprintf(r.suite, sizeof(r.suite), "%s", suite);
	r.flavour = th_deb_flavour_of(rel);
	VEC_PUSH(ix->v, ix->n, ix->cap, r);
}

static void test_debian(void)
{
	enum { SPLIT7 = TH_DEB_BINARY_UNSIGNED | TH_DEB_BINARY | TH_DEB_MODULES |
			TH_DEB_BASE | TH_DEB_IMAGE | TH_DEB_META,
	       OLD = TH_DEB_IMAGE_UNSIGNED | TH_DEB_IMAGE,
	       SIGNED_ONLY = TH_DEB_BINARY | TH_DEB_IMAGE | TH_DEB_META };
	struct th_deb_index ix = { 0 };
	struct th_deb_spec s;
	const struct th_deb_rel *r;
	struct th_deb_rel one = { 0 };
	char entry[300], names[4][256], buf[128];
	struct strbuf sb;

	TAP_INT(th_deb_parse("7.3", &s), 0, "spec: debian:7.3");
	tap_ok(s.kind == TH_DEB_SERIES && !strcmp(s.series, "7.3") &&
	       !strcmp(s.flavour->name, "amd64"), "spec: 7.3 is a series of amd64");
	TAP_INT(th_deb_parse("7.3-arm64-16k", &s), 0, "spec: debian:7.3-arm64-16k");
	tap_ok(!strcmp(s.flavour->name, "arm64-16k") && s.flavour->th == TH_ARCH_AARCH64,
	       "spec: the longest tail is the flavour");
	TAP_INT(th_deb_parse("sid-rt-arm64", &s), 0, "spec: debian:sid-rt-arm64");
	tap_ok(s.kind == TH_DEB_SUITE && !strcmp(s.flavour->name, "rt-arm64"),
	       "spec: sid is a suite");
	TAP_INT(th_deb_parse("7.2.12", &s), 0, "spec: three numbers are a version");
	TAP_INT(th_deb_parse("linux-binary-unsigned-7.3.4+deb13-arm64-16k", &s), 0,
		"spec: a 7.x image package");
	tap_ok(s.kind == TH_DEB_PACKAGE && s.part == TH_DEB_BINARY_UNSIGNED &&
	       !strcmp(s.rel, "7.3.4+deb13-arm64-16k"), "spec: its release and part");
	TAP_INT(th_deb_parse("linux-image-6.12.118+deb12-amd64-unsigned", &s), 0,
		"spec: an old layout's package");
	tap_ok(s.part == TH_DEB_IMAGE_UNSIGNED && !strcmp(s.rel, "6.12.118+deb12-amd64"),
	       "spec: the unsigned image before the signed one");
	TAP_INT(th_deb_parse("linux-image-6.12-amd64", &s), -EINVAL,
		"spec: a series' metapackage is no release");
	TAP_INT(th_deb_parse("7", &s), -EINVAL, "spec: one number is no series");
	TAP_INT(th_deb_parse("7.3-arm", &s), -EINVAL, "spec: no such flavour");

	tap_ok(th_deb_vercmp("7.3.4-1~bpo13+1", "7.3.4-1") < 0, "vercmp: ~ sorts first");
	tap_ok(th_deb_vercmp("6.12.118-1~deb12u1", "6.12.117-1") > 0, "vercmp: by number");
	tap_ok(th_deb_vercmp("1:1.0", "2.0") > 0, "vercmp: the epoch first");
	tap_ok(th_deb_vercmp("7.0.13-2~bpo13+1", "7.0.13-1~bpo13+1") > 0,
	       "vercmp: the revision last");

	one.parts = SIGNED_ONLY;
	snprintf(one.rel, sizeof(one.rel), "7.0.13+deb13-amd64");
	tap_ok(!th_deb_complete(&one), "complete: a signed image without modules is not");
	th_deb_missing(&one, buf, sizeof(buf));
	TAP_STR(buf, "linux-modules-7.0.13+deb13-amd64", "complete: the modules are missing");
	one.cached = true;
	tap_ok(th_deb_complete(&one), "complete: a cached release is");
	one.cached = false;
	one.parts = TH_DEB_IMAGE | TH_DEB_META;
	tap_ok(!th_deb_complete(&one), "complete: a metapackage alone is not");
	one.parts = TH_DEB_IMAGE;
	tap_ok(th_deb_complete(&one), "complete: an old layout's signed image is");

	one.parts = SPLIT7;
	one.flavour = th_deb_flavour_of("7.3.4+deb13-arm64-16k");
	snprintf(one.rel, sizeof(one.rel), "7.3.4+deb13-arm64-16k");
	TAP_INT((int)th_deb_parts(&one, entry, sizeof(entry), names, 4), 3,
		"parts: the 7.x layout is three packages");
	TAP_STR(entry, "linux-image-7.3.4+deb13-arm64-16k", "parts: one entry for them");
	TAP_STR(names[0], "linux-binary-unsigned-7.3.4+deb13-arm64-16k:arm64",
		"parts: the unsigned image, of arm64");
	TAP_STR(names[2], "linux-base-7.3.4+deb13-arm64-16k:arm64", "parts: linux-base");
	one.parts = OLD;
	one.flavour = th_deb_flavour_of("6.12.118+deb12-amd64");
	snprintf(one.rel, sizeof(one.rel), "6.12.118+deb12-amd64");
	TAP_INT((int)th_deb_parts(&one, entry, sizeof(entry), names, 4), 1,
		"parts: the old layout is one package");
	TAP_STR(entry, "linux-image-6.12.118+deb12-amd64-unsigned", "parts: named as before");

	add_rel(&ix, "6.12.118+deb13-amd64", "6.12.118-1", "trixie", OLD);
	add_rel(&ix, "6.12.118+deb12-amd64", "6.12.118-1~deb12u1", "bookworm-security", OLD);
	add_rel(&ix, "6.12.117+deb12-amd64", "6.12.117-1~deb12u1", "bookworm-security", OLD);
	add_rel(&ix, "6.12.118+deb12-arm64", "6.12.118-1~deb12u1", "bookworm-security", OLD);
	add_rel(&ix, "7.0.13+deb13-amd64", "7.0.13-1~bpo13+1", "trixie-backports", SIGNED_ONLY);
	add_rel(&ix, "7.2.12+deb13-amd64", "7.2.12-1~bpo13+1", "trixie-backports", SPLIT7);
	add_rel(&ix, "7.2.13+deb14-amd64", "7.2.13-1", "sid", SPLIT7 & ~TH_DEB_BINARY_UNSIGNED);
	add_rel(&ix, "7.3.4+deb13-amd64", "7.3.4-1~bpo13+1", "trixie-backports", SPLIT7);
	th_deb_parse("6.12", &s);
	r = th_deb_newest(&ix, &s, false);
	TAP_STR(r ? r->rel : "", "6.12.118+deb12-amd64",
		"newest: one upstream in two releases is bookworm's");
	th_deb_parse("7.2", &s);
	r = th_deb_newest(&ix, &s, false);
	TAP_STR(r ? r->rel : "", "7.2.13+deb14-amd64", "newest: sid's 7.2.13 over 7.2.12");
	th_deb_parse("sid", &s);
	r = th_deb_newest(&ix, &s, false);
	TAP_STR(r ? r->rel : "", "7.2.13+deb14-amd64", "newest: debian:sid");
	th_deb_parse("7.0", &s);
	tap_ok(!th_deb_newest(&ix, &s, false) && th_deb_newest(&ix, &s, true),
	       "newest: 7.0 the archive has only in part");
	th_deb_nearest(&ix, "7.9", buf, sizeof(buf));
	TAP_STR(buf, "debian:7.3", "nearest: 7.9 -> 7.3, by number");
	th_deb_nearest(&ix, "6.12-arm", buf, sizeof(buf));
	TAP_STR(buf, "debian:6.12-arm64", "nearest: a spec it begins");
	th_deb_nearest(&ix, "sdi", buf, sizeof(buf));
	TAP_STR(buf, "debian:sid", "nearest: a letter swapped");
	sb_init(&sb);
	th_deb_list(&ix, &sb);
	tap_ok(strstr(sb.buf, "debian:7.0 ") && strstr(sb.buf, "none can boot: the lists "
	       "have no linux-modules-7.0.13+deb13-amd64"), "list: 7.0 cannot boot, said why");
	tap_ok(strstr(sb.buf, "\ndebian:6.12-arm64 ") != NULL, "list: a flavour's line");
	sb_free(&sb);
	sb_init(&sb);
	th_deb_specs(&ix, &sb);
	TAP_STR(sb.buf, "debian:6.12 (-arm64), debian:7.2, debian:7.3, debian:sid",
		"specs: what can boot, each series once with its flavours");
	sb_free(&sb);
	th_deb_index_free(&ix);
}

/* ---- arch --------------------------------------------------------------- */

static void test_arch(void)
{
	/* An arm64 Image: "ARM\x64" at 0x38, the banner far in, across reads. */
	size_t len = (1 << 16) + 4096;
	unsigned char *img = calloc(1, len);
	static const char banner[] = "Linux version 6.12.9-arm (me@here) (gcc) #1 SMP";
	static const char decoy[] = "Linux version %s (";
	Elf64_Ehdr eh = { .e_ident = { ELFMAG0, ELFMAG1, ELFMAG2, ELFMAG3, ELFCLASS64 },
			  .e_machine = EM_AARCH64 };
	struct th_kernel k;
	struct rt_err err;
	enum th_arch a = TH_ARCH_X86_64;
	char rel[64], path[128], cmd[512];

	memcpy(img + 0x38, "ARM\x64", 4);
	memcpy(img + 4000, decoy, sizeof(decoy) - 1);
	memcpy(img + (1 << 16) - 20, banner, sizeof(banner) - 1);
	put_file("Image", img, len);
	free(img);
	snprintf(path, sizeof(path), "%s/Image", tree);
	TAP_INT(th_image_arch(path, &a), 0, "arch: an arm64 Image is known by its magic");
	TAP_INT(a, TH_ARCH_AARCH64, "arch: the Image is aarch64's");
	TAP_INT(th_image_release_arm64(path, rel, sizeof(rel)), 0,
		"arch: the Image's banner is found across two reads");
	TAP_STR(rel, "6.12.9-arm", "arch: the release is the banner's word, not a format's");
	TAP_INT(th_spec_arch(path), TH_ARCH_AARCH64, "arch: a path is its header's");
	TAP_INT(th_spec_page_size(path), 4096, "pages: an Image that says none is 4K");
	{
		/* booting.rst: flags bits 1-2 at 0x30, 2 for 16K pages */
		unsigned char *i16 = calloc(1, len);

		memcpy(i16 + 0x38, "ARM\x64", 4);
		i16[0x30] = 2 << 1;
		put_file("Image16k", i16, len);
		i16[0x30] = 3 << 1;
		put_file("Image64k", i16, len);
		free(i16);
		snprintf(path, sizeof(path), "%s/Image16k", tree);
		TAP_INT(th_spec_page_size(path), 16384, "pages: a 16K Image by its header");
		snprintf(path, sizeof(path), "%s/Image64k", tree);
		TAP_INT(th_spec_page_size(path), 65536, "pages: a 64K Image by its header");
		snprintf(path, sizeof(path), "%s/Image", tree);
	}
	TAP_INT(th_kernel_resolve(path, tree, NULL, &k, &err), 0,
		"kernel: an arm64 Image with --modules");
	TAP_INT(k.arch, TH_ARCH_AARCH64, "kernel: the Image's arch");
	TAP_STR(k.release, "6.12.9-arm", "kernel: the Image's release");
	/* A build tree's own Image finds the tree's modules beside it. */
	snprintf(cmd, sizeof(cmd), "mkdir -p %s/arch/arm64/boot && cp %s/Image "
		 "%s/arch/arm64/boot/Image", tree, tree, tree);
	TAP_INT(system(cmd), 0, "arch: a build tree made");
	snprintf(path, sizeof(path), "%s/arch/arm64/boot/Image", tree);
	TAP_INT(th_kernel_resolve(path, NULL, NULL, &k, &err), 0,
		"kernel: an Image of a build tree");
	TAP_STR(k.modules, tree, "kernel: the build tree's modules, without --modules");
	snprintf(path, sizeof(path), "%s/bzImage", tree);
	TAP_INT(th_spec_arch(path), TH_ARCH_X86_64, "arch: a bzImage is x86_64's");
	snprintf(path, sizeof(path), "%s/modules.order", tree);
	TAP_INT(th_image_arch(path, &a), -ENOEXEC, "arch: a text file is no image");
	TAP_INT(th_image_release_arm64(path, rel, sizeof(rel)), -ENOEXEC,
		"arch: nor has it a banner");
	TAP_INT(th_spec_arch("debian:6.12-arm64"), TH_ARCH_AARCH64, "arch: debian:6.12-arm64");
	TAP_INT(th_spec_arch("debian:6.12-rt-arm64"), TH_ARCH_AARCH64,
		"arch: debian:6.12-rt-arm64");
	TAP_INT(th_spec_arch("debian:linux-image-6.12.117+deb12-arm64-unsigned"),
		TH_ARCH_AARCH64, "arch: an arm64 package");
	TAP_INT(th_spec_arch("debian:6.12"), TH_ARCH_X86_64, "arch: debian:6.12");
	TAP_INT(th_spec_page_size("debian:7.3-arm64-16k"), 16384, "pages: debian:7.3-arm64-16k's are 16K");
	TAP_INT(th_spec_page_size("debian:linux-image-7.3.4+deb13-arm64-16k"), 16384,
		"pages: so are a 16K package's");
	TAP_INT(th_spec_page_size("debian:7.3-arm64"), 4096, "pages: debian:7.3-arm64's are 4K");
	TAP_INT(th_spec_page_size("debian:6.12"), 4096, "pages: debian:6.12's are 4K");
	TAP_INT(th_spec_page_size("debian:nonsense-"), 4096, "pages: 4K where the spec says nothing");
	TAP_STR(th_arch_name(TH_ARCH_AARCH64), "aarch64", "arch: uname's name");
	TAP_STR(th_arch_debian(TH_ARCH_AARCH64), "arm64", "arch: Debian's name");
	TAP_INT(th_kernel_resolve("debian:6.12-arm", NULL, NULL, &k, &err), -EINVAL,
		"kernel: debian:6.12-arm is no spec");
	TAP_INT(th_kernel_resolve("debian:-arm64", NULL, NULL, &k, &err), -EINVAL,
		"kernel: debian:-arm64 names no series");
	put_file("prog", &eh, sizeof(eh));
	snprintf(path, sizeof(path), "%s/prog", tree);
	TAP_INT(th_elf_arch_check(path, TH_ARCH_AARCH64), 0, "arch: an aarch64 ELF program");
	TAP_INT(th_elf_arch_check(path, TH_ARCH_X86_64), -ENOEXEC, "arch: is not x86_64's");
	TAP_INT(th_elf_arch_check("/proc/self/exe", th_arch_native()), 0,
		"arch: this test is of its build's architecture");
}

int main(void)
{
	char cmd[128];

	snprintf(tree, sizeof(tree), "/tmp/scn-unit-testhost.XXXXXX");
	if (!mkdtemp(tree))
		return 1;
	test_cpio();
	test_modinfo();
	test_closure_dep();
	test_closure_modinfo();
	test_mod_info();
	test_console();
	test_sums();
	test_kernel();
	test_debian();
	test_arch();
	snprintf(cmd, sizeof(cmd), "rm -rf %s", tree);
	if (system(cmd))
		printf("# could not remove %s\n", tree);
	return tap_done();
}
