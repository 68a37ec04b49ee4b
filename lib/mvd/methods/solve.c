/* solve.c — stationary solution of a descriptor over its reachable states
 * with the MVD kernels (seed 004 §4, §8.4; shared/design/SOLVER-NOTES.md;
 * formats/san-result.md defines the methods and the residual). Its
 * results and the text of san-result and vector files are result.c's.
 *
 * Every vector is laid out as sp says (mvd_vec_len: the product space's
 * d->nn entries, or compact, one per reachable state, for --algo reach),
 * and only the reachable entries (mvd_vec_at) are ever read or written
 * here: the others stay zero, and any value the kernels leave there is
 * ignored.
 *
 * Distributed vectors (mvd_layout, under mpirun): the solver runs on a
 * compact space of this rank's states only, and every sum over the
 * states becomes the rank's partial combined by the layout's reduce
 * (over_ranks): one code path, which without a layout is the sequential
 * one, bit for bit. Every branch the solver takes then depends on
 * combined values only, so the ranks take the same ones. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mvd/methods/methods.h"

/* ------------------------------------------------------------- options */

void mvd_solve_defaults(mvd_solve_opts *o)
{
    *o = (mvd_solve_opts){
        .method = MVD_AUTO,
        .tol = MVD_DEFAULT_TOL,
        .max_iter = MVD_DEFAULT_MAX_ITER,
        .omega = MVD_DEFAULT_OMEGA,
        .restart = MVD_DEFAULT_RESTART,
    };
}

static const char *const method_names[] = {"power", "jor", "gmres", "gth",
                                           "gs", "iad", "bicgstab", "auto"};

const char *mvd_method_name(mvd_method m)
{
    return method_names[m];
}

int mvd_method_parse(const char *name, mvd_method *out)
{
    for (size_t i = 0; i < sizeof method_names / sizeof *method_names; i++)
        if (strcmp(name, method_names[i]) == 0) {
            *out = (mvd_method)i;
            return 0;
        }
    return -1;
}

size_t mvd_solve_vectors(const mvd_solve_opts *o)
{
    /* pi, the product, the diagonal; gmres adds the preconditioned
     * vector and its product (its Krylov basis is over the reachable
     * states: mvd_solve_compact_vectors). */
    size_t base = 3;
    return o->method == MVD_GMRES ? base + 2 : base;
}

size_t mvd_solve_compact_vectors(const mvd_solve_opts *o)
{
    if (o->method == MVD_BICGSTAB || (o->method == MVD_AUTO && o->adaptive))
        return 7;
    return o->method == MVD_GMRES ? (size_t)o->restart + 1 : 0;
}

mvd_method mvd_method_for(const mvd_solve_opts *o, size_t states,
                          size_t vectors)
{
    if (o->method != MVD_AUTO)
        return o->method;
    if (states <= MVD_DIRECT_MAX)
        return MVD_GTH;
    if (o->adaptive)
        return MVD_AUTO;
    mvd_solve_opts g = *o;
    g.method = MVD_GMRES;
    return mvd_solve_vectors(&g) <= vectors ? MVD_GMRES : MVD_POWER;
}

/* ------------------------------------------------------------- solver */


/* Where the solver's diagnostics point: the input file. */
srcloc sv_input(const solver *s)
{
    return (srcloc){s->o->file, 0, 0};
}

void sv_multiply(solver *s, const double *x, double *y)
{
    if (s->lay)
        s->lay->multiply(s->lay->ctx, x, y);
    else
        mvd_multiply(s->plan, x, y);
    s->info->multiplications++;
}

/* v[0..n) (partials over this rank's states) combined over the ranks;
 * as they are without a layout. */
void sv_over_ranks_n(const solver *s, double *v, int n, mvd_reduce_op op)
{
    if (s->lay)
        s->lay->reduce(s->lay->ctx, v, n, op);
}

double sv_over_ranks(const solver *s, double v, mvd_reduce_op op)
{
    sv_over_ranks_n(s, &v, 1, op);
    return v;
}

/* The reachable states of the whole chain (every rank's). */
size_t sv_states(const solver *s)
{
    return s->whole->len;
}

double sv_sum_over(const mvd_space *sp, const double *x)
{
    double sum = 0;
    for (size_t k = 0; k < sp->len; k++)
        sum += x[mvd_vec_at(sp, k)];
    return sum;
}

/* The 1-norm over the reachable states. The residual uses it rather than
 * the largest entry: on 10^5 states of probability ~1e-5 each, a largest
 * entry of 1e-9 still allows a total imbalance of 1e-4, and errors of that
 * size in the results (pipelines/san-large measured 4e-5 with the max). */
double sv_l1_over(const mvd_space *sp, const double *x)
{
    double m = 0;
    for (size_t k = 0; k < sp->len; k++)
        m += fabs(x[mvd_vec_at(sp, k)]);
    return m;   /* a nan passes through to the caller */
}

double sv_dot_over(const mvd_space *sp, const double *x, const double *y)
{
    double sum = 0;
    for (size_t k = 0; k < sp->len; k++)
        sum += x[mvd_vec_at(sp, k)] * y[mvd_vec_at(sp, k)];
    return sum;
}

void sv_precondition(const solver *s, const double *in, double *out)
{
    if (!s->lower) {
        for (size_t k = 0; k < s->sp->len; k++)
            out[k] = in[k] / s->diag[k];
        return;
    }
    /* M = (D + U) D^-1 (D + L): a forward sweep's divisor, the diagonal,
     * a backward sweep's */
    mvd_inflow_lower_solve(s->lower, s->diag, in, out);
    for (size_t k = 0; k < s->sp->len; k++)
        out[k] *= s->diag[k];
    mvd_inflow_upper_solve(s->lower, s->diag, out, out);
}

int sv_check(solver *s, const double *pi)
{
    if (sv_residual(s, pi) < 0)
        return -1;
    if (s->updated)
        s->info->estimate = sv_tail_estimate(s);
    if (sv_converged(s))
        return 0;
    return s->info->iterations >= s->o->max_iter ? 1 : 2;
}

int sv_whole_chain(const solver *s)
{
    return s->sp->vlen && !s->sp->pos && !s->lay &&
           mvd_plan_algo(s->plan) == MVD_REACH;
}

const mvd_inflow *sv_lower(const solver *s)
{
    const mvd_inflow *rows = mvd_reach_rows_view(s->plan);
    return sv_whole_chain(s) && rows && rows->n == s->sp->len ? rows : NULL;
}

int sv_polish(solver *s, double *pi)
{
    const mvd_space *sp = s->sp;
    if (!sv_whole_chain(s)) {
        diag_error(s->dg, sv_input(s), "%s stalled: pi Q is 0 in doubles "
                   "while the balance of some state is %.3g, over tol",
                   mvd_method_name(s->info->method), s->info->balance);
        return -1;
    }
    sv_record_step(s, mvd_reach_gs_sweep(s->plan, sp, pi, s->diag, 1));
    s->info->iterations++;
    return 0;
}

/* Scales x to sum 1; -1 when it cannot (a broken-down iterate). */
int sv_normalise(solver *s, double *x)
{
    double sum = sv_over_ranks(s, sv_sum_over(s->sp, x), MVD_REDUCE_SUM);
    if (!isfinite(sum) || sum == 0) {
        diag_error(s->dg, sv_input(s), "%s broke down: the iterate sums to "
                   "%s and cannot be normalised",
                   mvd_method_name(s->info->method),
                   sum == 0 ? "0" : "a value that is not finite");
        return -1;
    }
    for (size_t k = 0; k < s->sp->len; k++)
        x[mvd_vec_at(s->sp, k)] /= sum;
    return 0;
}

/* The rows of a generator sum to zero, so sum_j (pi Q)_j = 0 for any pi.
 * Checked on the first product: a descriptor that is not a generator
 * (Figure 8), or a reachable set that probability leaves, is refused
 * rather than "solved". */
static int check_generator(solver *s)
{
    double v[2] = {sv_sum_over(s->sp, s->y), sv_l1_over(s->sp, s->y)};
    sv_over_ranks_n(s, v, 2, MVD_REDUCE_SUM);
    double sum = v[0], mag = v[1];
    if (fabs(sum) > 1e-9 * (mag + s->info->delta)) {
        diag_error(s->dg, sv_input(s), "not a generator on "
                   "the reachable states: their rows of Q do not sum to zero "
                   "(the uniform vector times Q sums to %g)", sum);
        return -1;
    }
    return 0;
}

/* B of pi (mvd.h) from its product s->y: each state's imbalance
 * relative to its outflow. */
static double balance(const solver *s, const double *pi)
{
    const mvd_space *sp = s->sp;
    double floor = s->o->tol / (double)sv_states(s), b = 0;
    for (size_t k = 0; k < sp->len; k++) {
        uint64_t j = mvd_vec_at(sp, k);
        double p = pi[j] > floor ? pi[j] : floor;
        /* Divided in turn: the product of a subnormal rate and p would
         * underflow to 0, and 0 / 0 is nan. */
        double bj = fabs(s->y[j]) / p / fabs(s->diag[j]);
        if (!(bj <= b))
            b = bj;   /* a nan is kept */
    }
    return sv_over_ranks(s, b, MVD_REDUCE_MAX);
}

/* Whether an update is at the rounding level of pi (1-norm 1: n units
 * of 2^-53). */
int sv_at_rounding(const solver *s, double step)
{
    return step <= (double)sv_states(s) * DBL_EPSILON / 2;
}

/* E of the last update (mvd.h); infinite when the updates do not
 * contract; after the first update, twice its size; 0 when the update is
 * at the rounding level (the ratios are noise there). */
double sv_tail_estimate(const solver *s)
{
    if (sv_at_rounding(s, s->step))
        return 0;
    double rho = s->step / s->prev_step;
    if (s->rho > rho)
        rho = s->rho;   /* the slower of the last two contractions */
    /* The margin of 2 covers contractions that vary from step to step
     * (measured: 1.25 on a nearly decomposable chain, coupling 1e-3). */
    return rho < 1 ? 2 * s->step / (1 - rho) : INFINITY;
}

/* Keeps the 1-norm of an update (power, jor: one iteration; gmres: one
 * cycle) and the contraction of the one before, for E. */
void sv_record_step(solver *s, double step)
{
    s->rho = s->updated && s->prev_step > 0 ? s->step / s->prev_step : 0;
    s->prev_step = s->updated ? s->step : INFINITY;
    s->step = step;
    s->updated = 1;
}

/* Whether pi, whose R, B (and E) are in info, passes the stopping rule. */
int sv_converged(const solver *s)
{
    const mvd_solve_info *in = s->info;
    return in->residual <= s->o->tol && in->balance <= s->o->tol &&
           in->estimate <= s->o->tol;
}

/* s->y = pi * Q, the residual R and balance B of pi (normalised); -1
 * after a diagnostic when they are not finite, or when the first product
 * shows Q is not a generator (pi_0 is uniform then). */
int sv_residual(solver *s, const double *pi)
{
    sv_multiply(s, pi, s->y);
    double r = sv_over_ranks(s, sv_l1_over(s->sp, s->y), MVD_REDUCE_SUM) /
               s->info->delta;
    double b = balance(s, pi);
    if (!isfinite(r) || isnan(b)) {
        /* The reader refuses inf and nan: finite rates whose sums pass
         * the largest double are the cause (issue 26). */
        diag_error(s->dg, sv_input(s), "the residual of %s is past the "
                   "largest double: the descriptor's rates are too large "
                   "(a state's outflow, or the product of a vector and the "
                   "descriptor, passes it); give them in a larger time unit",
                   mvd_method_name(s->info->method));
        return -1;
    }
    if (s->info->multiplications == 1 && check_generator(s) < 0)
        return -1;
    s->info->residual = r;
    s->info->balance = b;
    if (!s->updated)
        s->start_worse = fmax(r, b);
    if (s->o->progress)
        s->o->progress(s->o->progress_ctx, s->info->iterations, r);
    return 0;
}

/* The error of setup_diagonal at position k of the whole space (the
 * element computed again: with distributed vectors, another rank may
 * hold it). -1. */
static int not_negative(const solver *s, size_t k)
{
    double q;
    uint64_t at = s->whole->idx[k];
    mvd_space one = {.idx = &at, .len = 1, .vlen = 1};
    if (s->lay)
        mvd_diagonal_over(s->plan, &one, &q);
    else
        q = s->diag[mvd_vec_at(s->sp, k)];
    char text[32];
    snprintf(text, sizeof text, isnan(q) ? "nan" : "%g", q);
    diag_error(s->dg, sv_input(s), "not a generator: diagonal element %s at "
               "state %llu is not negative", text, (unsigned long long)at);
    return -1;
}

/* Delta from the diagonal, and the diagonal the jor and gmres divide by;
 * -1 when a diagonal element is positive (not a generator). */
static int setup_diagonal(solver *s)
{
    /* A plan that holds the diagonal in the vectors' layout (reach) lends
     * it when no entry is 0 (only those are changed below): one vector of
     * the reachable states less. */
    const double *view = mvd_plan_diagonal_view(s->plan);
    int zero = !view;
    for (size_t k = 0; view && k < s->sp->len && !zero; k++)
        zero = view[mvd_vec_at(s->sp, k)] == 0;
    if (!zero) {
        s->diag = (double *)view;
        s->shared_diag = 1;
    } else {
        s->diag = xcalloc(s->nn, sizeof *s->diag);
        if (s->lay)   /* this rank's states */
            mvd_diagonal_over(s->plan, s->sp, s->diag);
        else
            mvd_diagonal(s->plan, s->diag);
    }
    /* The largest |q_jj|, and (negated, so that both are maxima over the
     * ranks) the first position whose q_jj is not negative. */
    double v[2] = {-INFINITY, 0};
    size_t first = s->lay ? s->lay->klo : 0;
    for (size_t k = 0; k < s->sp->len; k++) {
        double q = s->diag[mvd_vec_at(s->sp, k)];
        if (!(q <= 0)) {
            v[0] = -(double)(first + k);
            break;
        }
        if (-q > v[1])
            v[1] = -q;
    }
    sv_over_ranks_n(s, v, 2, MVD_REDUCE_MAX);
    if (v[0] > -INFINITY)
        return not_negative(s, (size_t)-v[0]);
    double m = v[1];
    /* A Q that is zero on the reachable states: every vector is
     * stationary, and any positive Delta measures residuals. */
    s->info->delta = m > 0 ? m * MVD_DELTA_FACTOR : 1;
    for (size_t k = 0; k < s->sp->len; k++)
        if (s->diag[mvd_vec_at(s->sp, k)] == 0)
            s->diag[mvd_vec_at(s->sp, k)] = -s->info->delta;
    /* |pi Q| is at most 2 Delta: divided by at least max(Delta 2^-900,
     * DBL_MIN), jor's update does not overflow (a subnormal rate, 4e-320
     * next to 1, gave inf). gmres keeps the diagonal as it is: with the
     * floor there its cycles did not end on that chain (not understood
     * yet), so it breaks down with a message instead. */
    s->tiny = fmax(s->info->delta * 0x1p-900, DBL_MIN);
    return 0;
}


/* gth, then the check every method ends with: 1 when it fails. */
static int direct(solver *s, const desc *d, double *pi)
{
    if (mvd_gth(d, s->sp, pi, s->dg, sv_input(s)) < 0 || sv_residual(s, pi) < 0)
        return -1;
    return sv_converged(s) ? 0 : 1;
}

int mvd_check_generator(mvd_plan *p, const desc *d, const mvd_space *sp,
                        const mvd_solve_opts *o, double *scratch, diag *dg)
{
    mvd_solve_info info = {.method = mvd_method_for(o, sp->len, SIZE_MAX)};
    uint64_t nn = mvd_vec_len(d, sp);
    solver s = {p, sp, o, &info, dg, nn, xcalloc(nn, sizeof(double)), NULL,
                0, 0, 0, 0, 0, 1, 0, NULL, sp, NULL, 0, 0, 0};
    int status = -1;
    if (setup_diagonal(&s) == 0) {
        memset(scratch, 0, sizeof *scratch * nn);
        for (size_t k = 0; k < sp->len; k++)
            scratch[mvd_vec_at(sp, k)] = 1.0 / (double)sp->len;
        sv_multiply(&s, scratch, s.y);
        status = check_generator(&s);
    }
    free(s.y);
    if (!s.shared_diag)
        free(s.diag);
    return status;
}

/* mvd_solve from pi (warm: pi over sp, zero elsewhere) or from the
 * uniform vector. */
static int solve_from(mvd_plan *p, const desc *d, const mvd_space *sp,
                      const mvd_solve_opts *o, double *pi,
                      mvd_solve_info *info, diag *dg, int warm)
{
    *info = (mvd_solve_info){.method = mvd_method_for(o, sp->len,
                                                      SIZE_MAX)};
    const mvd_layout *lay = o->layout;
    /* distributed: this rank's states, compact */
    mvd_space part = {0};
    if (lay)
        part = (mvd_space){.idx = lay->khi > lay->klo ? sp->idx + lay->klo
                                                      : NULL,
                           .len = lay->khi - lay->klo,
                           .vlen = lay->khi - lay->klo + 1};
    const mvd_space *on = lay ? &part : sp;
    uint64_t nn = mvd_vec_len(d, on);
    solver s = {p, on, o, info, dg, nn, xcalloc(nn, sizeof(double)), NULL,
                0, 0, 0, 0, 0, 1, 0, lay, sp, NULL, 0, warm, 0};
    if (!warm)
        memset(pi, 0, sizeof *pi * nn);
    int status = -1;
    if (sp->len == 0) {
        diag_error(dg, (srcloc){o->file, 0, 0}, "no reachable state: "
                   "nothing to solve");
    } else if (setup_diagonal(&s) == 0) {
        for (size_t k = 0; k < on->len && !warm; k++)   /* pi_0 uniform */
            pi[mvd_vec_at(on, k)] = 1.0 / (double)sp->len;
        switch (info->method) {
        case MVD_GMRES: status = sv_gmres(&s, pi); break;
        case MVD_GTH: status = direct(&s, d, pi); break;
        case MVD_AUTO:   /* adaptive: on the whole chain, else gmres */
            if (sv_whole_chain(&s)) {
                status = sv_auto(&s, pi);
                break;
            }
            info->method = MVD_GMRES;
            status = sv_gmres(&s, pi);
            break;
        case MVD_BICGSTAB:
            if (sv_whole_chain(&s)) {
                status = sv_bicgstab(&s, pi);
                break;
            }
            diag_error(dg, sv_input(&s), "bicgstab solves over the "
                       "compact vectors of --algo reach or rows, on the "
                       "whole chain only");
            break;
        default: status = sv_stationary(&s, pi); break;
        }
    }
    info->converged = status == 0;
    free(s.y);
    if (!s.shared_diag)
        free(s.diag);
    return status;
}

int mvd_solve(mvd_plan *p, const desc *d, const mvd_space *sp,
              const mvd_solve_opts *o, double *pi, mvd_solve_info *info,
              diag *dg)
{
    return solve_from(p, d, sp, o, pi, info, dg, 0);
}

int mvd_solve_warm(mvd_plan *p, const desc *d, const mvd_space *sp,
                   const mvd_solve_opts *o, double *pi,
                   mvd_solve_info *info, diag *dg)
{
    return solve_from(p, d, sp, o, pi, info, dg, 1);
}
