/* model.h — private to lib/san: the model after expansion and name
 * resolution (model.c), which todesc.c translates into a descriptor.
 * Loops and ranges are unrolled, names are indices, and expressions are
 * trees over automata indices whose constant parts are folded. */
#ifndef PERFPIPE_SAN_MODEL_H
#define PERFPIPE_SAN_MODEL_H

#include "san/parser.h"

/* A resolved expression: DOP_NUM (num), DOP_ST (aut) or an operator on
 * kid[0..]. Nodes live in the model's arena and may be shared (a DAG:
 * an identifier is resolved once). What is known of its values (expr.c):
 * every value lies in [lo, hi] when both are finite, else nothing is
 * known (it may be infinite or NaN); nz: it is never -0. size: its nodes
 * once expanded as a tree, which is what the descriptor's postfix code
 * holds (saturating). */
typedef struct rx rx;
struct rx {
    desc_op op;
    double num;
    int aut;
    rx *kid[3];
    double lo, hi;
    int nz;
    uint64_t size;
};

typedef struct {
    char *name;
    sx *body;             /* borrowed from the syntax tree */
    int line, col;
    rx *value;            /* once resolved */
} m_ident;

typedef struct {
    char *name;           /* spelt with its subscripts: "P[2]" */
    char *base;           /* the identifier alone: "P" */
    int family;           /* declared with subscripts */
    int line, col;
    VEC(char *) states;
    VEC(srcloc) state_at;
    keymap state_index;
    int initial;          /* -1: none */
    int init_line, init_col;
} m_aut;

typedef struct {
    char *name;
    int sync;
    rx *rate;
    int line, col;
    VEC(int) users;       /* automata using it, ascending */
} m_event;

typedef struct {
    int aut, from, to, ev;
    rx *prob;             /* NULL: 1 */
    int line, col;
} m_arc;

typedef struct {
    char *name;
    rx *value;
    int line, col;
} m_result;

typedef struct {
    const char *file;
    diag *dg;
    VEC(rx *) arena;
    VEC(m_ident) idents;
    keymap ident_index;
    VEC(m_aut) auts;
    keymap aut_index, family_index;
    VEC(m_event) events;
    keymap event_index;
    VEC(m_arc) arcs;
    keymap arc_index;
    rx *reach;
    int reach_line, reach_col;
    VEC(m_result) results;
    keymap result_index;
    char *name;
    /* While expanding: */
    uint64_t expanded;    /* declarations so far (SAN_MAX_EXPANDED) */
    int const_only;       /* resolving an expression that must be constant */
    int cur_ident;        /* resolving identifier k: only those < k visible */
    size_t idents_resolved;   /* identifiers given a value so far */
    strbuf spelling;      /* model_find_state's name, reused */
} model;

/* ------------------------------ shared by model.c and resolve.c */

typedef VEC(char *) strvec;
typedef VEC(int) intvec;

/* Loop variables in scope, innermost first. */
typedef struct env {
    const char *name;
    long value;
    const struct env *up;
} env;

void model_error(model *m, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Counts one more declaration against SAN_MAX_EXPANDED: 0, or -1 after a
 * diagnostic. */
int model_count(model *m, int line, int col);
/* e resolved under the loop variables en (resolve.c), NULL after a
 * diagnostic. */
rx *model_resolve(model *m, const sx *e, const env *en);
/* The values lo..hi of a range or loop, checked against SAN_MAX_RANGE. */
int model_range(model *m, const sx *lo_e, const sx *hi_e, const env *en,
                long *lo, long *count);
/* The spellings of a name (several when a subscript is a range), appended
 * to out; model_free_names frees them. */
int model_names(model *m, const san_name *n, const env *en, strvec *out);
void model_free_names(strvec *v);
/* One spelling of a name without ranges; NULL after a diagnostic. */
char *model_name(model *m, const san_name *n, const env *en);
/* The index of name in k, or -1. */
int model_find(const keymap *k, const char *name);
/* State n of automaton a, or -1 after a diagnostic. */
int model_find_state(model *m, int a, const san_name *n, const env *en);

/* Expands, resolves and checks the syntax into m. 0, or -1 after a
 * diagnostic. model_free frees m in both cases. */
int model_build(model *m, const san_syntax *s, diag *dg);
void model_free(model *m);

/* Expression nodes (expr.c) with constant folding (a desc_eval of the
 * constant operands, so the arithmetic is the descriptor's own) and only
 * the rewrites that give the same double in every state. */
rx *rx_num(model *m, double v);
rx *rx_st(model *m, int aut);      /* the automaton's states are known */
rx *rx_op(model *m, desc_op op, rx *a, rx *b, rx *c);
/* r is a comparison, and, or or not: its values are 1 and 0. */
int rx_is_test(const rx *r);
/* Every value of r is finite (so r * 0 is 0 in every state). */
int rx_finite(const rx *r);
/* x as c * X exactly (negations and one constant factor taken out):
 * returns X, or NULL when x is the constant c. A zero or non-finite
 * factor is left in X unless X is provably finite. */
rx *rx_split(rx *x, double *c);
/* Appends x's postfix code, x expanded as a tree (x->size instructions);
 * iterative, so the depth of x costs no stack. */
typedef VEC(desc_insn) rx_code;
void rx_compile(const rx *x, rx_code *code);

/* The product states of m's automata, in index order, among the first
 * `limit`, where x is non-zero: how many, stopping at `enough`; the first
 * one's digits into first (all 0 when there is none). */
uint64_t model_states_where(const model *m, const rx *x, uint64_t limit,
                            uint64_t enough, int *first);

/* The translation (todesc.c). 0, or -1 after a diagnostic. */
int model_to_desc(model *m, desc *d, diag *dg);

/* m as a PRISM CTMC (toprism.c) into *out; file names the source in its
 * opening comment. 0, or -1 after a diagnostic. */
int model_to_prism(const model *m, const char *file, strbuf *out, diag *dg);

#endif
