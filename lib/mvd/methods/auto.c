/* auto.c — --method auto on the compact vectors of the whole chain (the
 * reach and rows algorithms): the method chosen by what the chain shows
 * as the solve runs (solver.h). Each switch is kept in info (the
 * result's switch records); a switch forced by a stall is also said on
 * stderr.
 *
 * 1. One aggregation over the automata and one Gauss-Seidel sweep (iad):
 *    exact on chains whose law is a product over the automata (the
 *    resource-sharing models: 2 iterations at 10^6 states), matrix-free,
 *    at the cost of about one product elsewhere.
 * 2. Else the chain's in-flow rows, when they fit what --max-memory
 *    leaves (o->rows_bytes), and BiCGStab preconditioned by symmetric
 *    Gauss-Seidel on them (bicgstab.c): fixed memory, and the fewest
 *    products measured on the tandem and polling models
 *    (pipelines/solver-suite).
 * 3. When BiCGStab stalls (no halving of the worse of R and B over
 *    AUTO_STALL checks), Gauss-Seidel sweeps from where it stopped: they
 *    converge on any irreducible chain, slowly or not. */
#include <math.h>

#include "mvd/methods/methods.h"

/* Keeps a switch in info; notes it on stderr when `why` is set. */
static void switch_to(solver *s, mvd_method to, const char *why)
{
    mvd_solve_info *in = s->info;
    if (in->nswitch < MVD_MAX_SWITCHES)
        in->switches[in->nswitch++] = (mvd_switch){in->iterations,
                                                   in->method, to};
    if (why)
        diag_note(s->dg, sv_input(s), "--method auto: %s at iteration "
                  "%llu (residual %.3g, balance %.3g): %s from here",
                  why, (unsigned long long)in->iterations, in->residual,
                  in->balance, mvd_method_name(to));
    in->method = to;
    /* E measures the new method's updates only */
    s->updated = 0;
    s->step = s->prev_step = s->rho = 0;
}

int sv_auto(solver *s, double *pi)
{
    const mvd_solve_opts *o = s->o;
    if (s->warm) {
        /* From an iterate that is already good (the smoothing steps of
         * the aggregation over a nearly decomposable chain's parts,
         * chain.c): no aggregation over the automata, no restart from
         * uniform. */
        if (!mvd_reach_rows_view(s->plan))
            mvd_reach_rows(s->plan, o->rows_bytes);
        s->info->method = MVD_BICGSTAB;
        return sv_bicgstab(s, pi);
    }
    mvd_solve_opts probe = *o;
    probe.max_iter = o->max_iter < 2 ? o->max_iter : 2;
    probe.omega = MVD_IAD_OMEGA;
    s->o = &probe;
    s->info->method = MVD_IAD;
    int status = sv_stationary(s, pi);
    s->o = o;
    if (status != 1 || s->info->iterations >= o->max_iter)
        return status;
    /* Not product form. bicgstab goes on from the aggregated iterate,
     * which it reaches the rule from in fewer steps (polling at N = 12:
     * 12 against 68 from uniform; the tandem at K = 15: 65 against 121),
     * unless the aggregation made it worse than uniform. */
    if (!(fmax(s->info->residual, s->info->balance) <= s->start_worse))
        for (size_t k = 0; k < s->sp->len; k++)
            pi[k] = 1.0 / (double)s->sp->len;
    if (!mvd_reach_rows_view(s->plan))
        mvd_reach_rows(s->plan, o->rows_bytes);
    switch_to(s, MVD_BICGSTAB, NULL);
    s->adaptive = 1;
    status = sv_bicgstab(s, pi);
    s->adaptive = 0;
    if (status != 2)
        return status;
    switch_to(s, MVD_GS, "bicgstab stalled");
    /* Damped (SOR at omega < 1): plain Gauss-Seidel can cycle on a
     * singular generator, as iad's sweeps do (PRISM's tandem at c = 300:
     * from bicgstab's iterate, no convergence in 100 000 plain sweeps;
     * 1717 damped ones). */
    mvd_solve_opts sweeps = *o;
    sweeps.omega = MVD_IAD_OMEGA;
    s->o = &sweeps;
    status = sv_stationary(s, pi);
    s->o = o;
    return status;
}
