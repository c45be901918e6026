// SPDX-License-Identifier: GPL-2.0-only
/*
 * The front end end to end, in memory: a scenario text goes through
 * check_source(), and what the IR holds is read back. Interpolation is
 * checked by formatting each constant part of a print as the runtime
 * will; parameter folding, -D overrides, machine facts and the error cap
 * are checked the same way.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/diag.h"
#include "../../common/source.h"
#include "../../interp/check.h"
#include "../../interp/ir.h"
#include "tap.h"

struct run {
	struct source_set srcs;
	struct diag d;
	struct ir_program *p;
	int rc;
};

static void run_check(struct run *r, const char *text,
		      const char *const *defines, size_t ndefines)
{
	struct check_opts o;
	struct source *src;

	memset(r, 0, sizeof(*r));
	memset(&o, 0, sizeof(o));
	check_reference_facts(&o.facts);
	o.defines = defines;
	o.ndefines = ndefines;
	source_set_init(&r->srcs);
	diag_init(&r->d);
	src = source_add_text(&r->srcs, "<test>", NULL, text, strlen(text));
	r->rc = check_source(&r->srcs, src, &o, &r->d, &r->p);
}

static void run_free(struct run *r)
{
	ir_program_free(r->p);
	diag_free(&r->d);
	source_set_free(&r->srcs);
}

static void show_diags(const struct run *r)
{
	size_t i;

	for (i = 0; i < r->d.len; i++)
		printf("#   %d:%d: %s\n", r->d.recs[i].loc.first_line,
		       r->d.recs[i].loc.first_column, r->d.recs[i].msg);
}

/*
 * The text a print statement would show, when all its parts are
 * constants; NULL if a part is known only at run time.
 */
static char *print_text(const struct ir_op *op)
{
	struct strbuf sb;
	size_t i;

	sb_init(&sb);
	for (i = 0; i < op->print.n; i++) {
		const struct ir_text_part *tp = &op->print.parts[i];

		if (tp->text) {
			sb_puts(&sb, tp->text);
		} else if (tp->expr->kind == IRX_CONST) {
			value_format(&sb, &tp->expr->v, tp->format);
		} else {
			sb_free(&sb);
			return NULL;
		}
	}
	return sb_steal(&sb);
}

/* The nth print of the first sweep point, top level. */
static const struct ir_op *nth_print(const struct run *r, int n)
{
	const struct ir_block *b;
	size_t i;

	if (r->rc || !r->p || !r->p->npoints)
		return NULL;
	b = &r->p->points[0].ops;
	for (i = 0; i < b->n; i++)
		if (b->ops[i].kind == IR_PRINT && n-- == 0)
			return &b->ops[i];
	return NULL;
}

/* One print statement after the given preamble shows want. */
static void want_print(const char *preamble, const char *print,
		       const char *want)
{
	struct run r;
	char *text = xasprintf("%s\nprint \"%s\"\n", preamble, print);
	const struct ir_op *op;
	char *got = NULL;

	run_check(&r, text, NULL, 0);
	op = nth_print(&r, 0);
	if (op)
		got = print_text(op);
	TAP_STR(got, want, "print \"%s\"", print);
	if (r.rc)
		show_diags(&r);
	free(got);
	free(text);
	run_free(&r);
}

static const char *const consts =
	"param d = 16297574092ns\n"
	"param neg = -1500ms\n"
	"param r = 2.5\n"
	"param n = 42\n"
	"param sz = 4G\n"
	"param mode = missing\n"
	"param on = yes\n"
	"param name = \"demand\"\n";

static void test_interpolation(void)
{
	want_print(consts, "{d}", "16.297574092s");
	want_print(consts, "{neg}", "-1.500000000s");
	want_print(consts, "{-d}", "-16.297574092s");
	want_print(consts, "{d.ns:%ld}", "16297574092");
	want_print(consts, "{d.ns}", "16297574092");
	want_print(consts, "{d.us}", "16297574");
	want_print(consts, "{d.ms}", "16297");
	want_print(consts, "{d.seconds:%.3f}", "16.298");
	want_print(consts, "{d:%f}", "16.297574");
	want_print(consts, "{r}", "2.500000");
	want_print(consts, "{r:%.3f}", "2.500");
	want_print(consts, "{n}", "42");
	want_print(consts, "{n:%5d}|", "   42|");
	want_print(consts, "{n:%x}", "2a");
	want_print(consts, "{n:%s}", "42");
	want_print(consts, "{sz}", "4294967296");
	want_print(consts, "{sz / 1M} MiB", "4096 MiB");
	want_print(consts, "{sz / 1G / 3}", "1");
	want_print(consts, "{sz / 3G * 1.0}", "1.000000");
	want_print(consts, "{n / 4}", "10");
	want_print(consts, "{n / 4.0}", "10.500000");
	want_print(consts, "{mode}", "missing");
	want_print(consts, "{mode:%-8s}|", "missing |");
	want_print(consts, "{on}", "yes");
	want_print(consts, "{name}-{n}", "demand-42");
	want_print(consts, "{{n}} = {n}", "{n} = 42");
	want_print(consts, "a\\tb\\n", "a\tb\n");
	want_print(consts, "{ncpus} cpus, {mem_total / 1G}G, page {page_size}",
		   "4 cpus, 16G, page 4096");
	want_print(consts, "{max(1, ncpus * 3 / 4)}", "3");
	want_print(consts, "{min(2G, 1G) / 1M}", "1024");
	want_print(consts, "{mode == minor ? 1 : 2}", "2");
	want_print(consts, "{100k}/{2m}/{1e6}", "100000/2000000/1000000");
	want_print(consts, "{1.5G}", "1610612736");
	want_print(consts, "{10ms}", "0.010000000s");
	want_print(consts, "{0x2a}", "42");
}

/* A print whose value exists only at run time stays an expression. */
static void test_runtime_parts(void)
{
	struct run r;
	const struct ir_op *op;
	const char *text =
		"backing mem type=anon size=1G\n"
		"vm guest backing=mem vcpus=2\n"
		"phase fault { guest write }\n"
		"print \"{fault.time} {fault.accesses / fault.seconds:%f}\"\n";

	run_check(&r, text, NULL, 0);
	TAP_INT(r.rc, 0, "a print of phase results checks");
	op = nth_print(&r, 0);
	tap_ok(op && op->print.n == 3 && op->print.parts[0].expr &&
		       op->print.parts[0].expr->kind == IRX_METRIC &&
		       op->print.parts[0].expr->type == VT_DURATION,
	       "{fault.time} is a duration metric read at run time");
	tap_ok(op && op->print.n == 3 && op->print.parts[2].expr &&
		       op->print.parts[2].expr->type == VT_REAL &&
		       op->print.parts[2].format &&
		       !strcmp(op->print.parts[2].format, "%f"),
	       "accesses / seconds is a real printed with %%f");
	if (r.rc)
		show_diags(&r);
	run_free(&r);
}

/* The parameter named name in the first point. */
static const struct ir_param *param(const struct run *r, const char *name)
{
	size_t i;

	if (r->rc || !r->p || !r->p->npoints)
		return NULL;
	for (i = 0; i < r->p->points[0].nparams; i++)
		if (!strcmp(r->p->points[0].params[i].name, name))
			return &r->p->points[0].params[i];
	return NULL;
}

static void test_defines(void)
{
	static const char *const good[] = { "mem=128G", "ratio=2", "mode=minor" };
	static const char *const unknown[] = { "memm=2G" };
	static const char *const wrong[] = { "mem=4096" };
	static const char *const later[] = { "mem=8G" };
	const char *text = "param mem = 4G\nparam ratio = 0.5\n"
			   "param mode = missing\nparam half = mem / 2\n";
	const struct ir_param *p;
	struct run r;

	run_check(&r, text, good, 3);
	TAP_INT(r.rc, 0, "-D mem=128G -D ratio=2 -D mode=minor check");
	p = param(&r, "mem");
	tap_ok(p && p->value.type == VT_SIZE && p->value.i == 128LL << 30 &&
		       p->origin == ORIGIN_COMMAND_LINE,
	       "mem is 128G from the command line");
	p = param(&r, "ratio");
	tap_ok(p && p->value.type == VT_REAL && p->value.r == 2.0,
	       "an integer -D for a real parameter becomes a real");
	p = param(&r, "mode");
	tap_ok(p && p->value.type == VT_WORD && !strcmp(p->value.s, "minor"),
	       "mode is the word minor");
	run_free(&r);

	run_check(&r, text, later, 1);
	p = param(&r, "half");
	tap_ok(p && p->value.i == 4LL << 30,
	       "a later parameter sees the override: half = 8G / 2");
	run_free(&r);

	run_check(&r, text, unknown, 1);
	tap_ok(r.rc == -EINVAL && r.d.nerrors == 1 &&
		       strstr(r.d.recs[0].msg, "no parameter 'memm'"),
	       "-D of an unknown name is an error");
	run_free(&r);

	run_check(&r, text, wrong, 1);
	tap_ok(r.rc == -EINVAL && r.d.nerrors == 1 &&
		       strstr(r.d.recs[0].msg, "'mem' is a size"),
	       "-D mem=4096 is an integer where a size is due");
	run_free(&r);
}

static void test_error_cap(void)
{
	struct strbuf sb;
	struct run r;
	int i;

	sb_init(&sb);
	for (i = 0; i < 30; i++)
		sb_printf(&sb, "param p%d = %d + 1ms\n", i, i);
	run_check(&r, sb.buf, NULL, 0);
	TAP_INT(r.rc, -EINVAL, "30 type errors fail the check");
	TAP_INT(r.d.nerrors, DIAG_MAX_ERRORS, "the errors stop at the cap");
	TAP_INT(r.d.truncated, 1, "and the diag says it was truncated");
	if (r.d.len)
		TAP_INT(r.d.recs[r.d.len - 1].loc.first_line, DIAG_MAX_ERRORS,
			"the last error kept is on line %d", DIAG_MAX_ERRORS);
	run_free(&r);
	sb_free(&sb);
}

static void test_diag_print(void)
{
	struct source_set srcs;
	struct source *src;
	struct diag d;
	struct loc loc;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	source_set_init(&srcs);
	diag_init(&d);
	src = source_add_text(&srcs, "x.scn", NULL, "param a = 1\n\tsize=4X\n", 22);
	loc = (struct loc){ .src = src, .first_line = 2, .first_column = 7,
			    .last_line = 2, .last_column = 9 };
	diag_hint(diag_error(&d, loc, "unknown unit '%s'", "X"), "use %s", "K");
	f = open_memstream(&buf, &len);
	diag_print(&d, f);
	fclose(f);
	TAP_STR(buf, "x.scn:2:7: error: unknown unit 'X'\n"
		     "    \tsize=4X\n"
		     "    \t     ^~\n"
		     "hint: use K\n",
		"an error prints its place, line, carets (keeping tabs) and hint");
	free(buf);
	diag_free(&d);
	source_set_free(&srcs);
}

int main(void)
{
	test_interpolation();
	test_runtime_parts();
	test_defines();
	test_error_cap();
	test_diag_print();
	return tap_done();
}
