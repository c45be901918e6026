// SPDX-License-Identifier: GPL-2.0-only
/*
 * The REPL's session (see session.h). An input is appended to the accepted
 * text and the whole is checked again, as a file would be: the grammar,
 * the checker and the IR are the file's. Declarations only ever append,
 * so the newer scenario's objects and top-level operations extend the
 * older one's, and the session runs just the operations that are new.
 */
#include "session.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../grammar/parse.h"
#include "../runtime/features.h"
#include "save.h"
#include "show.h"

const char *const repl_commands[] = {
	"show", "help", "save", "run", "let", "quit", "exit", NULL,
};

static int count_lines(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

static const char *skip_blanks(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* s without blanks at either end, as a new string. */
static char *trimmed(const char *s, size_t len)
{
	while (len && isspace((unsigned char)*s)) {
		s++;
		len--;
	}
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	return xstrndup(s, len);
}

static size_t ident_len(const char *s)
{
	size_t n = 0;

	if (!isalpha((unsigned char)*s) && *s != '_')
		return 0;
	while (isalnum((unsigned char)s[n]) || s[n] == '_')
		n++;
	return n;
}

/* --- messages at the line as typed ------------------------------------ */

/*
 * A chunk shown under its own name with its own text, so that an error's
 * excerpt and caret are the line the user typed: "<repl:N>" lines count
 * from the input's first; "<stdin>" lines are those of the script.
 */
static struct source *chunk_source(const struct repl *R, struct source_set *set,
				   const struct repl_chunk *c, int *delta)
{
	struct strbuf sb;
	struct source *src;
	char name[32];
	int i;

	sb_init(&sb);
	if (R->tty) {
		snprintf(name, sizeof(name), "<repl:%d>", c->number);
		*delta = 1 - c->first_line;
	} else {
		snprintf(name, sizeof(name), "<stdin>");
		for (i = 1; i < c->input_line; i++)
			sb_putc(&sb, '\n');
		*delta = c->input_line - c->first_line;
	}
	sb_puts(&sb, c->text);
	src = source_add_text(set, name, NULL, sb.buf, sb.len);
	sb_free(&sb);
	return src;
}

static const struct repl_chunk *chunk_at(const struct repl *R,
					 const struct repl_chunk *pending, int line)
{
	size_t i;

	if (pending && line >= pending->first_line)
		return pending;
	for (i = R->nchunks; i-- > 0;)
		if (line >= R->chunks[i].first_line)
			return &R->chunks[i];
	return NULL;
}

/* The place "<repl>:LINE" in a message, as the input it is in shows it. */
static char *remap_places(const struct repl *R, const char *msg,
			  const struct repl_chunk *pending)
{
	static const char tag[] = "<repl>:";
	const char *p = msg, *hit;
	struct strbuf sb;

	if (!msg || !strstr(msg, "<repl>"))
		return NULL;
	sb_init(&sb);
	while ((hit = strstr(p, tag))) {
		const struct repl_chunk *c;
		char *end;
		long line = strtol(hit + sizeof(tag) - 1, &end, 10);

		sb_putn(&sb, p, (size_t)(hit - p));
		c = end > hit + sizeof(tag) - 1 ? chunk_at(R, pending, (int)line) : NULL;
		if (!c)
			sb_putn(&sb, hit, (size_t)(end - hit));
		else if (R->tty)
			sb_printf(&sb, "<repl:%d>:%ld", c->number, line - c->first_line + 1);
		else
			sb_printf(&sb, "<stdin>:%ld", line - c->first_line + c->input_line);
		p = end;
	}
	/* "no parameter 'x' in <repl>": the session is the file. */
	for (; (hit = strstr(p, "<repl>")); p = hit + 6) {
		sb_putn(&sb, p, (size_t)(hit - p));
		sb_puts(&sb, "this session");
	}
	sb_puts(&sb, p);
	return sb_steal(&sb);
}

/*
 * Prints d with every place in text moved to the input it is in. While
 * checking, the warnings of inputs accepted before were shown then, and
 * are not repeated.
 */
static void print_diags(const struct repl *R, const struct diag *d,
			const struct source *text,
			const struct repl_chunk *pending, bool checking)
{
	struct source_set shown;
	size_t i;

	source_set_init(&shown);
	for (i = 0; i < d->len; i++) {
		struct diag_rec r = d->recs[i];
		const struct repl_chunk *c = NULL;
		char *msg, *hint;
		int delta;

		if (text && r.loc.src == text && r.loc.first_line > 0)
			c = chunk_at(R, pending, r.loc.first_line);
		if (c) {
			if (checking && c != pending && r.level != DIAG_ERROR)
				continue;
			r.loc.src = chunk_source(R, &shown, c, &delta);
			r.loc.first_line += delta;
			r.loc.last_line += delta;
		}
		/* A let's or a with's value is checked as -D text: say which. */
		if (r.loc.src && !strcmp(r.loc.src->name, "<command line>"))
			r.loc.src = source_add_text(&shown, "<let>", NULL, r.loc.src->text,
						    r.loc.src->len);
		msg = remap_places(R, r.msg, pending);
		hint = remap_places(R, r.hint, pending);
		if (msg)
			r.msg = msg;
		if (hint)
			r.hint = hint;
		diag_print_rec(&r, R->err);
		free(msg);
		free(hint);
	}
	if (d->truncated)
		fprintf(R->err, "scn: too many errors (%u shown), stopping\n",
			d->nerrors);
	fflush(R->err);
	source_set_free(&shown);
}

/* --- checking ------------------------------------------------------------ */

/* The accepted text and extra, checked as one scenario with defines. */
static int check_text(struct repl *R, const char *extra, char *const *defines,
		      size_t ndefines, struct source_set *srcs,
		      const struct source **text, struct diag *d,
		      struct ir_program **out)
{
	struct check_opts co = R->co;
	struct source *src;
	struct strbuf sb;

	sb_init(&sb);
	sb_putn(&sb, R->text.buf ? R->text.buf : "", R->text.len);
	sb_puts(&sb, extra);
	src = source_add_text(srcs, "<repl>", NULL, sb.buf ? sb.buf : "", sb.len);
	sb_free(&sb);
	*text = src;
	co.defines = (const char *const *)defines;
	co.ndefines = ndefines;
	*out = NULL;
	return check_source(srcs, src, &co, d, out);
}

static bool same_backing(const struct ir_backing *a, const struct ir_backing *b)
{
	return a->type == b->type && a->is_region == b->is_region &&
	       a->size == b->size && a->page_size == b->page_size &&
	       a->prefault == b->prefault && a->nohugepage == b->nohugepage &&
	       a->hugepage == b->hugepage && a->has_fill == b->has_fill &&
	       a->noreserve == b->noreserve && a->fill == b->fill &&
	       a->node == b->node;
}

static bool same_vm(const struct ir_vm *a, const struct ir_vm *b)
{
	return a->backing == b->backing && a->mem == b->mem &&
	       a->slot_size == b->slot_size && a->nr_slots == b->nr_slots &&
	       a->alias == b->alias && a->vcpus == b->vcpus && a->ring == b->ring &&
	       a->pin == b->pin && a->gpa_base == b->gpa_base;
}

static bool same_uffd(const struct ir_uffd *a, const struct ir_uffd *b)
{
	return a->vm == b->vm && a->backing == b->backing && a->mode == b->mode &&
	       a->wait == b->wait && a->readers == b->readers &&
	       a->delay == b->delay && a->per_vcpu == b->per_vcpu &&
	       a->resolve == b->resolve;
}

/*
 * A parameter changed under inputs that ran: what it would change that
 * exists already (memory, services, knobs, the policy) goes to why.
 * Phases, prints and expectations may change: they run again.
 */
static bool changes_made(const struct ir_scenario *a, const struct ir_scenario *b,
			 struct strbuf *why)
{
	size_t i;

	if (a->nbackings != b->nbackings || a->nuffds != b->nuffds ||
	    a->nphases != b->nphases || a->nvms != b->nvms || a->ops.n != b->ops.n) {
		sb_puts(why, "the inputs accepted so far would declare other things");
		return true;
	}
	for (i = 0; i < a->nbackings; i++)
		if (!same_backing(&a->backings[i], &b->backings[i])) {
			sb_printf(why, "%s '%s' is made already",
				  a->backings[i].is_region ? "region" : "backing",
				  a->backings[i].name);
			return true;
		}
	for (i = 0; i < a->nvms; i++)
		if (!same_vm(&a->vms[i], &b->vms[i])) {
			sb_printf(why, "vm '%s' is made already", a->vms[i].name);
			return true;
		}
	for (i = 0; i < a->nuffds; i++)
		if (!same_uffd(&a->uffds[i], &b->uffds[i])) {
			sb_printf(why, "the uffd service of '%s' runs already",
				  a->backings[a->uffds[i].backing].name);
			return true;
		}
	for (i = 0; i < a->ops.n; i++) {
		const struct ir_op *x = &a->ops.ops[i], *y = &b->ops.ops[i];

		if (x->kind != y->kind) {
			sb_puts(why, "the inputs accepted so far would do other things");
			return true;
		}
		if (x->kind == IR_SET_KNOB &&
		    (x->knob.knob != y->knob.knob ||
		     !value_equal(&x->knob.value, &y->knob.value))) {
			sb_printf(why, "knob %s is set already",
				  knob_info[x->knob.knob].name);
			return true;
		}
		if (x->kind == IR_POLICY &&
		    (x->policy.mode != y->policy.mode ||
		     x->policy.nodes != y->policy.nodes ||
		     x->policy.backing != y->policy.backing)) {
			sb_puts(why, "the memory policy is set already");
			return true;
		}
	}
	return false;
}

/*
 * In a file, memory that a missing or minor uffd serves starts empty;
 * memory made filled before its service was declared would never fault.
 */
static bool uffd_on_filled(const struct ir_scenario *old,
			   const struct ir_scenario *sc, struct diag *d)
{
	bool bad = false;
	size_t i;

	for (i = old ? old->nuffds : 0; i < sc->nuffds; i++) {
		const struct ir_uffd *u = &sc->uffds[i];
		const struct ir_backing *b;
		struct diag_rec *r;

		if (u->mode == UFFD_WP || !old || u->backing >= (int)old->nbackings)
			continue;
		b = &sc->backings[u->backing];
		if (!b->prefault && !b->has_fill)
			continue;
		r = diag_error(d, u->loc, "%s '%s' was made %s before this service: its pages would never fault",
			       b->is_region ? "region" : "backing", b->name,
			       b->has_fill ? "filled" : "prefaulted");
		if (u->vm >= 0)
			diag_hint(r, "memory a uffd serves starts empty: declare the backing, the vm and its service in one input, 'backing %s ...; vm %s backing=%s ...; uffd %s ...'",
				  b->name, sc->vms[u->vm].name, b->name, sc->vms[u->vm].name);
		else
			diag_hint(r, "memory a uffd serves starts empty: declare both in one input, '%s %s ...; uffd %s ...'",
				  b->is_region ? "region" : "backing", b->name, b->name);
		bad = true;
	}
	return bad;
}

/* Checks that sc can run here; says why not. true when it can. */
static bool can_run(struct repl *R, const struct ir_scenario *sc,
		    const struct source *text, const struct repl_chunk *pending)
{
	char reason[1024];
	struct diag d;
	int st;

	diag_init(&d);
	st = exec_session_preflight(R->ses, sc, &d, reason, sizeof(reason));
	/* A feature this machine lacks is shown at the line that needs it. */
	for (size_t i = 0; st == EXEC_SKIP && i < sc->nreqs; i++) {
		const struct ir_require *q = &sc->reqs[i];

		if (q->feature >= 0 && !R->features->have[q->feature] && q->loc.src) {
			diag_error(&d, q->loc, "this machine cannot run it: needs %s: %s",
				   rt_feature_name(q->feature), R->features->why[q->feature]);
			reason[0] = '\0';
		}
	}
	print_diags(R, &d, text, pending, false);
	diag_free(&d);
	if (st == EXEC_SKIP && reason[0])
		fprintf(R->err, "scn: this machine cannot run it: %s\n", reason);
	if (st != EXEC_PASS)
		fprintf(R->err, "scn: nothing was done\n");
	return st == EXEC_PASS;
}

/* The last phase among ops, in text order, or -1. */
static int last_phase_in(const struct ir_op *ops, size_t n)
{
	int last = -1, inner;
	size_t i;

	for (i = 0; i < n; i++) {
		if (ops[i].kind == IR_PHASE)
			last = ops[i].index;
		inner = last_phase_in(ops[i].body.ops, ops[i].body.n);
		if (inner >= 0)
			last = inner;
	}
	return last;
}

static void add_event(struct repl *R, struct repl_event ev)
{
	VEC_PUSH(R->events, R->nevents, R->capevents, ev);
}

/* Makes p, checked from text in srcs, the session's program. */
static void take_program(struct repl *R, struct ir_program *p,
			 struct source_set *srcs, const struct source *text)
{
	ir_program_free(R->prog);
	source_set_free(&R->srcs);
	R->prog = p;
	R->srcs = *srcs;
	R->text_src = text;
}

/* --- statements ----------------------------------------------------------- */

static enum repl_result statements(struct repl *R, const char *typed, int line)
{
	const struct ir_scenario *old = repl_scenario(R), *sc;
	struct repl_chunk c = { 0 };
	const struct source *text;
	struct ir_program *p = NULL;
	struct source_set srcs;
	struct strbuf sb;
	struct diag d;
	size_t first;
	int rc, st;

	sb_init(&sb);
	sb_puts(&sb, typed);
	if (!sb.len || sb.buf[sb.len - 1] != '\n')
		sb_putc(&sb, '\n');
	c.text = sb_steal(&sb);
	c.number = ++R->ninputs;
	c.first_line = R->text_lines + 1;
	c.nlines = count_lines(c.text);
	c.input_line = line;

	source_set_init(&srcs);
	diag_init(&d);
	rc = check_text(R, c.text, R->lets, R->nlets, &srcs, &text, &d, &p);
	if (!rc && (p->nsweeps || p->table)) {
		struct loc at = p->nsweeps ? p->sweeps[0].loc : p->table->loc;

		diag_hint(diag_error(&d, at, "'%s' belongs in a file: it runs the scenario afresh for each value",
				     p->nsweeps ? "sweep" : "table"),
			  "save the session (save FILE.scn), add the sweep there, and use scn run");
		rc = -EINVAL;
	}
	sc = rc ? NULL : &p->points[0];
	if (sc && uffd_on_filled(old, sc, &d))
		rc = -EINVAL;
	print_diags(R, &d, text, &c, true);
	diag_free(&d);
	if (rc || !can_run(R, sc, text, &c))
		goto refused;
	if (exec_session_adopt(R->ses, sc)) {
		fprintf(R->err, "scn: a REPL session serves at most 256 uffd services\n");
		goto refused;
	}
	first = old ? old->ops.n : 0;
	diag_init(&d);
	st = exec_session_run(R->ses, first, sc->ops.n, &d);
	print_diags(R, &d, text, &c, false);
	diag_free(&d);
	if (st == EXEC_INTERRUPTED || st < 0) {
		exec_session_rollback(R->ses, old);
		fprintf(R->err, st < 0 ? "scn: this input failed and was undone; every knob is as it was before it\n" :
			"scn: interrupted: this input was undone; every knob is as it was before it\n");
		goto refused;
	}
	/* Accepted: it joins the text that every later input is checked with. */
	c.first_line = R->text_lines + 1;
	VEC_PUSH(R->chunks, R->nchunks, R->capchunks, c);
	sb_puts(&R->text, c.text);
	R->text_lines += c.nlines;
	take_program(R, p, &srcs, text);
	add_event(R, (struct repl_event){ .kind = REPL_EV_CHUNK,
					  .chunk = R->nchunks - 1,
					  .ran = sc->ops.n > first });
	rc = last_phase_in(sc->ops.ops + first, sc->ops.n - first);
	if (rc >= 0)
		R->last_phase = rc;
	if (st == EXEC_FAIL) {
		R->failures++;
		return REPL_FAILED;
	}
	return REPL_OK;
refused:
	ir_program_free(p);
	source_set_free(&srcs);
	free(c.text);
	R->failures++;
	return REPL_FAILED;
}

/* --- let and run ---------------------------------------------------------- */

/* Copies lets with "name=value" in place of name's, or added. */
static char **lets_with(const struct repl *R, char *const *extra, size_t nextra,
			size_t *n)
{
	char **v = xcalloc(R->nlets + nextra + 1, sizeof(*v));
	size_t i, k;

	*n = 0;
	for (i = 0; i < R->nlets; i++)
		v[(*n)++] = xstrdup(R->lets[i]);
	for (k = 0; k < nextra; k++) {
		size_t nl = strcspn(extra[k], "=");

		for (i = 0; i < *n; i++)
			if (strcspn(v[i], "=") == nl && !strncmp(v[i], extra[k], nl))
				break;
		if (i < *n)
			free(v[i]);
		else
			(*n)++;
		v[i] = xstrdup(extra[k]);
	}
	return v;
}

static void free_strings(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/*
 * "NAME = VALUE, NAME = VALUE": each as "NAME=VALUE" in v (at most max).
 * A comma inside ( ), [ ] or a string belongs to its value.
 */
static int parse_assignments(const char *s, char **v, size_t max, size_t *n,
			     const char **bad)
{
	const char *start = s;
	int depth = 0;
	bool in_str = false;

	*n = 0;
	for (;; s++) {
		if (in_str) {
			if (*s == '\\' && s[1])
				s++;
			else if (*s == '"')
				in_str = false;
			if (*s)
				continue;
		}
		if (*s == '"')
			in_str = true;
		else if (*s == '(' || *s == '[')
			depth++;
		else if ((*s == ')' || *s == ']') && depth > 0)
			depth--;
		if (*s && (*s != ',' || depth > 0 || in_str))
			continue;
		{
			const char *item = skip_blanks(start);
			size_t nl = ident_len(item);
			const char *eq = skip_blanks(item + nl);
			char *value;

			value = nl && *eq == '=' && *n < max ?
				trimmed(eq + 1, (size_t)(s - eq - 1)) : NULL;
			if (!value || !*value) {
				free(value);
				while (*n)
					free(v[--*n]);
				*bad = item;
				return -EINVAL;
			}
			v[(*n)++] = xasprintf("%.*s=%s", (int)nl, item, value);
			free(value);
		}
		if (!*s)
			return 0;
		start = s + 1;
	}
}

/*
 * The accepted inputs checked again with defines in place of the lets.
 * On success *p is a program whose made objects match the session's.
 */
static int recheck(struct repl *R, char *const *defines, size_t n,
		   struct source_set *srcs, const struct source **text,
		   struct ir_program **p)
{
	struct strbuf why;
	struct diag d;
	int rc;

	diag_init(&d);
	rc = check_text(R, "", defines, n, srcs, text, &d, p);
	print_diags(R, &d, *text, NULL, true);
	diag_free(&d);
	if (rc)
		return rc;
	sb_init(&why);
	if (changes_made(repl_scenario(R), &(*p)->points[0], &why)) {
		fprintf(R->err, "scn: not done: %s, and this value would change it\n", why.buf);
		fprintf(R->err, "hint: save the session, change the parameter there, and use scn run\n");
		rc = -EBUSY;
	}
	sb_free(&why);
	if (!rc && !can_run(R, &(*p)->points[0], *text, NULL))
		rc = -EPERM;
	if (rc) {
		ir_program_free(*p);
		*p = NULL;
	}
	return rc;
}

static enum repl_result let(struct repl *R, const char *args)
{
	struct source_set srcs;
	const struct source *text;
	struct ir_program *p = NULL;
	char *one[1], **lets;
	const char *bad = NULL;
	size_t n, got;

	if (parse_assignments(args, one, 1, &got, &bad)) {
		fprintf(R->err, "scn: let takes NAME = VALUE\n");
		goto fail;
	}
	if (!R->prog) {
		fprintf(R->err, "scn: let: no parameter '%.*s' yet; declare it: param %s\n",
			(int)strcspn(one[0], "="), one[0], one[0]);
		free(one[0]);
		goto fail;
	}
	lets = lets_with(R, one, 1, &n);
	source_set_init(&srcs);
	if (recheck(R, lets, n, &srcs, &text, &p)) {
		source_set_free(&srcs);
		free_strings(lets, n);
		free(one[0]);
		goto fail;
	}
	exec_session_adopt(R->ses, &p->points[0]);
	take_program(R, p, &srcs, text);
	free_strings(R->lets, R->nlets);
	R->lets = lets;
	R->nlets = n;
	add_event(R, (struct repl_event){ .kind = REPL_EV_LET, .define = one[0] });
	return REPL_OK;
fail:
	R->failures++;
	return REPL_FAILED;
}

static int phase_index(const struct repl *R, const char *name)
{
	const struct ir_scenario *sc = repl_scenario(R);
	struct suggest s;
	size_t i;

	suggest_init(&s, name);
	for (i = 0; sc && i < sc->nphases; i++) {
		if (!strcmp(sc->phases[i].name, name))
			return (int)i;
		suggest_offer(&s, sc->phases[i].name);
	}
	fprintf(R->err, "scn: run: no phase '%s'\n", name);
	if (suggest_result(&s))
		fprintf(R->err, "hint: did you mean '%s'?\n", suggest_result(&s));
	else if (!sc || !sc->nphases)
		fprintf(R->err, "hint: define one first: phase NAME { ... }\n");
	return -1;
}

/* "run PHASE [with NAME = VALUE, ...]": the phase once more. */
static enum repl_result run(struct repl *R, const char *args)
{
	const char *a = skip_blanks(args), *rest, *bad = NULL;
	size_t nl = ident_len(a), nwith = 0, n;
	char *name, *with[64], **defs;
	struct ir_program *p = NULL;
	const struct source *text = R->text_src;
	struct source_set srcs;
	struct diag d;
	int idx, st;

	rest = skip_blanks(a + nl);
	if (!nl || (*rest && *rest != '\n' &&
		    (strncmp(rest, "with", 4) || (rest[4] != ' ' && rest[4] != '\t')))) {
		fprintf(R->err, "scn: run takes PHASE [with NAME = VALUE, ...]\n");
		R->failures++;
		return REPL_FAILED;
	}
	name = xstrndup(a, nl);
	idx = phase_index(R, name);
	if (idx >= 0 && *rest && *rest != '\n' &&
	    parse_assignments(rest + 4, with, ARRAY_SIZE(with), &nwith, &bad)) {
		fprintf(R->err, "scn: run ... with takes NAME = VALUE, ...\n");
		idx = -1;
	}
	if (idx < 0) {
		free(name);
		R->failures++;
		return REPL_FAILED;
	}
	source_set_init(&srcs);
	if (nwith) {
		defs = lets_with(R, with, nwith, &n);
		st = recheck(R, defs, n, &srcs, &text, &p);
		free_strings(defs, n);
		if (st)
			goto out;
		exec_session_adopt(R->ses, &p->points[0]);
	}
	diag_init(&d);
	st = exec_session_run_phase(R->ses, idx, &d);
	print_diags(R, &d, text, NULL, false);
	diag_free(&d);
	if (p)
		exec_session_adopt(R->ses, repl_scenario(R));
	if (st == EXEC_INTERRUPTED)
		fprintf(R->err, "scn: interrupted: this run of '%s' was dropped; every knob is as it was\n", name);
	if (st == EXEC_PASS || st == EXEC_FAIL) {
		struct strbuf sb;

		sb_init(&sb);
		for (size_t i = 0; i < nwith; i++)
			sb_printf(&sb, "%s%s", i ? ", " : "", with[i]);
		add_event(R, (struct repl_event){ .kind = REPL_EV_RUN,
			.phase = xstrdup(name), .with = nwith ? sb_steal(&sb) : NULL });
		sb_free(&sb);
		R->last_phase = idx;
	}
out:
	ir_program_free(p);
	source_set_free(&srcs);
	for (size_t i = 0; i < nwith; i++)
		free(with[i]);
	free(name);
	if (st == EXEC_PASS)
		return REPL_OK;
	R->failures++;
	return REPL_FAILED;
}

/* --- inputs --------------------------------------------------------------- */

/* The last line of text ends with ',' or '\' outside a string and comment. */
static bool continues(const char *text)
{
	size_t len = strlen(text), start, end, i;
	bool in_str = false;

	while (len && (text[len - 1] == '\n' || text[len - 1] == '\r'))
		len--;
	for (start = len; start && text[start - 1] != '\n'; start--)
		;
	end = len;
	for (i = start; i < len; i++) {
		if (in_str) {
			if (text[i] == '\\' && i + 1 < len)
				i++;
			else if (text[i] == '"')
				in_str = false;
		} else if (text[i] == '"') {
			in_str = true;
		} else if (text[i] == '#') {
			end = i;
			break;
		}
	}
	while (end > start && isspace((unsigned char)text[end - 1]))
		end--;
	return end > start && (text[end - 1] == ',' || text[end - 1] == '\\');
}

bool repl_incomplete(const char *text)
{
	struct source_set set;
	struct ast_list stmts = { 0 };
	struct source *src;
	struct arena ar;
	struct diag d;
	bool open = false;

	source_set_init(&set);
	arena_init(&ar);
	diag_init(&d);
	src = source_add_text(&set, "<repl>", NULL, text, strlen(text));
	parse_source(src, &ar, &d, &stmts, &open);
	diag_free(&d);
	arena_free(&ar);
	source_set_free(&set);
	return open || continues(text);
}

static bool is_command(const char *word, size_t n)
{
	for (size_t i = 0; repl_commands[i]; i++)
		if (strlen(repl_commands[i]) == n && !strncmp(repl_commands[i], word, n))
			return true;
	return n == 1 && *word == '?';
}

bool repl_is_command(const char *text)
{
	const char *w = skip_blanks(text);
	size_t n = *w == '?' ? 1 : ident_len(w);

	return is_command(w, n) && (!w[n] || isspace((unsigned char)w[n]));
}

enum repl_result repl_input(struct repl *R, const char *text, int line)
{
	const char *w = skip_blanks(text), *args;
	size_t n = *w == '?' ? 1 : ident_len(w);
	char *arg;

	if (!repl_is_command(text))
		return statements(R, text, line);
	args = skip_blanks(w + n);
	if (!strncmp(w, "quit", n) || !strncmp(w, "exit", n))
		return REPL_QUIT;
	if (!strncmp(w, "run", n))
		return run(R, args);
	if (!strncmp(w, "let", n))
		return let(R, args);
	if (!strncmp(w, "show", n)) {
		repl_show(R, args);
		return REPL_OK;
	}
	arg = trimmed(args, strlen(args));
	if (!strncmp(w, "save", n)) {
		int rc = -EINVAL;

		if (!*arg)
			fprintf(R->err, "scn: save takes a FILE, as: save session.scn\n");
		else
			rc = repl_save(R, arg);
		free(arg);
		if (rc)
			R->failures++;
		return rc ? REPL_FAILED : REPL_OK;
	}
	repl_help(R, arg);
	free(arg);
	return REPL_OK;
}

/* --- the session ---------------------------------------------------------- */

int repl_open(struct repl *R, const struct rt_features *f,
	      const struct exec_opts *eo, FILE *out, FILE *err, bool tty)
{
	struct diag d;
	int rc;

	memset(R, 0, sizeof(*R));
	R->out = out;
	R->err = err;
	R->tty = tty;
	R->features = f;
	R->co.facts = f->facts;
	R->co.features = f;
	R->last_phase = -1;
	sb_init(&R->text);
	source_set_init(&R->srcs);
	diag_init(&d);
	rc = exec_session_open(eo, &d, &R->ses);
	diag_print(&d, err);
	diag_free(&d);
	return rc;
}

int repl_close(struct repl *R)
{
	struct diag d;
	size_t i;
	int rc;

	diag_init(&d);
	exec_session_close(R->ses, &d);
	R->ses = NULL;
	print_diags(R, &d, R->text_src, NULL, false);
	rc = d.nerrors ? -EIO : 0;
	diag_free(&d);
	ir_program_free(R->prog);
	source_set_free(&R->srcs);
	for (i = 0; i < R->nchunks; i++)
		free(R->chunks[i].text);
	free(R->chunks);
	for (i = 0; i < R->nevents; i++) {
		free(R->events[i].phase);
		free(R->events[i].with);
		free(R->events[i].define);
	}
	free(R->events);
	free_strings(R->lets, R->nlets);
	sb_free(&R->text);
	return rc;
}

void repl_names(const struct repl *R, void (*fn)(void *ctx, const char *name),
		void *ctx)
{
	const struct ir_scenario *sc = repl_scenario(R);
	size_t i;

	for (i = 0; sc && i < sc->nparams; i++)
		fn(ctx, sc->params[i].name);
	for (i = 0; sc && i < sc->nbackings; i++)
		fn(ctx, sc->backings[i].name);
	for (i = 0; sc && i < sc->nvms; i++)
		fn(ctx, sc->vms[i].name);
	for (i = 0; sc && i < sc->nphases; i++)
		fn(ctx, sc->phases[i].name);
	for (i = 0; i < KNOB__COUNT; i++)
		fn(ctx, knob_info[i].name);
}
