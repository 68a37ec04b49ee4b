/* finite.c — derived numbers without overflow, and the check that keeps
 * `inf` and `nan` out of every result (issue 26, README "Conventions").
 *
 * A derived number (a mean, a sum of squares, a speed-up, a slot count)
 * is computed in a form that does not overflow where the true value is a
 * double: a running mean rather than a sum over a count, a sum of squares
 * kept scaled (LAPACK's dlassq), a ratio before a product. Where the true
 * value itself is past the largest double, the writer of the result
 * refuses it with result_finite: a message and exit status 2, never a
 * number printed as inf with exit 0. */
#include <math.h>

#include "common/common.h"

double mean_step(double mean, double x, size_t k)
{
    /* mean + (x - mean) / k overflows in x - mean for x and mean of
     * opposite signs near the largest double; each term here is at most
     * the largest |x| seen. */
    return mean - mean / (double)k + x / (double)k;
}

double mean_of(const double *x, size_t n)
{
    double mean = 0;
    for (size_t k = 0; k < n; k++)
        mean = mean_step(mean, x[k], k + 1);
    return mean;
}

void sumsq_add(sumsq *s, double x)
{
    double a = fabs(x);
    if (isnan(a))
        s->ssq = NAN;
    if (a == 0 || isnan(a))
        return;
    if (a > s->scale) {
        double r = s->scale / a;
        s->ssq = 1 + s->ssq * r * r;
        s->scale = a;
    } else {
        double r = a / s->scale;
        s->ssq += r * r;
    }
}

double sumsq_value(const sumsq *s)
{
    if (s->scale == 0)
        return isnan(s->ssq) ? NAN : 0;
    /* scale^2 ssq, as scale (scale ssq): inf only when the sum is. */
    return s->scale * (s->scale * s->ssq);
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
