// SPDX-License-Identifier: GPL-2.0-only
/*
 * init: PID 1 of the test host. Built static and embedded in scn; the
 * launcher puts it into the initramfs as /init with a job file (job.h).
 *
 * It mounts what a scenario needs (proc, sys, devtmpfs, devpts, tmpfs on
 * /tmp and /run, cgroup2 with the memory controller, debugfs), loads the
 * modules the job names, mounts the host's root read-only over 9p and the
 * results share read-write, then runs the command chrooted into the
 * host's root, in the caller's directory and environment, with stdout and
 * stderr going to files of the share (the launcher streams them out as
 * they grow). When the command ends, its status goes to the share and the
 * machine powers off.
 *
 * The init knows nothing of scn: it runs one command. It never returns:
 * a fatal error is a console line "scn-testhost: error: ..." and a power
 * off without a status file, which the launcher reports.
 */
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "job.h"

#define NEWROOT "/root"
/* A tmpfs of the initramfs for the upper layer of /tmp's overlay. */
#define UPPER "/scn/tmp"
#define SHARE NEWROOT TH_SHARE_DIR

/* The 9p options: the largest message the virtio transport takes. */
#define P9_OPTS "trans=virtio,version=9p2000.L,msize=512000"

/* The ELF machine of the programs this init can run. */
#if defined(__aarch64__)
#define OWN_MACHINE EM_AARCH64
#define OWN_ARCH "aarch64"
#elif defined(__riscv) && __riscv_xlen == 64
#define OWN_MACHINE EM_RISCV
#define OWN_ARCH "riscv64"
#else
#define OWN_MACHINE EM_X86_64
#define OWN_ARCH "x86_64"
#endif

struct job {
	char *buf;
	const char *cwd;
	char **argv, **envp;
	const char **mods, **kmods;	/* "file params" */
	size_t nargs, nenv, nmods, nkmods;
	const char *tty;		/* "rows cols", or NULL */
	bool stdin_file;
	const char *rw;			/* a directory writable inside, or NULL */
	bool busybox;			/* TH_BIN_INSIDE is first in PATH */
	bool pfnmap;			/* bind --pfnmap's devices to vfio-pci */
};

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A line on the console, which the launcher reads. */
static void say(const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	int n;

	n = snprintf(line, sizeof(line), "%s", TH_CONSOLE_TAG);
	va_start(ap, fmt);
	vsnprintf(line + n, sizeof(line) - (size_t)n - 1, fmt, ap);
	va_end(ap);
	strcat(line, "\n");
	if (write(STDERR_FILENO, line, strlen(line)) < 0)
		return;		/* no console: nothing to say it on */
}

static void power_off(void)
{
	sync();
	reboot(RB_POWER_OFF);
	for (;;)
		pause();
}

static void fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void fatal(const char *fmt, ...)
{
	char msg[900];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	say("error: %s", msg);
	power_off();
	exit(1);
}

static int do_mount(const char *src, const char *dst, const char *type,
		    unsigned long flags, const char *data)
{
	if (mount(src, dst, type, flags, data) == 0)
		return 0;
	return -errno;
}

/* A mount the command cannot do without. */
static void must_mount(const char *src, const char *dst, const char *type,
		       unsigned long flags, const char *data)
{
	int rc = do_mount(src, dst, type, flags, data);

	if (rc)
		fatal("mount -t %s %s %s: %s (errno %d)", type, src, dst,
		      strerror(-rc), -rc);
}

/* A mount that makes the machine more complete; a note when it fails. */
static void may_mount(const char *src, const char *dst, const char *type,
		      unsigned long flags, const char *data)
{
	int rc;

	mkdir(dst, 0755);
	rc = do_mount(src, dst, type, flags, data);
	if (rc && rc != -ENOENT && rc != -ENODEV)
		say("note: mount -t %s %s: %s", type, dst, strerror(-rc));
}

static char *read_file(const char *path, size_t *len)
{
	struct stat st;
	char *buf;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st))
		fatal("cannot read %s: %s", path, strerror(errno));
	buf = malloc((size_t)st.st_size + 1);
	if (!buf)
		fatal("out of memory");
	n = read(fd, buf, (size_t)st.st_size);
	if (n != st.st_size)
		fatal("short read of %s", path);
	buf[n] = '\0';
	close(fd);
	*len = (size_t)n;
	return buf;
}

static void push(void *vec, size_t *n, const void *item)
{
	void ***v = vec;

	*v = realloc(*v, (*n + 2) * sizeof(**v));
	if (!*v)
		fatal("out of memory");
	(*v)[(*n)++] = (void *)item;
	(*v)[*n] = NULL;
}

static void read_job(struct job *j)
{
	size_t len, off;

	memset(j, 0, sizeof(*j));
	j->buf = read_file(TH_JOB_FILE, &len);
	for (off = 0; off < len; off += strlen(j->buf + off) + 1) {
		char *rec = j->buf + off;

		if (!strncmp(rec, "cwd=", 4))
			j->cwd = rec + 4;
		else if (!strncmp(rec, "arg=", 4))
			push(&j->argv, &j->nargs, rec + 4);
		else if (!strncmp(rec, "env=", 4))
			push(&j->envp, &j->nenv, rec + 4);
		else if (!strncmp(rec, "mod=", 4))
			push(&j->mods, &j->nmods, rec + 4);
		else if (!strncmp(rec, "kmod=", 5))
			push(&j->kmods, &j->nkmods, rec + 5);
		else if (!strncmp(rec, "tty=", 4))
			j->tty = rec + 4;
		else if (!strncmp(rec, "stdin=", 6))
			j->stdin_file = true;
		else if (!strncmp(rec, "rw=", 3))
			j->rw = rec + 3;
		else if (!strncmp(rec, "pfnmap=", 7))
			j->pfnmap = true;
	}
	if (!j->nargs)
		fatal("the job names no command");
	if (!j->cwd)
		j->cwd = "/";
}

/* Loads "file params" from TH_MOD_DIR; 0 or -errno. */
static int load_module(const char *spec)
{
	char file[256], path[300];
	const char *params = strchr(spec, ' ');
	size_t n = params ? (size_t)(params - spec) : strlen(spec);
	int fd, rc = 0;

	snprintf(file, sizeof(file), "%.*s", (int)n, spec);
	snprintf(path, sizeof(path), "%s/%s", TH_MOD_DIR, file);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (syscall(SYS_finit_module, fd, params ? params + 1 : "", 0) &&
	    errno != EEXIST)
		rc = -errno;
	if (rc)
		say("note: cannot load %s: %s (errno %d)", file, strerror(-rc),
		    -rc);
	close(fd);
	return rc;
}

/*
 * The modules the command needs but the mounts do not (KVM above all)
 * load in a child while the init mounts: under TCG a large module takes
 * a good part of a second to link.
 */
static pid_t load_in_background(const struct job *j)
{
	pid_t pid;

	if (!j->nkmods)
		return -1;
	pid = fork();
	if (pid == 0) {
		for (size_t i = 0; i < j->nkmods; i++)
			load_module(j->kmods[i]);
		_exit(0);
	}
	return pid;
}

/* The first line of a sysfs file into buf, without its newline; 0 or -errno. */
static int read_line(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

static int write_str(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), rc = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, s, strlen(s)) < 0)
		rc = -errno;
	close(fd);
	return rc;
}

/*
 * --pfnmap's ivshmem devices to vfio-pci: driver_override names the one
 * driver that may take the device, drivers_probe makes it look now
 * (vfio-pci has no id table of its own). After the kmods have loaded.
 */
static void bind_pfnmaps(void)
{
	DIR *d = opendir("/sys/bus/pci/devices");
	struct dirent *e;
	unsigned bound = 0;

	if (!d) {
		say("note: --pfnmap: no /sys/bus/pci/devices: %s", strerror(errno));
		return;
	}
	while ((e = readdir(d))) {
		char path[512], ven[16], dev[16];
		int rc;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/vendor", e->d_name);
		if (read_line(path, ven, sizeof(ven)) || strcmp(ven, TH_PFNMAP_VENDOR))
			continue;
		snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/device", e->d_name);
		if (read_line(path, dev, sizeof(dev)) || strcmp(dev, TH_PFNMAP_DEVICE))
			continue;
		snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/driver_override",
			 e->d_name);
		rc = write_str(path, "vfio-pci");
		if (!rc)
			rc = write_str("/sys/bus/pci/drivers_probe", e->d_name);
		if (rc)
			say("note: --pfnmap: %s not bound to vfio-pci: %s (errno %d)",
			    e->d_name, strerror(-rc), -rc);
		else
			bound++;
	}
	closedir(d);
	if (!bound)
		say("note: --pfnmap: no device %s:%s bound to vfio-pci",
		    &TH_PFNMAP_VENDOR[2], &TH_PFNMAP_DEVICE[2]);	/* no "0x" */
}

/*
 * /tmp shows the host's /tmp (a test's files are often there), and what
 * the command writes stays inside: an overlay with a tmpfs upper layer.
 * Without overlayfs, an empty tmpfs.
 */
static void mount_tmp(void)
{
	must_mount("scn-upper", UPPER, "tmpfs", 0, "mode=0755");
	mkdir(UPPER "/upper", 01777);
	mkdir(UPPER "/work", 0755);
	chmod(UPPER "/upper", 01777);
	if (do_mount("overlay", NEWROOT "/tmp", "overlay", 0,
		     "lowerdir=" NEWROOT "/tmp,upperdir=" UPPER
		     "/upper,workdir=" UPPER "/work") == 0)
		return;
	say("note: no overlay on /tmp (%s): the host's /tmp is not seen",
	    strerror(errno));
	must_mount("tmp", NEWROOT "/tmp", "tmpfs", 0, "mode=1777");
}

/* Enables every controller the root offers its children (memory first). */
static void enable_controllers(void)
{
	static const char *const ctl[] = { "+memory", "+cpu", "+cpuset", "+io",
					   "+pids", "+hugetlb" };
	int fd = open(NEWROOT "/sys/fs/cgroup/cgroup.subtree_control",
		      O_WRONLY | O_CLOEXEC);

	if (fd < 0) {
		say("note: no cgroup2: %s", strerror(errno));
		return;
	}
	for (size_t i = 0; i < sizeof(ctl) / sizeof(ctl[0]); i++)
		if (write(fd, ctl[i], strlen(ctl[i])) < 0 && i == 0)
			say("note: cgroup2 without the memory controller: %s",
			    strerror(errno));
	close(fd);
}

static void mount_root(const struct job *j)
{
	const char *refused = NULL;
	int rc, why = 0;

	for (size_t i = 0; i < j->nmods; i++) {
		rc = load_module(j->mods[i]);
		if (rc && !refused) {
			refused = j->mods[i];
			why = -rc;
		}
	}
	/* The root does not change under us: the page cache may keep it. */
	rc = do_mount(TH_TAG_ROOT, NEWROOT, "9p", MS_RDONLY, P9_OPTS ",cache=loose");
	/* Not the kernel's configuration but its modules: ENOEXEC is the
	 * loader refusing another build's (its log says why). */
	if ((rc == -ENODEV || rc == -ENOENT) && refused)
		fatal("mount -t 9p: the modules did not load: %s: %s (errno %d)%s",
		      refused, strerror(why), why, why == ENOEXEC ?
		      "; --modules must be this kernel's own build" : "");
	if (rc == -ENODEV)
		fatal("mount -t 9p: this kernel has no 9p file system: build it "
		      "with CONFIG_9P_FS and CONFIG_NET_9P_VIRTIO (=y, or =m and "
		      "--modules DIR)");
	if (rc == -ENOENT)
		fatal("mount -t 9p: no virtio 9p device: build the kernel with "
		      "CONFIG_VIRTIO_PCI and CONFIG_NET_9P_VIRTIO");
	if (rc)
		fatal("mount -t 9p %s %s: %s (errno %d)", TH_TAG_ROOT, NEWROOT,
		      strerror(-rc), -rc);
	must_mount("proc", NEWROOT "/proc", "proc", 0, NULL);
	must_mount("sys", NEWROOT "/sys", "sysfs", 0, NULL);
	must_mount("dev", NEWROOT "/dev", "devtmpfs", 0, NULL);
	must_mount("run", NEWROOT "/run", "tmpfs", 0, "mode=0755");
	mount_tmp();
	may_mount("devpts", NEWROOT "/dev/pts", "devpts", 0,
		  "mode=0620,ptmxmode=0666");
	may_mount("shm", NEWROOT "/dev/shm", "tmpfs", 0, "mode=1777");
	may_mount("hugetlbfs", NEWROOT "/dev/hugepages", "hugetlbfs", 0, NULL);
	may_mount("vartmp", NEWROOT "/var/tmp", "tmpfs", 0, "mode=1777");
	may_mount("cgroup2", NEWROOT "/sys/fs/cgroup", "cgroup2", 0, NULL);
	may_mount("debugfs", NEWROOT "/sys/kernel/debug", "debugfs", 0, NULL);
	may_mount("tracefs", NEWROOT "/sys/kernel/tracing", "tracefs", 0, NULL);
	enable_controllers();
	mkdir(SHARE, 0755);
	must_mount(TH_TAG_SHARE, SHARE, "9p", 0, P9_OPTS ",cache=none");
	/* Last, so that it is on top of /tmp's overlay where it is under it. */
	if (j->rw) {
		char dst[4096];

		snprintf(dst, sizeof(dst), "%s%s", NEWROOT, j->rw);
		if (do_mount(TH_TAG_RW, dst, "9p", 0, P9_OPTS ",cache=none"))
			say("note: %s is read-only inside: %s", j->rw, strerror(errno));
	}
}

/*
 * busybox's applets as links beside it in TH_BIN_DIR (its --list names
 * them), that directory at TH_BIN_INSIDE, and busybox over /bin/sh (which
 * system() and scn's host exec run): this machine's programs are of
 * another architecture. Returns whether the applets are there.
 */
static bool setup_busybox(void)
{
	static char list[65536];
	size_t have = 0;
	int p[2], status, dir;
	ssize_t n;
	pid_t pid;

	if (access(TH_BIN_DIR "/busybox", X_OK))
		return false;
	if (pipe2(p, O_CLOEXEC))
		fatal("pipe: %s", strerror(errno));
	pid = fork();
	if (pid == 0) {
		dup2(p[1], 1);
		execl(TH_BIN_DIR "/busybox", "busybox", "--list", (char *)NULL);
		_exit(127);
	}
	close(p[1]);
	while (have < sizeof(list) - 1 &&
	       (n = read(p[0], list + have, sizeof(list) - 1 - have)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		have += (size_t)n;
	}
	list[have] = '\0';
	close(p[0]);
	/* Not wait(): the modules load in another child meanwhile. */
	while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	dir = open(TH_BIN_DIR, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	for (char *save = NULL, *name = strtok_r(list, "\n", &save); name && dir >= 0;
	     name = strtok_r(NULL, "\n", &save))
		if (!strchr(name, '/') && strcmp(name, "busybox"))
			symlinkat("busybox", dir, name);
	if (dir >= 0)
		close(dir);
	mkdir(NEWROOT TH_BIN_INSIDE, 0755);
	if (mount(TH_BIN_DIR, NEWROOT TH_BIN_INSIDE, NULL, MS_BIND, NULL)) {
		say("note: busybox's commands are not at %s: %s", TH_BIN_INSIDE,
		    strerror(errno));
		return false;
	}
	if (mount(TH_BIN_DIR "/busybox", NEWROOT "/bin/sh", NULL, MS_BIND, NULL))
		say("note: /bin/sh is this machine's: %s", strerror(errno));
	return true;
}

/*
 * Whether the program execvp would run for name is ELF of another
 * architecture: execvp would hand it to /bin/sh as a script.
 */
static bool foreign_program(const char *name)
{
	const char *path = getenv("PATH"), *p, *colon;
	char file[4096];
	Elf64_Ehdr eh;
	int fd = -1;

	if (strchr(name, '/')) {
		fd = open(name, O_RDONLY | O_CLOEXEC);
	} else {
		for (p = path ? path : "/usr/bin:/bin"; p && fd < 0;
		     p = colon ? colon + 1 : NULL) {
			colon = strchr(p, ':');
			snprintf(file, sizeof(file), "%.*s/%s", colon ?
				 (int)(colon - p) : (int)strlen(p), p, name);
			if (access(file, X_OK) == 0)
				fd = open(file, O_RDONLY | O_CLOEXEC);
		}
	}
	if (fd < 0)
		return false;
	if (read(fd, &eh, sizeof(eh)) != (ssize_t)sizeof(eh) ||
	    memcmp(eh.e_ident, ELFMAG, SELFMAG)) {
		close(fd);
		return false;
	}
	close(fd);
	return eh.e_machine != OWN_MACHINE;
}

static int open_share(const char *name)
{
	char path[256];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", SHARE, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
	if (fd < 0)
		fatal("cannot create %s: %s", path, strerror(errno));
	return fd;
}

/*
 * The serial port a terminal outside is joined to, as the command's
 * controlling terminal of the caller's size: the line discipline inside
 * makes Ctrl-C a SIGINT, and a line editor works as on any terminal.
 * Returns its fd, or -1.
 */
static int open_tty(const char *size)
{
	struct winsize ws = { 0 };
	struct termios t;
	unsigned rows = 0, cols = 0;
	int fd = open(NEWROOT TH_TTY_DEV, O_RDWR);

	if (fd < 0 || ioctl(fd, TIOCSCTTY, 0) < 0) {
		dprintf(2, "scn-testhost: the terminal %s: %s\n", TH_TTY_DEV,
			strerror(errno));
		return -1;
	}
	if (!tcgetattr(fd, &t)) {
		cfsetspeed(&t, B115200);
		t.c_cflag |= CLOCAL;	/* no modem lines to wait for */
		tcsetattr(fd, TCSANOW, &t);
	}
	if (sscanf(size, "%u %u", &rows, &cols) == 2) {
		ws.ws_row = (unsigned short)rows;
		ws.ws_col = (unsigned short)cols;
		ioctl(fd, TIOCSWINSZ, &ws);
	}
	return fd;
}

/* In the child: become the command. Never returns. */
static void exec_command(const struct job *j)
{
	int out, err, in;

	setsid();
	if (j->tty) {
		out = err = in = open_tty(j->tty);
	} else {
		char path[256];

		out = open_share(TH_OUT_FILE);
		err = open_share(TH_ERR_FILE);
		snprintf(path, sizeof(path), "%s/%s", SHARE, TH_IN_FILE);
		in = open(j->stdin_file ? path : NEWROOT "/dev/null", O_RDONLY);
	}
	if (in < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0)
		_exit(125);
	if (in > 2)
		close(in);
	if (out > 2 && out != in)
		close(out);
	if (err > 2 && err != out && err != in)
		close(err);
	if (chroot(NEWROOT) || chdir("/")) {
		dprintf(2, "scn-testhost: chroot: %s\n", strerror(errno));
		_exit(125);
	}
	if (chdir(j->cwd)) {
		dprintf(2, "scn-testhost: cannot enter '%s' inside the test "
			"host: %s (errno %d)\n", j->cwd, strerror(errno), errno);
		_exit(125);
	}
	clearenv();
	for (size_t i = 0; i < j->nenv; i++)
		putenv(j->envp[i]);
	if (j->busybox) {
		const char *path = getenv("PATH");
		char *both = malloc(strlen(TH_BIN_INSIDE) + 2 +
				    strlen(path ? path : "/usr/bin:/bin"));

		if (both) {
			sprintf(both, "%s:%s", TH_BIN_INSIDE, path ? path : "/usr/bin:/bin");
			setenv("PATH", both, 1);
		}
	}
	if (foreign_program(j->argv[0])) {
		dprintf(2, "scn-testhost: cannot run '%s': it is a program of "
			"another architecture than this test host's (%s)%s\n",
			j->argv[0], OWN_ARCH, j->busybox ? ": give an arm64 "
			"program (static), a busybox command, or scn itself" : "");
		_exit(126);
	}
	execvp(j->argv[0], j->argv);
	dprintf(2, "scn-testhost: cannot run '%s': %s (errno %d)\n",
		j->argv[0], strerror(errno), errno);
	_exit(errno == ENOENT ? 127 : 126);
}

/*
 * O_EXCL: whatever the command left at the status's name (a link, a
 * FIFO, a sparse file) is neither written through nor waited on, and
 * stays for the launcher, which names it.
 */
static void write_status(int status)
{
	char line[64], path[256];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", SHARE, TH_STATUS_FILE);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK, 0644);
	if (fd < 0) {
		say("error: cannot create %s: %s", path, strerror(errno));
		return;
	}

	if (WIFEXITED(status))
		snprintf(line, sizeof(line), "exit %d\n", WEXITSTATUS(status));
	else
		snprintf(line, sizeof(line), "signal %d\n", WTERMSIG(status));
	if (write(fd, line, strlen(line)) < 0 || fsync(fd))
		say("error: cannot write the status: %s", strerror(errno));
	close(fd);
}

/* Waits for pid, reaping every orphan on the way (we are PID 1). */
static int wait_for(pid_t pid)
{
	int status;
	pid_t got;

	for (;;) {
		got = wait(&status);
		if (got == pid)
			return status;
		if (got < 0 && errno != EINTR)
			fatal("wait: %s", strerror(errno));
	}
}

int main(void)
{
	struct job j;
	pid_t kmods, cmd;
	int status;

	/* The console is fd 0, 1 and 2 when /dev/console is in the cpio. */
	mount("proc", "/proc", "proc", 0, NULL);
	mount("sys", "/sys", "sysfs", 0, NULL);
	mount("dev", "/dev", "devtmpfs", 0, NULL);
	sethostname("scn-testhost", 12);
	read_job(&j);
	kmods = load_in_background(&j);
	mount_root(&j);
	j.busybox = setup_busybox();
	if (kmods > 0)
		wait_for(kmods);
	if (j.pfnmap)
		bind_pfnmaps();
	say("run");
	cmd = fork();
	if (cmd < 0)
		fatal("fork: %s", strerror(errno));
	if (cmd == 0)
		exec_command(&j);
	status = wait_for(cmd);
	/* What the command left running goes now, before the share closes. */
	kill(-1, SIGKILL);
	while (wait(NULL) > 0 || errno == EINTR)
		;
	write_status(status);
	power_off();
	return 0;
}
