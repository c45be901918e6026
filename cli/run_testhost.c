// SPDX-License-Identifier: GPL-2.0-only
/*
 * run_testhost: scn run --kernel. The same scn binary runs the same
 * command inside the test host (testhost/testhost.h), without the host
 * options and with -o pointing into the results share; stdout and stderr
 * stream out as inside, and the result file comes back to -o. When the
 * run inside could not end by itself (an oops, a hang, a kernel that did
 * not boot), the result says so.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/json_in.h"
#include "../common/outfile.h"
#include "../common/util.h"
#include "../interp/check.h"
#include "../interp/exec.h"
#include "../interp/hostneed.h"
#include "../interp/record.h"
#include "../interp/value.h"
#include "../results/report.h"
#include "../runtime/fingerprint.h"
#include "../testhost/arch.h"
#include "../testhost/job.h"
#include "cmd_suite.h"
#include "cmd_testhost.h"
#include "run_testhost.h"
#include "suite_file.h"

/* The inner run's -o, in the share. */
#define INNER_RESULT "result"
/* The inner scn has this long after its own --timeout to write its
 * result and restore its knobs before the test host is stopped. */
#define TIMEOUT_GRACE_S 15

struct args {
	char **v;
	size_t n, cap;
};

static void add(struct args *a, const char *s)
{
	VEC_PUSH(a->v, a->n, a->cap, xstrdup(s));
}

static void add_num(struct args *a, const char *opt, unsigned v)
{
	char num[24];

	snprintf(num, sizeof(num), "%u", v);
	add(a, opt);
	add(a, num);
}

/* The inner command: this binary, run, every option but the host's. */
static char **inner_argv(const struct run_args *ra)
{
	char self[PATH_MAX];
	struct args a = { 0 };
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	self[n > 0 ? n : 0] = '\0';
	add(&a, n > 0 ? self : "scn");
	add(&a, "run");
	for (size_t i = 0; i < ra->ndefines; i++) {
		add(&a, "-D");
		add(&a, ra->defines[i]);
	}
	for (size_t i = 0; i < ra->nsweeps; i++) {
		add(&a, "--sweep");
		add(&a, ra->sweeps[i]);
	}
	if (ra->repeat)
		add_num(&a, "--repeat", ra->repeat);
	if (ra->warmup)
		add_num(&a, "--warmup", ra->warmup);
	if (ra->timeout)
		add_num(&a, "--timeout", ra->timeout);
	if (ra->ring != RING_AUTO) {
		add(&a, "--ring");
		add(&a, ra->ring == RING_3 ? "3" : "0");
	}
	if (ra->ktap_test)
		add_num(&a, "--ktap-test", (unsigned)ra->ktap_test);
	if (ra->shard_of) {
		char shard[32];

		snprintf(shard, sizeof(shard), "%u/%u", ra->shard_part, ra->shard_of);
		add(&a, "--shard");
		add(&a, shard);
	}
	add(&a, "--format");
	add(&a, report_format_name((enum report_format)ra->format));
	if (ra->quiet)
		add(&a, "-q");
	if (ra->output) {
		add(&a, "-o");
		add(&a, TH_SHARE_DIR "/" INNER_RESULT);
	}
	add(&a, ra->file);
	VEC_PUSH(a.v, a.n, a.cap, NULL);
	return a.v;
}

/* "r.json" -> "r.console.log": the console log kept beside the result. */
static char *log_beside(const char *output)
{
	const char *slash = strrchr(output, '/'), *dot = strrchr(output, '.');
	size_t stem = dot && (!slash || dot > slash + 1) ? (size_t)(dot - output) :
							   strlen(output);

	return xasprintf("%.*s.console.log", (int)stem, output);
}

/*
 * The share's result, opened as th_share_open does, or -errno (-ENOENT:
 * the run inside wrote none; another with why filled: it is not read).
 * At most as large as a result scn reads.
 */
static int result_open(const struct th_outcome *out, char *why, size_t len)
{
	return th_share_open(out, INNER_RESULT, JIN_MAX_FILE_BYTES, why, len);
}

/* Copies the result at fd (which it closes) into out; the bytes copied,
 * or -errno. */
static long long bring_back(int in, FILE *out)
{
	char buf[65536];
	long long total = 0;
	ssize_t n = 0;

	while (total < JIN_MAX_FILE_BYTES && (n = read(in, buf, sizeof(buf))) > 0) {
		if (fwrite(buf, 1, (size_t)n, out) != (size_t)n)
			break;
		total += n;
	}
	if (n < 0)
		total = -errno;
	close(in);
	return total;
}

/* The status a result names for a launch that ended as out did. */
static const char *fallback_status(const struct th_outcome *out)
{
	switch (out->end) {
	case TH_SKIP:
		return exec_status_name(EXEC_SKIP);
	case TH_TIMEOUT:
		return "timeout";	/* as scn run's own --timeout */
	case TH_INTERRUPTED:
		return exec_status_name(EXEC_INTERRUPTED);
	default:
		return exec_status_name(EXEC_FAIL);
	}
}

/* The machine of a result that the scn inside did not write: the launcher's facts. */
static void testhost_json(struct json_out *j, const struct report_machine *mc)
{
	rt_testhost_json(j, mc->ctx);
}

static void testhost_line(const struct report_machine *mc, char *buf, size_t len)
{
	rt_testhost_line(mc->ctx, buf, len);
}

/*
 * The result of a run whose scn inside wrote none (or only its start):
 * the scenario's shape with no point run, the status, the oops lines and
 * where the console log is, in the format asked for. NDJSON continues
 * what came out already.
 */
static void write_fallback(const struct run_args *ra, struct ir_program *p,
			   const struct source_set *srcs,
			   const struct th_outcome *out, int code)
{
	struct report_testhost th = {
		.release = out->release, .cmdline = out->cmdline,
		.oops = out->oops, .noops = out->noops,
		.console_log = out->console_log[0] ? out->console_log : NULL,
	};
	struct report_end end = { .status = fallback_status(out), .exit_code = code,
				  .skip_reason = out->end == TH_SKIP ? out->why : NULL,
				  .timeout = (int)ra->timeout };
	bool ndjson = ra->format == FMT_NDJSON, started = out->out_bytes > 0;
	struct res_listener live = { 0 };
	struct report_meta meta;
	struct outfile of;
	struct record rec;
	struct diag d;
	FILE *f = stdout;

	if (ra->output) {
		f = outfile_open(&of, ra->output);
		if (!f) {
			fprintf(stderr, "scn: run: cannot write '%s': %s\n",
				ra->output, strerror(errno));
			return;
		}
		/* NDJSON keeps the lines the run inside streamed into it. */
		if (ndjson) {
			char why[8];
			int in = result_open(out, why, sizeof(why));

			started = in >= 0 && bring_back(in, f) > 0;
		}
	}
	run_meta_init(&meta, ra, srcs, NULL);
	meta.th = &th;
	meta.machine = (struct report_machine){ .json = testhost_json,
						.line = testhost_line, .ctx = out->facts };
	diag_init(&d);
	record_init(&rec, p, &d, ra->format != FMT_TEXT, NULL);
	if (ndjson && !started)
		report_ndjson_start(f, &meta, &rec.res, &live);
	report_write((enum report_format)ra->format, f, &meta, &rec.res, &end);
	record_free(&rec);
	diag_free(&d);
	if (f != stdout) {
		int wrc = outfile_close(&of, true);

		if (wrc)
			fprintf(stderr, "scn: run: cannot write '%s': %s\n",
				ra->output, strerror(-wrc));
	}
	free((char *)meta.name);
}

/*
 * The facts the scenario is checked against before the boot: the test
 * host's CPUs, memory and nodes as asked. scn checks it again inside,
 * against the machine as it is.
 */
static void assumed_facts(const struct th_opts *o, struct rt_facts *f)
{
	check_reference_facts(f);
	f->ncpus = o->cpus ? o->cpus : 2;
	f->mem_total = o->mem ? o->mem : (int64_t)2 << 30;
	f->mem_free = f->mem_total - f->mem_total / 8;
	f->nr_nodes = o->nodes ? o->nodes : 1;
	snprintf(f->arch, sizeof(f->arch), "%s", th_arch_name(th_spec_arch(o->kernel)));
	/* A 16K kernel's backings are of 16K pages, its THP of 32M. */
	f->page_size = th_spec_page_size(o->kernel);
	f->thp_size = rt_facts_pmd_size(f);
	/* kvm_amd under TCG; arm64's KVM at EL2 with QEMU's VHE CPU; riscv's
	 * H extension of QEMU's rv64 */
	snprintf(f->virt, sizeof(f->virt), "%s", !strcmp(f->arch, "x86_64") ? "svm" :
		 !strcmp(f->arch, "riscv64") ? "h" : "vhe");
}

/* The test host's defaults (testhost/machine.c) and --mem's steps. */
#define TH_DEFAULT_CPUS 2u
#define TH_DEFAULT_MEM ((int64_t)2 << 30)
#define MEM_STEP ((int64_t)256 << 20)
#define AT_MOST(v, max) ((v) < (max) ? (v) : (max))

/* "# ..." lines about the test host: stderr, or a suite's KTAP block. */
static FILE *note_stream(const struct run_args *ra)
{
	if (ra->format == FMT_KTAP && ra->ktap_test)
		return stdout;
	return ra->quiet ? NULL : stderr;
}

static void size_text(int64_t bytes, char *out, size_t len)
{
	struct strbuf sb;

	sb_init(&sb);
	format_size_human(&sb, bytes);
	snprintf(out, len, "%s", sb.buf);
	sb_free(&sb);
}

/*
 * One dimension of the test host: what the options make it (have), what
 * the scenario needs (want: the option's value; what: "2 NUMA nodes";
 * why: what asks for it). Left unsaid, it grows to the need, said on a
 * "#" line; said too small, it stays (--kernel: that host's skip is the
 * result asked for) or, with --or-kernel, whose point is a host that can
 * run the scenario, is refused before the boot, naming the option that
 * does (64).
 */
static int size_one(const struct run_args *ra, const char *opt, bool given,
		    const char *have, const char *want, const char *what,
		    const char *why, bool *grow)
{
	FILE *note = note_stream(ra);

	*grow = false;
	if (given && ra->or_kernel) {
		fprintf(stderr, "scn: run: %s %s makes a test host that cannot run the scenario: it needs %s (%s)\n"
			"hint: %s %s, or leave %s out: scn sizes the test host from the scenario\n",
			opt, have, what, why, opt, want, opt);
		return 64;
	}
	if (given)
		return 0;
	*grow = true;
	if (note)
		fprintf(note, "# test host: %s %s, as the scenario needs %s (%s)\n", opt,
			want, what, why);
	return 0;
}

static int size_testhost(const struct run_args *ra, const struct ir_program *p,
			 struct th_opts *o, bool *changed)
{
	unsigned nodes = o->nodes ? o->nodes : 1, cpus = o->cpus ? o->cpus : TH_DEFAULT_CPUS;
	int64_t mem = o->mem ? o->mem : TH_DEFAULT_MEM, want;
	char have[32], need[32], what[64];
	struct host_need n;
	bool grow;
	int rc;

	*changed = false;
	host_need_of(p, &n);
	/* No test host is larger (a usage error if asked): at most that, and
	 * the inside says what is missing, or the launch that this machine
	 * cannot. */
	if (AT_MOST(n.nodes, TH_MAX_NODES) > (long)nodes) {
		snprintf(have, sizeof(have), "%u", nodes);
		snprintf(need, sizeof(need), "%ld", AT_MOST(n.nodes, TH_MAX_NODES));
		snprintf(what, sizeof(what), "%ld NUMA nodes", n.nodes);
		rc = size_one(ra, "--nodes", ra->host.nodes, have, need, what, n.nodes_why,
			      &grow);
		if (rc)
			return rc;
		if (grow)
			o->nodes = (unsigned)AT_MOST(n.nodes, TH_MAX_NODES);
		*changed |= grow;
	}
	if (AT_MOST(n.cpus, TH_MAX_CPUS) > (long)cpus) {
		snprintf(have, sizeof(have), "%u", cpus);
		snprintf(need, sizeof(need), "%ld", AT_MOST(n.cpus, TH_MAX_CPUS));
		snprintf(what, sizeof(what), "%ld CPUs", n.cpus);
		rc = size_one(ra, "--cpus", ra->host.cpus, have, need, what, n.cpus_why,
			      &grow);
		if (rc)
			return rc;
		if (grow)
			o->cpus = (unsigned)AT_MOST(n.cpus, TH_MAX_CPUS);
		*changed |= grow;
	}
	/*
	 * The BARs of its pfnmap backings (hostneed: a backing's size, or
	 * 1 GiB for require pfnmap alone), of this machine's memory beside
	 * the guest's; more than a test host takes is said by the launch.
	 */
	if (n.pfnmap && !o->npfnmap) {
		unsigned k = n.nbars < TH_MAX_PFNMAP ? n.nbars : TH_MAX_PFNMAP;
		struct strbuf bars;

		if (n.nbars > TH_MAX_PFNMAP) {
			fprintf(stderr, "scn: run: the scenario maps %u PCI BARs (%s); a test host "
				"has at most %d\n", n.nbars, n.pfnmap_why, TH_MAX_PFNMAP);
			return 64;
		}
		sb_init(&bars);
		for (unsigned i = 0; i < k; i++) {
			if (i)
				sb_puts(&bars, " --pfnmap ");
			format_size(&bars, n.bars[i]);	/* "16M", "1G", as --pfnmap takes it */
		}
		if (k == 1)
			snprintf(what, sizeof(what), "a PCI BAR bound to vfio-pci");
		else
			snprintf(what, sizeof(what), "%u PCI BARs bound to vfio-pci", k);
		rc = size_one(ra, "--pfnmap", false, "none", bars.buf, what, n.pfnmap_why, &grow);
		sb_free(&bars);
		if (rc)
			return rc;
		for (unsigned i = 0; grow && i < k; i++)
			o->pfnmap[o->npfnmap++] = n.bars[i];
		*changed |= grow;
	}
	/*
	 * The check's test host has 7/8 of its memory available
	 * (assumed_facts); a booted one has what its kernel and init leave,
	 * 130 to 175 MiB less than --mem (measured at 1G, 2G and 4G), and
	 * scn's own run takes some: 256M at least above what it takes.
	 */
	want = n.mem_total;
	if (n.mem_free > 0) {
		int64_t room = n.mem_free / 7 > MEM_STEP ? n.mem_free / 7 : MEM_STEP;

		if (add_sat(n.mem_free, room) > want)
			want = add_sat(n.mem_free, room);
	}
	if ((o->nodes ? o->nodes : 1) * TH_MIN_NODE_MEM > want)
		want = (o->nodes ? o->nodes : 1) * TH_MIN_NODE_MEM;
	want = want / MEM_STEP * MEM_STEP + (want % MEM_STEP ? MEM_STEP : 0);
	want = AT_MOST(want, TH_MAX_MEM);
	if (want > mem) {
		size_text(mem, have, sizeof(have));
		/* As --mem takes it: whole units */
		if (want % ((int64_t)1 << 30))
			snprintf(need, sizeof(need), "%lldM", (long long)(want >> 20));
		else
			snprintf(need, sizeof(need), "%lldG", (long long)(want >> 30));
		rc = size_one(ra, "--mem", ra->host.mem, have, need, "more memory",
			      n.mem_why, &grow);
		if (rc)
			return rc;
		if (grow)
			o->mem = want;
		*changed |= grow;
	}
	return 0;
}

int run_th_prepare(const struct run_args *ra, struct th_opts *o, bool say,
		   struct source_set *srcs, struct ir_program **p)
{
	struct rt_facts facts;
	bool changed = false;
	int rc;

	/* Sized first (twice: a bigger host may make a bigger scenario,
	 * vcpus = ncpus say), then checked as it boots. */
	for (int pass = 0; pass < 2; pass++) {
		assumed_facts(o, &facts);
		if (run_check_silent(ra, &facts, NULL, srcs, p))
			break;	/* the check below says why */
		rc = size_testhost(ra, *p, o, &changed);
		ir_program_free(*p);
		*p = NULL;
		source_set_free(srcs);
		source_set_init(srcs);
		if (rc)
			return rc;
		if (!changed)
			break;
	}
	assumed_facts(o, &facts);
	/* The kernel inside answers has(): here, every feature. */
	if (say)
		return run_check(ra, &facts, NULL, srcs, p);
	return run_check_silent(ra, &facts, NULL, srcs, p);
}

char **run_th_argv(const struct run_args *ra)
{
	return inner_argv(ra);
}

void run_th_argv_free(char **argv)
{
	for (size_t i = 0; argv[i]; i++)
		free(argv[i]);
	free(argv);
}

int run_th_result_open(const struct th_outcome *out, char *why, size_t len)
{
	return result_open(out, why, len);
}

char *run_th_log_beside(const char *output, const char *tag)
{
	char *log = log_beside(output), *tagged;
	size_t stem;

	if (!tag)
		return log;
	stem = strlen(log) - strlen(".console.log");
	tagged = xasprintf("%.*s.%s.console.log", (int)stem, log, tag);
	free(log);
	return tagged;
}

/*
 * One test host for a whole suite file: read here first, so that its
 * errors are said before a boot (exit 65, as inside), and the host gets
 * the BARs its lines' pfnmap= ask for, unless --pfnmap said. A file that
 * cannot be read is said inside, as a local run says it.
 */
static int suite_bars(const char *path, struct th_opts *o)
{
	struct source_set srcs;
	struct suite s;
	struct stat st;
	struct diag d;
	unsigned n;
	int rc = 0;

	if (stat(path, &st) || S_ISDIR(st.st_mode))
		return 0;
	source_set_init(&srcs);
	diag_init(&d);
	if (suite_load_file(&s, path, &srcs, &d) == -EINVAL) {
		diag_print(&d, stderr);
		rc = 65;
	} else if (!o->npfnmap) {
		n = suite_pfnmap_union(&s, o->pfnmap, TH_MAX_PFNMAP);
		if (n > TH_MAX_PFNMAP) {
			fprintf(stderr, "scn: run: %s: its lines' pfnmap= need %u BARs in one "
				"test host, more than its %d\n", path, n, TH_MAX_PFNMAP);
			rc = 64;
		} else {
			o->npfnmap = n;
		}
	}
	suite_free(&s);
	diag_free(&d);
	source_set_free(&srcs);
	return rc;
}

int run_in_testhost(const struct run_args *ra)
{
	struct th_opts o = ra->host;
	struct ir_program *p = NULL;
	struct th_outcome out;
	struct source_set srcs;
	char **argv = inner_argv(ra), *log = NULL;
	int rc, in = -1;

	source_set_init(&srcs);
	/* A suite's scenarios are checked inside, one by one. */
	if (!cmd_suite_operand(ra->file)) {
		rc = run_th_prepare(ra, &o, true, &srcs, &p);
		if (rc)
			goto out;
	} else {
		rc = suite_bars(ra->file, &o);
		if (rc)
			goto out;
	}
	if (ra->output)
		o.console_log = log = log_beside(ra->output);
	if (ra->quiet)
		o.log = NULL;
	else
		o.log = stderr;
	if (ra->timeout)
		o.timeout = ra->timeout + TIMEOUT_GRACE_S;
	rc = th_cli_launch("run", &o, (const char *const *)argv, &out);
	if (rc)
		goto out;
	/* A skip is said by its result, as a local run's is. */
	if (out.end == TH_SKIP && p)
		rc = th_exit_code(&out);
	else
		rc = th_cli_report("run", &o, &out);
	if (out.end == TH_EXITED && ra->output) {
		char why[sizeof(out.bad_share)];

		in = result_open(&out, why, sizeof(why));
		/* Planted inside: said as the launch says the share's others,
		 * and the result is what the outer scn knows. */
		if (in < 0 && in != -ENOENT) {
			th_cli_bad_share("run", why);
			out.end = TH_BAD_SHARE;
			rc = th_exit_code(&out);
		}
	}
	if (out.end != TH_EXITED && p)
		write_fallback(ra, p, &srcs, &out, rc);
	else if (in >= 0) {
		struct outfile of;
		FILE *f = outfile_open(&of, ra->output);
		long long n = f ? bring_back(in, f) : -errno;
		int brc;

		if (!f)
			close(in);
		in = -1;
		brc = f ? outfile_close(&of, n >= 0) : (int)n;
		if (n < 0 || brc) {
			fprintf(stderr, "scn: run: cannot write '%s': %s\n",
				ra->output, strerror(n < 0 ? (int)-n : -brc));
			rc = 73;	/* EX_CANTCREAT */
		}
	}
	if (in >= 0)
		close(in);
	th_outcome_free(&out);
out:
	ir_program_free(p);
	source_set_free(&srcs);
	run_th_argv_free(argv);
	free(log);
	return rc;
}
