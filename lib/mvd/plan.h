/* plan.h — the inside of an mvd_plan, shared by the files of lib/mvd that
 * build and run one (plan.c: checks, dispatch, the diagonal; shuffle.c,
 * slice.c, sparse.c, reach.c: one algorithm each). Not a public header: callers
 * use mvd.h. */
#ifndef PERFPIPE_MVD_PLAN_H
#define PERFPIPE_MVD_PLAN_H

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

#endif
