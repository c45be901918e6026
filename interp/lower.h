// SPDX-License-Identifier: GPL-2.0-only
/*
 * lower: the checker's internals, shared by check.c (files, overrides,
 * sweeps), stmt.c (statements), decl.c (declarations), expr.c and want.c
 * (expressions, and values of the wanted types), items.c (a statement's
 * key=value items), scope.c (names), memslot.c, memcg.c and
 * faultsense.c. Not part of the API; see check.h.
 *
 * The order they call each other in: check -> stmt -> memslot, memcg ->
 * decl -> items -> want -> expr -> scope, each taking only from those
 * after it, and from the leaves that take from none of them: facts.c
 * (the machine's facts as values), require.c (the requirements
 * collected) and ast_text.c (a node's text). Statements nest (a phase's
 * body, a repeat's), so stmt.c calls itself; no two files call each
 * other.
 */
#ifndef SCN_LOWER_H
#define SCN_LOWER_H

#include "../common/diag.h"
#include "../grammar/ast.h"
#include "../runtime/features.h"
#include "ir.h"

enum sym_kind { SYM_PARAM, SYM_BACKING, SYM_VM, SYM_PHASE, SYM_SLOT,
		SYM_CGROUP };

struct sym {
	const char *name;
	enum sym_kind kind;
	int index;
	struct loc loc;
};

/* An open-addressing table: checks of large files stay linear. */
struct symtab {
	struct sym *v;
	size_t cap, len;
};

/* A value that replaces a parameter's default (-D, with, a sweep point). */
struct override {
	const char *name;
	struct value value;
	struct loc loc;			/* of the value */
	struct loc name_loc;		/* of what names the parameter */
	enum param_origin origin;
	bool used;
};

/* The operations of the block being lowered. */
struct op_builder {
	struct ir_op *ops;
	size_t n, cap;
};

/*
 * Where the checker has a memslot of a vm, in file order (memslot.c): an
 * added one, or one of the vm's own that a statement moved or deleted.
 */
struct slot_state {
	int vm;
	const char *name;		/* an added slot's; NULL: the vm's own */
	int guest;			/* which of the vm's own */
	int64_t gpa, size;		/* gpa < 0: where scn put it is not followed */
	bool live;
	struct loc loc;			/* of what put it there or took it */
	int next;			/* another vm's of this name: its number */
};

struct lower {
	struct arena *ar;
	struct diag *d;
	const struct rt_facts *facts;
	const struct rt_features *features;	/* has(); NULL: all present */
	struct ir_scenario *sc;
	struct symtab syms;
	size_t params_cap, backings_cap, vms_cap, uffds_cap, phases_cap,
		reqs_cap;
	struct override *ovr;		/* -D and the sweep point */
	size_t novr;
	struct op_builder *cur;		/* where statements go */
	int cur_phase;			/* -1 outside a phase */
	size_t nslots;			/* memslot names added so far */
	struct slot_state *slot_states;	/* numbered from 1 in the tables: */
	size_t nslot_states, slot_states_cap;
	int *name_states;		/* [name's symbol index]: the first */
	size_t name_states_n;
	int **guest_states;		/* [vm][its own slot] */
	size_t guest_states_n;
	int64_t repeat_runs;		/* product of enclosing repeat counts,
					 * INT64_MAX when it overflows */
	int in_repeat;			/* repeats around this statement */
	bool vm_failed;			/* a vm declaration was reported */
	int expr_depth;			/* of lower_expr's recursion */
	const struct ast_list *file;	/* the whole file, to find later phases */
	bool quiet;			/* a later sweep point: no duplicates */
	const char **metrics;		/* "phase.name" of each metric statement */
	size_t nmetrics, metrics_cap;
};

/* Symbols. */
void symtab_init(struct symtab *t);
void symtab_free(struct symtab *t);
const struct sym *sym_find(const struct symtab *t, const char *name);
/* Adds a name, or reports the earlier one; returns false on a clash. */
bool sym_add(struct lower *L, const char *name, enum sym_kind kind, int index,
	     struct loc loc);
const char *sym_kind_name(enum sym_kind k);

/* Expressions (expr.c). */
enum expr_ctx {
	EXPR_STATIC,	/* must fold to a constant: params and facts */
	EXPR_DYNAMIC,	/* may read phase results and counters */
};
struct ir_expr *lower_expr(struct lower *L, const struct ast *e,
			   enum expr_ctx ctx);
struct ir_expr *ir_const(struct lower *L, struct value v, struct loc loc);
/*
 * An expectation's condition (EXPR_DYNAMIC): a comparison of constants
 * keeps its operands, so that a failure can show both sides.
 */
struct ir_expr *lower_condition(struct lower *L, const struct ast *e);
/* Folds e to a constant of one of the wanted types; false after an error. */
bool static_value(struct lower *L, const struct ast *e, const char *what,
		  struct value *out);
bool want_int(struct lower *L, const struct ast *e, const char *what,
	      int64_t min, int64_t max, int64_t *out);
bool want_size(struct lower *L, const struct ast *e, const char *what,
	       int64_t *out);
bool want_duration(struct lower *L, const struct ast *e, const char *what,
		   int64_t *out);
bool want_bool(struct lower *L, const struct ast *e, const char *what,
	       bool *out);
/* One of words (NULL-terminated); *out is its index. */
bool want_word(struct lower *L, const struct ast *e, const char *what,
	       const char *const *words, int *out);
bool want_string(struct lower *L, const struct ast *e, const char *what,
		 const char **out);
/* A print string with {expr:fmt} parts. */
bool lower_text(struct lower *L, const struct ast *s, struct ir_text *out,
		enum expr_ctx ctx);
/* A node's text as the file has it, in L's arena (ast_text.c). */
const char *expr_text(struct lower *L, const struct ast *e);
/* The machine facts by name; false if name is not one (facts.c). */
bool fact_value(const struct rt_facts *f, const char *name, struct value *out);
extern const char *const fact_names[];

/* Statements (stmt.c). */
void lower_stmts(struct lower *L, const struct ast_list *stmts, bool top);
void lower_param(struct lower *L, const struct ast *n);
/* host memslot (memslot.c); it reads the statement's items. */
struct items;
void lower_memslot(struct lower *L, const struct ast *n, struct items *it);
/*
 * The target of host dirtylog: a vm, or VM.slot[I] (*slot: I, else -1).
 * Returns the vm, or -1 after an error.
 */
int lower_dirtylog_target(struct lower *L, const struct ast *t,
			  const struct ast *stmt, int *slot);
/*
 * Warns where a phase's faults are read (P.faults, expect fault) that
 * nothing in the scenario can make non-zero (faultsense.c).
 */
void warn_faults_unseen(struct lower *L);
/* Declarations (decl.c). */
void lower_require(struct lower *L, const struct ast *n);
void lower_set(struct lower *L, const struct ast *n);
void lower_policy(struct lower *L, const struct ast *n);
void lower_backing(struct lower *L, const struct ast *n);
void lower_vm(struct lower *L, const struct ast *n);
void lower_uffd(struct lower *L, const struct ast *n);
/* A requirement, once however often it is added (require.c). */
void add_require(struct lower *L, int feature, const char *fact,
		 enum ast_op cmp, int64_t arg, bool explicit_, struct loc loc,
		 const char *why);
/* An implied requirement: what needs it is why (require.c). */
void need(struct lower *L, enum rt_feature f, struct loc loc, const char *why);
/* The backing (or region, if regions_ok) that n names; -1 after an error. */
int find_backing(struct lower *L, const struct ast *n, bool regions_ok);
/* The vm n names, or the only vm when n is NULL; -1 after an error. */
int find_vm(struct lower *L, const struct ast *n, const struct ast *at);
/* Reports v not being a multiple of align; false then. */
bool aligned(struct lower *L, const struct ast *at, const char *what,
	     int64_t v, int64_t align);
/* ring=0, 3 or auto. */
bool want_ring(struct lower *L, const struct ast *a, enum ring *out);

/* Appends to an arena array, doubling; cap is the caller's counter. */
#define PUSH_ARENA(L, arr, len, cap, val)                                     \
	do {                                                                  \
		if ((len) == (cap)) {                                         \
			size_t ncap_ = (cap) ? (cap) * 2 : 8;                 \
			void *n_ = arena_alloc((L)->ar, ncap_ * sizeof(*(arr))); \
			if (len)                                              \
				memcpy(n_, (arr), (len) * sizeof(*(arr)));    \
			(arr) = n_;                                           \
			(cap) = ncap_;                                        \
		}                                                             \
		(arr)[(len)++] = (val);                                       \
	} while (0)
#define PUSH_OP(L, op)                                                        \
	PUSH_ARENA(L, (L)->cur->ops, (L)->cur->n, (L)->cur->cap, op)

#endif
