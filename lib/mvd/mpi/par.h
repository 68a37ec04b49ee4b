/* par.h — mvd-solve over MPI ranks (issue 13; seed 004 ch. 3, Algorithm
 * 1; precise-rules §3 and D3). Part of lib/mvd, implemented in mpi_par.c
 * and mpi_dist.c (par_impl.h), which only the MPI programs link
 * (Makefile: lib/<module>/mpi_*.c), so this header names no MPI type.
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
 * --sched rows (mvd_plan_rows): every rank's plan is the whole fast
 * slice cut to its rows, so a product's rows are whole on their rank and
 * the sequential ones bit for bit: no sum, only the rows shared, by one
 * MPI_Bcast per rank of its rows' reachable entries (share_rows); with
 * distributed vectors the rows are the rank's block (rows_multiply).
 *
 * Distributed vectors (mvd_par_set_distributed; mvd-solve's default for
 * power, jor and gmres on P > 1 ranks, the default reduction): rank q
 * owns block q of the product space, the same blocks, and the solver's
 * vectors hold only the reachable states of the rank's block
 * (mvd_layout, mvd.h). A product broadcasts every block to every rank
 * into one whole input vector (the allgather), runs the kernels on the
 * share into a whole partial vector, and sends each block of it to its
 * owner, which folds them in rank order as above (the reduce-scatter):
 * the same products, bit for bit, as with whole vectors. Sums, norms and
 * dot products are partials per rank, allgathered and added in rank
 * order. Per rank: the two whole vectors of the product, two blocks of
 * the fold and the plan, beside the solver's vectors over 1/P of the
 * states; the reachable set (8 bytes a state and a bitmap of a quarter
 * byte a product state) stays whole on every rank.
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
 * summed over the ranks as above (faithful: reduce and broadcast), or
 * distributed (mvd_par_set_distributed, mvd_par_layout). Rank 0 warns
 * when ranks are idle. NULL on every rank when any rank failed
 * (*over_budget set where max_bytes was why). Collective. */
mvd_plan *mvd_par_plan(mvd_par *m, const desc *d, const mvd_space *sp,
                       mvd_algo algo, mvd_sched_kind kind, int faithful,
                       size_t max_bytes, int *over_budget, diag *dg);
/* Distributed vectors for the next mvd_par_plan (on: non-zero; nothing
 * on one rank, or for NULL), and whether they are on. Only with the
 * default reduction (not faithful). */
void mvd_par_set_distributed(mvd_par *m, int on);
int mvd_par_distributed(const mvd_par *m);
/* --sched rows for the next mvd_par_plan on d: the blocks are then the
 * rows (mvd_plan_rows), known once the plan is built, and bounded before
 * (mvd_rows_max_states). Nothing for NULL. */
void mvd_par_set_rows(mvd_par *m, const desc *d);
/* The most product states a rank's block holds: ceil(n / P) (n for
 * NULL; the bound above under rows); and the most reachable states of sp
 * one holds. For the memory budget, the same on every rank. */
uint64_t mvd_par_block_max(const mvd_par *m, uint64_t n);
size_t mvd_par_states_max(const mvd_par *m, const desc *d,
                          const mvd_space *sp);
/* Bytes per rank of distributed vectors, nvec of the solver's over the
 * largest block: with the product's two whole vectors, the fold's two
 * blocks and the reachable set's index (at most a whole vector). 0 when
 * that overflows, 1 with *bytes. */
int mvd_par_vector_bytes(const mvd_par *m, uint64_t nn, size_t nvec,
                         uint64_t *bytes);
/* With distributed vectors, o->method resolved (auto: gth up to its
 * size, gmres when its basis over the most reachable states a rank holds
 * fits *rest, power otherwise) and the basis taken out of *rest: 1; 0
 * for gth, which solves with whole vectors; -1 after "needs N bytes" (at
 * `at`, naming max_memory). The same on every rank. */
int mvd_par_method(const mvd_par *m, mvd_solve_opts *o, const desc *d,
                   const mvd_space *sp, uint64_t max_memory, size_t *rest,
                   diag *dg, srcloc at);
/* After mvd_par_plan with distributed vectors: the layout of this rank's
 * share (mvd_solve_opts's layout; its buffers are the mvd_par's); NULL
 * otherwise. */
const mvd_layout *mvd_par_layout(const mvd_par *m);
/* Every rank's part of x (compact over its states, the layout's) in one
 * vector over the product space, on every rank: the solution for the
 * results and the output. The layout's input buffer, valid until the
 * next product. Collective. */
const double *mvd_par_gather(mvd_par *m, const double *x);
/* mvd_solve_chain on the job's ranks, *pi the whole solution over sp
 * (mvd_vec_len entries, m's). With distributed vectors (the plan's,
 * mvd_par_layout), o->layout set; a chain that needs whole vectors
 * (several classes, transient states, weakly joined parts:
 * MVD_NEEDS_WHOLE) is solved again with them after a note, when
 * whole_bytes (what they and the plan take) fit max_memory, or refused
 * after an error. Collective. */
int mvd_par_solve(mvd_par *m, mvd_plan *p, const desc *d,
                  const mvd_space *sp, mvd_solve_opts *o, int from_initial,
                  size_t max_bytes, uint64_t whole_bytes, uint64_t max_memory,
                  const double **pi, mvd_solve_info *info, diag *dg);
/* Frees the share (after mvd_plan_free, before d is freed), finalises
 * MPI and returns status. Nothing for NULL. */
int mvd_par_end(mvd_par *m, int status);

#endif
