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

#ifndef YY_PROTO_YY_GEN_PROTO_PROTO_TAB_H_INCLUDED
# define YY_PROTO_YY_GEN_PROTO_PROTO_TAB_H_INCLUDED
/* Debug traces.  */
#ifndef PROTO_YYDEBUG
# if defined YYDEBUG
#if YYDEBUG
#   define PROTO_YYDEBUG 1
#  else
#   define PROTO_YYDEBUG 0
#  endif
# else /* ! defined YYDEBUG */
#  define PROTO_YYDEBUG 0
# endif /* ! defined YYDEBUG */
#endif  /* ! defined PROTO_YYDEBUG */
#if PROTO_YYDEBUG
extern int proto_yydebug;
#endif
/* "%code requires" blocks.  */
#line 14 "lib/proto/proto.y"

#include "proto/parser.h"
typedef void *yyscan_t;

#line 62 "./gen/proto/proto.tab.h"

/* Token kinds.  */
#ifndef PROTO_YYTOKENTYPE
# define PROTO_YYTOKENTYPE
  enum proto_yytokentype
  {
    TOK_PROTO_YYEMPTY = -2,
    TOK_YYEOF = 0,                 /* "end of file"  */
    TOK_PROTO_YYerror = 256,       /* error  */
    TOK_PROTO_YYUNDEF = 257,       /* "invalid token"  */
    TOK_EQ = 258,                  /* "'=='"  */
    TOK_NE = 259,                  /* "'!='"  */
    TOK_GE = 260,                  /* "'>='"  */
    TOK_LE = 261,                  /* "'<='"  */
    TOK_GT = 262,                  /* "'>'"  */
    TOK_LT = 263,                  /* "'<'"  */
    TOK_IF = 264,                  /* "'if'"  */
    TOK_ELSE = 265,                /* "'else'"  */
    TOK_WHILE = 266,               /* "'while'"  */
    TOK_FOR = 267,                 /* "'for'"  */
    TOK_COMPUTE = 268,             /* "'compute'"  */
    TOK_SEND = 269,                /* "'send'"  */
    TOK_RECEIVE = 270,             /* "'receive'"  */
    TOK_BCAST = 271,               /* "'bcast'"  */
    TOK_GATHER = 272,              /* "'gather'"  */
    TOK_ALL_GATHER = 273,          /* "'all_gather'"  */
    TOK_SCATTER = 274,             /* "'scatter'"  */
    TOK_ALL_TO_ALL = 275,          /* "'all_to_all'"  */
    TOK_REDUCE = 276,              /* "'reduce'"  */
    TOK_ALL_REDUCE = 277,          /* "'all_reduce'"  */
    TOK_ANY_SOURCE = 278,          /* "'any_source'"  */
    TOK_NUMBER = 279,              /* "number"  */
    TOK_IDENT = 280,               /* "identifier"  */
    TOK_UNARY = 281                /* UNARY  */
  };
  typedef enum proto_yytokentype proto_yytoken_kind_t;
#endif

/* Value type.  */
#if ! defined PROTO_YYSTYPE && ! defined PROTO_YYSTYPE_IS_DECLARED
union PROTO_YYSTYPE
{
#line 96 "lib/proto/proto.y"

    double number;
    char *text;
    proto_expr *expr;
    proto_stmt *stmt;
    proto_stmts stmts;
    proto_cmp cmp;

#line 114 "./gen/proto/proto.tab.h"

};
typedef union PROTO_YYSTYPE PROTO_YYSTYPE;
# define PROTO_YYSTYPE_IS_TRIVIAL 1
# define PROTO_YYSTYPE_IS_DECLARED 1
#endif

/* Location type.  */
#if ! defined PROTO_YYLTYPE && ! defined PROTO_YYLTYPE_IS_DECLARED
typedef struct PROTO_YYLTYPE PROTO_YYLTYPE;
struct PROTO_YYLTYPE
{
  int first_line;
  int first_column;
  int last_line;
  int last_column;
};
# define PROTO_YYLTYPE_IS_DECLARED 1
# define PROTO_YYLTYPE_IS_TRIVIAL 1
#endif




int proto_yyparse (yyscan_t scanner, struct proto_parser *ps);


#endif /* !YY_PROTO_YY_GEN_PROTO_PROTO_TAB_H_INCLUDED  */
