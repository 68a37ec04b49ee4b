/* gmres.c — restarted GMRES (solver.h), right-preconditioned by the
 * diagonal, or by the lower part of the in-flow rows (Gauss-Seidel) when
 * the plan stores them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mvd/methods/methods.h"

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

/* w /= h (the norm), and z = w / diag in the vectors' layout (unless z
 * is NULL: the Gauss-Seidel preconditioner's) */
static void *scale_pass(void *arg)
{
    pass *p = arg;
    for (size_t k = p->lo; k < p->hi; k++) {
        uint64_t q = mvd_vec_at(p->sp, k);
        p->w[k] /= p->h;
        if (p->z)
            p->z[q] = p->w[k] / p->diag[q];
    }
    return NULL;
}

/* z = sum of g_i v_i (the Gauss-Seidel preconditioner's update, before
 * it is applied) */
static void *combine_pass(void *arg)
{
    pass *p = arg;
    for (size_t k = p->lo; k < p->hi; k++) {
        double u = 0;
        for (int i = 0; i < p->steps; i++)
            u += p->g[i] * p->v[i][k];
        p->z[k] = u;
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

static int gmres_cycle(solver *s, double *pi, double **v, double *z,
                       double *wf, double *h, double *cs, double *sn,
                       double *g, int m)
{
    const mvd_space *sp = s->sp;
    size_t n = sp->len;
    int threads = mvd_plan_threads(s->plan);
    double beta = sqrt(sv_over_ranks(s, sv_dot_over(sp, s->y, s->y),
                                  MVD_REDUCE_SUM));
    if (beta == 0)   /* pi Q is 0 in doubles: nothing to do */
        return 0;
    for (size_t k = 0; k < n; k++)
        v[0][k] = -s->y[mvd_vec_at(sp, k)] / beta;
    memset(g, 0, sizeof *g * (size_t)(m + 1));
    g[0] = beta;
    /* h is (m + 1) x m, column-major: h[i + col * (m + 1)]. */
#define H(i, col) h[(i) + (size_t)(col) * (size_t)(m + 1)]
    int steps = 0, z_ready = 0;
    while (steps < m && s->info->iterations < s->o->max_iter) {
        int j = steps;
        if (!z_ready && s->lower)
            sv_precondition(s, v[j], z);
        for (size_t k = 0; k < n && !z_ready && !s->lower; k++)
            z[mvd_vec_at(sp, k)] = v[j][k] / s->diag[mvd_vec_at(sp, k)];
        double *w = v[j + 1];
        if (wf) {
            sv_multiply(s, z, wf);
            for (size_t k = 0; k < n; k++)
                w[k] = wf[mvd_vec_at(sp, k)];
        } else {
            sv_multiply(s, z, w);   /* compact: the basis is the layout */
        }
        s->info->iterations++;
        steps++;
        /* Modified Gram-Schmidt against the basis so far, each
         * subtraction fused with the next dot product (and the last with
         * the norm): the same operations in the same order, so the same
         * bits, in half the passes over the vectors. */
        double next_dot = sv_over_ranks(s, run_pass(dot_pass, (pass){.w = w,
                                                 .a = v[0]}, n, threads),
                                     MVD_REDUCE_SUM);
        for (int i = 0; i <= j; i++) {
            H(i, j) = next_dot;
            pass sub = {.w = w, .a = v[i], .b = i < j ? v[i + 1] : w,
                        .h = H(i, j)};
            next_dot = sv_over_ranks(s, run_pass(subtract_pass, sub, n,
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
        run_pass(scale_pass, (pass){.sp = sp, .w = w,
                                    .z = s->lower ? NULL : z,
                                    .diag = s->diag, .h = norm}, n, threads);
        if (s->lower)
            sv_precondition(s, w, z);
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
    double step = 0;
    if (s->lower) {   /* pi += (sum of g_i v_i) M^-1, in z */
        run_pass(combine_pass, (pass){.z = z, .g = g, .v = v,
                                      .steps = steps}, n, threads);
        sv_precondition(s, z, z);
        for (size_t k = 0; k < n; k++) {
            pi[k] += z[k];
            step += fabs(z[k]);
        }
    } else {
        step = run_pass(update_pass, (pass){.sp = sp, .pi = pi,
                                            .diag = s->diag, .g = g,
                                            .v = v, .steps = steps},
                        n, threads);
    }
    sv_record_step(s, sv_over_ranks(s, step, MVD_REDUCE_SUM));
#undef H
    return 1;
}

int sv_gmres(solver *s, double *pi)
{
    int m = s->o->restart;
    uint64_t nn = s->nn;
    size_t n = s->sp->len ? s->sp->len : 1;
    /* Compact vectors of the whole space (reach) have the basis's
     * layout and one spare entry: the products go straight into the
     * basis. z, the scaled input, lives in s->y, which a cycle reads only
     * before its first product (r0) and the next residual rewrites. */
    int direct = s->sp->vlen && !s->sp->pos;
    s->lower = sv_lower(s);
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
        if ((status = sv_check(s, pi)) != 2)
            break;
        /* A cycle whose own estimate met tol but whose iterate the rule
         * refused (its balance per state, or the tail E of short cycles,
         * is stricter than a 2-norm): the next ones aim lower, down to
         * 1e-4 of it. Without this, cycles of one or two steps crept on
         * the heterogeneous sharing model (224 products against 66; the
         * first cycle, which suffices on easy chains, is unchanged). */
        if (s->updated)
            s->inner = fmax(s->inner * 1e-2, 1e-4);
        /* No step: pi Q is 0 in doubles. pi is exact, unless some state's
         * balance, relative to its outflow, says otherwise (a subnormal
         * rate): a sweep then. */
        if (!gmres_cycle(s, pi, v, z ? z : s->y, wf, h, cs, sn, g, m)) {
            if (s->info->balance <= s->o->tol)
                sv_record_step(s, 0);
            else if ((status = sv_polish(s, pi)) < 0)
                break;
        }
        if ((status = sv_normalise(s, pi)) < 0)
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

