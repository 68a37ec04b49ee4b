/* mpi_util.h — private to lib/bench's MPI drivers (mpi_*.c): what every
 * driver does around its measurements. Not part of the module's
 * interface, which is bench.h. */
#ifndef PERFPIPE_BENCH_MPI_UTIL_H
#define PERFPIPE_BENCH_MPI_UTIL_H

#include <mpi.h>

#include "bench/bench.h"

/* MPI_Wtime as a bench_clock. */
double bench_wtime(void);

/* EXIT_OK when the job has at least `min` ranks; otherwise rank 0 says
 * what the subcommand needs and every rank gets EXIT_BADINPUT. */
int bench_need_ranks(const bench_config *c, const char *what, int min);

/* Rank 0 writes the bench header with the name, then comments: the
 * subcommand's repetitions, the timer (MPI_Wtick and the smallest step
 * measured on every rank), the MPI library and the hosts. Collective. */
void bench_begin(const bench_config *c, const char *name);

/* On rank 0 unless quiet: "PROG: WHAT" on stderr, a line. */
void bench_progress(const bench_config *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The mean of n values. */
double bench_mean(const double *v, size_t n);

/* The status every rank returns: the largest of the ranks' statuses. */
int bench_end(int status);

#endif
