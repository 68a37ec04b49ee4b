/* parser.h — private to lib/san: the syntax tree the parser (san.y)
 * builds, the state shared by the generated scanner and parser, and their
 * helpers (parse.c). Names are not resolved here: build.c does that. */
#ifndef PERFPIPE_SAN_PARSER_H
#define PERFPIPE_SAN_PARSER_H

#include "san/san.h"

/* ----------------------------------------------------- syntax tree */

typedef struct sx sx;
typedef struct san_name san_name;

/* A subscript: [lo] or the range [lo..hi] (hi non-NULL). */
typedef struct {
    sx *lo, *hi;
} san_sub;

/* IDENT { [sub] }: one name, or a list when a subscript is a range. */
struct san_name {
    char *ident;
    VEC(san_sub) subs;
    int line, col;
};
typedef VEC(san_name *) san_names;

typedef enum {
    SX_NUM,      /* num */
    SX_IDENT,    /* ident: identifier or loop variable */
    SX_ST,       /* st name */
    SX_IS,       /* name is state */
    SX_NB,       /* nb group state */
    SX_OP        /* op applied to kid[0..arity-1] */
} sx_kind;

struct sx {
    sx_kind kind;
    int line, col;
    desc_op op;           /* SX_OP: an operator of the postfix code */
    union {               /* by kind: a long expression is many nodes */
        double num;       /* SX_NUM */
        char *ident;      /* SX_IDENT */
        sx *kid[3];       /* SX_OP */
        struct {
            san_name *aut;        /* SX_ST, SX_IS */
            san_name *state;      /* SX_IS, SX_NB */
            san_names group;      /* SX_NB */
        };
    };
};

typedef struct {
    san_name *name;       /* may hold ranges */
    sx *prob;             /* NULL: 1 */
} san_evitem;

typedef enum {
    SS_DEFINE,     /* ident = expr (identifiers, results) */
    SS_EVENT,      /* loc/syn names (expr) */
    SS_AUT,        /* aut name { body } */
    SS_STATES,     /* states names, ... */
    SS_INITIAL,    /* initial name */
    SS_TRANS,      /* name -> to on evitems */
    SS_FOR         /* for ident in expr..hi { body } */
} ss_kind;

typedef struct san_stmt san_stmt;
typedef VEC(san_stmt *) san_stmts;
struct san_stmt {
    ss_kind kind;
    int line, col;
    char *ident;          /* SS_DEFINE name, SS_FOR variable */
    sx *expr;             /* SS_DEFINE value, SS_EVENT rate, SS_FOR low */
    sx *hi;               /* SS_FOR high */
    int sync;             /* SS_EVENT: 1 for syn */
    san_names names;      /* SS_EVENT, SS_STATES; SS_AUT, SS_INITIAL and
                             SS_TRANS (from) hold one */
    san_name *to;         /* SS_TRANS */
    VEC(san_evitem) evs;  /* SS_TRANS */
    san_stmts body;       /* SS_AUT, SS_FOR */
};

/* Every node, name, list and string of the tree is in `nodes`, freed at
 * once by san_syntax_free: a large model is millions of nodes, and no
 * node is ever freed alone, on success or on a syntax error. */
struct san_syntax {
    char *file;
    arena nodes;
    san_stmts idents, events, network, results;
    sx *reach;            /* NULL when absent */
    char *model_name;     /* NULL when absent */
    int net_line, net_col;   /* the network keyword */
};

/* ------------------------------------------------- scanner/parser */

struct san_parser {
    const char *file;
    diag *d;
    int line, col;               /* where the next token starts */
    int comment_line, comment_col;
    char shown[16];
    san_syntax *root;
    sx *spare;                   /* folded nodes, for sx_new to reuse */
};

struct SAN_YYLTYPE;
void san_advance(struct san_parser *ps, struct SAN_YYLTYPE *loc,
                 const char *text, size_t len);
void san_error_at(struct san_parser *ps, int line, int col, const char *fmt,
                  ...) __attribute__((format(printf, 4, 5)));
char *san_unquote(struct san_parser *ps, struct SAN_YYLTYPE *loc,
                  const char *text, size_t len);
const char *san_show_char(struct san_parser *ps, char c);
/* A number token's value (strtod's): 1, or 0 after an error at line:col
 * for one beyond a double's range (an underflow to 0 or a denormal is
 * accepted, as in C). Both scanners' (san.l, prism.l). */
int san_number(struct san_parser *ps, int line, int col, const char *text,
               double *out);

/* op applied to the constants v[0..arity-1], with the descriptor's own
 * arithmetic (expr.c): the parser folds constant operands as it goes, so
 * `1 + 1 + ...` holds one node, not two per term. */
double san_fold(desc_op op, const double *v);

/* Nodes, in ps->root->nodes. */
sx *sx_new(struct san_parser *ps, sx_kind kind, int line, int col);
sx *sx_op(struct san_parser *ps, desc_op op, int line, int col, sx *a, sx *b,
          sx *c);
san_name *san_name_new(struct san_parser *ps, char *ident, int line, int col);
san_stmt *san_stmt_new(struct san_parser *ps, ss_kind kind, int line,
                       int col);
/* A copy of a token's text, or of a string unquoted on the heap (freed). */
char *san_text(struct san_parser *ps, const char *text, size_t len);
char *san_keep(struct san_parser *ps, char *heap_text);

#endif
