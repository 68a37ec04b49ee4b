/* inflow.h — the reachable chain's generator stored explicitly, by
 * target (lib/mvd/inflow.c): for each state k, the states j with a
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
#ifndef PERFPIPE_MVD_INFLOW_H
#define PERFPIPE_MVD_INFLOW_H

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
 * ascending order (backward: descending): x_k <- the in-flow into k from
 * the current x divided by -diag[k] (the caller's q_kk). Returns the 1-norm of the change. */
double mvd_inflow_sweep(const mvd_inflow *m, double *x, const double *diag,
                        double omega, int backward);

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

#endif
