/* kernels.h — the storage kernels of lib/mvd (lib/mvd/kernels/): the
 * inside of an mvd_plan and the algorithms that multiply by the
 * descriptor (plan.c: checks, dispatch, the diagonal; shuffle.c,
 * slice.c, slice_rows.c, sparse.c, reach*.c: one algorithm each), the
 * diagonal's reduction (reduce.c), and the chain's in-flow rows
 * (inflow.c, reach_rows.c). Not a public header: callers use mvd.h; the
 * methods (lib/mvd/methods/) and the schedulers read it. A new storage
 * goes beside these, one file, its part of the plan here. */
#ifndef PERFPIPE_MVD_KERNELS_H
#define PERFPIPE_MVD_KERNELS_H

/* ======================================================== plan.h */
/* plan.h — the inside of an mvd_plan, shared by the files of lib/mvd that
 * build and run one (plan.c: checks, dispatch, the diagonal; shuffle.c,
 * slice.c, sparse.c, reach.c: one algorithm each). Not a public header: callers
 * use mvd.h. */

#include "mvd/mvd.h"

/* Evaluations of one function over the states of the automata it reads
 * beyond which mvd_plan_new no longer checks that it is finite
 * (check_functions). */
#define CHECK_LIMIT 1000000

/* The largest block of a shuffle term applied through cache-sized
 * buffers (sh_term.span): 2^15 doubles, two buffers of 256 KiB. Both
 * limits can be set with -D to tune them. */
#ifndef SHUFFLE_BLOCK
#define SHUFFLE_BLOCK (UINT64_C(1) << 15)
#endif

/* The largest order of the fused slice's "last factor" (fuse_group). */
#ifndef FUSE_ORDER
#define FUSE_ORDER 256
#endif

/* A shuffle term: the automata with a non-identity factor in the order
 * their normal factors are applied, and the automata it is conditioned on
 * to break cycles between functional factors (§2.6): the term is applied
 * once per combination of non-empty rows of those automata's factors,
 * each restricted to its row. fixed[] holds the current combination. */
typedef struct {
    size_t term;
    int nf;
    int order[DESC_MAX_AUTOMATA];
    uint64_t deps[DESC_MAX_AUTOMATA];   /* per automaton: the other
                                           automata its functions read */
    int ncond;
    int cond[DESC_MAX_AUTOMATA];
    int fixed[DESC_MAX_AUTOMATA];   /* -1, or the only row kept */
    /* Fast mode, no functional factor and no conditioning: the factors
     * in application order by columns, applied out of place (NULL in
     * faithful mode and for the other terms). */
    struct csc_mat *csc;
    /* Fast path, two factors or more: when the first factor's span
     * (order x nright, which every later factor's divides: constant
     * factors go in ascending automaton order) is at most SHUFFLE_BLOCK,
     * the term is applied span by span through two cache-sized buffers
     * (blk), and the vectors between factors never reach memory; else 0. */
    uint64_t span;
} sh_term;

/* A constant factor by columns: column c's rows and values at
 * colptr[c]..colptr[c+1]-1, rows ascending. */
typedef struct csc_mat {
    int n;
    int *colptr, *row;
    double *val;
} csc_mat;

/* An additive unitary normal factor of the first N-1 factors (§3.2). */
typedef struct {
    double e;
    uint64_t i, j;
} aunf;

typedef struct {
    size_t term;
    const desc_matrix **f;   /* [naut], identities made explicit */
    size_t n;                /* its AUNFs, made as the product runs */
    /* When an element of the first N-1 factors reads the last automaton,
     * its function is applied per row of the last factor: `deferred` is
     * set, and e leaves those functions out; defer[m][k] says whether
     * entry k of factor m is one of them. */
    int deferred;
    unsigned char **defer;   /* [naut - 1][nnz of the factor] */
    /* Fast mode (fuse_ok): the term's AUNFs, fn of them, are in the
     * fused list (fs_aunf) instead. */
    int fused;
    size_t fn;
    /* A rank's rows (mvd_plan_rows), unfused: factor m < group's
     * non-zeros by column, colptr[m][c] .. colptr[m][c + 1] - 1 into
     * bycol[m] (ascending), so that only the AUNFs landing in the rows
     * are made (slice_rows.c). */
    size_t **colptr, **bycol;
} sl_term;

/* Fused slice (fast mode): the fused terms' last factors (the product of
 * their factors of the automata group..N-1, fuse_group), stored for the
 * inner loop, and all their AUNFs by destination block. */
typedef enum { FK_IDENT, FK_DENSE, FK_DIA, FK_CSR } fk_kind;

typedef struct {
    fk_kind kind;
    int n;
    int *rowptr, *col;   /* FK_CSR */
    double *val;         /* FK_CSR: per entry; FK_DENSE: n x n by rows;
                            FK_DIA: diagonal d's at start[d] (to_diagonals) */
    int ndiag, *off, *start;   /* FK_DIA: the diagonals, by offset c - r */
    size_t stored;             /* FK_DIA: positions in val */
} fs_kern;

typedef struct {
    double e;
    uint64_t src;        /* first index of the source slice of x */
    uint32_t kern;       /* into fs_kern */
} fs_aunf;

struct mvd_plan {
    const desc *d;           /* the caller's descriptor */
    const desc *part;        /* a rank's share (mvd_plan_new_part), else d */
    const desc *k;           /* the one the kernels run on: part, or &red */
    mvd_combine_fn *combine; /* and its sum over the ranks, or NULL */
    void *combine_ctx;
    desc red;                /* fast mode: d less its diagonal parts */
    int has_red;
    double *dr;              /* fast mode: those parts' diagonal, or NULL */
    uint64_t dr_bytes;       /* of dr, counted by the plan's size check */
    int faithful;
    const mvd_space *sp;
    mvd_algo algo;
    int over_budget;         /* the build failed on max_bytes (mvd_too_big) */
    size_t bytes;
    uint64_t mults;
    double seconds;          /* wall time in mvd_multiply, all told */
    double combine_seconds;  /* of which in the combine hook */
    double kernel_cpu;       /* the calling thread's CPU in the kernels */
    double *vals;            /* per-entry values of one functional factor */
    /* shuffle */
    VEC(sh_term) sh;
    double *tmp, *zin, *zout;
    /* slice */
    desc_matrix **ident;     /* [naut] */
    sl_term *sl;
    size_t nsl;
    double *buf[2];          /* shuffle fast mode: ping-pong vectors */
    double *blk[2];          /* and buffers of the largest span */
    fs_kern *fk;
    size_t nfk;
    fs_aunf *fa;
    size_t nfa;
    size_t *jptr;            /* [blocks + 1]: AUNFs per destination block */
    uint64_t nblocks;
    uint64_t blo, bhi;       /* the destination blocks multiplied: all,
                                or a rank's rows (mvd_plan_rows) */
    int rows_cut;            /* mvd_plan_rows cut it */
    uint64_t yoff;           /* and row j goes to y[j - yoff]
                                (mvd_plan_rows_offset) */
    double *scaled;          /* [nl]: e * x slice for fused_aunf */
    int group;               /* the fused "last factor": automata group.. */
    uint64_t nl;             /* ..N-1, of order nl (fuse_group) */
    /* sparse: CSR over the reachable rows, columns in the product space */
    size_t *rowptr;
    uint64_t *col;
    double *val;
    /* reach: its own (reach.c) */
    struct reach_plan *reach;
};

/* plan.c: shared helpers of the three algorithms */
int mvd_term_is_zero(const desc *d, size_t t);
uint64_t mvd_factor_nnz(const desc *d, size_t t, int a);
uint64_t mvd_factor_deps(const desc *d, const desc_matrix *m, int self);
void mvd_too_big(mvd_plan *p, diag *dg, const desc *d, mvd_algo algo,
                 uint64_t need, size_t max_bytes);
size_t mvd_max_order(const desc *d);
size_t mvd_max_factor_nnz(const desc *d);
/* shuffle.c: values of the elements in rows lo..hi-1 of functional
 * factor a at `state`, the factor's own automaton at each element's row */
void mvd_factor_values(const desc *d, const desc_matrix *m, int a,
                       int lo, int hi, int *state, double *vals);

/* one per algorithm: build the plan's part (0, or -1 after a diagnostic
 * when over max_bytes) and multiply */
int mvd_shuffle_new(mvd_plan *p, size_t max_bytes, diag *dg);
void mvd_shuffle_multiply(mvd_plan *p, const double *x, double *y);
int mvd_slice_new(mvd_plan *p, size_t max_bytes, diag *dg);
void mvd_slice_multiply(mvd_plan *p, const double *x, double *y);
/* AUNF u (0 <= u < n) of the plan's slice term k, as the product makes
 * it: the entries it picks in factors 0..N-2 (mixed radix, factor 0 most
 * significant) into pick, its scale (deferred functions left out) and
 * blocks. The run-time shares AUNF ranges as boxes of whole factors
 * (mvd_sched_part); the tests check the schedulers' enumeration (D2)
 * against this one, the order the product runs in. */
aunf mvd_slice_aunf(const mvd_plan *p, size_t k, uint64_t u, size_t *pick);
/* The fused slice's "last factor" of d: its first automaton, and its
 * order in *nl (slice.c, fuse_group). */
int mvd_slice_group(const desc *d, uint64_t *nl);
/* Fast slice: the multiplications (as mvd_plan_mults counts them) that
 * go into each destination block of the fused slice, cost[b] for b <
 * nblocks: x * Dr, the fused AUNFs, the unfused ones, each of these
 * counted aunf_extra more (slice_rows.c). */
void mvd_slice_block_costs(const mvd_plan *p, uint64_t aunf_extra,
                           uint64_t *cost);
int mvd_sparse_new(mvd_plan *p, size_t max_bytes, diag *dg);
void mvd_sparse_multiply(mvd_plan *p, const double *x, double *y);
/* reach: the function values and diagonal computed on `threads` (1 or 2) */
int mvd_reach_new(mvd_plan *p, size_t max_bytes, int threads, diag *dg);
void mvd_reach_multiply(mvd_plan *p, const double *x, double *y);
void mvd_reach_free(mvd_plan *p);
const double *mvd_reach_diagonal_view(const mvd_plan *p);

/* y = x * Dr (fast mode's diagonal parts), or 0 */
void mvd_init_y(const mvd_plan *p, const double *x, double *y);

/* ======================================================== reduce.h */
/* reduce.h — internal to lib/mvd: the descriptor the fast kernels run on
 * (mvd.h, "Fast mode").
 *
 * Q = Dr + Q', where Dr is the diagonal of the parts that are cheap to
 * take out of the terms:
 *   - a term whose non-identity factors are all diagonal matrices (the
 *     negative synchronising terms, an identity term) is diagonal: all of
 *     it goes to Dr;
 *   - a term with exactly one non-identity factor F (a local term) is
 *     I (x) F (x) I = I (x) diag(F) (x) I + I (x) (F - diag(F)) (x) I: the
 *     first part goes to Dr, the second stays in Q'.
 * Terms with two or more non-identity factors, one of them not diagonal,
 * stay whole (their diagonal is not a tensor product of parts). A
 * functional element on the diagonal is evaluated on its row state, which
 * is the state itself, so the split holds for functional factors too. */

#include "desc/desc.h"

/* Builds out (initialised here; desc_free it) as Q' of d: its automata
 * and functions copied, the terms of d left after taking Dr out, in
 * order, zero terms dropped. Returns 1 when something went to Dr, 0 when
 * not (out is then d's terms, unchanged). */
int mvd_reduce(const desc *d, desc *out);

/* A descriptor of d's automata and functions (tables shared: free out
 * before d) and no term yet, for terms taken from d (mvd_reduce, a rank's
 * share in sched.c); mvd_desc_done finishes it once they are added. */
void mvd_desc_head(const desc *d, desc *out);
void mvd_desc_done(desc *out);

/* dr[idx] = Dr[idx, idx] over the whole product space (nn entries), the
 * removed parts summed in term order. */
void mvd_reduce_diagonal(const desc *d, double *dr);

/* ======================================================== inflow.h */
/* inflow.h — the reachable chain's generator stored explicitly, by
 * target (lib/mvd/kernels/inflow.c): for each state k, the states j with a
 * transition into k and its rate q_jk, so that a Gauss-Seidel sweep and a
 * product x Q are one pass over compact arrays, with no function
 * evaluated and no descriptor walked.
 *
 * Layout, per transition: its source's position (4 bytes) and its rate as
 * a 2-byte code into a table of the chain's distinct rates when there are
 * at most 65536 of them (PRISM's sparse engine stores its values the same
 * way), else the rate itself (8 bytes): 6 or 12 bytes a transition, and 4
 * a state for where its row starts. A row's sources are ascending, each
 * once (two terms' transitions between the same states are summed).
 *
 * Built row by row (inflow_begin, inflow_add, inflow_end_row,
 * inflow_finish) by whoever can enumerate the transitions into a state:
 * reach_rows.c, from a reach plan's tables. */

#include <stddef.h>
#include <stdint.h>

#define INFLOW_MAX_CODES 65536

typedef struct mvd_inflow {
    size_t n;             /* states */
    uint64_t nnz;         /* transitions (off-diagonal, summed) */
    uint32_t *ptr;        /* [n + 1]: row k at ptr[k] .. ptr[k + 1] - 1 */
    uint32_t *src;        /* [nnz]: the source's position */
    uint16_t *code;       /* [nnz]: the rate's code, or NULL: */
    double *val;          /* [nnz]: the rate itself (code NULL) */
    double *table;        /* [ntable]: the distinct rates (code set) */
    size_t ntable;
    const double *diag;   /* [n] q_kk, the caller's */
    size_t bytes;         /* of the arrays above but diag */
} mvd_inflow;

/* The builder: rows in order 0..n-1, at most max_bytes in all (the
 * arrays' capacity counted: a failed build never held more). */
typedef struct inflow_builder inflow_builder;

inflow_builder *inflow_begin(size_t n, const double *diag, size_t max_bytes);
/* A transition from position j into the current row, rate q (> 0). */
void inflow_add(inflow_builder *b, uint32_t j, double q);
/* Ends the current row; 0, or -1 once the rows passed max_bytes or 2^32
 * transitions (the builder must then be given to inflow_abort). */
int inflow_end_row(inflow_builder *b);
/* The matrix (its arrays trimmed to their size); the builder is freed. */
mvd_inflow *inflow_finish(inflow_builder *b);
void inflow_abort(inflow_builder *b);
void mvd_inflow_free(mvd_inflow *m);

/* y = x Q over the n states (y[n], the spare entry of a compact vector,
 * set to 0): rows split between `threads` (1 or 2) threads, each row's
 * sum in the same order whatever their number, so the bits are the same. */
void mvd_inflow_multiply(const mvd_inflow *m, const double *x, double *y,
                         int threads);

/* One Gauss-Seidel sweep (SOR when omega != 1) over the states in
 * ascending order: x_k <- the in-flow into k from
 * the current x divided by -diag[k] (the caller's q_kk). Returns the 1-norm of the change. */
double mvd_inflow_sweep(const mvd_inflow *m, double *x, const double *diag,
                        double omega);

/* z = v M^-1 for M the lower part of Q (the diagonal and the transitions
 * from a state before: what a forward sweep divides by), by forward
 * substitution: z_k = (v_k - sum_{j<k} z_j q_jk) / diag[k]. z may be v.
 * gmres's Gauss-Seidel preconditioner. */
void mvd_inflow_lower_solve(const mvd_inflow *m, const double *diag,
                            const double *v, double *z);

/* The same with the upper part (transitions from a state after), by
 * backward substitution: a backward sweep's divisor. */
void mvd_inflow_upper_solve(const mvd_inflow *m, const double *diag,
                            const double *v, double *z);

/* The in-flow into state k from x (the off-diagonal part of (x Q)_k). */
double mvd_inflow_row(const mvd_inflow *m, size_t k, const double *x);

/* ======================================================== reach.h */
/* reach.h — inside --algo reach (lib/mvd/kernels/reach.c builds the tables and
 * multiplies, reach_check.c checks the rates and searches the chain's
 * structure through them): the tables' types and the inline helpers both
 * use. Not a public header: callers use mvd.h. */

#include <math.h>
#include <stdlib.h>
#include <string.h>


#define REACH_BLOCK 2048          /* states a block (mvd_reach_multiply) */
/* A state's digit (its index in one automaton): 16 bits, so automata of
 * up to REACH_MAX_ORDER states (a PRISM module is the product of its
 * variables' ranges: the tandem's first queue at c = 706 has 1414). */
typedef uint16_t rc_digit;
#define REACH_MAX_ORDER 65535
#define REACH_MAX_COMBOS (1 << 22) /* combinations a term may tabulate */

/* One transition of a term's row: offset to the state's index, constant
 * and function slot (-1: none). */
typedef struct {
    int64_t off;
    double val;
    int slot;
} rc_entry;

typedef VEC(rc_entry) rc_entries;

/* A term: its automata with a non-identity factor, the weight of each
 * one's digit in the combination, and where its combinations' lists
 * start. */
typedef struct {
    int n;
    int aut[DESC_MAX_AUTOMATA];
    uint32_t mult[DESC_MAX_AUTOMATA];
    size_t base;       /* into ptr: combination c's transitions are
                          entries[ptr[base + c]..ptr[base + c + 1]] */
    size_t dbase;      /* into dg: combination c's diagonal element */
    int diagonal;      /* some combination has a diagonal element: the
                          others (the events' own terms, mostly) add only
                          +0 to a state's diagonal and are skipped */
    size_t tbase;      /* into tptr: transitions into combination c */
    uint32_t combos;
    int moves;         /* holds transitions: a term that moves, the
                          first of those with its automata (merge_terms) */
    /* At most one transition per combination (most terms): the one of
     * combination c at single + c (val 0: none). */
    int one;
    int single_fn;     /* one of those is a function's (a slot) */
    size_t single;
    /* At most one transition into each combination (most terms): the
     * one into combination c at tsingle + c (val 0: none). */
    int tone;
    size_t tsingle;
} rc_term;

/* A slot's definition: a function, or the product of two slots. */
typedef struct {
    int func;          /* >= 0: this function */
    int a, b;          /* func < 0: slot a times slot b */
} rc_slot;

struct reach_plan {
    rc_term *term;
    size_t nterm;
    uint32_t *mover;      /* the terms that hold transitions (moves), */
    size_t nmover;        /* in term order: what a state's walk visits */
    uint32_t *diagonal;   /* the terms with a diagonal element (their */
    size_t ndiagonal;     /* .diagonal) in groups (group_diagonal): */
    size_t *diagonal_base;   /* each group's first term and table in dg */
    rc_entries entries;
    VEC(uint32_t) ptr;
    VEC(uint32_t) tcomb;  /* per entry: the combination of its target */
    rc_entries tentries;  /* by target combination (mvd_reach_irreducible) */
    VEC(uint32_t) tptr;   /* as ptr, from tbase */
    rc_entries single;    /* the terms' single transitions (rc_term.one) */
    rc_entries tsingle;   /* and into a combination (rc_term.tone) */
    rc_entries dg;        /* per term and combination: the diagonal
                             element (off 0; val 0 when none) */
    VEC(rc_slot) slots;
    mvd_index ix;         /* the space's index (borrowed) */
    double *diag;         /* [len] q_ii */
    double *fval;         /* [len * nslots]: state k's at k * nslots */
    rc_digit *digit;      /* [REACH_BLOCK * naut]: a block's states */
    /* Two threads (mvd_reach_threads): the second's vector and digits;
     * y2 NULL: one thread. */
    double *y2;
    rc_digit *digit2;
    int hw_popcnt;        /* the processor counts bits (term_block_hw),
                             and the index is a bitmap */
    /* The chain's in-flow rows, or NULL (mvd_reach_rows): the product
     * and the sweep then read them instead of the tables. */
    mvd_inflow *rows;
};

#ifdef __POPCNT__
#define popcount64(w) ((uint64_t)__builtin_popcountll(w))
#else
/* Without a library call (x86-64's baseline has no popcnt instruction,
 * and the builtin then becomes one). */
static inline uint64_t popcount64(uint64_t w)
{
    w = w - ((w >> 1) & UINT64_C(0x5555555555555555));
    w = (w & UINT64_C(0x3333333333333333)) +
        ((w >> 2) & UINT64_C(0x3333333333333333));
    w = (w + (w >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    return (w * UINT64_C(0x0101010101010101)) >> 56;
}
#endif

/* The position of product index s, or len (the spare entry) when s is
 * not reachable (mvd_index_find, for the kernels): from the bitmap, with the processor's population count
 * when hw (inlined into a function compiled for it, where the builtin is
 * one instruction: REACH_HW_POPCNT; only for a bitmap, reach_plan's
 * hw_popcnt), or from the hash (without hw: a branch on the index's kind
 * that goes the same way for a whole product, predicted). */
static inline __attribute__((always_inline)) uint64_t
position_as(const mvd_index *ix, uint64_t len, uint64_t s, int hw)
{
    if (!hw && __builtin_expect(ix->word == NULL, 0))
        return mvd_index_probe(ix, len, s);
    mvd_word w = ix->word[s >> 6];
    uint64_t b = s & 63, below = w.bits & ((UINT64_C(1) << b) - 1);
    uint64_t at = w.rank + (hw ? (uint64_t)__builtin_popcountll(below)
                               : popcount64(below));
    return (w.bits >> b) & 1 ? at : len;
}

static inline uint64_t position(const mvd_index *ix, uint64_t len,
                                uint64_t s)
{
    return position_as(ix, len, s, 0);
}

/* Steps the digits of state (index old) to those of index new > old,
 * from the last automaton; a division only where a digit carries by more
 * than one (a carry of one, the usual case between neighbouring states,
 * is a subtraction: the division was a third of a product's stepping). */
static inline void advance(const desc *d, rc_digit *state, uint64_t old,
                           uint64_t new)
{
    uint64_t add = new - old;
    for (int a = d->naut - 1; a >= 0 && add; a--) {
        uint64_t o = (uint64_t)d->aut[a].order, s = (uint64_t)state[a] + add;
        if (s < o) {
            state[a] = (rc_digit)s;
            return;
        }
        if (s < 2 * o) {
            state[a] = (rc_digit)(s - o);
            add = 1;
            continue;
        }
        state[a] = (rc_digit)(s % o);
        add = s / o;
    }
}

/* The combination of term rt at the digits st. */
static inline uint32_t combination(const rc_term *rt, const rc_digit *st)
{
    if (rt->n == 1)   /* most terms: a local event's */
        return st[rt->aut[0]] * rt->mult[0];
    if (rt->n == 2)   /* an event between two automata */
        return st[rt->aut[0]] * rt->mult[0] + st[rt->aut[1]] * rt->mult[1];
    uint32_t c = 0;
    for (int q = 0; q < rt->n; q++)
        c += st[rt->aut[q]] * rt->mult[q];
    return c;
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
/* The block kernel (reach.c) and the Gauss-Seidel sweep (reach_gs.c)
 * have a copy compiled for processors with popcnt, chosen at run time
 * (hw_popcnt). */
#define REACH_HW_POPCNT 1
#endif

/* The digits of product index idx in st. */
static inline void decode_digits(const desc *d, uint64_t idx, rc_digit *st)
{
    int state[DESC_MAX_AUTOMATA];
    desc_decode(d, idx, state);
    for (int a = 0; a < d->naut; a++)
        st[a] = (rc_digit)state[a];
}

/* The digits of the state at position k in st and state (ints):
 * decoded at position first (where a walk starts), else stepped from
 * position k - 1's, which they must hold. */
static inline void step_state(const desc *d, const mvd_space *sp, size_t k,
                              size_t first, rc_digit *st, int *state)
{
    if (k == first)
        decode_digits(d, sp->idx[k], st);
    else
        advance(d, st, sp->idx[k - 1], sp->idx[k]);
    for (int a = 0; a < d->naut; a++)
        state[a] = st[a];
}

/* The digits of the state at position k. */
static inline void digits_at(const mvd_plan *p, size_t k, rc_digit *st)
{
    decode_digits(p->d, p->sp->idx[k], st);
}

/* A transition's rate out of state k. */
static inline double rate(const struct reach_plan *r, const rc_entry *e,
                          size_t k)
{
    return e->slot < 0 ? e->val
                       : e->val * r->fval[k * r->slots.len + (size_t)e->slot];
}

/* Term rt's transitions out of a state of digits st: entries[*lo..*hi)
 * (none for a term that holds none, merge_terms). */
static inline void row_of(const struct reach_plan *r, const rc_term *rt,
                          const rc_digit *st, uint32_t *lo, uint32_t *hi)
{
    uint32_t c = rt->moves ? combination(rt, st) : 0;
    *lo = rt->moves ? r->ptr.items[rt->base + c] : 0;
    *hi = rt->moves ? r->ptr.items[rt->base + c + 1] : 0;
}

#endif
