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

#ifndef YY_PASL_YY_GEN_PASL_PASL_TAB_H_INCLUDED
# define YY_PASL_YY_GEN_PASL_PASL_TAB_H_INCLUDED
/* Debug traces.  */
#ifndef PASL_YYDEBUG
# if defined YYDEBUG
#if YYDEBUG
#   define PASL_YYDEBUG 1
#  else
#   define PASL_YYDEBUG 0
#  endif
# else /* ! defined YYDEBUG */
#  define PASL_YYDEBUG 0
# endif /* ! defined YYDEBUG */
#endif  /* ! defined PASL_YYDEBUG */
#if PASL_YYDEBUG
extern int pasl_yydebug;
#endif
/* "%code requires" blocks.  */
#line 14 "lib/pasl/pasl.y"

#include "pasl/parser.h"
typedef void *yyscan_t;
/* An operand of a cost: an identifier or real (text) or an integer. */
typedef struct {
    char *text;         /* owned; NULL for an integer */
    uint64_t number;
} pasl_operand;

#line 67 "./gen/pasl/pasl.tab.h"

/* Token kinds.  */
#ifndef PASL_YYTOKENTYPE
# define PASL_YYTOKENTYPE
  enum pasl_yytokentype
  {
    TOK_PASL_YYEMPTY = -2,
    TOK_YYEOF = 0,                 /* "end of file"  */
    TOK_PASL_YYerror = 256,        /* error  */
    TOK_PASL_YYUNDEF = 257,        /* "invalid token"  */
    TOK_SEPARATOR = 258,           /* "'%%'"  */
    TOK_READS = 259,               /* "'<<'"  */
    TOK_WRITES = 260,              /* "'>>'"  */
    TOK_NAME = 261,                /* "'name'"  */
    TOK_DESCRIPTION = 262,         /* "'description'"  */
    TOK_PATH = 263,                /* "'path'"  */
    TOK_NULL = 264,                /* "'NULL'"  */
    TOK_BEGINBLOCK = 265,          /* "'beginblock'"  */
    TOK_ENDBLOCK = 266,            /* "'endblock'"  */
    TOK_DELAY = 267,               /* "'delay'"  */
    TOK_BATCH_ID = 268,            /* "batch name (B<n>)"  */
    TOK_TASK_ID = 269,             /* "task type (L<n>)"  */
    TOK_INTEGER = 270,             /* "integer"  */
    TOK_STRING = 271,              /* "string"  */
    TOK_IDENT = 272,               /* "identifier"  */
    TOK_REAL = 273                 /* "number"  */
  };
  typedef enum pasl_yytokentype pasl_yytoken_kind_t;
#endif

/* Value type.  */
#if ! defined PASL_YYSTYPE && ! defined PASL_YYSTYPE_IS_DECLARED
union PASL_YYSTYPE
{
#line 94 "lib/pasl/pasl.y"

    uint64_t number;
    char *text;
    pasl_operand operand;
    pasl_stmt *stmt;

#line 109 "./gen/pasl/pasl.tab.h"

};
typedef union PASL_YYSTYPE PASL_YYSTYPE;
# define PASL_YYSTYPE_IS_TRIVIAL 1
# define PASL_YYSTYPE_IS_DECLARED 1
#endif

/* Location type.  */
#if ! defined PASL_YYLTYPE && ! defined PASL_YYLTYPE_IS_DECLARED
typedef struct PASL_YYLTYPE PASL_YYLTYPE;
struct PASL_YYLTYPE
{
  int first_line;
  int first_column;
  int last_line;
  int last_column;
};
# define PASL_YYLTYPE_IS_DECLARED 1
# define PASL_YYLTYPE_IS_TRIVIAL 1
#endif




int pasl_yyparse (yyscan_t scanner, struct pasl_parser *ps);


#endif /* !YY_PASL_YY_GEN_PASL_PASL_TAB_H_INCLUDED  */
