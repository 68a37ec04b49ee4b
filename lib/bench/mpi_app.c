/* mpi_app.c — the two benchmarks that are not message sweeps: seed 000's
 * operation times on every rank, and seed 001's master/slaves matrix
 * multiplication with each segment timed. */
#include <stdlib.h>
#include <string.h>

#include "bench/mpi_util.h"
#include "fit/fit.h"

/* --------------------------------------------------------------- ops */

#define NKINDS (BENCH_NOPS * BENCH_NTYPES)

int bench_run_ops(const bench_config *c)
{
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    bench_begin(c, "mpibench ops: time of one operation (a chain of "
                "dependent operations, the empty loop's time subtracted) "
                "on each rank; size = the rank, times in microseconds");
    /* Every rank measures itself at the same time, as the units of seed
     * 000 do; sample r of kind k at [k·reps + r]. */
    size_t per = (size_t)NKINDS * c->reps;
    double *mine = xcalloc(per, sizeof *mine);
    int clamped[NKINDS] = {0};
    for (int k = 0; k < NKINDS; k++) {
        int op = k % BENCH_NOPS, type = k / BENCH_NOPS, ignored = 0;
        for (uint64_t i = 0; i < c->warmup; i++)
            bench_op_sample(op, type, c->iters, bench_wtime, &ignored);
        for (uint64_t i = 0; i < c->reps; i++) {
            int low = 0;
            mine[(size_t)k * c->reps + i] =
                bench_op_sample(op, type, c->iters, bench_wtime, &low);
            clamped[k] += low;
        }
        bench_progress(c, "ops: %s_%s (%d of %d): rank 0 mean %.4g us",
                       bench_op_names[op], bench_type_names[type], k + 1,
                       NKINDS, bench_mean(mine + (size_t)k * c->reps, c->reps));
    }
    double *all = rank == 0 ? xcalloc(per * (size_t)size, sizeof *all) : NULL;
    int *all_clamped = rank == 0
        ? xcalloc((size_t)NKINDS * (size_t)size, sizeof *all_clamped) : NULL;
    MPI_Gather(mine, (int)per, MPI_DOUBLE, all, (int)per, MPI_DOUBLE, 0,
               MPI_COMM_WORLD);
    MPI_Gather(clamped, NKINDS, MPI_INT, all_clamped, NKINDS, MPI_INT, 0,
               MPI_COMM_WORLD);
    if (rank == 0) {
        fprintf(c->out, "# %llu iterations of %d operations per loop\n",
                (unsigned long long)c->iters, BENCH_UNROLL);
        for (int k = 0; k < NKINDS; k++) {
            char kind[32];
            snprintf(kind, sizeof kind, "%s_%s", bench_op_names[k % BENCH_NOPS],
                     bench_type_names[k / BENCH_NOPS]);
            for (int p = 0; p < size; p++) {
                int low = all_clamped[p * NKINDS + k];
                if (low)
                    fprintf(c->out, "# %s on rank %d: %d of %llu samples no "
                            "slower than the empty loop, written as 0\n",
                            kind, p, low, (unsigned long long)c->reps);
                const double *v = all + (size_t)p * per + (size_t)k * c->reps;
                for (uint64_t i = 0; i < c->reps; i++)
                    fit_write_bench_sample(c->out, kind, p, v[i]);
            }
        }
    }
    free(all);
    free(all_clamped);
    free(mine);
    return bench_end(EXIT_OK);
}

/* ------------------------------------------------------------ matmul */

/* The segments, named after seed 001's T_inic, T_mult and T_exec. */
enum { T_INIC, T_SEND, T_MULT, T_RECV, T_EXEC, NSEG };
static const char *const seg_names[NSEG] = {
    "T_inic", "T_send", "T_mult", "T_recv", "T_exec",
};

/* Slave k (1 .. slaves) computes rows [first, first + rows) of C: the n
 * rows in blocks as even as can be, the larger ones first. */
static void rows_of(size_t n, int slaves, int k, size_t *first, size_t *rows)
{
    size_t q = n / (size_t)slaves, r = n % (size_t)slaves, i = (size_t)k - 1;
    *rows = q + (i < r);
    *first = i * q + (i < r ? i : r);
}

enum { TAG_A = 10, TAG_B, TAG_C, TAG_TMULT };

/* One multiplication on the master: the segment times in seconds (T_mult
 * from the slaves, after the timing), and the check. */
static int master_run(size_t n, int slaves, double *a, double *b, double *c,
                      double seg[NSEG])
{
    int cnt = (int)(n * n);
    double t0 = MPI_Wtime();
    bench_matrix_init(n, a, b);
    double t1 = MPI_Wtime();
    for (int k = 1; k <= slaves; k++) {
        size_t first, rows;
        rows_of(n, slaves, k, &first, &rows);
        MPI_Send(a + first * n, (int)(rows * n), MPI_DOUBLE, k, TAG_A,
                 MPI_COMM_WORLD);
        MPI_Send(b, cnt, MPI_DOUBLE, k, TAG_B, MPI_COMM_WORLD);
    }
    double t2 = MPI_Wtime(), recv = 0;
    /* A receive is timed from the moment its message is there (the
     * probe returns), so T_recv is the transfer of C and not the wait for
     * the product, which T_mult measures. */
    for (int k = 1; k <= slaves; k++) {
        size_t first, rows;
        rows_of(n, slaves, k, &first, &rows);
        MPI_Probe(k, TAG_C, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        double r0 = MPI_Wtime();
        MPI_Recv(c + first * n, (int)(rows * n), MPI_DOUBLE, k, TAG_C,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        recv += MPI_Wtime() - r0;
    }
    double t3 = MPI_Wtime(), mult = 0;
    for (int k = 1; k <= slaves; k++) {
        double m;
        MPI_Recv(&m, 1, MPI_DOUBLE, k, TAG_TMULT, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        mult = m > mult ? m : mult;
    }
    seg[T_INIC] = t1 - t0;
    seg[T_SEND] = t2 - t1;
    seg[T_MULT] = mult;
    seg[T_RECV] = recv;
    seg[T_EXEC] = t3 - t0;
    size_t row;
    return bench_matmul_check(n, a, b, c, &row) == 0 ? -1 : (int)row;
}

static void slave_run(size_t n, int slaves, int k, double *a, double *b,
                      double *c)
{
    size_t first, rows;
    rows_of(n, slaves, k, &first, &rows);
    MPI_Recv(a, (int)(rows * n), MPI_DOUBLE, 0, TAG_A, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    MPI_Recv(b, (int)(n * n), MPI_DOUBLE, 0, TAG_B, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    double t0 = MPI_Wtime();
    bench_matmul(rows, n, a, b, c);
    double m = MPI_Wtime() - t0;
    MPI_Send(c, (int)(rows * n), MPI_DOUBLE, 0, TAG_C, MPI_COMM_WORLD);
    MPI_Send(&m, 1, MPI_DOUBLE, 0, TAG_TMULT, MPI_COMM_WORLD);
}

int bench_run_matmul(const bench_config *c)
{
    int status = bench_need_ranks(c, "matmul", 2);
    if (status)
        return status;
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int slaves = size - 1;
    bench_begin(c, "mpibench matmul: C = A x B of doubles, rank 0 the "
                "master, the others slaves computing blocks of rows; "
                "segments T_inic T_send T_mult T_recv T_exec; size = n, "
                "times in microseconds");
    /* t[s·reps + i]: segment s of repetition i, seconds. */
    double *t = xcalloc((size_t)NSEG * c->reps, sizeof *t);
    for (size_t s = 0; s < c->nsizes && status == EXIT_OK; s++) {
        size_t n = c->sizes[s], first, rows = n;
        if (rank > 0)
            rows_of(n, slaves, rank, &first, &rows);
        double *a = xcalloc(rows * n + 1, sizeof *a),
               *b = xcalloc(n * n, sizeof *b),
               *m = xcalloc(rows * n + 1, sizeof *m);
        for (uint64_t i = 0; i < c->warmup + c->reps && status == EXIT_OK;
             i++) {
            int bad = -1;
            double seg[NSEG];
            if (rank == 0)
                bad = master_run(n, slaves, a, b, m, seg);
            else
                slave_run(n, slaves, rank, a, b, m);
            /* Every rank learns whether the product was right. */
            MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
            if (bad >= 0) {
                if (rank == 0)
                    fprintf(stderr, "%s: matmul: n = %zu: the product is "
                            "wrong: row %d of C differs from A x B\n",
                            c->prog, n, bad);
                status = EXIT_RUNTIME;
            } else if (rank == 0 && i >= c->warmup) {
                for (int g = 0; g < NSEG; g++)
                    t[(size_t)g * c->reps + (i - c->warmup)] = seg[g];
            }
        }
        free(a);
        free(b);
        free(m);
        if (rank != 0 || status != EXIT_OK)
            continue;
        fprintf(c->out, "# n = %zu: every product checked (C·x = A·(B·x), "
                "exactly)\n", n);
        for (int g = 0; g < NSEG; g++)
            for (uint64_t i = 0; i < c->reps; i++)
                fit_write_bench_sample(c->out, seg_names[g], (double)n,
                                       t[(size_t)g * c->reps + i] * 1e6);
        bench_progress(c, "matmul: n = %zu (%zu of %zu): mean T_exec %.4g s",
                       n, s + 1, c->nsizes,
                       bench_mean(t + (size_t)T_EXEC * c->reps, c->reps));
    }
    free(t);
    return bench_end(status);
}
