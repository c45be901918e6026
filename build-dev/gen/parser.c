/* A Bison parser, made by GNU Bison 3.8.2.  */

/* Bison implementation for Yacc-like parsers in C

   Copyright (C) 1984, 1989-1990, 2000-2015, 2018-2021 Free Software Foundation,
   Inc.

   This program is free software: you can redistribute it and/or modify
   it under the terms of the GNU General Public License as published by
   the Free Software Foundation, either version 3 of the License, or
   (at your option) any later version.

   This program is distributed in the hope that it will be useful,
   but WITHOUT ANY WARRANTY; without even the implied warranty of
   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
   GNU General Public License for more details.

   You should have received a copy of the GNU General Public License
   along with this program.  If not, see <https://www.gnu.org/licenses/>.  */

/* As a special exception, you may create a larger work that contains
   part or all of the Bison parser skeleton and distribute that work
   under terms of your choice, so long as that work isn't itself a
   parser generator using the skeleton or a modified version thereof
   as a parser skeleton.  Alternatively, if you modify or redistribute
   the parser skeleton itself, you may (at your option) remove this
   special exception, which will cause the skeleton and the resulting
   Bison output files to be licensed under the GNU General Public
   License without this special exception.

   This special exception was added by the Free Software Foundation in
   version 2.2 of Bison.  */

/* C LALR(1) parser skeleton written by Richard Stallman, by
   simplifying the original so-called "semantic" parser.  */

/* DO NOT RELY ON FEATURES THAT ARE NOT DOCUMENTED in the manual,
   especially those whose name start with YY_ or yy_.  They are
   private implementation details that can be changed or removed.  */

/* All symbols defined below should begin with yy or YY, to avoid
   infringing on user name space.  This should be done even for local
   variables, as they might otherwise be expanded by user macros.
   There are some unavoidable exceptions within include files to
   define necessary library symbols; they are noted "INFRINGES ON
   USER NAME SPACE" below.  */

/* Identify Bison output, and Bison version.  */
#define YYBISON 30802

/* Bison version string.  */
#define YYBISON_VERSION "3.8.2"

/* Skeleton name.  */
#define YYSKELETON_NAME "yacc.c"

/* Pure parsers.  */
#define YYPURE 2

/* Push parsers.  */
#define YYPUSH 0

/* Pull parsers.  */
#define YYPULL 1

/* Substitute the type names.  */
#define YYSTYPE         SCN_YYSTYPE
#define YYLTYPE         SCN_YYLTYPE
/* Substitute the variable and function names.  */
#define yyparse         scn_yyparse
#define yylex           scn_yylex
#define yyerror         scn_yyerror
#define yydebug         scn_yydebug
#define yynerrs         scn_yynerrs


# ifndef YY_CAST
#  ifdef __cplusplus
#   define YY_CAST(Type, Val) static_cast<Type> (Val)
#   define YY_REINTERPRET_CAST(Type, Val) reinterpret_cast<Type> (Val)
#  else
#   define YY_CAST(Type, Val) ((Type) (Val))
#   define YY_REINTERPRET_CAST(Type, Val) ((Type) (Val))
#  endif
# endif
# ifndef YY_NULLPTR
#  if defined __cplusplus
#   if 201103L <= __cplusplus
#    define YY_NULLPTR nullptr
#   else
#    define YY_NULLPTR 0
#   endif
#  else
#   define YY_NULLPTR ((void*)0)
#  endif
# endif

#include "parser.h"
/* Symbol kind.  */
enum yysymbol_kind_t
{
  YYSYMBOL_YYEMPTY = -2,
  YYSYMBOL_YYEOF = 0,                      /* "end of file"  */
  YYSYMBOL_YYerror = 1,                    /* error  */
  YYSYMBOL_YYUNDEF = 2,                    /* "invalid token"  */
  YYSYMBOL_START_FILE = 3,                 /* START_FILE  */
  YYSYMBOL_START_EXPR = 4,                 /* START_EXPR  */
  YYSYMBOL_IDENT = 5,                      /* "name"  */
  YYSYMBOL_NUMBER = 6,                     /* "number"  */
  YYSYMBOL_BOOL = 7,                       /* "yes or no"  */
  YYSYMBOL_STR_BEGIN = 8,                  /* "string"  */
  YYSYMBOL_STR_END = 9,                    /* "end of string"  */
  YYSYMBOL_STR_TEXT = 10,                  /* "text"  */
  YYSYMBOL_INTERP_FMT = 11,                /* "format"  */
  YYSYMBOL_INTERP_BEGIN = 12,              /* "'{'"  */
  YYSYMBOL_INTERP_END = 13,                /* "'}' of an interpolation"  */
  YYSYMBOL_NL = 14,                        /* "end of line"  */
  YYSYMBOL_DOTDOT = 15,                    /* ".."  */
  YYSYMBOL_EQ = 16,                        /* "=="  */
  YYSYMBOL_NE = 17,                        /* "!="  */
  YYSYMBOL_LE = 18,                        /* "<="  */
  YYSYMBOL_GE = 19,                        /* ">="  */
  YYSYMBOL_AND = 20,                       /* "&&"  */
  YYSYMBOL_OR = 21,                        /* "||"  */
  YYSYMBOL_PARAM = 22,                     /* "param"  */
  YYSYMBOL_REQUIRE = 23,                   /* "require"  */
  YYSYMBOL_SET = 24,                       /* "set"  */
  YYSYMBOL_POLICY = 25,                    /* "policy"  */
  YYSYMBOL_BACKING = 26,                   /* "backing"  */
  YYSYMBOL_REGION = 27,                    /* "region"  */
  YYSYMBOL_VM = 28,                        /* "vm"  */
  YYSYMBOL_UFFD = 29,                      /* "uffd"  */
  YYSYMBOL_PHASE = 30,                     /* "phase"  */
  YYSYMBOL_GUEST = 31,                     /* "guest"  */
  YYSYMBOL_HOST = 32,                      /* "host"  */
  YYSYMBOL_VCPU = 33,                      /* "vcpu"  */
  YYSYMBOL_KSM = 34,                       /* "ksm"  */
  YYSYMBOL_SLEEP = 35,                     /* "sleep"  */
  YYSYMBOL_WAIT = 36,                      /* "wait"  */
  YYSYMBOL_CONCURRENTLY = 37,              /* "concurrently"  */
  YYSYMBOL_EXPECT = 38,                    /* "expect"  */
  YYSYMBOL_PRINT = 39,                     /* "print"  */
  YYSYMBOL_INCLUDE = 40,                   /* "include"  */
  YYSYMBOL_WITH = 41,                      /* "with"  */
  YYSYMBOL_REPEAT = 42,                    /* "repeat"  */
  YYSYMBOL_SWEEP = 43,                     /* "sweep"  */
  YYSYMBOL_IN = 44,                        /* "in"  */
  YYSYMBOL_TABLE = 45,                     /* "table"  */
  YYSYMBOL_IF = 46,                        /* "if"  */
  YYSYMBOL_ELSE = 47,                      /* "else"  */
  YYSYMBOL_CGROUP = 48,                    /* "cgroup"  */
  YYSYMBOL_METRIC = 49,                    /* "metric"  */
  YYSYMBOL_50_ = 50,                       /* '?'  */
  YYSYMBOL_51_ = 51,                       /* ':'  */
  YYSYMBOL_52_ = 52,                       /* '<'  */
  YYSYMBOL_53_ = 53,                       /* '>'  */
  YYSYMBOL_54_ = 54,                       /* '+'  */
  YYSYMBOL_55_ = 55,                       /* '-'  */
  YYSYMBOL_56_ = 56,                       /* '*'  */
  YYSYMBOL_57_ = 57,                       /* '/'  */
  YYSYMBOL_58_ = 58,                       /* '%'  */
  YYSYMBOL_UMINUS = 59,                    /* UMINUS  */
  YYSYMBOL_60_ = 60,                       /* '!'  */
  YYSYMBOL_61_ = 61,                       /* ';'  */
  YYSYMBOL_62_ = 62,                       /* '{'  */
  YYSYMBOL_63_ = 63,                       /* '}'  */
  YYSYMBOL_64_ = 64,                       /* '='  */
  YYSYMBOL_65_ = 65,                       /* '['  */
  YYSYMBOL_66_ = 66,                       /* ']'  */
  YYSYMBOL_67_ = 67,                       /* ','  */
  YYSYMBOL_68_ = 68,                       /* '.'  */
  YYSYMBOL_69_ = 69,                       /* '('  */
  YYSYMBOL_70_ = 70,                       /* ')'  */
  YYSYMBOL_YYACCEPT = 71,                  /* $accept  */
  YYSYMBOL_input = 72,                     /* input  */
  YYSYMBOL_nls = 73,                       /* nls  */
  YYSYMBOL_stmt_list = 74,                 /* stmt_list  */
  YYSYMBOL_sep = 75,                       /* sep  */
  YYSYMBOL_block = 76,                     /* block  */
  YYSYMBOL_stmt = 77,                      /* stmt  */
  YYSYMBOL_if_stmt = 78,                   /* if_stmt  */
  YYSYMBOL_else_opt = 79,                  /* else_opt  */
  YYSYMBOL_subset_opt = 80,                /* subset_opt  */
  YYSYMBOL_comma = 81,                     /* comma  */
  YYSYMBOL_req_list = 82,                  /* req_list  */
  YYSYMBOL_req = 83,                       /* req  */
  YYSYMBOL_cmp = 84,                       /* cmp  */
  YYSYMBOL_dotted = 85,                    /* dotted  */
  YYSYMBOL_set_list = 86,                  /* set_list  */
  YYSYMBOL_set_item = 87,                  /* set_item  */
  YYSYMBOL_with_opt = 88,                  /* with_opt  */
  YYSYMBOL_items_opt = 89,                 /* items_opt  */
  YYSYMBOL_items = 90,                     /* items  */
  YYSYMBOL_item = 91,                      /* item  */
  YYSYMBOL_pitem = 92,                     /* pitem  */
  YYSYMBOL_pprimary = 93,                  /* pprimary  */
  YYSYMBOL_expr_list = 94,                 /* expr_list  */
  YYSYMBOL_expr = 95,                      /* expr  */
  YYSYMBOL_postfix = 96,                   /* postfix  */
  YYSYMBOL_primary = 97,                   /* primary  */
  YYSYMBOL_args_opt = 98,                  /* args_opt  */
  YYSYMBOL_string = 99,                    /* string  */
  YYSYMBOL_str_parts = 100,                /* str_parts  */
  YYSYMBOL_name = 101                      /* name  */
};
typedef enum yysymbol_kind_t yysymbol_kind_t;



/* Unqualified %code blocks.  */
#line 22 "grammar/parser.y"

#include <string.h>

#include "../common/util.h"

#define YYLLOC_DEFAULT(cur, rhs, n)                                           \
	do {                                                                  \
		if (n) {                                                      \
			(cur) = loc_join(YYRHSLOC(rhs, 1), YYRHSLOC(rhs, n));   \
		} else {                                                      \
			(cur) = YYRHSLOC(rhs, 0);                             \
			(cur).first_line = (cur).last_line;                   \
			(cur).first_column = (cur).last_column;               \
		}                                                             \
	} while (0)

int scnlex_lex(SCN_YYSTYPE *lval, SCN_YYLTYPE *lloc, void *scanner);
static int yylex(SCN_YYSTYPE *lval, SCN_YYLTYPE *lloc, void *scanner,
		 struct parse_ctx *ctx);
static void yyerror(SCN_YYLTYPE *loc, void *scanner, struct parse_ctx *ctx,
		    const char *msg);

#define NODE(kind, loc) ast_new(ctx->arena, AST_##kind, loc)
#define PUSH(list, n) ast_list_push(ctx->arena, &(list), n)

static struct ast *binary(struct parse_ctx *ctx, enum ast_op op,
			  struct ast *a, struct ast *b, struct loc loc)
{
	struct ast *n = NODE(BINARY, loc);

	n->op = op;
	n->a = a;
	n->b = b;
	return n;
}

static struct ast *named(struct parse_ctx *ctx, enum ast_kind kind,
			 struct loc loc, const char *name, struct loc name_loc)
{
	struct ast *n = ast_new(ctx->arena, kind, loc);

	n->name = name;
	ast_set_name_loc(n, name_loc);
	return n;
}

#line 259 "build-dev/gen/parser.c"

#ifdef short
# undef short
#endif

/* On compilers that do not define __PTRDIFF_MAX__ etc., make sure
   <limits.h> and (if available) <stdint.h> are included
   so that the code can choose integer types of a good width.  */

#ifndef __PTRDIFF_MAX__
# include <limits.h> /* INFRINGES ON USER NAME SPACE */
# if defined __STDC_VERSION__ && 199901 <= __STDC_VERSION__
#  include <stdint.h> /* INFRINGES ON USER NAME SPACE */
#  define YY_STDINT_H
# endif
#endif

/* Narrow types that promote to a signed type and that can represent a
   signed or unsigned integer of at least N bits.  In tables they can
   save space and decrease cache pressure.  Promoting to a signed type
   helps avoid bugs in integer arithmetic.  */

#ifdef __INT_LEAST8_MAX__
typedef __INT_LEAST8_TYPE__ yytype_int8;
#elif defined YY_STDINT_H
typedef int_least8_t yytype_int8;
#else
typedef signed char yytype_int8;
#endif

#ifdef __INT_LEAST16_MAX__
typedef __INT_LEAST16_TYPE__ yytype_int16;
#elif defined YY_STDINT_H
typedef int_least16_t yytype_int16;
#else
typedef short yytype_int16;
#endif

/* Work around bug in HP-UX 11.23, which defines these macros
   incorrectly for preprocessor constants.  This workaround can likely
   be removed in 2023, as HPE has promised support for HP-UX 11.23
   (aka HP-UX 11i v2) only through the end of 2022; see Table 2 of
   <https://h20195.www2.hpe.com/V2/getpdf.aspx/4AA4-7673ENW.pdf>.  */
#ifdef __hpux
# undef UINT_LEAST8_MAX
# undef UINT_LEAST16_MAX
# define UINT_LEAST8_MAX 255
# define UINT_LEAST16_MAX 65535
#endif

#if defined __UINT_LEAST8_MAX__ && __UINT_LEAST8_MAX__ <= __INT_MAX__
typedef __UINT_LEAST8_TYPE__ yytype_uint8;
#elif (!defined __UINT_LEAST8_MAX__ && defined YY_STDINT_H \
       && UINT_LEAST8_MAX <= INT_MAX)
typedef uint_least8_t yytype_uint8;
#elif !defined __UINT_LEAST8_MAX__ && UCHAR_MAX <= INT_MAX
typedef unsigned char yytype_uint8;
#else
typedef short yytype_uint8;
#endif

#if defined __UINT_LEAST16_MAX__ && __UINT_LEAST16_MAX__ <= __INT_MAX__
typedef __UINT_LEAST16_TYPE__ yytype_uint16;
#elif (!defined __UINT_LEAST16_MAX__ && defined YY_STDINT_H \
       && UINT_LEAST16_MAX <= INT_MAX)
typedef uint_least16_t yytype_uint16;
#elif !defined __UINT_LEAST16_MAX__ && USHRT_MAX <= INT_MAX
typedef unsigned short yytype_uint16;
#else
typedef int yytype_uint16;
#endif

#ifndef YYPTRDIFF_T
# if defined __PTRDIFF_TYPE__ && defined __PTRDIFF_MAX__
#  define YYPTRDIFF_T __PTRDIFF_TYPE__
#  define YYPTRDIFF_MAXIMUM __PTRDIFF_MAX__
# elif defined PTRDIFF_MAX
#  ifndef ptrdiff_t
#   include <stddef.h> /* INFRINGES ON USER NAME SPACE */
#  endif
#  define YYPTRDIFF_T ptrdiff_t
#  define YYPTRDIFF_MAXIMUM PTRDIFF_MAX
# else
#  define YYPTRDIFF_T long
#  define YYPTRDIFF_MAXIMUM LONG_MAX
# endif
#endif

#ifndef YYSIZE_T
# ifdef __SIZE_TYPE__
#  define YYSIZE_T __SIZE_TYPE__
# elif defined size_t
#  define YYSIZE_T size_t
# elif defined __STDC_VERSION__ && 199901 <= __STDC_VERSION__
#  include <stddef.h> /* INFRINGES ON USER NAME SPACE */
#  define YYSIZE_T size_t
# else
#  define YYSIZE_T unsigned
# endif
#endif

#define YYSIZE_MAXIMUM                                  \
  YY_CAST (YYPTRDIFF_T,                                 \
           (YYPTRDIFF_MAXIMUM < YY_CAST (YYSIZE_T, -1)  \
            ? YYPTRDIFF_MAXIMUM                         \
            : YY_CAST (YYSIZE_T, -1)))

#define YYSIZEOF(X) YY_CAST (YYPTRDIFF_T, sizeof (X))


/* Stored state numbers (used for stacks). */
typedef yytype_uint8 yy_state_t;

/* State numbers in computations.  */
typedef int yy_state_fast_t;

#ifndef YY_
# if defined YYENABLE_NLS && YYENABLE_NLS
#  if ENABLE_NLS
#   include <libintl.h> /* INFRINGES ON USER NAME SPACE */
#   define YY_(Msgid) dgettext ("bison-runtime", Msgid)
#  endif
# endif
# ifndef YY_
#  define YY_(Msgid) Msgid
# endif
#endif


#ifndef YY_ATTRIBUTE_PURE
# if defined __GNUC__ && 2 < __GNUC__ + (96 <= __GNUC_MINOR__)
#  define YY_ATTRIBUTE_PURE __attribute__ ((__pure__))
# else
#  define YY_ATTRIBUTE_PURE
# endif
#endif

#ifndef YY_ATTRIBUTE_UNUSED
# if defined __GNUC__ && 2 < __GNUC__ + (7 <= __GNUC_MINOR__)
#  define YY_ATTRIBUTE_UNUSED __attribute__ ((__unused__))
# else
#  define YY_ATTRIBUTE_UNUSED
# endif
#endif

/* Suppress unused-variable warnings by "using" E.  */
#if ! defined lint || defined __GNUC__
# define YY_USE(E) ((void) (E))
#else
# define YY_USE(E) /* empty */
#endif

/* Suppress an incorrect diagnostic about yylval being uninitialized.  */
#if defined __GNUC__ && ! defined __ICC && 406 <= __GNUC__ * 100 + __GNUC_MINOR__
# if __GNUC__ * 100 + __GNUC_MINOR__ < 407
#  define YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN                           \
    _Pragma ("GCC diagnostic push")                                     \
    _Pragma ("GCC diagnostic ignored \"-Wuninitialized\"")
# else
#  define YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN                           \
    _Pragma ("GCC diagnostic push")                                     \
    _Pragma ("GCC diagnostic ignored \"-Wuninitialized\"")              \
    _Pragma ("GCC diagnostic ignored \"-Wmaybe-uninitialized\"")
# endif
# define YY_IGNORE_MAYBE_UNINITIALIZED_END      \
    _Pragma ("GCC diagnostic pop")
#else
# define YY_INITIAL_VALUE(Value) Value
#endif
#ifndef YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
# define YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
# define YY_IGNORE_MAYBE_UNINITIALIZED_END
#endif
#ifndef YY_INITIAL_VALUE
# define YY_INITIAL_VALUE(Value) /* Nothing. */
#endif

#if defined __cplusplus && defined __GNUC__ && ! defined __ICC && 6 <= __GNUC__
# define YY_IGNORE_USELESS_CAST_BEGIN                          \
    _Pragma ("GCC diagnostic push")                            \
    _Pragma ("GCC diagnostic ignored \"-Wuseless-cast\"")
# define YY_IGNORE_USELESS_CAST_END            \
    _Pragma ("GCC diagnostic pop")
#endif
#ifndef YY_IGNORE_USELESS_CAST_BEGIN
# define YY_IGNORE_USELESS_CAST_BEGIN
# define YY_IGNORE_USELESS_CAST_END
#endif


#define YY_ASSERT(E) ((void) (0 && (E)))

#if 1

/* The parser invokes alloca or malloc; define the necessary symbols.  */

# ifdef YYSTACK_USE_ALLOCA
#  if YYSTACK_USE_ALLOCA
#   ifdef __GNUC__
#    define YYSTACK_ALLOC __builtin_alloca
#   elif defined __BUILTIN_VA_ARG_INCR
#    include <alloca.h> /* INFRINGES ON USER NAME SPACE */
#   elif defined _AIX
#    define YYSTACK_ALLOC __alloca
#   elif defined _MSC_VER
#    include <malloc.h> /* INFRINGES ON USER NAME SPACE */
#    define alloca _alloca
#   else
#    define YYSTACK_ALLOC alloca
#    if ! defined _ALLOCA_H && ! defined EXIT_SUCCESS
#     include <stdlib.h> /* INFRINGES ON USER NAME SPACE */
      /* Use EXIT_SUCCESS as a witness for stdlib.h.  */
#     ifndef EXIT_SUCCESS
#      define EXIT_SUCCESS 0
#     endif
#    endif
#   endif
#  endif
# endif

# ifdef YYSTACK_ALLOC
   /* Pacify GCC's 'empty if-body' warning.  */
#  define YYSTACK_FREE(Ptr) do { /* empty */; } while (0)
#  ifndef YYSTACK_ALLOC_MAXIMUM
    /* The OS might guarantee only one guard page at the bottom of the stack,
       and a page size can be as small as 4096 bytes.  So we cannot safely
       invoke alloca (N) if N exceeds 4096.  Use a slightly smaller number
       to allow for a few compiler-allocated temporary stack slots.  */
#   define YYSTACK_ALLOC_MAXIMUM 4032 /* reasonable circa 2006 */
#  endif
# else
#  define YYSTACK_ALLOC YYMALLOC
#  define YYSTACK_FREE YYFREE
#  ifndef YYSTACK_ALLOC_MAXIMUM
#   define YYSTACK_ALLOC_MAXIMUM YYSIZE_MAXIMUM
#  endif
#  if (defined __cplusplus && ! defined EXIT_SUCCESS \
       && ! ((defined YYMALLOC || defined malloc) \
             && (defined YYFREE || defined free)))
#   include <stdlib.h> /* INFRINGES ON USER NAME SPACE */
#   ifndef EXIT_SUCCESS
#    define EXIT_SUCCESS 0
#   endif
#  endif
#  ifndef YYMALLOC
#   define YYMALLOC malloc
#   if ! defined malloc && ! defined EXIT_SUCCESS
void *malloc (YYSIZE_T); /* INFRINGES ON USER NAME SPACE */
#   endif
#  endif
#  ifndef YYFREE
#   define YYFREE free
#   if ! defined free && ! defined EXIT_SUCCESS
void free (void *); /* INFRINGES ON USER NAME SPACE */
#   endif
#  endif
# endif
#endif /* 1 */

#if (! defined yyoverflow \
     && (! defined __cplusplus \
         || (defined SCN_YYLTYPE_IS_TRIVIAL && SCN_YYLTYPE_IS_TRIVIAL \
             && defined SCN_YYSTYPE_IS_TRIVIAL && SCN_YYSTYPE_IS_TRIVIAL)))

/* A type that is properly aligned for any stack member.  */
union yyalloc
{
  yy_state_t yyss_alloc;
  YYSTYPE yyvs_alloc;
  YYLTYPE yyls_alloc;
};

/* The size of the maximum gap between one aligned stack and the next.  */
# define YYSTACK_GAP_MAXIMUM (YYSIZEOF (union yyalloc) - 1)

/* The size of an array large to enough to hold all stacks, each with
   N elements.  */
# define YYSTACK_BYTES(N) \
     ((N) * (YYSIZEOF (yy_state_t) + YYSIZEOF (YYSTYPE) \
             + YYSIZEOF (YYLTYPE)) \
      + 2 * YYSTACK_GAP_MAXIMUM)

# define YYCOPY_NEEDED 1

/* Relocate STACK from its old location to the new one.  The
   local variables YYSIZE and YYSTACKSIZE give the old and new number of
   elements in the stack, and YYPTR gives the new location of the
   stack.  Advance YYPTR to a properly aligned location for the next
   stack.  */
# define YYSTACK_RELOCATE(Stack_alloc, Stack)                           \
    do                                                                  \
      {                                                                 \
        YYPTRDIFF_T yynewbytes;                                         \
        YYCOPY (&yyptr->Stack_alloc, Stack, yysize);                    \
        Stack = &yyptr->Stack_alloc;                                    \
        yynewbytes = yystacksize * YYSIZEOF (*Stack) + YYSTACK_GAP_MAXIMUM; \
        yyptr += yynewbytes / YYSIZEOF (*yyptr);                        \
      }                                                                 \
    while (0)

#endif

#if defined YYCOPY_NEEDED && YYCOPY_NEEDED
/* Copy COUNT objects from SRC to DST.  The source and destination do
   not overlap.  */
# ifndef YYCOPY
#  if defined __GNUC__ && 1 < __GNUC__
#   define YYCOPY(Dst, Src, Count) \
      __builtin_memcpy (Dst, Src, YY_CAST (YYSIZE_T, (Count)) * sizeof (*(Src)))
#  else
#   define YYCOPY(Dst, Src, Count)              \
      do                                        \
        {                                       \
          YYPTRDIFF_T yyi;                      \
          for (yyi = 0; yyi < (Count); yyi++)   \
            (Dst)[yyi] = (Src)[yyi];            \
        }                                       \
      while (0)
#  endif
# endif
#endif /* !YYCOPY_NEEDED */

/* YYFINAL -- State number of the termination state.  */
#define YYFINAL  6
/* YYLAST -- Last index in YYTABLE.  */
#define YYLAST   1031

/* YYNTOKENS -- Number of terminals.  */
#define YYNTOKENS  71
/* YYNNTS -- Number of nonterminals.  */
#define YYNNTS  31
/* YYNRULES -- Number of rules.  */
#define YYNRULES  148
/* YYNSTATES -- Number of states.  */
#define YYNSTATES  250

/* YYMAXUTOK -- Last valid token kind.  */
#define YYMAXUTOK   305


/* YYTRANSLATE(TOKEN-NUM) -- Symbol number corresponding to TOKEN-NUM
   as returned by yylex, with out-of-bounds checking.  */
#define YYTRANSLATE(YYX)                                \
  (0 <= (YYX) && (YYX) <= YYMAXUTOK                     \
   ? YY_CAST (yysymbol_kind_t, yytranslate[YYX])        \
   : YYSYMBOL_YYUNDEF)

/* YYTRANSLATE[TOKEN-NUM] -- Symbol number corresponding to TOKEN-NUM
   as returned by yylex.  */
static const yytype_int8 yytranslate[] =
{
       0,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,    60,     2,     2,     2,    58,     2,     2,
      69,    70,    56,    54,    67,    55,    68,    57,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,    51,    61,
      52,    64,    53,    50,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,    65,     2,    66,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,    62,     2,    63,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     1,     2,     3,     4,
       5,     6,     7,     8,     9,    10,    11,    12,    13,    14,
      15,    16,    17,    18,    19,    20,    21,    22,    23,    24,
      25,    26,    27,    28,    29,    30,    31,    32,    33,    34,
      35,    36,    37,    38,    39,    40,    41,    42,    43,    44,
      45,    46,    47,    48,    49,    59
};

#if SCN_YYDEBUG
/* YYRLINE[YYN] -- Source line where rule number YYN was defined.  */
static const yytype_int16 yyrline[] =
{
       0,   119,   119,   120,   124,   125,   129,   130,   131,   132,
     136,   137,   142,   143,   147,   151,   152,   153,   157,   162,
     166,   170,   174,   178,   182,   187,   192,   193,   198,   199,
     200,   205,   206,   207,   212,   213,   219,   224,   229,   233,
     234,   235,   239,   247,   257,   258,   259,   266,   267,   268,
     276,   277,   281,   282,   286,   287,   291,   299,   300,   301,
     302,   303,   304,   308,   309,   318,   319,   323,   330,   331,
     335,   336,   340,   341,   346,   347,   352,   372,   373,   377,
     385,   386,   387,   388,   392,   393,   397,   398,   399,   400,
     401,   402,   403,   404,   405,   406,   407,   408,   409,   410,
     411,   417,   422,   430,   431,   435,   443,   444,   445,   446,
     447,   451,   452,   456,   457,   461,   465,   466,   473,   480,
     493,   493,   493,   493,   493,   493,   493,   493,   493,   494,
     494,   494,   494,   494,   494,   494,   494,   495,   495,   495,
     495,   495,   495,   495,   495,   495,   496,   496,   496
};
#endif

/** Accessing symbol of state STATE.  */
#define YY_ACCESSING_SYMBOL(State) YY_CAST (yysymbol_kind_t, yystos[State])

#if 1
/* The user-facing name of the symbol whose (internal) number is
   YYSYMBOL.  No bounds checking.  */
static const char *yysymbol_name (yysymbol_kind_t yysymbol) YY_ATTRIBUTE_UNUSED;

static const char *
yysymbol_name (yysymbol_kind_t yysymbol)
{
  static const char *const yy_sname[] =
  {
  "end of file", "error", "invalid token", "START_FILE", "START_EXPR",
  "name", "number", "yes or no", "string", "end of string", "text",
  "format", "'{'", "'}' of an interpolation", "end of line", "..", "==",
  "!=", "<=", ">=", "&&", "||", "param", "require", "set", "policy",
  "backing", "region", "vm", "uffd", "phase", "guest", "host", "vcpu",
  "ksm", "sleep", "wait", "concurrently", "expect", "print", "include",
  "with", "repeat", "sweep", "in", "table", "if", "else", "cgroup",
  "metric", "'?'", "':'", "'<'", "'>'", "'+'", "'-'", "'*'", "'/'", "'%'",
  "UMINUS", "'!'", "';'", "'{'", "'}'", "'='", "'['", "']'", "','", "'.'",
  "'('", "')'", "$accept", "input", "nls", "stmt_list", "sep", "block",
  "stmt", "if_stmt", "else_opt", "subset_opt", "comma", "req_list", "req",
  "cmp", "dotted", "set_list", "set_item", "with_opt", "items_opt",
  "items", "item", "pitem", "pprimary", "expr_list", "expr", "postfix",
  "primary", "args_opt", "string", "str_parts", "name", YY_NULLPTR
  };
  return yy_sname[yysymbol];
}
#endif

#define YYPACT_NINF (-131)

#define yypact_value_is_default(Yyn) \
  ((Yyn) == YYPACT_NINF)

#define YYTABLE_NINF (-3)

#define yytable_value_is_error(Yyn) \
  ((Yyn) == YYTABLE_NINF)

/* YYPACT[STATE-NUM] -- Index in YYTABLE of the portion describing
   STATE-NUM.  */
static const yytype_int16 yypact[] =
{
      64,  -131,  -131,    15,   583,   370,  -131,    -2,   823,  -131,
     913,   913,   913,   913,   913,   913,   913,   913,   913,   -48,
     823,   -48,   823,   477,   477,   -36,   477,   477,   477,   477,
     913,   823,   477,   913,   913,  -131,  -131,  -131,  -131,    -2,
    -131,  -131,  -131,  -131,  -131,  -131,  -131,  -131,  -131,  -131,
    -131,  -131,  -131,  -131,  -131,  -131,  -131,  -131,  -131,  -131,
    -131,  -131,  -131,  -131,  -131,  -131,  -131,  -131,  -131,  -131,
    -131,  -131,  -131,  -131,   477,   477,   477,   477,   956,   -28,
    -131,  -131,   -25,  -131,  -131,  -131,   -36,   823,  -131,   -23,
    -131,  -131,   -31,   -18,    -6,  -131,   533,  -131,   -58,    -6,
    -131,   477,   823,   823,   823,   823,   823,   477,   823,   823,
     823,   823,   956,   677,  -131,   677,   956,   947,   303,    21,
     823,   303,   823,   -55,   629,  -131,    54,  -131,  -131,    -6,
     956,     5,    33,   477,   477,   477,   477,   477,   477,   477,
     477,   477,   477,   477,   477,   477,   477,    66,   477,   913,
     477,  -131,  -131,   477,   913,   477,   477,  -131,   868,  -131,
    -131,  -131,  -131,  -131,  -131,   913,   477,  -131,  -131,   477,
     868,   956,  -131,  -131,  -131,  -131,   -36,    58,  -131,   823,
    -131,  -131,   913,  -131,  -131,   477,    34,  -131,   477,  -131,
      -3,  -131,  -131,   477,   426,  -131,  -131,   963,   963,   963,
     963,   973,   867,   763,   963,   963,    -1,    -1,  -131,  -131,
    -131,   183,  -131,    12,   720,    20,   956,   956,  -131,  -131,
    -131,   956,   956,  -131,  -131,   477,  -131,    -6,    -6,   -42,
    -131,   677,  -131,   786,   956,   477,  -131,  -131,  -131,   477,
     735,  -131,  -131,  -131,    79,  -131,   956,   956,  -131,  -131
};

/* YYDEFACT[STATE-NUM] -- Default reduction number in state STATE-NUM.
   Performed when YYTABLE does not specify something else to do.  Zero
   means the default is an error.  */
static const yytype_uint8 yydefact[] =
{
       0,     6,     4,     0,     0,     0,     1,     0,    70,    10,
       0,     0,     0,     0,     0,     0,     0,     0,     0,    47,
       0,    47,     0,     0,     0,     0,     0,     0,     0,     0,
       0,     0,     0,     0,     0,    11,     6,     7,    32,     0,
      40,   120,   106,   107,   116,     5,   121,   122,   123,   124,
     125,   126,   127,   128,   129,   130,   131,   132,   133,   134,
     135,   136,   137,   138,   139,   140,   141,   142,   143,   144,
     145,   146,   147,   148,     0,     0,   113,     0,     4,    86,
     103,   108,   109,     9,    80,    81,    41,    71,    72,    74,
      77,    82,    83,     0,    15,    52,    54,    63,     0,    16,
      65,    17,    70,    70,    70,    70,    70,     0,    70,    26,
       0,    28,    29,    70,    31,    70,    34,    68,     0,     0,
      39,     0,    70,     0,     0,     8,     0,   101,   102,   114,
      84,     0,     0,     0,     0,     0,     0,     0,     0,     0,
       0,     0,     0,     0,     0,     0,     0,     3,     0,     0,
     113,    42,    73,     0,     0,     0,     0,    50,     0,    57,
      58,    60,    62,    59,    61,     0,     0,    55,    83,     0,
       0,    18,    19,    20,    21,    22,     0,     0,    25,    27,
      30,    33,     0,    36,    37,     0,    44,    23,     0,    12,
       0,   115,   117,     0,     0,   112,   111,    92,    93,    95,
      97,    98,    99,     0,    94,    96,    87,    88,    89,    90,
      91,     0,   104,     0,     0,    78,    75,    14,    51,    53,
      64,    56,    67,    66,    24,     0,    48,    69,    38,     0,
      43,    70,    13,     0,    85,     0,   105,   110,    79,     0,
       0,    45,    46,    35,     0,   118,   100,    76,    49,   119
};

/* YYPGOTO[NTERM-NUM].  */
static const yytype_int16 yypgoto[] =
{
    -131,  -131,    22,    57,    -4,   -24,   -26,  -130,  -131,    80,
     -86,  -131,   -54,  -131,    -9,   -77,   -63,  -131,   -74,   -15,
     -73,  -131,    13,   -68,    -5,  -131,  -131,   -32,   190,  -131,
     160
};

/* YYDEFGOTO[NTERM-NUM].  */
static const yytype_uint8 yydefgoto[] =
{
       0,     3,     5,     4,    37,    38,    39,    40,   230,   108,
     170,    94,    95,   166,    98,    99,   100,   183,    86,    87,
      88,    89,    90,   129,   130,    79,    80,   131,    81,   126,
      82
};

/* YYTABLE[YYPACT[STATE-NUM]] -- What to do in state STATE-NUM.  If
   positive, shift that token.  If negative, reduce the rule whose
   number is the opposite.  If YYTABLE_NINF, syntax error.  */
static const yytype_int16 yytable[] =
{
      78,   114,    96,    83,    32,   109,   169,   111,   158,   188,
     165,     9,     9,   165,   152,     6,   120,   107,   112,   113,
      36,   115,   116,   117,   118,   123,    36,   121,   172,   173,
     174,   175,   176,   155,   178,   125,   152,   148,   152,   180,
     149,   181,   153,   194,   150,   154,   156,   152,   187,   133,
     134,   135,   136,   137,   138,   144,   145,   146,    35,    35,
     232,   157,   151,   191,   192,   185,   193,     1,     2,   127,
     128,   195,   132,   225,   133,   134,   135,   136,   137,   138,
      45,   229,   237,   139,   239,   140,   141,   142,   143,   144,
     145,   146,   249,   124,   184,   179,   171,   186,   190,   242,
     147,   110,   177,   196,   219,   227,   152,   223,   139,   167,
     140,   141,   142,   143,   144,   145,   146,   228,   213,     0,
       0,     0,     0,     0,   226,     0,     0,     0,   197,   198,
     199,   200,   201,   202,   203,   204,   205,   206,   207,   208,
     209,   210,   194,   211,     0,     0,     0,     0,   214,    96,
     216,   217,   224,     0,     0,     0,     0,   243,     0,     0,
       0,   221,     0,     0,   222,     0,     0,     0,    92,     0,
      93,    97,    97,   101,   102,   103,   104,   105,   106,     0,
      92,     0,    92,   231,     0,     0,   125,     0,   233,   234,
     119,    92,     0,   122,    97,     0,     0,     0,    91,   133,
     134,   135,   136,   137,   138,   241,     0,     0,     0,     0,
      91,     0,    91,     0,     0,     0,     0,     0,     0,     0,
     240,    91,     0,     0,     0,     0,     0,     0,     0,     0,
     246,     0,     0,   139,   247,   140,   141,   142,   143,   144,
     145,   146,     0,     0,     0,     0,     0,    92,     0,   236,
       0,     0,     0,     0,     0,     0,   168,     0,     0,     0,
       0,     0,    92,    92,    92,    92,    92,     0,    92,    92,
      92,    92,     0,    92,     0,    92,     0,    91,     0,     0,
      92,     0,    92,     0,     0,     0,    91,     0,     0,     0,
       0,     0,    91,    91,    91,    91,    91,     0,    91,    91,
      91,    91,     0,    91,     0,    91,     0,     0,     0,   212,
      91,     0,    91,     0,   215,     0,     0,     0,    97,   133,
     134,   135,   136,   137,   138,   220,     0,     0,     0,     0,
      97,     0,     0,     0,     0,     0,     0,     0,     0,    92,
       0,     0,    97,     0,     0,     0,     0,     0,     0,     0,
       0,     0,     0,   139,     0,   140,   141,   142,   143,   144,
     145,   146,     0,     0,     0,    36,     0,     0,     0,    91,
       0,     0,     0,     0,     0,    41,    42,    43,    44,     0,
       0,     0,     0,     0,    45,     0,     0,     0,     0,     0,
       0,    92,    46,    47,    48,    49,    50,    51,    52,    53,
      54,    55,    56,    57,    58,    59,    60,    61,    62,    63,
      64,    65,    66,    67,    68,    69,    70,    71,    72,    73,
       0,    91,     0,     0,     0,    74,     0,     0,     0,     0,
      75,    41,    42,    43,    44,    76,     0,     0,     0,    77,
     218,     0,     0,     0,     0,     0,     0,     0,    46,    47,
      48,    49,    50,    51,    52,    53,    54,    55,    56,    57,
      58,    59,    60,    61,    62,    63,    64,    65,    66,    67,
      68,    69,    70,    71,    72,    73,     0,     0,     0,     0,
       0,    74,    41,    42,    43,    44,    75,     0,     0,     0,
       0,    76,     0,     0,     0,    77,     0,     0,     0,    46,
      47,    48,    49,    50,    51,    52,    53,    54,    55,    56,
      57,    58,    59,    60,    61,    62,    63,    64,    65,    66,
      67,    68,    69,    70,    71,    72,    73,     0,     0,     0,
       0,     0,    74,     0,     0,     0,     0,    75,    41,    84,
      85,    44,    76,     0,     0,     0,    77,     0,     0,   159,
     160,   161,   162,     0,     0,    46,    47,    48,    49,    50,
      51,    52,    53,    54,    55,    56,    57,    58,    59,    60,
      61,    62,    63,    64,    65,    66,    67,    68,    69,    70,
      71,    72,    73,    -2,     7,   163,   164,     0,     8,     0,
       0,     0,     0,     0,     0,     0,     0,     9,     0,     0,
       0,   165,     0,     0,     0,    10,    11,    12,    13,    14,
      15,    16,    17,    18,    19,    20,    21,    22,    23,    24,
      25,    26,    27,    28,     0,    29,    30,     0,    31,    32,
       7,    33,    34,     0,     8,     0,     0,     0,     0,     0,
       0,     0,     0,     9,    35,    36,     0,     0,     0,     0,
       0,    10,    11,    12,    13,    14,    15,    16,    17,    18,
      19,    20,    21,    22,    23,    24,    25,    26,    27,    28,
       0,    29,    30,     0,    31,    32,     0,    33,    34,     0,
       0,     0,    41,    84,    85,    44,     0,     0,     0,     0,
      35,    36,   189,   133,   134,   135,   136,   137,   138,    46,
      47,    48,    49,    50,    51,    52,    53,    54,    55,    56,
      57,    58,    59,    60,    61,    62,    63,    64,    65,    66,
      67,    68,    69,    70,    71,    72,    73,   139,     0,   140,
     141,   142,   143,   144,   145,   146,   133,   134,   135,   136,
     137,   138,     0,     0,     0,     0,     0,     0,     0,     0,
       0,   133,   134,   135,   136,   137,   138,     0,     0,     0,
       0,     0,     0,     0,     0,     0,     0,     0,     0,     0,
     139,     0,   140,   141,   142,   143,   144,   145,   146,   133,
     134,   135,   136,   137,   138,   139,   238,   140,   141,   142,
     143,   144,   145,   146,     0,     0,     0,   244,     0,   245,
       0,   248,   133,   134,   135,   136,   137,   138,     0,     0,
       0,     0,     0,   139,   235,   140,   141,   142,   143,   144,
     145,   146,     0,     0,     0,     0,     0,     0,    41,    84,
      85,    44,     0,     0,     0,     0,   139,     0,   140,   141,
     142,   143,   144,   145,   146,    46,    47,    48,    49,    50,
      51,    52,    53,    54,    55,    56,    57,    58,    59,    60,
      61,    62,    63,    64,    65,    66,    67,    68,    69,    70,
      71,    72,    73,    41,     0,     0,     0,     0,     0,     0,
       0,     0,   218,   133,   134,   135,   136,   137,     0,     0,
      46,    47,    48,    49,    50,    51,    52,    53,    54,    55,
      56,    57,    58,    59,    60,    61,    62,    63,    64,    65,
      66,    67,    68,    69,    70,    71,    72,    73,    41,   140,
     141,   142,   143,   144,   145,   146,     0,     0,     0,     0,
       0,     0,     0,     0,     0,    46,    47,    48,    49,    50,
      51,    52,    53,    54,    55,    56,    57,    58,    59,    60,
      61,    62,    63,    64,    65,    66,    67,    68,    69,    70,
      71,    72,    73,   133,   134,   135,   136,   137,   138,     0,
       0,     0,   133,   134,   135,   136,   137,   138,     0,    -3,
      -3,    -3,    -3,     0,     0,     0,     0,     0,   182,   133,
     134,   135,   136,     0,     0,     0,     0,   139,     0,   140,
     141,   142,   143,   144,   145,   146,   139,     0,   140,   141,
     142,   143,   144,   145,   146,    -3,    -3,   142,   143,   144,
     145,   146,     0,     0,     0,   140,   141,   142,   143,   144,
     145,   146
};

static const yytype_int16 yycheck[] =
{
       5,    25,    11,     7,    46,    20,    64,    22,    94,    64,
      68,    14,    14,    68,    87,     0,    31,    65,    23,    24,
      62,    26,    27,    28,    29,    34,    62,    32,   102,   103,
     104,   105,   106,    64,   108,    39,   109,    65,   111,   113,
      68,   115,    65,   129,    69,    68,    64,   120,   122,    16,
      17,    18,    19,    20,    21,    56,    57,    58,    61,    61,
      63,    67,    86,     9,    10,    44,    12,     3,     4,    74,
      75,    66,    77,    15,    16,    17,    18,    19,    20,    21,
      14,    47,    70,    50,    64,    52,    53,    54,    55,    56,
      57,    58,    13,    36,   118,   110,   101,   121,   124,   229,
      78,    21,   107,    70,   158,   182,   179,   170,    50,    96,
      52,    53,    54,    55,    56,    57,    58,   185,   150,    -1,
      -1,    -1,    -1,    -1,    66,    -1,    -1,    -1,   133,   134,
     135,   136,   137,   138,   139,   140,   141,   142,   143,   144,
     145,   146,   228,   148,    -1,    -1,    -1,    -1,   153,   158,
     155,   156,   176,    -1,    -1,    -1,    -1,   231,    -1,    -1,
      -1,   166,    -1,    -1,   169,    -1,    -1,    -1,     8,    -1,
      10,    11,    12,    13,    14,    15,    16,    17,    18,    -1,
      20,    -1,    22,   188,    -1,    -1,   190,    -1,   193,   194,
      30,    31,    -1,    33,    34,    -1,    -1,    -1,     8,    16,
      17,    18,    19,    20,    21,   229,    -1,    -1,    -1,    -1,
      20,    -1,    22,    -1,    -1,    -1,    -1,    -1,    -1,    -1,
     225,    31,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,
     235,    -1,    -1,    50,   239,    52,    53,    54,    55,    56,
      57,    58,    -1,    -1,    -1,    -1,    -1,    87,    -1,    66,
      -1,    -1,    -1,    -1,    -1,    -1,    96,    -1,    -1,    -1,
      -1,    -1,   102,   103,   104,   105,   106,    -1,   108,   109,
     110,   111,    -1,   113,    -1,   115,    -1,    87,    -1,    -1,
     120,    -1,   122,    -1,    -1,    -1,    96,    -1,    -1,    -1,
      -1,    -1,   102,   103,   104,   105,   106,    -1,   108,   109,
     110,   111,    -1,   113,    -1,   115,    -1,    -1,    -1,   149,
     120,    -1,   122,    -1,   154,    -1,    -1,    -1,   158,    16,
      17,    18,    19,    20,    21,   165,    -1,    -1,    -1,    -1,
     170,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,   179,
      -1,    -1,   182,    -1,    -1,    -1,    -1,    -1,    -1,    -1,
      -1,    -1,    -1,    50,    -1,    52,    53,    54,    55,    56,
      57,    58,    -1,    -1,    -1,    62,    -1,    -1,    -1,   179,
      -1,    -1,    -1,    -1,    -1,     5,     6,     7,     8,    -1,
      -1,    -1,    -1,    -1,    14,    -1,    -1,    -1,    -1,    -1,
      -1,   231,    22,    23,    24,    25,    26,    27,    28,    29,
      30,    31,    32,    33,    34,    35,    36,    37,    38,    39,
      40,    41,    42,    43,    44,    45,    46,    47,    48,    49,
      -1,   231,    -1,    -1,    -1,    55,    -1,    -1,    -1,    -1,
      60,     5,     6,     7,     8,    65,    -1,    -1,    -1,    69,
      14,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    22,    23,
      24,    25,    26,    27,    28,    29,    30,    31,    32,    33,
      34,    35,    36,    37,    38,    39,    40,    41,    42,    43,
      44,    45,    46,    47,    48,    49,    -1,    -1,    -1,    -1,
      -1,    55,     5,     6,     7,     8,    60,    -1,    -1,    -1,
      -1,    65,    -1,    -1,    -1,    69,    -1,    -1,    -1,    22,
      23,    24,    25,    26,    27,    28,    29,    30,    31,    32,
      33,    34,    35,    36,    37,    38,    39,    40,    41,    42,
      43,    44,    45,    46,    47,    48,    49,    -1,    -1,    -1,
      -1,    -1,    55,    -1,    -1,    -1,    -1,    60,     5,     6,
       7,     8,    65,    -1,    -1,    -1,    69,    -1,    -1,    16,
      17,    18,    19,    -1,    -1,    22,    23,    24,    25,    26,
      27,    28,    29,    30,    31,    32,    33,    34,    35,    36,
      37,    38,    39,    40,    41,    42,    43,    44,    45,    46,
      47,    48,    49,     0,     1,    52,    53,    -1,     5,    -1,
      -1,    -1,    -1,    -1,    -1,    -1,    -1,    14,    -1,    -1,
      -1,    68,    -1,    -1,    -1,    22,    23,    24,    25,    26,
      27,    28,    29,    30,    31,    32,    33,    34,    35,    36,
      37,    38,    39,    40,    -1,    42,    43,    -1,    45,    46,
       1,    48,    49,    -1,     5,    -1,    -1,    -1,    -1,    -1,
      -1,    -1,    -1,    14,    61,    62,    -1,    -1,    -1,    -1,
      -1,    22,    23,    24,    25,    26,    27,    28,    29,    30,
      31,    32,    33,    34,    35,    36,    37,    38,    39,    40,
      -1,    42,    43,    -1,    45,    46,    -1,    48,    49,    -1,
      -1,    -1,     5,     6,     7,     8,    -1,    -1,    -1,    -1,
      61,    62,    63,    16,    17,    18,    19,    20,    21,    22,
      23,    24,    25,    26,    27,    28,    29,    30,    31,    32,
      33,    34,    35,    36,    37,    38,    39,    40,    41,    42,
      43,    44,    45,    46,    47,    48,    49,    50,    -1,    52,
      53,    54,    55,    56,    57,    58,    16,    17,    18,    19,
      20,    21,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,
      -1,    16,    17,    18,    19,    20,    21,    -1,    -1,    -1,
      -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,
      50,    -1,    52,    53,    54,    55,    56,    57,    58,    16,
      17,    18,    19,    20,    21,    50,    66,    52,    53,    54,
      55,    56,    57,    58,    -1,    -1,    -1,    11,    -1,    13,
      -1,    66,    16,    17,    18,    19,    20,    21,    -1,    -1,
      -1,    -1,    -1,    50,    51,    52,    53,    54,    55,    56,
      57,    58,    -1,    -1,    -1,    -1,    -1,    -1,     5,     6,
       7,     8,    -1,    -1,    -1,    -1,    50,    -1,    52,    53,
      54,    55,    56,    57,    58,    22,    23,    24,    25,    26,
      27,    28,    29,    30,    31,    32,    33,    34,    35,    36,
      37,    38,    39,    40,    41,    42,    43,    44,    45,    46,
      47,    48,    49,     5,    -1,    -1,    -1,    -1,    -1,    -1,
      -1,    -1,    14,    16,    17,    18,    19,    20,    -1,    -1,
      22,    23,    24,    25,    26,    27,    28,    29,    30,    31,
      32,    33,    34,    35,    36,    37,    38,    39,    40,    41,
      42,    43,    44,    45,    46,    47,    48,    49,     5,    52,
      53,    54,    55,    56,    57,    58,    -1,    -1,    -1,    -1,
      -1,    -1,    -1,    -1,    -1,    22,    23,    24,    25,    26,
      27,    28,    29,    30,    31,    32,    33,    34,    35,    36,
      37,    38,    39,    40,    41,    42,    43,    44,    45,    46,
      47,    48,    49,    16,    17,    18,    19,    20,    21,    -1,
      -1,    -1,    16,    17,    18,    19,    20,    21,    -1,    16,
      17,    18,    19,    -1,    -1,    -1,    -1,    -1,    41,    16,
      17,    18,    19,    -1,    -1,    -1,    -1,    50,    -1,    52,
      53,    54,    55,    56,    57,    58,    50,    -1,    52,    53,
      54,    55,    56,    57,    58,    52,    53,    54,    55,    56,
      57,    58,    -1,    -1,    -1,    52,    53,    54,    55,    56,
      57,    58
};

/* YYSTOS[STATE-NUM] -- The symbol kind of the accessing symbol of
   state STATE-NUM.  */
static const yytype_int8 yystos[] =
{
       0,     3,     4,    72,    74,    73,     0,     1,     5,    14,
      22,    23,    24,    25,    26,    27,    28,    29,    30,    31,
      32,    33,    34,    35,    36,    37,    38,    39,    40,    42,
      43,    45,    46,    48,    49,    61,    62,    75,    76,    77,
      78,     5,     6,     7,     8,    14,    22,    23,    24,    25,
      26,    27,    28,    29,    30,    31,    32,    33,    34,    35,
      36,    37,    38,    39,    40,    41,    42,    43,    44,    45,
      46,    47,    48,    49,    55,    60,    65,    69,    95,    96,
      97,    99,   101,    75,     6,     7,    89,    90,    91,    92,
      93,    99,   101,   101,    82,    83,    85,   101,    85,    86,
      87,   101,   101,   101,   101,   101,   101,    65,    80,    90,
      80,    90,    95,    95,    76,    95,    95,    95,    95,   101,
      90,    95,   101,    85,    74,    75,   100,    95,    95,    94,
      95,    98,    95,    16,    17,    18,    19,    20,    21,    50,
      52,    53,    54,    55,    56,    57,    58,    73,    65,    68,
      69,    76,    91,    65,    68,    64,    64,    67,    81,    16,
      17,    18,    19,    52,    53,    68,    84,    93,   101,    64,
      81,    95,    89,    89,    89,    89,    89,    95,    89,    90,
      89,    89,    41,    88,    76,    44,    76,    89,    64,    63,
      77,     9,    10,    12,    81,    66,    70,    95,    95,    95,
      95,    95,    95,    95,    95,    95,    95,    95,    95,    95,
      95,    95,   101,    98,    95,   101,    95,    95,    14,    83,
     101,    95,    95,    87,    76,    15,    66,    86,    94,    47,
      79,    95,    63,    95,    95,    51,    66,    70,    66,    64,
      95,    76,    78,    89,    11,    13,    95,    95,    66,    13
};

/* YYR1[RULE-NUM] -- Symbol kind of the left-hand side of rule RULE-NUM.  */
static const yytype_int8 yyr1[] =
{
       0,    71,    72,    72,    73,    73,    74,    74,    74,    74,
      75,    75,    76,    76,    77,    77,    77,    77,    77,    77,
      77,    77,    77,    77,    77,    77,    77,    77,    77,    77,
      77,    77,    77,    77,    77,    77,    77,    77,    77,    77,
      77,    77,    77,    78,    79,    79,    79,    80,    80,    80,
      81,    81,    82,    82,    83,    83,    83,    84,    84,    84,
      84,    84,    84,    85,    85,    86,    86,    87,    88,    88,
      89,    89,    90,    90,    91,    91,    91,    92,    92,    92,
      93,    93,    93,    93,    94,    94,    95,    95,    95,    95,
      95,    95,    95,    95,    95,    95,    95,    95,    95,    95,
      95,    95,    95,    96,    96,    96,    97,    97,    97,    97,
      97,    97,    97,    98,    98,    99,   100,   100,   100,   100,
     101,   101,   101,   101,   101,   101,   101,   101,   101,   101,
     101,   101,   101,   101,   101,   101,   101,   101,   101,   101,
     101,   101,   101,   101,   101,   101,   101,   101,   101
};

/* YYR2[RULE-NUM] -- Number of symbols on the right-hand side of rule RULE-NUM.  */
static const yytype_int8 yyr2[] =
{
       0,     2,     2,     4,     0,     2,     0,     2,     3,     3,
       1,     1,     3,     4,     4,     2,     2,     2,     3,     3,
       3,     3,     3,     3,     4,     3,     2,     3,     2,     2,
       3,     2,     1,     3,     2,     5,     3,     3,     4,     2,
       1,     2,     3,     4,     0,     2,     2,     0,     3,     5,
       1,     2,     1,     3,     1,     2,     3,     1,     1,     1,
       1,     1,     1,     1,     3,     1,     3,     3,     0,     2,
       0,     1,     1,     2,     1,     3,     5,     1,     3,     4,
       1,     1,     1,     1,     1,     3,     1,     3,     3,     3,
       3,     3,     3,     3,     3,     3,     3,     3,     3,     3,
       5,     2,     2,     1,     3,     4,     1,     1,     1,     1,
       4,     3,     3,     0,     1,     3,     0,     2,     4,     5,
       1,     1,     1,     1,     1,     1,     1,     1,     1,     1,
       1,     1,     1,     1,     1,     1,     1,     1,     1,     1,
       1,     1,     1,     1,     1,     1,     1,     1,     1
};


enum { YYENOMEM = -2 };

#define yyerrok         (yyerrstatus = 0)
#define yyclearin       (yychar = SCN_YYEMPTY)

#define YYACCEPT        goto yyacceptlab
#define YYABORT         goto yyabortlab
#define YYERROR         goto yyerrorlab
#define YYNOMEM         goto yyexhaustedlab


#define YYRECOVERING()  (!!yyerrstatus)

#define YYBACKUP(Token, Value)                                    \
  do                                                              \
    if (yychar == SCN_YYEMPTY)                                        \
      {                                                           \
        yychar = (Token);                                         \
        yylval = (Value);                                         \
        YYPOPSTACK (yylen);                                       \
        yystate = *yyssp;                                         \
        goto yybackup;                                            \
      }                                                           \
    else                                                          \
      {                                                           \
        yyerror (&yylloc, scanner, ctx, YY_("syntax error: cannot back up")); \
        YYERROR;                                                  \
      }                                                           \
  while (0)

/* Backward compatibility with an undocumented macro.
   Use SCN_YYerror or SCN_YYUNDEF. */
#define YYERRCODE SCN_YYUNDEF

/* YYLLOC_DEFAULT -- Set CURRENT to span from RHS[1] to RHS[N].
   If N is 0, then set CURRENT to the empty location which ends
   the previous symbol: RHS[0] (always defined).  */

#ifndef YYLLOC_DEFAULT
# define YYLLOC_DEFAULT(Current, Rhs, N)                                \
    do                                                                  \
      if (N)                                                            \
        {                                                               \
          (Current).first_line   = YYRHSLOC (Rhs, 1).first_line;        \
          (Current).first_column = YYRHSLOC (Rhs, 1).first_column;      \
          (Current).last_line    = YYRHSLOC (Rhs, N).last_line;         \
          (Current).last_column  = YYRHSLOC (Rhs, N).last_column;       \
        }                                                               \
      else                                                              \
        {                                                               \
          (Current).first_line   = (Current).last_line   =              \
            YYRHSLOC (Rhs, 0).last_line;                                \
          (Current).first_column = (Current).last_column =              \
            YYRHSLOC (Rhs, 0).last_column;                              \
        }                                                               \
    while (0)
#endif

#define YYRHSLOC(Rhs, K) ((Rhs)[K])


/* Enable debugging if requested.  */
#if SCN_YYDEBUG

# ifndef YYFPRINTF
#  include <stdio.h> /* INFRINGES ON USER NAME SPACE */
#  define YYFPRINTF fprintf
# endif

# define YYDPRINTF(Args)                        \
do {                                            \
  if (yydebug)                                  \
    YYFPRINTF Args;                             \
} while (0)


/* YYLOCATION_PRINT -- Print the location on the stream.
   This macro was not mandated originally: define only if we know
   we won't break user code: when these are the locations we know.  */

# ifndef YYLOCATION_PRINT

#  if defined YY_LOCATION_PRINT

   /* Temporary convenience wrapper in case some people defined the
      undocumented and private YY_LOCATION_PRINT macros.  */
#   define YYLOCATION_PRINT(File, Loc)  YY_LOCATION_PRINT(File, *(Loc))

#  elif defined SCN_YYLTYPE_IS_TRIVIAL && SCN_YYLTYPE_IS_TRIVIAL

/* Print *YYLOCP on YYO.  Private, do not rely on its existence. */

YY_ATTRIBUTE_UNUSED
static int
yy_location_print_ (FILE *yyo, YYLTYPE const * const yylocp)
{
  int res = 0;
  int end_col = 0 != yylocp->last_column ? yylocp->last_column - 1 : 0;
  if (0 <= yylocp->first_line)
    {
      res += YYFPRINTF (yyo, "%d", yylocp->first_line);
      if (0 <= yylocp->first_column)
        res += YYFPRINTF (yyo, ".%d", yylocp->first_column);
    }
  if (0 <= yylocp->last_line)
    {
      if (yylocp->first_line < yylocp->last_line)
        {
          res += YYFPRINTF (yyo, "-%d", yylocp->last_line);
          if (0 <= end_col)
            res += YYFPRINTF (yyo, ".%d", end_col);
        }
      else if (0 <= end_col && yylocp->first_column < end_col)
        res += YYFPRINTF (yyo, "-%d", end_col);
    }
  return res;
}

#   define YYLOCATION_PRINT  yy_location_print_

    /* Temporary convenience wrapper in case some people defined the
       undocumented and private YY_LOCATION_PRINT macros.  */
#   define YY_LOCATION_PRINT(File, Loc)  YYLOCATION_PRINT(File, &(Loc))

#  else

#   define YYLOCATION_PRINT(File, Loc) ((void) 0)
    /* Temporary convenience wrapper in case some people defined the
       undocumented and private YY_LOCATION_PRINT macros.  */
#   define YY_LOCATION_PRINT  YYLOCATION_PRINT

#  endif
# endif /* !defined YYLOCATION_PRINT */


# define YY_SYMBOL_PRINT(Title, Kind, Value, Location)                    \
do {                                                                      \
  if (yydebug)                                                            \
    {                                                                     \
      YYFPRINTF (stderr, "%s ", Title);                                   \
      yy_symbol_print (stderr,                                            \
                  Kind, Value, Location, scanner, ctx); \
      YYFPRINTF (stderr, "\n");                                           \
    }                                                                     \
} while (0)


/*-----------------------------------.
| Print this symbol's value on YYO.  |
`-----------------------------------*/

static void
yy_symbol_value_print (FILE *yyo,
                       yysymbol_kind_t yykind, YYSTYPE const * const yyvaluep, YYLTYPE const * const yylocationp, void *scanner, struct parse_ctx *ctx)
{
  FILE *yyoutput = yyo;
  YY_USE (yyoutput);
  YY_USE (yylocationp);
  YY_USE (scanner);
  YY_USE (ctx);
  if (!yyvaluep)
    return;
  YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
  YY_USE (yykind);
  YY_IGNORE_MAYBE_UNINITIALIZED_END
}


/*---------------------------.
| Print this symbol on YYO.  |
`---------------------------*/

static void
yy_symbol_print (FILE *yyo,
                 yysymbol_kind_t yykind, YYSTYPE const * const yyvaluep, YYLTYPE const * const yylocationp, void *scanner, struct parse_ctx *ctx)
{
  YYFPRINTF (yyo, "%s %s (",
             yykind < YYNTOKENS ? "token" : "nterm", yysymbol_name (yykind));

  YYLOCATION_PRINT (yyo, yylocationp);
  YYFPRINTF (yyo, ": ");
  yy_symbol_value_print (yyo, yykind, yyvaluep, yylocationp, scanner, ctx);
  YYFPRINTF (yyo, ")");
}

/*------------------------------------------------------------------.
| yy_stack_print -- Print the state stack from its BOTTOM up to its |
| TOP (included).                                                   |
`------------------------------------------------------------------*/

static void
yy_stack_print (yy_state_t *yybottom, yy_state_t *yytop)
{
  YYFPRINTF (stderr, "Stack now");
  for (; yybottom <= yytop; yybottom++)
    {
      int yybot = *yybottom;
      YYFPRINTF (stderr, " %d", yybot);
    }
  YYFPRINTF (stderr, "\n");
}

# define YY_STACK_PRINT(Bottom, Top)                            \
do {                                                            \
  if (yydebug)                                                  \
    yy_stack_print ((Bottom), (Top));                           \
} while (0)


/*------------------------------------------------.
| Report that the YYRULE is going to be reduced.  |
`------------------------------------------------*/

static void
yy_reduce_print (yy_state_t *yyssp, YYSTYPE *yyvsp, YYLTYPE *yylsp,
                 int yyrule, void *scanner, struct parse_ctx *ctx)
{
  int yylno = yyrline[yyrule];
  int yynrhs = yyr2[yyrule];
  int yyi;
  YYFPRINTF (stderr, "Reducing stack by rule %d (line %d):\n",
             yyrule - 1, yylno);
  /* The symbols being reduced.  */
  for (yyi = 0; yyi < yynrhs; yyi++)
    {
      YYFPRINTF (stderr, "   $%d = ", yyi + 1);
      yy_symbol_print (stderr,
                       YY_ACCESSING_SYMBOL (+yyssp[yyi + 1 - yynrhs]),
                       &yyvsp[(yyi + 1) - (yynrhs)],
                       &(yylsp[(yyi + 1) - (yynrhs)]), scanner, ctx);
      YYFPRINTF (stderr, "\n");
    }
}

# define YY_REDUCE_PRINT(Rule)          \
do {                                    \
  if (yydebug)                          \
    yy_reduce_print (yyssp, yyvsp, yylsp, Rule, scanner, ctx); \
} while (0)

/* Nonzero means print parse trace.  It is left uninitialized so that
   multiple parsers can coexist.  */
int yydebug;
#else /* !SCN_YYDEBUG */
# define YYDPRINTF(Args) ((void) 0)
# define YY_SYMBOL_PRINT(Title, Kind, Value, Location)
# define YY_STACK_PRINT(Bottom, Top)
# define YY_REDUCE_PRINT(Rule)
#endif /* !SCN_YYDEBUG */


/* YYINITDEPTH -- initial size of the parser's stacks.  */
#ifndef YYINITDEPTH
# define YYINITDEPTH 200
#endif

/* YYMAXDEPTH -- maximum size the stacks can grow to (effective only
   if the built-in stack extension method is used).

   Do not make this value too large; the results are undefined if
   YYSTACK_ALLOC_MAXIMUM < YYSTACK_BYTES (YYMAXDEPTH)
   evaluated with infinite-precision integer arithmetic.  */

#ifndef YYMAXDEPTH
# define YYMAXDEPTH 10000
#endif


/* Context of a parse error.  */
typedef struct
{
  yy_state_t *yyssp;
  yysymbol_kind_t yytoken;
  YYLTYPE *yylloc;
} yypcontext_t;

/* Put in YYARG at most YYARGN of the expected tokens given the
   current YYCTX, and return the number of tokens stored in YYARG.  If
   YYARG is null, return the number of expected tokens (guaranteed to
   be less than YYNTOKENS).  Return YYENOMEM on memory exhaustion.
   Return 0 if there are more than YYARGN expected tokens, yet fill
   YYARG up to YYARGN. */
static int
yypcontext_expected_tokens (const yypcontext_t *yyctx,
                            yysymbol_kind_t yyarg[], int yyargn)
{
  /* Actual size of YYARG. */
  int yycount = 0;
  int yyn = yypact[+*yyctx->yyssp];
  if (!yypact_value_is_default (yyn))
    {
      /* Start YYX at -YYN if negative to avoid negative indexes in
         YYCHECK.  In other words, skip the first -YYN actions for
         this state because they are default actions.  */
      int yyxbegin = yyn < 0 ? -yyn : 0;
      /* Stay within bounds of both yycheck and yytname.  */
      int yychecklim = YYLAST - yyn + 1;
      int yyxend = yychecklim < YYNTOKENS ? yychecklim : YYNTOKENS;
      int yyx;
      for (yyx = yyxbegin; yyx < yyxend; ++yyx)
        if (yycheck[yyx + yyn] == yyx && yyx != YYSYMBOL_YYerror
            && !yytable_value_is_error (yytable[yyx + yyn]))
          {
            if (!yyarg)
              ++yycount;
            else if (yycount == yyargn)
              return 0;
            else
              yyarg[yycount++] = YY_CAST (yysymbol_kind_t, yyx);
          }
    }
  if (yyarg && yycount == 0 && 0 < yyargn)
    yyarg[0] = YYSYMBOL_YYEMPTY;
  return yycount;
}




/* The kind of the lookahead of this context.  */
static yysymbol_kind_t
yypcontext_token (const yypcontext_t *yyctx) YY_ATTRIBUTE_UNUSED;

static yysymbol_kind_t
yypcontext_token (const yypcontext_t *yyctx)
{
  return yyctx->yytoken;
}

/* The location of the lookahead of this context.  */
static YYLTYPE *
yypcontext_location (const yypcontext_t *yyctx) YY_ATTRIBUTE_UNUSED;

static YYLTYPE *
yypcontext_location (const yypcontext_t *yyctx)
{
  return yyctx->yylloc;
}

/* User defined function to report a syntax error.  */
static int
yyreport_syntax_error (const yypcontext_t *yyctx, void *scanner, struct parse_ctx *ctx);

/*-----------------------------------------------.
| Release the memory associated to this symbol.  |
`-----------------------------------------------*/

static void
yydestruct (const char *yymsg,
            yysymbol_kind_t yykind, YYSTYPE *yyvaluep, YYLTYPE *yylocationp, void *scanner, struct parse_ctx *ctx)
{
  YY_USE (yyvaluep);
  YY_USE (yylocationp);
  YY_USE (scanner);
  YY_USE (ctx);
  if (!yymsg)
    yymsg = "Deleting";
  YY_SYMBOL_PRINT (yymsg, yykind, yyvaluep, yylocationp);

  YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
  YY_USE (yykind);
  YY_IGNORE_MAYBE_UNINITIALIZED_END
}






/*----------.
| yyparse.  |
`----------*/

int
yyparse (void *scanner, struct parse_ctx *ctx)
{
/* Lookahead token kind.  */
int yychar;


/* The semantic value of the lookahead symbol.  */
/* Default value used for initialization, for pacifying older GCCs
   or non-GCC compilers.  */
YY_INITIAL_VALUE (static YYSTYPE yyval_default;)
YYSTYPE yylval YY_INITIAL_VALUE (= yyval_default);

/* Location data for the lookahead symbol.  */
static YYLTYPE yyloc_default
# if defined SCN_YYLTYPE_IS_TRIVIAL && SCN_YYLTYPE_IS_TRIVIAL
  = { 1, 1, 1, 1 }
# endif
;
YYLTYPE yylloc = yyloc_default;

    /* Number of syntax errors so far.  */
    int yynerrs = 0;

    yy_state_fast_t yystate = 0;
    /* Number of tokens to shift before error messages enabled.  */
    int yyerrstatus = 0;

    /* Refer to the stacks through separate pointers, to allow yyoverflow
       to reallocate them elsewhere.  */

    /* Their size.  */
    YYPTRDIFF_T yystacksize = YYINITDEPTH;

    /* The state stack: array, bottom, top.  */
    yy_state_t yyssa[YYINITDEPTH];
    yy_state_t *yyss = yyssa;
    yy_state_t *yyssp = yyss;

    /* The semantic value stack: array, bottom, top.  */
    YYSTYPE yyvsa[YYINITDEPTH];
    YYSTYPE *yyvs = yyvsa;
    YYSTYPE *yyvsp = yyvs;

    /* The location stack: array, bottom, top.  */
    YYLTYPE yylsa[YYINITDEPTH];
    YYLTYPE *yyls = yylsa;
    YYLTYPE *yylsp = yyls;

  int yyn;
  /* The return value of yyparse.  */
  int yyresult;
  /* Lookahead symbol kind.  */
  yysymbol_kind_t yytoken = YYSYMBOL_YYEMPTY;
  /* The variables used to return semantic value and location from the
     action routines.  */
  YYSTYPE yyval;
  YYLTYPE yyloc;

  /* The locations where the error started and ended.  */
  YYLTYPE yyerror_range[3];



#define YYPOPSTACK(N)   (yyvsp -= (N), yyssp -= (N), yylsp -= (N))

  /* The number of symbols on the RHS of the reduced rule.
     Keep to zero when no symbol should be popped.  */
  int yylen = 0;

  YYDPRINTF ((stderr, "Starting parse\n"));

  yychar = SCN_YYEMPTY; /* Cause a token to be read.  */

  yylsp[0] = yylloc;
  goto yysetstate;


/*------------------------------------------------------------.
| yynewstate -- push a new state, which is found in yystate.  |
`------------------------------------------------------------*/
yynewstate:
  /* In all cases, when you get here, the value and location stacks
     have just been pushed.  So pushing a state here evens the stacks.  */
  yyssp++;


/*--------------------------------------------------------------------.
| yysetstate -- set current state (the top of the stack) to yystate.  |
`--------------------------------------------------------------------*/
yysetstate:
  YYDPRINTF ((stderr, "Entering state %d\n", yystate));
  YY_ASSERT (0 <= yystate && yystate < YYNSTATES);
  YY_IGNORE_USELESS_CAST_BEGIN
  *yyssp = YY_CAST (yy_state_t, yystate);
  YY_IGNORE_USELESS_CAST_END
  YY_STACK_PRINT (yyss, yyssp);

  if (yyss + yystacksize - 1 <= yyssp)
#if !defined yyoverflow && !defined YYSTACK_RELOCATE
    YYNOMEM;
#else
    {
      /* Get the current used size of the three stacks, in elements.  */
      YYPTRDIFF_T yysize = yyssp - yyss + 1;

# if defined yyoverflow
      {
        /* Give user a chance to reallocate the stack.  Use copies of
           these so that the &'s don't force the real ones into
           memory.  */
        yy_state_t *yyss1 = yyss;
        YYSTYPE *yyvs1 = yyvs;
        YYLTYPE *yyls1 = yyls;

        /* Each stack pointer address is followed by the size of the
           data in use in that stack, in bytes.  This used to be a
           conditional around just the two extra args, but that might
           be undefined if yyoverflow is a macro.  */
        yyoverflow (YY_("memory exhausted"),
                    &yyss1, yysize * YYSIZEOF (*yyssp),
                    &yyvs1, yysize * YYSIZEOF (*yyvsp),
                    &yyls1, yysize * YYSIZEOF (*yylsp),
                    &yystacksize);
        yyss = yyss1;
        yyvs = yyvs1;
        yyls = yyls1;
      }
# else /* defined YYSTACK_RELOCATE */
      /* Extend the stack our own way.  */
      if (YYMAXDEPTH <= yystacksize)
        YYNOMEM;
      yystacksize *= 2;
      if (YYMAXDEPTH < yystacksize)
        yystacksize = YYMAXDEPTH;

      {
        yy_state_t *yyss1 = yyss;
        union yyalloc *yyptr =
          YY_CAST (union yyalloc *,
                   YYSTACK_ALLOC (YY_CAST (YYSIZE_T, YYSTACK_BYTES (yystacksize))));
        if (! yyptr)
          YYNOMEM;
        YYSTACK_RELOCATE (yyss_alloc, yyss);
        YYSTACK_RELOCATE (yyvs_alloc, yyvs);
        YYSTACK_RELOCATE (yyls_alloc, yyls);
#  undef YYSTACK_RELOCATE
        if (yyss1 != yyssa)
          YYSTACK_FREE (yyss1);
      }
# endif

      yyssp = yyss + yysize - 1;
      yyvsp = yyvs + yysize - 1;
      yylsp = yyls + yysize - 1;

      YY_IGNORE_USELESS_CAST_BEGIN
      YYDPRINTF ((stderr, "Stack size increased to %ld\n",
                  YY_CAST (long, yystacksize)));
      YY_IGNORE_USELESS_CAST_END

      if (yyss + yystacksize - 1 <= yyssp)
        YYABORT;
    }
#endif /* !defined yyoverflow && !defined YYSTACK_RELOCATE */


  if (yystate == YYFINAL)
    YYACCEPT;

  goto yybackup;


/*-----------.
| yybackup.  |
`-----------*/
yybackup:
  /* Do appropriate processing given the current state.  Read a
     lookahead token if we need one and don't already have one.  */

  /* First try to decide what to do without reference to lookahead token.  */
  yyn = yypact[yystate];
  if (yypact_value_is_default (yyn))
    goto yydefault;

  /* Not known => get a lookahead token if don't already have one.  */

  /* YYCHAR is either empty, or end-of-input, or a valid lookahead.  */
  if (yychar == SCN_YYEMPTY)
    {
      YYDPRINTF ((stderr, "Reading a token\n"));
      yychar = yylex (&yylval, &yylloc, scanner, ctx);
    }

  if (yychar <= SCN_YYEOF)
    {
      yychar = SCN_YYEOF;
      yytoken = YYSYMBOL_YYEOF;
      YYDPRINTF ((stderr, "Now at end of input.\n"));
    }
  else if (yychar == SCN_YYerror)
    {
      /* The scanner already issued an error message, process directly
         to error recovery.  But do not keep the error token as
         lookahead, it is too special and may lead us to an endless
         loop in error recovery. */
      yychar = SCN_YYUNDEF;
      yytoken = YYSYMBOL_YYerror;
      yyerror_range[1] = yylloc;
      goto yyerrlab1;
    }
  else
    {
      yytoken = YYTRANSLATE (yychar);
      YY_SYMBOL_PRINT ("Next token is", yytoken, &yylval, &yylloc);
    }

  /* If the proper action on seeing token YYTOKEN is to reduce or to
     detect an error, take that action.  */
  yyn += yytoken;
  if (yyn < 0 || YYLAST < yyn || yycheck[yyn] != yytoken)
    goto yydefault;
  yyn = yytable[yyn];
  if (yyn <= 0)
    {
      if (yytable_value_is_error (yyn))
        goto yyerrlab;
      yyn = -yyn;
      goto yyreduce;
    }

  /* Count tokens shifted since error; after three, turn off error
     status.  */
  if (yyerrstatus)
    yyerrstatus--;

  /* Shift the lookahead token.  */
  YY_SYMBOL_PRINT ("Shifting", yytoken, &yylval, &yylloc);
  yystate = yyn;
  YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
  *++yyvsp = yylval;
  YY_IGNORE_MAYBE_UNINITIALIZED_END
  *++yylsp = yylloc;

  /* Discard the shifted token.  */
  yychar = SCN_YYEMPTY;
  goto yynewstate;


/*-----------------------------------------------------------.
| yydefault -- do the default action for the current state.  |
`-----------------------------------------------------------*/
yydefault:
  yyn = yydefact[yystate];
  if (yyn == 0)
    goto yyerrlab;
  goto yyreduce;


/*-----------------------------.
| yyreduce -- do a reduction.  |
`-----------------------------*/
yyreduce:
  /* yyn is the number of a rule to reduce with.  */
  yylen = yyr2[yyn];

  /* If YYLEN is nonzero, implement the default value of the action:
     '$$ = $1'.

     Otherwise, the following line sets YYVAL to garbage.
     This behavior is undocumented and Bison
     users should not rely upon it.  Assigning to YYVAL
     unconditionally makes the parser a bit smaller, and it avoids a
     GCC warning that YYVAL may be used uninitialized.  */
  yyval = yyvsp[1-yylen];

  /* Default location. */
  YYLLOC_DEFAULT (yyloc, (yylsp - yylen), yylen);
  yyerror_range[1] = yyloc;
  YY_REDUCE_PRINT (yyn);
  switch (yyn)
    {
  case 2: /* input: START_FILE stmt_list  */
#line 119 "grammar/parser.y"
                                        { ctx->stmts = (yyvsp[0].list); }
#line 1738 "build-dev/gen/parser.c"
    break;

  case 3: /* input: START_EXPR nls expr nls  */
#line 120 "grammar/parser.y"
                                        { ctx->expr = (yyvsp[-1].node); }
#line 1744 "build-dev/gen/parser.c"
    break;

  case 6: /* stmt_list: %empty  */
#line 129 "grammar/parser.y"
                                        { memset(&(yyval.list), 0, sizeof((yyval.list))); }
#line 1750 "build-dev/gen/parser.c"
    break;

  case 7: /* stmt_list: stmt_list sep  */
#line 130 "grammar/parser.y"
                                        { (yyval.list) = (yyvsp[-1].list); }
#line 1756 "build-dev/gen/parser.c"
    break;

  case 8: /* stmt_list: stmt_list stmt sep  */
#line 131 "grammar/parser.y"
                                        { (yyval.list) = (yyvsp[-2].list); PUSH((yyval.list), (yyvsp[-1].node)); }
#line 1762 "build-dev/gen/parser.c"
    break;

  case 9: /* stmt_list: stmt_list error sep  */
#line 132 "grammar/parser.y"
                                        { (yyval.list) = (yyvsp[-2].list); yyerrok; }
#line 1768 "build-dev/gen/parser.c"
    break;

  case 12: /* block: '{' stmt_list '}'  */
#line 142 "grammar/parser.y"
                                        { (yyval.list) = (yyvsp[-1].list); }
#line 1774 "build-dev/gen/parser.c"
    break;

  case 13: /* block: '{' stmt_list stmt '}'  */
#line 143 "grammar/parser.y"
                                        { (yyval.list) = (yyvsp[-2].list); PUSH((yyval.list), (yyvsp[-1].node)); }
#line 1780 "build-dev/gen/parser.c"
    break;

  case 14: /* stmt: "param" name '=' expr  */
#line 147 "grammar/parser.y"
                                        {
						(yyval.node) = named(ctx, AST_PARAM, (yyloc), (yyvsp[-2].str), (yylsp[-2]));
						(yyval.node)->a = (yyvsp[0].node);
					}
#line 1789 "build-dev/gen/parser.c"
    break;

  case 15: /* stmt: "require" req_list  */
#line 151 "grammar/parser.y"
                                        { (yyval.node) = NODE(REQUIRE, (yyloc)); (yyval.node)->kids = (yyvsp[0].list); }
#line 1795 "build-dev/gen/parser.c"
    break;

  case 16: /* stmt: "set" set_list  */
#line 152 "grammar/parser.y"
                                        { (yyval.node) = NODE(SET, (yyloc)); (yyval.node)->kids = (yyvsp[0].list); }
#line 1801 "build-dev/gen/parser.c"
    break;

  case 17: /* stmt: "policy" name  */
#line 153 "grammar/parser.y"
                                        {
						(yyval.node) = NODE(POLICY, (yyloc));
						PUSH((yyval.node)->kids, named(ctx, AST_NAME, (yylsp[0]), (yyvsp[0].str), (yylsp[0])));
					}
#line 1810 "build-dev/gen/parser.c"
    break;

  case 18: /* stmt: "policy" name expr  */
#line 157 "grammar/parser.y"
                                        {
						(yyval.node) = NODE(POLICY, (yyloc));
						PUSH((yyval.node)->kids, named(ctx, AST_NAME, (yylsp[-1]), (yyvsp[-1].str), (yylsp[-1])));
						PUSH((yyval.node)->kids, (yyvsp[0].node));
					}
#line 1820 "build-dev/gen/parser.c"
    break;

  case 19: /* stmt: "backing" name items_opt  */
#line 162 "grammar/parser.y"
                                        {
						(yyval.node) = named(ctx, AST_BACKING, (yyloc), (yyvsp[-1].str), (yylsp[-1]));
						(yyval.node)->kids = (yyvsp[0].list);
					}
#line 1829 "build-dev/gen/parser.c"
    break;

  case 20: /* stmt: "region" name items_opt  */
#line 166 "grammar/parser.y"
                                        {
						(yyval.node) = named(ctx, AST_REGION, (yyloc), (yyvsp[-1].str), (yylsp[-1]));
						(yyval.node)->kids = (yyvsp[0].list);
					}
#line 1838 "build-dev/gen/parser.c"
    break;

  case 21: /* stmt: "vm" name items_opt  */
#line 170 "grammar/parser.y"
                                        {
						(yyval.node) = named(ctx, AST_VM, (yyloc), (yyvsp[-1].str), (yylsp[-1]));
						(yyval.node)->kids = (yyvsp[0].list);
					}
#line 1847 "build-dev/gen/parser.c"
    break;

  case 22: /* stmt: "uffd" name items_opt  */
#line 174 "grammar/parser.y"
                                        {
						(yyval.node) = named(ctx, AST_UFFD, (yyloc), (yyvsp[-1].str), (yylsp[-1]));
						(yyval.node)->kids = (yyvsp[0].list);
					}
#line 1856 "build-dev/gen/parser.c"
    break;

  case 23: /* stmt: "cgroup" name items_opt  */
#line 178 "grammar/parser.y"
                                        {
						(yyval.node) = named(ctx, AST_CGROUP, (yyloc), (yyvsp[-1].str), (yylsp[-1]));
						(yyval.node)->kids = (yyvsp[0].list);
					}
#line 1865 "build-dev/gen/parser.c"
    break;

  case 24: /* stmt: "phase" name items_opt block  */
#line 182 "grammar/parser.y"
                                        {
						(yyval.node) = named(ctx, AST_PHASE, (yyloc), (yyvsp[-2].str), (yylsp[-2]));
						(yyval.node)->kids = (yyvsp[-1].list);
						(yyval.node)->body = (yyvsp[0].list);
					}
#line 1875 "build-dev/gen/parser.c"
    break;

  case 25: /* stmt: "guest" subset_opt items_opt  */
#line 187 "grammar/parser.y"
                                        {
						(yyval.node) = NODE(GUEST, (yyloc));
						(yyval.node)->a = (yyvsp[-1].node);
						(yyval.node)->kids = (yyvsp[0].list);
					}
#line 1885 "build-dev/gen/parser.c"
    break;

  case 26: /* stmt: "host" items  */
#line 192 "grammar/parser.y"
                                        { (yyval.node) = NODE(HOST, (yyloc)); (yyval.node)->kids = (yyvsp[0].list); }
#line 1891 "build-dev/gen/parser.c"
    break;

  case 27: /* stmt: "vcpu" subset_opt items  */
#line 193 "grammar/parser.y"
                                        {
						(yyval.node) = NODE(VCPU, (yyloc));
						(yyval.node)->a = (yyvsp[-1].node);
						(yyval.node)->kids = (yyvsp[0].list);
					}
#line 1901 "build-dev/gen/parser.c"
    break;

  case 28: /* stmt: "ksm" items  */
#line 198 "grammar/parser.y"
                                        { (yyval.node) = NODE(KSM, (yyloc)); (yyval.node)->kids = (yyvsp[0].list); }
#line 1907 "build-dev/gen/parser.c"
    break;

  case 29: /* stmt: "sleep" expr  */
#line 199 "grammar/parser.y"
                                        { (yyval.node) = NODE(SLEEP, (yyloc)); (yyval.node)->a = (yyvsp[0].node); }
#line 1913 "build-dev/gen/parser.c"
    break;

  case 30: /* stmt: "wait" expr items_opt  */
#line 200 "grammar/parser.y"
                                        {
						(yyval.node) = NODE(WAIT, (yyloc));
						(yyval.node)->a = (yyvsp[-1].node);
						(yyval.node)->kids = (yyvsp[0].list);
					}
#line 1923 "build-dev/gen/parser.c"
    break;

  case 31: /* stmt: "concurrently" block  */
#line 205 "grammar/parser.y"
                                        { (yyval.node) = NODE(CONCURRENTLY, (yyloc)); (yyval.node)->body = (yyvsp[0].list); }
#line 1929 "build-dev/gen/parser.c"
    break;

  case 32: /* stmt: block  */
#line 206 "grammar/parser.y"
                                        { (yyval.node) = NODE(BLOCK, (yyloc)); (yyval.node)->body = (yyvsp[0].list); }
#line 1935 "build-dev/gen/parser.c"
    break;

  case 33: /* stmt: "expect" expr items_opt  */
#line 207 "grammar/parser.y"
                                        {
						(yyval.node) = NODE(EXPECT, (yyloc));
						(yyval.node)->a = (yyvsp[-1].node);
						(yyval.node)->kids = (yyvsp[0].list);
					}
#line 1945 "build-dev/gen/parser.c"
    break;

  case 34: /* stmt: "print" expr  */
#line 212 "grammar/parser.y"
                                        { (yyval.node) = NODE(PRINT, (yyloc)); (yyval.node)->a = (yyvsp[0].node); }
#line 1951 "build-dev/gen/parser.c"
    break;

  case 35: /* stmt: "metric" dotted '=' expr items_opt  */
#line 213 "grammar/parser.y"
                                           {
						(yyval.node) = named(ctx, AST_METRIC, (yyloc),
							   ast_dotted(ctx->arena, (yyvsp[-3].node)), (yylsp[-3]));
						(yyval.node)->a = (yyvsp[-1].node);
						(yyval.node)->kids = (yyvsp[0].list);
					}
#line 1962 "build-dev/gen/parser.c"
    break;

  case 36: /* stmt: "include" expr with_opt  */
#line 219 "grammar/parser.y"
                                        {
						(yyval.node) = NODE(INCLUDE, (yyloc));
						(yyval.node)->a = (yyvsp[-1].node);
						(yyval.node)->kids = (yyvsp[0].list);
					}
#line 1972 "build-dev/gen/parser.c"
    break;

  case 37: /* stmt: "repeat" expr block  */
#line 224 "grammar/parser.y"
                                        {
						(yyval.node) = NODE(REPEAT, (yyloc));
						(yyval.node)->a = (yyvsp[-1].node);
						(yyval.node)->body = (yyvsp[0].list);
					}
#line 1982 "build-dev/gen/parser.c"
    break;

  case 38: /* stmt: "sweep" name "in" expr_list  */
#line 229 "grammar/parser.y"
                                        {
						(yyval.node) = named(ctx, AST_SWEEP, (yyloc), (yyvsp[-2].str), (yylsp[-2]));
						(yyval.node)->kids = (yyvsp[0].list);
					}
#line 1991 "build-dev/gen/parser.c"
    break;

  case 39: /* stmt: "table" items  */
#line 233 "grammar/parser.y"
                                        { (yyval.node) = NODE(TABLE, (yyloc)); (yyval.node)->kids = (yyvsp[0].list); }
#line 1997 "build-dev/gen/parser.c"
    break;

  case 41: /* stmt: "name" items_opt  */
#line 235 "grammar/parser.y"
                                        {
						(yyval.node) = named(ctx, AST_UNKNOWN, (yyloc), (yyvsp[-1].str), (yylsp[-1]));
						(yyval.node)->kids = (yyvsp[0].list);
					}
#line 2006 "build-dev/gen/parser.c"
    break;

  case 42: /* stmt: "name" items_opt block  */
#line 239 "grammar/parser.y"
                                        {
						(yyval.node) = named(ctx, AST_UNKNOWN, (yyloc), (yyvsp[-2].str), (yylsp[-2]));
						(yyval.node)->kids = (yyvsp[-1].list);
						(yyval.node)->body = (yyvsp[0].list);
					}
#line 2016 "build-dev/gen/parser.c"
    break;

  case 43: /* if_stmt: "if" expr block else_opt  */
#line 247 "grammar/parser.y"
                                        {
						(yyval.node) = NODE(IF, (yyloc));
						(yyval.node)->a = (yyvsp[-2].node);
						(yyval.node)->body = (yyvsp[-1].list);
						(yyval.node)->c = NODE(BLOCK, (yylsp[0]));
						(yyval.node)->c->body = (yyvsp[0].list);
					}
#line 2028 "build-dev/gen/parser.c"
    break;

  case 44: /* else_opt: %empty  */
#line 257 "grammar/parser.y"
                                        { memset(&(yyval.list), 0, sizeof((yyval.list))); }
#line 2034 "build-dev/gen/parser.c"
    break;

  case 45: /* else_opt: "else" block  */
#line 258 "grammar/parser.y"
                                        { (yyval.list) = (yyvsp[0].list); }
#line 2040 "build-dev/gen/parser.c"
    break;

  case 46: /* else_opt: "else" if_stmt  */
#line 259 "grammar/parser.y"
                                        {
						memset(&(yyval.list), 0, sizeof((yyval.list)));
						PUSH((yyval.list), (yyvsp[0].node));
					}
#line 2049 "build-dev/gen/parser.c"
    break;

  case 47: /* subset_opt: %empty  */
#line 266 "grammar/parser.y"
                                        { (yyval.node) = NULL; }
#line 2055 "build-dev/gen/parser.c"
    break;

  case 48: /* subset_opt: '[' expr ']'  */
#line 267 "grammar/parser.y"
                                        { (yyval.node) = (yyvsp[-1].node); }
#line 2061 "build-dev/gen/parser.c"
    break;

  case 49: /* subset_opt: '[' expr ".." expr ']'  */
#line 268 "grammar/parser.y"
                                        {
						(yyval.node) = NODE(RANGE, (yyloc));
						(yyval.node)->a = (yyvsp[-3].node);
						(yyval.node)->b = (yyvsp[-1].node);
					}
#line 2071 "build-dev/gen/parser.c"
    break;

  case 52: /* req_list: req  */
#line 281 "grammar/parser.y"
                                        { memset(&(yyval.list), 0, sizeof((yyval.list))); PUSH((yyval.list), (yyvsp[0].node)); }
#line 2077 "build-dev/gen/parser.c"
    break;

  case 53: /* req_list: req_list comma req  */
#line 282 "grammar/parser.y"
                                        { (yyval.list) = (yyvsp[-2].list); PUSH((yyval.list), (yyvsp[0].node)); }
#line 2083 "build-dev/gen/parser.c"
    break;

  case 54: /* req: dotted  */
#line 286 "grammar/parser.y"
                                        { (yyval.node) = named(ctx, AST_REQ, (yyloc), ast_dotted(ctx->arena, (yyvsp[0].node)), (yylsp[0])); }
#line 2089 "build-dev/gen/parser.c"
    break;

  case 55: /* req: dotted pprimary  */
#line 287 "grammar/parser.y"
                                        {
						(yyval.node) = named(ctx, AST_REQ, (yyloc), ast_dotted(ctx->arena, (yyvsp[-1].node)), (yylsp[-1]));
						(yyval.node)->a = (yyvsp[0].node);
					}
#line 2098 "build-dev/gen/parser.c"
    break;

  case 56: /* req: dotted cmp expr  */
#line 291 "grammar/parser.y"
                                        {
						(yyval.node) = named(ctx, AST_REQ, (yyloc), ast_dotted(ctx->arena, (yyvsp[-2].node)), (yylsp[-2]));
						(yyval.node)->op = (yyvsp[-1].op);
						(yyval.node)->a = (yyvsp[0].node);
					}
#line 2108 "build-dev/gen/parser.c"
    break;

  case 57: /* cmp: "=="  */
#line 299 "grammar/parser.y"
                        { (yyval.op) = OP_EQ; }
#line 2114 "build-dev/gen/parser.c"
    break;

  case 58: /* cmp: "!="  */
#line 300 "grammar/parser.y"
                        { (yyval.op) = OP_NE; }
#line 2120 "build-dev/gen/parser.c"
    break;

  case 59: /* cmp: '<'  */
#line 301 "grammar/parser.y"
                        { (yyval.op) = OP_LT; }
#line 2126 "build-dev/gen/parser.c"
    break;

  case 60: /* cmp: "<="  */
#line 302 "grammar/parser.y"
                        { (yyval.op) = OP_LE; }
#line 2132 "build-dev/gen/parser.c"
    break;

  case 61: /* cmp: '>'  */
#line 303 "grammar/parser.y"
                        { (yyval.op) = OP_GT; }
#line 2138 "build-dev/gen/parser.c"
    break;

  case 62: /* cmp: ">="  */
#line 304 "grammar/parser.y"
                        { (yyval.op) = OP_GE; }
#line 2144 "build-dev/gen/parser.c"
    break;

  case 63: /* dotted: name  */
#line 308 "grammar/parser.y"
                                        { (yyval.node) = named(ctx, AST_NAME, (yyloc), (yyvsp[0].str), (yylsp[0])); }
#line 2150 "build-dev/gen/parser.c"
    break;

  case 64: /* dotted: dotted '.' name  */
#line 309 "grammar/parser.y"
                                        {
						struct ast *m = named(ctx, AST_MEMBER, (yyloc), (yyvsp[0].str), (yylsp[0]));

						m->a = (yyvsp[-2].node);
						(yyval.node) = m;
					}
#line 2161 "build-dev/gen/parser.c"
    break;

  case 65: /* set_list: set_item  */
#line 318 "grammar/parser.y"
                                        { memset(&(yyval.list), 0, sizeof((yyval.list))); PUSH((yyval.list), (yyvsp[0].node)); }
#line 2167 "build-dev/gen/parser.c"
    break;

  case 66: /* set_list: set_list comma set_item  */
#line 319 "grammar/parser.y"
                                        { (yyval.list) = (yyvsp[-2].list); PUSH((yyval.list), (yyvsp[0].node)); }
#line 2173 "build-dev/gen/parser.c"
    break;

  case 67: /* set_item: dotted '=' expr  */
#line 323 "grammar/parser.y"
                                        {
						(yyval.node) = named(ctx, AST_ATTR, (yyloc), ast_dotted(ctx->arena, (yyvsp[-2].node)), (yylsp[-2]));
						(yyval.node)->a = (yyvsp[0].node);
					}
#line 2182 "build-dev/gen/parser.c"
    break;

  case 68: /* with_opt: %empty  */
#line 330 "grammar/parser.y"
                                        { memset(&(yyval.list), 0, sizeof((yyval.list))); }
#line 2188 "build-dev/gen/parser.c"
    break;

  case 69: /* with_opt: "with" set_list  */
#line 331 "grammar/parser.y"
                                        { (yyval.list) = (yyvsp[0].list); }
#line 2194 "build-dev/gen/parser.c"
    break;

  case 70: /* items_opt: %empty  */
#line 335 "grammar/parser.y"
                                        { memset(&(yyval.list), 0, sizeof((yyval.list))); }
#line 2200 "build-dev/gen/parser.c"
    break;

  case 72: /* items: item  */
#line 340 "grammar/parser.y"
                                        { memset(&(yyval.list), 0, sizeof((yyval.list))); PUSH((yyval.list), (yyvsp[0].node)); }
#line 2206 "build-dev/gen/parser.c"
    break;

  case 73: /* items: items item  */
#line 341 "grammar/parser.y"
                                        { (yyval.list) = (yyvsp[-1].list); PUSH((yyval.list), (yyvsp[0].node)); }
#line 2212 "build-dev/gen/parser.c"
    break;

  case 75: /* item: name '=' expr  */
#line 347 "grammar/parser.y"
                                        {
						(yyval.node) = named(ctx, AST_ATTR, (yyloc), (yyvsp[-2].str), (yylsp[-2]));
						(yyval.node)->a = (yyvsp[0].node);
					}
#line 2221 "build-dev/gen/parser.c"
    break;

  case 76: /* item: pitem '.' name '=' expr  */
#line 352 "grammar/parser.y"
                                        {
						struct ast *m = named(ctx, AST_MEMBER, (yyloc), (yyvsp[-2].str), (yylsp[-2]));
						struct loc key = (yylsp[-4]);
						const char *name;

						key.last_line = (yylsp[-2]).last_line;
						key.last_column = (yylsp[-2]).last_column;
						m->a = (yyvsp[-4].node);
						name = ast_dotted(ctx->arena, m);
						/* "" tells the checker that this was said. */
						if (!name) {
							diag_error(ctx->diag, key, "a key is a name, or names joined by '.'");
							name = "";
						}
						(yyval.node) = named(ctx, AST_ATTR, (yyloc), name, key);
						(yyval.node)->a = (yyvsp[0].node);
					}
#line 2243 "build-dev/gen/parser.c"
    break;

  case 78: /* pitem: pitem '.' name  */
#line 373 "grammar/parser.y"
                                        {
						(yyval.node) = named(ctx, AST_MEMBER, (yyloc), (yyvsp[0].str), (yylsp[0]));
						(yyval.node)->a = (yyvsp[-2].node);
					}
#line 2252 "build-dev/gen/parser.c"
    break;

  case 79: /* pitem: pitem '[' expr ']'  */
#line 377 "grammar/parser.y"
                                        {
						(yyval.node) = NODE(INDEX, (yyloc));
						(yyval.node)->a = (yyvsp[-3].node);
						(yyval.node)->b = (yyvsp[-1].node);
					}
#line 2262 "build-dev/gen/parser.c"
    break;

  case 80: /* pprimary: "number"  */
#line 385 "grammar/parser.y"
                                        { (yyval.node) = NODE(LIT, (yyloc)); (yyval.node)->lit = (yyvsp[0].lit); }
#line 2268 "build-dev/gen/parser.c"
    break;

  case 81: /* pprimary: "yes or no"  */
#line 386 "grammar/parser.y"
                                        { (yyval.node) = NODE(LIT, (yyloc)); (yyval.node)->lit = (yyvsp[0].lit); }
#line 2274 "build-dev/gen/parser.c"
    break;

  case 83: /* pprimary: name  */
#line 388 "grammar/parser.y"
                                        { (yyval.node) = named(ctx, AST_NAME, (yyloc), (yyvsp[0].str), (yylsp[0])); }
#line 2280 "build-dev/gen/parser.c"
    break;

  case 84: /* expr_list: expr  */
#line 392 "grammar/parser.y"
                                        { memset(&(yyval.list), 0, sizeof((yyval.list))); PUSH((yyval.list), (yyvsp[0].node)); }
#line 2286 "build-dev/gen/parser.c"
    break;

  case 85: /* expr_list: expr_list comma expr  */
#line 393 "grammar/parser.y"
                                        { (yyval.list) = (yyvsp[-2].list); PUSH((yyval.list), (yyvsp[0].node)); }
#line 2292 "build-dev/gen/parser.c"
    break;

  case 87: /* expr: expr '+' expr  */
#line 398 "grammar/parser.y"
                                        { (yyval.node) = binary(ctx, OP_ADD, (yyvsp[-2].node), (yyvsp[0].node), (yyloc)); }
#line 2298 "build-dev/gen/parser.c"
    break;

  case 88: /* expr: expr '-' expr  */
#line 399 "grammar/parser.y"
                                        { (yyval.node) = binary(ctx, OP_SUB, (yyvsp[-2].node), (yyvsp[0].node), (yyloc)); }
#line 2304 "build-dev/gen/parser.c"
    break;

  case 89: /* expr: expr '*' expr  */
#line 400 "grammar/parser.y"
                                        { (yyval.node) = binary(ctx, OP_MUL, (yyvsp[-2].node), (yyvsp[0].node), (yyloc)); }
#line 2310 "build-dev/gen/parser.c"
    break;

  case 90: /* expr: expr '/' expr  */
#line 401 "grammar/parser.y"
                                        { (yyval.node) = binary(ctx, OP_DIV, (yyvsp[-2].node), (yyvsp[0].node), (yyloc)); }
#line 2316 "build-dev/gen/parser.c"
    break;

  case 91: /* expr: expr '%' expr  */
#line 402 "grammar/parser.y"
                                        { (yyval.node) = binary(ctx, OP_MOD, (yyvsp[-2].node), (yyvsp[0].node), (yyloc)); }
#line 2322 "build-dev/gen/parser.c"
    break;

  case 92: /* expr: expr "==" expr  */
#line 403 "grammar/parser.y"
                                        { (yyval.node) = binary(ctx, OP_EQ, (yyvsp[-2].node), (yyvsp[0].node), (yyloc)); }
#line 2328 "build-dev/gen/parser.c"
    break;

  case 93: /* expr: expr "!=" expr  */
#line 404 "grammar/parser.y"
                                        { (yyval.node) = binary(ctx, OP_NE, (yyvsp[-2].node), (yyvsp[0].node), (yyloc)); }
#line 2334 "build-dev/gen/parser.c"
    break;

  case 94: /* expr: expr '<' expr  */
#line 405 "grammar/parser.y"
                                        { (yyval.node) = binary(ctx, OP_LT, (yyvsp[-2].node), (yyvsp[0].node), (yyloc)); }
#line 2340 "build-dev/gen/parser.c"
    break;

  case 95: /* expr: expr "<=" expr  */
#line 406 "grammar/parser.y"
                                        { (yyval.node) = binary(ctx, OP_LE, (yyvsp[-2].node), (yyvsp[0].node), (yyloc)); }
#line 2346 "build-dev/gen/parser.c"
    break;

  case 96: /* expr: expr '>' expr  */
#line 407 "grammar/parser.y"
                                        { (yyval.node) = binary(ctx, OP_GT, (yyvsp[-2].node), (yyvsp[0].node), (yyloc)); }
#line 2352 "build-dev/gen/parser.c"
    break;

  case 97: /* expr: expr ">=" expr  */
#line 408 "grammar/parser.y"
                                        { (yyval.node) = binary(ctx, OP_GE, (yyvsp[-2].node), (yyvsp[0].node), (yyloc)); }
#line 2358 "build-dev/gen/parser.c"
    break;

  case 98: /* expr: expr "&&" expr  */
#line 409 "grammar/parser.y"
                                        { (yyval.node) = binary(ctx, OP_AND, (yyvsp[-2].node), (yyvsp[0].node), (yyloc)); }
#line 2364 "build-dev/gen/parser.c"
    break;

  case 99: /* expr: expr "||" expr  */
#line 410 "grammar/parser.y"
                                        { (yyval.node) = binary(ctx, OP_OR, (yyvsp[-2].node), (yyvsp[0].node), (yyloc)); }
#line 2370 "build-dev/gen/parser.c"
    break;

  case 100: /* expr: expr '?' expr ':' expr  */
#line 411 "grammar/parser.y"
                                        {
						(yyval.node) = NODE(COND, (yyloc));
						(yyval.node)->a = (yyvsp[-4].node);
						(yyval.node)->b = (yyvsp[-2].node);
						(yyval.node)->c = (yyvsp[0].node);
					}
#line 2381 "build-dev/gen/parser.c"
    break;

  case 101: /* expr: '-' expr  */
#line 417 "grammar/parser.y"
                                        {
						(yyval.node) = NODE(UNARY, (yyloc));
						(yyval.node)->op = OP_NEG;
						(yyval.node)->a = (yyvsp[0].node);
					}
#line 2391 "build-dev/gen/parser.c"
    break;

  case 102: /* expr: '!' expr  */
#line 422 "grammar/parser.y"
                                        {
						(yyval.node) = NODE(UNARY, (yyloc));
						(yyval.node)->op = OP_NOT;
						(yyval.node)->a = (yyvsp[0].node);
					}
#line 2401 "build-dev/gen/parser.c"
    break;

  case 104: /* postfix: postfix '.' name  */
#line 431 "grammar/parser.y"
                                        {
						(yyval.node) = named(ctx, AST_MEMBER, (yyloc), (yyvsp[0].str), (yylsp[0]));
						(yyval.node)->a = (yyvsp[-2].node);
					}
#line 2410 "build-dev/gen/parser.c"
    break;

  case 105: /* postfix: postfix '[' expr ']'  */
#line 435 "grammar/parser.y"
                                        {
						(yyval.node) = NODE(INDEX, (yyloc));
						(yyval.node)->a = (yyvsp[-3].node);
						(yyval.node)->b = (yyvsp[-1].node);
					}
#line 2420 "build-dev/gen/parser.c"
    break;

  case 106: /* primary: "number"  */
#line 443 "grammar/parser.y"
                                        { (yyval.node) = NODE(LIT, (yyloc)); (yyval.node)->lit = (yyvsp[0].lit); }
#line 2426 "build-dev/gen/parser.c"
    break;

  case 107: /* primary: "yes or no"  */
#line 444 "grammar/parser.y"
                                        { (yyval.node) = NODE(LIT, (yyloc)); (yyval.node)->lit = (yyvsp[0].lit); }
#line 2432 "build-dev/gen/parser.c"
    break;

  case 109: /* primary: name  */
#line 446 "grammar/parser.y"
                                        { (yyval.node) = named(ctx, AST_NAME, (yyloc), (yyvsp[0].str), (yylsp[0])); }
#line 2438 "build-dev/gen/parser.c"
    break;

  case 110: /* primary: name '(' args_opt ')'  */
#line 447 "grammar/parser.y"
                                        {
						(yyval.node) = named(ctx, AST_CALL, (yyloc), (yyvsp[-3].str), (yylsp[-3]));
						(yyval.node)->kids = (yyvsp[-1].list);
					}
#line 2447 "build-dev/gen/parser.c"
    break;

  case 111: /* primary: '(' expr ')'  */
#line 451 "grammar/parser.y"
                                        { (yyval.node) = (yyvsp[-1].node); }
#line 2453 "build-dev/gen/parser.c"
    break;

  case 112: /* primary: '[' args_opt ']'  */
#line 452 "grammar/parser.y"
                                        { (yyval.node) = NODE(LIST, (yyloc)); (yyval.node)->kids = (yyvsp[-1].list); }
#line 2459 "build-dev/gen/parser.c"
    break;

  case 113: /* args_opt: %empty  */
#line 456 "grammar/parser.y"
                                        { memset(&(yyval.list), 0, sizeof((yyval.list))); }
#line 2465 "build-dev/gen/parser.c"
    break;

  case 115: /* string: "string" str_parts "end of string"  */
#line 461 "grammar/parser.y"
                                        { (yyval.node) = NODE(STRING, (yyloc)); (yyval.node)->kids = (yyvsp[-1].list); }
#line 2471 "build-dev/gen/parser.c"
    break;

  case 116: /* str_parts: %empty  */
#line 465 "grammar/parser.y"
                                        { memset(&(yyval.list), 0, sizeof((yyval.list))); }
#line 2477 "build-dev/gen/parser.c"
    break;

  case 117: /* str_parts: str_parts "text"  */
#line 466 "grammar/parser.y"
                                        {
						struct ast *t = NODE(TEXT, (yylsp[0]));

						t->name = (yyvsp[0].str);
						(yyval.list) = (yyvsp[-1].list);
						PUSH((yyval.list), t);
					}
#line 2489 "build-dev/gen/parser.c"
    break;

  case 118: /* str_parts: str_parts "'{'" expr "'}' of an interpolation"  */
#line 473 "grammar/parser.y"
                                                        {
						struct ast *t = NODE(INTERP, (yylsp[-1]));

						t->a = (yyvsp[-1].node);
						(yyval.list) = (yyvsp[-3].list);
						PUSH((yyval.list), t);
					}
#line 2501 "build-dev/gen/parser.c"
    break;

  case 119: /* str_parts: str_parts "'{'" expr "format" "'}' of an interpolation"  */
#line 480 "grammar/parser.y"
                                                                {
						struct ast *t = NODE(INTERP, (yylsp[-2]));

						t->a = (yyvsp[-2].node);
						t->name = (yyvsp[-1].str);
						ast_set_name_loc(t, (yylsp[-1]));
						(yyval.list) = (yyvsp[-4].list);
						PUSH((yyval.list), t);
					}
#line 2515 "build-dev/gen/parser.c"
    break;


#line 2519 "build-dev/gen/parser.c"

      default: break;
    }
  /* User semantic actions sometimes alter yychar, and that requires
     that yytoken be updated with the new translation.  We take the
     approach of translating immediately before every use of yytoken.
     One alternative is translating here after every semantic action,
     but that translation would be missed if the semantic action invokes
     YYABORT, YYACCEPT, or YYERROR immediately after altering yychar or
     if it invokes YYBACKUP.  In the case of YYABORT or YYACCEPT, an
     incorrect destructor might then be invoked immediately.  In the
     case of YYERROR or YYBACKUP, subsequent parser actions might lead
     to an incorrect destructor call or verbose syntax error message
     before the lookahead is translated.  */
  YY_SYMBOL_PRINT ("-> $$ =", YY_CAST (yysymbol_kind_t, yyr1[yyn]), &yyval, &yyloc);

  YYPOPSTACK (yylen);
  yylen = 0;

  *++yyvsp = yyval;
  *++yylsp = yyloc;

  /* Now 'shift' the result of the reduction.  Determine what state
     that goes to, based on the state we popped back to and the rule
     number reduced by.  */
  {
    const int yylhs = yyr1[yyn] - YYNTOKENS;
    const int yyi = yypgoto[yylhs] + *yyssp;
    yystate = (0 <= yyi && yyi <= YYLAST && yycheck[yyi] == *yyssp
               ? yytable[yyi]
               : yydefgoto[yylhs]);
  }

  goto yynewstate;


/*--------------------------------------.
| yyerrlab -- here on detecting error.  |
`--------------------------------------*/
yyerrlab:
  /* Make sure we have latest lookahead translation.  See comments at
     user semantic actions for why this is necessary.  */
  yytoken = yychar == SCN_YYEMPTY ? YYSYMBOL_YYEMPTY : YYTRANSLATE (yychar);
  /* If not already recovering from an error, report this error.  */
  if (!yyerrstatus)
    {
      ++yynerrs;
      {
        yypcontext_t yyctx
          = {yyssp, yytoken, &yylloc};
        if (yyreport_syntax_error (&yyctx, scanner, ctx) == 2)
          YYNOMEM;
      }
    }

  yyerror_range[1] = yylloc;
  if (yyerrstatus == 3)
    {
      /* If just tried and failed to reuse lookahead token after an
         error, discard it.  */

      if (yychar <= SCN_YYEOF)
        {
          /* Return failure if at end of input.  */
          if (yychar == SCN_YYEOF)
            YYABORT;
        }
      else
        {
          yydestruct ("Error: discarding",
                      yytoken, &yylval, &yylloc, scanner, ctx);
          yychar = SCN_YYEMPTY;
        }
    }

  /* Else will try to reuse lookahead token after shifting the error
     token.  */
  goto yyerrlab1;


/*---------------------------------------------------.
| yyerrorlab -- error raised explicitly by YYERROR.  |
`---------------------------------------------------*/
yyerrorlab:
  /* Pacify compilers when the user code never invokes YYERROR and the
     label yyerrorlab therefore never appears in user code.  */
  if (0)
    YYERROR;
  ++yynerrs;

  /* Do not reclaim the symbols of the rule whose action triggered
     this YYERROR.  */
  YYPOPSTACK (yylen);
  yylen = 0;
  YY_STACK_PRINT (yyss, yyssp);
  yystate = *yyssp;
  goto yyerrlab1;


/*-------------------------------------------------------------.
| yyerrlab1 -- common code for both syntax error and YYERROR.  |
`-------------------------------------------------------------*/
yyerrlab1:
  yyerrstatus = 3;      /* Each real token shifted decrements this.  */

  /* Pop stack until we find a state that shifts the error token.  */
  for (;;)
    {
      yyn = yypact[yystate];
      if (!yypact_value_is_default (yyn))
        {
          yyn += YYSYMBOL_YYerror;
          if (0 <= yyn && yyn <= YYLAST && yycheck[yyn] == YYSYMBOL_YYerror)
            {
              yyn = yytable[yyn];
              if (0 < yyn)
                break;
            }
        }

      /* Pop the current state because it cannot handle the error token.  */
      if (yyssp == yyss)
        YYABORT;

      yyerror_range[1] = *yylsp;
      yydestruct ("Error: popping",
                  YY_ACCESSING_SYMBOL (yystate), yyvsp, yylsp, scanner, ctx);
      YYPOPSTACK (1);
      yystate = *yyssp;
      YY_STACK_PRINT (yyss, yyssp);
    }

  YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
  *++yyvsp = yylval;
  YY_IGNORE_MAYBE_UNINITIALIZED_END

  yyerror_range[2] = yylloc;
  ++yylsp;
  YYLLOC_DEFAULT (*yylsp, yyerror_range, 2);

  /* Shift the error token.  */
  YY_SYMBOL_PRINT ("Shifting", YY_ACCESSING_SYMBOL (yyn), yyvsp, yylsp);

  yystate = yyn;
  goto yynewstate;


/*-------------------------------------.
| yyacceptlab -- YYACCEPT comes here.  |
`-------------------------------------*/
yyacceptlab:
  yyresult = 0;
  goto yyreturnlab;


/*-----------------------------------.
| yyabortlab -- YYABORT comes here.  |
`-----------------------------------*/
yyabortlab:
  yyresult = 1;
  goto yyreturnlab;


/*-----------------------------------------------------------.
| yyexhaustedlab -- YYNOMEM (memory exhaustion) comes here.  |
`-----------------------------------------------------------*/
yyexhaustedlab:
  yyerror (&yylloc, scanner, ctx, YY_("memory exhausted"));
  yyresult = 2;
  goto yyreturnlab;


/*----------------------------------------------------------.
| yyreturnlab -- parsing is finished, clean up and return.  |
`----------------------------------------------------------*/
yyreturnlab:
  if (yychar != SCN_YYEMPTY)
    {
      /* Make sure we have latest lookahead translation.  See comments at
         user semantic actions for why this is necessary.  */
      yytoken = YYTRANSLATE (yychar);
      yydestruct ("Cleanup: discarding lookahead",
                  yytoken, &yylval, &yylloc, scanner, ctx);
    }
  /* Do not reclaim the symbols of the rule whose action triggered
     this YYABORT or YYACCEPT.  */
  YYPOPSTACK (yylen);
  YY_STACK_PRINT (yyss, yyssp);
  while (yyssp != yyss)
    {
      yydestruct ("Cleanup: popping",
                  YY_ACCESSING_SYMBOL (+*yyssp), yyvsp, yylsp, scanner, ctx);
      YYPOPSTACK (1);
    }
#ifndef yyoverflow
  if (yyss != yyssa)
    YYSTACK_FREE (yyss);
#endif

  return yyresult;
}

#line 499 "grammar/parser.y"


const char *const parse_statement_keywords[] = {
	"param", "require", "set", "policy", "backing", "region", "vm", "uffd",
	"phase", "guest", "host", "vcpu", "ksm", "sleep", "wait",
	"concurrently", "expect", "print", "include", "repeat", "sweep",
	"table", "if", "cgroup", "metric", NULL,
};

static int yylex(SCN_YYSTYPE *lval, SCN_YYLTYPE *lloc, void *scanner,
		 struct parse_ctx *ctx)
{
	if (!ctx->started) {
		ctx->started = true;
		memset(lloc, 0, sizeof(*lloc));
		lloc->src = ctx->src;
		lloc->first_line = lloc->last_line = 1;
		lloc->first_column = lloc->last_column = 1;
		return ctx->mode == PARSE_FILE ? START_FILE : START_EXPR;
	}
	return scnlex_lex(lval, lloc, scanner);
}

/* Only bison's own failures come here ("memory exhausted"). */
static void yyerror(SCN_YYLTYPE *loc, void *scanner, struct parse_ctx *ctx,
		    const char *msg)
{
	(void)scanner;
	if (!strcmp(msg, "memory exhausted"))
		msg = "the input nests too deeply for the parser";
	diag_error(ctx->diag, *loc, "%s", msg);
}

/* What the offending token looks like, for "unexpected 'x'". */
static void describe_token(const struct parse_ctx *ctx, yysymbol_kind_t sym,
			   const struct loc *loc, struct strbuf *sb)
{
	size_t len;
	const char *line;

	if (sym == YYSYMBOL_YYEOF) {
		sb_puts(sb, "end of file");
		return;
	}
	if (sym == YYSYMBOL_NL) {
		sb_puts(sb, ctx->src_pos >= ctx->src->len &&
			    loc->first_line >= (int)ctx->src->nlines ?
			    "end of input" : "end of line");
		return;
	}
	if (sym == YYSYMBOL_STR_BEGIN) {
		sb_puts(sb, "string");
		return;
	}
	line = source_line(loc->src, loc->first_line, &len);
	if (loc->last_line == loc->first_line &&
	    loc->last_column > loc->first_column &&
	    (size_t)loc->last_column - 1 <= len) {
		sb_printf(sb, "'%.*s'", loc->last_column - loc->first_column,
			  line + loc->first_column - 1);
		return;
	}
	sb_puts(sb, yysymbol_name(sym));
}

static int yyreport_syntax_error(const yypcontext_t *pc, void *scanner,
				 struct parse_ctx *ctx)
{
	yysymbol_kind_t expected[6];
	yysymbol_kind_t sym = yypcontext_token(pc);
	const struct loc *loc = yypcontext_location(pc);
	int n = yypcontext_expected_tokens(pc, expected, 6), i;
	struct strbuf sb;
	struct diag_rec *r;

	(void)scanner;
	sb_init(&sb);
	sb_puts(&sb, "syntax error: unexpected ");
	describe_token(ctx, sym, loc, &sb);
	if (n > 0 && n < 6) {
		sb_puts(&sb, ", expected ");
		for (i = 0; i < n; i++) {
			if (i)
				sb_puts(&sb, i == n - 1 ? " or " : ", ");
			sb_puts(&sb, yysymbol_name(expected[i]));
		}
	}
	r = diag_error(ctx->diag, *loc, "%s", sb.buf);
	if (sym == YYSYMBOL_NL && ctx->brace_depth > 0 && n == 1 &&
	    expected[0] == YYSYMBOL_YYACCEPT)
		diag_hint(r, "a '{' is still open");
	if (sym == YYSYMBOL_YYEOF || (sym == YYSYMBOL_NL && ctx->brace_depth > 0 &&
				      ctx->src_pos >= ctx->src->len)) {
		diag_hint(r, "a '{' is still open at the end of the file");
		/* The innermost one: a '}' closes it, or the block above it. */
		if (ctx->brace_depth > 0 && ctx->brace_depth <= (int)(sizeof(ctx->brace_at) /
								      sizeof(ctx->brace_at[0])))
			diag_note(ctx->diag, ctx->brace_at[ctx->brace_depth - 1],
				  "this '{' is not closed");
	}
	else if (sym == YYSYMBOL_STR_BEGIN && ctx->nest > 1)
		diag_hint(r, "a '}' may be missing before the string's closing quote");
	else if (sym == YYSYMBOL_STR_BEGIN || sym == YYSYMBOL_IDENT)
		diag_hint(r, "statements are separated by a new line or ';'");
	sb_free(&sb);
	return 0;
}
