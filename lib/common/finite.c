/* finite.c — derived numbers without overflow, and the check that keeps
 * `inf` and `nan` out of every result (issue 26, README "Conventions").
 *
 * A derived number (a mean, a sum of squares, a speed-up, a slot count)
 * is computed in a form that does not overflow where the true value is a
 * double: a running mean rather than a sum over a count, a ratio before a
 * product, a difference halved before it is divided. Where the true
 * value itself is past the largest double, the writer of the result
 * refuses it with result_finite: a message and exit status 2, never a
 * number printed as inf with exit 0. */
#include <math.h>

#include "common/common.h"

double mean_step(double mean, double x, size_t k)
{
    /* mean + (x - mean) / k, unless x - mean overflows (x and mean of
     * opposite signs near the largest double): then each term apart,
     * none past the largest |x| seen. */
    double step = x - mean;
    if (isfinite(step))
        return mean + step / (double)k;
    return mean - mean / (double)k + x / (double)k;
}

double mean_of(const double *x, size_t n)
{
    double mean = 0;
    for (size_t k = 0; k < n; k++)
        mean = mean_step(mean, x[k], k + 1);
    return mean;
}

int result_finite(diag *d, srcloc at, const char *what, double x,
                  const char *why)
{
    if (isfinite(x))
        return 0;
    diag_error(d, at, "%s %s: %s", what,
               isnan(x) ? "is not a number" : "is past the largest double",
               why);
    return -1;
}
