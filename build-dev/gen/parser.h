/* A Bison parser, made by GNU Bison 3.8.2.  */

/* Bison interface for Yacc-like parsers in C

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

/* DO NOT RELY ON FEATURES THAT ARE NOT DOCUMENTED in the manual,
   especially those whose name start with YY_ or yy_.  They are
   private implementation details that can be changed or removed.  */

#ifndef YY_SCN_YY_BUILD_DEV_GEN_PARSER_H_INCLUDED
# define YY_SCN_YY_BUILD_DEV_GEN_PARSER_H_INCLUDED
/* Debug traces.  */
#ifndef SCN_YYDEBUG
# if defined YYDEBUG
#if YYDEBUG
#   define SCN_YYDEBUG 1
#  else
#   define SCN_YYDEBUG 0
#  endif
# else /* ! defined YYDEBUG */
#  define SCN_YYDEBUG 0
# endif /* ! defined YYDEBUG */
#endif  /* ! defined SCN_YYDEBUG */
#if SCN_YYDEBUG
extern int scn_yydebug;
#endif
/* "%code requires" blocks.  */
#line 9 "grammar/parser.y"

#include "ast.h"
#include "parse.h"
#define SCN_YYLTYPE struct loc
#define SCN_YYLTYPE_IS_DECLARED 1

#line 64 "build-dev/gen/parser.h"

/* Token kinds.  */
#ifndef SCN_YYTOKENTYPE
# define SCN_YYTOKENTYPE
  enum scn_yytokentype
  {
    SCN_YYEMPTY = -2,
    SCN_YYEOF = 0,                 /* "end of file"  */
    SCN_YYerror = 256,             /* error  */
    SCN_YYUNDEF = 257,             /* "invalid token"  */
    START_FILE = 258,              /* START_FILE  */
    START_EXPR = 259,              /* START_EXPR  */
    IDENT = 260,                   /* "name"  */
    NUMBER = 261,                  /* "number"  */
    BOOL = 262,                    /* "yes or no"  */
    STR_BEGIN = 263,               /* "string"  */
    STR_END = 264,                 /* "end of string"  */
    STR_TEXT = 265,                /* "text"  */
    INTERP_FMT = 266,              /* "format"  */
    INTERP_BEGIN = 267,            /* "'{'"  */
    INTERP_END = 268,              /* "'}' of an interpolation"  */
    NL = 269,                      /* "end of line"  */
    DOTDOT = 270,                  /* ".."  */
    EQ = 271,                      /* "=="  */
    NE = 272,                      /* "!="  */
    LE = 273,                      /* "<="  */
    GE = 274,                      /* ">="  */
    AND = 275,                     /* "&&"  */
    OR = 276,                      /* "||"  */
    PARAM = 277,                   /* "param"  */
    REQUIRE = 278,                 /* "require"  */
    SET = 279,                     /* "set"  */
    POLICY = 280,                  /* "policy"  */
    BACKING = 281,                 /* "backing"  */
    REGION = 282,                  /* "region"  */
    VM = 283,                      /* "vm"  */
    UFFD = 284,                    /* "uffd"  */
    PHASE = 285,                   /* "phase"  */
    GUEST = 286,                   /* "guest"  */
    HOST = 287,                    /* "host"  */
    VCPU = 288,                    /* "vcpu"  */
    KSM = 289,                     /* "ksm"  */
    SLEEP = 290,                   /* "sleep"  */
    WAIT = 291,                    /* "wait"  */
    CONCURRENTLY = 292,            /* "concurrently"  */
    EXPECT = 293,                  /* "expect"  */
    PRINT = 294,                   /* "print"  */
    INCLUDE = 295,                 /* "include"  */
    WITH = 296,                    /* "with"  */
    REPEAT = 297,                  /* "repeat"  */
    SWEEP = 298,                   /* "sweep"  */
    IN = 299,                      /* "in"  */
    TABLE = 300,                   /* "table"  */
    IF = 301,                      /* "if"  */
    ELSE = 302,                    /* "else"  */
    CGROUP = 303,                  /* "cgroup"  */
    METRIC = 304,                  /* "metric"  */
    UMINUS = 305                   /* UMINUS  */
  };
  typedef enum scn_yytokentype scn_yytoken_kind_t;
#endif

/* Value type.  */
#if ! defined SCN_YYSTYPE && ! defined SCN_YYSTYPE_IS_DECLARED
union SCN_YYSTYPE
{
#line 77 "grammar/parser.y"

	const char *str;
	struct lit lit;
	struct ast *node;
	struct ast_list list;
	int op;

#line 139 "build-dev/gen/parser.h"

};
typedef union SCN_YYSTYPE SCN_YYSTYPE;
# define SCN_YYSTYPE_IS_TRIVIAL 1
# define SCN_YYSTYPE_IS_DECLARED 1
#endif

/* Location type.  */
#if ! defined SCN_YYLTYPE && ! defined SCN_YYLTYPE_IS_DECLARED
typedef struct SCN_YYLTYPE SCN_YYLTYPE;
struct SCN_YYLTYPE
{
  int first_line;
  int first_column;
  int last_line;
  int last_column;
};
# define SCN_YYLTYPE_IS_DECLARED 1
# define SCN_YYLTYPE_IS_TRIVIAL 1
#endif




int scn_yyparse (void *scanner, struct parse_ctx *ctx);

/* "%code provides" blocks.  */
#line 16 "grammar/parser.y"

/* flex's bison bridge names the unprefixed types. */
#define YYSTYPE SCN_YYSTYPE
#define YYLTYPE SCN_YYLTYPE

#line 173 "build-dev/gen/parser.h"

#endif /* !YY_SCN_YY_BUILD_DEV_GEN_PARSER_H_INCLUDED  */
