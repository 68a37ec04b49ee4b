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
#define YYSTYPE         SAN_YYSTYPE
#define YYLTYPE         SAN_YYLTYPE
/* Substitute the variable and function names.  */
#define yyparse         san_yyparse
#define yylex           san_yylex
#define yyerror         san_yyerror
#define yydebug         san_yydebug
#define yynerrs         san_yynerrs


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

#include "san.tab.h"
/* Symbol kind.  */
enum yysymbol_kind_t
{
  YYSYMBOL_YYEMPTY = -2,
  YYSYMBOL_YYEOF = 0,                      /* "end of file"  */
  YYSYMBOL_YYerror = 1,                    /* error  */
  YYSYMBOL_YYUNDEF = 2,                    /* "invalid token"  */
  YYSYMBOL_IDENTIFIERS = 3,                /* "'identifiers'"  */
  YYSYMBOL_EVENTS = 4,                     /* "'events'"  */
  YYSYMBOL_REACHABILITY = 5,               /* "'reachability'"  */
  YYSYMBOL_NETWORK = 6,                    /* "'network'"  */
  YYSYMBOL_RESULTS = 7,                    /* "'results'"  */
  YYSYMBOL_LOC = 8,                        /* "'loc'"  */
  YYSYMBOL_SYN = 9,                        /* "'syn'"  */
  YYSYMBOL_AUT = 10,                       /* "'aut'"  */
  YYSYMBOL_STATES = 11,                    /* "'states'"  */
  YYSYMBOL_INITIAL = 12,                   /* "'initial'"  */
  YYSYMBOL_ON = 13,                        /* "'on'"  */
  YYSYMBOL_FOR = 14,                       /* "'for'"  */
  YYSYMBOL_IN = 15,                        /* "'in'"  */
  YYSYMBOL_ST = 16,                        /* "'st'"  */
  YYSYMBOL_NB = 17,                        /* "'nb'"  */
  YYSYMBOL_IS = 18,                        /* "'is'"  */
  YYSYMBOL_MIN = 19,                       /* "'min'"  */
  YYSYMBOL_MAX = 20,                       /* "'max'"  */
  YYSYMBOL_ARROW = 21,                     /* "'->'"  */
  YYSYMBOL_DOTS = 22,                      /* "'..'"  */
  YYSYMBOL_LE = 23,                        /* "'<='"  */
  YYSYMBOL_GE = 24,                        /* "'>='"  */
  YYSYMBOL_EQ = 25,                        /* "'=='"  */
  YYSYMBOL_NE = 26,                        /* "'!='"  */
  YYSYMBOL_AND = 27,                       /* "'&&'"  */
  YYSYMBOL_OR = 28,                        /* "'||'"  */
  YYSYMBOL_NUMBER = 29,                    /* "number"  */
  YYSYMBOL_IDENT = 30,                     /* "identifier"  */
  YYSYMBOL_STRING = 31,                    /* "string"  */
  YYSYMBOL_32_ = 32,                       /* '?'  */
  YYSYMBOL_33_ = 33,                       /* ':'  */
  YYSYMBOL_34_ = 34,                       /* '<'  */
  YYSYMBOL_35_ = 35,                       /* '>'  */
  YYSYMBOL_36_ = 36,                       /* '+'  */
  YYSYMBOL_37_ = 37,                       /* '-'  */
  YYSYMBOL_38_ = 38,                       /* '*'  */
  YYSYMBOL_39_ = 39,                       /* '/'  */
  YYSYMBOL_UNARY = 40,                     /* UNARY  */
  YYSYMBOL_41_ = 41,                       /* '='  */
  YYSYMBOL_42_ = 42,                       /* ';'  */
  YYSYMBOL_43_ = 43,                       /* '('  */
  YYSYMBOL_44_ = 44,                       /* ')'  */
  YYSYMBOL_45_ = 45,                       /* '{'  */
  YYSYMBOL_46_ = 46,                       /* '}'  */
  YYSYMBOL_47_ = 47,                       /* ','  */
  YYSYMBOL_48_ = 48,                       /* '['  */
  YYSYMBOL_49_ = 49,                       /* ']'  */
  YYSYMBOL_50_ = 50,                       /* '!'  */
  YYSYMBOL_YYACCEPT = 51,                  /* $accept  */
  YYSYMBOL_model = 52,                     /* model  */
  YYSYMBOL_identifiers_opt = 53,           /* identifiers_opt  */
  YYSYMBOL_results_opt = 54,               /* results_opt  */
  YYSYMBOL_reach_opt = 55,                 /* reach_opt  */
  YYSYMBOL_netname = 56,                   /* netname  */
  YYSYMBOL_defines = 57,                   /* defines  */
  YYSYMBOL_define = 58,                    /* define  */
  YYSYMBOL_events = 59,                    /* events  */
  YYSYMBOL_event = 60,                     /* event  */
  YYSYMBOL_event_body = 61,                /* event_body  */
  YYSYMBOL_netitems = 62,                  /* netitems  */
  YYSYMBOL_netitem = 63,                   /* netitem  */
  YYSYMBOL_automaton = 64,                 /* automaton  */
  YYSYMBOL_items = 65,                     /* items  */
  YYSYMBOL_item = 66,                      /* item  */
  YYSYMBOL_evitems = 67,                   /* evitems  */
  YYSYMBOL_evitem = 68,                    /* evitem  */
  YYSYMBOL_namelist = 69,                  /* namelist  */
  YYSYMBOL_name = 70,                      /* name  */
  YYSYMBOL_names = 71,                     /* names  */
  YYSYMBOL_group = 72,                     /* group  */
  YYSYMBOL_expr = 73                       /* expr  */
};
typedef enum yysymbol_kind_t yysymbol_kind_t;



/* Unqualified %code blocks.  */
#line 18 "lib/san/san.y"

#include <stdlib.h>
#include <string.h>

/* Bison's stack limit, YYMAXDEPTH, stated for the message. */
#define SAN_MAX_NESTING "10000"
#define YYMAXDEPTH 10000

int san_yylex(SAN_YYSTYPE *lval, SAN_YYLTYPE *lloc, yyscan_t scanner);

static void san_yyerror(SAN_YYLTYPE *loc, yyscan_t scanner,
                        struct san_parser *ps, const char *msg)
{
    (void)scanner;
    if (strcmp(msg, "memory exhausted") == 0)   /* the parser's stack */
        msg = "nested deeper than the parser's limit (" SAN_MAX_NESTING ")";
    san_error_at(ps, loc->first_line, loc->first_column, "%s", msg);
}

#define AT(loc) (loc).first_line, (loc).first_column

/* Lists grow in the tree's arena, with its nodes. */
#define PUSH(vec, value) ARENA_PUSH(&ps->root->nodes, vec, value)

static san_stmt *stmt(struct san_parser *ps, ss_kind kind, SAN_YYLTYPE loc)
{
    return san_stmt_new(ps, kind, loc.first_line, loc.first_column);
}

static san_stmt *one_name(struct san_parser *ps, ss_kind kind,
                          SAN_YYLTYPE loc, san_name *n)
{
    san_stmt *s = stmt(ps, kind, loc);
    PUSH(&s->names, n);
    return s;
}

static sx *binop(struct san_parser *ps, desc_op op, SAN_YYLTYPE loc, sx *a,
                 sx *b)
{
    return sx_op(ps, op, loc.first_line, loc.first_column, a, b, NULL);
}

#line 228 "./gen/san/san.tab.c"

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
         || (defined SAN_YYLTYPE_IS_TRIVIAL && SAN_YYLTYPE_IS_TRIVIAL \
             && defined SAN_YYSTYPE_IS_TRIVIAL && SAN_YYSTYPE_IS_TRIVIAL)))

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
#define YYFINAL  5
/* YYLAST -- Last index in YYTABLE.  */
#define YYLAST   597

/* YYNTOKENS -- Number of terminals.  */
#define YYNTOKENS  51
/* YYNNTS -- Number of nonterminals.  */
#define YYNNTS  23
/* YYNRULES -- Number of rules.  */
#define YYNRULES  67
/* YYNSTATES -- Number of states.  */
#define YYNSTATES  169

/* YYMAXUTOK -- Last valid token kind.  */
#define YYMAXUTOK   287


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
       2,     2,     2,    50,     2,     2,     2,     2,     2,     2,
      43,    44,    38,    36,    47,    37,     2,    39,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,    33,    42,
      34,    41,    35,    32,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,    48,     2,    49,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,    45,     2,    46,     2,     2,     2,     2,
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
      25,    26,    27,    28,    29,    30,    31,    40
};

#if SAN_YYDEBUG
/* YYRLINE[YYN] -- Source line where rule number YYN was defined.  */
static const yytype_int16 yyrline[] =
{
       0,   106,   106,   116,   117,   121,   122,   126,   127,   131,
     132,   133,   137,   138,   142,   147,   148,   152,   155,   158,
     164,   168,   169,   173,   174,   180,   184,   185,   189,   190,
     191,   195,   201,   203,   207,   208,   212,   213,   218,   219,
     225,   226,   228,   234,   235,   239,   240,   241,   242,   243,
     244,   245,   247,   249,   250,   251,   252,   253,   254,   255,
     256,   257,   258,   259,   260,   261,   262,   263
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
  "end of file", "error", "invalid token", "'identifiers'", "'events'",
  "'reachability'", "'network'", "'results'", "'loc'", "'syn'", "'aut'",
  "'states'", "'initial'", "'on'", "'for'", "'in'", "'st'", "'nb'", "'is'",
  "'min'", "'max'", "'->'", "'..'", "'<='", "'>='", "'=='", "'!='", "'&&'",
  "'||'", "number", "identifier", "string", "'?'", "':'", "'<'", "'>'",
  "'+'", "'-'", "'*'", "'/'", "UNARY", "'='", "';'", "'('", "')'", "'{'",
  "'}'", "','", "'['", "']'", "'!'", "$accept", "model", "identifiers_opt",
  "results_opt", "reach_opt", "netname", "defines", "define", "events",
  "event", "event_body", "netitems", "netitem", "automaton", "items",
  "item", "evitems", "evitem", "namelist", "name", "names", "group",
  "expr", YY_NULLPTR
  };
  return yy_sname[yysymbol];
}
#endif

#define YYPACT_NINF (-25)

#define yypact_value_is_default(Yyn) \
  ((Yyn) == YYPACT_NINF)

#define YYTABLE_NINF (-39)

#define yytable_value_is_error(Yyn) \
  ((Yyn) == YYTABLE_NINF)

/* YYPACT[STATE-NUM] -- Index in YYTABLE of the portion describing
   STATE-NUM.  */
static const yytype_int16 yypact[] =
{
       6,   -25,    18,    72,     5,   -25,   -25,     4,   -25,     7,
      -6,    44,    66,    66,    76,    96,   -25,    77,   -13,    73,
      74,   -25,   -14,    -6,    -6,    -6,   -10,   424,    -6,   -25,
      40,    67,    43,   104,   -11,   -25,    80,    66,    67,    77,
      -6,    -6,   -25,   292,   -25,    77,    -6,    -6,    -6,    -6,
      -6,    -6,    -6,    -6,    -6,    -6,    -6,    -6,    -6,    -6,
     -25,   444,    -6,    66,    -6,    -6,    -6,   -25,   -25,   -25,
      52,    80,   189,   206,   -25,    80,   153,   552,   552,   552,
     552,   558,    86,   518,   552,   552,    55,    55,   -25,   -25,
     -25,   314,    67,   135,   336,   465,    64,   -25,    -6,    -6,
     -25,    -6,    87,    -6,   -25,    89,    -6,   -25,    77,   102,
     -25,   -25,   -25,   358,   380,   535,   -25,   171,   -25,   223,
       5,    47,   118,   -25,   -25,   -25,   -25,   -25,    -6,    32,
      88,    51,   483,   -25,    66,    77,   105,   -25,   -25,   -15,
      -6,    33,    31,   122,    77,   246,   -25,   -25,    -6,   -12,
     -25,   501,    66,    -7,    -6,    35,   -25,    41,   -25,   269,
     -25,    66,    -6,   -25,   -25,   402,    58,   -25,   -25
};

/* YYDEFACT[STATE-NUM] -- Default reduction number in state STATE-NUM.
   Performed when YYTABLE does not specify something else to do.  Zero
   means the default is an error.  */
static const yytype_int8 yydefact[] =
{
       3,    12,     0,     0,     4,     1,    15,     0,    13,     7,
       0,     0,     0,     0,     0,     0,    16,     0,     0,     0,
       0,    45,    46,     0,     0,     0,     0,     0,     0,    40,
       0,    36,     0,     0,     9,    38,    50,     0,    43,     0,
       0,     0,    53,     0,    54,     0,     0,     0,     0,     0,
       0,     0,     0,     0,     0,     0,     0,     0,     0,     0,
      14,     0,     0,     0,     0,     0,     0,    10,    11,    21,
       0,    52,     0,     0,    47,    51,     0,    60,    62,    63,
      64,    65,    66,     0,    59,    61,    55,    56,    57,    58,
       8,     0,    37,     0,     0,     0,     5,    44,     0,     0,
      39,     0,     0,     0,    41,     0,     0,    12,     0,     0,
       2,    22,    23,     0,     0,    67,    17,     0,    18,     0,
       6,     0,     0,    48,    49,    42,    15,    26,     0,    20,
       0,     0,     0,    19,     0,     0,     0,    25,    27,     0,
       0,     0,     0,     0,     0,     0,    28,    29,     0,     0,
      21,     0,     0,     0,     0,     0,    32,    34,    24,     0,
      30,     0,     0,    26,    33,     0,     0,    35,    31
};

/* YYPGOTO[NTERM-NUM].  */
static const yytype_int8 yypgoto[] =
{
     -25,   -25,   -25,   -25,   -25,   -25,    34,   -25,    12,   -25,
     -25,    -4,   -25,   -25,   -24,   -25,   -25,   -21,    -8,   -17,
     -16,   -25,     2
};

/* YYDEFGOTO[NTERM-NUM].  */
static const yytype_uint8 yydefgoto[] =
{
       0,     2,     3,   110,    15,    69,     4,     8,     9,    16,
     130,    96,   111,   112,   131,   138,   155,   156,    30,    26,
      31,    39,    27
};

/* YYTABLE[YYPACT[STATE-NUM]] -- What to do in state STATE-NUM.  If
   positive, shift that token.  If negative, reduce the rule whose
   number is the opposite.  If YYTABLE_NINF, syntax error.  */
static const yytype_int16 yytable[] =
{
      36,   152,    38,   108,   -38,    32,   144,   109,    45,     1,
      17,    18,    11,    19,    20,    12,    13,    29,     5,    67,
      68,    14,    71,    21,    22,    42,    43,    44,    75,    70,
      61,    23,    37,    46,   -38,     7,    46,    24,    46,   158,
      12,    13,    72,    73,    25,    10,    14,    92,    76,    77,
      78,    79,    80,    81,    82,    83,    84,    85,    86,    87,
      88,    89,   134,   135,    91,   136,    93,    94,    95,   134,
     135,   107,   136,   147,   108,   146,     6,   160,   109,    46,
      63,    35,   161,    62,   162,    28,    65,    63,    35,    64,
      63,   121,   127,    58,    59,    46,    29,   137,    97,    63,
     113,   114,    34,   115,   168,   117,    33,    35,   119,    47,
      48,    49,    50,    51,   139,    64,    40,    41,   142,    66,
      54,    55,    56,    57,    58,    59,   141,   149,    46,   116,
     132,   118,   122,   128,   133,   143,   157,   148,   129,   166,
     164,   120,   145,     0,     0,   157,   153,     0,     0,   139,
     151,     0,     0,     0,     0,     0,   159,   103,    47,    48,
      49,    50,    51,    52,   165,     0,     0,    53,     0,    54,
      55,    56,    57,    58,    59,     0,    47,    48,    49,    50,
      51,    52,     0,     0,   104,    53,     0,    54,    55,    56,
      57,    58,    59,     0,    47,    48,    49,    50,    51,    52,
       0,     0,   100,    53,     0,    54,    55,    56,    57,    58,
      59,     0,    47,    48,    49,    50,    51,    52,     0,     0,
     125,    53,     0,    54,    55,    56,    57,    58,    59,    47,
      48,    49,    50,    51,    52,     0,    98,     0,    53,     0,
      54,    55,    56,    57,    58,    59,    47,    48,    49,    50,
      51,    52,     0,    99,     0,    53,     0,    54,    55,    56,
      57,    58,    59,     0,     0,     0,     0,     0,   126,    47,
      48,    49,    50,    51,    52,     0,     0,     0,    53,     0,
      54,    55,    56,    57,    58,    59,     0,     0,     0,     0,
       0,   150,    47,    48,    49,    50,    51,    52,     0,     0,
       0,    53,     0,    54,    55,    56,    57,    58,    59,     0,
       0,     0,     0,     0,   163,    47,    48,    49,    50,    51,
      52,     0,     0,     0,    53,     0,    54,    55,    56,    57,
      58,    59,     0,     0,     0,     0,    74,    47,    48,    49,
      50,    51,    52,     0,     0,     0,    53,     0,    54,    55,
      56,    57,    58,    59,     0,     0,     0,     0,   102,    47,
      48,    49,    50,    51,    52,     0,     0,     0,    53,     0,
      54,    55,    56,    57,    58,    59,     0,     0,     0,     0,
     105,    47,    48,    49,    50,    51,    52,     0,     0,     0,
      53,     0,    54,    55,    56,    57,    58,    59,     0,     0,
       0,     0,   123,    47,    48,    49,    50,    51,    52,     0,
       0,     0,    53,     0,    54,    55,    56,    57,    58,    59,
       0,     0,     0,     0,   124,    47,    48,    49,    50,    51,
      52,     0,     0,     0,    53,     0,    54,    55,    56,    57,
      58,    59,     0,     0,     0,     0,   167,    47,    48,    49,
      50,    51,    52,     0,     0,     0,    53,     0,    54,    55,
      56,    57,    58,    59,     0,     0,    60,    47,    48,    49,
      50,    51,    52,     0,     0,     0,    53,     0,    54,    55,
      56,    57,    58,    59,     0,     0,    90,   106,    47,    48,
      49,    50,    51,    52,     0,     0,     0,    53,     0,    54,
      55,    56,    57,    58,    59,   140,    47,    48,    49,    50,
      51,    52,     0,     0,     0,    53,     0,    54,    55,    56,
      57,    58,    59,   154,    47,    48,    49,    50,    51,    52,
       0,     0,     0,    53,     0,    54,    55,    56,    57,    58,
      59,    47,    48,    49,    50,    51,    52,     0,     0,     0,
      53,   101,    54,    55,    56,    57,    58,    59,    47,    48,
      49,    50,    51,    52,     0,     0,     0,    53,     0,    54,
      55,    56,    57,    58,    59,   -39,   -39,   -39,   -39,     0,
       0,    47,    48,    49,    50,     0,   -39,   -39,    56,    57,
      58,    59,    54,    55,    56,    57,    58,    59
};

static const yytype_int16 yycheck[] =
{
      17,    13,    18,    10,    18,    13,    21,    14,    18,     3,
      16,    17,     5,    19,    20,     8,     9,    30,     0,    30,
      31,    14,    39,    29,    30,    23,    24,    25,    45,    37,
      28,    37,    45,    48,    48,    30,    48,    43,    48,    46,
       8,     9,    40,    41,    50,    41,    14,    63,    46,    47,
      48,    49,    50,    51,    52,    53,    54,    55,    56,    57,
      58,    59,    11,    12,    62,    14,    64,    65,    66,    11,
      12,     7,    14,    42,    10,    42,     4,    42,    14,    48,
      47,    30,    47,    43,    43,    41,    43,    47,    30,    48,
      47,   108,    45,    38,    39,    48,    30,    46,    46,    47,
      98,    99,     6,   101,    46,   103,    30,    30,   106,    23,
      24,    25,    26,    27,   131,    48,    43,    43,   135,    15,
      34,    35,    36,    37,    38,    39,   134,   144,    48,    42,
     128,    42,    30,    15,    46,    30,   152,    15,   126,   163,
     161,   107,   140,    -1,    -1,   161,   150,    -1,    -1,   166,
     148,    -1,    -1,    -1,    -1,    -1,   154,    22,    23,    24,
      25,    26,    27,    28,   162,    -1,    -1,    32,    -1,    34,
      35,    36,    37,    38,    39,    -1,    23,    24,    25,    26,
      27,    28,    -1,    -1,    49,    32,    -1,    34,    35,    36,
      37,    38,    39,    -1,    23,    24,    25,    26,    27,    28,
      -1,    -1,    49,    32,    -1,    34,    35,    36,    37,    38,
      39,    -1,    23,    24,    25,    26,    27,    28,    -1,    -1,
      49,    32,    -1,    34,    35,    36,    37,    38,    39,    23,
      24,    25,    26,    27,    28,    -1,    47,    -1,    32,    -1,
      34,    35,    36,    37,    38,    39,    23,    24,    25,    26,
      27,    28,    -1,    47,    -1,    32,    -1,    34,    35,    36,
      37,    38,    39,    -1,    -1,    -1,    -1,    -1,    45,    23,
      24,    25,    26,    27,    28,    -1,    -1,    -1,    32,    -1,
      34,    35,    36,    37,    38,    39,    -1,    -1,    -1,    -1,
      -1,    45,    23,    24,    25,    26,    27,    28,    -1,    -1,
      -1,    32,    -1,    34,    35,    36,    37,    38,    39,    -1,
      -1,    -1,    -1,    -1,    45,    23,    24,    25,    26,    27,
      28,    -1,    -1,    -1,    32,    -1,    34,    35,    36,    37,
      38,    39,    -1,    -1,    -1,    -1,    44,    23,    24,    25,
      26,    27,    28,    -1,    -1,    -1,    32,    -1,    34,    35,
      36,    37,    38,    39,    -1,    -1,    -1,    -1,    44,    23,
      24,    25,    26,    27,    28,    -1,    -1,    -1,    32,    -1,
      34,    35,    36,    37,    38,    39,    -1,    -1,    -1,    -1,
      44,    23,    24,    25,    26,    27,    28,    -1,    -1,    -1,
      32,    -1,    34,    35,    36,    37,    38,    39,    -1,    -1,
      -1,    -1,    44,    23,    24,    25,    26,    27,    28,    -1,
      -1,    -1,    32,    -1,    34,    35,    36,    37,    38,    39,
      -1,    -1,    -1,    -1,    44,    23,    24,    25,    26,    27,
      28,    -1,    -1,    -1,    32,    -1,    34,    35,    36,    37,
      38,    39,    -1,    -1,    -1,    -1,    44,    23,    24,    25,
      26,    27,    28,    -1,    -1,    -1,    32,    -1,    34,    35,
      36,    37,    38,    39,    -1,    -1,    42,    23,    24,    25,
      26,    27,    28,    -1,    -1,    -1,    32,    -1,    34,    35,
      36,    37,    38,    39,    -1,    -1,    42,    22,    23,    24,
      25,    26,    27,    28,    -1,    -1,    -1,    32,    -1,    34,
      35,    36,    37,    38,    39,    22,    23,    24,    25,    26,
      27,    28,    -1,    -1,    -1,    32,    -1,    34,    35,    36,
      37,    38,    39,    22,    23,    24,    25,    26,    27,    28,
      -1,    -1,    -1,    32,    -1,    34,    35,    36,    37,    38,
      39,    23,    24,    25,    26,    27,    28,    -1,    -1,    -1,
      32,    33,    34,    35,    36,    37,    38,    39,    23,    24,
      25,    26,    27,    28,    -1,    -1,    -1,    32,    -1,    34,
      35,    36,    37,    38,    39,    23,    24,    25,    26,    -1,
      -1,    23,    24,    25,    26,    -1,    34,    35,    36,    37,
      38,    39,    34,    35,    36,    37,    38,    39
};

/* YYSTOS[STATE-NUM] -- The symbol kind of the accessing symbol of
   state STATE-NUM.  */
static const yytype_int8 yystos[] =
{
       0,     3,    52,    53,    57,     0,     4,    30,    58,    59,
      41,     5,     8,     9,    14,    55,    60,    16,    17,    19,
      20,    29,    30,    37,    43,    50,    70,    73,    41,    30,
      69,    71,    69,    30,     6,    30,    70,    45,    71,    72,
      43,    43,    73,    73,    73,    18,    48,    23,    24,    25,
      26,    27,    28,    32,    34,    35,    36,    37,    38,    39,
      42,    73,    43,    47,    48,    43,    15,    30,    31,    56,
      69,    70,    73,    73,    44,    70,    73,    73,    73,    73,
      73,    73,    73,    73,    73,    73,    73,    73,    73,    73,
      42,    73,    71,    73,    73,    73,    62,    46,    47,    47,
      49,    33,    44,    22,    49,    44,    22,     7,    10,    14,
      54,    63,    64,    73,    73,    73,    42,    73,    42,    73,
      57,    70,    30,    44,    44,    49,    45,    45,    15,    59,
      61,    65,    73,    46,    11,    12,    14,    46,    66,    70,
      22,    69,    70,    30,    21,    73,    42,    42,    15,    70,
      45,    73,    13,    62,    22,    67,    68,    71,    46,    73,
      42,    47,    43,    45,    68,    73,    65,    44,    46
};

/* YYR1[RULE-NUM] -- Symbol kind of the left-hand side of rule RULE-NUM.  */
static const yytype_int8 yyr1[] =
{
       0,    51,    52,    53,    53,    54,    54,    55,    55,    56,
      56,    56,    57,    57,    58,    59,    59,    60,    60,    60,
      61,    62,    62,    63,    63,    64,    65,    65,    66,    66,
      66,    66,    67,    67,    68,    68,    69,    69,    70,    70,
      71,    71,    71,    72,    72,    73,    73,    73,    73,    73,
      73,    73,    73,    73,    73,    73,    73,    73,    73,    73,
      73,    73,    73,    73,    73,    73,    73,    73
};

/* YYR2[RULE-NUM] -- Number of symbols on the right-hand side of rule RULE-NUM.  */
static const yytype_int8 yyr2[] =
{
       0,     2,     8,     0,     2,     0,     2,     0,     4,     0,
       1,     1,     0,     2,     4,     0,     2,     6,     6,     9,
       1,     0,     2,     1,     9,     5,     0,     2,     3,     3,
       6,     9,     1,     3,     1,     4,     1,     3,     1,     4,
       1,     4,     6,     1,     3,     1,     1,     3,     6,     6,
       2,     3,     3,     2,     2,     3,     3,     3,     3,     3,
       3,     3,     3,     3,     3,     3,     3,     5
};


enum { YYENOMEM = -2 };

#define yyerrok         (yyerrstatus = 0)
#define yyclearin       (yychar = TOK_SAN_YYEMPTY)

#define YYACCEPT        goto yyacceptlab
#define YYABORT         goto yyabortlab
#define YYERROR         goto yyerrorlab
#define YYNOMEM         goto yyexhaustedlab


#define YYRECOVERING()  (!!yyerrstatus)

#define YYBACKUP(Token, Value)                                    \
  do                                                              \
    if (yychar == TOK_SAN_YYEMPTY)                                        \
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
   Use TOK_SAN_YYerror or TOK_SAN_YYUNDEF. */
#define YYERRCODE TOK_SAN_YYUNDEF

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
#if SAN_YYDEBUG

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

#  elif defined SAN_YYLTYPE_IS_TRIVIAL && SAN_YYLTYPE_IS_TRIVIAL

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
                       yysymbol_kind_t yykind, YYSTYPE const * const yyvaluep, YYLTYPE const * const yylocationp, yyscan_t scanner, struct san_parser *ps)
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
                 yysymbol_kind_t yykind, YYSTYPE const * const yyvaluep, YYLTYPE const * const yylocationp, yyscan_t scanner, struct san_parser *ps)
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
                 int yyrule, yyscan_t scanner, struct san_parser *ps)
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
#else /* !SAN_YYDEBUG */
# define YYDPRINTF(Args) ((void) 0)
# define YY_SYMBOL_PRINT(Title, Kind, Value, Location)
# define YY_STACK_PRINT(Bottom, Top)
# define YY_REDUCE_PRINT(Rule)
#endif /* !SAN_YYDEBUG */


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
            yysymbol_kind_t yykind, YYSTYPE *yyvaluep, YYLTYPE *yylocationp, yyscan_t scanner, struct san_parser *ps)
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
yyparse (yyscan_t scanner, struct san_parser *ps)
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
# if defined SAN_YYLTYPE_IS_TRIVIAL && SAN_YYLTYPE_IS_TRIVIAL
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

  yychar = TOK_SAN_YYEMPTY; /* Cause a token to be read.  */

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
  if (yychar == TOK_SAN_YYEMPTY)
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
  else if (yychar == TOK_SAN_YYerror)
    {
      /* The scanner already issued an error message, process directly
         to error recovery.  But do not keep the error token as
         lookahead, it is too special and may lead us to an endless
         loop in error recovery. */
      yychar = TOK_SAN_YYUNDEF;
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
  yychar = TOK_SAN_YYEMPTY;
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
  case 2: /* model: identifiers_opt "'events'" events reach_opt "'network'" netname netitems results_opt  */
#line 108 "lib/san/san.y"
                                { ps->root->events = (yyvsp[-5].stmts);
                                  ps->root->model_name = (yyvsp[-2].text);
                                  ps->root->network = (yyvsp[-1].stmts);
                                  ps->root->net_line = (yylsp[-3]).first_line;
                                  ps->root->net_col = (yylsp[-3]).first_column; }
#line 1719 "./gen/san/san.tab.c"
    break;

  case 4: /* identifiers_opt: "'identifiers'" defines  */
#line 117 "lib/san/san.y"
                                { ps->root->idents = (yyvsp[0].stmts); }
#line 1725 "./gen/san/san.tab.c"
    break;

  case 6: /* results_opt: "'results'" defines  */
#line 122 "lib/san/san.y"
                                { ps->root->results = (yyvsp[0].stmts); }
#line 1731 "./gen/san/san.tab.c"
    break;

  case 8: /* reach_opt: "'reachability'" '=' expr ';'  */
#line 127 "lib/san/san.y"
                                { ps->root->reach = (yyvsp[-1].expr); }
#line 1737 "./gen/san/san.tab.c"
    break;

  case 9: /* netname: %empty  */
#line 131 "lib/san/san.y"
                                { (yyval.text) = NULL; }
#line 1743 "./gen/san/san.tab.c"
    break;

  case 12: /* defines: %empty  */
#line 137 "lib/san/san.y"
                                { (yyval.stmts) = (san_stmts){0}; }
#line 1749 "./gen/san/san.tab.c"
    break;

  case 13: /* defines: defines define  */
#line 138 "lib/san/san.y"
                                { (yyval.stmts) = (yyvsp[-1].stmts); PUSH(&(yyval.stmts), (yyvsp[0].stmt)); }
#line 1755 "./gen/san/san.tab.c"
    break;

  case 14: /* define: "identifier" '=' expr ';'  */
#line 142 "lib/san/san.y"
                                { (yyval.stmt) = stmt(ps, SS_DEFINE, (yylsp[-3])); (yyval.stmt)->ident = (yyvsp[-3].text);
                                  (yyval.stmt)->expr = (yyvsp[-1].expr); }
#line 1762 "./gen/san/san.tab.c"
    break;

  case 15: /* events: %empty  */
#line 147 "lib/san/san.y"
                                { (yyval.stmts) = (san_stmts){0}; }
#line 1768 "./gen/san/san.tab.c"
    break;

  case 16: /* events: events event  */
#line 148 "lib/san/san.y"
                                { (yyval.stmts) = (yyvsp[-1].stmts); PUSH(&(yyval.stmts), (yyvsp[0].stmt)); }
#line 1774 "./gen/san/san.tab.c"
    break;

  case 17: /* event: "'loc'" namelist '(' expr ')' ';'  */
#line 153 "lib/san/san.y"
                                { (yyval.stmt) = stmt(ps, SS_EVENT, (yylsp[-5])); (yyval.stmt)->names = (yyvsp[-4].names);
                                  (yyval.stmt)->expr = (yyvsp[-2].expr); }
#line 1781 "./gen/san/san.tab.c"
    break;

  case 18: /* event: "'syn'" namelist '(' expr ')' ';'  */
#line 156 "lib/san/san.y"
                                { (yyval.stmt) = stmt(ps, SS_EVENT, (yylsp[-5])); (yyval.stmt)->names = (yyvsp[-4].names);
                                  (yyval.stmt)->expr = (yyvsp[-2].expr); (yyval.stmt)->sync = 1; }
#line 1788 "./gen/san/san.tab.c"
    break;

  case 19: /* event: "'for'" "identifier" "'in'" expr "'..'" expr '{' event_body '}'  */
#line 159 "lib/san/san.y"
                                { (yyval.stmt) = stmt(ps, SS_FOR, (yylsp[-8])); (yyval.stmt)->ident = (yyvsp[-7].text);
                                  (yyval.stmt)->expr = (yyvsp[-5].expr); (yyval.stmt)->hi = (yyvsp[-3].expr); (yyval.stmt)->body = (yyvsp[-1].stmts); }
#line 1795 "./gen/san/san.tab.c"
    break;

  case 21: /* netitems: %empty  */
#line 168 "lib/san/san.y"
                                { (yyval.stmts) = (san_stmts){0}; }
#line 1801 "./gen/san/san.tab.c"
    break;

  case 22: /* netitems: netitems netitem  */
#line 169 "lib/san/san.y"
                                { (yyval.stmts) = (yyvsp[-1].stmts); PUSH(&(yyval.stmts), (yyvsp[0].stmt)); }
#line 1807 "./gen/san/san.tab.c"
    break;

  case 24: /* netitem: "'for'" "identifier" "'in'" expr "'..'" expr '{' netitems '}'  */
#line 175 "lib/san/san.y"
                                { (yyval.stmt) = stmt(ps, SS_FOR, (yylsp[-8])); (yyval.stmt)->ident = (yyvsp[-7].text);
                                  (yyval.stmt)->expr = (yyvsp[-5].expr); (yyval.stmt)->hi = (yyvsp[-3].expr); (yyval.stmt)->body = (yyvsp[-1].stmts); }
#line 1814 "./gen/san/san.tab.c"
    break;

  case 25: /* automaton: "'aut'" name '{' items '}'  */
#line 180 "lib/san/san.y"
                                { (yyval.stmt) = one_name(ps, SS_AUT, (yylsp[-4]), (yyvsp[-3].name)); (yyval.stmt)->body = (yyvsp[-1].stmts); }
#line 1820 "./gen/san/san.tab.c"
    break;

  case 26: /* items: %empty  */
#line 184 "lib/san/san.y"
                                { (yyval.stmts) = (san_stmts){0}; }
#line 1826 "./gen/san/san.tab.c"
    break;

  case 27: /* items: items item  */
#line 185 "lib/san/san.y"
                                { (yyval.stmts) = (yyvsp[-1].stmts); PUSH(&(yyval.stmts), (yyvsp[0].stmt)); }
#line 1832 "./gen/san/san.tab.c"
    break;

  case 28: /* item: "'states'" namelist ';'  */
#line 189 "lib/san/san.y"
                                { (yyval.stmt) = stmt(ps, SS_STATES, (yylsp[-2])); (yyval.stmt)->names = (yyvsp[-1].names); }
#line 1838 "./gen/san/san.tab.c"
    break;

  case 29: /* item: "'initial'" name ';'  */
#line 190 "lib/san/san.y"
                                { (yyval.stmt) = one_name(ps, SS_INITIAL, (yylsp[-2]), (yyvsp[-1].name)); }
#line 1844 "./gen/san/san.tab.c"
    break;

  case 30: /* item: name "'->'" name "'on'" evitems ';'  */
#line 192 "lib/san/san.y"
                                { (yyval.stmt) = one_name(ps, SS_TRANS, (yylsp[-4]), (yyvsp[-5].name)); (yyval.stmt)->to = (yyvsp[-3].name);
                                  (yyval.stmt)->evs.items = (yyvsp[-1].evitems).items;
                                  (yyval.stmt)->evs.len = (yyvsp[-1].evitems).len; (yyval.stmt)->evs.cap = (yyvsp[-1].evitems).cap; }
#line 1852 "./gen/san/san.tab.c"
    break;

  case 31: /* item: "'for'" "identifier" "'in'" expr "'..'" expr '{' items '}'  */
#line 196 "lib/san/san.y"
                                { (yyval.stmt) = stmt(ps, SS_FOR, (yylsp[-8])); (yyval.stmt)->ident = (yyvsp[-7].text);
                                  (yyval.stmt)->expr = (yyvsp[-5].expr); (yyval.stmt)->hi = (yyvsp[-3].expr); (yyval.stmt)->body = (yyvsp[-1].stmts); }
#line 1859 "./gen/san/san.tab.c"
    break;

  case 32: /* evitems: evitem  */
#line 201 "lib/san/san.y"
                                { (yyval.evitems).items = NULL; (yyval.evitems).len = (yyval.evitems).cap = 0;
                                  PUSH(&(yyval.evitems), (yyvsp[0].evitem)); }
#line 1866 "./gen/san/san.tab.c"
    break;

  case 33: /* evitems: evitems ',' evitem  */
#line 203 "lib/san/san.y"
                                { (yyval.evitems) = (yyvsp[-2].evitems); PUSH(&(yyval.evitems), (yyvsp[0].evitem)); }
#line 1872 "./gen/san/san.tab.c"
    break;

  case 34: /* evitem: names  */
#line 207 "lib/san/san.y"
                                { (yyval.evitem).name = (yyvsp[0].name); (yyval.evitem).prob = NULL; }
#line 1878 "./gen/san/san.tab.c"
    break;

  case 35: /* evitem: names '(' expr ')'  */
#line 208 "lib/san/san.y"
                                { (yyval.evitem).name = (yyvsp[-3].name); (yyval.evitem).prob = (yyvsp[-1].expr); }
#line 1884 "./gen/san/san.tab.c"
    break;

  case 36: /* namelist: names  */
#line 212 "lib/san/san.y"
                                { (yyval.names) = (san_names){0}; PUSH(&(yyval.names), (yyvsp[0].name)); }
#line 1890 "./gen/san/san.tab.c"
    break;

  case 37: /* namelist: namelist ',' names  */
#line 213 "lib/san/san.y"
                                { (yyval.names) = (yyvsp[-2].names); PUSH(&(yyval.names), (yyvsp[0].name)); }
#line 1896 "./gen/san/san.tab.c"
    break;

  case 38: /* name: "identifier"  */
#line 218 "lib/san/san.y"
                                { (yyval.name) = san_name_new(ps, (yyvsp[0].text), AT((yylsp[0]))); }
#line 1902 "./gen/san/san.tab.c"
    break;

  case 39: /* name: name '[' expr ']'  */
#line 219 "lib/san/san.y"
                                { (yyval.name) = (yyvsp[-3].name);
                                  PUSH(&(yyval.name)->subs, ((san_sub){(yyvsp[-1].expr), NULL})); }
#line 1909 "./gen/san/san.tab.c"
    break;

  case 40: /* names: "identifier"  */
#line 225 "lib/san/san.y"
                                { (yyval.name) = san_name_new(ps, (yyvsp[0].text), AT((yylsp[0]))); }
#line 1915 "./gen/san/san.tab.c"
    break;

  case 41: /* names: names '[' expr ']'  */
#line 226 "lib/san/san.y"
                                { (yyval.name) = (yyvsp[-3].name);
                                  PUSH(&(yyval.name)->subs, ((san_sub){(yyvsp[-1].expr), NULL})); }
#line 1922 "./gen/san/san.tab.c"
    break;

  case 42: /* names: names '[' expr "'..'" expr ']'  */
#line 229 "lib/san/san.y"
                                { (yyval.name) = (yyvsp[-5].name);
                                  PUSH(&(yyval.name)->subs, ((san_sub){(yyvsp[-3].expr), (yyvsp[-1].expr)})); }
#line 1929 "./gen/san/san.tab.c"
    break;

  case 43: /* group: names  */
#line 234 "lib/san/san.y"
                                { (yyval.names) = (san_names){0}; PUSH(&(yyval.names), (yyvsp[0].name)); }
#line 1935 "./gen/san/san.tab.c"
    break;

  case 44: /* group: '{' namelist '}'  */
#line 235 "lib/san/san.y"
                                { (yyval.names) = (yyvsp[-1].names); }
#line 1941 "./gen/san/san.tab.c"
    break;

  case 45: /* expr: "number"  */
#line 239 "lib/san/san.y"
                                { (yyval.expr) = sx_new(ps, SX_NUM, AT((yylsp[0]))); (yyval.expr)->num = (yyvsp[0].num); }
#line 1947 "./gen/san/san.tab.c"
    break;

  case 46: /* expr: "identifier"  */
#line 240 "lib/san/san.y"
                                { (yyval.expr) = sx_new(ps, SX_IDENT, AT((yylsp[0]))); (yyval.expr)->ident = (yyvsp[0].text); }
#line 1953 "./gen/san/san.tab.c"
    break;

  case 47: /* expr: '(' expr ')'  */
#line 241 "lib/san/san.y"
                                { (yyval.expr) = (yyvsp[-1].expr); }
#line 1959 "./gen/san/san.tab.c"
    break;

  case 48: /* expr: "'min'" '(' expr ',' expr ')'  */
#line 242 "lib/san/san.y"
                                { (yyval.expr) = binop(ps, DOP_MIN, (yylsp[-5]), (yyvsp[-3].expr), (yyvsp[-1].expr)); }
#line 1965 "./gen/san/san.tab.c"
    break;

  case 49: /* expr: "'max'" '(' expr ',' expr ')'  */
#line 243 "lib/san/san.y"
                                { (yyval.expr) = binop(ps, DOP_MAX, (yylsp[-5]), (yyvsp[-3].expr), (yyvsp[-1].expr)); }
#line 1971 "./gen/san/san.tab.c"
    break;

  case 50: /* expr: "'st'" name  */
#line 244 "lib/san/san.y"
                                { (yyval.expr) = sx_new(ps, SX_ST, AT((yylsp[-1]))); (yyval.expr)->aut = (yyvsp[0].name); }
#line 1977 "./gen/san/san.tab.c"
    break;

  case 51: /* expr: name "'is'" name  */
#line 245 "lib/san/san.y"
                                { (yyval.expr) = sx_new(ps, SX_IS, AT((yylsp[-2]))); (yyval.expr)->aut = (yyvsp[-2].name);
                                  (yyval.expr)->state = (yyvsp[0].name); }
#line 1984 "./gen/san/san.tab.c"
    break;

  case 52: /* expr: "'nb'" group name  */
#line 247 "lib/san/san.y"
                                { (yyval.expr) = sx_new(ps, SX_NB, AT((yylsp[-2]))); (yyval.expr)->group = (yyvsp[-1].names);
                                  (yyval.expr)->state = (yyvsp[0].name); }
#line 1991 "./gen/san/san.tab.c"
    break;

  case 53: /* expr: '-' expr  */
#line 249 "lib/san/san.y"
                                { (yyval.expr) = sx_op(ps, DOP_NEG, AT((yylsp[-1])), (yyvsp[0].expr), NULL, NULL); }
#line 1997 "./gen/san/san.tab.c"
    break;

  case 54: /* expr: '!' expr  */
#line 250 "lib/san/san.y"
                                { (yyval.expr) = sx_op(ps, DOP_NOT, AT((yylsp[-1])), (yyvsp[0].expr), NULL, NULL); }
#line 2003 "./gen/san/san.tab.c"
    break;

  case 55: /* expr: expr '+' expr  */
#line 251 "lib/san/san.y"
                                { (yyval.expr) = binop(ps, DOP_ADD, (yylsp[-1]), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 2009 "./gen/san/san.tab.c"
    break;

  case 56: /* expr: expr '-' expr  */
#line 252 "lib/san/san.y"
                                { (yyval.expr) = binop(ps, DOP_SUB, (yylsp[-1]), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 2015 "./gen/san/san.tab.c"
    break;

  case 57: /* expr: expr '*' expr  */
#line 253 "lib/san/san.y"
                                { (yyval.expr) = binop(ps, DOP_MUL, (yylsp[-1]), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 2021 "./gen/san/san.tab.c"
    break;

  case 58: /* expr: expr '/' expr  */
#line 254 "lib/san/san.y"
                                { (yyval.expr) = binop(ps, DOP_DIV, (yylsp[-1]), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 2027 "./gen/san/san.tab.c"
    break;

  case 59: /* expr: expr '<' expr  */
#line 255 "lib/san/san.y"
                                { (yyval.expr) = binop(ps, DOP_LT, (yylsp[-1]), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 2033 "./gen/san/san.tab.c"
    break;

  case 60: /* expr: expr "'<='" expr  */
#line 256 "lib/san/san.y"
                                { (yyval.expr) = binop(ps, DOP_LE, (yylsp[-1]), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 2039 "./gen/san/san.tab.c"
    break;

  case 61: /* expr: expr '>' expr  */
#line 257 "lib/san/san.y"
                                { (yyval.expr) = binop(ps, DOP_GT, (yylsp[-1]), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 2045 "./gen/san/san.tab.c"
    break;

  case 62: /* expr: expr "'>='" expr  */
#line 258 "lib/san/san.y"
                                { (yyval.expr) = binop(ps, DOP_GE, (yylsp[-1]), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 2051 "./gen/san/san.tab.c"
    break;

  case 63: /* expr: expr "'=='" expr  */
#line 259 "lib/san/san.y"
                                { (yyval.expr) = binop(ps, DOP_EQ, (yylsp[-1]), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 2057 "./gen/san/san.tab.c"
    break;

  case 64: /* expr: expr "'!='" expr  */
#line 260 "lib/san/san.y"
                                { (yyval.expr) = binop(ps, DOP_NE, (yylsp[-1]), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 2063 "./gen/san/san.tab.c"
    break;

  case 65: /* expr: expr "'&&'" expr  */
#line 261 "lib/san/san.y"
                                { (yyval.expr) = binop(ps, DOP_AND, (yylsp[-1]), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 2069 "./gen/san/san.tab.c"
    break;

  case 66: /* expr: expr "'||'" expr  */
#line 262 "lib/san/san.y"
                                { (yyval.expr) = binop(ps, DOP_OR, (yylsp[-1]), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 2075 "./gen/san/san.tab.c"
    break;

  case 67: /* expr: expr '?' expr ':' expr  */
#line 263 "lib/san/san.y"
                                { (yyval.expr) = sx_op(ps, DOP_ITE, AT((yylsp[-3])), (yyvsp[-4].expr), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 2081 "./gen/san/san.tab.c"
    break;


#line 2085 "./gen/san/san.tab.c"

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
  yytoken = yychar == TOK_SAN_YYEMPTY ? YYSYMBOL_YYEMPTY : YYTRANSLATE (yychar);
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
          yychar = TOK_SAN_YYEMPTY;
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
  if (yychar != TOK_SAN_YYEMPTY)
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

#line 266 "lib/san/san.y"

