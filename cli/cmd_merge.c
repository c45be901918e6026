// SPDX-License-Identifier: GPL-2.0-only
/* cmd_merge: the parts of a sharded run as one result (see cmd_merge.h). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/json_copy.h"
#include "../common/json_out.h"
#include "../common/outfile.h"
#include "../common/util.h"
#include "cmd_merge.h"
#include "options.h"
#include "../results/result_alike.h"
#include "../results/result_file.h"

#define EXIT_USAGE 64
#define EXIT_DATAERR 65
#define EXIT_CANTCREAT 73

#define MERGE_USAGE "usage: scn merge [-o FILE] PART.json...\n"

static const char cli_merge_short[] = "o:h";
static const struct option cli_merge_options[] = {
	{ "output", required_argument, NULL, 'o' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

const struct cli_command cli_cmd_merge = {
	"merge", cli_merge_short, cli_merge_options, cli_text_merge, NULL,
};

struct part {
	struct rf_result r;
	const char *path;
	unsigned part, of;
};

struct merge {
	struct part *parts;
	size_t n;
	const char *output;
};

/*
 * What every part of one run shares, by what it tells: the scenario, how
 * the run was asked for (its sweep, repeats, kernels, shards), and the
 * machine it ran on. A part that differs in any is not of the run.
 */
static const char *const same_scenario[][4] = {
	{ "scenario", "name" }, { "scenario", "hash" }, { "scenario", "params" },
};
static const char *const same_run[][4] = {
	{ "command", "repeat" }, { "command", "warmup" }, { "command", "ring" },
	{ "command", "defines" }, { "command", "sweeps" }, { "command", "kernels" },
	{ "command", "shard", "of" }, { "command", "shard", "points" },
	{ "table", "rows" }, { "table", "cols" }, { "table", "row_values" },
	{ "table", "col_values" },
};
static const char *const same_machine[][4] = {
	{ "fingerprint", "arch" }, { "fingerprint", "cpu", "model" },
	{ "fingerprint", "cpu", "count" }, { "fingerprint", "memory", "total" },
	{ "fingerprint", "memory", "numa_nodes" }, { "fingerprint", "memory", "page_size" },
	{ "fingerprint", "virt", "kind" }, { "fingerprint", "testhost" },
};
/* Without the kernel axis, the kernel is the machine's too. */
static const char *const same_kernel[][4] = {
	{ "fingerprint", "kernel", "release" }, { "fingerprint", "kernel", "cmdline" },
};

static void field_name(struct strbuf *sb, const char *const *path)
{
	for (size_t i = 0; i < 4 && path[i]; i++)
		sb_printf(sb, "%s%s", i ? "." : "", path[i]);
}

/* A value as JSON writes it (strings quoted), shown not obeyed (rf_text). */
static void value_or_absent(struct strbuf *sb, const struct jin_value *v)
{
	char *text = v ? jc_text(v) : NULL;

	if (text)
		rf_text(sb, text);
	else
		sb_puts(sb, "(absent)");
	free(text);
}

/* Appends "field: A -> B" to out for each of fields where a and b differ. */
static void differences(const struct rf_result *a, const struct rf_result *b,
			const char *const (*fields)[4], size_t n, struct alike_lines *out)
{
	for (size_t i = 0; i < n; i++) {
		const struct jin_value *x = alike_field(a->root, fields[i]);
		const struct jin_value *y = alike_field(b->root, fields[i]);
		struct strbuf sb;

		if (jin_equal(x, y))
			continue;
		sb_init(&sb);
		field_name(&sb, fields[i]);
		sb_puts(&sb, ": ");
		value_or_absent(&sb, x);
		sb_puts(&sb, " -> ");
		value_or_absent(&sb, y);
		VEC_PUSH(out->v, out->len, out->cap, sb_steal(&sb));
	}
}

/* Part b against part a: 0, or MERGE_EXIT_UNLIKE after saying how. */
static int same_run_as(const struct part *a, const struct part *b)
{
	static const struct {
		const char *what, *hint;
	} kinds[] = {
		{ "another scenario", "merge the parts of one run of one scenario file" },
		{ "another run (its sweep, repeats, kernels or shards differ)",
		  "every part is the same command line but its --shard PART" },
		{ "another machine", "run every part on machines alike (one CI runner type)" },
	};
	struct alike_lines d[3] = { { 0 } };
	int rc = 0;

	differences(&a->r, &b->r, same_scenario, ARRAY_SIZE(same_scenario), &d[0]);
	differences(&a->r, &b->r, same_run, ARRAY_SIZE(same_run), &d[1]);
	differences(&a->r, &b->r, same_machine, ARRAY_SIZE(same_machine), &d[2]);
	if (!jin_get(jin_get(a->r.root, "command"), "kernels"))
		differences(&a->r, &b->r, same_kernel, ARRAY_SIZE(same_kernel), &d[2]);
	for (size_t k = 0; k < ARRAY_SIZE(d); k++) {
		if (!d[k].len)
			continue;
		if (!rc)
			fprintf(stderr, "scn: merge: %s is not a part of the run of %s: %s:\n",
				b->path, a->path, kinds[k].what);
		else
			fprintf(stderr, "  and %s:\n", kinds[k].what);
		for (size_t i = 0; i < d[k].len; i++)
			fprintf(stderr, "    %s\n", d[k].v[i]);
		if (!rc)
			fprintf(stderr, "hint: %s\n", kinds[k].hint);
		rc = MERGE_EXIT_UNLIKE;
	}
	for (size_t k = 0; k < ARRAY_SIZE(d); k++)
		alike_lines_free(&d[k]);
	return rc;
}

/* Its --shard PART/OF, from command.shard; 65 after a message without. */
static int shard_of(struct part *p)
{
	const struct jin_value *sh = jin_get(jin_get(p->r.root, "command"), "shard");
	double part, of;

	if (!jin_num(jin_get(sh, "part"), &part) || !jin_num(jin_get(sh, "of"), &of) ||
	    part < 1 || part > of || of > 1000000 || part != (unsigned)part ||
	    of != (unsigned)of) {
		fprintf(stderr, "scn: merge: %s is not a part of a sharded run (no command.shard)\n"
			"hint: scn run --shard PART/OF makes the parts; a whole result needs no merge\n",
			p->path);
		return MERGE_EXIT_UNLIKE;
	}
	p->part = (unsigned)part;
	p->of = (unsigned)of;
	return 0;
}

/* Every part 1..OF once. */
static int all_parts(const struct merge *m)
{
	unsigned of = m->parts[0].of;
	const struct part **seen = xcalloc(of + 1, sizeof(*seen));
	int rc = 0;

	for (size_t i = 0; i < m->n && !rc; i++) {
		const struct part *p = &m->parts[i];

		if (seen[p->part]) {
			fprintf(stderr, "scn: merge: part %u of %u is given twice: %s and %s\n",
				p->part, of, seen[p->part]->path, p->path);
			rc = MERGE_EXIT_UNLIKE;
		}
		seen[p->part] = p;
	}
	for (unsigned k = 1; k <= of && !rc; k++)
		if (!seen[k]) {
			fprintf(stderr, "scn: merge: part %u of %u is missing: the run is not whole without it\n",
				k, of);
			rc = MERGE_EXIT_UNLIKE;
		}
	free(seen);
	return rc;
}

struct mpoint {
	unsigned index;
	const struct jin_value *v;
	const struct part *from;
};

static int cmp_mpoint(const void *a, const void *b)
{
	const struct mpoint *x = a, *y = b;

	return (x->index > y->index) - (x->index < y->index);
}

/* Every part's points, in the order of the run; 3 when two claim one. */
static int gather_points(const struct merge *m, struct mpoint **out, size_t *n)
{
	size_t cap = 0;

	*out = NULL;
	*n = 0;
	for (size_t i = 0; i < m->n; i++) {
		const struct part *p = &m->parts[i];
		const struct jin_value *pts = jin_get(p->r.root, "points");

		for (size_t k = 0; k < jin_len(pts); k++) {
			const struct jin_value *v = jin_at(pts, k);
			double index = 0;
			struct mpoint mp;

			jin_num(jin_get(v, "index"), &index);
			if (index < 1 || index > 4e9 || ((unsigned)index - 1) % p->of != p->part - 1) {
				fprintf(stderr, "scn: merge: %s:%d:%d: point %g is not one of part %u of %u\n",
					p->path, v->line, v->col, index, p->part, p->of);
				free(*out);
				*out = NULL;
				return MERGE_EXIT_UNLIKE;
			}
			mp = (struct mpoint){ (unsigned)index, v, p };
			VEC_PUSH(*out, *n, cap, mp);
		}
	}
	if (*n)
		qsort(*out, *n, sizeof(**out), cmp_mpoint);
	for (size_t i = 1; i < *n; i++)
		if ((*out)[i].index == (*out)[i - 1].index) {
			fprintf(stderr, "scn: merge: point %u is in %s and in %s\n", (*out)[i].index,
				(*out)[i - 1].from->path, (*out)[i].from->path);
			free(*out);
			*out = NULL;
			return MERGE_EXIT_UNLIKE;
		}
	return 0;
}

/* How bad a status is: the merged run's is its parts' worst. */
static int status_rank(const char *s)
{
	static const char *const order[] = { "skip", "pass", "fail", "unsupported",
					     "timeout", "interrupted" };

	for (size_t i = 0; i < ARRAY_SIZE(order); i++)
		if (s && !strcmp(s, order[i]))
			return (int)i;
	return 2;	/* what this build does not know is a failure */
}

static const struct part *worst_part(const struct merge *m)
{
	const struct part *w = &m->parts[0];

	for (size_t i = 1; i < m->n; i++)
		if (status_rank(m->parts[i].r.status) > status_rank(w->r.status))
			w = &m->parts[i];
	return w;
}

/* The table's cells[r][c] (or cell_samples): the first part's that has one. */
static void merged_cells(struct json_out *j, const struct merge *m, const char *key)
{
	const struct jin_value *first = jin_get(jin_get(m->parts[0].r.root, "table"), key);

	jo_array(j);
	for (size_t r = 0; r < jin_len(first); r++) {
		jo_array_inline(j);
		for (size_t c = 0; c < jin_len(jin_at(first, r)); c++) {
			const struct jin_value *v = NULL;

			for (size_t i = 0; i < m->n; i++) {
				const struct jin_value *t = jin_get(m->parts[i].r.root, "table");
				const struct jin_value *x = jin_at(jin_at(jin_get(t, key), r), c);

				if (x && x->type != JIN_NULL &&
				    (x->type != JIN_ARRAY || jin_len(x))) {
					v = x;
					break;
				}
			}
			if (v) {
				jc_value(j, v);
			} else if (!strcmp(key, "cell_samples")) {
				jo_array_inline(j);	/* no run gave it a value */
				jo_end(j);
			} else {
				jo_null(j);
			}
		}
		jo_end(j);
	}
	jo_end(j);
}

static void write_table(struct json_out *j, const struct merge *m)
{
	const struct jin_value *t = jin_get(m->parts[0].r.root, "table");

	if (!jin_is(t, JIN_OBJECT)) {
		jc_value(j, t);
		return;
	}
	jo_object(j);
	for (size_t i = 0; i < t->u.obj.len; i++) {
		const char *key = t->u.obj.members[i].key;

		jo_key(j, key);
		if (!strcmp(key, "cells") || !strcmp(key, "cell_samples"))
			merged_cells(j, m, key);
		else
			jc_value(j, t->u.obj.members[i].value);
	}
	jo_end(j);
}

/* The earliest start of the parts: when the run began. */
static const char *first_started(const struct merge *m)
{
	const char *s = m->parts[0].r.started;

	for (size_t i = 1; i < m->n; i++)
		if (*m->parts[i].r.started && (!*s || strcmp(m->parts[i].r.started, s) < 0))
			s = m->parts[i].r.started;
	return s;
}

/* The result the whole run would have written, in part 1's order of members. */
static void write_merged(FILE *f, const struct merge *m, const struct mpoint *pts,
			 size_t npts)
{
	const struct jin_value *root = m->parts[0].r.root;
	const struct part *w = worst_part(m);
	struct json_out j;

	jo_init(&j, f, true);
	jo_object(&j);
	for (size_t i = 0; i < root->u.obj.len; i++) {
		const char *key = root->u.obj.members[i].key;
		const struct jin_value *v = root->u.obj.members[i].value;

		jo_key(&j, key);
		if (!strcmp(key, "started")) {
			jo_string(&j, first_started(m));
		} else if (!strcmp(key, "command") && jin_is(v, JIN_OBJECT)) {
			jo_object(&j);
			for (size_t k = 0; k < v->u.obj.len; k++) {
				if (!strcmp(v->u.obj.members[k].key, "shard"))
					continue;	/* merged: no part of anything */
				jo_key(&j, v->u.obj.members[k].key);
				jc_value(&j, v->u.obj.members[k].value);
			}
			jo_end(&j);
		} else if (!strcmp(key, "status") || !strcmp(key, "exit_code") ||
			   !strcmp(key, "skip_reason")) {
			jc_value(&j, jin_get(w->r.root, key));
		} else if (!strcmp(key, "points")) {
			jo_array(&j);
			for (size_t k = 0; k < npts; k++)
				jc_value(&j, pts[k].v);
			jo_end(&j);
		} else if (!strcmp(key, "table")) {
			write_table(&j, m);
		} else {
			jc_value(&j, v);
		}
	}
	jo_end(&j);
	jo_done(&j);
}

static int parse_opts(int argc, char **argv, struct merge *m, int *first)
{
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, cli_merge_short, cli_merge_options, NULL)) != -1) {
		switch (c) {
		case 'o':
			m->output = optarg;
			break;
		case 'h':
			cli_help(stdout, &cli_cmd_merge);
			return -1;
		default:
			fprintf(stderr, "scn: merge: unknown or incomplete option '%s'\n" MERGE_USAGE,
				argv[optind - 1]);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		fputs("scn: merge: no part to merge\n" MERGE_USAGE, stderr);
		return EXIT_USAGE;
	}
	*first = optind;
	return 0;
}

int cmd_merge(int argc, char **argv)
{
	struct merge m = { 0 };
	struct mpoint *pts = NULL;
	struct outfile of;
	size_t npts = 0, loaded = 0;
	FILE *f = stdout;
	int first, rc;

	rc = parse_opts(argc, argv, &m, &first);
	if (rc)
		return rc < 0 ? 0 : rc;
	m.n = (size_t)(argc - first);
	m.parts = xcalloc(m.n, sizeof(*m.parts));
	for (size_t i = 0; i < m.n && !rc; i++) {
		m.parts[i].path = argv[first + (int)i];
		rc = rf_load_for(&m.parts[i].r, m.parts[i].path, "merge");
		loaded++;
		if (!rc)
			rc = shard_of(&m.parts[i]);
		if (!rc && i)
			rc = same_run_as(&m.parts[0], &m.parts[i]);
	}
	if (!rc)
		rc = all_parts(&m);
	if (!rc)
		rc = gather_points(&m, &pts, &npts);
	if (rc)
		goto out;
	if (m.output) {
		f = outfile_open(&of, m.output);
		if (!f) {
			fprintf(stderr, "scn: merge: cannot write '%s': %s\n", m.output,
				strerror(errno));
			rc = EXIT_CANTCREAT;
			goto out;
		}
	}
	write_merged(f, &m, pts, npts);
	if (f != stdout) {
		int wrc = outfile_close(&of, true);

		if (wrc) {
			fprintf(stderr, "scn: merge: cannot write '%s': %s\n", m.output,
				strerror(-wrc));
			rc = EXIT_CANTCREAT;
		}
	}
out:
	free(pts);
	for (size_t i = 0; i < loaded; i++)
		rf_free(&m.parts[i].r);
	free(m.parts);
	return rc;
}
