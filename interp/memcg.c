// SPDX-License-Identifier: GPL-2.0-only
/*
 * The memory cgroup a scenario runs in: the `cgroup` declaration, the
 * `host cgroup` action, and the check that its limits leave room for
 * the memory the scenario maps (a memory.max below it kills scn itself
 * where there is no swap to push anonymous memory out to).
 */
#include <string.h>

#include "items.h"
#include "memcg.h"
#include "words.h"

/* The keys of one place: the declaration's, or a phase's. */
static void cg_keys(bool at_creation, const char **keys)
{
	int n = 0;

	for (int f = 0; f < RT_CG__COUNT; f++)
		if (!at_creation || rt_cg_file_at_creation(f))
			keys[n++] = rt_cg_file_name(f);
	keys[n] = NULL;
}

static int cg_file(const char *key)
{
	for (int f = 0; f < RT_CG__COUNT; f++)
		if (!strcmp(rt_cg_file_name(f), key))
			return f;
	return -1;
}

/* A limit: a size, or the word max (no limit). memory.reclaim: a size > 0. */
static bool cg_value(struct lower *L, const struct ast *a, enum rt_cg_file f,
		     int64_t *out)
{
	struct value v;

	if (!static_value(L, a, rt_cg_file_name(f), &v))
		return false;
	if (v.type == VT_WORD && !strcmp(v.s, "max") && f != RT_CG_RECLAIM) {
		*out = RT_CG_UNLIMITED;
		return true;
	}
	/* Nothing is nothing in any unit: memory.swap.max=0 */
	if (v.type == VT_INT && v.i == 0 && f != RT_CG_RECLAIM) {
		*out = 0;
		return true;
	}
	if (v.type != VT_SIZE) {
		diag_hint(diag_error(L->d, a->loc, "%s takes a size%s, not %s",
				     rt_cg_file_name(f),
				     f == RT_CG_RECLAIM ? "" : " or max",
				     val_type_a(v.type)),
			  f == RT_CG_RECLAIM ? "write it with a unit: 64M" :
					       "write it with a unit: 512M, 2G; or max for no limit");
		return false;
	}
	if (v.i < 0 || (f == RT_CG_RECLAIM && v.i == 0)) {
		diag_error(L->d, a->loc, "%s must be %s, not %lld bytes",
			   rt_cg_file_name(f), f == RT_CG_RECLAIM ? "above 0" : "0 or more",
			   (long long)v.i);
		return false;
	}
	*out = v.i;
	return true;
}

/* A key that is no memory.* file, with the keys of the place as a hint. */
static void bad_key(struct lower *L, const struct ast *n, const char *what,
		    bool at_creation)
{
	const char *keys[RT_CG__COUNT + 1];
	struct diag_rec *r;
	struct strbuf sb;
	struct suggest s;

	cg_keys(at_creation, keys);
	if (n->kind == AST_ATTR && !n->name[0])
		return;		/* the parser reported a key that is no name */
	if (n->kind == AST_ATTR && !strcmp(n->name, "memory.reclaim") && at_creation) {
		r = diag_error(L->d, ast_name_loc(n),
			       "memory.reclaim is an action, not a limit: write it in a phase");
		diag_hint(r, "phase p { host cgroup %s memory.reclaim=64M }", what);
		return;
	}
	if (n->kind != AST_ATTR) {
		r = diag_error(L->d, n->loc, "cgroup '%s': unexpected '%s'", what,
			       expr_text(L, n));
		diag_hint(r, "write memory.max=SIZE and the like");
		return;
	}
	suggest_init(&s, n->name);
	for (int k = 0; keys[k]; k++)
		suggest_offer(&s, keys[k]);
	r = diag_error(L->d, ast_name_loc(n), "cgroup '%s' has no key '%s'", what,
		       n->name);
	if (suggest_result(&s)) {
		diag_hint(r, "did you mean '%s'?", suggest_result(&s));
		return;
	}
	sb_init(&sb);
	for (int k = 0; keys[k]; k++)
		sb_printf(&sb, "%s%s", k ? ", " : "", keys[k]);
	diag_hint(r, "it takes %s", sb.buf);
	sb_free(&sb);
}

void lower_cgroup(struct lower *L, const struct ast *n)
{
	struct ir_cgroup *cg;
	struct ir_op op = { .kind = IR_CREATE_CGROUP, .loc = n->loc };
	bool ok = true;

	if (L->sc->cgroup) {
		diag_hint(diag_error(L->d, n->loc, "a scenario runs in one cgroup; '%s' is declared at line %d",
				     L->sc->cgroup->name, L->sc->cgroup->loc.first_line),
			  "change its limits in a phase: host cgroup %s memory.high=...",
			  L->sc->cgroup->name);
		return;
	}
	/* Memory is charged where it is first touched, and stays there. */
	if (L->sc->nbackings) {
		struct diag_rec *r = diag_error(L->d, n->loc,
			"%s '%s' is declared above 'cgroup': its memory would stay charged to the group scn started in",
			L->sc->backings[0].is_region ? "region" : "backing",
			L->sc->backings[0].name);

		diag_hint(r, "move 'cgroup %s' above the memory the scenario declares", n->name);
		ok = false;
	}
	cg = arena_alloc(L->ar, sizeof(*cg));
	cg->name = n->name;
	cg->loc = ast_name_loc(n);
	for (size_t i = 0; i < n->kids.len; i++) {
		const struct ast *k = n->kids.v[i];
		int f = k->kind == AST_ATTR ? cg_file(k->name) : -1;

		if (f < 0 || !rt_cg_file_at_creation(f)) {
			bad_key(L, k, n->name, true);
			ok = false;
			continue;
		}
		if (cg->set[f]) {
			diag_error(L->d, ast_name_loc(k), "cgroup has %s= twice",
				   k->name);
			ok = false;
			continue;
		}
		if (!cg_value(L, k->a, f, &cg->value[f])) {
			ok = false;
			continue;
		}
		cg->set[f] = true;
		if (f == RT_CG_SWAP_MAX)
			need(L, RT_FEAT_CGROUP_MEMORY_SWAP, ast_name_loc(k),
			     "memory.swap.max");
	}
	need(L, RT_FEAT_CGROUP_MEMORY, n->loc, "cgroup");
	need(L, RT_FEAT_ROOT, n->loc, "cgroup");
	/* The name is the group's, in the shared namespace. */
	if (!sym_add(L, n->name, SYM_CGROUP, 0, ast_name_loc(n)))
		return;
	L->sc->cgroup = cg;	/* also after an error: its uses check on */
	if (ok)
		PUSH_OP(L, op);
}

void lower_host_cgroup(struct lower *L, const struct ast *n, struct items *it)
{
	const struct ast *t = items_need(it, "the cgroup");
	const char *name = item_name(t);
	size_t first = 0;

	if (!t)
		return;
	for (size_t i = 0; i < n->kids.len; i++)
		if (n->kids.v[i] == t)
			first = i + 1;
	if (!L->sc->cgroup || !name || strcmp(name, L->sc->cgroup->name)) {
		struct diag_rec *r = diag_error(L->d, t->loc,
			L->sc->cgroup ? "the scenario's cgroup is '%s', not '%s'" :
					"no cgroup is declared above: '%s%s'",
			L->sc->cgroup ? L->sc->cgroup->name : "",
			name ? name : expr_text(L, t));

		if (!L->sc->cgroup)
			diag_hint(r, "declare it at the top: cgroup %s memory.max=1G",
				  name ? name : "box");
		for (size_t i = first; i < n->kids.len; i++)
			it->used[i] = true;	/* their errors would follow from this one */
		return;
	}
	/* The keys go in the order written: each is a write to the kernel. */
	for (size_t i = first; i < n->kids.len; i++) {
		const struct ast *k = n->kids.v[i];
		struct ir_op op = { .kind = IR_CGROUP_WRITE, .loc = k->loc };
		int f = k->kind == AST_ATTR ? cg_file(k->name) : -1;

		it->used[i] = true;
		if (f < 0) {
			bad_key(L, k, name, false);
			continue;
		}
		if (!cg_value(L, k->a, f, &op.cgroup.value))
			continue;
		op.cgroup.file = (enum rt_cg_file)f;
		if (f == RT_CG_SWAP_MAX)
			need(L, RT_FEAT_CGROUP_MEMORY_SWAP, ast_name_loc(k),
			     "memory.swap.max");
		if (L->cur_phase < 0)
			continue;	/* reported by the caller */
		PUSH_OP(L, op);
	}
	if (first == n->kids.len)
		diag_hint(diag_error(L->d, n->loc, "host cgroup %s: nothing to write", name),
			  "host cgroup %s memory.reclaim=64M, memory.high=256M, ...", name);
}

void cgroup_check_memory(struct lower *L)
{
	const struct ir_cgroup *cg = L->sc->cgroup;
	int64_t mem = cgroup_charged_memory(L->sc);
	struct strbuf a, b;
	struct diag_rec *r;

	if (!cg || L->quiet)
		return;
	for (int f = RT_CG_MAX; f <= RT_CG_HIGH; f++) {
		int64_t lim = cg->value[f];

		if (!cg->set[f] || lim == RT_CG_UNLIMITED ||
		    (mem && lim >= mem + CGROUP_SCN_OWN) || (!mem && lim >= CGROUP_SCN_OWN))
			continue;
		sb_init(&a);
		sb_init(&b);
		format_size_human(&a, lim);
		format_size_human(&b, mem);
		if (f == RT_CG_MAX)
			r = diag_warning(L->d, cg->loc,
				"memory.max %s %s the %s of memory the scenario maps: where no swap takes its anonymous pages, the OOM killer ends scn in the group (scn run refuses that)",
				a.buf, lim < mem ? "is below" : "leaves under 32M for scn itself beside",
				b.buf);
		else
			r = diag_warning(L->d, cg->loc,
				"memory.high %s %s the %s of memory the scenario maps: where no swap takes its anonymous pages, every allocation above it is throttled",
				a.buf, lim < mem ? "is below" : "leaves under 32M for scn itself beside",
				b.buf);
		diag_hint(r, "raise it, or lower it in a phase where that is the experiment: host cgroup %s %s=...",
			  cg->name, rt_cg_file_name(f));
		sb_free(&a);
		sb_free(&b);
	}
}

int64_t cgroup_charged_memory(const struct ir_scenario *sc)
{
	int64_t mem = 0;

	/* hugetlb pages are charged to hugetlb.*, not to memory.max. */
	for (size_t i = 0; i < sc->nbackings; i++) {
		const struct ir_backing *bk = &sc->backings[i];

		if (!(backing_info[bk->type].flags & BK_HUGETLB))
			mem = add_sat(mem, bk->need);
	}
	return mem;
}
