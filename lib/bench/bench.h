/* bench.h — MPI micro-benchmarks and seed 001's application benchmark
 * (issue 11), the measuring side of bench2model: message times between
 * two ranks (ping-pong, and seed 001's send side and receive side), the
 * time of one arithmetic operation per data type (seed 000's machine
 * model), and the master/slaves matrix multiplication of seed 001 with each
 * segment timed. Everything is written as `bench 1` (formats/bench.md),
 * every sample kept, sizes in bytes (or n), times in microseconds.
 *
 * Two halves. The measuring kernels (the operation chains, the matrix
 * product and its check, the size sweep, the timer resolution) are plain C
 * with the clock passed in, so unit tests and sanitizers run them without
 * MPI. The drivers (bench_run_*) are MPI: they live in lib/bench/mpi_*.c,
 * compiled with mpicc, outside libperfpipe.a, and link only into mpibench;
 * every rank calls the same driver with the same configuration. */
#ifndef PERFPIPE_BENCH_H
#define PERFPIPE_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "common/common.h"

/* A clock in seconds (MPI_Wtime in mpibench, a fake one in tests). */
typedef double (*bench_clock)(void);

/* ------------------------------------------------------------- limits */

/* The largest message: MPI counts are int, and two buffers this large
 * live on each of the two ranks. */
#define BENCH_MAX_BYTES ((uint64_t)1 << 30)
/* The largest matrix order: the master holds A, B and C, 3·8·n² bytes,
 * 384 MiB at 4096 (and the naive product is n³ multiply-adds). */
#define BENCH_MAX_N 4096
#define BENCH_MAX_REPS 1000000
#define BENCH_MAX_LIST 10000     /* entries of --sizes or --n */
/* Iterations of one operation loop: each runs BENCH_UNROLL operations,
 * and an int added 1 that many times must not overflow (2^31). */
#define BENCH_UNROLL 16
#define BENCH_MAX_ITERS 100000000

/* ------------------------------------------------------------ the sweep */

typedef VEC(uint64_t) bench_sizes;

/* The default message sizes: 0, the powers of two 1 .. 2^22, and the 13
 * sizes of seed 001's Table 1 (6824 .. 5592404), increasing, those above
 * max left out. */
void bench_default_sizes(uint64_t max, bench_sizes *out);

/* A list "A,B,C" of strictly increasing integers in [min, max], at most
 * BENCH_MAX_LIST of them, appended to out. 0, or -1 with *why set to a
 * static phrase ("not an integer from MIN to MAX" is left to the caller:
 * *bad points at the offending entry, copied into bad[64]). */
int bench_parse_list(const char *text, uint64_t min, uint64_t max,
                     bench_sizes *out, const char **why, char bad[64]);

/* The smallest nonzero step of the clock over `tries` pairs of readings;
 * NaN when the clock did not move within 10^8 readings. */
double bench_timer_resolution(bench_clock now, int tries);

/* --------------------------------------------------- operation timing */

enum { BENCH_ADD, BENCH_SUB, BENCH_MUL, BENCH_DIV, BENCH_ASSIGN, BENCH_CMP,
       BENCH_NOPS };
enum { BENCH_INT, BENCH_FLOAT, BENCH_DOUBLE, BENCH_CHAR, BENCH_NTYPES };

extern const char *const bench_op_names[BENCH_NOPS];     /* "add", ... */
extern const char *const bench_type_names[BENCH_NTYPES]; /* "int", ... */

/* The time in seconds of `iters` iterations of a loop that applies the
 * operation BENCH_UNROLL times, each to the result of the one before (a
 * dependent chain: the latency of the operation, which the compiler can
 * neither fold, nor reorder, nor vectorise: an empty asm names the value
 * as read and written after each step). op = -1 times the same loop with
 * the operations left out and the asm kept: the loop's own cost, which
 * the caller subtracts. */
double bench_op_loop(int op, int type, uint64_t iters, bench_clock now);

/* One sample of one operation: (t_op − t_empty) / (iters·BENCH_UNROLL),
 * in microseconds, the empty loop timed right before the operation's; a
 * difference below 0 (the operation hidden in the loop's own cost, or
 * noise) is returned as 0 and *clamped set. */
double bench_op_sample(int op, int type, uint64_t iters, bench_clock now,
                       int *clamped);

/* --------------------------------------------------- matrix product */

/* The test matrices of order n, row-major: small integers (A in −5..5, B
 * in −6..6), so every product, sum and check below is exact in double
 * for n <= BENCH_MAX_N. */
void bench_matrix_init(size_t n, double *a, double *b);
/* c[rows×n] = a[rows×n] · b[n×n], the naive i-j-k triple loop of seed
 * 001 (its T_mult is cubic in n). */
void bench_matmul(size_t rows, size_t n, const double *a, const double *b,
                  double *c);
/* Checks C = A·B through C·x = A·(B·x) for x = (1, ..., 1) and x = (1, 2,
 * ..., n), exactly (the values are integers below 2^53). Returns -1 and
 * the first row that differs in *row, or 0. */
int bench_matmul_check(size_t n, const double *a, const double *b,
                       const double *c, size_t *row);

/* ----------------------------------------------------------- drivers */

typedef struct {
    const char *prog;
    const uint64_t *sizes;      /* bytes (pingpong, oneway) or n (matmul) */
    size_t nsizes;
    uint64_t reps, warmup;
    uint64_t iters;             /* ops: loop iterations per sample */
    int quiet;                  /* no progress lines on stderr */
    FILE *out;                  /* rank 0: where the bench file goes */
} bench_config;

/* MPI drivers: MPI initialised, every rank calling with the same config.
 * They return an exit status (the same on every rank); rank 0 writes the
 * bench file and the messages. pingpong and oneway need >= 2 ranks (ranks
 * 0 and 1 measure, the others wait), matmul >= 2 (a master and P − 1
 * slaves), ops runs on any number (every rank measures itself). */
int bench_run_pingpong(const bench_config *c);
int bench_run_oneway(const bench_config *c);
int bench_run_ops(const bench_config *c);
int bench_run_matmul(const bench_config *c);

#endif
