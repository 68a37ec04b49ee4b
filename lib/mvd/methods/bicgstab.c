/* bicgstab.c — BiCGStab (van der Vorst 1992) for pi Q = 0 (solver.h),
 * right-preconditioned like gmres: by the lower part of the in-flow rows
 * (Gauss-Seidel) when the plan stores them, else by the diagonal.
 *
 * Why beside gmres: its memory is fixed, whatever the
 * chain (seven compact vectors), where gmres(m) keeps m + 1 and, restarted, can stall on chains
 * that mix slowly (an open tandem with blocking: gmres(30) took 839
 * steps at K = 15 where this takes far fewer products, SOLVER-NOTES).
 *
 * It runs in cycles: from pi, it solves e Q = -pi Q for the correction e
 * until its recurred residual is below inner tol Delta (or it breaks
 * down: rho or the denominator 0), adds e, normalises, and the shared
 * rule checks the true residual; a cycle the rule refuses makes the next
 * aim lower, as gmres's do. Compact vectors of the whole space only (the
 * reach and rows algorithms): solve_from refuses the others. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mvd/methods/methods.h"

static double dot(const double *a, const double *b, size_t n)
{
    double sum = 0;
    for (size_t k = 0; k < n; k++)
        sum += a[k] * b[k];
    return sum;
}

/* Seven vectors: the residual, the shadow residual, the direction, its
 * product, the preconditioned input of either product (y), the second
 * product, and the correction summed. */
typedef struct {
    double *r, *rh, *p, *v, *y, *t, *e;
} vectors;

/* The residual weighted as the balance B weighs it (mvd.h): state k's
 * divided by |q_kk| max(pi_k, tol / n), so that a cycle's 2-norm bounds
 * B of its iterate. Unweighted, a cycle met the 2-norm in 119 steps on
 * the tandem of 10^6 states, with B still 1e-3 at states of tiny
 * probability, and 1600 sweeps followed. This is 1 / the weight. */
static inline double unweight(const solver *s, const double *pi, size_t k,
                              double floor)
{
    return fabs(s->diag[k]) * (pi[k] > floor ? pi[k] : floor);
}

/* out = (in W^-1) M^-1 Q W, with (in W^-1) M^-1 in y: one step's product
 * in the weighted residual's terms (W the weights, from pi). */
static void weighted_product(solver *s, const double *pi, double floor,
                             const double *in, double *y, double *out)
{
    size_t n = s->sp->len;
    for (size_t k = 0; k < n; k++)
        y[k] = in[k] * unweight(s, pi, k, floor);
    sv_precondition(s, y, y);
    sv_multiply(s, y, out);
    for (size_t k = 0; k < n; k++)
        out[k] /= unweight(s, pi, k, floor);
}

/* Steps without the residual's best norm halving after which a cycle
 * ends: it has stagnated (at rounding, on a chain BiCGStab does not
 * suit), and the sweeps or the next cycle go on from where it is. */
#define STAGNATION 40

/* Checks of the iterate without the worse of R and B halving after which
 * --method auto stops it (auto.c). */
#define AUTO_STALL 6

/* One cycle from pi, whose product is in s->y: pi += the correction,
 * whose 1-norm is recorded as the update. The steps it made; 0 when pi Q
 * is already below the target, or the cycle did not lower its residual
 * (its correction is then dropped). */
static int cycle(solver *s, double *pi, const vectors *w)
{
    size_t n = s->sp->len;
    double *r = w->r, *rh = w->rh, *p = w->p, *v = w->v, *y = w->y,
           *t = w->t, *e = w->e;
    /* The first cycle weighs every state as if pi were uniform: pi may
     * come from an aggregation (auto.c, chain.c) whose small
     * probabilities are far off (on the tandem of 10^6 states it stalled
     * from there; on the stiff model of 97336 states, weighed by pi from
     * the first cycle, the smoothing between aggregations took 4104
     * steps where this takes 913). */
    double floor = (s->updated ? s->o->tol : 1) / (double)sv_states(s);
    for (size_t k = 0; k < n; k++)
        r[k] = rh[k] = -s->y[k] / unweight(s, pi, k, floor);
    memset(p, 0, n * sizeof *p);
    memset(v, 0, n * sizeof *v);
    memset(e, 0, n * sizeof *e);
    double rho = 1, alpha = 1, omega = 1;
    double target = s->inner * s->o->tol;
    double start = sqrt(dot(r, r, n)), norm = start, best = start;
    if (!(start > target))
        return 0;
    int steps = 0, since_best = 0;
    while (s->info->iterations < s->o->max_iter && norm > target &&
           since_best < STAGNATION) {
        double rho1 = dot(rh, r, n);
        if (rho1 == 0 || !isfinite(rho1))
            break;   /* breakdown: the next cycle starts afresh */
        double beta = rho1 / rho * (alpha / omega);
        for (size_t k = 0; k < n; k++)
            p[k] = r[k] + beta * (p[k] - omega * v[k]);
        weighted_product(s, pi, floor, p, y, v);
        s->info->iterations++;
        steps++;
        double den = dot(rh, v, n);
        if (den == 0 || !isfinite(den))
            break;
        alpha = rho1 / den;
        for (size_t k = 0; k < n; k++) {
            r[k] -= alpha * v[k];
            e[k] += alpha * y[k];
        }
        norm = sqrt(dot(r, r, n));
        if (norm > target) {
            weighted_product(s, pi, floor, r, y, t);
            double tt = dot(t, t, n);
            omega = tt > 0 ? dot(t, r, n) / tt : 0;
            if (omega == 0 || !isfinite(omega))
                break;
            for (size_t k = 0; k < n; k++) {
                e[k] += omega * y[k];
                r[k] -= omega * t[k];
            }
            norm = sqrt(dot(r, r, n));
        }
        rho = rho1;
        if (norm <= best / 2) {
            best = norm;
            since_best = 0;
        } else {
            since_best++;
        }
    }
    double step = 0;
    for (size_t k = 0; k < n; k++)
        step += fabs(e[k]);
    if (!(norm < start) || !isfinite(step))
        return 0;   /* no better: dropped */
    for (size_t k = 0; k < n; k++)
        pi[k] += e[k];
    sv_record_step(s, step);
    return steps;
}

int sv_bicgstab(solver *s, double *pi)
{
    size_t n = s->sp->len, len = n + 1;
    s->lower = sv_lower(s);
    vectors w;
    double **all[] = {&w.r, &w.rh, &w.p, &w.v, &w.y, &w.t, &w.e};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        *all[i] = xcalloc(len, sizeof(double));
    int status, stalled = 0;
    double best = INFINITY;
    s->inner = 1;
    for (;;) {
        if ((status = sv_check(s, pi)) != 2)
            break;
        double worse = fmax(s->info->residual, s->info->balance);
        if (worse <= best / 2) {
            best = worse;
            stalled = 0;
        } else if (s->adaptive && ++stalled >= AUTO_STALL) {
            status = 2;
            break;
        }
        /* R and B met, E not (the last cycle's update was large): a
         * sweep, whose update E then measures. Else a cycle, aiming lower
         * when the rule refused the last one's iterate. */
        int balanced = s->updated && s->info->residual <= s->o->tol &&
                       s->info->balance <= s->o->tol;
        if (s->updated && !balanced)
            s->inner = fmax(s->inner * 1e-2, 1e-4);
        if ((balanced || cycle(s, pi, &w) == 0) &&
            (status = sv_polish(s, pi)) < 0)
            break;
        if ((status = sv_normalise(s, pi)) < 0)
            break;
    }
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        free(*all[i]);
    return status;
}
