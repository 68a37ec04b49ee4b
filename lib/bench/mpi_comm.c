/* mpi_comm.c — message times between ranks 0 and 1 (seed 001 §3.2):
 * the ping-pong round trip, and the send side and the receive side of a
 * one-way message, over a sweep of sizes. The ranks above 1 wait.
 *
 * Every message is a standard-mode MPI_Send matched by an MPI_Recv of
 * MPI_BYTE, as in seed 001. The sender fills its buffer with a pattern
 * once per size and the receiver clears its own, then checks the pattern
 * after the last repetition (outside the timing): the bytes really
 * travelled, and a transport that corrupts them is reported. */
#include <stdlib.h>
#include <string.h>

#include "bench/mpi_util.h"
#include "fit/fit.h"

enum { TAG_DATA = 1, TAG_REPORT = 2 };

static unsigned char pattern(uint64_t size, uint64_t k)
{
    return (unsigned char)(k * 131 + size);
}

static void fill(unsigned char *buf, uint64_t size)
{
    for (uint64_t k = 0; k < size; k++)
        buf[k] = pattern(size, k);
}

/* The first byte that differs from the pattern, or size. */
static uint64_t check(const unsigned char *buf, uint64_t size)
{
    for (uint64_t k = 0; k < size; k++)
        if (buf[k] != pattern(size, k))
            return k;
    return size;
}

/* What both sweeps start with: the ranks they need, the header, ranks 0
 * and 1 as a communicator (MPI_COMM_NULL on the others), and the buffer
 * for the largest size, its pages touched. A status other than EXIT_OK
 * (too few ranks) and nothing allocated, or EXIT_OK. */
static int start(const bench_config *c, const char *what, const char *name,
                 MPI_Comm *pair, unsigned char **buf)
{
    int status = bench_need_ranks(c, what, 2);
    if (status)
        return status;
    bench_begin(c, name);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_split(MPI_COMM_WORLD, rank < 2 ? 0 : MPI_UNDEFINED, rank, pair);
    uint64_t max = c->nsizes ? c->sizes[c->nsizes - 1] : 0;
    *buf = xmalloc(max ? max : 1);
    memset(*buf, 0, max ? max : 1);
    return EXIT_OK;
}

/* Before a size: the sender's pattern, the receiver's buffer cleared.
 * Returns the rank in the pair. */
static int prepare(MPI_Comm pair, unsigned char *buf, uint64_t size)
{
    int rank;
    MPI_Comm_rank(pair, &rank);
    if (rank == 0)
        fill(buf, size);
    else
        memset(buf, 0, size);
    return rank;
}

/* After a size: rank 1 sends rank 0 its n receive times tr[0..n) (none
 * for pingpong) and, in tr[n], where the pattern it received broke (the
 * size when it did not). EXIT_OK, or EXIT_RUNTIME on both ranks after
 * rank 0's message. */
static int report(const bench_config *c, MPI_Comm pair, int rank,
                  const char *what, uint64_t size, const unsigned char *buf,
                  double *tr, uint64_t n)
{
    if (rank == 1) {
        tr[n] = (double)check(buf, size);
        MPI_Send(tr, (int)n + 1, MPI_DOUBLE, 0, TAG_REPORT, pair);
    } else {
        MPI_Recv(tr, (int)n + 1, MPI_DOUBLE, 1, TAG_REPORT, pair,
                 MPI_STATUS_IGNORE);
    }
    double at = tr[n];
    MPI_Bcast(&at, 1, MPI_DOUBLE, 0, pair);
    if (at >= (double)size)
        return EXIT_OK;
    if (rank == 0)
        fprintf(stderr, "%s: %s: the message of %llu bytes arrived changed "
                "at byte %.0f\n", c->prog, what, (unsigned long long)size, at);
    return EXIT_RUNTIME;
}

int bench_run_pingpong(const bench_config *c)
{
    MPI_Comm pair;
    unsigned char *buf;
    int status = start(c, "pingpong", "mpibench pingpong: half the round "
                       "trip of MPI_Send then MPI_Recv between ranks 0 and "
                       "1; sizes in bytes, times in microseconds", &pair, &buf);
    if (status)
        return status;
    double *t = xcalloc(c->reps, sizeof *t);
    for (size_t s = 0; s < c->nsizes && pair != MPI_COMM_NULL; s++) {
        uint64_t size = c->sizes[s];
        int count = (int)size, rank = prepare(pair, buf, size);
        for (uint64_t i = 0; i < c->warmup + c->reps; i++) {
            if (rank == 0) {
                double t0 = MPI_Wtime();
                MPI_Send(buf, count, MPI_BYTE, 1, TAG_DATA, pair);
                MPI_Recv(buf, count, MPI_BYTE, 1, TAG_DATA, pair,
                         MPI_STATUS_IGNORE);
                double t1 = MPI_Wtime();
                if (i >= c->warmup)
                    t[i - c->warmup] = (t1 - t0) / 2 * 1e6;
            } else {
                MPI_Recv(buf, count, MPI_BYTE, 0, TAG_DATA, pair,
                         MPI_STATUS_IGNORE);
                MPI_Send(buf, count, MPI_BYTE, 0, TAG_DATA, pair);
            }
        }
        double none[1];
        if ((status = report(c, pair, rank, "pingpong", size, buf, none, 0)))
            break;
        if (rank == 0) {
            for (uint64_t i = 0; i < c->reps; i++)
                fit_write_bench_sample(c->out, "pingpong", (double)size, t[i]);
            bench_progress(c, "pingpong: %llu bytes (%zu of %zu): mean %.4g us",
                           (unsigned long long)size, s + 1, c->nsizes,
                           bench_mean(t, c->reps));
        }
    }
    if (pair != MPI_COMM_NULL)
        MPI_Comm_free(&pair);
    free(t);
    free(buf);
    return bench_end(status);
}

int bench_run_oneway(const bench_config *c)
{
    MPI_Comm pair;
    unsigned char *buf;
    int status = start(c, "oneway", "mpibench oneway: after a barrier, rank "
                       "0 times its MPI_Send (send) and rank 1 its matching "
                       "MPI_Recv (recv); sizes in bytes, times in "
                       "microseconds", &pair, &buf);
    if (status)
        return status;
    /* Rank 1's receive times, then its check: one report a size. */
    double *ts = xcalloc(c->reps, sizeof *ts),
           *tr = xcalloc(c->reps + 1, sizeof *tr);
    for (size_t s = 0; s < c->nsizes && pair != MPI_COMM_NULL; s++) {
        uint64_t size = c->sizes[s];
        int count = (int)size, rank = prepare(pair, buf, size);
        for (uint64_t i = 0; i < c->warmup + c->reps; i++) {
            MPI_Barrier(pair);
            double t0 = MPI_Wtime();
            if (rank == 0)
                MPI_Send(buf, count, MPI_BYTE, 1, TAG_DATA, pair);
            else
                MPI_Recv(buf, count, MPI_BYTE, 0, TAG_DATA, pair,
                         MPI_STATUS_IGNORE);
            double us = (MPI_Wtime() - t0) * 1e6;
            if (i >= c->warmup)
                (rank == 0 ? ts : tr)[i - c->warmup] = us;
        }
        if ((status = report(c, pair, rank, "oneway", size, buf, tr, c->reps)))
            break;
        if (rank == 0) {
            for (uint64_t i = 0; i < c->reps; i++)
                fit_write_bench_sample(c->out, "send", (double)size, ts[i]);
            for (uint64_t i = 0; i < c->reps; i++)
                fit_write_bench_sample(c->out, "recv", (double)size, tr[i]);
            bench_progress(c, "oneway: %llu bytes (%zu of %zu): mean send "
                           "%.4g us, recv %.4g us", (unsigned long long)size,
                           s + 1, c->nsizes, bench_mean(ts, c->reps),
                           bench_mean(tr, c->reps));
        }
    }
    if (pair != MPI_COMM_NULL)
        MPI_Comm_free(&pair);
    free(ts);
    free(tr);
    free(buf);
    return bench_end(status);
}
