/* stationary.c — the stationary iterations (solver.h): power, jor,
 * Gauss-Seidel sweeps and iad (sweeps with aggregation over the
 * automata). */
#include <math.h>
#include <stdlib.h>

#include "mvd/methods/methods.h"

/* What jor divides the entry j by: q_jj, or -tiny when it is smaller (a
 * different splitting for those states; the check of the answer is on Q
 * itself). */
static double divisor(const solver *s, uint64_t j)
{
    return s->diag[j] < -s->tiny ? s->diag[j] : -s->tiny;
}

/* Power and jor: pi_j <- pi_j - w_j (pi Q)_j, one product per iteration,
 * which also gives the residual of the iterate before the update. The
 * first iterate is checked with E = 0 (uniform may be exact: nothing
 * moves); after an update, E needs two of them. Gauss-Seidel's sweep
 * needs no product: the residual's is made only where the rule can hold
 * (E, which the sweeps measure, at most tol), at the first iterate (the
 * generator check) and at the last: the same iterates, the same first
 * one that passes. iad alternates an aggregation over the automata
 * (reach_iad.c) with those sweeps, each an update E measures. */
int sv_stationary(solver *s, double *pi)
{
    const mvd_space *sp = s->sp;
    int jor = s->info->method == MVD_JOR;
    int gs = s->info->method == MVD_GS || s->info->method == MVD_IAD;
    mvd_iad *agg = s->info->method == MVD_IAD ? mvd_reach_iad_new(s->plan)
                                              : NULL;
    double sweep_before = INFINITY;
    int status, aggregate = 1;
    s->info->omega = s->o->omega;
    for (;;) {
        if (s->updated)
            s->info->estimate = sv_tail_estimate(s);
        int last = s->info->iterations >= s->o->max_iter;
        if (!gs || !s->updated || s->info->estimate <= s->o->tol || last) {
            if (sv_residual(s, pi) < 0) {
                status = -1;
                break;
            }
            if (sv_converged(s) && (!s->o->fixed_iter || last)) {
                status = 0;
                break;
            }
        }
        if (last) {
            status = 1;
            break;
        }
        double step = 0;
        if (agg && aggregate) {   /* an iteration of iad: this, or a sweep */
            step = mvd_reach_iad_step(agg, sp, pi);
            aggregate = 0;
        } else if (gs) {   /* the product is the residual's only */
            step = mvd_reach_gs_sweep(s->plan, sp, pi, s->diag, s->o->omega);
            /* Aggregation pays by orders of magnitude or not at all
             * (reach_iad.c): once the sweep after one does not halve the
             * sweep's change, the sweeps go on alone; and none after a
             * sweep at the rounding level (nothing to move). */
            if (agg && !(step <= sweep_before / 2)) {
                mvd_reach_iad_free(agg);
                agg = NULL;
            }
            sweep_before = step;
            aggregate = !sv_at_rounding(s, step);
        }
        for (size_t k = 0; k < sp->len && !gs; k++) {
            uint64_t j = mvd_vec_at(sp, k);
            double u = jor ? -s->o->omega * s->y[j] / divisor(s, j)
                           : s->y[j] / s->info->delta;
            pi[j] += u;
            step += fabs(u);
        }
        sv_record_step(s, sv_over_ranks(s, step, MVD_REDUCE_SUM));
        s->info->iterations++;
        if (sv_normalise(s, pi) < 0) {
            status = -1;
            break;
        }
    }
    mvd_reach_iad_free(agg);
    return status;
}
