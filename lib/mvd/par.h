/* par.h — mvd-solve over MPI ranks (issue 13; seed 004 ch. 3, Algorithm
 * 1; precise-rules §3 and D3). Part of lib/mvd, implemented in mpi_par.c,
 * which only the MPI programs link (Makefile: lib/<module>/mpi_*.c), so
 * this header names no MPI type.
 *
 * Every rank reads the descriptor, builds the whole schedule itself
 * (sched.h: no communication) and a plan on its share (mvd_sched_part,
 * mvd_plan_new_part); the solver runs on every rank, identical, and each
 * multiplication sums the ranks' partial vectors so that every rank holds
 * the same x * Q, bit for bit, before the solver goes on. The sum is a
 * left fold in rank order, ((y_0 + y_1) + y_2) + ..., whatever the MPI
 * library, so a run is bit-identical to any other at the same P and
 * scheduler (MPI_Reduce's and MPI_Allreduce's order is the library's own,
 * D3):
 *   --faithful  the thesis's reduce and broadcast: every rank sends its
 *               partial vector to rank 0, which adds them as they come in
 *               rank order (MPI_Send/MPI_Recv), then MPI_Bcast;
 *   default     a reduce-scatter and an allgather (the bandwidth-optimal
 *               allreduce, Rabenseifner's): the vector in P blocks, rank
 *               q gets every rank's block q (MPI_Alltoallv), folds them in
 *               rank order, and MPI_Allgatherv gives all blocks to all;
 *               when some product states are unreachable, of their
 *               entries only (mpi_par.c, sum_reachable: all that is read
 *               of a product, the same bits there).
 * The two give the same bits. Across P the grouping of the terms
 * changes, so the products agree with the sequential ones to rounding.
 *
 * A NULL mvd_par is the sequential program: MPI is initialised only when
 * a launcher started the process, so mvd-solve runs without mpirun. */
#ifndef PERFPIPE_MVD_PAR_H
#define PERFPIPE_MVD_PAR_H

#include <stddef.h>
#include <stdint.h>

#include "common/common.h"
#include "desc/desc.h"
#include "mvd/mvd.h"
#include "mvd/sched.h"

typedef struct mvd_par mvd_par;

/* MPI initialised and this rank's job, when a launcher started the
 * process (Open MPI's OMPI_COMM_WORLD_SIZE, PMIx's PMIX_RANK or PMI's
 * PMI_SIZE in the environment); NULL, MPI untouched, otherwise. */
mvd_par *mvd_par_start(int *argc, char ***argv);
/* 0 and 1 for NULL. */
int mvd_par_rank(const mvd_par *m);
int mvd_par_size(const mvd_par *m);

/* The input's text as read_input gives it: from FILE on every rank (each
 * rank reads its own, which mvd_par_same compares); from standard input,
 * which only rank 0 has under mpirun, read by rank 0 and sent to all. */
char *mvd_par_read_input(mvd_par *m, const char *prog, const char *path,
                         size_t max, size_t *len);
/* 0 when every rank read the same bytes and the same key (the options
 * that steer the run); otherwise -1 on every rank, after rank 0 named the
 * ranks that differ at `at`. Collective. */
int mvd_par_same(mvd_par *m, const char *text, size_t len, const char *key,
                 diag *dg, srcloc at);
/* The largest of the ranks' statuses, on every rank; when a rank other
 * than 0 failed and rank 0 did not, rank 0 says "WHAT failed on rank R".
 * Collective; status itself for NULL. */
int mvd_par_agree(mvd_par *m, int status, diag *dg, srcloc at,
                  const char *what);
/* Each rank's seconds in its share's kernels, in the sums and of CPU in
 * its kernels (--time), gathered on rank 0: rank r's at all[3 r],
 * all[3 r + 1], all[3 r + 2] (3 P doubles; not used on the other
 * ranks). Collective; nothing for NULL. */
void mvd_par_times(mvd_par *m, double kernels, double sums, double cpu,
                   double *all);
/* The seconds this rank waited for the others at the first product's
 * sum, which starts with a barrier: the ranks' different starts (set-up,
 * the solver's preparations), which --time leaves out of the
 * multiplications' time. 0 for NULL or one rank. */
double mvd_par_skew(const mvd_par *m);
/* Every rank waits for the others here. Nothing for NULL. */
void mvd_par_barrier(mvd_par *m);
/* x, n entries, from rank 0 to every rank. */
void mvd_par_bcast(mvd_par *m, double *x, uint64_t n);

/* This rank's plan: the schedule of d under `kind` on the job's ranks,
 * the rank's share, a plan on it (mvd_plan_new_part) whose products are
 * summed over the ranks as above (faithful: reduce and broadcast). Rank
 * 0 warns when ranks are idle. NULL on every rank when any rank failed
 * (*over_budget set where max_bytes was why). Collective. */
mvd_plan *mvd_par_plan(mvd_par *m, const desc *d, const mvd_space *sp,
                       mvd_algo algo, mvd_sched_kind kind, int faithful,
                       size_t max_bytes, int *over_budget, diag *dg);
/* Frees the share (after mvd_plan_free, before d is freed), finalises
 * MPI and returns status. Nothing for NULL. */
int mvd_par_end(mvd_par *m, int status);

#endif
