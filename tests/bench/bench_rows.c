/* bench_rows — issue 27's kernel figures of `make bench`: on each
 * descriptor given, the chain's in-flow rows (lib/mvd/kernels/inflow.c) against a
 * plain CSR matrix of the same chain built here, measured in the same
 * run:
 *
 *   csr spmv    y = x Q over the CSR copy: 4-byte column and 8-byte value
 *               per non-zero, the diagonal apart (the baseline)
 *   rows spmv   mvd_inflow_multiply (2-byte rate codes, or 8-byte rates)
 *   rows gs     one Gauss-Seidel sweep, mvd_inflow_sweep
 *   reach gs    one matrix-free sweep through reach's tables (before the
 *               rows existed: the sweep issue 27 measured)
 *
 * each the best of repeated batches of at least 0.2 s, in ns per non-zero
 * and as a ratio to csr spmv; and the rows' bytes per non-zero.
 *
 *   bench_rows FILE.desc...
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/common.h"
#include "desc/desc.h"
#include "mvd/kernels/kernels.h"
#include "mvd/mvd.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct {
    size_t n;
    uint32_t *ptr, *col;
    double *val;
    const double *diag;
} csr;

static void csr_multiply(const csr *c, const double *x, double *y)
{
    for (size_t k = 0; k < c->n; k++) {
        double s = c->diag[k] * x[k];
        for (uint32_t e = c->ptr[k]; e < c->ptr[k + 1]; e++)
            s += x[c->col[e]] * c->val[e];
        y[k] = s;
    }
}

typedef struct {
    const csr *c;
    const mvd_inflow *rows;
    mvd_plan *plan;
    const mvd_space *sp;
    double *x, *y;
} bench;

static double sink;

static void run_csr(bench *b) { csr_multiply(b->c, b->x, b->y); }
static void run_rows(bench *b) { mvd_inflow_multiply(b->rows, b->x, b->y, 1); }
static void run_rows_gs(bench *b)
{
    sink += mvd_inflow_sweep(b->rows, b->x, b->rows->diag, 1);
}
static void run_reach_gs(bench *b)
{
    /* the matrix-free sweep: with the rows set aside */
    sink += mvd_reach_gs_sweep_tables(b->plan, b->sp, b->x, b->rows->diag, 1);
}

/* Seconds per call: the best of 5 batches of at least 0.2 s (or 1 call). */
static double best_of(void (*fn)(bench *), bench *b)
{
    double best = INFINITY;
    for (int t = 0; t < 5; t++) {
        int calls = 0;
        double t0 = now(), t1;
        do {
            fn(b);
            calls++;
            t1 = now();
        } while (t1 - t0 < 0.2);
        if ((t1 - t0) / calls < best)
            best = (t1 - t0) / calls;
    }
    return best;
}

static int one(const char *path)
{
    diag dg;
    diag_init(&dg, "bench_rows", stderr);
    FILE *in = fopen(path, "r");
    desc d;
    if (!in || desc_read(&d, in, path, &dg) < 0) {
        if (in)
            fclose(in);
        fprintf(stderr, "bench_rows: cannot read %s\n", path);
        return -1;
    }
    fclose(in);
    mvd_space sp;
    if (mvd_space_build(&sp, &d, d.nn, &dg) < 0)
        return -1;
    mvd_space_compact(&sp);
    mvd_plan *plan = mvd_plan_new(&d, &sp, MVD_REACH, SIZE_MAX, &dg);
    if (!plan || !mvd_reach_rows(plan, SIZE_MAX))
        return -1;
    const mvd_inflow *rows = mvd_reach_rows_view(plan);
    size_t n = rows->n, nnz = rows->nnz;
    csr c = {n, xmalloc((n + 1) * sizeof *c.ptr),
             xmalloc((nnz ? nnz : 1) * sizeof *c.col),
             xmalloc((nnz ? nnz : 1) * sizeof *c.val), rows->diag};
    memcpy(c.ptr, rows->ptr, (n + 1) * sizeof *c.ptr);
    memcpy(c.col, rows->src, nnz * sizeof *c.col);
    for (size_t e = 0; e < nnz; e++)
        c.val[e] = rows->code ? rows->table[rows->code[e]] : rows->val[e];
    double *x = xmalloc((n + 1) * sizeof *x), *y = xmalloc((n + 1) * sizeof *y);
    for (size_t k = 0; k < n; k++)
        x[k] = 1.0 / (double)n;
    bench b = {&c, rows, plan, &sp, x, y};
    double t_csr = best_of(run_csr, &b), t_rows = best_of(run_rows, &b);
    double t_gs = best_of(run_rows_gs, &b);
    double t_reach = best_of(run_reach_gs, &b);
    double per = 1e9 / (double)(nnz ? nnz : 1);
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    printf("%-22s %9zu states %10zu nz  %4.1f B/nz  csr spmv %5.2f ns/nz  "
           "rows spmv %5.2f (%4.2fx)  rows gs %5.2f (%4.2fx)  "
           "reach gs %6.2f (%5.1fx)\n", name, n, nnz,
           (double)rows->bytes / (double)(nnz ? nnz : 1), t_csr * per,
           t_rows * per, t_rows / t_csr, t_gs * per, t_gs / t_csr,
           t_reach * per, t_reach / t_csr);
    free(c.ptr);
    free(c.col);
    free(c.val);
    free(x);
    free(y);
    mvd_plan_free(plan);
    mvd_space_free(&sp);
    desc_free(&d);
    return 0;
}

int main(int argc, char **argv)
{
    int status = 0;
    for (int i = 1; i < argc; i++)
        status |= one(argv[i]) < 0;
    return status;
}
