// SPDX-License-Identifier: GPL-2.0-only
/*
 * launch: a test host from start to end (see testhost.h).
 *
 * One poll() loop watches QEMU's output (the serial console, and QEMU's
 * own messages), the results share (inotify: the command's stdout and
 * stderr files grow, and are copied out as they do), a signalfd for
 * SIGINT, SIGTERM and SIGHUP, and the deadlines: the boot, the command's
 * timeout, the grace after a panic, and the kill after SIGTERM. It runs
 * until QEMU is reaped, and every wait after it (the caller's stdout
 * taking the rest of the output) watches the same signals and deadlines:
 * nothing inside the test host, and no reader outside, can hold the
 * launch past them.
 *
 * The share is writable inside, so what the launcher reads from it is
 * read as common/regfile.h says, relative to the share's fd: a link, a
 * FIFO, a directory or a file past its bound (testhost.h) at one of its
 * names is named in the outcome and not read.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../common/outfile.h"
#include "../common/regfile.h"
#include "../common/rmtree.h"
#include "../common/util.h"
#include "../runtime/features.h"
#include "../runtime/fingerprint.h"
#include "arch.h"
#include "console.h"
#include "initrd.h"
#include "job.h"
#include "kernel.h"
#include "machine.h"
#include "helper.h"
#include "testhost.h"

/* No command started by then: the kernel is stuck, or far too slow. */
#define BOOT_MAX_S 180
/* After a panic the kernel reboots (panic=-1) and QEMU ends (-no-reboot);
 * if it does not, it is stopped after this. */
#define PANIC_GRACE_S 10
/* SIGTERM, then SIGKILL after this. */
#define KILL_GRACE_S 3
/* Output files are looked at this often even without an inotify event. */
#define TICK_MS 250
/* QEMU listens on the terminal's socket before it boots; this long at most. */
#define TTY_CONNECT_S 10
/* After QEMU closed its output, its exit is looked for this often. */
#define REAP_MS 20

int th_exit_code(const struct th_outcome *o)
{
	switch (o->end) {
	case TH_EXITED:
		return o->status;
	case TH_TIMEOUT:
		return 124;
	case TH_INTERRUPTED:
		return 128 + o->signo;
	case TH_SKIP:
		return 4;
	case TH_OOPS:
	case TH_NO_BOOT:
	case TH_BAD_SHARE:
		break;
	}
	return 1;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * A file of the share copied out as it grows, to the caller's fd: a pipe
 * maybe, which may take its time or take nothing, so what it has not
 * taken waits in buf (and the share's file is read no further) while the
 * loop goes on.
 */
struct tail {
	const char *name;
	int fd, dst;
	bool dst_file;		/* a regular file, which never makes one wait */
	bool refused;		/* not read any more: see bad_share */
	off_t off;		/* read so far */
	char buf[65536];
	size_t pos, npend;	/* buf[pos..pos+npend) is not written yet */
};

/* What the command's scn says about where it ran (runtime/fingerprint.h). */
static int write_facts(const char *share, const struct th_opts *o,
		       const struct th_machine *m, const struct th_kernel *k,
		       struct rt_err *err)
{
	char path[PATH_MAX], model[256];
	struct rt_features *f = xcalloc(1, sizeof(*f));
	FILE *out;

	th_path(path, sizeof(path), "%s/%s", share, TH_FACTS_FILE);
	out = fopen(path, "we");
	if (!out) {
		free(f);
		return rt_fail_errno(err, errno, "creating '%s'", path);
	}
	rt_facts_read(&f->facts);
	rt_cpu_model(model, sizeof(model));
	{
		struct utsname u;

		if (uname(&u))
			snprintf(u.release, sizeof(u.release), "unknown");
		fprintf(out, "spec=%s\n", o->kernel);
		fprintf(out, "arch=%s\n", th_arch_name(m->arch));
		fprintf(out, "package=%s\n", k->package);
		fprintf(out, "config=%s\n", k->config);
		fprintf(out, "qemu=%s\n", m->qemu_version);
		fprintf(out, "accel=%s\n", m->kvm ? "kvm" : "tcg");
		fprintf(out, "cpu=%s\n", m->cpu);
		fprintf(out, "cpus=%u\n", m->cpus);
		fprintf(out, "mem=%" PRId64 "\n", m->mem);
		fprintf(out, "nodes=%u\n", m->nodes);
		fprintf(out, "outer_kernel=%s\n", u.release);
		fprintf(out, "outer_arch=%s\n", u.machine);
		fprintf(out, "outer_cpu=%s\n", model);
		fprintf(out, "outer_cpus=%ld\n", f->facts.ncpus);
		fprintf(out, "outer_mem=%" PRId64 "\n", f->facts.mem_total);
		fprintf(out, "outer_nodes=%ld\n", f->facts.nr_nodes);
	}
	free(f);
	if (fclose(out))
		return rt_fail_errno(err, errno, "writing '%s'", path);
	return 0;
}

/*
 * The kernel's command line: the console, with warnings on it (a WARNING
 * is kept in the console log, though it does not fail the run), a panic
 * that ends QEMU, and an oops that is a panic (so a broken kernel ends
 * the run, not the timeout). No BIOS disk probing: there is no disk.
 * npt_off gives a kvm_amd built in the npt=0 that TCG needs (section 6 of
 * docs/testhost.md); --append comes last, so that its words win. The
 * console is the machine's first UART (ttyAMA0 on arm64's virt). With
 * --pfnmap's intel-iommu the IO-APIC's interrupts are remapped, and the
 * kernel's check that the timer ticks through it (a busy wait of a few
 * ticks) failed under a loaded TCG, a panic in 1 boot of 9: no_timer_check.
 * riscv's KVM logs three kvm_err lines (KERN_ERR) for every guest access
 * that ends in EFAULT, without a rate limit: a scenario of faults would
 * flood the console and slow TCG down, so a riscv64 console shows only
 * what is worse than an error (loglevel=3; its warnings are then not on
 * the console: --append loglevel=5 brings them back).
 */
static char *kernel_cmdline(const struct th_opts *o, const struct th_machine *m,
			    bool npt_off)
{
	return xasprintf("console=%s loglevel=%d panic=-1 oops=panic%s "
			 "rdinit=/init%s%s%s%s", m->console,
			 m->arch == TH_ARCH_RISCV64 ? 3 : 5,
			 m->arch == TH_ARCH_X86_64 ? " edd=off" : "",
			 m->npfnmap ? " no_timer_check" : "",
			 npt_off ? " kvm_amd.npt=0" : "",
			 o->append ? " " : "", o->append ? o->append : "");
}

/*
 * A terminal outside joined to the serial port of the command inside:
 * what is typed goes to QEMU's socket, what comes back to the terminal.
 */
struct tty_link {
	int in, out, sock;		/* sock < 0: no terminal */
	char pend[4096];		/* typed, not yet taken by QEMU */
	size_t npend, off;
	bool in_eof;
};

struct watch {
	pid_t qemu;
	int console, ino, sig, share;
	struct th_console con;
	struct tail out, err;
	struct tty_link tty;
	double start, run_at, panic_at, term_at;
	size_t notes_shown;
	int qemu_status;		/* from waitpid */
	bool reaped;			/* qemu_status is QEMU's end */
	bool timed_out, boot_timeout;
	bool dropped;			/* the rest of the output goes nowhere */
	int signo;
	char bad[sizeof(((struct th_outcome *)0)->bad_share)];
};

/* Asks QEMU to end, then makes it; once reaped, its pid is no longer
 * its own, and only the stop is noted. */
static void stop_qemu(struct watch *w, double now)
{
	if (w->reaped) {
		if (w->term_at == 0)
			w->term_at = now;
		return;
	}
	if (w->term_at == 0) {
		kill(w->qemu, SIGTERM);
		w->term_at = now;
	} else if (now - w->term_at > KILL_GRACE_S) {
		kill(w->qemu, SIGKILL);
	}
}

/* The next deadline's distance in ms, for poll(). */
static int next_wake(const struct watch *w, const struct th_opts *o, double now)
{
	double at = now + TICK_MS / 1000.0;

	if (!w->run_at && w->start + BOOT_MAX_S < at)
		at = w->start + BOOT_MAX_S;
	if (w->run_at && o->timeout && w->run_at + o->timeout < at)
		at = w->run_at + o->timeout;
	return at <= now ? 0 : (int)((at - now) * 1000) + 1;
}

static void check_deadlines(struct watch *w, const struct th_opts *o, double now)
{
	if (w->term_at) {
		stop_qemu(w, now);
		return;
	}
	if (!w->run_at && now - w->start > BOOT_MAX_S) {
		w->boot_timeout = true;
		stop_qemu(w, now);
	} else if (w->run_at && o->timeout && now - w->run_at >= o->timeout) {
		w->timed_out = true;
		stop_qemu(w, now);
	} else if (w->panic_at && now - w->panic_at > PANIC_GRACE_S) {
		stop_qemu(w, now);
	}
}

static void take_signal(struct watch *w, double now)
{
	struct signalfd_siginfo si;

	if (read(w->sig, &si, sizeof(si)) == sizeof(si) && !w->signo)
		w->signo = (int)si.ssi_signo;
	stop_qemu(w, now);
}

/* "'status' is a named pipe, not a regular file". */
static void share_words(const char *name, int rc, const struct stat *st,
			long long max, char *buf, size_t len)
{
	char why[200];

	regfile_why(rc, st, (off_t)max, why, sizeof(why));
	snprintf(buf, len, "'%s' %s", name, why);
}

/* A file of the share that is not read, added to those said at the end. */
static void share_refused(struct watch *w, const char *name, int rc,
			  const struct stat *st, long long max)
{
	size_t n = strlen(w->bad);

	if (n && n + 2 < sizeof(w->bad))
		n += (size_t)snprintf(w->bad + n, sizeof(w->bad) - n, "; ");
	if (n < sizeof(w->bad))
		share_words(name, rc, st, max, w->bad + n, sizeof(w->bad) - n);
}

static bool regular_fd(int fd)
{
	struct stat st;

	return !fstat(fd, &st) && S_ISREG(st.st_mode);
}

/* Whether fd takes a write at once (or fails it: the reader is gone). */
static bool takes_now(int fd)
{
	struct pollfd p = { fd, POLLOUT, 0 };

	return poll(&p, 1, 0) > 0 && (p.revents & (POLLOUT | POLLERR | POLLHUP));
}

/* A stream of the share that is not read any more; the command is not
 * worth running on when its output cannot come out. */
static void tail_refuse(struct watch *w, struct tail *t, int rc,
			const struct stat *st)
{
	t->refused = true;
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
	share_refused(w, t->name, rc, st, TH_STREAM_MAX);
	stop_qemu(w, now_s());
}

/*
 * Copies what is new in t's file to its fd, as far as the fd takes it
 * without waiting: a pipe or a terminal is written PIPE_BUF bytes at a
 * time, which POLLOUT promises to take whole.
 */
static void tail_pump(struct watch *w, struct tail *t)
{
	struct stat st;
	ssize_t n;

	if (t->refused)
		return;
	if (t->fd < 0) {
		int fd = regfile_open_at(w->share, t->name, TH_STREAM_MAX, &st);

		if (fd == -ENOENT)
			return;		/* not yet made */
		if (fd < 0) {
			tail_refuse(w, t, fd, &st);
			return;
		}
		t->fd = fd;
	}
	/* A truncate -s 10G inside makes it that large at once. */
	if (!fstat(t->fd, &st) && st.st_size > TH_STREAM_MAX) {
		tail_refuse(w, t, -EFBIG, &st);
		return;
	}
	for (;;) {
		if (!t->npend) {
			size_t want = sizeof(t->buf);

			if ((off_t)want > TH_STREAM_MAX - t->off)
				want = (size_t)(TH_STREAM_MAX - t->off);
			n = want ? pread(t->fd, t->buf, want, t->off) : 0;
			if (n <= 0)
				break;
			t->off += n;
			t->pos = 0;
			t->npend = (size_t)n;
		}
		if (w->dropped) {
			t->npend = 0;
			continue;
		}
		if (!t->dst_file && !takes_now(t->dst))
			break;
		n = write(t->dst, t->buf + t->pos,
			  t->dst_file || t->npend < PIPE_BUF ? t->npend : PIPE_BUF);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			break;
		if (n <= 0) {
			t->npend = 0;	/* the reader went away: keep draining */
			continue;
		}
		t->pos += (size_t)n;
		t->npend -= (size_t)n;
	}
	if (t->off >= TH_STREAM_MAX && !fstat(t->fd, &st) && st.st_size > TH_STREAM_MAX)
		tail_refuse(w, t, -EFBIG, &st);
}

/*
 * After QEMU's end, the rest of the output out: waiting for a reader
 * still takes the stop signals and the deadlines, and once the test host
 * was stopped (by them, or before), what the reader does not take at once
 * is dropped, so that no reader holds the launch.
 */
static void drain(struct watch *w, const struct th_opts *o)
{
	for (;;) {
		struct pollfd p[3];
		double now;

		tail_pump(w, &w->out);
		tail_pump(w, &w->err);
		if (!w->out.npend && !w->err.npend)
			return;
		p[0] = (struct pollfd){ w->out.npend ? w->out.dst : -1, POLLOUT, 0 };
		p[1] = (struct pollfd){ w->err.npend ? w->err.dst : -1, POLLOUT, 0 };
		p[2] = (struct pollfd){ w->sig, POLLIN, 0 };
		now = now_s();
		if (poll(p, 3, w->term_at ? 0 : next_wake(w, o, now)) < 0 &&
		    errno != EINTR)
			w->dropped = true;
		now = now_s();
		if (p[2].revents)
			take_signal(w, now);
		check_deadlines(w, o, now);
		if (w->term_at && !p[0].revents && !p[1].revents)
			w->dropped = true;
	}
}

/*
 * After the end: a stream whose name now holds something else (the
 * command made a link or a FIFO of it once it was open here) is said,
 * though what was streamed came from the file the init made.
 */
static void tail_check(struct watch *w, struct tail *t)
{
	struct stat st;
	int fd;

	if (t->refused || t->fd < 0)
		return;
	fd = regfile_open_at(w->share, t->name, TH_STREAM_MAX, &st);
	if (fd >= 0)
		close(fd);
	else if (fd != -ENOENT)
		share_refused(w, t->name, fd, &st, TH_STREAM_MAX);
}

/* Writes all of buf to fd (a terminal: short writes happen). */
static void write_all(int fd, const char *buf, size_t n)
{
	for (size_t done = 0; done < n;) {
		ssize_t w = write(fd, buf + done, n - done);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;	/* the terminal went away */
		done += (size_t)w;
	}
}

/* Moves what poll found ready between the terminal and QEMU's socket. */
static void tty_pump(struct tty_link *t, const struct pollfd *in,
		     const struct pollfd *sock)
{
	char buf[8192];
	ssize_t n;

	if (in->revents && !t->npend) {
		n = read(t->in, t->pend, sizeof(t->pend));
		if (n > 0) {
			t->npend = (size_t)n;
			t->off = 0;
		} else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
			t->in_eof = true;
		}
	}
	if ((sock->revents & POLLOUT) && t->npend) {
		n = write(t->sock, t->pend + t->off, t->npend - t->off);
		if (n > 0 && (t->off += (size_t)n) == t->npend)
			t->npend = 0;
	}
	if (sock->revents & (POLLIN | POLLHUP | POLLERR)) {
		n = read(t->sock, buf, sizeof(buf));
		if (n > 0)
			write_all(t->out, buf, (size_t)n);
		else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
			close(t->sock);
			t->sock = -1;	/* QEMU is going */
		}
	}
}

/* Runs until QEMU is reaped, and the output is out. */
static void watch_loop(struct watch *w, const struct th_opts *o)
{
	struct pollfd p[7] = {
		{ w->console, POLLIN, 0 }, { w->ino, POLLIN, 0 }, { w->sig, POLLIN, 0 },
		{ -1, POLLIN, 0 }, { -1, POLLIN, 0 }, { -1, POLLOUT, 0 },
		{ -1, POLLOUT, 0 },
	};
	char buf[8192];

	for (;;) {
		double now = now_s();
		int wait = next_wake(w, o, now);
		ssize_t n;

		/* A negative fd is left out by poll. */
		p[3].fd = w->tty.sock >= 0 && !w->tty.npend && !w->tty.in_eof ?
			  w->tty.in : -1;
		p[4].fd = w->tty.sock;
		p[4].events = POLLIN | (w->tty.npend ? POLLOUT : 0);
		/* A reader that has not taken all yet: woken when it does. */
		p[5].fd = w->out.npend ? w->out.dst : -1;
		p[6].fd = w->err.npend ? w->err.dst : -1;
		/* Its output closed, QEMU is ending: its exit is looked for. */
		if (p[0].fd < 0 && wait > REAP_MS)
			wait = REAP_MS;
		if (poll(p, 7, wait) < 0 && errno != EINTR)
			break;
		now = now_s();
		if (w->tty.sock >= 0)
			tty_pump(&w->tty, &p[3], &p[4]);
		if (p[2].revents)
			take_signal(w, now);
		if (p[1].revents)
			while (read(w->ino, buf, sizeof(buf)) > 0)
				;
		tail_pump(w, &w->out);
		tail_pump(w, &w->err);
		if (p[0].revents) {
			n = read(w->console, buf, sizeof(buf));
			if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN))
				p[0].fd = -1;	/* QEMU is going */
			if (n > 0)
				th_console_feed(&w->con, buf, (size_t)n);
			/* "kvm_amd did not load": the caller should know. */
			for (; w->notes_shown < w->con.nnotes; w->notes_shown++)
				if (o->log)
					fprintf(o->log, "# test host: %s\n",
						w->con.notes[w->notes_shown]);
			if (w->con.run && !w->run_at)
				w->run_at = now;
			if (w->con.oopsed && !w->panic_at)
				w->panic_at = now;
		}
		if (p[0].fd < 0 && waitpid(w->qemu, &w->qemu_status, WNOHANG) == w->qemu) {
			w->reaped = true;
			break;
		}
		check_deadlines(w, o, now);
	}
	if (!w->reaped) {
		/* poll failed: nothing is watched any more, so QEMU goes now. */
		kill(w->qemu, SIGKILL);
		while (waitpid(w->qemu, &w->qemu_status, 0) < 0 && errno == EINTR)
			;
		w->reaped = true;
	}
	th_console_end(&w->con);
	drain(w, o);
	tail_check(w, &w->out);
	tail_check(w, &w->err);
}

/*
 * Connects to the socket QEMU listens on for the second serial port,
 * while QEMU lives: it is there before the kernel boots.
 */
static int tty_connect(const char *path, pid_t qemu, struct rt_err *err)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	double until = now_s() + TTY_CONNECT_S;
	int fd;

	if (strlen(path) >= sizeof(sa.sun_path))
		return rt_fail(err, -ENAMETOOLONG, "the terminal's socket '%s': the path is too long", path);
	strcpy(sa.sun_path, path);
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return rt_fail_errno(err, errno, "socket");
	while (connect(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		struct timespec ts = { 0, 20000000 };

		if ((errno != ENOENT && errno != ECONNREFUSED) || now_s() > until ||
		    waitpid(qemu, NULL, WNOHANG) != 0) {
			rt_fail_errno(err, errno, "connecting to QEMU's serial port '%s'", path);
			close(fd);
			return -EIO;
		}
		nanosleep(&ts, NULL);
	}
	fcntl(fd, F_SETFL, O_NONBLOCK);
	return fd;
}

/*
 * QEMU with no signal blocked (the launcher reads its own from a
 * signalfd), and ended by the kernel when the launcher is: the boot
 * limit and --timeout live in the launcher, so a QEMU that outlived it
 * would run on for as long as the guest's command does.
 */
static pid_t start_qemu(char **argv, int console_wr, struct rt_err *err)
{
	pid_t pid = th_spawn_start((const char *const *)argv, NULL, console_wr,
				   console_wr, false);

	if (pid < 0)
		return rt_fail_errno(err, -pid, "starting %s", argv[0]);
	return pid;
}

/* "exit N" or "signal N" from the share; -1 when the init wrote none. */
static int read_status(struct watch *w)
{
	struct stat st;
	char *text;
	int v, rc;

	rc = regfile_read_at(w->share, TH_STATUS_FILE, TH_STATUS_MAX, &text, NULL, &st);
	if (rc) {
		if (rc != -ENOENT)
			share_refused(w, TH_STATUS_FILE, rc, &st, TH_STATUS_MAX);
		return -1;
	}
	if (sscanf(text, "exit %d", &v) != 1)
		v = sscanf(text, "signal %d", &v) == 1 ? 128 + v : -1;
	free(text);
	return v;
}

/* The facts file back, for a result the outer scn writes (the command
 * may have made anything of it). */
static void read_facts(struct watch *w, struct th_outcome *out)
{
	struct stat st;
	int rc = regfile_read_at(w->share, TH_FACTS_FILE, TH_FACTS_MAX, &out->facts,
				 NULL, &st);

	if (rc && rc != -ENOENT)
		share_refused(w, TH_FACTS_FILE, rc, &st, TH_FACTS_MAX);
}

static void decide(struct watch *w, struct th_outcome *out)
{
	int status = read_status(w);
	struct strbuf sb;

	read_facts(w, out);
	snprintf(out->bad_share, sizeof(out->bad_share), "%s", w->bad);

	out->boot_s = w->run_at ? w->run_at - w->start : 0;
	out->out_bytes = (long long)w->out.off;
	out->total_s = now_s() - w->start;
	if (w->signo) {
		out->end = TH_INTERRUPTED;
		out->signo = w->signo;
	} else if (w->timed_out) {
		out->end = TH_TIMEOUT;
	} else if (!w->run_at && !w->term_at && WIFEXITED(w->qemu_status) &&
		   WEXITSTATUS(w->qemu_status)) {
		/* QEMU itself gave up (it exits 0 at a power off or a panic). */
		out->end = TH_SKIP;
		sb_init(&sb);
		sb_puts(&sb, "QEMU could not run the test host:\n");
		th_console_tail(&w->con, &sb, 1);
		snprintf(out->why, sizeof(out->why), "%s", sb.buf);
		sb_free(&sb);
	} else if (w->con.oopsed) {
		out->end = TH_OOPS;
		out->oops = th_console_take_oops(&w->con, &out->noops);
	} else if (w->bad[0]) {
		out->end = TH_BAD_SHARE;
	} else if (status >= 0) {
		out->end = TH_EXITED;
		out->status = status;
	} else {
		out->end = TH_NO_BOOT;
		sb_init(&sb);
		if (w->con.nerrors)
			sb_printf(&sb, "the test host's init: %s", w->con.errors[0]);
		else if (w->boot_timeout)
			sb_printf(&sb, "no command started within %d s", BOOT_MAX_S);
		else if (w->run_at)
			sb_printf(&sb, "the test host stopped before the command "
				  "ended");
		else
			sb_printf(&sb, "the kernel stopped before the command "
				  "started; the console ends with:\n");
		if (!w->con.nerrors && !w->run_at)
			th_console_tail(&w->con, &sb, 12);
		snprintf(out->why, sizeof(out->why), "%s", sb.buf);
		sb_free(&sb);
	}
}

/* The command's stdin: all of fd, into the share before the boot. */
static int feed_input(const char *share, int fd, struct rt_err *err)
{
	char path[PATH_MAX], buf[65536];
	ssize_t n;
	int out, rc = 0;

	th_path(path, sizeof(path), "%s/%s", share, TH_IN_FILE);
	out = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (out < 0)
		return rt_fail_errno(err, errno, "creating '%s'", path);
	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || write(out, buf, (size_t)n) != n) {
			rc = rt_fail_errno(err, errno, n < 0 ? "reading the standard input" :
					   "writing '%s'", path);
			break;
		}
	}
	close(out);
	return rc;
}

/* Whether a directory is writable inside: under a tmpfs the init mounts. */
static bool writable_inside(const char *dir)
{
	static const char *const roots[] = { "/tmp", "/var/tmp", "/run", "/dev/shm" };

	for (size_t i = 0; i < ARRAY_SIZE(roots); i++) {
		size_t n = strlen(roots[i]);

		if (!strncmp(dir, roots[i], n) && (dir[n] == '/' || !dir[n]))
			return true;
	}
	return false;
}

/*
 * The command's environment: the caller's, but a TMPDIR that would be
 * read-only inside (the root is) becomes /tmp. The array is the caller's
 * to free; its strings are borrowed.
 */
static const char **job_env(const char *const *envp)
{
	size_t n = 0;
	const char **v;

	while (envp && envp[n])
		n++;
	v = xcalloc(n + 1, sizeof(*v));
	for (size_t i = 0; i < n; i++) {
		v[i] = envp[i];
		if (!strncmp(envp[i], "TMPDIR=", 7) && !writable_inside(envp[i] + 7))
			v[i] = "TMPDIR=/tmp";
	}
	return v;
}

/*
 * The console log: where the caller wants it (written beside and renamed
 * at the end, common/outfile.h), else in the work directory, which a
 * SIGKILL leaves for the next launch to sweep; keep_log moves it out
 * when the outcome needs it.
 */
static FILE *open_log(const struct th_opts *o, const char *work,
		      struct outfile *keep, struct th_outcome *out,
		      struct rt_err *err)
{
	FILE *f;

	if (o->console_log) {
		th_path(out->console_log, sizeof(out->console_log), "%s",
			o->console_log);
		f = outfile_open(keep, o->console_log);
	} else {
		th_path(out->console_log, sizeof(out->console_log),
			"%s/console.log", work);
		f = fopen(out->console_log, "wxe");
	}
	if (!f) {
		rt_fail_errno(err, errno, "console log '%s'", out->console_log);
		out->console_log[0] = '\0';
	}
	return f;
}

/*
 * The log of a launch that ended as out says: the caller's file renamed
 * into place; else, when it tells why the run failed, moved out of the
 * work directory to $TMPDIR/scn-console.XXXXXX.log, which no sweep
 * touches; else left to go with the work directory.
 */
static void keep_log(const struct th_opts *o, FILE *log, struct outfile *keep,
		     const char *tmp, struct th_outcome *out)
{
	char moved[PATH_MAX];
	int fd, rc;

	if (o->console_log) {
		rc = outfile_close(keep, true);
		if (rc && o->log)
			fprintf(o->log, "# test host: console log '%s': %s\n",
				o->console_log, strerror(-rc));
		if (rc)
			out->console_log[0] = '\0';
		return;
	}
	fclose(log);
	if (out->end == TH_EXITED || out->end == TH_INTERRUPTED ||
	    th_path(moved, sizeof(moved), "%s/scn-console.XXXXXX.log", tmp) ||
	    (fd = mkostemps(moved, 4, O_CLOEXEC)) < 0) {
		out->console_log[0] = '\0';
		return;
	}
	close(fd);
	if (rename(out->console_log, moved)) {
		unlink(moved);
		out->console_log[0] = '\0';
		return;
	}
	th_path(out->console_log, sizeof(out->console_log), "%s", moved);
}

static void log_machine(const struct th_opts *o, const struct th_machine *m,
			const struct th_kernel *k)
{
	if (!o->log)
		return;
	fprintf(o->log, "# test host: %s (%s%s%s), %s, %u CPU%s, %" PRId64 " MiB, "
		"%u node%s, QEMU %s\n", o->kernel, k->release, k->package[0] ? ", " : "",
		k->package, m->kvm ? "KVM" : "TCG", m->cpus, m->cpus == 1 ? "" : "s",
		m->mem >> 20, m->nodes, m->nodes == 1 ? "" : "s", m->qemu_version);
	/* A line of its own: the one above is read by tests as it is. */
	for (unsigned i = 0; i < m->npfnmap; i++)
		fprintf(o->log, "# test host: --pfnmap: an ivshmem-plain BAR of %" PRId64
			" MiB behind %s, bound to vfio-pci inside\n", m->pfnmap[i] >> 20,
			m->arch == TH_ARCH_AARCH64 ? "virt's smmuv3" : "intel-iommu");
	if (!m->kvm)
		fprintf(o->log, "# test host: TCG emulates every instruction: "
			"timings are for correctness, not speed%s%s\n",
			m->why_tcg[0] ? "; no KVM: " : "", m->why_tcg);
}

/*
 * Boots and watches; the kernel and machine are ready. tty: its socket;
 * rw: a directory exported writable; both may be NULL.
 */
static int run_qemu(const struct th_opts *o, const struct th_machine *m,
		    const struct th_kernel *k, const char *initrd, const char *cmdline,
		    const char *tty, const char *rw, FILE *log,
		    struct th_outcome *out, struct rt_err *err)
{
	struct watch w = { .qemu = -1, .console = -1, .ino = -1, .sig = -1,
			   .share = out->share_fd,
			   .tty = { .in = o->in_fd, .out = o->out_fd, .sock = -1 } };
	char **argv;
	sigset_t sigs;
	int pipefd[2], rc = 0;

	th_console_init(&w.con, log);
	w.out = (struct tail){ .name = TH_OUT_FILE, .fd = -1, .dst = o->out_fd,
			       .dst_file = regular_fd(o->out_fd) };
	w.err = (struct tail){ .name = TH_ERR_FILE, .fd = -1, .dst = o->err_fd,
			       .dst_file = regular_fd(o->err_fd) };
	/* th_launch blocked them: SIGINT, SIGTERM, SIGHUP and the caller's. */
	th_signals_stop_set(&sigs);
	w.sig = signalfd(-1, &sigs, SFD_CLOEXEC | SFD_NONBLOCK);
	w.ino = inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
	if (w.ino >= 0)
		inotify_add_watch(w.ino, out->share, IN_MODIFY | IN_CREATE);
	if (pipe2(pipefd, O_CLOEXEC)) {
		rc = rt_fail_errno(err, errno, "pipe");
		goto out;
	}
	argv = th_machine_argv(m, k->image, initrd, cmdline, out->share, tty, rw);
	w.start = now_s();
	w.qemu = start_qemu(argv, pipefd[1], err);
	for (size_t i = 0; argv[i]; i++)
		free(argv[i]);
	free(argv);
	close(pipefd[1]);
	w.console = pipefd[0];
	if (w.qemu < 0) {
		rc = w.qemu;
		goto out;
	}
	if (tty) {
		w.tty.sock = tty_connect(tty, w.qemu, err);
		if (w.tty.sock < 0) {
			kill(w.qemu, SIGKILL);
			while (waitpid(w.qemu, NULL, 0) < 0 && errno == EINTR)
				;
			rc = w.tty.sock;
			goto out;
		}
	}
	watch_loop(&w, o);
	decide(&w, out);
out:
	if (w.console >= 0)
		close(w.console);
	if (w.tty.sock >= 0)
		close(w.tty.sock);
	if (w.ino >= 0)
		close(w.ino);
	if (w.sig >= 0)
		close(w.sig);
	if (w.out.fd >= 0)
		close(w.out.fd);
	if (w.err.fd >= 0)
		close(w.err.fd);
	th_console_free(&w.con);
	return rc;
}

/*
 * The work directories of launches that were killed (SIGKILL leaves them):
 * scn-testhost.PID.* whose PID is gone. Of those, rmtree_stale removes
 * only this user's own with the marker written at their making: TMPDIR
 * is everyone's, and a name is anyone's to choose.
 */
static bool orphan(const char *name)
{
	int pid;

	return sscanf(name, "scn-testhost.%d.", &pid) == 1 && pid > 0 &&
	       kill(pid, 0) != 0 && errno == ESRCH;
}

/* A stop signal came before the boot: nothing of the launch is left. */
static int stopped_before_boot(struct rt_err *err)
{
	return rt_fail(err, -EINTR, "before the test host booted");
}

/*
 * What a test host of another architecture than this scn's needs: its
 * init, built into scn; the scn of its architecture in place of this one
 * (where argv[0] is this scn); and for aarch64 and riscv64 a busybox
 * (into busybox).
 * *inner is argv with that change, or NULL where nothing changes (free
 * it with free_inner). 0; -ENODEV or -ENOPKG with err when this machine
 * cannot have them (a skip).
 */
static int foreign_parts(const struct th_opts *o, const struct th_machine *m,
			 const char *const *argv, const char ***inner,
			 char *busybox, size_t len, struct rt_err *err)
{
	const unsigned char *init;
	char cmd[PATH_MAX];
	const char **v;
	size_t ninit, n = 0;
	int rc;

	*inner = NULL;
	if (m->arch == th_arch_native())
		return 0;
	th_init_blob(m->arch, &init, &ninit);
	if (!ninit)
		return rt_fail(err, -ENODEV, "this scn was built without an init for "
			       "%s test hosts: install Debian's gcc-%s-linux-gnu "
			       "(make deps-%s) and build scn again",
			       th_arch_name(m->arch), th_arch_name(m->arch),
			       th_arch_debian(m->arch));
	rc = th_arch_command(m->arch, argv[0], cmd, sizeof(cmd), err);
	if (!rc && m->arch != TH_ARCH_X86_64)
		rc = th_busybox_resolve(m->arch, o->log, busybox, len, err);
	if (rc || !strcmp(cmd, argv[0]))
		return rc;
	while (argv[n])
		n++;
	v = xcalloc(n + 1, sizeof(*v));
	v[0] = xstrdup(cmd);
	for (size_t i = 1; i < n; i++)
		v[i] = argv[i];
	*inner = v;
	return 0;
}

static void free_inner(const char **inner)
{
	if (inner)
		free((char *)inner[0]);
	free(inner);
}

/* th_launch with the stop signals blocked; the work directory is made
 * once the kernel and the machine are known. */
static int launch(const struct th_opts *o, const char *const *argv,
		  const char *const *envp, const char *cwd, struct th_outcome *out,
		  struct rt_err *err)
{
	const char *tmp = getenv("TMPDIR");
	char work[PATH_MAX], initrd[PATH_MAX + 16], here[PATH_MAX], *cmdline = NULL;
	char tty[PATH_MAX + 8] = "", busybox[PATH_MAX] = "";
	struct outfile keep = { 0 };
	struct th_kernel k = { 0 };
	const char **env, **inner = NULL;
	struct th_machine m;
	struct th_job job;
	bool vendor_mod;
	FILE *log = NULL;
	int rc;

	if (!tmp || !*tmp)
		tmp = "/tmp";
	/* A spec that names no kernel is the caller's mistake, on every
	 * machine: said before what this one lacks. */
	rc = th_kernel_check(o->kernel, o->modules, err);
	if (rc)
		return rc;
	rc = th_machine_plan_arch(o, th_spec_arch(o->kernel), &m, err);
	if (rc == -ENODEV)
		goto skip;
	if (rc)
		return rc;
	snprintf(out->accel, sizeof(out->accel), "%s", m.kvm ? "kvm" : "tcg");
	rc = foreign_parts(o, &m, argv, &inner, busybox, sizeof(busybox), err);
	if (rc == -ENODEV || rc == -ENOPKG)
		goto skip;
	if (rc)
		return rc;
	if (inner)
		argv = (const char *const *)inner;
	rc = th_kernel_resolve(o->kernel, o->modules, o->log, &k, err);
	if (rc == -ENOPKG)
		goto skip;
	if (rc)
		goto out;
	if (k.arch != m.arch) {
		rc = rt_fail(err, -EINVAL, "kernel '%s' is %s, not %s", o->kernel,
			     th_arch_name(k.arch), th_arch_name(m.arch));
		goto out;
	}
	rmtree_stale(tmp, orphan);
	if (th_path(work, sizeof(work), "%s/scn-testhost.%d.XXXXXX", tmp,
		    (int)getpid())) {
		rc = rt_fail(err, -ENAMETOOLONG, "TMPDIR is too long");
		goto out;
	}
	if (!mkdtemp(work)) {
		rc = rt_fail_errno(err, errno, "creating '%s'", work);
		goto out;
	}
	/* What the sweep of a killed launch's directory looks for. */
	rc = rmtree_mark(work);
	if (rc) {
		rc = rt_fail_errno(err, -rc, "writing '%s/%s'", work, RMTREE_MARK);
		goto fail;
	}
	th_path(out->share, sizeof(out->share), "%s/share", work);
	th_path(initrd, sizeof(initrd), "%s/initrd.img", work);
	if (mkdir(out->share, 0755)) {
		rc = rt_fail_errno(err, errno, "creating '%s'", out->share);
		goto fail;
	}
	/* What is read back is read by this fd, which no name inside moves. */
	out->share_fd = open(out->share, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (out->share_fd < 0) {
		rc = rt_fail_errno(err, errno, "opening '%s'", out->share);
		goto fail;
	}
	if (!cwd)
		cwd = getcwd(here, sizeof(here)) ? here : "/";
	env = job_env(envp);
	job = (struct th_job){ .argv = argv, .envp = env, .cwd = cwd,
			       .amd = m.amd, .npt_off = !m.kvm, .scratch = work,
			       .stdin_file = o->input == TH_INPUT_FEED,
			       .rw_dir = o->rw_cwd ? cwd : NULL,
			       .arch = m.arch, .busybox = busybox[0] ? busybox : NULL,
			       .pfnmap = m.npfnmap > 0 };
	if (o->input == TH_INPUT_TTY) {
		job.rows = o->rows ? o->rows : 24;
		job.cols = o->cols ? o->cols : 80;
		th_path(tty, sizeof(tty), "%s/tty", work);
	}
	snprintf(out->release, sizeof(out->release), "%s", k.release);
	rc = th_initrd_write(initrd, &k, &job, &vendor_mod, o->log, err);
	/* A module damaged in the cache: the package fetched again, once. */
	if (rc == -EBADMSG && k.sums) {
		rc = th_kernel_repair(&k, o->log, err);
		if (!rc)
			rc = th_initrd_write(initrd, &k, &job, &vendor_mod, o->log, err);
	}
	free(env);
	/* A kernel ignores a module's parameter on its command line when it
	 * has no such module built in: harmless where kvm_amd is absent. */
	cmdline = kernel_cmdline(o, &m, job.amd && job.npt_off && !vendor_mod);
	snprintf(out->cmdline, sizeof(out->cmdline), "%s", cmdline);
	if (!rc)
		rc = write_facts(out->share, o, &m, &k, err);
	if (!rc && o->input == TH_INPUT_FEED)
		rc = feed_input(out->share, o->in_fd, err);
	if (!rc && !(log = open_log(o, work, &keep, out, err)))
		rc = -EIO;
	if (!rc && th_signals_pending())
		rc = stopped_before_boot(err);
	if (rc)
		goto fail;
	log_machine(o, &m, &k);
	rc = run_qemu(o, &m, &k, initrd, cmdline, tty[0] ? tty : NULL, job.rw_dir,
		      log, out, err);
	unlink(initrd);
	if (rc)
		goto fail;
	keep_log(o, log, &keep, tmp, out);
	free(cmdline);
	goto out;
fail:
	if (log && o->console_log)
		outfile_close(&keep, true);
	else if (log)
		fclose(log);
	free(cmdline);
	out->share[0] = '\0';
	if (out->share_fd >= 0)
		close(out->share_fd);
	out->share_fd = -1;
	out->console_log[0] = '\0';
	rmtree(work);
	goto out;
skip:
	out->end = TH_SKIP;
	snprintf(out->why, sizeof(out->why), "%s", err->msg);
	rc = 0;
out:
	free_inner(inner);
	th_kernel_free(&k);
	return rc;
}

int th_launch(const struct th_opts *o, const char *const *argv,
	      const char *const *envp, const char *cwd, struct th_outcome *out,
	      struct rt_err *err)
{
	sigset_t old;
	int rc;

	memset(out, 0, sizeof(*out));
	out->share_fd = -1;
	/*
	 * From the first step, not only while QEMU runs: a signal during a
	 * fetch or a decompression then stops the helper, and the launch
	 * removes what it made and says so, as for the boot.
	 */
	th_signals_block(&old);
	rc = launch(o, argv, envp, cwd, out, err);
	if (rc == -EINTR) {
		out->end = TH_INTERRUPTED;
		out->signo = th_signals_take();
		if (!out->signo)
			out->signo = SIGTERM;
		snprintf(out->why, sizeof(out->why), "%s", err->msg);
		rc = 0;
	}
	th_signals_restore(&old);
	return rc;
}

void th_outcome_free(struct th_outcome *out)
{
	for (size_t i = 0; i < out->noops; i++)
		free(out->oops[i]);
	free(out->oops);
	out->oops = NULL;
	out->noops = 0;
	free(out->facts);
	out->facts = NULL;
	if (out->share_fd >= 0)
		close(out->share_fd);
	out->share_fd = -1;
	if (out->share[0]) {
		char *work = xstrdup(out->share);

		*strrchr(work, '/') = '\0';
		rmtree(work);
		free(work);
		out->share[0] = '\0';
	}
}

int th_share_open(const struct th_outcome *o, const char *name, long long max,
		  char *why, size_t len)
{
	struct stat st;
	int fd;

	if (o->share_fd < 0)
		return -ENOENT;
	fd = regfile_open_at(o->share_fd, name, (off_t)max, &st);
	if (fd < 0 && fd != -ENOENT)
		share_words(name, fd, &st, max, why, len);
	return fd;
}
