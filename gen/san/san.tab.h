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

#ifndef YY_SAN_YY_GEN_SAN_SAN_TAB_H_INCLUDED
# define YY_SAN_YY_GEN_SAN_SAN_TAB_H_INCLUDED
/* Debug traces.  */
#ifndef SAN_YYDEBUG
# if defined YYDEBUG
#if YYDEBUG
#   define SAN_YYDEBUG 1
#  else
#   define SAN_YYDEBUG 0
#  endif
# else /* ! defined YYDEBUG */
#  define SAN_YYDEBUG 0
# endif /* ! defined YYDEBUG */
#endif  /* ! defined SAN_YYDEBUG */
#if SAN_YYDEBUG
extern int san_yydebug;
#endif
/* "%code requires" blocks.  */
#line 13 "lib/san/san.y"

#include "san/parser.h"
typedef void *yyscan_t;

#line 62 "./gen/san/san.tab.h"

/* Token kinds.  */
#ifndef SAN_YYTOKENTYPE
# define SAN_YYTOKENTYPE
  enum san_yytokentype
  {
    TOK_SAN_YYEMPTY = -2,
    TOK_YYEOF = 0,                 /* "end of file"  */
    TOK_SAN_YYerror = 256,         /* error  */
    TOK_SAN_YYUNDEF = 257,         /* "invalid token"  */
    TOK_IDENTIFIERS = 258,         /* "'identifiers'"  */
    TOK_EVENTS = 259,              /* "'events'"  */
    TOK_REACHABILITY = 260,        /* "'reachability'"  */
    TOK_NETWORK = 261,             /* "'network'"  */
    TOK_RESULTS = 262,             /* "'results'"  */
    TOK_LOC = 263,                 /* "'loc'"  */
    TOK_SYN = 264,                 /* "'syn'"  */
    TOK_AUT = 265,                 /* "'aut'"  */
    TOK_STATES = 266,              /* "'states'"  */
    TOK_INITIAL = 267,             /* "'initial'"  */
    TOK_ON = 268,                  /* "'on'"  */
    TOK_FOR = 269,                 /* "'for'"  */
    TOK_IN = 270,                  /* "'in'"  */
    TOK_ST = 271,                  /* "'st'"  */
    TOK_NB = 272,                  /* "'nb'"  */
    TOK_IS = 273,                  /* "'is'"  */
    TOK_MIN = 274,                 /* "'min'"  */
    TOK_MAX = 275,                 /* "'max'"  */
    TOK_ARROW = 276,               /* "'->'"  */
    TOK_DOTS = 277,                /* "'..'"  */
    TOK_LE = 278,                  /* "'<='"  */
    TOK_GE = 279,                  /* "'>='"  */
    TOK_EQ = 280,                  /* "'=='"  */
    TOK_NE = 281,                  /* "'!='"  */
    TOK_AND = 282,                 /* "'&&'"  */
    TOK_OR = 283,                  /* "'||'"  */
    TOK_NUMBER = 284,              /* "number"  */
    TOK_IDENT = 285,               /* "identifier"  */
    TOK_STRING = 286,              /* "string"  */
    TOK_UNARY = 287                /* UNARY  */
  };
  typedef enum san_yytokentype san_yytoken_kind_t;
#endif

/* Value type.  */
#if ! defined SAN_YYSTYPE && ! defined SAN_YYSTYPE_IS_DECLARED
union SAN_YYSTYPE
{
#line 62 "lib/san/san.y"

    double num;
    char *text;
    sx *expr;
    san_name *name;
    san_names names;
    san_stmt *stmt;
    san_stmts stmts;
    san_evitem evitem;
    VEC(san_evitem) evitems;

#line 123 "./gen/san/san.tab.h"

};
typedef union SAN_YYSTYPE SAN_YYSTYPE;
# define SAN_YYSTYPE_IS_TRIVIAL 1
# define SAN_YYSTYPE_IS_DECLARED 1
#endif

/* Location type.  */
#if ! defined SAN_YYLTYPE && ! defined SAN_YYLTYPE_IS_DECLARED
typedef struct SAN_YYLTYPE SAN_YYLTYPE;
struct SAN_YYLTYPE
{
  int first_line;
  int first_column;
  int last_line;
  int last_column;
};
# define SAN_YYLTYPE_IS_DECLARED 1
# define SAN_YYLTYPE_IS_TRIVIAL 1
#endif




int san_yyparse (yyscan_t scanner, struct san_parser *ps);


#endif /* !YY_SAN_YY_GEN_SAN_SAN_TAB_H_INCLUDED  */
