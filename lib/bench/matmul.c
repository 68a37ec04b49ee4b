/* matmul.c — seed 001's application: the test matrices, the naive
 * product, and the check of a product computed elsewhere. */
#include <stdlib.h>

#include "bench/bench.h"

void bench_matrix_init(size_t n, double *a, double *b)
{
    /* Small integers in a pattern with no simple structure along rows or
     * columns: a wrong row, a swapped column or a lost block shows. */
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            a[i * n + j] = (double)((i * 7 + j * 3) % 11) - 5;
            b[i * n + j] = (double)((i * 5 + j * 2 + 1) % 13) - 6;
        }
}

void bench_matmul(size_t rows, size_t n, const double *a, const double *b,
                  double *c)
{
    for (size_t i = 0; i < rows; i++)
        for (size_t j = 0; j < n; j++) {
            double s = 0;
            for (size_t k = 0; k < n; k++)
                s += a[i * n + k] * b[k * n + j];
            c[i * n + j] = s;
        }
}

/* y = m·x for an n×n matrix m. */
static void matvec(size_t n, const double *m, const double *x, double *y)
{
    for (size_t i = 0; i < n; i++) {
        double s = 0;
        for (size_t k = 0; k < n; k++)
            s += m[i * n + k] * x[k];
        y[i] = s;
    }
}

int bench_matmul_check(size_t n, const double *a, const double *b,
                       const double *c, size_t *row)
{
    double *x = xcalloc(4 * n + 1, sizeof *x), *bx = x + n, *abx = bx + n,
           *cx = abx + n;
    int status = 0;
    /* |entries| <= 6·n·5 for C, times sum(x) <= n², is below 2^53 for
     * n <= BENCH_MAX_N: every value here is an exact integer, so the
     * comparison is exact. */
    for (int pass = 0; pass < 2 && status == 0; pass++) {
        for (size_t k = 0; k < n; k++)
            x[k] = pass ? (double)(k + 1) : 1;
        matvec(n, b, x, bx);
        matvec(n, a, bx, abx);
        matvec(n, c, x, cx);
        for (size_t i = 0; i < n; i++)
            if (cx[i] != abx[i]) {
                *row = i;
                status = -1;
                break;
            }
    }
    free(x);
    return status;
}
