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
#define YYSTYPE         PROTO_YYSTYPE
#define YYLTYPE         PROTO_YYLTYPE
/* Substitute the variable and function names.  */
#define yyparse         proto_yyparse
#define yylex           proto_yylex
#define yyerror         proto_yyerror
#define yydebug         proto_yydebug
#define yynerrs         proto_yynerrs


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

#include "proto.tab.h"
/* Symbol kind.  */
enum yysymbol_kind_t
{
  YYSYMBOL_YYEMPTY = -2,
  YYSYMBOL_YYEOF = 0,                      /* "end of file"  */
  YYSYMBOL_YYerror = 1,                    /* error  */
  YYSYMBOL_YYUNDEF = 2,                    /* "invalid token"  */
  YYSYMBOL_EQ = 3,                         /* "'=='"  */
  YYSYMBOL_NE = 4,                         /* "'!='"  */
  YYSYMBOL_GE = 5,                         /* "'>='"  */
  YYSYMBOL_LE = 6,                         /* "'<='"  */
  YYSYMBOL_GT = 7,                         /* "'>'"  */
  YYSYMBOL_LT = 8,                         /* "'<'"  */
  YYSYMBOL_IF = 9,                         /* "'if'"  */
  YYSYMBOL_ELSE = 10,                      /* "'else'"  */
  YYSYMBOL_WHILE = 11,                     /* "'while'"  */
  YYSYMBOL_FOR = 12,                       /* "'for'"  */
  YYSYMBOL_COMPUTE = 13,                   /* "'compute'"  */
  YYSYMBOL_SEND = 14,                      /* "'send'"  */
  YYSYMBOL_RECEIVE = 15,                   /* "'receive'"  */
  YYSYMBOL_BCAST = 16,                     /* "'bcast'"  */
  YYSYMBOL_GATHER = 17,                    /* "'gather'"  */
  YYSYMBOL_ALL_GATHER = 18,                /* "'all_gather'"  */
  YYSYMBOL_SCATTER = 19,                   /* "'scatter'"  */
  YYSYMBOL_ALL_TO_ALL = 20,                /* "'all_to_all'"  */
  YYSYMBOL_REDUCE = 21,                    /* "'reduce'"  */
  YYSYMBOL_ALL_REDUCE = 22,                /* "'all_reduce'"  */
  YYSYMBOL_ANY_SOURCE = 23,                /* "'any_source'"  */
  YYSYMBOL_NUMBER = 24,                    /* "number"  */
  YYSYMBOL_IDENT = 25,                     /* "identifier"  */
  YYSYMBOL_26_ = 26,                       /* '+'  */
  YYSYMBOL_27_ = 27,                       /* '-'  */
  YYSYMBOL_28_ = 28,                       /* '*'  */
  YYSYMBOL_29_ = 29,                       /* '/'  */
  YYSYMBOL_30_ = 30,                       /* '%'  */
  YYSYMBOL_UNARY = 31,                     /* UNARY  */
  YYSYMBOL_32_ = 32,                       /* ';'  */
  YYSYMBOL_33_ = 33,                       /* '{'  */
  YYSYMBOL_34_ = 34,                       /* '}'  */
  YYSYMBOL_35_ = 35,                       /* '='  */
  YYSYMBOL_36_ = 36,                       /* '('  */
  YYSYMBOL_37_ = 37,                       /* ')'  */
  YYSYMBOL_38_ = 38,                       /* ','  */
  YYSYMBOL_YYACCEPT = 39,                  /* $accept  */
  YYSYMBOL_program = 40,                   /* program  */
  YYSYMBOL_stmts = 41,                     /* stmts  */
  YYSYMBOL_block = 42,                     /* block  */
  YYSYMBOL_stmt = 43,                      /* stmt  */
  YYSYMBOL_cmp = 44,                       /* cmp  */
  YYSYMBOL_exp = 45,                       /* exp  */
  YYSYMBOL_args = 46                       /* args  */
};
typedef enum yysymbol_kind_t yysymbol_kind_t;



/* Unqualified %code blocks.  */
#line 19 "lib/proto/proto.y"

#include <stdlib.h>
#include <string.h>

/* Bison's stack limit, YYMAXDEPTH, stated for the message. */
#define PROTO_MAX_NESTING "10000"
#define YYMAXDEPTH 10000

int proto_yylex(PROTO_YYSTYPE *lval, PROTO_YYLTYPE *lloc, yyscan_t scanner);

static void proto_yyerror(PROTO_YYLTYPE *loc, yyscan_t scanner,
                          struct proto_parser *ps, const char *msg)
{
    (void)scanner;
    if (strcmp(msg, "memory exhausted") == 0)   /* the parser's stack */
        msg = "nested deeper than the parser's limit (" PROTO_MAX_NESTING ")";
    proto_error_at(ps, loc->first_line, loc->first_column, "%s", msg);
}

/* An operator, sign or call node: within PROTO_MAX_EXPR_DEPTH, or a syntax
 * error after the message. */
#define DEPTH_CHECKED(node)                                                 \
    do {                                                                    \
        if (proto_expr_depth(ps, (node)) < 0)                               \
            YYERROR;                                                        \
    } while (0)

static proto_stmt *stmt(struct proto_parser *ps, proto_stmt_kind kind,
                        PROTO_YYLTYPE at)
{
    return proto_stmt_new(ps, kind, at.first_line, at.first_column);
}

static proto_expr *binary(struct proto_parser *ps, int op, proto_expr *a, proto_expr *b,
                          PROTO_YYLTYPE at)
{
    proto_expr *e = proto_expr_new(ps, PX_BIN, at.first_line, at.first_column);
    e->op = op;
    e->a = a;
    e->b = b;
    return e;
}

static proto_cmp compare(int op, proto_expr *a, proto_expr *b)
{
    proto_cmp c = {op, a, b};
    return c;
}

static proto_stmt *collective(struct proto_parser *ps, sim_op_kind kind, PROTO_YYLTYPE at,
                              proto_expr *root, proto_expr *mean,
                              proto_expr *sd)
{
    proto_stmt *s = stmt(ps, PS_COLL, at);
    s->coll = kind;
    s->e[0] = root;
    s->e[1] = mean;
    s->e[2] = sd;
    return s;
}

static proto_stmt *receive(struct proto_parser *ps, PROTO_YYLTYPE at, proto_expr *from, char *src,
                           PROTO_YYLTYPE src_at, char *tag, PROTO_YYLTYPE tag_at)
{
    proto_stmt *s = stmt(ps, PS_RECV, at);
    s->e[0] = from;
    s->any_source = from == NULL;
    s->src_var = src;
    s->src_line = src_at.first_line;
    s->src_col = src_at.first_column;
    s->tag_var = tag;
    s->tag_line = tag_at.first_line;
    s->tag_col = tag_at.first_column;
    return s;
}

#line 234 "./gen/proto/proto.tab.c"

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
         || (defined PROTO_YYLTYPE_IS_TRIVIAL && PROTO_YYLTYPE_IS_TRIVIAL \
             && defined PROTO_YYSTYPE_IS_TRIVIAL && PROTO_YYSTYPE_IS_TRIVIAL)))

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
#define YYFINAL  35
/* YYLAST -- Last index in YYTABLE.  */
#define YYLAST   404

/* YYNTOKENS -- Number of terminals.  */
#define YYNTOKENS  39
/* YYNNTS -- Number of nonterminals.  */
#define YYNNTS  8
/* YYNRULES -- Number of rules.  */
#define YYNRULES  48
/* YYNSTATES -- Number of states.  */
#define YYNSTATES  173

/* YYMAXUTOK -- Last valid token kind.  */
#define YYMAXUTOK   281


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
       2,     2,     2,     2,     2,     2,     2,    30,     2,     2,
      36,    37,    28,    26,    38,    27,     2,    29,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,    32,
       2,    35,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,    33,     2,    34,     2,     2,     2,     2,
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
      25,    31
};

#if PROTO_YYDEBUG
/* YYRLINE[YYN] -- Source line where rule number YYN was defined.  */
static const yytype_uint8 yyrline[] =
{
       0,   130,   130,   135,   136,   140,   144,   148,   149,   151,
     154,   156,   160,   162,   166,   171,   173,   176,   180,   181,
     182,   183,   185,   187,   189,   191,   193,   195,   197,   199,
     204,   205,   206,   207,   208,   209,   213,   216,   219,   223,
     224,   227,   228,   230,   232,   234,   236,   241,   243
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
  "end of file", "error", "invalid token", "'=='", "'!='", "'>='", "'<='",
  "'>'", "'<'", "'if'", "'else'", "'while'", "'for'", "'compute'",
  "'send'", "'receive'", "'bcast'", "'gather'", "'all_gather'",
  "'scatter'", "'all_to_all'", "'reduce'", "'all_reduce'", "'any_source'",
  "number", "identifier", "'+'", "'-'", "'*'", "'/'", "'%'", "UNARY",
  "';'", "'{'", "'}'", "'='", "'('", "')'", "','", "$accept", "program",
  "stmts", "block", "stmt", "cmp", "exp", "args", YY_NULLPTR
  };
  return yy_sname[yysymbol];
}
#endif

#define YYPACT_NINF (-66)

#define yypact_value_is_default(Yyn) \
  ((Yyn) == YYPACT_NINF)

#define YYTABLE_NINF (-1)

#define yytable_value_is_error(Yyn) \
  0

/* YYPACT[STATE-NUM] -- Index in YYTABLE of the portion describing
   STATE-NUM.  */
static const yytype_int16 yypact[] =
{
     187,   -18,   -14,    -5,     8,    30,    31,    32,    34,    36,
      38,    39,    40,    41,     3,   187,    91,   187,   -66,    60,
       9,     9,    68,     9,     9,     1,     9,    59,     9,     9,
       9,     9,     9,     9,   161,   -66,    64,   -66,   -66,    63,
       9,     9,     9,    66,   134,    67,    80,    78,    85,   120,
      -8,    52,   127,     9,   188,   195,   201,   208,   214,   162,
     -66,   -66,     9,   -66,   -66,   253,    84,     9,     9,     9,
       9,     9,     9,     9,     9,     9,     9,     9,    84,    84,
       9,     9,     9,    65,   -66,    94,   -66,    95,    86,   221,
       9,    88,     9,    89,     9,   162,     2,   -66,   111,   162,
     162,   162,   162,   162,   162,   -13,   -13,    96,    96,   -66,
     118,   -66,   265,   270,   282,     9,     5,    93,     9,     9,
     287,     9,   299,     9,   304,   -66,     9,    84,    84,    84,
      84,   -66,   227,   -66,   108,   -66,   234,   316,   -66,   240,
     -66,   247,   -66,   162,   -66,   -66,   -66,   -66,     9,    97,
       9,   105,     9,     9,   321,   -66,   333,     9,   338,   350,
      20,    98,   355,   107,   114,   -66,     9,   -66,   -66,   -66,
     -66,   367,   -66
};

/* YYDEFACT[STATE-NUM] -- Default reduction number in state STATE-NUM.
   Performed when YYTABLE does not specify something else to do.  Zero
   means the default is an error.  */
static const yytype_int8 yydefact[] =
{
       0,     0,     0,     0,     0,     0,     0,     0,     0,     0,
       0,     0,     0,     0,     0,     0,     0,     2,     7,     0,
       0,     0,     0,     0,     0,     0,     0,     0,     0,     0,
       0,     0,     0,     0,     0,     1,     0,     3,    36,    37,
       0,     0,     0,     0,     0,     0,     0,     0,     0,     0,
       0,     0,     0,     0,     0,     0,     0,     0,     0,     6,
       5,     4,     0,    41,    40,     0,     0,     0,     0,     0,
       0,     0,     0,     0,     0,     0,     0,     0,     0,     0,
       0,     0,     0,     0,    20,     0,    18,     0,     0,     0,
       0,     0,     0,     0,     0,    47,     0,    39,     8,    30,
      31,    33,    35,    32,    34,    42,    43,    44,    45,    46,
      10,    12,     0,     0,     0,     0,     0,     0,     0,     0,
       0,     0,     0,     0,     0,    38,     0,     0,     0,     0,
       0,    15,     0,    21,     0,    19,     0,     0,    27,     0,
      28,     0,    29,    48,     9,    11,    13,    14,     0,     0,
       0,     0,     0,     0,     0,    22,     0,     0,     0,     0,
       0,     0,     0,     0,     0,    16,     0,    23,    24,    25,
      26,     0,    17
};

/* YYPGOTO[NTERM-NUM].  */
static const yytype_int16 yypgoto[] =
{
     -66,   -66,   137,   -65,   -11,   138,   -21,   -66
};

/* YYDEFGOTO[NTERM-NUM].  */
static const yytype_int8 yydefgoto[] =
{
       0,    16,    17,    18,    19,    43,    44,    96
};

/* YYTABLE[YYPACT[STATE-NUM]] -- What to do in state STATE-NUM.  If
   positive, shift that token.  If negative, reduce the rule whose
   number is the opposite.  If YYTABLE_NINF, syntax error.  */
static const yytype_uint8 yytable[] =
{
      46,    98,    48,    49,    51,    52,    36,    54,    55,    56,
      57,    58,    59,   110,   111,    75,    76,    77,    20,    63,
      64,    65,    21,    36,    50,    38,    39,    40,    41,    84,
      85,    22,    89,    38,    39,    40,    41,    42,    33,   125,
     126,    95,   133,   134,    23,    42,    99,   100,   101,   102,
     103,   104,   105,   106,   107,   108,   109,   165,   166,   112,
     113,   114,   144,   145,   146,   147,    24,    25,    26,   120,
      27,   122,    28,   124,    29,    30,    31,    32,    73,    74,
      75,    76,    77,    67,    68,    69,    70,    71,    72,    86,
      87,    35,    37,    47,   132,    53,    61,   136,   137,    62,
     139,   115,   141,    66,    79,   143,    73,    74,    75,    76,
      77,    73,    74,    75,    76,    77,    81,    15,    80,   116,
     117,   127,   118,    82,   121,   123,    77,   154,   128,   156,
     135,   158,   159,   149,   155,   167,   162,    67,    68,    69,
      70,    71,    72,   157,   169,   171,    73,    74,    75,    76,
      77,   170,    34,    73,    74,    75,    76,    77,    83,    45,
      73,    74,    75,    76,    77,    88,     0,     0,     0,     0,
       1,    78,     2,     3,     4,     5,     6,     7,     8,     9,
      10,    11,    12,    13,     0,     0,    14,     0,    73,    74,
      75,    76,    77,     0,    15,    60,     1,     0,     2,     3,
       4,     5,     6,     7,     8,     9,    10,    11,    12,    13,
       0,     0,    14,     0,    73,    74,    75,    76,    77,     0,
      15,    73,    74,    75,    76,    77,    90,    73,    74,    75,
      76,    77,     0,    91,    73,    74,    75,    76,    77,    92,
      73,    74,    75,    76,    77,     0,    93,    73,    74,    75,
      76,    77,    94,    73,    74,    75,    76,    77,     0,   119,
      73,    74,    75,    76,    77,   148,    73,    74,    75,    76,
      77,     0,   150,    73,    74,    75,    76,    77,   152,    73,
      74,    75,    76,    77,     0,   153,     0,     0,     0,     0,
      97,    73,    74,    75,    76,    77,    73,    74,    75,    76,
      77,     0,   129,     0,     0,     0,     0,   130,    73,    74,
      75,    76,    77,    73,    74,    75,    76,    77,     0,   131,
       0,     0,     0,     0,   138,    73,    74,    75,    76,    77,
      73,    74,    75,    76,    77,     0,   140,     0,     0,     0,
       0,   142,    73,    74,    75,    76,    77,    73,    74,    75,
      76,    77,     0,   151,     0,     0,     0,     0,   160,    73,
      74,    75,    76,    77,    73,    74,    75,    76,    77,     0,
     161,     0,     0,     0,     0,   163,    73,    74,    75,    76,
      77,    73,    74,    75,    76,    77,     0,   164,     0,     0,
       0,     0,   168,    73,    74,    75,    76,    77,     0,     0,
       0,     0,     0,     0,   172
};

static const yytype_int16 yycheck[] =
{
      21,    66,    23,    24,    25,    26,    17,    28,    29,    30,
      31,    32,    33,    78,    79,    28,    29,    30,    36,    40,
      41,    42,    36,    34,    23,    24,    25,    26,    27,    37,
      38,    36,    53,    24,    25,    26,    27,    36,    35,    37,
      38,    62,    37,    38,    36,    36,    67,    68,    69,    70,
      71,    72,    73,    74,    75,    76,    77,    37,    38,    80,
      81,    82,   127,   128,   129,   130,    36,    36,    36,    90,
      36,    92,    36,    94,    36,    36,    36,    36,    26,    27,
      28,    29,    30,     3,     4,     5,     6,     7,     8,    37,
      38,     0,    32,    25,   115,    36,    32,   118,   119,    36,
     121,    36,   123,    37,    37,   126,    26,    27,    28,    29,
      30,    26,    27,    28,    29,    30,    38,    33,    38,    25,
      25,    10,    36,    38,    36,    36,    30,   148,    10,   150,
      37,   152,   153,    25,    37,    37,   157,     3,     4,     5,
       6,     7,     8,    38,    37,   166,    26,    27,    28,    29,
      30,    37,    15,    26,    27,    28,    29,    30,    38,    21,
      26,    27,    28,    29,    30,    38,    -1,    -1,    -1,    -1,
       9,    37,    11,    12,    13,    14,    15,    16,    17,    18,
      19,    20,    21,    22,    -1,    -1,    25,    -1,    26,    27,
      28,    29,    30,    -1,    33,    34,     9,    -1,    11,    12,
      13,    14,    15,    16,    17,    18,    19,    20,    21,    22,
      -1,    -1,    25,    -1,    26,    27,    28,    29,    30,    -1,
      33,    26,    27,    28,    29,    30,    38,    26,    27,    28,
      29,    30,    -1,    38,    26,    27,    28,    29,    30,    38,
      26,    27,    28,    29,    30,    -1,    38,    26,    27,    28,
      29,    30,    38,    26,    27,    28,    29,    30,    -1,    38,
      26,    27,    28,    29,    30,    38,    26,    27,    28,    29,
      30,    -1,    38,    26,    27,    28,    29,    30,    38,    26,
      27,    28,    29,    30,    -1,    38,    -1,    -1,    -1,    -1,
      37,    26,    27,    28,    29,    30,    26,    27,    28,    29,
      30,    -1,    37,    -1,    -1,    -1,    -1,    37,    26,    27,
      28,    29,    30,    26,    27,    28,    29,    30,    -1,    37,
      -1,    -1,    -1,    -1,    37,    26,    27,    28,    29,    30,
      26,    27,    28,    29,    30,    -1,    37,    -1,    -1,    -1,
      -1,    37,    26,    27,    28,    29,    30,    26,    27,    28,
      29,    30,    -1,    37,    -1,    -1,    -1,    -1,    37,    26,
      27,    28,    29,    30,    26,    27,    28,    29,    30,    -1,
      37,    -1,    -1,    -1,    -1,    37,    26,    27,    28,    29,
      30,    26,    27,    28,    29,    30,    -1,    37,    -1,    -1,
      -1,    -1,    37,    26,    27,    28,    29,    30,    -1,    -1,
      -1,    -1,    -1,    -1,    37
};

/* YYSTOS[STATE-NUM] -- The symbol kind of the accessing symbol of
   state STATE-NUM.  */
static const yytype_int8 yystos[] =
{
       0,     9,    11,    12,    13,    14,    15,    16,    17,    18,
      19,    20,    21,    22,    25,    33,    40,    41,    42,    43,
      36,    36,    36,    36,    36,    36,    36,    36,    36,    36,
      36,    36,    36,    35,    41,     0,    43,    32,    24,    25,
      26,    27,    36,    44,    45,    44,    45,    25,    45,    45,
      23,    45,    45,    36,    45,    45,    45,    45,    45,    45,
      34,    32,    36,    45,    45,    45,    37,     3,     4,     5,
       6,     7,     8,    26,    27,    28,    29,    30,    37,    37,
      38,    38,    38,    38,    37,    38,    37,    38,    38,    45,
      38,    38,    38,    38,    38,    45,    46,    37,    42,    45,
      45,    45,    45,    45,    45,    45,    45,    45,    45,    45,
      42,    42,    45,    45,    45,    36,    25,    25,    36,    38,
      45,    36,    45,    36,    45,    37,    38,    10,    10,    37,
      37,    37,    45,    37,    38,    37,    45,    45,    37,    45,
      37,    45,    37,    45,    42,    42,    42,    42,    38,    25,
      38,    37,    38,    38,    45,    37,    45,    38,    45,    45,
      37,    37,    45,    37,    37,    37,    38,    37,    37,    37,
      37,    45,    37
};

/* YYR1[RULE-NUM] -- Symbol kind of the left-hand side of rule RULE-NUM.  */
static const yytype_int8 yyr1[] =
{
       0,    39,    40,    41,    41,    42,    43,    43,    43,    43,
      43,    43,    43,    43,    43,    43,    43,    43,    43,    43,
      43,    43,    43,    43,    43,    43,    43,    43,    43,    43,
      44,    44,    44,    44,    44,    44,    45,    45,    45,    45,
      45,    45,    45,    45,    45,    45,    45,    46,    46
};

/* YYR2[RULE-NUM] -- Number of symbols on the right-hand side of rule RULE-NUM.  */
static const yytype_int8 yyr2[] =
{
       0,     2,     1,     2,     3,     3,     3,     1,     5,     7,
       5,     7,     5,     7,     7,     6,    10,    12,     4,     6,
       4,     6,     8,    10,    10,    10,    10,     6,     6,     6,
       3,     3,     3,     3,     3,     3,     1,     1,     4,     3,
       2,     2,     3,     3,     3,     3,     3,     1,     3
};


enum { YYENOMEM = -2 };

#define yyerrok         (yyerrstatus = 0)
#define yyclearin       (yychar = TOK_PROTO_YYEMPTY)

#define YYACCEPT        goto yyacceptlab
#define YYABORT         goto yyabortlab
#define YYERROR         goto yyerrorlab
#define YYNOMEM         goto yyexhaustedlab


#define YYRECOVERING()  (!!yyerrstatus)

#define YYBACKUP(Token, Value)                                    \
  do                                                              \
    if (yychar == TOK_PROTO_YYEMPTY)                                        \
      {                                                           \
        yychar = (Token);                                         \
        yylval = (Value);                                         \
        YYPOPSTACK (yylen);                                       \
        yystate = *yyssp;                                         \
        goto yybackup;                                            \
      }                                                           \
    else                                                          \
      {                                                           \
        yyerror (&yylloc, scanner, ps, YY_("syntax error: cannot back up")); \
        YYERROR;                                                  \
      }                                                           \
  while (0)

/* Backward compatibility with an undocumented macro.
   Use TOK_PROTO_YYerror or TOK_PROTO_YYUNDEF. */
#define YYERRCODE TOK_PROTO_YYUNDEF

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
#if PROTO_YYDEBUG

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

#  elif defined PROTO_YYLTYPE_IS_TRIVIAL && PROTO_YYLTYPE_IS_TRIVIAL

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
                  Kind, Value, Location, scanner, ps); \
      YYFPRINTF (stderr, "\n");                                           \
    }                                                                     \
} while (0)


/*-----------------------------------.
| Print this symbol's value on YYO.  |
`-----------------------------------*/

static void
yy_symbol_value_print (FILE *yyo,
                       yysymbol_kind_t yykind, YYSTYPE const * const yyvaluep, YYLTYPE const * const yylocationp, yyscan_t scanner, struct proto_parser *ps)
{
  FILE *yyoutput = yyo;
  YY_USE (yyoutput);
  YY_USE (yylocationp);
  YY_USE (scanner);
  YY_USE (ps);
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
                 yysymbol_kind_t yykind, YYSTYPE const * const yyvaluep, YYLTYPE const * const yylocationp, yyscan_t scanner, struct proto_parser *ps)
{
  YYFPRINTF (yyo, "%s %s (",
             yykind < YYNTOKENS ? "token" : "nterm", yysymbol_name (yykind));

  YYLOCATION_PRINT (yyo, yylocationp);
  YYFPRINTF (yyo, ": ");
  yy_symbol_value_print (yyo, yykind, yyvaluep, yylocationp, scanner, ps);
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
                 int yyrule, yyscan_t scanner, struct proto_parser *ps)
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
                       &(yylsp[(yyi + 1) - (yynrhs)]), scanner, ps);
      YYFPRINTF (stderr, "\n");
    }
}

# define YY_REDUCE_PRINT(Rule)          \
do {                                    \
  if (yydebug)                          \
    yy_reduce_print (yyssp, yyvsp, yylsp, Rule, scanner, ps); \
} while (0)

/* Nonzero means print parse trace.  It is left uninitialized so that
   multiple parsers can coexist.  */
int yydebug;
#else /* !PROTO_YYDEBUG */
# define YYDPRINTF(Args) ((void) 0)
# define YY_SYMBOL_PRINT(Title, Kind, Value, Location)
# define YY_STACK_PRINT(Bottom, Top)
# define YY_REDUCE_PRINT(Rule)
#endif /* !PROTO_YYDEBUG */


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




#ifndef yystrlen
# if defined __GLIBC__ && defined _STRING_H
#  define yystrlen(S) (YY_CAST (YYPTRDIFF_T, strlen (S)))
# else
/* Return the length of YYSTR.  */
static YYPTRDIFF_T
yystrlen (const char *yystr)
{
  YYPTRDIFF_T yylen;
  for (yylen = 0; yystr[yylen]; yylen++)
    continue;
  return yylen;
}
# endif
#endif

#ifndef yystpcpy
# if defined __GLIBC__ && defined _STRING_H && defined _GNU_SOURCE
#  define yystpcpy stpcpy
# else
/* Copy YYSRC to YYDEST, returning the address of the terminating '\0' in
   YYDEST.  */
static char *
yystpcpy (char *yydest, const char *yysrc)
{
  char *yyd = yydest;
  const char *yys = yysrc;

  while ((*yyd++ = *yys++) != '\0')
    continue;

  return yyd - 1;
}
# endif
#endif



static int
yy_syntax_error_arguments (const yypcontext_t *yyctx,
                           yysymbol_kind_t yyarg[], int yyargn)
{
  /* Actual size of YYARG. */
  int yycount = 0;
  /* There are many possibilities here to consider:
     - If this state is a consistent state with a default action, then
       the only way this function was invoked is if the default action
       is an error action.  In that case, don't check for expected
       tokens because there are none.
     - The only way there can be no lookahead present (in yychar) is if
       this state is a consistent state with a default action.  Thus,
       detecting the absence of a lookahead is sufficient to determine
       that there is no unexpected or expected token to report.  In that
       case, just report a simple "syntax error".
     - Don't assume there isn't a lookahead just because this state is a
       consistent state with a default action.  There might have been a
       previous inconsistent state, consistent state with a non-default
       action, or user semantic action that manipulated yychar.
     - Of course, the expected token list depends on states to have
       correct lookahead information, and it depends on the parser not
       to perform extra reductions after fetching a lookahead from the
       scanner and before detecting a syntax error.  Thus, state merging
       (from LALR or IELR) and default reductions corrupt the expected
       token list.  However, the list is correct for canonical LR with
       one exception: it will still contain any token that will not be
       accepted due to an error action in a later state.
  */
  if (yyctx->yytoken != YYSYMBOL_YYEMPTY)
    {
      int yyn;
      if (yyarg)
        yyarg[yycount] = yyctx->yytoken;
      ++yycount;
      yyn = yypcontext_expected_tokens (yyctx,
                                        yyarg ? yyarg + 1 : yyarg, yyargn - 1);
      if (yyn == YYENOMEM)
        return YYENOMEM;
      else
        yycount += yyn;
    }
  return yycount;
}

/* Copy into *YYMSG, which is of size *YYMSG_ALLOC, an error message
   about the unexpected token YYTOKEN for the state stack whose top is
   YYSSP.

   Return 0 if *YYMSG was successfully written.  Return -1 if *YYMSG is
   not large enough to hold the message.  In that case, also set
   *YYMSG_ALLOC to the required number of bytes.  Return YYENOMEM if the
   required number of bytes is too large to store.  */
static int
yysyntax_error (YYPTRDIFF_T *yymsg_alloc, char **yymsg,
                const yypcontext_t *yyctx)
{
  enum { YYARGS_MAX = 5 };
  /* Internationalized format string. */
  const char *yyformat = YY_NULLPTR;
  /* Arguments of yyformat: reported tokens (one for the "unexpected",
     one per "expected"). */
  yysymbol_kind_t yyarg[YYARGS_MAX];
  /* Cumulated lengths of YYARG.  */
  YYPTRDIFF_T yysize = 0;

  /* Actual size of YYARG. */
  int yycount = yy_syntax_error_arguments (yyctx, yyarg, YYARGS_MAX);
  if (yycount == YYENOMEM)
    return YYENOMEM;

  switch (yycount)
    {
#define YYCASE_(N, S)                       \
      case N:                               \
        yyformat = S;                       \
        break
    default: /* Avoid compiler warnings. */
      YYCASE_(0, YY_("syntax error"));
      YYCASE_(1, YY_("syntax error, unexpected %s"));
      YYCASE_(2, YY_("syntax error, unexpected %s, expecting %s"));
      YYCASE_(3, YY_("syntax error, unexpected %s, expecting %s or %s"));
      YYCASE_(4, YY_("syntax error, unexpected %s, expecting %s or %s or %s"));
      YYCASE_(5, YY_("syntax error, unexpected %s, expecting %s or %s or %s or %s"));
#undef YYCASE_
    }

  /* Compute error message size.  Don't count the "%s"s, but reserve
     room for the terminator.  */
  yysize = yystrlen (yyformat) - 2 * yycount + 1;
  {
    int yyi;
    for (yyi = 0; yyi < yycount; ++yyi)
      {
        YYPTRDIFF_T yysize1
          = yysize + yystrlen (yysymbol_name (yyarg[yyi]));
        if (yysize <= yysize1 && yysize1 <= YYSTACK_ALLOC_MAXIMUM)
          yysize = yysize1;
        else
          return YYENOMEM;
      }
  }

  if (*yymsg_alloc < yysize)
    {
      *yymsg_alloc = 2 * yysize;
      if (! (yysize <= *yymsg_alloc
             && *yymsg_alloc <= YYSTACK_ALLOC_MAXIMUM))
        *yymsg_alloc = YYSTACK_ALLOC_MAXIMUM;
      return -1;
    }

  /* Avoid sprintf, as that infringes on the user's name space.
     Don't have undefined behavior even if the translation
     produced a string with the wrong number of "%s"s.  */
  {
    char *yyp = *yymsg;
    int yyi = 0;
    while ((*yyp = *yyformat) != '\0')
      if (*yyp == '%' && yyformat[1] == 's' && yyi < yycount)
        {
          yyp = yystpcpy (yyp, yysymbol_name (yyarg[yyi++]));
          yyformat += 2;
        }
      else
        {
          ++yyp;
          ++yyformat;
        }
  }
  return 0;
}


/*-----------------------------------------------.
| Release the memory associated to this symbol.  |
`-----------------------------------------------*/

static void
yydestruct (const char *yymsg,
            yysymbol_kind_t yykind, YYSTYPE *yyvaluep, YYLTYPE *yylocationp, yyscan_t scanner, struct proto_parser *ps)
{
  YY_USE (yyvaluep);
  YY_USE (yylocationp);
  YY_USE (scanner);
  YY_USE (ps);
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
yyparse (yyscan_t scanner, struct proto_parser *ps)
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
# if defined PROTO_YYLTYPE_IS_TRIVIAL && PROTO_YYLTYPE_IS_TRIVIAL
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

  /* Buffer for error messages, and its allocated size.  */
  char yymsgbuf[128];
  char *yymsg = yymsgbuf;
  YYPTRDIFF_T yymsg_alloc = sizeof yymsgbuf;

#define YYPOPSTACK(N)   (yyvsp -= (N), yyssp -= (N), yylsp -= (N))

  /* The number of symbols on the RHS of the reduced rule.
     Keep to zero when no symbol should be popped.  */
  int yylen = 0;

  YYDPRINTF ((stderr, "Starting parse\n"));

  yychar = TOK_PROTO_YYEMPTY; /* Cause a token to be read.  */

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
  if (yychar == TOK_PROTO_YYEMPTY)
    {
      YYDPRINTF ((stderr, "Reading a token\n"));
      yychar = yylex (&yylval, &yylloc, scanner);
    }

  if (yychar <= TOK_YYEOF)
    {
      yychar = TOK_YYEOF;
      yytoken = YYSYMBOL_YYEOF;
      YYDPRINTF ((stderr, "Now at end of input.\n"));
    }
  else if (yychar == TOK_PROTO_YYerror)
    {
      /* The scanner already issued an error message, process directly
         to error recovery.  But do not keep the error token as
         lookahead, it is too special and may lead us to an endless
         loop in error recovery. */
      yychar = TOK_PROTO_YYUNDEF;
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
  yychar = TOK_PROTO_YYEMPTY;
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
  case 2: /* program: stmts  */
#line 130 "lib/proto/proto.y"
                                    { ps->result = (yyvsp[0].stmts); }
#line 1672 "./gen/proto/proto.tab.c"
    break;

  case 3: /* stmts: stmt ';'  */
#line 135 "lib/proto/proto.y"
                                    { (yyval.stmts) = (proto_stmts){0}; ARENA_PUSH(ps->nodes, &(yyval.stmts), (yyvsp[-1].stmt)); }
#line 1678 "./gen/proto/proto.tab.c"
    break;

  case 4: /* stmts: stmts stmt ';'  */
#line 136 "lib/proto/proto.y"
                                    { (yyval.stmts) = (yyvsp[-2].stmts); ARENA_PUSH(ps->nodes, &(yyval.stmts), (yyvsp[-1].stmt)); }
#line 1684 "./gen/proto/proto.tab.c"
    break;

  case 5: /* block: '{' stmts '}'  */
#line 140 "lib/proto/proto.y"
                                    { (yyval.stmts) = (yyvsp[-1].stmts); }
#line 1690 "./gen/proto/proto.tab.c"
    break;

  case 6: /* stmt: "identifier" '=' exp  */
#line 144 "lib/proto/proto.y"
                                    { (yyval.stmt) = stmt(ps, PS_ASSIGN, (yylsp[-2])); (yyval.stmt)->name = (yyvsp[-2].text);
                                      (yyval.stmt)->name_line = (yylsp[-2]).first_line;
                                      (yyval.stmt)->name_col = (yylsp[-2]).first_column;
                                      (yyval.stmt)->e[0] = (yyvsp[0].expr); }
#line 1699 "./gen/proto/proto.tab.c"
    break;

  case 7: /* stmt: block  */
#line 148 "lib/proto/proto.y"
                                    { (yyval.stmt) = stmt(ps, PS_BLOCK, (yylsp[0])); (yyval.stmt)->body = (yyvsp[0].stmts); }
#line 1705 "./gen/proto/proto.tab.c"
    break;

  case 8: /* stmt: "'if'" '(' cmp ')' block  */
#line 149 "lib/proto/proto.y"
                                    { (yyval.stmt) = stmt(ps, PS_IF, (yylsp[-4])); (yyval.stmt)->cond = (yyvsp[-2].cmp);
                                      (yyval.stmt)->body = (yyvsp[0].stmts); }
#line 1712 "./gen/proto/proto.tab.c"
    break;

  case 9: /* stmt: "'if'" '(' cmp ')' block "'else'" block  */
#line 152 "lib/proto/proto.y"
                                    { (yyval.stmt) = stmt(ps, PS_IF, (yylsp[-6])); (yyval.stmt)->cond = (yyvsp[-4].cmp);
                                      (yyval.stmt)->body = (yyvsp[-2].stmts); (yyval.stmt)->other = (yyvsp[0].stmts); }
#line 1719 "./gen/proto/proto.tab.c"
    break;

  case 10: /* stmt: "'if'" '(' exp ')' block  */
#line 154 "lib/proto/proto.y"
                                    { (yyval.stmt) = stmt(ps, PS_IF_PERCENT, (yylsp[-4]));
                                      (yyval.stmt)->e[0] = (yyvsp[-2].expr); (yyval.stmt)->body = (yyvsp[0].stmts); }
#line 1726 "./gen/proto/proto.tab.c"
    break;

  case 11: /* stmt: "'if'" '(' exp ')' block "'else'" block  */
#line 157 "lib/proto/proto.y"
                                    { (yyval.stmt) = stmt(ps, PS_IF_PERCENT, (yylsp[-6]));
                                      (yyval.stmt)->e[0] = (yyvsp[-4].expr); (yyval.stmt)->body = (yyvsp[-2].stmts);
                                      (yyval.stmt)->other = (yyvsp[0].stmts); }
#line 1734 "./gen/proto/proto.tab.c"
    break;

  case 12: /* stmt: "'while'" '(' cmp ')' block  */
#line 160 "lib/proto/proto.y"
                                    { (yyval.stmt) = stmt(ps, PS_WHILE, (yylsp[-4])); (yyval.stmt)->cond = (yyvsp[-2].cmp);
                                      (yyval.stmt)->body = (yyvsp[0].stmts); }
#line 1741 "./gen/proto/proto.tab.c"
    break;

  case 13: /* stmt: "'while'" '(' exp ',' exp ')' block  */
#line 163 "lib/proto/proto.y"
                                    { (yyval.stmt) = stmt(ps, PS_WHILE_DRAW, (yylsp[-6]));
                                      (yyval.stmt)->e[0] = (yyvsp[-4].expr); (yyval.stmt)->e[1] = (yyvsp[-2].expr);
                                      (yyval.stmt)->body = (yyvsp[0].stmts); }
#line 1749 "./gen/proto/proto.tab.c"
    break;

  case 14: /* stmt: "'for'" '(' "identifier" ',' exp ')' block  */
#line 167 "lib/proto/proto.y"
                                    { (yyval.stmt) = stmt(ps, PS_FOR, (yylsp[-6])); (yyval.stmt)->name = (yyvsp[-4].text);
                                      (yyval.stmt)->name_line = (yylsp[-4]).first_line;
                                      (yyval.stmt)->name_col = (yylsp[-4]).first_column;
                                      (yyval.stmt)->e[0] = (yyvsp[-2].expr); (yyval.stmt)->body = (yyvsp[0].stmts); }
#line 1758 "./gen/proto/proto.tab.c"
    break;

  case 15: /* stmt: "'compute'" '(' exp ',' exp ')'  */
#line 171 "lib/proto/proto.y"
                                    { (yyval.stmt) = stmt(ps, PS_COMPUTE, (yylsp[-5]));
                                      (yyval.stmt)->e[0] = (yyvsp[-3].expr); (yyval.stmt)->e[1] = (yyvsp[-1].expr); }
#line 1765 "./gen/proto/proto.tab.c"
    break;

  case 16: /* stmt: "'send'" '(' exp ',' '(' exp ',' exp ')' ')'  */
#line 174 "lib/proto/proto.y"
                                    { (yyval.stmt) = stmt(ps, PS_SEND, (yylsp[-9])); (yyval.stmt)->e[0] = (yyvsp[-7].expr);
                                      (yyval.stmt)->e[1] = (yyvsp[-4].expr); (yyval.stmt)->e[2] = (yyvsp[-2].expr); }
#line 1772 "./gen/proto/proto.tab.c"
    break;

  case 17: /* stmt: "'send'" '(' exp ',' '(' exp ',' exp ')' ',' exp ')'  */
#line 177 "lib/proto/proto.y"
                                    { (yyval.stmt) = stmt(ps, PS_SEND, (yylsp[-11])); (yyval.stmt)->e[0] = (yyvsp[-9].expr);
                                      (yyval.stmt)->e[1] = (yyvsp[-6].expr); (yyval.stmt)->e[2] = (yyvsp[-4].expr);
                                      (yyval.stmt)->e[3] = (yyvsp[-1].expr); }
#line 1780 "./gen/proto/proto.tab.c"
    break;

  case 18: /* stmt: "'receive'" '(' exp ')'  */
#line 180 "lib/proto/proto.y"
                                    { (yyval.stmt) = receive(ps, (yylsp[-3]), (yyvsp[-1].expr), NULL, (yylsp[-3]), NULL, (yylsp[-3])); }
#line 1786 "./gen/proto/proto.tab.c"
    break;

  case 19: /* stmt: "'receive'" '(' exp ',' "identifier" ')'  */
#line 181 "lib/proto/proto.y"
                                    { (yyval.stmt) = receive(ps, (yylsp[-5]), (yyvsp[-3].expr), NULL, (yylsp[-5]), (yyvsp[-1].text), (yylsp[-1])); }
#line 1792 "./gen/proto/proto.tab.c"
    break;

  case 20: /* stmt: "'receive'" '(' "'any_source'" ')'  */
#line 182 "lib/proto/proto.y"
                                    { (yyval.stmt) = receive(ps, (yylsp[-3]), NULL, NULL, (yylsp[-3]), NULL, (yylsp[-3])); }
#line 1798 "./gen/proto/proto.tab.c"
    break;

  case 21: /* stmt: "'receive'" '(' "'any_source'" ',' "identifier" ')'  */
#line 184 "lib/proto/proto.y"
                                    { (yyval.stmt) = receive(ps, (yylsp[-5]), NULL, (yyvsp[-1].text), (yylsp[-1]), NULL, (yylsp[-5])); }
#line 1804 "./gen/proto/proto.tab.c"
    break;

  case 22: /* stmt: "'receive'" '(' "'any_source'" ',' "identifier" ',' "identifier" ')'  */
#line 186 "lib/proto/proto.y"
                                    { (yyval.stmt) = receive(ps, (yylsp[-7]), NULL, (yyvsp[-3].text), (yylsp[-3]), (yyvsp[-1].text), (yylsp[-1])); }
#line 1810 "./gen/proto/proto.tab.c"
    break;

  case 23: /* stmt: "'bcast'" '(' exp ',' '(' exp ',' exp ')' ')'  */
#line 188 "lib/proto/proto.y"
                                    { (yyval.stmt) = collective(ps, SIM_OP_BCAST, (yylsp[-9]), (yyvsp[-7].expr), (yyvsp[-4].expr), (yyvsp[-2].expr)); }
#line 1816 "./gen/proto/proto.tab.c"
    break;

  case 24: /* stmt: "'gather'" '(' '(' exp ',' exp ')' ',' exp ')'  */
#line 190 "lib/proto/proto.y"
                                    { (yyval.stmt) = collective(ps, SIM_OP_GATHER, (yylsp[-9]), (yyvsp[-1].expr), (yyvsp[-6].expr), (yyvsp[-4].expr)); }
#line 1822 "./gen/proto/proto.tab.c"
    break;

  case 25: /* stmt: "'scatter'" '(' exp ',' '(' exp ',' exp ')' ')'  */
#line 192 "lib/proto/proto.y"
                                    { (yyval.stmt) = collective(ps, SIM_OP_SCATTER, (yylsp[-9]), (yyvsp[-7].expr), (yyvsp[-4].expr), (yyvsp[-2].expr)); }
#line 1828 "./gen/proto/proto.tab.c"
    break;

  case 26: /* stmt: "'reduce'" '(' exp ',' '(' exp ',' exp ')' ')'  */
#line 194 "lib/proto/proto.y"
                                    { (yyval.stmt) = collective(ps, SIM_OP_REDUCE, (yylsp[-9]), (yyvsp[-7].expr), (yyvsp[-4].expr), (yyvsp[-2].expr)); }
#line 1834 "./gen/proto/proto.tab.c"
    break;

  case 27: /* stmt: "'all_gather'" '(' exp ',' exp ')'  */
#line 196 "lib/proto/proto.y"
                                    { (yyval.stmt) = collective(ps, SIM_OP_ALL_GATHER, (yylsp[-5]), NULL, (yyvsp[-3].expr), (yyvsp[-1].expr)); }
#line 1840 "./gen/proto/proto.tab.c"
    break;

  case 28: /* stmt: "'all_to_all'" '(' exp ',' exp ')'  */
#line 198 "lib/proto/proto.y"
                                    { (yyval.stmt) = collective(ps, SIM_OP_ALL_TO_ALL, (yylsp[-5]), NULL, (yyvsp[-3].expr), (yyvsp[-1].expr)); }
#line 1846 "./gen/proto/proto.tab.c"
    break;

  case 29: /* stmt: "'all_reduce'" '(' exp ',' exp ')'  */
#line 200 "lib/proto/proto.y"
                                    { (yyval.stmt) = collective(ps, SIM_OP_ALL_REDUCE, (yylsp[-5]), NULL, (yyvsp[-3].expr), (yyvsp[-1].expr)); }
#line 1852 "./gen/proto/proto.tab.c"
    break;

  case 30: /* cmp: exp "'=='" exp  */
#line 204 "lib/proto/proto.y"
                                    { (yyval.cmp) = compare(PC_EQ, (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 1858 "./gen/proto/proto.tab.c"
    break;

  case 31: /* cmp: exp "'!='" exp  */
#line 205 "lib/proto/proto.y"
                                    { (yyval.cmp) = compare(PC_NE, (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 1864 "./gen/proto/proto.tab.c"
    break;

  case 32: /* cmp: exp "'>'" exp  */
#line 206 "lib/proto/proto.y"
                                    { (yyval.cmp) = compare(PC_GT, (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 1870 "./gen/proto/proto.tab.c"
    break;

  case 33: /* cmp: exp "'>='" exp  */
#line 207 "lib/proto/proto.y"
                                    { (yyval.cmp) = compare(PC_GE, (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 1876 "./gen/proto/proto.tab.c"
    break;

  case 34: /* cmp: exp "'<'" exp  */
#line 208 "lib/proto/proto.y"
                                    { (yyval.cmp) = compare(PC_LT, (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 1882 "./gen/proto/proto.tab.c"
    break;

  case 35: /* cmp: exp "'<='" exp  */
#line 209 "lib/proto/proto.y"
                                    { (yyval.cmp) = compare(PC_LE, (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 1888 "./gen/proto/proto.tab.c"
    break;

  case 36: /* exp: "number"  */
#line 213 "lib/proto/proto.y"
                                    { (yyval.expr) = proto_expr_new(ps, PX_NUM, (yylsp[0]).first_line,
                                                          (yylsp[0]).first_column);
                                      (yyval.expr)->num = (yyvsp[0].number); }
#line 1896 "./gen/proto/proto.tab.c"
    break;

  case 37: /* exp: "identifier"  */
#line 216 "lib/proto/proto.y"
                                    { (yyval.expr) = proto_expr_new(ps, PX_VAR, (yylsp[0]).first_line,
                                                          (yylsp[0]).first_column);
                                      (yyval.expr)->name = (yyvsp[0].text); }
#line 1904 "./gen/proto/proto.tab.c"
    break;

  case 38: /* exp: "identifier" '(' args ')'  */
#line 219 "lib/proto/proto.y"
                                    { (yyval.expr) = (yyvsp[-1].expr); (yyval.expr)->name = (yyvsp[-3].text);
                                      (yyval.expr)->line = (yylsp[-3]).first_line;
                                      (yyval.expr)->col = (yylsp[-3]).first_column;
                                      DEPTH_CHECKED((yyval.expr)); }
#line 1913 "./gen/proto/proto.tab.c"
    break;

  case 39: /* exp: '(' exp ')'  */
#line 223 "lib/proto/proto.y"
                                    { (yyval.expr) = (yyvsp[-1].expr); }
#line 1919 "./gen/proto/proto.tab.c"
    break;

  case 40: /* exp: '-' exp  */
#line 224 "lib/proto/proto.y"
                                    { (yyval.expr) = proto_expr_new(ps, PX_NEG, (yylsp[-1]).first_line,
                                                          (yylsp[-1]).first_column);
                                      (yyval.expr)->a = (yyvsp[0].expr); DEPTH_CHECKED((yyval.expr)); }
#line 1927 "./gen/proto/proto.tab.c"
    break;

  case 41: /* exp: '+' exp  */
#line 227 "lib/proto/proto.y"
                                    { (yyval.expr) = (yyvsp[0].expr); }
#line 1933 "./gen/proto/proto.tab.c"
    break;

  case 42: /* exp: exp '+' exp  */
#line 228 "lib/proto/proto.y"
                                    { (yyval.expr) = binary(ps, '+', (yyvsp[-2].expr), (yyvsp[0].expr), (yylsp[-1]));
                                      DEPTH_CHECKED((yyval.expr)); }
#line 1940 "./gen/proto/proto.tab.c"
    break;

  case 43: /* exp: exp '-' exp  */
#line 230 "lib/proto/proto.y"
                                    { (yyval.expr) = binary(ps, '-', (yyvsp[-2].expr), (yyvsp[0].expr), (yylsp[-1]));
                                      DEPTH_CHECKED((yyval.expr)); }
#line 1947 "./gen/proto/proto.tab.c"
    break;

  case 44: /* exp: exp '*' exp  */
#line 232 "lib/proto/proto.y"
                                    { (yyval.expr) = binary(ps, '*', (yyvsp[-2].expr), (yyvsp[0].expr), (yylsp[-1]));
                                      DEPTH_CHECKED((yyval.expr)); }
#line 1954 "./gen/proto/proto.tab.c"
    break;

  case 45: /* exp: exp '/' exp  */
#line 234 "lib/proto/proto.y"
                                    { (yyval.expr) = binary(ps, '/', (yyvsp[-2].expr), (yyvsp[0].expr), (yylsp[-1]));
                                      DEPTH_CHECKED((yyval.expr)); }
#line 1961 "./gen/proto/proto.tab.c"
    break;

  case 46: /* exp: exp '%' exp  */
#line 236 "lib/proto/proto.y"
                                    { (yyval.expr) = binary(ps, '%', (yyvsp[-2].expr), (yyvsp[0].expr), (yylsp[-1]));
                                      DEPTH_CHECKED((yyval.expr)); }
#line 1968 "./gen/proto/proto.tab.c"
    break;

  case 47: /* args: exp  */
#line 241 "lib/proto/proto.y"
                                    { (yyval.expr) = proto_expr_new(ps, PX_CALL, 0, 0);
                                      ARENA_PUSH(ps->nodes, &(yyval.expr)->args, (yyvsp[0].expr)); }
#line 1975 "./gen/proto/proto.tab.c"
    break;

  case 48: /* args: args ',' exp  */
#line 243 "lib/proto/proto.y"
                                    { (yyval.expr) = (yyvsp[-2].expr); ARENA_PUSH(ps->nodes, &(yyval.expr)->args, (yyvsp[0].expr)); }
#line 1981 "./gen/proto/proto.tab.c"
    break;


#line 1985 "./gen/proto/proto.tab.c"

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
  yytoken = yychar == TOK_PROTO_YYEMPTY ? YYSYMBOL_YYEMPTY : YYTRANSLATE (yychar);
  /* If not already recovering from an error, report this error.  */
  if (!yyerrstatus)
    {
      ++yynerrs;
      {
        yypcontext_t yyctx
          = {yyssp, yytoken, &yylloc};
        char const *yymsgp = YY_("syntax error");
        int yysyntax_error_status;
        yysyntax_error_status = yysyntax_error (&yymsg_alloc, &yymsg, &yyctx);
        if (yysyntax_error_status == 0)
          yymsgp = yymsg;
        else if (yysyntax_error_status == -1)
          {
            if (yymsg != yymsgbuf)
              YYSTACK_FREE (yymsg);
            yymsg = YY_CAST (char *,
                             YYSTACK_ALLOC (YY_CAST (YYSIZE_T, yymsg_alloc)));
            if (yymsg)
              {
                yysyntax_error_status
                  = yysyntax_error (&yymsg_alloc, &yymsg, &yyctx);
                yymsgp = yymsg;
              }
            else
              {
                yymsg = yymsgbuf;
                yymsg_alloc = sizeof yymsgbuf;
                yysyntax_error_status = YYENOMEM;
              }
          }
        yyerror (&yylloc, scanner, ps, yymsgp);
        if (yysyntax_error_status == YYENOMEM)
          YYNOMEM;
      }
    }

  yyerror_range[1] = yylloc;
  if (yyerrstatus == 3)
    {
      /* If just tried and failed to reuse lookahead token after an
         error, discard it.  */

      if (yychar <= TOK_YYEOF)
        {
          /* Return failure if at end of input.  */
          if (yychar == TOK_YYEOF)
            YYABORT;
        }
      else
        {
          yydestruct ("Error: discarding",
                      yytoken, &yylval, &yylloc, scanner, ps);
          yychar = TOK_PROTO_YYEMPTY;
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
                  YY_ACCESSING_SYMBOL (yystate), yyvsp, yylsp, scanner, ps);
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
  yyerror (&yylloc, scanner, ps, YY_("memory exhausted"));
  yyresult = 2;
  goto yyreturnlab;


/*----------------------------------------------------------.
| yyreturnlab -- parsing is finished, clean up and return.  |
`----------------------------------------------------------*/
yyreturnlab:
  if (yychar != TOK_PROTO_YYEMPTY)
    {
      /* Make sure we have latest lookahead translation.  See comments at
         user semantic actions for why this is necessary.  */
      yytoken = YYTRANSLATE (yychar);
      yydestruct ("Cleanup: discarding lookahead",
                  yytoken, &yylval, &yylloc, scanner, ps);
    }
  /* Do not reclaim the symbols of the rule whose action triggered
     this YYABORT or YYACCEPT.  */
  YYPOPSTACK (yylen);
  YY_STACK_PRINT (yyss, yyssp);
  while (yyssp != yyss)
    {
      yydestruct ("Cleanup: popping",
                  YY_ACCESSING_SYMBOL (+*yyssp), yyvsp, yylsp, scanner, ps);
      YYPOPSTACK (1);
    }
#ifndef yyoverflow
  if (yyss != yyssa)
    YYSTACK_FREE (yyss);
#endif
  if (yymsg != yymsgbuf)
    YYSTACK_FREE (yymsg);
  return yyresult;
}

#line 247 "lib/proto/proto.y"

