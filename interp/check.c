// SPDX-License-Identifier: GPL-2.0-only
/*
 * The checker's driver: loads a file and its includes, reads -D values
 * with the same grammar, then lowers the scenario once per sweep point.
 * Parameters are evaluated first, in file order; an override (a sweep
 * point, -D, then include ... with) replaces a default where it is
 * evaluated, so later parameters see it.
 */
#include <dirent.h>
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "../grammar/parse.h"
#include "check.h"
#include "exec_run.h"
#include "lower.h"
#include "memcg.h"
#include "memneed.h"
#include "words.h"

#define MAX_INCLUDE_DEPTH 16
#define MAX_SWEEP_POINTS 10000

void check_reference_facts(struct rt_facts *f)
{
	f->ncpus = 4;
	f->mem_total = 16LL << 30;
	f->mem_free = 14LL << 30;
	f->page_size = 4096;
	f->thp_size = 2LL << 20;
	f->nr_nodes = 1;
	snprintf(f->arch, sizeof(f->arch), "x86_64");
	snprintf(f->virt, sizeof(f->virt), "vmx");
}

struct loader {
	struct source_set *srcs;
	struct arena *ar;
	struct diag *d;
	const char *stack[MAX_INCLUDE_DEPTH];	/* real paths, to compare */
	const char *shown[MAX_INCLUDE_DEPTH];	/* as named, for messages */
	int depth;
};

static int load_file(struct loader *ld, const char *path, struct loc from,
		     struct loc at, struct ast_list *out);

/* Reads the includes of stmts into their nodes' bodies. */
static void load_includes(struct loader *ld, const struct source *src,
			  struct ast_list *stmts)
{
	size_t i;

	for (i = 0; i < stmts->len; i++) {
		struct ast *n = stmts->v[i];
		char *dir, *path;

		if (n->kind == AST_BLOCK || n->kind == AST_IF) {
			load_includes(ld, src, &n->body);
			if (n->kind == AST_IF)
				load_includes(ld, src, &n->c->body);
			continue;
		}
		if (n->kind != AST_INCLUDE)
			continue;
		if (n->a->kind != AST_STRING || n->a->kids.len != 1 ||
		    n->a->kids.v[0]->kind != AST_TEXT) {
			diag_error(ld->d, n->a->loc, "include takes a plain string path");
			continue;
		}
		if (n->a->kids.v[0]->name[0] == '/' || !src->path) {
			path = xstrdup(n->a->kids.v[0]->name);
		} else {
			char *copy = xstrdup(src->path);

			dir = dirname(copy);
			path = xasprintf("%s/%s", dir, n->a->kids.v[0]->name);
			free(copy);
		}
		load_file(ld, path, n->a->loc, n->loc, &n->body);
		free(path);
	}
}

/*
 * The file in path's directory whose name is nearest to path's, as path
 * names its directory ("scenarios/mmu_stres.scn" -> "scenarios/
 * mmu_stress.scn"), or NULL; the caller frees it.
 */
static char *near_file(const char *path)
{
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
	char *dir = slash ? xstrndup(path, (size_t)(slash - path + (slash == path))) :
			    xstrdup(".");
	char **names = NULL, *out = NULL;
	size_t n = 0, cap = 0;
	struct suggest sg;
	struct dirent *e;
	DIR *d = opendir(dir);

	free(dir);
	if (!d || !*base) {
		if (d)
			closedir(d);
		return NULL;
	}
	while ((e = readdir(d)))
		if (e->d_name[0] != '.' && e->d_type != DT_DIR)
			VEC_PUSH(names, n, cap, xstrdup(e->d_name));
	closedir(d);
	suggest_init(&sg, base);
	for (size_t i = 0; i < n; i++)
		suggest_offer(&sg, names[i]);
	if (suggest_result(&sg))
		out = xasprintf("%.*s%s", (int)(base - path), path, suggest_result(&sg));
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return out;
}

/* from: the path's place, for errors; at: the include statement's. */
static int load_file(struct loader *ld, const char *path, struct loc from,
		     struct loc at, struct ast_list *out)
{
	char real[PATH_MAX];
	struct source *src;
	struct diag_rec *r;
	int i, rc;

	if (!realpath(path, real))
		snprintf(real, sizeof(real), "%s", path);
	for (i = 0; i < ld->depth; i++)
		if (!strcmp(ld->stack[i], real)) {
			struct strbuf chain;
			int k;

			/* The chain as the files were named: a.scn -> b.scn -> a.scn */
			sb_init(&chain);
			for (k = i; k < ld->depth; k++)
				sb_printf(&chain, "%s -> ", ld->shown[k]);
			sb_puts(&chain, path);
			r = diag_error(ld->d, from, "include cycle: %s", chain.buf);
			diag_hint(r, "a file cannot include itself, directly or through others");
			sb_free(&chain);
			return -ELOOP;
		}
	if (ld->depth == MAX_INCLUDE_DEPTH) {
		diag_error(ld->d, from, "includes nest deeper than %d",
			   MAX_INCLUDE_DEPTH);
		return -ELOOP;
	}
	rc = source_add_file(ld->srcs, path, &src);
	if (rc == -EILSEQ) {
		/* At the byte, as every other error in a file's text is. */
		src->included_at = at;
		diag_error(ld->d, source_loc_at(src, src->nul_at), "cannot read '%s': %s",
			   src->name, SOURCE_NUL_WORDS);
		return -EINVAL;
	}
	if (rc) {
		r = diag_error(ld->d, from, "cannot read '%s': %s", path,
			       rc == -ENODEV ? "not a regular file" :
			       rc == -EFBIG ? "larger than 64M" : strerror(-rc));
		if (rc == -ENOENT) {
			char *near = near_file(path);

			if (near)
				diag_hint(r, "did you mean '%s'?", near);
			free(near);
		}
		return rc;
	}
	src->included_at = at;
	ld->shown[ld->depth] = arena_strdup(ld->ar, path);
	ld->stack[ld->depth++] = arena_strdup(ld->ar, real);
	parse_source(src, ld->ar, ld->d, out, NULL);
	load_includes(ld, src, out);
	ld->depth--;
	return 0;
}

/*
 * Parses text[start, end) as one expression, from a copy of all of text in
 * which the rest is blank, so that columns count from the start of text;
 * the copy gets its text back before any message quotes it.
 */
static int parse_part(struct source_set *srcs, const char *name,
		      const char *text, size_t start, size_t end,
		      struct arena *ar, struct diag *d, struct ast **e)
{
	struct source *src = source_add_text(srcs, name, NULL, text, strlen(text));
	int rc;

	memset(src->text, ' ', src->len);
	memcpy(src->text + start, text + start, end - start);
	rc = parse_expression(src, ar, d, e);
	memcpy(src->text, text, src->len);
	return rc;
}

/* "name=value" from -D: the value parsed as an expression, as in a file. */
static bool parse_define(struct source_set *srcs, struct lower *L,
			 const char *text, struct override *o)
{
	const char *eq = strchr(text, '=');
	struct source *src = source_add_text(srcs, "<command line>", NULL,
					     text, strlen(text));
	struct loc loc = { .src = src, .first_line = 1, .first_column = 1,
			   .last_line = 1,
			   .last_column = (int)strlen(text) + 1 };
	struct ast *e;
	struct diag_rec *r;
	size_t nlen;

	if (!eq || eq == text) {
		r = diag_error(L->d, loc, "-D takes name=value");
		diag_hint(r, "-D mem=4G");
		return false;
	}
	nlen = (size_t)(eq - text);
	o->name = arena_strndup(L->ar, text, nlen);
	loc.last_column = (int)nlen + 1;
	o->loc = loc;
	o->name_loc = loc;
	o->origin = ORIGIN_COMMAND_LINE;
	if (parse_part(srcs, "<command line>", text, nlen + 1, strlen(text),
		       L->ar, L->d, &e))
		return false;
	if (!static_value(L, e, "a -D value", &o->value))
		return false;
	return true;
}

static void lower_params(struct lower *L, const struct ast_list *stmts)
{
	size_t i, k;

	for (i = 0; i < stmts->len; i++) {
		const struct ast *n = stmts->v[i];

		if (n->kind == AST_PARAM) {
			lower_param(L, n);
		} else if (n->kind == AST_INCLUDE) {
			size_t base = L->novr;

			/* with name=value: defaults for this file alone. */
			for (k = 0; k < n->kids.len; k++) {
				struct override o = { .name = n->kids.v[k]->name,
						      .loc = n->kids.v[k]->loc,
						      .name_loc = n->kids.v[k]->loc,
						      .origin = ORIGIN_WITH };

				if (!static_value(L, n->kids.v[k]->a, "a with value", &o.value))
					continue;
				L->ovr = xrealloc(L->ovr, (L->novr + 1) * sizeof(*L->ovr));
				L->ovr[L->novr++] = o;
			}
			lower_params(L, &n->body);
			for (k = base; k < L->novr; k++)
				if (!L->ovr[k].used && !L->quiet) {
					struct diag_rec *r = diag_error(L->d, L->ovr[k].name_loc,
						"the included file has no parameter '%s'",
						L->ovr[k].name);
					(void)r;
				}
			L->novr = base;
		}
	}
}

/* Sorts overrides so that the strongest comes first for each name. */
static int ovr_cmp(const void *a, const void *b)
{
	const struct override *x = a, *y = b;

	return (int)y->origin - (int)x->origin;
}

static void collect(const struct ast_list *stmts, enum ast_kind kind,
		    const struct ast **out, size_t *n, size_t max)
{
	size_t i;

	for (i = 0; i < stmts->len; i++) {
		const struct ast *s = stmts->v[i];

		if (s->kind == kind && *n < max)
			out[(*n)++] = s;
		if (s->kind == AST_INCLUDE)
			collect(&s->body, kind, out, n, max);
	}
}

struct checker {
	struct source_set *srcs;
	const struct check_opts *opts;
	struct diag *d;
	struct ir_program *prog;
	struct ast_list stmts;
	struct override *defines;
	size_t ndefines;
};

/* Lowers the scenario at one sweep point. */
static int lower_point(struct checker *C, struct override *point, size_t npoint,
		       struct ir_scenario *sc, bool quiet)
{
	struct lower L = { .ar = &C->prog->arena, .d = C->d,
			   .facts = &C->opts->facts, .features = C->opts->features,
			   .sc = sc, .cur_phase = -1,
			   .repeat_runs = 1, .quiet = quiet };
	struct op_builder top = { 0 };
	unsigned before = C->d->nerrors;
	size_t i;

	symtab_init(&L.syms);
	L.novr = C->ndefines + npoint;
	L.ovr = xcalloc(L.novr + 1, sizeof(*L.ovr));
	/* memcpy and qsort want arrays even for none. */
	if (npoint)
		memcpy(L.ovr, point, npoint * sizeof(*point));
	if (C->ndefines)
		memcpy(L.ovr + npoint, C->defines, C->ndefines * sizeof(*C->defines));
	if (L.novr)
		qsort(L.ovr, L.novr, sizeof(*L.ovr), ovr_cmp);
	L.file = &C->stmts;
	lower_params(&L, &C->stmts);
	for (i = 0; i < L.novr; i++) {
		struct override *o = &L.ovr[i];
		const struct sym *s;

		if (o->used || quiet)
			continue;
		s = sym_find(&L.syms, o->name);
		if (s && s->kind == SYM_PARAM)
			continue;	/* a weaker override of a used name */
		{
			struct suggest sg;
			struct diag_rec *r;
			size_t k;

			suggest_init(&sg, o->name);
			for (k = 0; k < sc->nparams; k++)
				suggest_offer(&sg, sc->params[k].name);
			r = diag_error(C->d, o->name_loc, "no parameter '%s' in %s",
				       o->name, C->prog->path);
			if (suggest_result(&sg))
				diag_hint(r, "did you mean '%s'?", suggest_result(&sg));
		}
	}
	top.cap = C->stmts.len ? C->stmts.len : 1;
	top.ops = arena_alloc(&C->prog->arena, top.cap * sizeof(*top.ops));
	L.cur = &top;
	L.file = &C->stmts;
	lower_stmts(&L, &C->stmts, true);
	sc->ops = (struct ir_block){ .ops = top.ops, .n = top.n };
	/* Once, and only of a scenario whose own errors are fixed. */
	if (!quiet && C->d->nerrors == before)
		warn_faults_unseen(&L);
	memneed_compute(sc, L.facts->thp_size);
	cgroup_check_memory(&L);
	/* The table's value is a run-time expression of each point. */
	if (C->prog->table) {
		const struct ast *t[1];
		size_t n = 0;

		collect(&C->stmts, AST_TABLE, t, &n, 1);
		if (n) {
			const struct ast *v = NULL, *u = NULL;
			size_t k;

			for (k = 0; k < t[0]->kids.len; k++) {
				const struct ast *a = t[0]->kids.v[k];

				if (a->kind == AST_ATTR && !strcmp(a->name, "value"))
					v = a->a;
				if (a->kind == AST_ATTR && !strcmp(a->name, "unit"))
					u = a->a;
			}
			/* A unit of the scenario's words: one for every point. */
			if (u && !C->prog->table->unit)
				want_string(&L, u, "unit", &C->prog->table->unit);
			if (v) {
				sc->table_value = lower_expr(&L, v, EXPR_DYNAMIC);
				if (!C->prog->table->value) {
					C->prog->table->value = sc->table_value;
					C->prog->table->value_text = expr_text(&L, v);
				}
			}
		}
	}
	symtab_free(&L.syms);
	free(L.ovr);
	return C->d->nerrors == before ? 0 : -EINVAL;
}

/* A lowering context for sweep values and -D text: facts only. */
static void facts_only(struct checker *C, struct lower *L, struct ir_scenario *sc)
{
	memset(L, 0, sizeof(*L));
	L->ar = &C->prog->arena;
	L->d = C->d;
	L->facts = &C->opts->facts;
	L->sc = sc;
	L->cur_phase = -1;
	L->repeat_runs = 1;
}

static void read_table(struct checker *C, const struct ast *t)
{
	struct ir_table *tab = arena_alloc(&C->prog->arena, sizeof(*tab));
	static const char *const keys[] = { "rows", "cols", "value", "unit", NULL };
	size_t k, s;

	tab->loc = t->loc;
	for (k = 0; k < t->kids.len; k++) {
		const struct ast *a = t->kids.v[k];
		const char *name = a->kind == AST_ATTR && a->a->kind == AST_NAME ?
					   a->a->name : NULL;

		if (a->kind == AST_ATTR && (!strcmp(a->name, "value") ||
					    !strcmp(a->name, "unit")))
			continue;	/* read where the value is lowered */
		if (a->kind != AST_ATTR || words_index(keys, a->name) < 0) {
			diag_error(C->d, a->loc, "table takes rows=, cols=, value= and unit=");
			continue;
		}
		if (!name) {
			diag_error(C->d, a->a->loc, "%s= names a swept parameter", a->name);
			continue;
		}
		for (s = 0; s < C->prog->nsweeps; s++)
			if (!strcmp(C->prog->sweeps[s].param, name))
				break;
		if (s == C->prog->nsweeps) {
			struct diag_rec *r = diag_error(C->d, a->a->loc,
				"'%s' is not swept", name);
			diag_hint(r, "add: sweep %s in ...", name);
			continue;
		}
		if (!strcmp(a->name, "rows"))
			tab->rows = name;
		else
			tab->cols = name;
	}
	for (k = 0; k < t->kids.len; k++)
		if (t->kids.v[k]->kind == AST_ATTR &&
		    !strcmp(t->kids.v[k]->name, "rows"))
			break;
	if (k == t->kids.len)
		diag_error(C->d, t->loc, "table needs rows=");
	for (k = 0; k < t->kids.len; k++)
		if (t->kids.v[k]->kind == AST_ATTR &&
		    !strcmp(t->kids.v[k]->name, "value"))
			break;
	if (k == t->kids.len)
		diag_hint(diag_error(C->d, t->loc, "table needs value="),
			  "value=PHASE.rate, or any expression of the phases' results");
	C->prog->table = tab;
}

/*
 * --sweep name=v1,v2,...: sweeps a parameter as a file's sweep would, or
 * replaces the values of the file's sweep of it. Each value is parsed as
 * an expression with the columns of the whole text, so an error points
 * into the option; a comma inside parentheses belongs to its value.
 */
static void add_cli_sweep(struct checker *C, struct lower *L, const char *text)
{
	size_t len = strlen(text), nlen, start, i, nvals = 1;
	const char *eq = strchr(text, '=');
	struct source *src = source_add_text(C->srcs, "<command line>", NULL, text, len);
	struct loc loc = { .src = src, .first_line = 1, .first_column = 1,
			   .last_line = 1, .last_column = (int)len + 1 };
	struct ir_sweep *sw;
	int depth = 0;

	if (!eq || eq == text) {
		diag_hint(diag_error(C->d, loc, "--sweep takes name=value,value,..."),
			  "--sweep readers=1,2,4");
		return;
	}
	nlen = (size_t)(eq - text);
	loc.last_column = (int)nlen + 1;
	for (i = 0; i < C->prog->nsweeps; i++)
		if (strlen(C->prog->sweeps[i].param) == nlen &&
		    !strncmp(C->prog->sweeps[i].param, text, nlen))
			break;
	sw = &C->prog->sweeps[i];
	if (i == C->prog->nsweeps) {
		if (C->prog->nsweeps == 15) {
			diag_error(C->d, loc, "at most 15 sweeps");
			return;
		}
		memset(sw, 0, sizeof(*sw));
		sw->param = arena_strndup(&C->prog->arena, text, nlen);
		C->prog->nsweeps++;
	} else if (!sw->loc.src->path) {
		diag_error(C->d, loc, "'%s' is swept twice", sw->param);
		return;
	}
	sw->loc = loc;
	for (i = nlen + 1; i < len; i++)
		nvals += text[i] == ',';
	sw->values = arena_alloc(&C->prog->arena, nvals * sizeof(*sw->values));
	sw->locs = arena_alloc(&C->prog->arena, nvals * sizeof(*sw->locs));
	sw->n = 0;
	for (i = start = nlen + 1; i <= len; i++) {
		struct loc vloc = { .src = src, .first_line = 1, .last_line = 1,
				    .first_column = (int)start + 1,
				    .last_column = (int)i + 1 };
		struct ast *e;

		if (i < len && text[i] != ',') {
			depth += text[i] == '(';
			depth -= text[i] == ')';
			continue;
		}
		if (i < len && depth > 0)
			continue;
		if (i == start) {
			vloc.last_column++;
			diag_error(C->d, vloc, "an empty sweep value");
		} else if (!parse_part(C->srcs, "<command line>", text, start, i,
				       &C->prog->arena, C->d, &e) &&
			   static_value(L, e, "a sweep value", &sw->values[sw->n])) {
			sw->locs[sw->n++] = vloc;
		}
		start = i + 1;
	}
}

static int check_program(struct checker *C)
{
	const struct ast *sweeps[16], *tables[2];
	struct ir_scenario dummy = { 0 };
	struct lower L;
	size_t nsw = 0, ntab = 0, i, k, points = 1;
	struct override *point;
	int rc = 0;

	collect(&C->stmts, AST_SWEEP, sweeps, &nsw, 16);
	collect(&C->stmts, AST_TABLE, tables, &ntab, 2);
	facts_only(C, &L, &dummy);
	L.file = &C->stmts;
	C->prog->sweeps = arena_alloc(&C->prog->arena, (nsw + C->opts->nsweeps + 1) *
					       sizeof(*C->prog->sweeps));
	for (i = 0; i < nsw; i++) {
		struct ir_sweep *sw = &C->prog->sweeps[C->prog->nsweeps];

		sw->param = sweeps[i]->name;
		sw->loc = sweeps[i]->loc;
		sw->values = arena_alloc(&C->prog->arena,
					 sweeps[i]->kids.len * sizeof(*sw->values));
		sw->locs = arena_alloc(&C->prog->arena,
				       sweeps[i]->kids.len * sizeof(*sw->locs));
		for (k = 0; k < sweeps[i]->kids.len; k++)
			if (static_value(&L, sweeps[i]->kids.v[k], "a sweep value",
					 &sw->values[sw->n]))
				sw->locs[sw->n++] = sweeps[i]->kids.v[k]->loc;
		for (k = 0; k < C->prog->nsweeps; k++)
			if (!strcmp(C->prog->sweeps[k].param, sw->param))
				diag_error(C->d, sw->loc, "'%s' is swept twice", sw->param);
		C->prog->nsweeps++;
	}
	if (nsw == 16)
		diag_error(C->d, sweeps[15]->loc, "at most 15 sweeps");
	for (i = 0; i < C->opts->nsweeps; i++)
		add_cli_sweep(C, &L, C->opts->sweeps[i]);
	for (i = 0; i < C->prog->nsweeps; i++) {
		const struct ir_sweep *sw = &C->prog->sweeps[i];

		for (k = 0; k < C->ndefines; k++)
			if (!strcmp(C->defines[k].name, sw->param)) {
				struct diag_rec *r = diag_error(C->d, C->defines[k].loc,
					"'%s' is swept by %s; -D cannot set it", sw->param,
					sw->loc.src && sw->loc.src->path ? "the file" :
									  "--sweep");
				if (sw->loc.src->path)
					diag_hint(r, "the sweep is at %s:%d", sw->loc.src->name,
						  sw->loc.first_line);
				else
					diag_hint(r, "a parameter is swept or set, not both");
			}
		if (sw->n && points <= MAX_SWEEP_POINTS)
			points *= sw->n;
	}
	if (points > MAX_SWEEP_POINTS) {
		diag_error(C->d, C->prog->sweeps[0].loc,
			   "the sweeps make more than %d points", MAX_SWEEP_POINTS);
		return -EINVAL;
	}
	if (ntab > 1)
		diag_error(C->d, tables[1]->loc, "one table per scenario");
	if (ntab)
		read_table(C, tables[0]);
	if (C->d->nerrors)
		return -EINVAL;
	if (C->opts->max_points && points > C->opts->max_points)
		points = C->opts->max_points;
	C->prog->points = arena_alloc(&C->prog->arena, points * sizeof(*C->prog->points));
	point = xcalloc(C->prog->nsweeps + 1, sizeof(*point));
	/* Every point, so that each value that does not fit is reported. */
	for (i = 0; i < points && !diag_full(C->d); i++) {
		size_t idx = i;

		/* Row-major: the last sweep changes fastest. */
		for (k = C->prog->nsweeps; k-- > 0;) {
			const struct ir_sweep *sw = &C->prog->sweeps[k];

			point[k] = (struct override){ .name = sw->param,
				.value = sw->values[idx % sw->n],
				.loc = sw->locs[idx % sw->n], .name_loc = sw->loc,
				.origin = ORIGIN_SWEEP };
			idx /= sw->n;
		}
		if (i == 0) {
			rc = lower_point(C, point, C->prog->nsweeps,
					 &C->prog->points[i], false);
		} else {
			/* Another point says the same again: keep what is new. */
			struct diag tmp, *main_d = C->d;

			diag_init(&tmp);
			C->d = &tmp;
			rc = lower_point(C, point, C->prog->nsweeps,
					 &C->prog->points[i], true);
			C->d = main_d;
			diag_take_new(main_d, &tmp);
		}
		C->prog->npoints++;
	}
	free(point);
	return rc || C->d->nerrors ? -EINVAL : 0;
}

/*
 * A scenario that needs more memory than the machine has is valid, but
 * scn run will skip it there: check and plan say so at what takes the
 * most (a backing, or a hugetlb pool's knob), once for all the points.
 * Pools are taken to be empty before the run, as on a fresh machine.
 */
static void warn_memory(struct checker *C)
{
	static const struct rt_features no_features;
	const struct rt_facts *f = &C->opts->facts;

	for (size_t i = 0; i < C->prog->npoints; i++) {
		const struct ir_scenario *sc = &C->prog->points[i];
		int64_t total = memneed_total(sc, NULL), most, kvm = 0;
		const struct ir_backing *big = NULL;
		int pool = -1;
		struct strbuf need, have, one, why;
		struct diag_rec *r;
		char unused[256];
		struct loc at;

		/* KVM's memslot metadata counts, as run counts it. */
		guest_preflight(sc, &(const struct exec_opts){ .features = &no_features }, &kvm,
				unused, sizeof(unused));
		total = add_sat(total, kvm);
		if (total <= f->mem_free)
			continue;
		for (size_t b = 0; b < sc->nbackings; b++)
			if (!big || sc->backings[b].need > big->need)
				big = &sc->backings[b];
		most = big ? big->need : 0;
		for (int p = 0; p < IR_POOLS; p++) {
			int64_t grow = memneed_pool(sc, p, NULL);

			if (grow > most) {
				most = grow;
				pool = p;
			}
		}
		sb_init(&need);
		sb_init(&have);
		sb_init(&one);
		sb_init(&why);
		format_size_human(&need, total);
		format_size_human(&have, f->mem_free);
		if (kvm > most) {	/* there is a VM: it is at the first */
			format_size_human(&one, kvm);
			sb_printf(&why, "KVM's memslot metadata and scn's guest areas "
				  "take %s", one.buf);
			at = sc->vms[0].loc;
		} else if (pool >= 0) {
			format_size_human(&one, most);
			sb_printf(&why, "%s = %lld takes %s", knob_info[sc->pools[pool].knob].name,
				  (long long)sc->pools[pool].pages, one.buf);
			at = sc->pools[pool].loc;
		} else {
			at = big->loc;
			format_size_human(&one, big->size);
			sb_printf(&why, "%s '%s' is %s", big->is_region ? "region" : "backing",
				  big->name, one.buf);
			if (big->noreserve) {
				sb_puts(&why, " noreserve, ");
				format_size_human(&why, big->need);
				sb_puts(&why, " of it touched");
			}
		}
		r = diag_warning(C->d, at,
				 "the scenario needs %s of memory (%s), more than %s has available (mem_free %s): scn run skips it there",
				 need.buf, why.buf, C->opts->machine, have.buf);
		if (C->opts->machine_hint)
			diag_hint(r, "%s", C->opts->machine_hint);
		sb_free(&need);
		sb_free(&have);
		sb_free(&one);
		sb_free(&why);
		return;
	}
}

static bool ring3_job(const struct ir_op *op, void *ctx)
{
	if (op->kind != IR_GUEST || op->guest.ring != RING_3)
		return false;
	*(const struct ir_op **)ctx = op;
	return true;
}

/*
 * ring=3 is x86's choice: arm64 runs scn's guest jobs at EL1 only, so
 * scn run skips such a scenario there (exec_guest.c). Valid, so a
 * warning of check and plan (run says it as its SKIP), once, at the
 * first job that asks.
 */
static void warn_arch(struct checker *C)
{
	const struct rt_facts *f = &C->opts->facts;
	const struct ir_op *op = NULL;

	if (!strcmp(f->arch, "x86_64") || !f->arch[0])
		return;
	for (size_t i = 0; i < C->prog->npoints && !op; i++)
		ir_visit_ops(&C->prog->points[i].ops, ring3_job, &op);
	if (op)
		diag_warning(C->d, op->loc, "ring 3 on %s: it runs scn's guest "
			     "jobs at EL1 only (ring 0); scn run skips the "
			     "scenario there (ring=auto runs on every machine)",
			     f->arch);
}

static int check_common(struct source_set *srcs, const char *path,
			struct source *src, const struct check_opts *opts,
			struct diag *d, struct ir_program **out)
{
	struct checker C = { .srcs = srcs, .opts = opts, .d = d };
	struct loader ld = { .srcs = srcs, .d = d };
	struct ir_scenario dummy = { 0 };
	struct lower L;
	size_t i;
	int rc;

	C.prog = xcalloc(1, sizeof(*C.prog));
	arena_init(&C.prog->arena);
	ld.ar = &C.prog->arena;
	C.prog->path = arena_strdup(&C.prog->arena, path ? path : src->name);
	if (src) {
		parse_source(src, ld.ar, d, &C.stmts, NULL);
		load_includes(&ld, src, &C.stmts);
	} else {
		rc = load_file(&ld, path, (struct loc){ 0 }, (struct loc){ 0 },
			       &C.stmts);
		if (rc) {
			ir_program_free(C.prog);
			return rc;
		}
	}
	if (opts->memory) {
		opts->memory->source = 0;
		for (const struct source *s = srcs->head; s; s = s->next)
			opts->memory->source += s->len + 1 +
						(s->nlines + 1) * sizeof(*s->line_start);
		opts->memory->tree = C.prog->arena.total;
	}
	facts_only(&C, &L, &dummy);
	C.defines = xcalloc(opts->ndefines + 1, sizeof(*C.defines));
	for (i = 0; i < opts->ndefines; i++)
		if (parse_define(srcs, &L, opts->defines[i], &C.defines[C.ndefines]))
			C.ndefines++;
	rc = d->nerrors ? -EINVAL : check_program(&C);
	if (opts->memory)
		opts->memory->ir = C.prog->arena.total - opts->memory->tree;
	if (!rc && !d->nerrors && opts->machine)
		warn_memory(&C);
	if (!rc && !d->nerrors && opts->machine)
		warn_arch(&C);
	free(C.defines);
	if (rc || d->nerrors) {
		ir_program_free(C.prog);
		return -EINVAL;
	}
	*out = C.prog;
	return 0;
}

int check_file(struct source_set *srcs, const char *path,
	       const struct check_opts *opts, struct diag *d,
	       struct ir_program **out)
{
	return check_common(srcs, path, NULL, opts, d, out);
}

int check_source(struct source_set *srcs, struct source *src,
		 const struct check_opts *opts, struct diag *d,
		 struct ir_program **out)
{
	return check_common(srcs, NULL, src, opts, d, out);
}

/* The bit of fact NAME in check_parse_assume's seen. */
static unsigned fact_bit(const char *name)
{
	int k;

	for (k = 0; strcmp(fact_names[k], name); k++)
		;
	return 1u << k;
}

/*
 * After --assume: a base page size the arch has (x86_64 4K; aarch64 4K,
 * 16K or 64K), and a page size given alone brings its PMD's THP size,
 * as the kernel of such a machine would have it (32M with 16K pages).
 */
static int assume_pages(struct rt_facts *f, unsigned seen, struct source *src,
			size_t len, struct diag *d)
{
	struct loc loc = { .src = src, .first_line = 1, .first_column = 1,
			   .last_line = 1, .last_column = (int)len + 1 };
	bool arm = !strcmp(f->arch, "aarch64");
	int64_t ps = f->page_size;

	if (!(seen & (fact_bit("page_size") | fact_bit("arch"))))
		return 0;
	if (arm ? ps != 4096 && ps != 16384 && ps != 65536 : ps != 4096) {
		struct diag_rec *r = diag_error(d, loc, "%s has no base pages of %lldK",
						f->arch, (long long)(ps >> 10));

		if (arm)
			diag_hint(r, "aarch64's pages are 4K, 16K or 64K");
		else
			diag_hint(r, "%s's pages are 4K; give arch=aarch64 for 16K "
				  "or 64K pages", f->arch);
		return -EINVAL;
	}
	if ((seen & fact_bit("page_size")) && !(seen & fact_bit("thp_size")))
		f->thp_size = rt_facts_pmd_size(f);
	return 0;
}

int check_parse_assume(struct source_set *srcs, const char *text,
		       struct rt_facts *f, struct diag *d)
{
	struct source *src = source_add_text(srcs, "<--assume>", NULL, text,
					     strlen(text));
	struct ir_scenario dummy = { 0 };
	struct arena ar;
	struct lower L = { .ar = &ar, .d = d, .facts = f, .sc = &dummy,
			   .cur_phase = -1 };
	const char *p = text;
	unsigned seen = 0;	/* a bit per fact given */
	int rc = 0, fact;

	arena_init(&ar);
	while (*p && !rc) {
		size_t len = strcspn(p, ","), nlen;
		const char *eq = memchr(p, '=', len);
		struct loc loc = { .src = src, .first_line = 1,
				   .first_column = (int)(p - text) + 1,
				   .last_line = 1,
				   .last_column = (int)(p - text + len) + 1 };
		struct value v, old;
		struct ast *e;
		char *name;

		if (!eq) {
			diag_error(d, loc, "--assume takes name=value, ...");
			rc = -EINVAL;
			break;
		}
		nlen = (size_t)(eq - p);
		name = arena_strndup(&ar, p, nlen);
		if (!fact_value(f, name, &old)) {
			struct suggest s;
			struct diag_rec *r;
			int k;

			suggest_init(&s, name);
			for (k = 0; fact_names[k]; k++)
				suggest_offer(&s, fact_names[k]);
			r = diag_error(d, loc, "unknown machine fact '%s'", name);
			diag_hint(r, suggest_result(&s) ? "did you mean '%s'?" :
				  "the facts are ncpus, mem_total, mem_free, page_size, nr_nodes, thp_size, arch, virt%s",
				  suggest_result(&s) ? suggest_result(&s) : "");
			rc = -EINVAL;
			break;
		}
		/* A word no expression makes: "arm64" is no name to resolve. */
		if (!strcmp(name, "arch") || !strcmp(name, "virt")) {
			char *w = arena_strndup(&ar, eq + 1, len - nlen - 1);
			bool arch = !strcmp(name, "arch");

			if (words_index(arch ? words_arch : words_virt, w) < 0) {
				diag_error(d, loc, arch ? "arch is x86_64, aarch64 or riscv64, not '%s'" :
					   "virt is vmx, svm, pvm, vhe, nvhe, hvhe, pkvm, el2, h or none, not '%s'",
					   w);
				rc = -EINVAL;
				break;
			}
		}
		rc = parse_part(srcs, "<--assume>", text, (size_t)(eq - text) + 1,
				(size_t)(p - text) + len, &ar, d, &e);
		if (rc || !static_value(&L, e, name, &v)) {
			rc = -EINVAL;
			break;
		}
		if (v.type != old.type) {
			diag_error(d, loc, "%s is %s", name, val_type_a(old.type));
			rc = -EINVAL;
			break;
		}
		for (fact = 0; strcmp(fact_names[fact], name); fact++)
			;
		if (seen & (1u << fact)) {
			diag_error(d, loc, "%s is given twice", name);
			rc = -EINVAL;
			break;
		}
		seen |= 1u << fact;
		if (v.type == VT_WORD && !strcmp(name, "virt")) {
			snprintf(f->virt, sizeof(f->virt), "%s", v.s);
			p += len + (p[len] == ',');
			continue;
		}
		if (v.type == VT_WORD) {
			if (words_index(words_arch, v.s) < 0) {
				diag_error(d, loc, "arch is x86_64, aarch64 or riscv64");
				rc = -EINVAL;
				break;
			}
			snprintf(f->arch, sizeof(f->arch), "%s", v.s);
			p += len + (p[len] == ',');
			continue;
		}
		if (v.i <= 0 || ((!strcmp(name, "page_size") || !strcmp(name, "thp_size")) &&
				 (v.i < 4096 || (v.i & (v.i - 1))))) {
			diag_error(d, loc, "%s must be %s", name,
				   !strcmp(name, "page_size") || !strcmp(name, "thp_size") ?
				   "a power of two, at least 4K" : "positive");
			rc = -EINVAL;
			break;
		}
		if (!strcmp(name, "ncpus"))
			f->ncpus = v.i;
		else if (!strcmp(name, "mem_total"))
			f->mem_total = v.i;
		else if (!strcmp(name, "mem_free"))
			f->mem_free = v.i;
		else if (!strcmp(name, "page_size"))
			f->page_size = v.i;
		else if (!strcmp(name, "nr_nodes"))
			f->nr_nodes = v.i;
		else
			f->thp_size = v.i;
		p += len + (p[len] == ',');
	}
	arena_free(&ar);
	if (!rc)
		rc = assume_pages(f, seen, src, strlen(text), d);
	return rc;
}
