/* mpi_util.c — the set-up every MPI driver of lib/bench shares: the rank
 * count it needs, the header with the timer's resolution, progress. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bench/mpi_util.h"
#include "fit/fit.h"

double bench_wtime(void)
{
    return MPI_Wtime();
}

int bench_need_ranks(const bench_config *c, const char *what, int min)
{
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size >= min)
        return EXIT_OK;
    if (rank == 0)
        fprintf(stderr, "%s: %s needs at least %d ranks (mpirun -np %d %s "
                "%s), and this job has %d\n", c->prog, what, min, min,
                c->prog, what, size);
    return EXIT_BADINPUT;
}

void bench_begin(const bench_config *c, const char *name)
{
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    /* Every rank's clock: rank 1 times the receive side of oneway and
     * the slaves time the product. */
    double res = bench_timer_resolution(bench_wtime, 1000);
    char host[MPI_MAX_PROCESSOR_NAME];
    int len;
    MPI_Get_processor_name(host, &len);
    double *all_res = rank == 0 ? xcalloc((size_t)size, sizeof *all_res) : NULL;
    char *hosts = rank == 0 ? xcalloc((size_t)size, sizeof host) : NULL;
    MPI_Gather(&res, 1, MPI_DOUBLE, all_res, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Gather(host, (int)sizeof host, MPI_CHAR, hosts, (int)sizeof host,
               MPI_CHAR, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        FILE *fp = c->out;
        fit_write_bench_header(fp, name);
        fprintf(fp, "# %llu samples per size after %llu warm-up run%s\n",
                (unsigned long long)c->reps, (unsigned long long)c->warmup,
                c->warmup == 1 ? "" : "s");
        fprintf(fp, "# timer: MPI_Wtime, MPI_Wtick %g s; smallest step "
                "seen in 1000 tries:", MPI_Wtick());
        for (int r = 0; r < size; r++)
            fprintf(fp, " rank %d %.3g s%s", r, all_res[r],
                    r + 1 < size ? "," : "\n");
        char lib[MPI_MAX_LIBRARY_VERSION_STRING];
        MPI_Get_library_version(lib, &len);
        fprintf(fp, "# MPI: %.*s\n", (int)strcspn(lib, "\n,"), lib);
        fprintf(fp, "# %d rank%s on:", size, size == 1 ? "" : "s");
        for (int r = 0; r < size; r++)
            fprintf(fp, " %s", hosts + (size_t)r * sizeof host);
        fputc('\n', fp);
    }
    free(all_res);
    free(hosts);
}

void bench_progress(const bench_config *c, const char *fmt, ...)
{
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank != 0 || c->quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", c->prog);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

double bench_mean(const double *v, size_t n)
{
    double s = 0;
    for (size_t i = 0; i < n; i++)
        s += v[i];
    return n ? s / (double)n : NAN;
}

int bench_end(int status)
{
    int all;
    MPI_Allreduce(&status, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return all;
}
