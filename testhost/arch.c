// SPDX-License-Identifier: GPL-2.0-only
/* arch: a test host's architecture and what goes with it (see arch.h). */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arch.h"
#include "debian.h"
#include "helper.h"

/* The arm64 Image header's magic, "ARM\x64", at this offset; the RISC-V
 * Image's, "RSC\x05", at the same. */
#define ARM64_MAGIC_OFF 0x38
#define ARM64_MAGIC 0x644d5241u
#define RISCV_MAGIC 0x05435352u

const char *th_arch_name(enum th_arch a)
{
	return a == TH_ARCH_AARCH64 ? "aarch64" : a == TH_ARCH_RISCV64 ? "riscv64" : "x86_64";
}

const char *th_arch_debian(enum th_arch a)
{
	return a == TH_ARCH_AARCH64 ? "arm64" : a == TH_ARCH_RISCV64 ? "riscv64" : "amd64";
}

enum th_arch th_arch_native(void)
{
#if defined(__aarch64__)
	return TH_ARCH_AARCH64;
#elif defined(__riscv) && __riscv_xlen == 64
	return TH_ARCH_RISCV64;
#else
	return TH_ARCH_X86_64;
#endif
}

int th_image_arch(const char *path, enum th_arch *a)
{
	unsigned char h[0x210];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	n = pread(fd, h, sizeof(h), 0);
	close(fd);
	if (n == (ssize_t)sizeof(h) && !memcmp(h + 0x202, "HdrS", 4)) {
		*a = TH_ARCH_X86_64;
		return 0;
	}
	if (n >= ARM64_MAGIC_OFF + 4) {
		uint32_t magic = (uint32_t)h[ARM64_MAGIC_OFF] |
				 (uint32_t)h[ARM64_MAGIC_OFF + 1] << 8 |
				 (uint32_t)h[ARM64_MAGIC_OFF + 2] << 16 |
				 (uint32_t)h[ARM64_MAGIC_OFF + 3] << 24;

		if (magic == ARM64_MAGIC || magic == RISCV_MAGIC) {
			*a = magic == ARM64_MAGIC ? TH_ARCH_AARCH64 : TH_ARCH_RISCV64;
			return 0;
		}
	}
	return -ENOEXEC;
}

enum th_arch th_spec_arch(const char *spec)
{
	enum th_arch a = TH_ARCH_X86_64;

	if (!strncmp(spec, "debian:", 7)) {
		struct th_deb_spec s;

		/* The flavour names it: -arm64-16k, -rt-arm64, ...-arm64-unsigned. */
		return th_deb_parse(spec + 7, &s) ? TH_ARCH_X86_64 : s.flavour->th;
	}
	th_image_arch(spec, &a);
	return a;
}

/* The arm64 Image header's flags (le64); bits 1-2 are the page size. */
#define ARM64_FLAGS_OFF 0x30

long th_spec_page_size(const char *spec)
{
	unsigned char h[ARM64_FLAGS_OFF + 8];
	enum th_arch a;
	int fd;

	if (!strncmp(spec, "debian:", 7)) {
		struct th_deb_spec s;

		return th_deb_parse(spec + 7, &s) ? 4096 : s.flavour->page_size;
	}
	if (th_image_arch(spec, &a) || a != TH_ARCH_AARCH64)
		return 4096;
	fd = open(spec, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 4096;
	if (pread(fd, h, sizeof(h), 0) != (ssize_t)sizeof(h)) {
		close(fd);
		return 4096;
	}
	close(fd);
	/* Documentation/arch/arm64/booting.rst: 1 4K, 2 16K, 3 64K; 0 unsaid */
	switch (h[ARM64_FLAGS_OFF] >> 1 & 3) {
	case 2:
		return 16384;
	case 3:
		return 65536;
	default:
		return 4096;
	}
}

int th_image_release_arm64(const char *path, char *buf, size_t len)
{
	static const char banner[] = "Linux version ";
	size_t blen = sizeof(banner) - 1, have = 0;
	char chunk[1 << 16];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	/* The banner may straddle two reads: keep the last bytes of each. */
	while ((n = read(fd, chunk + have, sizeof(chunk) - have)) > 0) {
		size_t end = have + (size_t)n;
		char *p = memmem(chunk, end, banner, blen);

		/* linux_banner is "Linux version RELEASE (" + its builder. */
		while (p && (p + blen >= chunk + end ||
			     p[blen] < '0' || p[blen] > '9'))
			p = memmem(p + 1, (size_t)(chunk + end - p - 1), banner, blen);
		if (p && chunk + end - p > 128) {
			size_t r = strcspn(p + blen, " \n");

			close(fd);
			if (r > 127)
				return -ENOEXEC;
			th_path(buf, len, "%.*s", (int)r, p + blen);
			return 0;
		}
		have = end < 256 ? end : 256;
		memmove(chunk, chunk + end - have, have);
	}
	close(fd);
	return -ENOEXEC;
}

int th_elf_arch_check(const char *path, enum th_arch a)
{
	Elf64_Ehdr eh;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	n = pread(fd, &eh, sizeof(eh), 0);
	close(fd);
	if (n != (ssize_t)sizeof(eh) || memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh.e_machine != (a == TH_ARCH_AARCH64 ? EM_AARCH64 :
			     a == TH_ARCH_RISCV64 ? EM_RISCV : EM_X86_64))
		return -ENOEXEC;
	return 0;
}

/* Whether path is the file this process runs. */
static bool is_self(const char *path)
{
	struct stat a, b;

	return stat(path, &a) == 0 && stat("/proc/self/exe", &b) == 0 &&
	       a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* argv0 as execvp would find it, into buf; false when it is not found. */
static bool lookup(const char *argv0, char *buf, size_t len)
{
	const char *path = getenv("PATH"), *p, *colon;

	if (strchr(argv0, '/'))
		return !th_path(buf, len, "%s", argv0);
	for (p = path ? path : "/usr/bin:/bin"; p; p = colon ? colon + 1 : NULL) {
		colon = strchr(p, ':');
		if (th_path(buf, len, "%.*s/%s", colon ? (int)(colon - p) :
			    (int)strlen(p), p, argv0))
			continue;
		if (access(buf, X_OK) == 0)
			return true;
	}
	return false;
}

int th_arch_command(enum th_arch a, const char *argv0, char *buf, size_t len,
		    struct rt_err *err)
{
	char found[PATH_MAX], self[PATH_MAX], dir[PATH_MAX], tried[2][PATH_MAX];
	const char *env = getenv(a == TH_ARCH_AARCH64 ? "SCN_AARCH64" :
				 a == TH_ARCH_RISCV64 ? "SCN_RISCV64" : "SCN_X86_64");
	char *slash;

	if (a == th_arch_native() || !lookup(argv0, found, sizeof(found)) ||
	    !is_self(found))
		return th_path(buf, len, "%s", argv0) ?
		       rt_fail(err, -ENAMETOOLONG, "'%s' is too long", argv0) : 0;
	if (a != TH_ARCH_X86_64 && env && *env) {
		if (th_elf_arch_check(env, a))
			return rt_fail(err, -ENODEV, "SCN_%s '%s' is not an "
				       "%s program (make %s builds one in "
				       "build-%s/scn)", a == TH_ARCH_AARCH64 ?
				       "AARCH64" : "RISCV64", env, th_arch_name(a),
				       th_arch_name(a), th_arch_name(a));
		return th_path(buf, len, "%s", env) ?
		       rt_fail(err, -ENAMETOOLONG, "'%s' is too long", env) : 0;
	}
	if (!realpath("/proc/self/exe", self))
		return rt_fail_errno(err, errno, "/proc/self/exe");
	/* The directory above this scn's: of build/scn, of bin/scn. */
	th_path(dir, sizeof(dir), "%s", self);
	for (int up = 0; up < 2; up++) {
		slash = strrchr(dir, '/');
		if (slash)
			*slash = '\0';
	}
	/* build/scn of a tree, then bin/scn of an installation. */
	th_path(tried[0], sizeof(tried[0]), "%s/build-%s/scn", dir, th_arch_name(a));
	th_path(tried[1], sizeof(tried[1]), "%s/lib/scn/%s/scn", dir, th_arch_name(a));
	for (size_t i = 0; i < 2; i++) {
		if (th_elf_arch_check(tried[i], a))
			continue;
		if (!realpath(tried[i], found))
			continue;
		return th_path(buf, len, "%s", found) ?
		       rt_fail(err, -ENAMETOOLONG, "'%s' is too long", found) : 0;
	}
	return rt_fail(err, -ENODEV, "this scn is %s and the test host %s, and no "
		       "%s scn is beside it (%s, %s): `make %s` builds one, with "
		       "Debian's gcc-%s-linux-gnu and the %s libnuma-dev and "
		       "libedit-dev (`make deps-%s`)", th_arch_name(th_arch_native()),
		       th_arch_name(a), th_arch_name(a), tried[0], tried[1],
		       th_arch_name(a), th_arch_name(a), th_arch_debian(a),
		       th_arch_debian(a));
}
