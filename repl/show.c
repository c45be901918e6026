// SPDX-License-Identifier: GPL-2.0-only
/*
 * The REPL's show and help. show looks at the live session: what was
 * made, what runs, which knobs are changed, the counters, the results.
 * help is docs/language.md itself, built in, one section at a time.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../common/stats.h"
#include "../interp/samples.h"
#include "../interp/words.h"
#include "../runtime/features.h"
#include "../runtime/knobs.h"
#include "../runtime/mem.h"
#include "../runtime/uffd.h"
#include "../runtime/vmstat.h"
#include "show.h"
#include "show_vm.h"

const char *const repl_show_topics[] = {
	"params", "regions", "uffd", "knobs", "counters", "results", "phases",
	"vms", "vcpus", "memslots", NULL,
};

static void human(struct strbuf *sb, struct value v)
{
	value_format_human(sb, &v);
}

/* A measured time to three digits: 133us, 1.23ms, 12.3s. */
static void short_duration(struct strbuf *sb, double ns)
{
	static const struct {
		double scale;
		const char *unit;
	} u[] = { { 1e9, "s" }, { 1e6, "ms" }, { 1e3, "us" }, { 1, "ns" } };
	size_t i;

	for (i = 0; i + 1 < ARRAY_SIZE(u) && ns < u[i].scale; i++)
		;
	sb_printf(sb, "%.3g%s", ns / u[i].scale, u[i].unit);
}

/* --- show ---------------------------------------------------------------- */

static void show_params(struct repl *R, const struct ir_scenario *sc)
{
	struct strbuf sb;
	size_t i;

	if (!sc || !sc->nparams) {
		fprintf(R->out, "no parameters\n");
		return;
	}
	sb_init(&sb);
	fprintf(R->out, "parameters:\n");
	for (i = 0; i < sc->nparams; i++) {
		sb.len = 0;
		human(&sb, sc->params[i].value);
		fprintf(R->out, "  %-16s %s%s\n", sc->params[i].name, sb.buf,
			sc->params[i].origin == ORIGIN_COMMAND_LINE ? "  (let)" : "");
	}
	sb_free(&sb);
}

static void show_regions(struct repl *R, const struct ir_scenario *sc)
{
	struct strbuf sb;
	size_t i, k;

	if (!sc || !sc->nbackings) {
		fprintf(R->out, "no backings or regions\n");
		return;
	}
	sb_init(&sb);
	fprintf(R->out, "memory:\n");
	for (i = 0; i < sc->nbackings; i++) {
		const struct ir_backing *b = &sc->backings[i];
		const struct rt_mem *m = exec_session_mem(R->ses, (int)i);
		struct rt_err err;
		int64_t pages;

		sb.len = 0;
		sb_printf(&sb, "  %-7s %-12s %-13s ", b->is_region ? "region" : "backing",
			  b->name, backing_info[b->type].name);
		format_size(&sb, b->size);
		sb_puts(&sb, ", pages of ");
		format_size(&sb, b->page_size);
		if (b->prefault)
			sb_puts(&sb, ", prefault");
		if (b->has_fill)
			sb_printf(&sb, ", fill=0x%02" PRIx64, b->fill);
		if (b->node >= 0)
			sb_printf(&sb, ", node %d", b->node);
		for (k = 0; k < sc->nuffds; k++)
			if (sc->uffds[k].backing == (int)i && sc->uffds[k].vm < 0)
				sb_printf(&sb, ", uffd %s", words_uffd_mode[sc->uffds[k].mode]);
		if (!m) {
			sb_puts(&sb, "; not made");
		} else {
			sb_printf(&sb, "; at %p", m->addr);
			if (!m->unmapped_any &&
			    !rt_mem_resident(m, 0, m->size, &pages, &err))
				sb_printf(&sb, ", %" PRId64 " of %" PRId64 " page%s resident",
					  pages, m->size / m->page_size,
					  m->size / m->page_size == 1 ? "" : "s");
			if (m->unmapped_any)
				sb_puts(&sb, ", partly unmapped");
		}
		fprintf(R->out, "%s\n", sb.buf);
	}
	sb_free(&sb);
}

static void show_uffd(struct repl *R, const struct ir_scenario *sc)
{
	size_t i;
	int k;

	if (!sc || !sc->nuffds) {
		fprintf(R->out, "no uffd services\n");
		return;
	}
	fprintf(R->out, "uffd services (faults since the last phase began):\n");
	for (i = 0; i < sc->nuffds; i++) {
		const struct ir_uffd *u = &sc->uffds[i];
		const struct rt_uffd *s = exec_session_uffd(R->ses, (int)i);
		struct strbuf sb;

		sb_init(&sb);
		format_duration(&sb, u->delay);
		fprintf(R->out, "  %-12s %s, %d reader%s (%s)%s, resolve %s, delay %s",
			u->vm >= 0 ? sc->vms[u->vm].name : sc->backings[u->backing].name,
			words_uffd_mode[u->mode], u->readers, u->readers == 1 ? "" : "s",
			words_uffd_wait[u->wait],
			u->vm >= 0 && u->per_vcpu && s && s->nparts > 1 ? " per vCPU's uffd" : "",
			words_uffd_resolve[u->resolve], sb.buf);
		sb_free(&sb);
		if (!s) {
			fprintf(R->out, "; not started\n");
			continue;
		}
		fprintf(R->out, "; faults");
		for (k = 0; k < s->nreaders; k++)
			fprintf(R->out, "%s%lld", k ? "+" : " ",
				(long long)atomic_load(&s->readers[k].faults));
		fprintf(R->out, ", eexist %lld%s\n", (long long)atomic_load(&s->eexist),
			atomic_load(&s->failed) ? ", failed" : "");
	}
}

static void show_knobs(struct repl *R)
{
	const struct rt_knobs *k = exec_session_knobs(R->ses);
	size_t i;

	if (!k || !k->n) {
		fprintf(R->out, "no knob changed\n");
		return;
	}
	fprintf(R->out, "knobs changed (restored when the session ends):\n");
	for (i = 0; i < k->n; i++) {
		char now[RT_KNOB_VALUE_MAX];
		struct rt_err err;

		if (rt_knob_read(k->saved[i].knob, now, sizeof(now), &err))
			snprintf(now, sizeof(now), "?");
		fprintf(R->out, "  %-32s %-12s (was %s)\n",
			knob_info[k->saved[i].knob].name, now, k->saved[i].value);
	}
}

static void show_snapshot(struct repl *R, const char *title,
			  const struct ksm_snapshot *s)
{
	size_t i;

	fprintf(R->out, "%s:\n", title);
	for (i = 0; i < s->n; i++)
		fprintf(R->out, "  %-32s %lld\n", s->name[i], (long long)s->value[i]);
}

static void show_counters(struct repl *R, const char *which)
{
	static const char *const watched[] = {
		"pgfault", "pgmajfault", "thp_fault_alloc", "thp_collapse_alloc",
		"thp_split_page", "numa_hint_faults", "numa_pages_migrated",
		"ksm_swpin_copy", "cow_ksm", "nr_anon_pages", "nr_shmem",
	};
	bool all = !*which;
	struct ksm_snapshot ks;
	struct rt_vmstat *vm;
	struct rt_err err;
	size_t i;

	if (all || !strcmp(which, "ksm")) {
		if (samples_ksm_snapshot(&ks, &err))
			fprintf(R->out, "ksm: %s\n", err.msg);
		else
			show_snapshot(R, "ksm (/sys/kernel/mm/ksm, machine-wide)", &ks);
	}
	if (all || !strcmp(which, "ksm_stat")) {
		samples_ksm_stat_snapshot(&ks);
		show_snapshot(R, "ksm_stat (/proc/self/ksm_stat, this process's own)", &ks);
	}
	if (all || !strcmp(which, "vmstat")) {
		vm = xmalloc(sizeof(*vm));
		if (rt_vmstat_read(vm, &err)) {
			fprintf(R->out, "vmstat: %s\n", err.msg);
		} else {
			fprintf(R->out, "vmstat (/proc/vmstat, machine-wide%s):\n",
				all ? "; 'show counters vmstat' has all" : "");
			for (i = 0; i < vm->n; i++) {
				size_t k;

				for (k = 0; all && k < ARRAY_SIZE(watched); k++)
					if (!strcmp(vm->name[i], watched[k]))
						break;
				if (!all || k < ARRAY_SIZE(watched))
					fprintf(R->out, "  %-32s %lld\n", vm->name[i],
						(long long)vm->value[i]);
			}
		}
		free(vm);
	}
	if (!all && strcmp(which, "ksm") && strcmp(which, "ksm_stat") &&
	    strcmp(which, "vmstat"))
		fprintf(R->err, "scn: show counters takes ksm, ksm_stat or vmstat\n");
}

static void metric_line(struct repl *R, const struct phase_result *pr,
			enum metric m, const char *unit)
{
	struct stats_summary sum;
	double last = pr->samples[m][pr->runs - 1];
	struct strbuf sb;

	sb_init(&sb);
	if (m == METRIC_TIME) {
		struct value v = val_duration((int64_t)last);

		value_format(&sb, &v, NULL);
	} else if (metric_type(m) == VT_REAL) {
		sb_printf(&sb, "%f", last);
	} else {
		sb_printf(&sb, "%.0f", last);
	}
	fprintf(R->out, "  %-10s %s%s", metric_name(m), sb.buf, unit);
	stats_summarize(pr->samples[m], pr->runs, &sum);
	if (pr->runs > 1 && m == METRIC_TIME) {
		sb.len = 0;
		short_duration(&sb, sum.min);
		sb_puts(&sb, ", mean ");
		short_duration(&sb, sum.mean);
		sb_puts(&sb, ", max ");
		short_duration(&sb, sum.max);
		fprintf(R->out, "  (min %s)", sb.buf);
	} else if (pr->runs > 1 && sum.min != sum.max) {
		fprintf(R->out, "  (min %.4g, mean %.4g, max %.4g)", sum.min, sum.mean,
			sum.max);
	}
	fputc('\n', R->out);
	sb_free(&sb);
}

/* The counters of a KSM snapshot that moved over the phase. */
static void show_moved(struct repl *R, const char *what, const char *scope,
		       const struct ksm_snapshot *a, const struct ksm_snapshot *b)
{
	for (size_t i = 0; i < b->n && i < a->n; i++)
		if (b->value[i] != a->value[i] && !strcmp(b->name[i], a->name[i]))
			fprintf(R->out, "  %-10s %s %s %lld -> %lld\n", what, scope,
				b->name[i], (long long)a->value[i], (long long)b->value[i]);
}

/*
 * The counters that moved over the phase's last run, largest first, each
 * with whose work it counts: vmstat and ksm are machine-wide.
 */
static void show_deltas(struct repl *R, const struct phase_result *pr)
{
	struct { const char *name; long long d; } top[8] = { 0 };
	const struct rt_ksm_others *other;
	size_t i, k, n = 0;

	if (!pr->vm_start || !pr->vm_end)
		return;
	for (i = 0; i < pr->vm_end->n; i++) {
		int64_t a;
		long long d;

		if (!rt_vmstat_get(pr->vm_start, pr->vm_end->name[i], &a))
			continue;
		d = (long long)(pr->vm_end->value[i] - a);
		if (!d || !strncmp(pr->vm_end->name[i], "nr_", 3))
			continue;
		for (k = n; k > 0 && llabs(top[k - 1].d) < llabs(d); k--)
			if (k < ARRAY_SIZE(top))
				top[k] = top[k - 1];
		if (k < ARRAY_SIZE(top)) {
			top[k].name = pr->vm_end->name[i];
			top[k].d = d;
			if (n < ARRAY_SIZE(top))
				n++;
		}
	}
	if (n) {
		fprintf(R->out, "  %-10s (machine-wide: every process's)", "vmstat");
		for (k = 0; k < n; k++)
			fprintf(R->out, "%s %s %+lld", k ? "," : "", top[k].name, top[k].d);
		fputc('\n', R->out);
	}
	show_moved(R, "ksm", "(machine-wide)", &pr->ksm_start, &pr->ksm_end);
	show_moved(R, "ksm_stat", "(this process's own)", &pr->stat_start, &pr->stat_end);
	other = confound_ksm_other(&pr->env_start, &pr->env_end);
	if (other) {
		char who[128];

		confound_describe(other, who, sizeof(who));
		fprintf(R->out, "  %-10s another process used KSM (%s): the ksm line counts its pages too\n",
			"note", who);
	}
}

static void show_results(struct repl *R, const struct ir_scenario *sc,
			 const char *name)
{
	const struct run_samples *res = exec_session_results(R->ses);
	const struct phase_result *pr;
	int idx = R->last_phase;
	struct strbuf sb;
	size_t i;

	if (*name) {
		for (i = 0, idx = -1; sc && i < sc->nphases; i++)
			if (!strcmp(sc->phases[i].name, name))
				idx = (int)i;
		if (idx < 0) {
			fprintf(R->err, "scn: show results: no phase '%s'\n", name);
			return;
		}
	}
	if (idx < 0 || !sc) {
		fprintf(R->out, "no phase has run\n");
		return;
	}
	pr = &res->phases[idx];
	if (!pr->runs) {
		fprintf(R->out, "phase %s has not run\n", sc->phases[idx].name);
		return;
	}
	fprintf(R->out, "phase %s: %zu run%s%s; the last:\n", sc->phases[idx].name,
		pr->runs, pr->runs == 1 ? "" : "s", pr->failed ? ", one failed" : "");
	metric_line(R, pr, METRIC_TIME, "");
	metric_line(R, pr, METRIC_PAGES, "");
	metric_line(R, pr, METRIC_ACCESSES, "");
	metric_line(R, pr, METRIC_RATE, " pages/s");
	if (pr->samples[METRIC_HOST_FAULTS][pr->runs - 1] != 0)
		metric_line(R, pr, METRIC_HOST_FAULTS, "");
	if (pr->uffd_runs) {
		sb_init(&sb);
		sb_printf(&sb, "%" PRId64 " fault%s, %" PRId64 " eexist; p50 ",
			  pr->uffd[USTAT_FAULTS], pr->uffd[USTAT_FAULTS] == 1 ? "" : "s",
			  pr->uffd[USTAT_EEXIST]);
		short_duration(&sb, (double)pr->uffd[USTAT_P50]);
		sb_puts(&sb, ", p99 ");
		short_duration(&sb, (double)pr->uffd[USTAT_P99]);
		sb_puts(&sb, ", max ");
		short_duration(&sb, (double)pr->uffd[USTAT_MAX]);
		fprintf(R->out, "  %-10s %s\n", "uffd", sb.buf);
		sb_free(&sb);
	}
	show_deltas(R, pr);
}

static void show_phases(struct repl *R, const struct ir_scenario *sc)
{
	const struct run_samples *res = exec_session_results(R->ses);
	size_t i;

	if (!sc || !sc->nphases) {
		fprintf(R->out, "no phases\n");
		return;
	}
	fprintf(R->out, "phases:\n");
	for (i = 0; i < sc->nphases; i++) {
		const struct phase_result *pr = &res->phases[i];
		struct strbuf sb;

		if (!pr->runs) {
			fprintf(R->out, "  %-16s not run\n", sc->phases[i].name);
			continue;
		}
		sb_init(&sb);
		value_format(&sb, &(struct value){ .type = VT_DURATION,
			.i = (int64_t)pr->samples[METRIC_TIME][pr->runs - 1] }, NULL);
		fprintf(R->out, "  %-16s %zu run%s, the last %s\n", sc->phases[i].name,
			pr->runs, pr->runs == 1 ? "" : "s", sb.buf);
		sb_free(&sb);
	}
}

void repl_show(struct repl *R, const char *args)
{
	const struct ir_scenario *sc = repl_scenario(R);
	char topic[32] = "", arg[128] = "";

	if (sscanf(args, "%31s %127s", topic, arg) < 1 || !*topic) {
		show_params(R, sc);
		show_regions(R, sc);
		show_uffd(R, sc);
		if (sc && sc->nvms)
			repl_show_vms(R, "vms", "");
		show_knobs(R);
		show_phases(R, sc);
	} else if (!strcmp(topic, "params")) {
		show_params(R, sc);
	} else if (!strcmp(topic, "regions") || !strcmp(topic, "backings")) {
		show_regions(R, sc);
	} else if (!strcmp(topic, "vms") || !strcmp(topic, "vcpus") ||
		   !strcmp(topic, "memslots")) {
		repl_show_vms(R, topic, arg);
	} else if (!strcmp(topic, "uffd")) {
		show_uffd(R, sc);
	} else if (!strcmp(topic, "knobs")) {
		show_knobs(R);
	} else if (!strcmp(topic, "counters")) {
		show_counters(R, arg);
	} else if (!strcmp(topic, "results")) {
		show_results(R, sc, arg);
	} else if (!strcmp(topic, "phases")) {
		show_phases(R, sc);
	} else {
		fprintf(R->err, "scn: show: no topic '%s'; the topics are params, regions, uffd, knobs, counters, results, phases, vms, vcpus, memslots\n",
			topic);
	}
	fflush(R->out);
}

/* --- help ------------------------------------------------------------------ */

/* A "##" or "###" section of the reference. */
struct section {
	const char *title;	/* after the '#'s */
	size_t tlen;
	int level;
	const char *body;	/* the line after the heading */
	const char *end;	/* the next heading */
};

#define MAX_SECTIONS 160

static size_t sections(struct section *s, size_t max)
{
	const char *p = repl_language_doc, *eol;
	bool code = false;
	size_t n = 0;

	for (; *p; p = *eol ? eol + 1 : eol) {
		int level = 0;

		eol = strchr(p, '\n');
		if (!eol)
			eol = p + strlen(p);
		if (!strncmp(p, "```", 3))
			code = !code;
		if (code)
			continue;
		while (p[level] == '#')
			level++;
		if ((level != 2 && level != 3) || p[level] != ' ')
			continue;
		if (n)
			s[n - 1].end = p;
		if (n == max)
			break;
		s[n].title = p + level + 1;
		s[n].tlen = (size_t)(eol - s[n].title);
		s[n].level = level;
		s[n].body = *eol ? eol + 1 : eol;
		s[n].end = s[n].body + strlen(s[n].body);
		n++;
	}
	return n;
}

/* The word a section is asked for by: its first `name`, else its title. */
static void section_key(const struct section *s, char *buf, size_t len)
{
	const char *t = s->title, *tick = memchr(t, '`', s->tlen), *close;
	size_t i = 0, n;

	if (tick && (close = memchr(tick + 1, '`', (size_t)(t + s->tlen - tick - 1)))) {
		n = strcspn(tick + 1, " `");
		snprintf(buf, len, "%.*s", (int)(n < (size_t)(close - tick - 1) ? n :
						  (size_t)(close - tick - 1)), tick + 1);
		return;
	}
	while (i < s->tlen && (isdigit((unsigned char)t[i]) || t[i] == '.'))
		i++;
	while (i < s->tlen && t[i] == ' ')
		i++;
	snprintf(buf, len, "%.*s", (int)(s->tlen - i), t + i);
	for (char *c = buf; *c; c++)
		*c = (char)tolower((unsigned char)*c);
}

/* The section number as written: "6.3" of "6.3 `set`", "6" of "6. Statements". */
static void section_number(const struct section *s, char *buf, size_t len)
{
	size_t i = 0;

	while (i < s->tlen && (isdigit((unsigned char)s->title[i]) || s->title[i] == '.'))
		i++;
	while (i && s->title[i - 1] == '.')
		i--;
	snprintf(buf, len, "%.*s", (int)i, s->title);
}

static bool title_has(const struct section *s, const char *topic)
{
	size_t n = strlen(topic), i;

	for (i = 0; n && i + n <= s->tlen; i++)
		if (!strncasecmp(s->title + i, topic, n))
			return true;
	return false;
}

static void print_section(struct repl *R, const struct section *all, size_t n,
			  size_t i)
{
	size_t k;
	bool first = true;

	fprintf(R->out, "%.*s\n%.*s", (int)all[i].tlen, all[i].title,
		(int)(all[i].end - all[i].body), all[i].body);
	for (k = i + 1; k < n && all[k].level > all[i].level; k++) {
		char key[64], num[16];

		section_key(&all[k], key, sizeof(key));
		section_number(&all[k], num, sizeof(num));
		fprintf(R->out, "%s help %s (%s)", first ? "more:" : ",", key, num);
		first = false;
	}
	if (!first)
		fputc('\n', R->out);
}

static const struct {
	const char *name, *text;
} command_help[] = {
	{ "show", "show [TOPIC]: what the session holds. TOPIC is params, regions\n"
		  "(backings too), uffd, knobs (those changed, with their old value),\n"
		  "counters [ksm|ksm_stat|vmstat], results [PHASE] (the last phase's\n"
		  "by default), phases, vms, vcpus or memslots; none shows a summary.\n" },
	{ "run", "run PHASE [with NAME = VALUE, ...]: runs a defined phase again; its\n"
		 "results gain a run (PHASE.mean, ...). With 'with', the parameters\n"
		 "take those values for this run alone; a value that would change\n"
		 "memory, a service or a knob made already is refused.\n" },
	{ "let", "let NAME = VALUE: gives a parameter another value from now on, as\n"
		 "-D would: the inputs so far are checked again with it. Refused when\n"
		 "it would change what is made already (a backing's size, a knob).\n" },
	{ "save", "save FILE.scn: writes the inputs accepted so far as a scenario that\n"
		  "'scn run FILE.scn' replays to the same print lines (timings aside).\n"
		  "Runs again become 'repeat N { phase ... }' and lets the parameters'\n"
		  "values; what a file cannot say is named in a warning.\n" },
	{ "quit", "quit (or exit, or end of input): stops every uffd service, frees the\n"
		  "memory and restores every knob, then leaves.\n" },
	{ "help", "help [TOPIC]: the commands, or a section of the language reference\n"
		  "(docs/language.md): help set, help 6.10, help phase results.\n" },
};

static void help_index(struct repl *R, const struct section *s, size_t n)
{
	size_t i, col = 2;

	fputs("scn repl: the scn language one input at a time (docs/repl.md).\n"
	      "Type statements as in a .scn file; an open '{' continues on the next line.\n"
	      "An input that does not check, or fails, changes nothing.\n"
	      "\n"
	      "commands:\n"
	      "  show [TOPIC]                  params, regions, uffd, knobs, counters,\n"
	      "                                results [PHASE], phases, vms\n"
	      "  run PHASE [with NAME=VALUE]   run a phase again\n"
	      "  let NAME = VALUE              give a parameter another value\n"
	      "  save FILE.scn                 write the session as a scenario\n"
	      "  help [TOPIC]                  this, or a section of the reference\n"
	      "  quit                          tear down and restore every knob\n"
	      "TAB completes; Ctrl-C stops a running phase, or clears the line.\n"
	      "\n"
	      "topics of the language reference (help TOPIC):\n ", R->out);
	for (i = 0; i < n; i++) {
		char key[64];

		section_key(&s[i], key, sizeof(key));
		if (col + strlen(key) + 2 > 78) {
			fputs("\n ", R->out);
			col = 1;
		}
		fprintf(R->out, " %s%s", key, i + 1 < n ? "," : "\n");
		col += strlen(key) + 2;
	}
}

void repl_help(struct repl *R, const char *topic)
{
	struct section s[MAX_SECTIONS];
	size_t n = sections(s, MAX_SECTIONS), i, hits = 0, hit = 0;
	char key[64], num[16];
	struct suggest sg;

	if (!*topic) {
		help_index(R, s, n);
		fflush(R->out);
		return;
	}
	for (i = 0; i < ARRAY_SIZE(command_help); i++)
		if (!strcmp(topic, command_help[i].name) ||
		    (!strcmp(topic, "exit") && !strcmp(command_help[i].name, "quit"))) {
			fputs(command_help[i].text, R->out);
			fflush(R->out);
			return;
		}
	/* A section's word or number first, then any title that has the text. */
	for (i = 0; i < n && !hits; i++) {
		section_key(&s[i], key, sizeof(key));
		section_number(&s[i], num, sizeof(num));
		if (!strcasecmp(topic, key) || !strcmp(topic, num)) {
			hits = 1;
			hit = i;
		}
	}
	for (i = 0; i < n && !hits; i++)
		if (title_has(&s[i], topic))
			hit = i;
	for (i = 0; i < n && !hits; i++)
		hits += title_has(&s[i], topic);
	if (hits == 1) {
		print_section(R, s, n, hit);
	} else if (hits > 1) {
		fprintf(R->out, "sections that mention '%s':", topic);
		for (i = 0; i < n; i++)
			if (title_has(&s[i], topic)) {
				section_number(&s[i], num, sizeof(num));
				fprintf(R->out, " %s (%.*s)", num, (int)s[i].tlen, s[i].title);
			}
		fputc('\n', R->out);
	} else {
		suggest_init(&sg, topic);
		for (i = 0; i < n; i++) {
			section_key(&s[i], key, sizeof(key));
			suggest_offer(&sg, key);
		}
		fprintf(R->err, "scn: help: no topic '%s'\n", topic);
		if (suggest_result(&sg))
			fprintf(R->err, "hint: did you mean '%s'?\n", suggest_result(&sg));
		else
			fprintf(R->err, "hint: 'help' lists the topics\n");
	}
	fflush(R->out);
}

void repl_help_topics(void (*fn)(void *ctx, const char *name), void *ctx)
{
	struct section s[MAX_SECTIONS];
	size_t n = sections(s, MAX_SECTIONS), i;
	char key[64];

	for (i = 0; i < ARRAY_SIZE(command_help); i++)
		fn(ctx, command_help[i].name);
	for (i = 0; i < n; i++) {
		section_key(&s[i], key, sizeof(key));
		if (!strchr(key, ' '))
			fn(ctx, key);
	}
}
