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

#include "mvd/mvd.h"

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
                                           "gs", "iad", "auto"};

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
    return o->method == MVD_GMRES ? (size_t)o->restart + 1 : 0;
}

mvd_method mvd_method_for(const mvd_solve_opts *o, size_t states,
                          size_t vectors)
{
    if (o->method != MVD_AUTO)
        return o->method;
    if (states <= MVD_DIRECT_MAX)
        return MVD_GTH;
    mvd_solve_opts g = *o;
    g.method = MVD_GMRES;
    return mvd_solve_vectors(&g) <= vectors ? MVD_GMRES : MVD_POWER;
}

/* ------------------------------------------------------------- solver */

typedef struct {
    mvd_plan *plan;
    const mvd_space *sp;
    const mvd_solve_opts *o;
    mvd_solve_info *info;
    diag *dg;
    uint64_t nn;     /* length of every vector */
    double *y;       /* the last product */
    double *diag;    /* q_jj, with -delta where it is 0 (jor, gmres) */
    double tiny;     /* the least |divisor| jor takes (divisor) */
    double step, prev_step;   /* 1-norms of the last two updates */
    double rho;               /* the contraction before them */
    int updated;              /* step holds an update */
    double inner;             /* gmres: a cycle ends when its residual
                                 estimate is below inner tol Delta */
    int shared_diag;          /* diag is the plan's (not ours to free) */
    const mvd_layout *lay;    /* distributed vectors, or NULL */
    const mvd_space *whole;   /* the space solved over: sp, or (lay) the
                                 space whose part on this rank sp is */
} solver;

/* Where the solver's diagnostics point: the input file. */
static srcloc input(const solver *s)
{
    return (srcloc){s->o->file, 0, 0};
}

static void multiply(solver *s, const double *x, double *y)
{
    if (s->lay)
        s->lay->multiply(s->lay->ctx, x, y);
    else
        mvd_multiply(s->plan, x, y);
    s->info->multiplications++;
}

/* v[0..n) (partials over this rank's states) combined over the ranks;
 * as they are without a layout. */
static void over_ranks_n(const solver *s, double *v, int n, mvd_reduce_op op)
{
    if (s->lay)
        s->lay->reduce(s->lay->ctx, v, n, op);
}

static double over_ranks(const solver *s, double v, mvd_reduce_op op)
{
    over_ranks_n(s, &v, 1, op);
    return v;
}

/* The reachable states of the whole chain (every rank's). */
static size_t states(const solver *s)
{
    return s->whole->len;
}

static double sum_over(const mvd_space *sp, const double *x)
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
static double l1_over(const mvd_space *sp, const double *x)
{
    double m = 0;
    for (size_t k = 0; k < sp->len; k++)
        m += fabs(x[mvd_vec_at(sp, k)]);
    return m;   /* a nan passes through to the caller */
}

static double dot_over(const mvd_space *sp, const double *x, const double *y)
{
    double sum = 0;
    for (size_t k = 0; k < sp->len; k++)
        sum += x[mvd_vec_at(sp, k)] * y[mvd_vec_at(sp, k)];
    return sum;
}

/* Scales x to sum 1; -1 when it cannot (a broken-down iterate). */
static int normalise(solver *s, double *x)
{
    double sum = over_ranks(s, sum_over(s->sp, x), MVD_REDUCE_SUM);
    if (!isfinite(sum) || sum == 0) {
        diag_error(s->dg, input(s), "%s broke down: the iterate sums to "
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
    double v[2] = {sum_over(s->sp, s->y), l1_over(s->sp, s->y)};
    over_ranks_n(s, v, 2, MVD_REDUCE_SUM);
    double sum = v[0], mag = v[1];
    if (fabs(sum) > 1e-9 * (mag + s->info->delta)) {
        diag_error(s->dg, input(s), "not a generator on "
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
    double floor = s->o->tol / (double)states(s), b = 0;
    for (size_t k = 0; k < sp->len; k++) {
        uint64_t j = mvd_vec_at(sp, k);
        double p = pi[j] > floor ? pi[j] : floor;
        /* Divided in turn: the product of a subnormal rate and p would
         * underflow to 0, and 0 / 0 is nan. */
        double bj = fabs(s->y[j]) / p / fabs(s->diag[j]);
        if (!(bj <= b))
            b = bj;   /* a nan is kept */
    }
    return over_ranks(s, b, MVD_REDUCE_MAX);
}

/* Whether an update is at the rounding level of pi (1-norm 1: n units
 * of 2^-53). */
static int at_rounding(const solver *s, double step)
{
    return step <= (double)states(s) * DBL_EPSILON / 2;
}

/* E of the last update (mvd.h); infinite when the updates do not
 * contract; after the first update, twice its size; 0 when the update is
 * at the rounding level (the ratios are noise there). */
static double tail_estimate(const solver *s)
{
    if (at_rounding(s, s->step))
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
static void record_step(solver *s, double step)
{
    s->rho = s->updated && s->prev_step > 0 ? s->step / s->prev_step : 0;
    s->prev_step = s->updated ? s->step : INFINITY;
    s->step = step;
    s->updated = 1;
}

/* Whether pi, whose R, B (and E) are in info, passes the stopping rule. */
static int converged(const solver *s)
{
    const mvd_solve_info *in = s->info;
    return in->residual <= s->o->tol && in->balance <= s->o->tol &&
           in->estimate <= s->o->tol;
}

/* s->y = pi * Q, the residual R and balance B of pi (normalised); -1
 * after a diagnostic when they are not finite, or when the first product
 * shows Q is not a generator (pi_0 is uniform then). */
static int residual(solver *s, const double *pi)
{
    multiply(s, pi, s->y);
    double r = over_ranks(s, l1_over(s->sp, s->y), MVD_REDUCE_SUM) /
               s->info->delta;
    double b = balance(s, pi);
    if (!isfinite(r) || isnan(b)) {
        /* The reader refuses inf and nan: finite rates whose sums pass
         * the largest double are the cause (issue 26). */
        diag_error(s->dg, input(s), "the residual of %s is past the "
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
    diag_error(s->dg, input(s), "not a generator: diagonal element %s at "
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
    over_ranks_n(s, v, 2, MVD_REDUCE_MAX);
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
static int stationary_iteration(solver *s, double *pi)
{
    const mvd_space *sp = s->sp;
    int jor = s->info->method == MVD_JOR;
    int gs = s->info->method == MVD_GS || s->info->method == MVD_IAD;
    mvd_iad *agg = s->info->method == MVD_IAD ? mvd_reach_iad_new(s->plan)
                                              : NULL;
    double sweep_before = INFINITY;
    int status, aggregate = 1;
    for (;;) {
        if (s->updated)
            s->info->estimate = tail_estimate(s);
        int last = s->info->iterations >= s->o->max_iter;
        if (!gs || !s->updated || s->info->estimate <= s->o->tol || last) {
            if (residual(s, pi) < 0) {
                status = -1;
                break;
            }
            if (converged(s) && (!s->o->fixed_iter || last)) {
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
            aggregate = !at_rounding(s, step);
        }
        for (size_t k = 0; k < sp->len && !gs; k++) {
            uint64_t j = mvd_vec_at(sp, k);
            double u = jor ? -s->o->omega * s->y[j] / divisor(s, j)
                           : s->y[j] / s->info->delta;
            pi[j] += u;
            step += fabs(u);
        }
        record_step(s, over_ranks(s, step, MVD_REDUCE_SUM));
        s->info->iterations++;
        if (normalise(s, pi) < 0) {
            status = -1;
            break;
        }
    }
    mvd_reach_iad_free(agg);
    return status;
}

/* One GMRES cycle of at most m steps from pi, whose product is in s->y:
 * minimises ||(pi + z D^-1) Q||_2 over z in the Krylov space of
 * v -> (v D^-1) Q started at r0 = -pi Q (right preconditioning by the
 * diagonal D keeps the residual the true one). */
/* The Krylov basis v[] is compact (one entry per reachable state, in the
 * order of sp: v[i][k] is state sp->idx[k]), so that its m + 1 vectors
 * take |sp| doubles each rather than the product space's nn (issue 12:
 * 23 M product states for 1 M reachable); the product goes through the
 * product-space vectors z and wf (compact vectors: z and the basis
 * itself, gmres below). The sums run over k in the same order as over
 * sp before, so the iterates are the same bits. */
/* gmres's passes over its compact vectors, on the plan's threads: each
 * a loop over [lo, hi) that may sum something; with two threads the two
 * halves' sums are added in that order (the last digits then differ from
 * one thread's; the same run to run). */
typedef struct {
    const mvd_space *sp;
    size_t lo, hi;
    double *w, *z, *pi;
    const double *a, *b, *diag, *g;
    double *const *v;
    double h;          /* the multiple of a taken off w; the norm */
    int steps;
    double sum;
} pass;

/* sum = w . a */
static void *dot_pass(void *arg)
{
    pass *p = arg;
    double sum = 0;
    for (size_t k = p->lo; k < p->hi; k++)
        sum += p->w[k] * p->a[k];
    p->sum = sum;
    return NULL;
}

/* w -= h a, and sum = (the new w) . b */
static void *subtract_pass(void *arg)
{
    pass *p = arg;
    double sum = 0, h = p->h;
    for (size_t k = p->lo; k < p->hi; k++) {
        p->w[k] -= h * p->a[k];
        sum += p->w[k] * p->b[k];
    }
    p->sum = sum;
    return NULL;
}

/* w /= h (the norm), and z = w / diag in the vectors' layout */
static void *scale_pass(void *arg)
{
    pass *p = arg;
    for (size_t k = p->lo; k < p->hi; k++) {
        uint64_t q = mvd_vec_at(p->sp, k);
        p->w[k] /= p->h;
        p->z[q] = p->w[k] / p->diag[q];
    }
    return NULL;
}

/* pi += (sum of g_i v_i) / diag, and sum = the 1-norm of that step */
static void *update_pass(void *arg)
{
    pass *p = arg;
    double step = 0;
    for (size_t k = p->lo; k < p->hi; k++) {
        uint64_t q = mvd_vec_at(p->sp, k);
        double u = 0;
        for (int i = 0; i < p->steps; i++)
            u += p->g[i] * p->v[i][k];
        p->pi[q] += u / p->diag[q];
        step += fabs(u / p->diag[q]);
    }
    p->sum = step;
    return NULL;
}

/* fn over [0, n) on `threads` (two halves when 2): the sum. */
static double run_pass(void *(*fn)(void *), pass p, size_t n, int threads)
{
    if (threads < 2) {
        p.lo = 0;
        p.hi = n;
        fn(&p);
        return p.sum;
    }
    pass b = p;
    p.lo = 0;
    p.hi = b.lo = n / 2;
    b.hi = n;
    run_both(fn, &p, &b, 2);
    return p.sum + b.sum;
}

static void gmres_cycle(solver *s, double *pi, double **v, double *z,
                        double *wf, double *h, double *cs, double *sn,
                        double *g, int m)
{
    const mvd_space *sp = s->sp;
    size_t n = sp->len;
    int threads = mvd_plan_threads(s->plan);
    double beta = sqrt(over_ranks(s, dot_over(sp, s->y, s->y),
                                  MVD_REDUCE_SUM));
    if (beta == 0) {   /* pi is exact: nothing to do */
        record_step(s, 0);
        return;
    }
    for (size_t k = 0; k < n; k++)
        v[0][k] = -s->y[mvd_vec_at(sp, k)] / beta;
    memset(g, 0, sizeof *g * (size_t)(m + 1));
    g[0] = beta;
    /* h is (m + 1) x m, column-major: h[i + col * (m + 1)]. */
#define H(i, col) h[(i) + (size_t)(col) * (size_t)(m + 1)]
    int steps = 0, z_ready = 0;
    while (steps < m && s->info->iterations < s->o->max_iter) {
        int j = steps;
        for (size_t k = 0; k < n && !z_ready; k++)
            z[mvd_vec_at(sp, k)] = v[j][k] / s->diag[mvd_vec_at(sp, k)];
        double *w = v[j + 1];
        if (wf) {
            multiply(s, z, wf);
            for (size_t k = 0; k < n; k++)
                w[k] = wf[mvd_vec_at(sp, k)];
        } else {
            multiply(s, z, w);   /* compact: the basis is the layout */
        }
        s->info->iterations++;
        steps++;
        /* Modified Gram-Schmidt against the basis so far, each
         * subtraction fused with the next dot product (and the last with
         * the norm): the same operations in the same order, so the same
         * bits, in half the passes over the vectors. */
        double next_dot = over_ranks(s, run_pass(dot_pass, (pass){.w = w,
                                                 .a = v[0]}, n, threads),
                                     MVD_REDUCE_SUM);
        for (int i = 0; i <= j; i++) {
            H(i, j) = next_dot;
            pass sub = {.w = w, .a = v[i], .b = i < j ? v[i + 1] : w,
                        .h = H(i, j)};
            next_dot = over_ranks(s, run_pass(subtract_pass, sub, n,
                                              threads), MVD_REDUCE_SUM);
        }
        H(j + 1, j) = sqrt(next_dot);
        double norm = H(j + 1, j);
        /* Givens rotations turn H into upper triangular form. */
        for (int i = 0; i < j; i++) {
            double a = H(i, j), b = H(i + 1, j);
            H(i, j) = cs[i] * a + sn[i] * b;
            H(i + 1, j) = -sn[i] * a + cs[i] * b;
        }
        double a = H(j, j), b = H(j + 1, j), r = hypot(a, b);
        cs[j] = r > 0 ? a / r : 1;
        sn[j] = r > 0 ? b / r : 0;
        H(j, j) = r;
        H(j + 1, j) = 0;
        g[j + 1] = -sn[j] * g[j];
        g[j] = cs[j] * g[j];
        if (norm == 0 ||
            fabs(g[j + 1]) <= s->inner * s->o->tol * s->info->delta)
            break;   /* exact in this space, or small enough to check */
        /* The next step's input with the scaling, in one pass. */
        run_pass(scale_pass, (pass){.sp = sp, .w = w, .z = z,
                                    .diag = s->diag, .h = norm}, n, threads);
        z_ready = 1;
    }
    /* Back substitution; a zero pivot (Q is singular) drops its
     * direction instead of dividing by it. */
    for (int i = steps - 1; i >= 0; i--) {
        double t = g[i];
        for (int c = i + 1; c < steps; c++)
            t -= H(i, c) * g[c];
        g[i] = H(i, i) != 0 ? t / H(i, i) : 0;
    }
    double step = run_pass(update_pass, (pass){.sp = sp, .pi = pi,
                                                .diag = s->diag, .g = g,
                                                .v = v, .steps = steps},
                           n, threads);
    record_step(s, over_ranks(s, step, MVD_REDUCE_SUM));
#undef H
}

static int gmres(solver *s, double *pi)
{
    int m = s->o->restart;
    uint64_t nn = s->nn;
    size_t n = s->sp->len ? s->sp->len : 1;
    /* Compact vectors of the whole space (reach) have the basis's
     * layout and one spare entry: the products go straight into the
     * basis. z, the scaled input, lives in s->y, which a cycle reads only
     * before its first product (r0) and the next residual rewrites. */
    int direct = s->sp->vlen && !s->sp->pos;
    double **v = xmalloc(sizeof *v * (size_t)(m + 1));
    for (int i = 0; i <= m; i++)
        v[i] = xcalloc(direct ? nn : n, sizeof **v);
    double *z = direct ? NULL : xcalloc(nn, sizeof *z);
    double *wf = direct ? NULL : xcalloc(nn, sizeof *wf);
    double *h = xcalloc((size_t)(m + 1) * (size_t)m, sizeof *h);
    double *cs = xmalloc(sizeof *cs * (size_t)m);
    double *sn = xmalloc(sizeof *sn * (size_t)m);
    double *g = xmalloc(sizeof *g * (size_t)(m + 1));
    int status;
    s->inner = 1;
    for (;;) {
        if ((status = residual(s, pi)) < 0)
            break;
        if (s->updated)
            s->info->estimate = tail_estimate(s);
        if (converged(s)) {
            status = 0;
            break;
        }
        if (s->info->iterations >= s->o->max_iter) {
            status = 1;
            break;
        }
        /* A cycle whose own estimate met tol but whose iterate the rule
         * refused (its balance per state, or the tail E of short cycles,
         * is stricter than a 2-norm): the next ones aim lower, down to
         * 1e-4 of it. Without this, cycles of one or two steps crept on
         * the heterogeneous sharing model (224 products against 66; the
         * first cycle, which suffices on easy chains, is unchanged). */
        if (s->updated)
            s->inner = fmax(s->inner * 1e-2, 1e-4);
        gmres_cycle(s, pi, v, z ? z : s->y, wf, h, cs, sn, g, m);
        if ((status = normalise(s, pi)) < 0)
            break;
    }
    for (int i = 0; i <= m; i++)
        free(v[i]);
    free(v);
    free(z);
    free(wf);
    free(h);
    free(cs);
    free(sn);
    free(g);
    return status;
}

/* gth, then the check every method ends with: 1 when it fails. */
static int direct(solver *s, const desc *d, double *pi)
{
    if (mvd_gth(d, s->sp, pi, s->dg, input(s)) < 0 || residual(s, pi) < 0)
        return -1;
    return converged(s) ? 0 : 1;
}

int mvd_check_generator(mvd_plan *p, const desc *d, const mvd_space *sp,
                        const mvd_solve_opts *o, double *scratch, diag *dg)
{
    mvd_solve_info info = {.method = mvd_method_for(o, sp->len, SIZE_MAX)};
    uint64_t nn = mvd_vec_len(d, sp);
    solver s = {p, sp, o, &info, dg, nn, xcalloc(nn, sizeof(double)), NULL,
                0, 0, 0, 0, 0, 1, 0, NULL, sp};
    int status = -1;
    if (setup_diagonal(&s) == 0) {
        memset(scratch, 0, sizeof *scratch * nn);
        for (size_t k = 0; k < sp->len; k++)
            scratch[mvd_vec_at(sp, k)] = 1.0 / (double)sp->len;
        multiply(&s, scratch, s.y);
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
                0, 0, 0, 0, 0, 1, 0, lay, sp};
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
        case MVD_GMRES: status = gmres(&s, pi); break;
        case MVD_GTH: status = direct(&s, d, pi); break;
        default: status = stationary_iteration(&s, pi); break;
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
