/* lsq.c — least squares: polynomials by Householder QR on centred and
 * scaled abscissae, piecewise lines with given or searched breakpoints,
 * relative errors, interval summaries (fit.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fit/fit.h"

/* ------------------------------------------------------------ polynomial */

/* 1-norm condition number of the upper-triangular m×m R (row-major,
 * leading dimension ld): ||R||_1 · ||R^-1||_1, R^-1 by back substitution.
 * R's diagonal is non-zero. */
static double cond_upper(const double *r, size_t m, size_t ld)
{
    double inv[(FIT_MAX_DEGREE + 1) * (FIT_MAX_DEGREE + 1)] = {0};
    for (size_t j = 0; j < m; j++) {          /* column j of R^-1 */
        for (size_t ii = j + 1; ii-- > 0;) {
            double s = ii == j ? 1.0 : 0.0;
            for (size_t k = ii + 1; k <= j; k++)
                s -= r[ii * ld + k] * inv[k * m + j];
            inv[ii * m + j] = s / r[ii * ld + ii];
        }
    }
    double nr = 0, ni = 0;
    for (size_t j = 0; j < m; j++) {
        double sr = 0, si = 0;
        for (size_t i = 0; i <= j; i++) {
            sr += fabs(r[i * ld + j]);
            si += fabs(inv[i * m + j]);
        }
        nr = sr > nr ? sr : nr;
        ni = si > ni ? si : ni;
    }
    return nr * ni;
}

int fit_polynomial(const fit_point *p, size_t n, int degree, fit_poly *out,
                   const char **why)
{
    return fit_polynomial_weighted(p, n, degree, FIT_WEIGHT_NONE, out, why);
}

int fit_polynomial_weighted(const fit_point *p, size_t n, int degree,
                            fit_weight weight, fit_poly *out,
                            const char **why)
{
    memset(out, 0, sizeof *out);
    if (degree < 0 || degree > FIT_MAX_DEGREE) {
        *why = "degree out of range";
        return -1;
    }
    size_t m = (size_t)degree + 1;
    if (n < m) {
        *why = "too few points";
        return -1;
    }
    double lo = p[0].x, hi = p[0].x;
    for (size_t i = 1; i < n; i++) {
        lo = p[i].x < lo ? p[i].x : lo;
        hi = p[i].x > hi ? p[i].x : hi;
    }
    /* t = (x − centre)/scale lies in [−1, 1]: the basis 1, t, t², ...
     * is then as well conditioned as the points allow. */
    double centre = lo / 2 + hi / 2, scale = hi / 2 - lo / 2;
    if (!(scale > 0)) {
        if (degree > 0) {
            *why = FIT_WHY_SINGULAR;
            return -1;
        }
        scale = 1;
    }
    /* Times scaled by the largest too, so that no square overflows
     * before the end (times near 1e308 are refused there, not NaN). */
    double ys = 0;
    for (size_t i = 0; i < n; i++)
        ys = fabs(p[i].y) > ys ? fabs(p[i].y) : ys;
    ys = ys > 0 ? ys : 1;
    /* Relative weights: row i scaled by ys/y_i, so that its residual is
     * (y_i − f(x_i))/y_i, the error the writers print. */
    int relative = weight == FIT_WEIGHT_RELATIVE;
    for (size_t i = 0; relative && i < n; i++)
        if (!(p[i].y > 0)) {
            *why = FIT_WHY_NOT_POSITIVE;
            return -1;
        }
    double *a = xcalloc(n, m * sizeof *a);      /* n × m, row-major */
    double *b = xcalloc(n, sizeof *b);
    for (size_t i = 0; i < n; i++) {
        double t = (p[i].x - centre) / scale, tp = 1;
        double w = relative ? ys / p[i].y : 1;
        for (size_t j = 0; j < m; j++, tp *= t)
            a[i * m + j] = tp * w;
        b[i] = p[i].y / ys * w;
    }
    /* Householder QR: column by column, reflect a[k.., k] onto e_k and
     * apply the same reflection to the later columns and to b. */
    int singular = 0;
    for (size_t k = 0; k < m; k++) {
        double norm = 0;
        for (size_t i = k; i < n; i++)
            norm = hypot(norm, a[i * m + k]);
        if (norm == 0) {
            singular = 1;
            break;
        }
        double alpha = a[k * m + k] > 0 ? -norm : norm;
        /* v = x − alpha·e_k, kept in a[k.., k]; vᵀv = 2·norm·(norm + |x_k|) */
        a[k * m + k] -= alpha;
        double vtv = 2 * norm * (norm + fabs(a[k * m + k] + alpha));
        for (size_t j = k + 1; j < m; j++) {
            double s = 0;
            for (size_t i = k; i < n; i++)
                s += a[i * m + k] * a[i * m + j];
            s = 2 * s / vtv;
            for (size_t i = k; i < n; i++)
                a[i * m + j] -= s * a[i * m + k];
        }
        double s = 0;
        for (size_t i = k; i < n; i++)
            s += a[i * m + k] * b[i];
        s = 2 * s / vtv;
        for (size_t i = k; i < n; i++)
            b[i] -= s * a[i * m + k];
        a[k * m + k] = alpha;            /* R's diagonal */
    }
    double cond = singular ? INFINITY : cond_upper(a, m, m);
    if (singular || !(cond <= FIT_MAX_COND)) {
        *why = singular || isinf(cond) ? FIT_WHY_SINGULAR : FIT_WHY_ILL;
        free(a);
        free(b);
        return -1;
    }
    /* R·β = (Qᵀy)[0..m) */
    double beta[FIT_MAX_DEGREE + 1];
    for (size_t ii = m; ii-- > 0;) {
        double s = b[ii];
        for (size_t j = ii + 1; j < m; j++)
            s -= a[ii * m + j] * beta[j];
        beta[ii] = s / a[ii * m + ii];
    }
    free(a);
    free(b);

    /* Σ β_j ((x − c)/s)^j expanded into powers of x:
     * ((x − c)/s)^j = s^-j Σ_k C(j,k) x^k (−c)^(j−k). */
    double binom[FIT_MAX_DEGREE + 1] = {1};
    for (size_t j = 0; j < m; j++) {
        if (j > 0)
            for (size_t k = j; k > 0; k--)
                binom[k] += binom[k - 1];
        double sj = beta[j] / pow(scale, (double)j) * ys;
        for (size_t k = 0; k <= j; k++)
            out->c[k] += sj * binom[k] * pow(-centre, (double)(j - k));
    }
    out->degree = degree;
    out->lo = lo;
    out->hi = hi;
    out->points = n;
    out->cond = cond;
    /* Residuals in the centred basis, where they were minimised; and
     * the coefficients in powers of x must give the same values (the
     * expansion cancels digits when the sizes sit far from 0 against
     * their spread, and overflows near the largest double). */
    double sse = 0, drift = 0;
    for (size_t i = 0; i < n; i++) {
        double t = (p[i].x - centre) / scale, v = 0;
        for (size_t j = m; j-- > 0;)
            v = v * t + beta[j];
        sse += (p[i].y / ys - v) * (p[i].y / ys - v);
        double dv = fabs(fit_poly_eval(out, p[i].x) / ys - v);
        drift = dv > drift || isnan(dv) ? dv : drift;
    }
    out->sse = sse * ys * ys;
    int finite = 1;      /* the SSE may pass the largest double: inf */
    for (size_t j = 0; j < m; j++)
        finite &= isfinite(out->c[j]);
    if (!finite) {
        *why = FIT_WHY_RANGE;
        return -1;
    }
    if (!(drift <= FIT_MAX_DRIFT)) {
        *why = FIT_WHY_DRIFT;
        return -1;
    }
    return 0;
}

double fit_poly_eval(const fit_poly *f, double x)
{
    double v = 0;
    for (int j = f->degree; j >= 0; j--)
        v = v * x + f->c[j];
    return v;
}

/* ---------------------------------------------------------- piecewise */

static const char *plural(size_t n)
{
    return n == 1 ? "" : "s";
}

int fit_piecewise_line(const fit_point *p, size_t n, size_t regimes,
                       const double *breaks, int nbreaks, fit_piecewise *out,
                       diag *d, srcloc at)
{
    return fit_piecewise_weighted(p, n, regimes, breaks, nbreaks,
                                  FIT_WEIGHT_NONE, out, d, at);
}

int fit_piecewise_weighted(const fit_point *p, size_t n, size_t regimes,
                           const double *breaks, int nbreaks,
                           fit_weight weight, fit_piecewise *out, diag *d,
                           srcloc at)
{
    memset(out, 0, sizeof *out);
    int relative = weight == FIT_WEIGHT_RELATIVE;
    double ys = 0;       /* weights (ys/y)^2: relative errors, kept near 1 */
    for (size_t i = 0; i < n; i++) {
        if (relative && !(p[i].y > 0)) {
            diag_error(d, (srcloc){at.file, p[i].line, p[i].col},
                       "the fit is %s", FIT_WHY_NOT_POSITIVE);
            return -1;
        }
        ys = fabs(p[i].y) > ys ? fabs(p[i].y) : ys;
    }
    if (nbreaks >= 0)
        regimes = (size_t)nbreaks + 1;
    if (regimes < 1 || regimes > FIT_MAX_REGIMES) {
        diag_error(d, at, "%zu regimes: from 1 to %d are possible", regimes,
                   FIT_MAX_REGIMES);
        return -1;
    }
    out->regimes = regimes;
    size_t start[FIT_MAX_REGIMES + 1];
    if (nbreaks >= 0) {
        for (size_t k = 0; k + 1 < regimes; k++)
            out->breaks[k] = breaks[k];
        size_t i = 0;
        for (size_t k = 0; k < regimes; k++) {
            start[k] = i;
            while (i < n && (k == regimes - 1 || p[i].x <= breaks[k]))
                i++;
            size_t got = i - start[k];
            if (got >= 2)
                continue;
            char a[32], b[32], range[96];
            if (regimes == 1)
                snprintf(range, sizeof range, "all sizes");
            else if (k == 0)
                snprintf(range, sizeof range, "sizes <= %s",
                         fmt_double(b, breaks[0]));
            else if (k == regimes - 1)
                snprintf(range, sizeof range, "sizes > %s",
                         fmt_double(a, breaks[k - 1]));
            else
                snprintf(range, sizeof range, "sizes > %s and <= %s",
                         fmt_double(a, breaks[k - 1]),
                         fmt_double(b, breaks[k]));
            diag_error(d, at, "regime %zu (%s) has %zu point%s: a line "
                       "needs at least 2", k + 1, range, got, plural(got));
            return -1;
        }
        start[regimes] = n;
    } else {
        if (n < 2 * regimes) {
            if (regimes == 1)
                diag_error(d, at, "a line needs at least 2 points, and there "
                           "%s %zu", n == 1 ? "is" : "are", n);
            else
                diag_error(d, at, "%zu regimes need at least %zu points (2 "
                           "per regime), and there %s %zu", regimes,
                           2 * regimes, n == 1 ? "is" : "are", n);
            return -1;
        }
        double most = floor(sqrt(FIT_MAX_SEARCH / (double)regimes));
        if (regimes > 1 && (double)n > most) {
            diag_error(d, at, "%zu sizes: a search for %zu regimes takes at "
                       "most %.0f (regimes x sizes^2 up to %g); give the "
                       "breakpoints with --breaks", n, regimes, most,
                       FIT_MAX_SEARCH);
            return -1;
        }
        /* best[k][j]: least total SSE of points [0, j) in k + 1 regimes;
         * from[k][j]: where the last of them starts. */
        size_t cols = n + 1;
        double *best = xcalloc(regimes * cols, sizeof *best);
        size_t *from = xcalloc(regimes * cols, sizeof *from);
        for (size_t k = 0; k < regimes; k++)
            for (size_t j = 0; j <= n; j++) {
                best[k * cols + j] = INFINITY;
                if (j < 2 * (k + 1))
                    continue;
                /* The last regime [i, j), grown backwards from j − 1 with
                 * Welford's centred updates, weighted (West 1979;
                 * stable for x ~ 1e7): cyy − cxy²/cxx is the least
                 * weighted SSE of a line through the points so far. */
                double cnt = 0, wsum = 0, mx = 0, my = 0, cxx = 0, cxy = 0,
                       cyy = 0;
                for (size_t i = j; i-- > 0;) {
                    cnt++;
                    double w = relative ? (ys / p[i].y) * (ys / p[i].y) : 1;
                    wsum += w;
                    double dx = p[i].x - mx, dy = p[i].y - my;
                    mx += dx * w / wsum;
                    my += dy * w / wsum;
                    cxx += w * dx * (p[i].x - mx);
                    cxy += w * dx * (p[i].y - my);
                    cyy += w * dy * (p[i].y - my);
                    if (cnt < 2 || i < 2 * k)
                        continue;
                    double sse = cyy - cxy * cxy / cxx;
                    sse = sse > 0 ? sse : 0;
                    double before = k == 0 ? (i == 0 ? 0 : INFINITY)
                                           : best[(k - 1) * cols + i];
                    double total = before + sse;
                    /* <= going down: among equal totals the earliest
                     * start of the last regime, i.e. the smaller
                     * breakpoint, wins. */
                    if (total <= best[k * cols + j]) {
                        best[k * cols + j] = total;
                        from[k * cols + j] = i;
                    }
                }
            }
        size_t j = n;
        int found = !isnan(best[(regimes - 1) * cols + n]);
        start[regimes] = n;
        for (size_t k = regimes; k-- > 0;) {
            start[k] = from[k * cols + j];
            /* Every regime 2 points or more, the first from 0: a NaN
             * (squared errors past the largest double) leaves no path. */
            found &= start[k] + 2 <= j && (k > 0 || start[k] == 0);
            j = start[k];
            if (!found)
                break;
        }
        free(best);
        free(from);
        if (!found) {
            diag_error(d, at, "the breakpoint search failed: the squared "
                       "errors overflow (sizes or times too large)");
            return -1;
        }
        for (size_t k = 0; k + 1 < regimes; k++)
            out->breaks[k] = p[start[k + 1] - 1].x;
    }
    for (size_t k = 0; k < regimes; k++) {
        const char *why;
        out->first[k] = start[k];
        if (fit_polynomial_weighted(p + start[k], start[k + 1] - start[k],
                                    1, weight, &out->line[k], &why) < 0) {
            diag_error(d, (srcloc){at.file, p[start[k]].line,
                                   p[start[k]].col},
                       "the line of regime %zu is %s", k + 1, why);
            return -1;
        }
        out->sse += out->line[k].sse;
    }
    return 0;
}

size_t fit_piecewise_regime(const fit_piecewise *f, double x)
{
    size_t k = 0;
    while (k + 1 < f->regimes && x > f->breaks[k])
        k++;
    return k;
}

double fit_piecewise_eval(const fit_piecewise *f, double x)
{
    return fit_poly_eval(&f->line[fit_piecewise_regime(f, x)], x);
}

/* ------------------------------------------------------------- errors */

const char *const fit_sign_names[] = {"abs", "m-p", "p-m", NULL};
const char *const fit_weight_names[] = {"none", "relative", NULL};

double fit_error(double m, double p, fit_sign s)
{
    if (m == 0)
        return NAN;
    switch (s) {
    case FIT_SIGN_ABS: return fabs(m - p) / m * 100;
    case FIT_SIGN_M_MINUS_P: return (m - p) / m * 100;
    case FIT_SIGN_P_MINUS_M: return (p - m) / m * 100;
    }
    return NAN;
}

/* ---------------------------------------------------------- intervals */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void fit_intervals(const fit_series *s, size_t last, fit_intervals_vec *out)
{
    /* Sizes are grouped and in order in a series (fit_points_of checks
     * it; fit_intervals is called after). */
    size_t n = s->samples.len;
    double *buf = xcalloc(n ? n : 1, sizeof *buf);
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && s->samples.items[j].x == s->samples.items[i].x)
            j++;
        size_t from = last && j - i > last ? j - last : i, k = j - from;
        double mean = 0;   /* running: a sum of huge times overflows */
        for (size_t q = 0; q < k; q++) {
            buf[q] = s->samples.items[from + q].y;
            mean = mean_step(mean, buf[q], q + 1);
        }
        qsort(buf, k, sizeof *buf, cmp_double);
        fit_interval iv = {
            .x = s->samples.items[i].x, .n = k, .min = buf[0],
            .max = buf[k - 1], .mean = mean,
            .median = k % 2 ? buf[k / 2] : buf[k / 2 - 1] / 2 + buf[k / 2] / 2,
        };
        VEC_PUSH(out, iv);
        i = j;
    }
    free(buf);
}
