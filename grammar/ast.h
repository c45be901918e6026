// SPDX-License-Identifier: GPL-2.0-only
/*
 * ast: the syntax tree of a .scn file, as written. It knows nothing of
 * meaning: statement keys, backing types and enum words are checked by
 * interp/, which reads these nodes. Every node has its source span.
 *
 * Commands share one shape: a head keyword, then items that are either
 * positional primaries ("host mprotect mfd ro") or key=value attributes
 * ("size=slot"); the checker interprets them from tables.
 */
#ifndef SCN_AST_H
#define SCN_AST_H

#include <stdbool.h>
#include <stdint.h>

#include "../common/arena.h"
#include "../common/source.h"

#define AST_KIND_LIST(X)                                                      \
	/* expressions */                                                     \
	X(LIT, "literal")                                                     \
	X(STRING, "string")		/* kids: TEXT and INTERP parts */     \
	X(TEXT, "text")			/* name: the literal text */          \
	X(INTERP, "interpolation")	/* a: expr; name: format or NULL */   \
	X(NAME, "name")                                                       \
	X(MEMBER, "member")		/* a.name */                          \
	X(INDEX, "index")		/* a[b] */                            \
	X(UNARY, "unary")		/* op a */                            \
	X(BINARY, "binary")		/* a op b */                          \
	X(COND, "conditional")		/* a ? b : c */                       \
	X(CALL, "call")			/* name(kids) */                      \
	X(LIST, "list")			/* [kids] */                          \
	X(RANGE, "range")		/* a..b */                            \
	X(ATTR, "attribute")		/* name=a */                          \
	/* statements */                                                      \
	X(PARAM, "param")		/* name = a */                        \
	X(REQUIRE, "require")		/* kids: REQ */                       \
	X(REQ, "requirement")		/* name [op] [a] */                   \
	X(SET, "set")			/* kids: ATTR with dotted names */    \
	X(POLICY, "policy")		/* kids: items */                     \
	X(BACKING, "backing")		/* name items */                      \
	X(REGION, "region")                                                   \
	X(VM, "vm")                                                           \
	X(UFFD, "uffd")			/* name: the target */                \
	X(CGROUP, "cgroup")		/* name items */                      \
	X(PHASE, "phase")		/* name items body */                 \
	X(GUEST, "guest")		/* a: vCPU subset; kids: items */     \
	X(HOST, "host")                                                       \
	X(VCPU, "vcpu")			/* a: vCPU subset */                  \
	X(KSM, "ksm")                                                         \
	X(SLEEP, "sleep")		/* a */                               \
	X(WAIT, "wait")			/* a: condition; kids: items */       \
	X(CONCURRENTLY, "concurrently")	/* body: one branch per statement */ \
	X(BLOCK, "block")		/* body */                            \
	X(EXPECT, "expect")		/* a: condition; kids: items */       \
	X(PRINT, "print")		/* a: string */                       \
	X(METRIC, "metric")		/* name: PHASE.NAME; a: value; kids */\
	X(INCLUDE, "include")		/* a: path; kids: ATTR overrides */   \
	X(REPEAT, "repeat")		/* a: count; body */                  \
	X(SWEEP, "sweep")		/* name in kids */                    \
	X(TABLE, "table")		/* kids: items */                     \
	X(IF, "if")			/* a: cond; body; c: else block */    \
	X(UNKNOWN, "unknown statement")	/* name items: reported by check */

enum ast_kind {
#define AST_ENUM(id, text) AST_##id,
	AST_KIND_LIST(AST_ENUM)
#undef AST_ENUM
};

const char *ast_kind_name(enum ast_kind k);

/* Operators of UNARY, BINARY and REQ nodes. */
enum ast_op {
	OP_NONE,
	OP_NEG, OP_NOT,
	OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD,
	OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE,
	OP_AND, OP_OR,
};

const char *ast_op_text(enum ast_op op);

/* The literal kinds the scanner produces, with their units applied. */
enum lit_kind {
	LIT_INT,	/* plain, hex or count (100k, 1e6) */
	LIT_REAL,
	LIT_SIZE,	/* bytes */
	LIT_DURATION,	/* nanoseconds */
	LIT_RATE,	/* per second, as a real */
	LIT_BOOL,
};

struct lit {
	enum lit_kind kind;
	union {
		int64_t i;	/* all but REAL and RATE */
		double r;
	};
};

struct ast_list {
	struct ast **v;
	uint32_t len, cap;
};

/*
 * A node is kept small: a 100,000-line scenario has half a million (88
 * bytes each, bench/run.sh measures the whole). A name's span is on its
 * node's source; its line and columns are kept. No kind has both kids
 * and operands b, c or a literal (the list of kinds above says which has
 * what), so they share their bytes.
 */
struct ast {
	uint8_t kind;			/* enum ast_kind */
	uint8_t op;			/* enum ast_op */
	int name_line;
	struct loc loc;
	const char *name;
	int name_first, name_last;
	struct ast *a;
	union {
		struct lit lit;		/* LIT, which has no operands */
		struct {
			struct ast *b;
			struct ast *c;	/* IF: a BLOCK, the else branch */
		};
		struct ast_list kids;	/* items, parts, arguments */
	};
	struct ast_list body;
};

/* The span of n's name (a statement's name, a key, a member). */
struct loc ast_name_loc(const struct ast *n);
void ast_set_name_loc(struct ast *n, struct loc loc);

/* Nodes live in the arena; lists grow there too. */
struct ast *ast_new(struct arena *ar, enum ast_kind kind, struct loc loc);
void ast_list_push(struct arena *ar, struct ast_list *l, struct ast *n);

/* The span of a dotted name or member chain as written ("ksm.run"). */
const char *ast_dotted(struct arena *ar, const struct ast *n);

#endif
