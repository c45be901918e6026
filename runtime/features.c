// SPDX-License-Identifier: GPL-2.0-only
//
// The machine probe behind `scn features` and `require`.

#include "features.h"
#include "cgroup.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <numa.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include "compat.h"
#include "mem_gmem.h"
#include "probe.h"
#include "vmstat.h"

#define SYS_MM "/sys/kernel/mm"
#define THP_DIR SYS_MM "/transparent_hugepage"
#define KSM_DIR SYS_MM "/ksm"
#define HUGETLB_DIR SYS_MM "/hugepages"
#define NODE_DIR "/sys/devices/system/node"

static const char *const feature_names[] = {
#define RT_FEATURE_NAME(id, name, desc) [RT_FEAT_##id] = name,
	RT_FEATURE_LIST(RT_FEATURE_NAME)
#undef RT_FEATURE_NAME
};

static const char *const feature_descs[] = {
#define RT_FEATURE_DESC(id, name, desc) [RT_FEAT_##id] = desc,
	RT_FEATURE_LIST(RT_FEATURE_DESC)
#undef RT_FEATURE_DESC
};

static const char *const kvm_cap_names[] = {
#define RT_KVM_CAP_NAME(id, name) [RT_KVM_CAP_##id] = name,
	RT_KVM_CAP_LIST(RT_KVM_CAP_NAME)
#undef RT_KVM_CAP_NAME
};



static const char *const kvm_param_names[] = {
#define RT_KVM_PARAM_NAME(id, mod, param) [RT_KVM_PARAM_##id] = mod "." param,
	RT_KVM_PARAM_LIST(RT_KVM_PARAM_NAME)
#undef RT_KVM_PARAM_NAME
};


// Feature bits by the names userfaultfd.h gives them, for printing.
#define UFFD_FEATURE_NAME_LIST(X)					\
	X(PAGEFAULT_FLAG_WP, "pagefault_flag_wp")			\
	X(EVENT_FORK, "event_fork")					\
	X(EVENT_REMAP, "event_remap")					\
	X(EVENT_REMOVE, "event_remove")					\
	X(MISSING_HUGETLBFS, "missing_hugetlbfs")			\
	X(MISSING_SHMEM, "missing_shmem")				\
	X(EVENT_UNMAP, "event_unmap")					\
	X(SIGBUS, "sigbus")						\
	X(THREAD_ID, "thread_id")					\
	X(MINOR_HUGETLBFS, "minor_hugetlbfs")				\
	X(MINOR_SHMEM, "minor_shmem")					\
	X(EXACT_ADDRESS, "exact_address")				\
	X(WP_HUGETLBFS_SHMEM, "wp_hugetlbfs_shmem")			\
	X(WP_UNPOPULATED, "wp_unpopulated")				\
	X(POISON, "poison")						\
	X(WP_ASYNC, "wp_async")						\
	X(MOVE, "move")							\
	X(RWP, "rwp")							\
	X(RWP_ASYNC, "rwp_async")

struct bit_name {
	uint64_t mask;
	const char *name;
};

static const struct bit_name uffd_feature_names[] = {
#define UFFD_FEATURE_NAME(id, name) { (uint64_t)UFFD_FEATURE_##id, name },
	UFFD_FEATURE_NAME_LIST(UFFD_FEATURE_NAME)
#undef UFFD_FEATURE_NAME
};

#define UFFD_IOCTL_NAME_LIST(X)						\
	X(REGISTER, "register")						\
	X(UNREGISTER, "unregister")					\
	X(WAKE, "wake")							\
	X(COPY, "copy")							\
	X(ZEROPAGE, "zeropage")						\
	X(MOVE, "move")							\
	X(WRITEPROTECT, "writeprotect")					\
	X(CONTINUE, "continue")						\
	X(POISON, "poison")						\
	X(RWPROTECT, "rwprotect")					\
	X(SET_MODE, "set_mode")						\
	X(API, "api")

static const struct bit_name uffd_ioctl_names[] = {
#define UFFD_IOCTL_NAME(id, name) { (uint64_t)1 << _UFFDIO_##id, name },
	UFFD_IOCTL_NAME_LIST(UFFD_IOCTL_NAME)
#undef UFFD_IOCTL_NAME
};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

const char *rt_feature_name(enum rt_feature id)
{
	if ((unsigned int)id >= RT_FEAT__COUNT)
		return NULL;
	return feature_names[id];
}

const char *rt_feature_describe(enum rt_feature id)
{
	if ((unsigned int)id >= RT_FEAT__COUNT)
		return NULL;
	return feature_descs[id];
}

int rt_feature_lookup(const char *name)
{
	if (!name)
		return -1;
	for (int i = 0; i < RT_FEAT__COUNT; i++)
		if (!strcmp(feature_names[i], name))
			return i;
	return -1;
}

const char *rt_kvm_cap_name(enum rt_kvm_cap cap)
{
	if ((unsigned int)cap >= RT_KVM_CAP__COUNT)
		return NULL;
	return kvm_cap_names[cap];
}

const char *rt_kvm_param_name(enum rt_kvm_param param)
{
	if ((unsigned int)param >= RT_KVM_PARAM__COUNT)
		return NULL;
	return kvm_param_names[param];
}

static const char *bit_lookup(const struct bit_name *t, size_t n,
			      unsigned int bit)
{
	if (bit >= 64)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (t[i].mask == (uint64_t)1 << bit)
			return t[i].name;
	return NULL;
}

const char *rt_uffd_feature_name(unsigned int bit)
{
	return bit_lookup(uffd_feature_names, ARRAY_SIZE(uffd_feature_names),
			  bit);
}

const char *rt_uffd_ioctl_name(unsigned int bit)
{
	return bit_lookup(uffd_ioctl_names, ARRAY_SIZE(uffd_ioctl_names), bit);
}

static const struct bit_name guest_memfd_flag_names[] = {
	{ (uint64_t)GUEST_MEMFD_FLAG_MMAP, "mmap" },
	{ (uint64_t)GUEST_MEMFD_FLAG_INIT_SHARED, "init_shared" },
};

const char *rt_guest_memfd_flag_name(unsigned int bit)
{
	return bit_lookup(guest_memfd_flag_names,
			  ARRAY_SIZE(guest_memfd_flag_names), bit);
}

const char *rt_uffd_via_name(enum rt_uffd_via via)
{
	switch (via) {
	case RT_UFFD_VIA_NONE:
		return "none";
	case RT_UFFD_VIA_SYSCALL_USER:
		return "syscall, user mode only";
	case RT_UFFD_VIA_SYSCALL:
		return "syscall";
	case RT_UFFD_VIA_DEV:
		return "/dev/userfaultfd";
	}
	return "none";
}

bool rt_features_kvm_stat(const struct rt_features *f, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = f->kvm_stats; *p; p = strchr(p, ' ') + 1)
		if (!strncmp(p, name, n) && p[n] == ' ')
			return true;
	return false;
}

const struct rt_hugetlb_pool *rt_features_hugetlb(const struct rt_features *f,
						  int64_t size)
{
	if (!f)
		return NULL;
	for (int i = 0; i < f->nr_hugetlb; i++)
		if (f->hugetlb[i].size == size)
			return &f->hugetlb[i];
	return NULL;
}

// ---- small readers ----------------------------------------------------------

bool rt_probe_path_exists(const char *path)
{
	return access(path, F_OK) == 0;
}

bool rt_probe_find_mount(const char *type, const char *opt, char *dir, size_t len)
{
	char line[512], dev[128], where[256], fstype[64], opts[256];
	bool found = false;
	FILE *f = fopen("/proc/self/mounts", "re");

	while (f && !found && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%127s %255s %63s %255s", dev, where, fstype, opts) != 4 ||
		    strcmp(fstype, type))
			continue;
		if (opt) {
			bool hit = false;
			char *save;

			for (char *tok = strtok_r(opts, ",", &save); tok;
			     tok = strtok_r(NULL, ",", &save))
				hit |= !strcmp(tok, opt);
			if (!hit)
				continue;
		}
		snprintf(dir, len, "%s", where);
		found = true;
	}
	if (f)
		fclose(f);
	return found;
}

int rt_probe_write_text(const char *path, const char *value)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;
	int e;

	if (fd < 0)
		return -errno;
	n = write(fd, value, strlen(value));
	e = errno;
	close(fd);
	return n < 0 ? -e : 0;
}

int rt_probe_read_text(const char *path, char *buf, size_t size)
{
	ssize_t n;
	int fd;

	if (size == 0)
		return -EINVAL;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	do
		n = read(fd, buf, size - 1);
	while (n < 0 && errno == EINTR);
	if (n < 0) {
		int err = -errno;

		close(fd);
		buf[0] = '\0';
		return err;
	}
	close(fd);
	buf[n] = '\0';
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

static int read_long(const char *path, long *out)
{
	char buf[64], *end;
	long v;
	int err;

	err = rt_probe_read_text(path, buf, sizeof(buf));
	if (err)
		return err;
	errno = 0;
	v = strtol(buf, &end, 10);
	if (errno || end == buf)
		return -EINVAL;
	*out = v;
	return 0;
}

static long read_long_or(const char *path, long fallback)
{
	long v;

	return read_long(path, &v) ? fallback : v;
}

// Copy len bytes of src as a string, cut to fit size (> 0).
static void copy_trunc(char *out, size_t size, const char *src, size_t len)
{
	if (len >= size)
		len = size - 1;
	memcpy(out, src, len);
	out[len] = '\0';
}

// Sysfs mode knobs list every choice and bracket the selected one:
// "always [madvise] never". Keeps the bracketed word, or the whole text for
// a knob without brackets.
static int read_mode(const char *path, char *out, size_t size)
{
	char buf[256];
	const char *open_b, *close_b;
	int err;

	out[0] = '\0';
	err = rt_probe_read_text(path, buf, sizeof(buf));
	if (err)
		return err;
	open_b = strchr(buf, '[');
	close_b = open_b ? strchr(open_b, ']') : NULL;
	if (open_b && close_b)
		copy_trunc(out, size, open_b + 1, close_b - open_b - 1);
	else
		copy_trunc(out, size, buf, strlen(buf));
	return 0;
}

// Count the entries of a kernel cpu/node list such as "0-3,8,10-11".
static long count_list(const char *s)
{
	long count = 0;

	while (*s) {
		char *end;
		long lo, hi;

		errno = 0;
		lo = strtol(s, &end, 10);
		if (errno || end == s)
			break;
		hi = lo;
		s = end;
		if (*s == '-') {
			hi = strtol(s + 1, &end, 10);
			if (errno || end == s + 1)
				break;
			s = end;
		}
		if (hi >= lo)
			count += hi - lo + 1;
		if (*s != ',')
			break;
		s++;
	}
	return count;
}

// "hugepages-2048kB" -> 2 MiB in bytes; 0 for any other name.
static int64_t parse_kb_dir(const char *name)
{
	const char *p;
	char *end;
	long long kb;

	if (strncmp(name, "hugepages-", 10))
		return 0;
	p = name + 10;
	errno = 0;
	kb = strtoll(p, &end, 10);
	if (errno || end == p || strcmp(end, "kB") || kb <= 0)
		return 0;
	return (int64_t)kb * 1024;
}

void rt_probe_set_absent(struct rt_features *f, enum rt_feature id,
		       const char *fmt, ...)
{
	va_list ap;

	f->have[id] = false;
	va_start(ap, fmt);
	vsnprintf(f->why[id], sizeof(f->why[id]), fmt, ap);
	va_end(ap);
}

void rt_probe_set_present(struct rt_features *f, enum rt_feature id)
{
	f->have[id] = true;
	f->why[id][0] = '\0';
}

// ---- machine facts ----------------------------------------------------------

static int read_meminfo(struct rt_facts *f)
{
	char line[256];
	FILE *fp;

	fp = fopen("/proc/meminfo", "re");
	if (!fp)
		return -errno;
	while (fgets(line, sizeof(line), fp)) {
		long long kb;

		if (sscanf(line, "MemTotal: %lld kB", &kb) == 1)
			f->mem_total = (int64_t)kb * 1024;
		else if (sscanf(line, "MemAvailable: %lld kB", &kb) == 1)
			f->mem_free = (int64_t)kb * 1024;
	}
	fclose(fp);
	return 0;
}

int64_t rt_facts_pmd_size(const struct rt_facts *f)
{
	return f->page_size * (f->page_size / 8);
}

int rt_facts_hugetlb_sizes(const struct rt_facts *f, int64_t *out)
{
	int64_t page = f->page_size, pmd = rt_facts_pmd_size(f);
	int cont_pte = 0, cont_pmd = 0, n = 0;

	if (!strcmp(f->arch, "aarch64")) {
		/* CONT_PTE_SHIFT and CONT_PMD_SHIFT of arch/arm64's pgtable-hwdef.h */
		cont_pte = page == 4096 ? 16 : page == 16384 ? 128 : page == 65536 ? 32 : 0;
		cont_pmd = page == 4096 ? 16 : page == 16384 || page == 65536 ? 32 : 0;
	}
	if (cont_pte)
		out[n++] = page * cont_pte;
	out[n++] = pmd;
	if (cont_pmd)
		out[n++] = pmd * cont_pmd;
	/* A PUD block: x86's 1G; arm64 has one with 4K pages only. */
	if (page == 4096)
		out[n++] = pmd * 512;
	return n;
}

int rt_facts_read(struct rt_facts *f)
{
	char buf[256];
	long v;
	int err;

	if (!f)
		return -EINVAL;
	memset(f, 0, sizeof(*f));

	snprintf(f->arch, sizeof(f->arch), "%s", RT_ARCH);
	f->ncpus = sysconf(_SC_NPROCESSORS_ONLN);
	if (f->ncpus < 1)
		f->ncpus = 1;
	v = sysconf(_SC_PAGESIZE);
	f->page_size = v > 0 ? v : 4096;
	f->thp_size = read_long_or(THP_DIR "/hpage_pmd_size", 0);
	if (f->thp_size <= 0)
		f->thp_size = rt_facts_pmd_size(f);
	f->nr_nodes = 0;
	if (!rt_probe_read_text(NODE_DIR "/online", buf, sizeof(buf)))
		f->nr_nodes = count_list(buf);
	if (f->nr_nodes < 1)
		f->nr_nodes = 1;

	err = read_meminfo(f);
	return err;
}

// ---- userfaultfd ----------------------------------------------------------

// A userfaultfd from /dev/userfaultfd, or -errno.
static int uffd_from_dev(void)
{
	int dev, fd, err;

	dev = open("/dev/userfaultfd", O_RDWR | O_CLOEXEC);
	if (dev < 0)
		return -errno;
	fd = ioctl(dev, USERFAULTFD_IOC_NEW, O_CLOEXEC | O_NONBLOCK);
	err = fd < 0 ? -errno : fd;
	close(dev);
	return err;
}

// Ranged ioctls the kernel offers for private anon memory registered for
// missing faults; 0 when registering fails.
static uint64_t uffd_anon_range_ioctls(int uffd, long page_size)
{
	struct uffdio_register reg;
	struct uffdio_range range;
	uint64_t ioctls = 0;
	void *p;

	p = mmap(NULL, page_size, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return 0;
	memset(&reg, 0, sizeof(reg));
	reg.range.start = (uintptr_t)p;
	reg.range.len = page_size;
	reg.mode = UFFDIO_REGISTER_MODE_MISSING;
	if (ioctl(uffd, UFFDIO_REGISTER, &reg) == 0) {
		ioctls = reg.ioctls;
		range = reg.range;
		ioctl(uffd, UFFDIO_UNREGISTER, &range);
	}
	munmap(p, page_size);
	return ioctls;
}

static void probe_uffd(struct rt_features *f)
{
	struct uffdio_api api;
	int fd, dev_fd;

	f->uffd_unprivileged =
		(int)read_long_or("/proc/sys/vm/unprivileged_userfaultfd", -1);

	// User-mode-only first: it is what scn needs, and the kernel lets an
	// unprivileged process have it whatever vm.unprivileged_userfaultfd
	// says.
	fd = syscall(__NR_userfaultfd,
		     O_CLOEXEC | O_NONBLOCK | UFFD_USER_MODE_ONLY);
	if (fd >= 0) {
		f->uffd_via = RT_UFFD_VIA_SYSCALL_USER;
	} else {
		f->uffd_user_errno = errno;
		fd = syscall(__NR_userfaultfd, O_CLOEXEC | O_NONBLOCK);
		if (fd >= 0)
			f->uffd_via = RT_UFFD_VIA_SYSCALL;
		else
			f->uffd_syscall_errno = errno;
	}

	dev_fd = uffd_from_dev();
	if (dev_fd < 0) {
		f->uffd_dev_errno = -dev_fd;
		rt_probe_set_absent(f, RT_FEAT_UFFD_DEV,
			   "/dev/userfaultfd: %s (errno %d)",
			   strerror(f->uffd_dev_errno), f->uffd_dev_errno);
	} else {
		rt_probe_set_present(f, RT_FEAT_UFFD_DEV);
		if (fd < 0) {
			fd = dev_fd;
			f->uffd_via = RT_UFFD_VIA_DEV;
		} else {
			close(dev_fd);
		}
	}

	if (fd < 0) {
		int se = f->uffd_syscall_errno;

		rt_probe_set_absent(f, RT_FEAT_UFFD,
			   "userfaultfd(2): %s (errno %d); /dev/userfaultfd: "
			   "%s (errno %d)", strerror(se), se,
			   strerror(f->uffd_dev_errno), f->uffd_dev_errno);
		return;
	}

	memset(&api, 0, sizeof(api));
	api.api = UFFD_API;
	if (ioctl(fd, UFFDIO_API, &api)) {
		int err = errno;

		rt_probe_set_absent(f, RT_FEAT_UFFD, "UFFDIO_API: %s (errno %d)",
			   strerror(err), err);
		close(fd);
		return;
	}
	f->uffd_features = api.features;
	f->uffd_ioctls = api.ioctls;
	f->uffd_range_ioctls = uffd_anon_range_ioctls(fd, f->facts.page_size);
	close(fd);
	rt_probe_set_present(f, RT_FEAT_UFFD);
}

static void uffd_feature(struct rt_features *f, enum rt_feature id,
			 uint64_t bit, const char *bit_name)
{
	if (!f->have[RT_FEAT_UFFD])
		rt_probe_set_absent(f, id, "needs uffd");
	else if (f->uffd_features & bit)
		rt_probe_set_present(f, id);
	else
		rt_probe_set_absent(f, id, "UFFDIO_API does not offer UFFD_FEATURE_%s",
			   bit_name);
}

static void uffd_features(struct rt_features *f)
{
#define UFFD_FEAT(id, bit) \
	uffd_feature(f, RT_FEAT_##id, (uint64_t)UFFD_FEATURE_##bit, #bit)
	UFFD_FEAT(UFFD_MISSING_SHMEM, MISSING_SHMEM);
	UFFD_FEAT(UFFD_MISSING_HUGETLB, MISSING_HUGETLBFS);
	UFFD_FEAT(UFFD_MINOR, MINOR_SHMEM);
	UFFD_FEAT(UFFD_MINOR_HUGETLB, MINOR_HUGETLBFS);
	UFFD_FEAT(UFFD_WP, PAGEFAULT_FLAG_WP);
	UFFD_FEAT(UFFD_WP_SHMEM, WP_HUGETLBFS_SHMEM);
	UFFD_FEAT(UFFD_WP_UNPOPULATED, WP_UNPOPULATED);
	UFFD_FEAT(UFFD_WP_ASYNC, WP_ASYNC);
	UFFD_FEAT(UFFD_MOVE, MOVE);
	UFFD_FEAT(UFFD_POISON, POISON);
	UFFD_FEAT(UFFD_RWP, RWP);
	UFFD_FEAT(UFFD_RWP_ASYNC, RWP_ASYNC);
#undef UFFD_FEAT
}

// Both probes below need a guest_memfd the host can map and share.
#define GMEM_SHARED_MMAP_NEEDED "needs kvm.guest_memfd_mmap and kvm.guest_memfd_init_shared"
static bool gmem_shared_mmap(const struct rt_features *f)
{
	return f->have[RT_FEAT_KVM_GUEST_MEMFD_MMAP] &&
	       f->have[RT_FEAT_KVM_GUEST_MEMFD_INIT_SHARED];
}

// Whether userfaultfd registers on guest_memfd: asked of the kernel, as
// no capability says it (6.18 answers EINVAL).
static void gmem_uffd_feature(struct rt_features *f)
{
	char why[160];

	if (!f->have[RT_FEAT_UFFD])
		rt_probe_set_absent(f, RT_FEAT_UFFD_GUEST_MEMFD, "needs uffd");
	else if (!gmem_shared_mmap(f))
		rt_probe_set_absent(f, RT_FEAT_UFFD_GUEST_MEMFD, GMEM_SHARED_MMAP_NEEDED);
	else if (rt_gmem_probe_uffd(why, sizeof(why)))
		rt_probe_set_present(f, RT_FEAT_UFFD_GUEST_MEMFD);
	else
		rt_probe_set_absent(f, RT_FEAT_UFFD_GUEST_MEMFD, "%s", why);
}

// Where the kernel keeps a guest_memfd's NUMA policy: asked of it too.
static void gmem_policy_feature(struct rt_features *f)
{
	char why[160];

	if (!gmem_shared_mmap(f))
		rt_probe_set_absent(f, RT_FEAT_KVM_GUEST_MEMFD_POLICY, GMEM_SHARED_MMAP_NEEDED);
	else if (rt_gmem_probe_policy(why, sizeof(why)))
		rt_probe_set_present(f, RT_FEAT_KVM_GUEST_MEMFD_POLICY);
	else
		rt_probe_set_absent(f, RT_FEAT_KVM_GUEST_MEMFD_POLICY, "%s", why);
}

// ---- KSM, THP, madvise, hugetlb ---------------------------------------------

static void probe_ksm(struct rt_features *f)
{
	char buf[32];
	int r;

	f->ksm_run = read_long_or(KSM_DIR "/run", -1);
	f->ksm_pages_to_scan = read_long_or(KSM_DIR "/pages_to_scan", -1);
	f->ksm_sleep_millisecs = read_long_or(KSM_DIR "/sleep_millisecs", -1);
	f->ksm_merge_across_nodes =
		read_long_or(KSM_DIR "/merge_across_nodes", -1);
	f->ksm_smart_scan = read_long_or(KSM_DIR "/smart_scan", -1);
	read_mode(KSM_DIR "/advisor_mode", f->ksm_advisor_mode,
		  sizeof(f->ksm_advisor_mode));

	if (rt_probe_path_exists(KSM_DIR "/run"))
		rt_probe_set_present(f, RT_FEAT_KSM);
	else
		rt_probe_set_absent(f, RT_FEAT_KSM, "no " KSM_DIR " (kernel without "
			   "CONFIG_KSM)");
	if (rt_probe_path_exists(KSM_DIR "/smart_scan"))
		rt_probe_set_present(f, RT_FEAT_KSM_SMART_SCAN);
	else
		rt_probe_set_absent(f, RT_FEAT_KSM_SMART_SCAN,
			   "no " KSM_DIR "/smart_scan (before 6.7)");
	if (rt_probe_path_exists(KSM_DIR "/advisor_mode"))
		rt_probe_set_present(f, RT_FEAT_KSM_ADVISOR);
	else
		rt_probe_set_absent(f, RT_FEAT_KSM_ADVISOR,
			   "no " KSM_DIR "/advisor_mode (before 6.8)");

	if (rt_proc_field("/proc/self/ksm_stat", "ksm_merging_pages", buf, sizeof(buf)))
		rt_probe_set_present(f, RT_FEAT_KSM_STAT);
	else
		rt_probe_set_absent(f, RT_FEAT_KSM_STAT,
			   rt_probe_path_exists("/proc/self/ksm_stat") ?
			   "/proc/self/ksm_stat has no ksm_merging_pages (before 6.6)" :
			   "no /proc/self/ksm_stat (before 6.1, or CONFIG_KSM off)");

	r = prctl(PR_GET_MEMORY_MERGE, 0, 0, 0, 0);
	if (r < 0) {
		int err = errno;

		f->ksm_prctl = -1;
		rt_probe_set_absent(f, RT_FEAT_KSM_PRCTL,
			   "prctl(PR_GET_MEMORY_MERGE): %s (errno %d)",
			   strerror(err), err);
	} else {
		f->ksm_prctl = r;
		rt_probe_set_present(f, RT_FEAT_KSM_PRCTL);
	}
}

static int mthp_cmp(const void *a, const void *b)
{
	const struct rt_mthp *x = a, *y = b;

	return (x->size > y->size) - (x->size < y->size);
}

static void probe_thp(struct rt_features *f)
{
	DIR *d;
	struct dirent *e;

	read_mode(THP_DIR "/enabled", f->thp_enabled, sizeof(f->thp_enabled));
	read_mode(THP_DIR "/defrag", f->thp_defrag, sizeof(f->thp_defrag));
	read_mode(THP_DIR "/shmem_enabled", f->thp_shmem_enabled,
		  sizeof(f->thp_shmem_enabled));

	d = opendir(THP_DIR);
	while (d && (e = readdir(d)) && f->nr_mthp < RT_MTHP_MAX) {
		struct rt_mthp *m = &f->mthp[f->nr_mthp];
		char path[512];
		int64_t size = parse_kb_dir(e->d_name);

		if (!size)
			continue;
		m->size = size;
		snprintf(path, sizeof(path), THP_DIR "/%s/enabled", e->d_name);
		read_mode(path, m->enabled, sizeof(m->enabled));
		snprintf(path, sizeof(path), THP_DIR "/%s/shmem_enabled",
			 e->d_name);
		read_mode(path, m->shmem_enabled, sizeof(m->shmem_enabled));
		f->nr_mthp++;
	}
	if (d)
		closedir(d);
	qsort(f->mthp, f->nr_mthp, sizeof(f->mthp[0]), mthp_cmp);

	if (!f->thp_enabled[0])
		rt_probe_set_absent(f, RT_FEAT_THP, "no " THP_DIR "/enabled (kernel "
			   "without CONFIG_TRANSPARENT_HUGEPAGE)");
	else if (!strcmp(f->thp_enabled, "never"))
		rt_probe_set_absent(f, RT_FEAT_THP, "transparent_hugepage/enabled is "
			   "[never]");
	else
		rt_probe_set_present(f, RT_FEAT_THP);

	if (!f->thp_shmem_enabled[0])
		rt_probe_set_absent(f, RT_FEAT_THP_SHMEM,
			   "no " THP_DIR "/shmem_enabled");
	else if (!strcmp(f->thp_shmem_enabled, "never") ||
		 !strcmp(f->thp_shmem_enabled, "deny"))
		rt_probe_set_absent(f, RT_FEAT_THP_SHMEM, "transparent_hugepage/"
			   "shmem_enabled is [%s]", f->thp_shmem_enabled);
	else
		rt_probe_set_present(f, RT_FEAT_THP_SHMEM);
}

// madvise() validates the advice before it looks at the range, and an empty
// range does nothing: so a zero-length call tells whether the kernel knows
// the advice without touching any memory.
static int madvise_known(int advice, long page_size)
{
	void *p;
	int err = 0;

	p = mmap(NULL, page_size, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return -errno;
	if (madvise(p, 0, advice))
		err = -errno;
	munmap(p, page_size);
	return err;
}

static void probe_madvise(struct rt_features *f)
{
	long ps = f->facts.page_size;
	int err;

	err = madvise_known(MADV_COLLAPSE, ps);
	if (!err)
		rt_probe_set_present(f, RT_FEAT_MADV_COLLAPSE);
	else
		rt_probe_set_absent(f, RT_FEAT_MADV_COLLAPSE,
			   "madvise(MADV_COLLAPSE): %s (errno %d)",
			   strerror(-err), -err);

	err = madvise_known(MADV_POPULATE_READ, ps);
	if (!err)
		err = madvise_known(MADV_POPULATE_WRITE, ps);
	if (!err)
		rt_probe_set_present(f, RT_FEAT_MADV_POPULATE);
	else
		rt_probe_set_absent(f, RT_FEAT_MADV_POPULATE,
			   "madvise(MADV_POPULATE_*): %s (errno %d)",
			   strerror(-err), -err);
}

static int pool_cmp(const void *a, const void *b)
{
	const struct rt_hugetlb_pool *x = a, *y = b;

	return (x->size > y->size) - (x->size < y->size);
}

static void probe_hugetlb(struct rt_features *f)
{
	DIR *d;
	struct dirent *e;

	d = opendir(HUGETLB_DIR);
	if (!d) {
		int err = errno;

		rt_probe_set_absent(f, RT_FEAT_HUGETLB, HUGETLB_DIR ": %s (errno %d)",
			   strerror(err), err);
		return;
	}
	while ((e = readdir(d)) && f->nr_hugetlb < RT_HUGETLB_MAX) {
		struct rt_hugetlb_pool *p = &f->hugetlb[f->nr_hugetlb];
		int64_t size = parse_kb_dir(e->d_name);
		char path[512];

		if (!size)
			continue;
		p->size = size;
#define POOL_FIELD(field, file)						\
	do {								\
		snprintf(path, sizeof(path), HUGETLB_DIR "/%s/" file,	\
			 e->d_name);					\
		p->field = read_long_or(path, -1);			\
	} while (0)
		POOL_FIELD(nr, "nr_hugepages");
		POOL_FIELD(free, "free_hugepages");
		POOL_FIELD(resv, "resv_hugepages");
		POOL_FIELD(surplus, "surplus_hugepages");
		POOL_FIELD(overcommit, "nr_overcommit_hugepages");
#undef POOL_FIELD
		f->nr_hugetlb++;
	}
	closedir(d);
	qsort(f->hugetlb, f->nr_hugetlb, sizeof(f->hugetlb[0]), pool_cmp);

	if (f->nr_hugetlb)
		rt_probe_set_present(f, RT_FEAT_HUGETLB);
	else
		rt_probe_set_absent(f, RT_FEAT_HUGETLB, "no hugepages-<size>kB in "
			   HUGETLB_DIR);
}

// ---- NUMA, cgroup, CPU, identity ------------------------------------------

static void probe_numa(struct rt_features *f)
{
	bool sysfs = rt_probe_path_exists(NODE_DIR);

	if (rt_probe_read_text(NODE_DIR "/online", f->nodes_online,
		      sizeof(f->nodes_online)))
		f->nodes_online[0] = '\0';
	f->numa_available = numa_available();
	if (f->numa_available >= 0 || sysfs)
		rt_probe_set_present(f, RT_FEAT_NUMA);
	else
		rt_probe_set_absent(f, RT_FEAT_NUMA, "numa_available() is %d and "
			   "there is no " NODE_DIR, f->numa_available);

	f->numa_balancing = read_long_or("/proc/sys/kernel/numa_balancing", -1);
	if (rt_probe_path_exists("/proc/sys/kernel/numa_balancing"))
		rt_probe_set_present(f, RT_FEAT_NUMA_BALANCING);
	else
		rt_probe_set_absent(f, RT_FEAT_NUMA_BALANCING,
			   "no /proc/sys/kernel/numa_balancing (kernel without "
			   "CONFIG_NUMA_BALANCING)");
}

static void probe_cgroup_memory(struct rt_features *f)
{
	char why[320];

	if (rt_cgroup_memory_root(f->cgroup_memory_root,
				  sizeof(f->cgroup_memory_root), why, sizeof(why))) {
		f->cgroup_memory_root[0] = '\0';
		rt_probe_set_absent(f, RT_FEAT_CGROUP_MEMORY, "%s", why);
		rt_probe_set_absent(f, RT_FEAT_CGROUP_MEMORY_SWAP, "%s", why);
		return;
	}
	rt_probe_set_present(f, RT_FEAT_CGROUP_MEMORY);
	if (rt_cgroup_swap_files(f->cgroup_memory_root, why, sizeof(why)))
		rt_probe_set_present(f, RT_FEAT_CGROUP_MEMORY_SWAP);
	else
		rt_probe_set_absent(f, RT_FEAT_CGROUP_MEMORY_SWAP, "%s", why);
}

static void probe_cgroup2(struct rt_features *f)
{
	rt_probe_find_mount("cgroup2", NULL, f->cgroup2_mount,
			    sizeof(f->cgroup2_mount));
	if (rt_probe_path_exists("/sys/fs/cgroup/cgroup.controllers"))
		rt_probe_set_present(f, RT_FEAT_CGROUP2);
	else if (f->cgroup2_mount[0])
		rt_probe_set_absent(f, RT_FEAT_CGROUP2, "/sys/fs/cgroup is not cgroup2; "
			   "a cgroup2 hierarchy is mounted at %.60s (hybrid)",
			   f->cgroup2_mount);
	else
		rt_probe_set_absent(f, RT_FEAT_CGROUP2, "no cgroup2 mount");
	probe_cgroup_memory(f);
}

static int by_addr(const void *a, const void *b)
{
	return strcmp(((const struct rt_pfnmap_dev *)a)->addr,
		      ((const struct rt_pfnmap_dev *)b)->addr);
}

/*
 * Devices bound to vfio-pci whose group node exists: the largest memory BAR
 * of each (sysfs "resource": "start end flags" a line, BAR n on line n;
 * IORESOURCE_MEM is 0x200). What backing type=pfnmap maps.
 */
int rt_pfnmap_devices(struct rt_pfnmap_dev *out, int max)
{
	DIR *d = opendir("/sys/bus/pci/devices");
	struct dirent *e;
	int n_out = 0;

	while (d && (e = readdir(d)) && n_out < max) {
		struct rt_pfnmap_dev *p = &out[n_out];
		char path[512], link[512], line[256];
		unsigned long long start, end, flags;
		const char *base;
		ssize_t n;
		FILE *fp;

		if (e->d_name[0] == '.' || strlen(e->d_name) >= sizeof(p->addr))
			continue;
		snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/driver", e->d_name);
		n = readlink(path, link, sizeof(link) - 1);
		if (n <= 0)
			continue;
		link[n] = '\0';
		base = strrchr(link, '/');
		if (strcmp(base ? base + 1 : link, "vfio-pci"))
			continue;
		snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/iommu_group",
			 e->d_name);
		n = readlink(path, link, sizeof(link) - 1);
		if (n <= 0)
			continue;
		link[n] = '\0';
		base = strrchr(link, '/');
		p->group = atoi(base ? base + 1 : link);
		snprintf(path, sizeof(path), "/dev/vfio/%d", p->group);
		if (access(path, F_OK))
			continue;
		snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/resource", e->d_name);
		fp = fopen(path, "re");
		if (!fp)
			continue;
		p->size = 0;
		for (int bar = 0; bar < 6 && fgets(line, sizeof(line), fp); bar++)
			if (sscanf(line, "%llx %llx %llx", &start, &end, &flags) == 3 &&
			    (flags & 0x200) && end > start &&
			    (int64_t)(end - start + 1) > p->size) {
				p->size = (int64_t)(end - start + 1);
				p->bar = bar;
			}
		fclose(fp);
		if (!p->size)
			continue;
		/* The ids say what it is: 1af4:1110 a test host's ivshmem. */
		p->vendor = p->device = 0;
		snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/vendor", e->d_name);
		if (!rt_probe_read_text(path, line, sizeof(line)))
			p->vendor = (unsigned)strtoul(line, NULL, 16);
		snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/device", e->d_name);
		if (!rt_probe_read_text(path, line, sizeof(line)))
			p->device = (unsigned)strtoul(line, NULL, 16);
		snprintf(p->addr, sizeof(p->addr), "%s", e->d_name);
		n_out++;
	}
	if (d)
		closedir(d);
	qsort(out, (size_t)n_out, sizeof(*out), by_addr);
	return n_out;
}

static void probe_pfnmap(struct rt_features *f)
{
	f->npfnmap = rt_pfnmap_devices(f->pfnmap, RT_PFNMAP_MAX);
	if (f->npfnmap)
		rt_probe_set_present(f, RT_FEAT_PFNMAP);
	else
		rt_probe_set_absent(f, RT_FEAT_PFNMAP, "no PCI device is bound to "
				    "vfio-pci (a test host makes one: --pfnmap SIZE)");
}

bool rt_probe_cpu_flag(const char *flag)
{
	char *line = NULL;
	size_t cap = 0, flen = strlen(flag);
	bool found = false;
	FILE *fp;

	fp = fopen("/proc/cpuinfo", "re");
	if (!fp)
		return false;
	// The first CPU's flags line is enough: flags are uniform across CPUs.
	while (getline(&line, &cap, fp) > 0) {
		const char *p;

		if (strncmp(line, "flags", 5))
			continue;
		p = strchr(line, ':');
		while (p && (p = strstr(p, flag))) {
			unsigned char after = (unsigned char)p[flen];

			if (isspace((unsigned char)p[-1]) &&
			    (after == '\0' || isspace(after))) {
				found = true;
				break;
			}
			p += flen;
		}
		break;
	}
	free(line);
	fclose(fp);
	return found;
}

/*
 * The hypervisor this machine itself runs under, where the CPU says: on
 * x86 CPUID.1:ECX bit 31 and the vendor's signature in leaf 0x40000000.
 * A PVM host is often a guest itself (nested PVM in a KVM guest), and
 * its exits, faults and first touches then cost what two layers make
 * them cost: results say so. "" where it cannot be told (arm64, riscv64).
 */
static void probe_outer(struct rt_features *f)
{
#if defined(__x86_64__)
	static const struct { const char *sig, *name; } known[] = {
		{ "KVMKVMKVM", "KVM" }, { "Microsoft Hv", "Hyper-V" },
		{ "VMwareVMware", "VMware" }, { "XenVMMXenVMM", "Xen" },
		{ "TCGTCGTCGTCG", "QEMU TCG" }, { "ACRNACRNACRN", "ACRN" },
		{ "bhyve bhyve ", "bhyve" }, { " lrpepyh  vr", "Parallels" },
	};
	unsigned int a, b, c, d;
	char sig[13];

	if (!__get_cpuid(1, &a, &b, &c, &d))
		return;
	if (!(c & (1u << 31))) {
		snprintf(f->outer, sizeof(f->outer), "none");
		return;
	}
	__cpuid(0x40000000, a, b, c, d);
	memcpy(sig, &b, 4);
	memcpy(sig + 4, &c, 4);
	memcpy(sig + 8, &d, 4);
	sig[12] = 0;
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (!strcmp(sig, known[i].sig)) {
			snprintf(f->outer, sizeof(f->outer), "%s", known[i].name);
			return;
		}
	for (int i = 0; i < 12 && sig[i]; i++)
		if (!isprint((unsigned char)sig[i]))
			sig[i] = '?';
	snprintf(f->outer, sizeof(f->outer), "%s", sig[0] ? sig : "unnamed");
#else
	(void)f;
#endif
}

static void pdpe1gb_feature(struct rt_features *f)
{
#if defined(__aarch64__)
	rt_probe_set_absent(f, RT_FEAT_CPU_PDPE1GB, "an x86 CPU flag: arm64 "
			    "guests of scn map 2 MiB blocks, never 1 GiB");
	return;
#elif defined(__riscv)
	rt_probe_set_absent(f, RT_FEAT_CPU_PDPE1GB, "an x86 CPU flag: riscv64 "
			    "guests of scn map 2 MiB leaves, never 1 GiB");
	return;
#endif
	f->host_pdpe1gb = rt_probe_cpu_flag("pdpe1gb");
	if (f->kvm_cpuid_1g == 1)
		rt_probe_set_present(f, RT_FEAT_CPU_PDPE1GB);
	else if (f->kvm_cpuid_1g == 0)
		rt_probe_set_absent(f, RT_FEAT_CPU_PDPE1GB,
			   "KVM_GET_SUPPORTED_CPUID does not offer PDPE1GB: "
			   "map guest memory with 2 MiB pages");
	else if (f->host_pdpe1gb)
		rt_probe_set_present(f, RT_FEAT_CPU_PDPE1GB);
	else
		rt_probe_set_absent(f, RT_FEAT_CPU_PDPE1GB, "the host CPU flags lack "
			   "pdpe1gb");
}


int rt_features_probe(struct rt_features *f)
{
	struct utsname u;

	if (!f)
		return -EINVAL;
	memset(f, 0, sizeof(*f));

	// A failed /proc/meminfo only loses the memory figures.
	(void)rt_facts_read(&f->facts);
	if (uname(&u) == 0)
		snprintf(f->kernel_release, sizeof(f->kernel_release), "%s",
			 u.release);
	else
		memset(&u, 0, sizeof(u));
	rt_probe_preempt(f, u.version);
	f->root = geteuid() == 0;
	if (f->root)
		rt_probe_set_present(f, RT_FEAT_ROOT);
	else
		rt_probe_set_absent(f, RT_FEAT_ROOT, "effective uid is %u, not 0",
			   (unsigned int)geteuid());

	rt_probe_kvm(f);
	snprintf(f->facts.virt, sizeof(f->facts.virt), "%s", f->virt);
	probe_outer(f);
	probe_uffd(f);
	uffd_features(f);
	gmem_uffd_feature(f);
	gmem_policy_feature(f);
	probe_ksm(f);
	probe_thp(f);
	probe_madvise(f);
	probe_hugetlb(f);
	probe_numa(f);
	probe_cgroup2(f);
	probe_pfnmap(f);
	pdpe1gb_feature(f);
	return 0;
}
