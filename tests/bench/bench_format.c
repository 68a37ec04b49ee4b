/* bench_format.c — numbers written per CPU-second by fmt_double, the
 * shortest form that reads back (every result file of the toolkit), on
 * three kinds of doubles, against two baselines in the same run: the
 * definition counted up one digit at a time (fmt_double before it
 * searched by halving) and a single %.17g (the least any round-trip
 * writer via printf can cost).
 *
 *   bench_format [N]   N numbers of each kind (default 200000)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/common.h"

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char *full_digits(char buf[32], double x)
{
    snprintf(buf, 32, "%.17g", x);
    return buf;
}

/* CPU seconds to write xs; the lengths are summed so no call is idle. */
static double run(const char *(*fmt)(char *, double), const double *xs,
                  size_t n, size_t *chars)
{
    char buf[32];
    double t0 = cpu_now();
    size_t len = 0;
    for (size_t i = 0; i < n; i++)
        len += strlen(fmt(buf, xs[i]));
    *chars = len;
    return cpu_now() - t0;
}

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? (size_t)strtoull(argv[1], NULL, 10) : 200000;
    if (n == 0)
        n = 1;
    double *xs = xmalloc(n * sizeof *xs);
    rng r;
    rng_seed(&r, 1);
    const char *kinds[] = {"probabilities (17 digits)", "rates (3 digits)",
                           "mixed (1-17 digits)"};
    printf("%-26s %14s %14s %14s %8s %8s\n", "numbers", "fmt_double/s",
           "counting/s", "%.17g/s", "vs count", "vs %.17g");
    for (int kind = 0; kind < 3; kind++) {
        for (size_t i = 0; i < n; i++) {
            char text[40];
            double u = rng_uniform(&r);
            if (kind == 0)
                xs[i] = u * 1e-5;
            else {
                int digits = kind == 1 ? 3 : 1 + (int)rng_below(&r, 17);
                snprintf(text, sizeof text, "%.*g", digits, u * 100);
                xs[i] = strtod(text, NULL);
            }
        }
        size_t c1, c2, c3;
        double t_new = run(fmt_double, xs, n, &c1);
        double t_count = run(fmt_double_by_counting, xs, n, &c2);
        double t_full = run(full_digits, xs, n, &c3);
        if (c1 != c2)
            die("bench_format", 1, "fmt_double and counting differ (%zu and %zu "
                "characters)", c1, c2);
        printf("%-26s %14.0f %14.0f %14.0f %7.2fx %7.2fx\n", kinds[kind],
               (double)n / t_new, (double)n / t_count, (double)n / t_full,
               t_count / t_new, t_new / t_full);
    }
    free(xs);
    return 0;
}
