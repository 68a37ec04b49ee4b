/* methods.h — the stationary solvers of lib/mvd/methods/ (not a public
 * header: callers use mvd.h). solve.c holds what every method shares (the products, the
 * sums over the ranks, the residual and the stopping rule) and picks the
 * method; each method has a file: stationary.c (power, jor, gs, iad),
 * gmres.c, bicgstab.c.
 *
 * Every vector is laid out as sp says (mvd_vec_len: the product space's
 * d->nn entries, or compact, one per reachable state, for --algo reach),
 * and only the reachable entries (mvd_vec_at) are ever read or written:
 * the others stay zero, and any value the kernels leave there is
 * ignored. */
#ifndef PERFPIPE_MVD_METHODS_H
#define PERFPIPE_MVD_METHODS_H

#include "mvd/kernels/kernels.h"
#include "mvd/mvd.h"

typedef struct {
    mvd_plan *plan;
    const mvd_space *sp;
    const mvd_solve_opts *o;
    mvd_solve_info *info;
    diag *dg;
    uint64_t nn;     /* length of every vector */
    double *y;       /* the last product */
    double *diag;    /* q_jj, with -delta where it is 0 (jor, gmres) */
    double tiny;     /* the least |divisor| jor takes (divisor) */
    double step, prev_step;   /* 1-norms of the last two updates */
    double rho;               /* the contraction before them */
    int updated;              /* step holds an update */
    double inner;             /* gmres: a cycle ends when its residual
                                 estimate is below inner tol Delta */
    int shared_diag;          /* diag is the plan's (not ours to free) */
    const mvd_layout *lay;    /* distributed vectors, or NULL */
    const mvd_space *whole;   /* the space solved over: sp, or (lay) the
                                 space whose part on this rank sp is */
    /* The Krylov methods' Gauss-Seidel preconditioner (sv_precondition):
     * the plan's in-flow rows over sp (compact vectors of the whole
     * space), or NULL: the diagonal. */
    const mvd_inflow *lower;
    int adaptive;   /* --method auto runs the method: it may stop it */
    int warm;       /* pi came from the caller (mvd_solve_warm) */
    /* The larger of R and B at the method's first check, before any
     * update (sv_residual): what auto compares its aggregation with. */
    double start_worse;
} solver;

/* ------------------------------------------------ shared (solve.c) */

/* Where the solver's diagnostics point: the input file. */
srcloc sv_input(const solver *s);
/* y = x Q (over the ranks with a layout), counted in info. */
void sv_multiply(solver *s, const double *x, double *y);
/* v[0..n) (partials over this rank's states) combined over the ranks. */
void sv_over_ranks_n(const solver *s, double *v, int n, mvd_reduce_op op);
double sv_over_ranks(const solver *s, double v, mvd_reduce_op op);
/* The reachable states of the whole chain (every rank's). */
size_t sv_states(const solver *s);
double sv_sum_over(const mvd_space *sp, const double *x);
double sv_l1_over(const mvd_space *sp, const double *x);
double sv_dot_over(const mvd_space *sp, const double *x, const double *y);
/* out = in M^-1 (in may be out), compact vectors of the whole space:
 * with in-flow rows (s->lower), M is symmetric Gauss-Seidel's, a forward
 * and a backward sweep, which suits chains whose flow runs either way
 * through the state order (measured with bicgstab: 69 steps on the
 * tandem at K = 15 where the forward sweep's M took 365 and the backward
 * one's 90; 11 on polling at N = 12 where they took 10 and 153); else
 * the diagonal. */
void sv_precondition(const solver *s, const double *in, double *out);
/* The check between a Krylov method's cycles: R, B of pi and E of the
 * last update into info; 0 converged, 1 out of iterations, 2 go on, -1
 * after a diagnostic. */
int sv_check(solver *s, const double *pi);
/* Whether s runs over the compact vectors of a reach plan's whole chain
 * (not a class of it, not a rank's block): where its sweep, its in-flow
 * rows and bicgstab apply. */
int sv_whole_chain(const solver *s);
/* The Krylov methods' Gauss-Seidel preconditioner for s->lower: the
 * plan's in-flow rows when it has them and sv_whole_chain, else NULL. */
const mvd_inflow *sv_lower(const solver *s);
/* After a Krylov cycle that made no step (pi Q below its target, or 0 in
 * doubles) from an iterate the rule refuses: a Gauss-Seidel sweep, which
 * balances each state it visits (the balance B is relative to each
 * state's outflow, which a 2-norm does not see), counted as an
 * iteration; where the plan has no sweep (product-space vectors), -1
 * after "stalled". */
int sv_polish(solver *s, double *pi);
/* Scales x to sum 1; -1 after a diagnostic when it cannot. */
int sv_normalise(solver *s, double *x);
/* Whether an update's 1-norm is at the rounding level of pi. */
int sv_at_rounding(const solver *s, double step);
/* E of the last update (mvd.h). */
double sv_tail_estimate(const solver *s);
/* Keeps an update's 1-norm and the contraction before it, for E. */
void sv_record_step(solver *s, double step);
/* Whether the R, B and E in info pass the stopping rule. */
int sv_converged(const solver *s);
/* s->y = pi Q, and R and B of pi into info; -1 after a diagnostic. */
int sv_residual(solver *s, const double *pi);

/* ------------------------------------------------------------ methods */

int sv_stationary(solver *s, double *pi);   /* stationary.c */
int sv_gmres(solver *s, double *pi);        /* gmres.c */
/* 2 when it stalled and s->adaptive is set (auto switches then) */
int sv_bicgstab(solver *s, double *pi);     /* bicgstab.c */
/* from the caller's pi (s->warm): bicgstab alone */
int sv_auto(solver *s, double *pi);         /* auto.c */

#endif
