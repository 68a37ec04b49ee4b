/* par_impl.h — the inside of an mvd_par (par.h), shared by the two files
 * that implement it, which only the MPI programs link: mpi_par.c (the
 * start, the checks, the sums of partial vectors, the plans) and
 * mpi_dist.c (distributed vectors, and the rows of --sched rows shared
 * over the ranks). Not a public header. */
#ifndef PERFPIPE_MVD_PAR_IMPL_H
#define PERFPIPE_MVD_PAR_IMPL_H

#include <mpi.h>

#include "mvd/mpi/par.h"

struct mvd_par {
    int rank, size;
    mvd_sched sched;
    desc part;
    int has_sched, has_part;
    double *buf;             /* the partials received */
    int *count, *displ;      /* default: block q of the vector */
    int *rcount, *rdispl;    /* and where each rank's copy of mine lands */
    /* Distributed vectors (mvd_par_set_distributed): */
    int dist;
    mvd_plan *plan;
    const mvd_space *sp;
    uint64_t *lo;            /* [size + 1]: block q is [lo[q], lo[q+1]) */
    double *xin, *yout;      /* the product's whole input, my partial */
    size_t *kl;              /* [size + 1]: rank q's reachable states are
                                sp->idx[kl[q] .. kl[q+1]) (pack) */
    int *kcount, *kdispl;    /* the same as MPI's ints, or NULL when they
                                do not fit (share_blocks) */
    uint64_t nn;             /* product states */
    double *in;              /* one rank's partial of my states */
    double *scalars;         /* size x MAX_REDUCE: the ranks' partials */
    MPI_Request *req;
    mvd_layout layout;
    double *local, *whole;   /* mvd_par_solve's solution */
    /* default, some states unreachable: their entries only (sum_reachable;
     * sp, the reachable states, as above) */
    int checked, sum_whole;  /* the first product checked; summed whole */
    mvd_combine_fn *sum;     /* one of the sums below */
    int rows;                /* --sched rows: my rows of every product,
                                shared by share_rows (lo, kl, sp set) */
    uint64_t rows_most;      /* and the most states a rank's rows hold
                                (mvd_par_set_rows), or 0 */
    int direct;              /* rows, distributed, all my rows reachable:
                                the plan writes into my block itself */
    int started;             /* the first product's sum is done */
    double skew;             /* and the seconds it waited for the others */
};

/* mpi_par.c: before the first product's sum, a barrier whose wait is the
 * ranks' different starts (mvd_par_skew). */
void par_first_sum(mvd_par *m);

/* mpi_dist.c */
/* v's entries at the reachable states moved to its front, in place; and
 * back (n entries, zeros off the reachable states). */
void par_pack(const mvd_space *sp, double *v);
void par_unpack(const mvd_space *sp, double *v, uint64_t n);
/* The ranks' blocks of the product space, rows' when given, and their
 * reachable states. */
void par_set_blocks(mvd_par *m, const desc *d, const mvd_space *sp,
                    const uint64_t *rows);
/* The buffers and layout of the distributed products with plan p. */
void par_dist_setup(mvd_par *m, mvd_plan *p, const desc *d,
                    const mvd_space *sp);
/* --sched rows with whole vectors, the combine hook: the ranks' rows
 * shared. */
void par_share_rows(void *ctx, double *y, uint64_t n);

#endif
