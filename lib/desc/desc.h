/* desc.h — the Markovian descriptor of a stochastic automata network (seed
 * 004, Campos Velho 2006, §1.3 and Table 1; formats/san-desc.md).
 *
 * A descriptor is a sum of tensor-product terms over N automata:
 *     Q = sum_k  F_1^(k) (x)g F_2^(k) (x)g ... (x)g F_N^(k)
 * Each factor is a sparse square matrix of its automaton's order, or the
 * identity (stored as NULL). An element may be functional: its value is a
 * constant times a function of the global state, evaluated on the row
 * (source) state of the generator (generalised tensor product, notes §2.6).
 *
 * States are ordered as in eq. 1: automaton 0 is the most significant
 * digit, idx(x) = sum_i x_i * nright_i. Vectors are rows: y = x * Q.
 *
 * san2desc builds a descriptor with the desc_add_* functions and writes it;
 * mvd-solve reads it (san-desc, or the thesis's plain file of Figure 8) and
 * multiplies vectors by it (lib/mvd). */
#ifndef PERFPIPE_DESC_H
#define PERFPIPE_DESC_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "common/common.h"

/* Limits on what multiplies (ARCHITECTURE.md): the reader refuses more. */
#define DESC_MAX_AUTOMATA 64          /* N */
#define DESC_MAX_ORDER 1000000        /* states of one automaton */
/* Product space, nn: 2^56, so that a few vectors' bytes over it
 * (nn * 8 * 3, shuffle's) still fit 64 bits; a model whose reachable set
 * is a small part of it is solved over the reachable states, with
 * mvd-solve's hashed index (PRISM's kanban at t = 5: 6^16 product
 * states). */
#define DESC_MAX_STATES (UINT64_C(1) << 56)
#define DESC_MAX_STACK 256            /* evaluation depth of a function */

/* --------------------------------------------------------- functions */

/* A function of the global state, as postfix code (formats/san-desc.md,
 * "Functions"). Every operator pops its operands and pushes one value;
 * booleans are 1 and 0, and any non-zero value is true. */
typedef enum {
    DOP_NUM,                  /* push num */
    DOP_ST,                   /* push the state index of automaton aut */
    DOP_ADD, DOP_SUB, DOP_MUL, DOP_DIV,
    DOP_NEG,
    DOP_LT, DOP_LE, DOP_GT, DOP_GE, DOP_EQ, DOP_NE,
    DOP_AND, DOP_OR, DOP_NOT,
    DOP_MIN, DOP_MAX,
    DOP_ITE,                  /* c a b ite: a if c is non-zero, else b */
    DOP_FLOOR                 /* the largest integer not above (C floor) */
} desc_op;

/* How many operands op pops: 0, 1, 2 or 3. */
int desc_op_arity(desc_op op);

typedef struct {
    desc_op op;
    int aut;         /* DOP_ST */
    double num;      /* DOP_NUM */
} desc_insn;

struct desc_fast;   /* eval.c */

typedef struct {
    char *name;
    VEC(desc_insn) code;
    int depth;       /* stack depth it needs (<= DESC_MAX_STACK) */
    int *deps;       /* the automata it reads, ascending, no repeats */
    int ndeps;
    /* Derived (eval.c), for speed only: the code with its common
     * sequences fused (built by desc_add_func), and after desc_tabulate
     * the values over the states of deps (table[sum state[deps[q]] *
     * stride[q]]), shared with an identical function when table_shared.
     * desc_eval gives the same bits either way. */
    struct desc_fast *fast;
    double *table;
    uint64_t *stride;
    int table_shared;
} desc_func;

/* The value of f on a global state (state[i] = local state of automaton
 * i). Division by zero gives inf or nan, as in C. */
double desc_eval(const desc_func *f, const int *state);
/* The same by the postfix code alone (no table): what tables hold. */
double desc_eval_code(const desc_func *f, const int *state);
/* Bounds of f over every global state with lo[i] <= state[i] <= hi[i]:
 * 1 and *rlo <= desc_eval(f, state) <= *rhi on all of them (every value
 * finite), or 0 when it cannot say (an operation that may divide by zero
 * or overflow there). Interval arithmetic on the same floating-point
 * operations, which round monotonically, so the bounds hold for the
 * values desc_eval computes, not only for exact ones. */
int desc_eval_bounds(const desc_func *f, const int *lo, const int *hi,
                     double *rlo, double *rhi);


/* ----------------------------------------------------------- matrices */

/* One non-zero element: value * (func < 0 ? 1 : f(state)). */
typedef struct {
    int row, col;
    double value;
    int func;        /* index into desc.funcs, or -1 */
} desc_entry;

/* A sparse factor, its entries in row-major order (row, then column), at
 * most one per position. rowptr[r]..rowptr[r+1]-1 are row r's entries. */
typedef struct {
    int order;
    size_t nnz;
    desc_entry *e;
    size_t cap;      /* of e, while building */
    size_t *rowptr;  /* order + 1 */
    int functional;  /* some entry has func >= 0 */
} desc_matrix;

/* ------------------------------------------------------------- terms */

typedef enum { TERM_LOCAL, TERM_SYNC_POS, TERM_SYNC_NEG, TERM_PLAIN }
    desc_term_kind;

typedef struct {
    desc_term_kind kind;
    char *label;            /* automaton (local) or event (sync) name;
                               "termK" for the plain format */
    desc_matrix **factor;   /* [naut]; NULL is the identity */
} desc_term;

typedef struct {
    char *name;
    int order;
    char **states;          /* [order] state names */
} desc_automaton;

typedef struct {
    char *name;
    int func;               /* index into funcs */
} desc_result;

typedef struct {
    char *name;             /* model name, may be NULL */
    char *file;             /* where desc_read read it, for diagnostics;
                               NULL for a descriptor built in memory */
    int naut;
    desc_automaton *aut;
    VEC(desc_func) funcs;
    VEC(desc_term) terms;
    int reach;              /* reachability function, or -1: see initial */
    int *initial;           /* [naut] initial state, or NULL */
    VEC(desc_result) results;
    /* Derived by desc_finish: */
    uint64_t nn;            /* product of the orders */
    uint64_t *nright;       /* [naut]: product of the orders after i */
} desc;

/* ---------------------------------------------------- tables (eval.c) */

/* f at the states that differ from state only in automaton a's digit:
 * out[s] = desc_eval(f, state with state[a] = s) for every state s of a
 * (state is left as it was). The code before f's first read of a runs
 * once: the last level of a search over the automata. */
void desc_eval_each(const desc *d, const desc_func *f, int a, int *state,
                    double *out);

/* desc_eval_bounds along a depth-first search that fixes one automaton at
 * a time (the reachable set's search): the counts of f's sums of tests
 * ("nb A s") kept per depth, so that a node costs the tests on the
 * automaton it fixed, not all. NULL when f has no such sum (then
 * desc_eval_bounds). Depths 0..naut; at depth 0 the counts come from
 * lo/hi (root); _fix at depth k > 0 sets them from depth k - 1's with
 * automaton a moved from [old_lo, old_hi] to state s; _eval answers as
 * desc_eval_bounds would with lo/hi as they are at that depth. */
typedef struct desc_search_bounds desc_search_bounds;
desc_search_bounds *desc_search_bounds_new(const desc *d, const desc_func *f);
void desc_search_bounds_root(desc_search_bounds *b, const int *lo,
                             const int *hi);
void desc_search_bounds_fix(desc_search_bounds *b, int depth, int a,
                            int old_lo, int old_hi, int s);
int desc_search_bounds_eval(const desc_search_bounds *b, int depth,
                            const int *lo, const int *hi, double *rlo,
                            double *rhi);
/* f's value at the state where every automaton is fixed (depth naut):
 * desc_eval's, each sum taken from the counts instead of its tests. */
double desc_search_bounds_value(const desc_search_bounds *b, int depth,
                                const int *state);
void desc_search_bounds_free(desc_search_bounds *b);

/* Several functions evaluated together at each state, the longest
 * prefix of code they all share run once (a model's results often share
 * "nb P busy" and differ only by the comparison that follows), and when
 * the rest reads no automaton, the values for the last prefix values met
 * reused: the same values as desc_eval, bit for bit (tables apart, which
 * hold those values too). funcs are indices into d->funcs; d must
 * outlive the set. A set keeps that memory: one per thread. */
typedef struct desc_evalset desc_evalset;
desc_evalset *desc_evalset_new(const desc *d, const int *funcs, size_t n);
void desc_evalset_eval(desc_evalset *s, const int *state, double *out);
void desc_evalset_free(desc_evalset *s);
/* The (fast) instructions the set runs once for all its functions. */
size_t desc_evalset_shared(const desc_evalset *s);


/* Tabulates, once, the functions of matrix elements whose deps span at
 * most max_entries states (their product of orders), functions of
 * identical code sharing one table, while the tables' total stays within
 * max_bytes; the most read functions first (deps spanning fewer states).
 * An element's function is then one table look-up per evaluation
 * instead of an interpretation (PEPS's evaluation over the support).
 * Returns the bytes the tables hold. */
uint64_t desc_tabulate(desc *d, uint64_t max_entries, uint64_t max_bytes);
/* Makes dst (a copy of src's code, in another descriptor of the same
 * automata) use src's table, if it has one: reduce.c's copies. */
void desc_func_share_table(desc_func *dst, const desc_func *src);

/* ------------------------------------------------------------ building */

void desc_init(desc *d);
void desc_free(desc *d);
/* Each returns the new element's index. Names are copied. */
int desc_add_automaton(desc *d, const char *name, int order,
                       const char *const *state_names);
/* Takes ownership of code (insns, len); computes depth and deps. Returns
 * -1 (nothing added) when the code is not a well-formed expression. */
int desc_add_func(desc *d, const char *name, desc_insn *code, size_t len);
/* A new term whose factors are all the identity. */
int desc_add_term(desc *d, desc_term_kind kind, const char *label);
/* Adds value*f at (row, col) of term t's factor for automaton a (indices
 * in range: the caller checks), making the factor a zero matrix first if
 * it was the identity. */
void desc_add_entry(desc *d, int t, int a, int row, int col, double value,
                    int func);
/* Orders the entries and builds rowptr; computes nn and nright and checks
 * the limits. A position given twice is summed when merge is set and both
 * have the same function, and an error otherwise. 0, or -1 after a
 * diagnostic on dg (at may carry the file). Call it once, after building. */
int desc_finish(desc *d, int merge, diag *dg, srcloc at);

/* --------------------------------------------------------------- state */

/* Where diagnostics about d point: its file, no line. */
static inline srcloc desc_loc(const desc *d)
{
    return (srcloc){d->file, 0, 0};
}

/* The value of element e at a global state: its constant, times its
 * function there when it has one. */
double desc_entry_value(const desc *d, const desc_entry *e, const int *state);

/* Decodes a product-space index into local states (state[naut]). */
void desc_decode(const desc *d, uint64_t idx, int *state);
uint64_t desc_encode(const desc *d, const int *state);
/* Steps state, the local states of index old, to those of index new >=
 * old, from the last automaton: a division only where a digit carries,
 * so that a walk over states in index order costs far less than a
 * desc_decode each. */
void desc_advance(const desc *d, int *state, uint64_t old, uint64_t new);
/* Steps state to the next one in index order (the last automaton turns
 * fastest); 0 after the last state, which leaves state all zeros. */
int desc_next_state(const desc *d, int *state);

/* ------------------------------------------------------------------ io */

/* Reads a descriptor: a san-desc file (formats/san-desc.md), or the plain
 * descriptor file of the thesis (Figure 8: terms of dense matrices), told
 * apart by the first token. 0, or -1 after diagnostics on dg. */
int desc_read(desc *d, FILE *fp, const char *file, diag *dg);
/* The same from the len bytes of a whole file already read (a program
 * reads it with read_input, so that what cannot be read is exit 1). */
int desc_read_text(desc *d, const char *text, size_t len, const char *file,
                   diag *dg);
/* Descriptor files are read whole; a larger one is refused. 256 MiB holds
 * ten million matrix elements at full precision (%.17g, about 25 bytes
 * each): a descriptor's size is that of its local matrices, so one of 10^7
 * product states is a few kilobytes (README.md, "Conventions"). */
#define DESC_MAX_INPUT ((size_t)256 << 20)
/* A vector file (vector 1 or plain numbers) over a descriptor's product
 * space: one value per state, 10^7 states at %.17g (about 25 bytes a
 * value) are about 250 MB; twice that is refused. */
#define VECTOR_MAX_INPUT ((size_t)512 << 20)
/* Writes a name as a bare word when it reads back as one, else quoted
 * (as desc_write does; for other writers of names, such as san-result). */
void desc_put_name(FILE *fp, const char *s);
/* Writes the san-desc form. */
void desc_write(FILE *fp, const desc *d);
/* The postfix text of a function ("st 0 1 =="...) as written in san-desc. */
void desc_func_text(strbuf *sb, const desc *d, const desc_func *f);

#endif
