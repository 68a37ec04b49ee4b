/* Unit tests of the stationary solvers of lib/mvd/methods/solve.c on the real MVD
 * kernels: small models with exact answers, every method with every
 * multiplication algorithm, the bipartite chains that make plain Jacobi
 * oscillate, distributed vectors (mvd_layout) over ranks played by
 * threads, and the vector reader (formats/san-result.md). */
#include <pthread.h>
#include <stdlib.h>

#include "mvd/mvd.h"
#include "mvd_model.h"
#include "unit.h"

static const mvd_algo algos[] = {MVD_SHUFFLE, MVD_SLICE, MVD_SPARSE};
static const mvd_method methods[] = {MVD_POWER, MVD_JOR, MVD_GMRES,
                                     MVD_GTH};

/* Solves with the method at a tight tolerance: a residual of 1e-12 leaves
 * errors well under the 1e-9 the checks allow on these small chains. */
static int solve(model *m, mvd_method method, double tol, uint64_t max_iter,
                 double omega)
{
    mvd_solve_opts o;
    mvd_solve_defaults(&o);
    o.method = method;
    o.tol = tol;
    o.max_iter = max_iter;
    o.omega = omega;
    /* GMRES(30) stagnates on the 62-state M/M/1/K at 1e-12 (the balance
     * B stays at 4e-12, mvd.h); GMRES(60) gets there. */
    o.restart = 60;
    diag dg;
    diag_init(&dg, "test", quiet());
    return mvd_solve(m->plan, &m->d, &m->sp, &o, m->pi, &m->info, &dg);
}

/* ------------------------------------------------------------- models */

/* Two states, 0 -> 1 at rate 3, 1 -> 0 at rate 1: pi = (1/4, 3/4). */
static const char two_state[] =
    "san-desc 1\n"
    "automaton A off on\n"
    "term local A\nfactor A\n"
    "e 0 0 -3\ne 0 1 3\ne 1 0 1\ne 1 1 -1\n"
    "end 1 0 1\n";

static void test_two_state_chain(void)
{
    for (size_t a = 0; a < 3; a++)
        for (size_t k = 0; k < 3; k++) {
            model m;
            if (load(&m, two_state, algos[a]) < 0)
                continue;
            CHECK_INT(solve(&m, methods[k], 1e-12, 100000, 0.9), 0);
            CHECK_NEAR(m.pi[0], 0.25, 1e-9);
            CHECK_NEAR(m.pi[1], 0.75, 1e-9);
            CHECK(m.info.converged && m.info.residual <= 1e-12);
            /* Delta = max |q_ss| (1 + 1e-3). */
            CHECK_NEAR(m.info.delta, 3 * 1.001, 1e-12);
            unload(&m);
        }
}

/* M/M/1/K as one automaton: arrivals at lambda while n < K, services at
 * mu while n > 0. p(n) = rho^n (1 - rho) / (1 - rho^(K+1)), rho = l/mu.
 * Every transition changes n by one: a bipartite chain. */
static char *mm1k_text(int k, double lambda, double mu)
{
    strbuf sb = {0};
    sb_puts(&sb, "san-desc 1\nautomaton Q");
    for (int n = 0; n <= k; n++)
        sb_printf(&sb, " n%d", n);
    sb_puts(&sb, "\nterm local Q\nfactor Q\n");
    for (int n = 0; n <= k; n++) {
        double out = (n < k ? lambda : 0) + (n > 0 ? mu : 0);
        if (n > 0)
            sb_printf(&sb, "e %d %d %.17g\n", n, n - 1, mu);
        sb_printf(&sb, "e %d %d %.17g\n", n, n, -out);
        if (n < k)
            sb_printf(&sb, "e %d %d %.17g\n", n, n + 1, lambda);
    }
    sb_puts(&sb, "function n st Q\nresult mean n\nend 1 1 1\n");
    return sb.text;
}

static void check_mm1k(const model *m, int k, double rho)
{
    double norm = (1 - pow(rho, k + 1)) / (1 - rho), mean = 0;
    for (int n = 0; n <= k; n++) {
        CHECK_NEAR(prob(m, (uint64_t)n), pow(rho, n) / norm, 1e-9);
        mean += n * pow(rho, n) / norm;
    }
    double r;
    diag dg;
    diag_init(&dg, "test", stderr);
    CHECK_INT(mvd_results(&m->d, &m->sp, m->pi, &r, 1, NULL, &dg), 0);
    /* Each p(n) within 1e-9, so the mean within 1e-9 * sum n. */
    CHECK_NEAR(r, mean, 1e-9 * k * (k + 1) / 2);
    /* Two threads, two halves of the states: the same sum to rounding. */
    double r2;
    CHECK_INT(mvd_results(&m->d, &m->sp, m->pi, &r2, 2, NULL, &dg), 0);
    CHECK_NEAR(r2, r, 1e-15 * k);
}

static void test_mm1k_every_method(void)
{
    char *text = mm1k_text(5, 1, 2);
    for (size_t a = 0; a < 3; a++)
        for (size_t k = 0; k < 3; k++) {
            model m;
            if (load(&m, text, algos[a]) < 0)
                continue;
            CHECK_INT(solve(&m, methods[k], 1e-12, 100000, 0.9), 0);
            check_mm1k(&m, 5, 0.5);
            unload(&m);
        }
    free(text);
}

/* SOLVER-NOTES.md: on a bipartite chain plain Jacobi (omega = 1) keeps an
 * iteration eigenvalue -1 and never converges; damped Jacobi and GMRES do,
 * and GMRES needs far fewer multiplications than the power method. */
static void test_bipartite_birth_death(void)
{
    /* K odd: with K even the uniform pi_0 happens to have no component
     * on the eigenvalue -1 and Jacobi would converge by luck. */
    const int k = 61;
    char *text = mm1k_text(k, 0.9, 1.0);
    model m;
    if (load(&m, text, MVD_SLICE) == 0) {
        /* The oscillation does not die out: the residual stays put. */
        CHECK_INT(solve(&m, MVD_JOR, 1e-9, 2000, 1.0), 1);
        double r2000 = m.info.residual;
        CHECK_INT(solve(&m, MVD_JOR, 1e-9, 20000, 1.0), 1);
        CHECK(r2000 > 1e-5 && m.info.residual > 0.9 * r2000);

        CHECK_INT(solve(&m, MVD_JOR, 1e-12, 1000000, 0.9), 0);
        check_mm1k(&m, k, 0.9);

        CHECK_INT(solve(&m, MVD_POWER, 1e-12, 1000000, 0.9), 0);
        check_mm1k(&m, k, 0.9);
        uint64_t power = m.info.multiplications;

        CHECK_INT(solve(&m, MVD_GMRES, 1e-12, 100000, 0.9), 0);
        check_mm1k(&m, k, 0.9);
        CHECK(m.info.multiplications * 10 < power);
        unload(&m);
    }
    free(text);
}

/* Independent automata (local terms only): pi is the tensor product of
 * the automata's own distributions. A: 0 -1-> 1 -2-> 2, 1 -3-> 0,
 * 2 -4-> 1: pi_A ∝ (1, 1/3, 1/6) = (2/3, 2/9, 1/9). B: 0 -1-> 1 -4-> 0:
 * pi_B = (4/5, 1/5). */
static const char independent[] =
    "san-desc 1\n"
    "automaton A a0 a1 a2\n"
    "automaton B b0 b1\n"
    "term local A\nfactor A\n"
    "e 0 0 -1\ne 0 1 1\ne 1 0 3\ne 1 1 -5\ne 1 2 2\ne 2 1 4\ne 2 2 -4\n"
    "term local B\nfactor B\n"
    "e 0 0 -1\ne 0 1 1\ne 1 0 4\ne 1 1 -4\n"
    "end 2 0 2\n";

static void test_independent_product_form(void)
{
    const double pa[3] = {2.0 / 3, 2.0 / 9, 1.0 / 9}, pb[2] = {0.8, 0.2};
    for (size_t a = 0; a < 3; a++)
        for (size_t k = 0; k < 3; k++) {
            model m;
            if (load(&m, independent, algos[a]) < 0)
                continue;
            CHECK_INT(solve(&m, methods[k], 1e-12, 100000, 0.9), 0);
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 2; j++)
                    CHECK_NEAR(m.pi[i * 2 + j], pa[i] * pb[j], 1e-9);
            unload(&m);
        }
}

/* Resource sharing: 4 processes, 2 resources, process i acquires at rate
 * lambda_i while fewer than 2 are busy, releases at rate mu = 2. Product
 * form (SOLVER-NOTES.md): p(S) ∝ prod_{i in S} lambda_i / mu, |S| <= 2;
 * 1 + 4 + 6 = 11 reachable states of 16. Bipartite. */
static const double rs_lambda[4] = {0.5, 1, 1.5, 3};

static char *sharing_text(void)
{
    strbuf sb = {0};
    sb_puts(&sb, "san-desc 1\nmodel \"resource sharing 4x2\"\n");
    for (int i = 0; i < 4; i++)
        sb_printf(&sb, "automaton P%d I U\n", i);
    sb_puts(&sb, "function free st P0 st P1 + st P2 + st P3 + 2 <\n");
    for (int i = 0; i < 4; i++)
        sb_printf(&sb, "term local P%d\nfactor P%d\ne 0 0 %g free\n"
                  "e 0 1 %g free\ne 1 0 2\ne 1 1 -2\n", i, i,
                  -rs_lambda[i], rs_lambda[i]);
    sb_puts(&sb, "function ok st P0 st P1 + st P2 + st P3 + 2 <=\n"
                 "reachability ok\n"
                 "function busy0 st P0\nresult busy0 busy0\n"
                 "end 4 3 4\n");
    return sb.text;
}

static void test_resource_sharing_product_form(void)
{
    char *text = sharing_text();
    double w[16], total = 0, busy0 = 0;
    for (int s = 0; s < 16; s++) {
        int count = 0;
        w[s] = 1;
        for (int i = 0; i < 4; i++)
            if (s >> (3 - i) & 1) {   /* P0 is the most significant */
                count++;
                w[s] *= rs_lambda[i] / 2;
            }
        if (count > 2)
            w[s] = 0;
        total += w[s];
        busy0 += s >> 3 & 1 ? w[s] : 0;
    }
    for (size_t a = 0; a < 3; a++)
        for (size_t k = 0; k < 3; k++) {
            model m;
            if (load(&m, text, algos[a]) < 0)
                continue;
            CHECK_INT(m.sp.len, 11);
            CHECK_INT(solve(&m, methods[k], 1e-12, 100000, 0.9), 0);
            for (int s = 0; s < 16; s++)
                CHECK_NEAR(m.pi[s], w[s] / total, 1e-9);
            double r;
            diag dg;
            diag_init(&dg, "test", stderr);
            CHECK_INT(mvd_results(&m.d, &m.sp, m.pi, &r, 1, NULL, &dg), 0);
            CHECK_NEAR(r, busy0 / total, 1e-9);
            unload(&m);
        }
    /* Gauss-Seidel and SOR over reach's compact vectors */
    for (int over = 0; over < 2; over++) {
        model m;
        if (load(&m, text, MVD_REACH) < 0)
            continue;
        CHECK_INT(solve(&m, MVD_GS, 1e-12, 100000, over ? 1.3 : 1), 0);
        for (int s = 0; s < 16; s++)
            CHECK_NEAR(prob(&m, (uint64_t)s), w[s] / total, 1e-9);
        unload(&m);
    }
    free(text);
}

/* Gauss-Seidel and SOR (--method gs, --algo reach only): the M/M/1/K
 * queue's exact answer, on the bipartite chain where plain Jacobi
 * oscillates too, in fewer iterations than damped Jacobi (SOR fewer than
 * Gauss-Seidel), with a product only where the rule may pass; and a closed class reached from a transient state, swept
 * over the class alone (mvd_solve_chain). */
static void test_gauss_seidel(void)
{
    char *text = mm1k_text(61, 0.9, 1.0);
    model m;
    if (load(&m, text, MVD_REACH) == 0) {
        CHECK_INT(solve(&m, MVD_JOR, 1e-12, 1000000, 0.9), 0);
        uint64_t jor = m.info.iterations;
        CHECK_INT(solve(&m, MVD_GS, 1e-12, 1000000, 1), 0);
        check_mm1k(&m, 61, 0.9);
        uint64_t gs = m.info.iterations;
        /* the residual's products only where E may pass: a few */
        CHECK(m.info.multiplications * 10 < gs);
        CHECK(m.info.multiplications >= 2);
        CHECK_INT(solve(&m, MVD_GS, 1e-12, 1000000, 1.5), 0);
        check_mm1k(&m, 61, 0.9);
        CHECK(gs * 2 < jor);
        CHECK(m.info.iterations < gs);
        unload(&m);
    }
    free(text);
    /* 0 -> 1 at 1 (0 transient), 1 -> 2 at 2, 2 -> 1 at 3: (0, 3/5, 2/5) */
    static const char transient[] =
        "san-desc 1\nautomaton A s0 s1 s2\nterm local A\nfactor A\n"
        "e 0 0 -1\ne 0 1 1\ne 1 1 -2\ne 1 2 2\ne 2 1 3\ne 2 2 -3\n"
        "end 1 0 1\n";
    if (load(&m, transient, MVD_REACH) == 0) {
        mvd_solve_opts o;
        mvd_solve_defaults(&o);
        o.method = MVD_GS;
        o.omega = 1;
        o.tol = 1e-12;
        diag dg;
        diag_init(&dg, "test", quiet());
        CHECK_INT(mvd_solve_chain(m.plan, &m.d, &m.sp, &o, 0, SIZE_MAX, m.pi,
                                  &m.info, &dg), 0);
        CHECK_NEAR(prob(&m, 0), 0, 1e-12);
        CHECK_NEAR(prob(&m, 1), 0.6, 1e-9);
        CHECK_NEAR(prob(&m, 2), 0.4, 1e-9);
        unload(&m);
    }
}

/* Max-iter reached: status 1, the residual of the last iterate. */
static void test_not_converged(void)
{
    char *text = mm1k_text(30, 0.9, 1.0);
    model m;
    if (load(&m, text, MVD_SHUFFLE) == 0) {
        CHECK_INT(solve(&m, MVD_POWER, 1e-9, 10, 0.9), 1);
        CHECK_INT(m.info.iterations, 10);
        CHECK_INT(m.info.multiplications, 11);
        CHECK(!m.info.converged && m.info.residual > 1e-9);
        double sum = 0;
        for (int n = 0; n <= 30; n++)
            sum += m.pi[n];
        CHECK_NEAR(sum, 1, 1e-12);
        unload(&m);
    }
    free(text);
}

/* A stiff birth-death chain of 4 states, 0 <-> 1 <-> 2 <-> 3, up at rate
 * 1, down at rates 1e-6, 1, 1e6: p(n+1)/p(n) = 1/down(n), so p is
 * proportional to (1, 1e6, 1e6, 1): exact in binary after the division.
 * gth gets every probability to a few units in the last place, the small
 * ones included; the default (auto) is gth at this size. */
static void test_gth_stiff(void)
{
    static const char text[] =
        "san-desc 1\n"
        "automaton Q a b c d\n"
        "term local Q\nfactor Q\n"
        "e 0 0 -1\ne 0 1 1\n"
        "e 1 0 1e-6\ne 1 1 -1.000001\ne 1 2 1\n"
        "e 2 1 1\ne 2 2 -2\ne 2 3 1\n"
        "e 3 2 1e6\ne 3 3 -1e6\n"
        "end 1 0 1\n";
    double z = 2 + 2e6, want[4] = {1 / z, 1e6 / z, 1e6 / z, 1 / z};
    model m;
    if (load(&m, text, MVD_SPARSE) == 0) {
        CHECK_INT(solve(&m, MVD_AUTO, 1e-9, 100000, 0.9), 0);
        CHECK_INT(m.info.method, MVD_GTH);
        CHECK(m.info.converged);
        for (int n = 0; n < 4; n++)
            CHECK_NEAR(m.pi[n] / want[n], 1, 1e-14);
        /* Power would need ~1e12 steps of 1/Delta = 1e-6: it stops at
         * max_iter, not converged, and says why. */
        CHECK_INT(solve(&m, MVD_POWER, 1e-9, 1000, 0.9), 1);
        CHECK(m.info.balance > 1e-9 || m.info.estimate > 1e-9);
        unload(&m);
    }
}

/* A ring of n states (i -> i+1 at rate 1, n-1 -> 0 at rate `back`, 0 for
 * a path) as san-desc text. */
static char *ring_text(int n, double back)
{
    strbuf sb = {0};
    sb_printf(&sb, "san-desc 1\nautomaton Q");
    for (int i = 0; i < n; i++)
        sb_printf(&sb, " s%d", i);
    sb_printf(&sb, "\nterm local Q\nfactor Q\n");
    for (int i = 0; i + 1 < n; i++)
        sb_printf(&sb, "e %d %d -1\ne %d %d 1\n", i, i, i, i + 1);
    if (back > 0)
        sb_printf(&sb, "e %d %d %g\ne %d 0 %g\n", n - 1, n - 1, -back,
                  n - 1, back);
    sb_printf(&sb, "end 1 0 1\n");
    return sb.text;
}

static int load_classes(const char *text, desc *d, mvd_space *sp,
                        mvd_classes *c)
{
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    diag dg;
    diag_init(&dg, "test", stderr);
    int status = desc_read(d, in, "ring.desc", &dg);
    fclose(in);
    CHECK_INT(status, 0);
    if (status == 0)
        status = mvd_space_build(sp, d, d->nn, &dg);
    if (status == 0)
        status = mvd_classes_find(c, d, sp, 0, SIZE_MAX, &dg,
                                  (srcloc){"ring.desc", 0, 0});
    CHECK_INT(status, 0);
    return status;
}

/* The class search is iterative: a depth-first path of 300 000 states
 * (a recursive search would overflow the stack) in one class, and as a
 * path without the way back, 300 000 classes of which the last is the
 * only closed one. */
static void test_classes_deep(void)
{
    const int n = 300000;
    for (int ring = 1; ring >= 0; ring--) {
        char *text = ring_text(n, ring ? 5 : 0);
        desc d;
        mvd_space sp = {0};
        mvd_classes c = {0};
        if (load_classes(text, &d, &sp, &c) == 0) {
            CHECK_INT(c.n, n);
            CHECK_INT(c.nclass, ring ? 1 : n);
            CHECK_INT(c.nclosed, 1);
            CHECK_INT(c.ntransient, ring ? 0 : n - 1);
            CHECK(c.closed[c.cls[n - 1]]);
            CHECK_INT(c.first[c.cls[n - 1]], ring ? 0 : n - 1);
            mvd_classes_free(&c);
            mvd_space_free(&sp);
            desc_free(&d);
        }
        free(text);
    }
}

/* Figure 8 is an MVD test, not a generator: refused, not "solved". */
static void test_not_a_generator(void)
{
    static const char fig[] =
        "1\n2\n1 2\n3 -4\n";   /* one term, one 2x2 matrix, rows not 0 */
    model m;
    if (load(&m, fig, MVD_SPARSE) == 0) {
        CHECK_INT(solve(&m, MVD_POWER, 1e-9, 100, 0.9), -1);
        unload(&m);
    }
    static const char leaky[] =   /* diagonal fine, rows sum to -1 */
        "san-desc 1\nautomaton A x y\nterm local A\nfactor A\n"
        "e 0 0 -2\ne 0 1 1\ne 1 0 1\ne 1 1 -1\nend 1 0 1\n";
    if (load(&m, leaky, MVD_SLICE) == 0) {
        CHECK_INT(solve(&m, MVD_GMRES, 1e-9, 100, 0.9), -1);
        unload(&m);
    }
}

/* ------------------------------------------------ distributed vectors */

/* P ranks played by threads over one model, each with its own plan (a
 * plan is one thread's) of the whole descriptor and its block of the
 * product space (mpi_dist.c's blocks): the layout's product through one
 * shared input vector, its sums through a shared table folded in rank
 * order, both behind a barrier. So solve.c's distributed path runs
 * without MPI (tests/bats/mvd-solve-mpi.bats runs it with MPI). */
#define RANKS_MAX 4

typedef struct ranks ranks;

typedef struct {
    ranks *all;
    int rank;
    mvd_plan *plan;
    mvd_layout lay;
    double *pi;    /* over the rank's states (compact) */
    double *y;     /* the whole product */
    mvd_solve_info info;
    int status;
} rank;

struct ranks {
    model *m;
    mvd_method method;
    pthread_barrier_t bar;
    int p;
    double *x;                      /* the whole input */
    double scalars[RANKS_MAX][4];
    rank r[RANKS_MAX];
};

static void ranks_multiply(void *ctx, const double *x, double *y)
{
    rank *r = ctx;
    ranks *a = r->all;
    const uint64_t *idx = a->m->sp.idx;
    for (size_t k = r->lay.klo; k < r->lay.khi; k++)
        a->x[idx[k]] = x[k - r->lay.klo];
    pthread_barrier_wait(&a->bar);
    mvd_multiply(r->plan, a->x, r->y);
    pthread_barrier_wait(&a->bar);   /* every rank read x */
    for (size_t k = r->lay.klo; k < r->lay.khi; k++)
        y[k - r->lay.klo] = r->y[idx[k]];
}

static void ranks_reduce(void *ctx, double *v, int n, mvd_reduce_op op)
{
    rank *r = ctx;
    ranks *a = r->all;
    memcpy(a->scalars[r->rank], v, (size_t)n * sizeof *v);
    pthread_barrier_wait(&a->bar);
    for (int i = 0; i < n; i++) {
        double acc = a->scalars[0][i];
        for (int q = 1; q < a->p; q++) {
            double w = a->scalars[q][i];
            if (op == MVD_REDUCE_SUM)
                acc += w;
            else if (!(w <= acc) && !isnan(acc))
                acc = w;
        }
        v[i] = acc;
    }
    pthread_barrier_wait(&a->bar);   /* every rank read the table */
}

static void *rank_main(void *arg)
{
    rank *r = arg;
    model *m = r->all->m;
    mvd_solve_opts o;
    mvd_solve_defaults(&o);
    o.method = r->all->method;
    o.tol = 1e-12;
    o.restart = 60;
    o.layout = &r->lay;
    diag dg;
    diag_init(&dg, "test", quiet());
    r->status = mvd_solve(r->plan, &m->d, &m->sp, &o, r->pi, &r->info, &dg);
    return NULL;
}

/* m solved on p ranks: 0, 1 or -1, the same on every rank (else 99);
 * the blocks gathered into m->pi, rank 0's info into m->info, and
 * *same whether every rank's counts are rank 0's. */
static int solve_ranks(model *m, mvd_method method, int p, int *same)
{
    ranks *a = xcalloc(1, sizeof *a);
    *a = (ranks){.m = m, .method = method, .p = p};
    uint64_t nn = m->d.nn;
    a->x = xcalloc(nn, sizeof *a->x);
    pthread_barrier_init(&a->bar, NULL, (unsigned)p);
    diag dg;
    diag_init(&dg, "test", stderr);
    pthread_t th[RANKS_MAX];
    for (int q = 0; q < p; q++) {
        rank *r = &a->r[q];
        uint64_t lo = split_start(nn, (uint64_t)q, (uint64_t)p);
        uint64_t hi = split_start(nn, (uint64_t)q + 1, (uint64_t)p);
        size_t klo = mvd_space_lower(&m->sp, lo);
        size_t khi = mvd_space_lower(&m->sp, hi);
        *r = (rank){.all = a, .rank = q,
                    .plan = mvd_plan_new(&m->d, &m->sp, MVD_SLICE, SIZE_MAX,
                                         &dg),
                    .lay = {klo, khi, ranks_multiply, ranks_reduce, r},
                    .pi = xcalloc(khi - klo + 1, sizeof(double)),
                    .y = xcalloc(nn, sizeof(double))};
    }
    for (int q = 0; q < p; q++)
        pthread_create(&th[q], NULL, rank_main, &a->r[q]);
    for (int q = 0; q < p; q++)
        pthread_join(th[q], NULL);
    int status = a->r[0].status;
    *same = 1;
    memset(m->pi, 0, nn * sizeof *m->pi);
    for (int q = 0; q < p; q++) {
        rank *r = &a->r[q];
        if (r->status != status)
            status = 99;
        *same = *same && r->info.iterations == a->r[0].info.iterations &&
                r->info.multiplications == a->r[0].info.multiplications;
        for (size_t k = r->lay.klo; k < r->lay.khi; k++)
            m->pi[m->sp.idx[k]] = r->pi[k - r->lay.klo];
        mvd_plan_free(r->plan);
        free(r->pi);
        free(r->y);
    }
    m->info = a->r[0].info;
    pthread_barrier_destroy(&a->bar);
    free(a->x);
    free(a);
    return status;
}

static void test_distributed_vectors(void)
{
    const int k = 61;
    char *text = mm1k_text(k, 0.9, 1.0);
    model m;
    if (load(&m, text, MVD_SLICE) == 0) {
        size_t bytes = m.d.nn * sizeof(double);
        double *seq = xmalloc(bytes);
        for (size_t t = 0; t < 3; t++) {
            CHECK_INT(solve(&m, methods[t], 1e-12, 100000, 0.9), 0);
            memcpy(seq, m.pi, bytes);
            mvd_solve_info one = m.info;
            for (int p = 1; p <= RANKS_MAX; p++) {
                int same;
                CHECK_INT(solve_ranks(&m, methods[t], p, &same), 0);
                CHECK(same);
                check_mm1k(&m, k, 0.9);
                for (size_t j = 0; j < m.d.nn; j++)
                    CHECK_NEAR(m.pi[j], seq[j], 1e-12);
                /* one rank: one block, the sequential sums, the same
                 * bits; more: other sums, so power's 11086 iterations
                 * may end one later (measured: 11087 at some P) */
                if (p == 1) {
                    CHECK(memcmp(m.pi, seq, bytes) == 0);
                    CHECK_INT(m.info.iterations, one.iterations);
                }
                CHECK(m.info.iterations <= one.iterations + 1 &&
                      m.info.iterations + 1 >= one.iterations);
            }
        }
        free(seq);
        unload(&m);
    }
    free(text);
    /* A diagonal element that is positive in the last rank's block:
     * every rank stops (none waits in a sum for the others). */
    static const char bad[] = "1\n4\n-1 1 0 0\n0 -1 1 0\n0 0 -1 1\n"
                              "1 0 0 2\n";
    if (load(&m, bad, MVD_SLICE) == 0) {
        int same;
        CHECK_INT(solve_ranks(&m, MVD_GMRES, 2, &same), -1);
        unload(&m);
    }
}

/* ------------------------------------------------------------ vectors */

static int read_vec(const model *m, const char *text, double *x, char *msg,
                    size_t msglen)
{
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    FILE *err = fmemopen(msg, msglen, "w");
    diag dg;
    diag_init(&dg, "test", err);
    int status = mvd_vector_read(in, "v.txt", &m->d, &m->sp, x, &dg);
    fclose(err);
    fclose(in);
    return status;
}

static void test_vector_read(void)
{
    char *text = sharing_text();   /* 16 states, 11 reachable */
    model m;
    if (load(&m, text, MVD_SPARSE) < 0) {
        free(text);
        return;
    }
    double x[16];
    char msg[256];
    /* State 7 = (I, U, U, U) is unreachable. */
    CHECK_INT(read_vec(&m, "# plain\n1 2 3 4 5 6 7 0\n9 10 11 0 13 0 0 0\n",
                       x, msg, sizeof msg), 0);
    CHECK(x[0] == 1 && x[6] == 7 && x[12] == 13 && x[15] == 0);
    CHECK_INT(read_vec(&m, "vector 1\nn 16\n1 2 3 4 5 6 7 0 9 10 11 0 13\n"
                       "0\n0 0\nend 16\n", x, msg, sizeof msg), 0);
    CHECK(x[10] == 11);
    CHECK_INT(read_vec(&m, "1 2 3 4 5 6 7 8", x, msg, sizeof msg), -1);
    CHECK_STR(msg, "test: v.txt:1:15: error: value 7 is not zero, but state "
                   "7 is not reachable\n");
    CHECK_INT(read_vec(&m, "1 2 3", x, msg, sizeof msg), -1);
    CHECK_STR(msg, "test: v.txt: error: the vector has 3 values, the "
                   "descriptor's product space 16 states\n");
    CHECK_INT(read_vec(&m, "vector 1\nn 15\n", x, msg, sizeof msg), -1);
    CHECK_STR(msg, "test: v.txt:2:3: error: the vector has 15 values, the "
                   "descriptor's product space 16 states\n");
    CHECK_INT(read_vec(&m, "vector 1\nn 16\n1 x\n", x, msg, sizeof msg), -1);
    CHECK_STR(msg, "test: v.txt:3:3: error: expected a finite number, got "
                   "'x'\n");
    CHECK_INT(read_vec(&m, "vector 1\n1 2\n", x, msg, sizeof msg), -1);
    CHECK_STR(msg, "test: v.txt:2:1: error: expected the record 'n COUNT', "
                   "got '1'\n");
    CHECK_INT(read_vec(&m, "vector 1\nn 16\n0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"
                       "\n", x, msg, sizeof msg), -1);
    CHECK_STR(msg, "test: v.txt: error: missing 'end' record: the file is "
                   "cut short\n");
    CHECK_INT(read_vec(&m, "vector 2\n", x, msg, sizeof msg), -1);
    CHECK(strstr(msg, "vector version 2 is not supported") != NULL);
    CHECK_INT(read_vec(&m, "1 nan", x, msg, sizeof msg), -1);
    CHECK_STR(msg, "test: v.txt:1:3: error: expected a finite number, got "
                   "'nan'\n");
    unload(&m);
    free(text);
}

static void test_vector_write(void)
{
    char *out = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&out, &len);
    const double x[3] = {64, 0.1, -2.5};
    mvd_vector_write(mem, x, 3);
    fclose(mem);
    CHECK_STR(out, "vector 1\nn 3\n64\n0.1\n-2.5\nend 3\n");
    free(out);
}

/* A random SAN (san-desc text): 2..5 automata of 2..4 states, each with
 * a random local generator (one automaton's rows times a function of
 * another's state, sometimes), and 1..4 events synchronising two automata
 * (a rate on one, a 0/1 move on the other). Not product form in general. */
static char *random_san(rng *g)
{
    strbuf sb = {0};
    int n = 2 + (int)rng_below(g, 4), order[5];
    sb_puts(&sb, "san-desc 1\n");
    for (int a = 0; a < n; a++) {
        order[a] = 2 + (int)rng_below(g, 3);
        sb_printf(&sb, "automaton A%d", a);
        for (int s = 0; s < order[a]; s++)
            sb_printf(&sb, " s%d", s);
        sb_puts(&sb, "\n");
    }
    sb_puts(&sb, "function f st A0 0.5 * 1 +\n");
    int terms = 0;
    for (int a = 0; a < n; a++) {
        int fn = a > 0 && rng_below(g, 3) == 0;
        sb_printf(&sb, "term local A%d\nfactor A%d\n", a, a);
        for (int i = 0; i < order[a]; i++) {
            double out = 0;
            for (int j = 0; j < order[a]; j++)
                if (j != i && rng_uniform(g) < 0.6) {
                    double r = 0.1 + 3 * rng_uniform(g);
                    out += r;
                    sb_printf(&sb, "e %d %d %.17g%s\n", i, j, r,
                              fn ? " f" : "");
                }
            if (out > 0)
                sb_printf(&sb, "e %d %d %.17g%s\n", i, i, -out,
                          fn ? " f" : "");
        }
        terms++;
    }
    int events = 1 + (int)rng_below(g, 4);
    for (int e = 0; e < events; e++) {
        int a = (int)rng_below(g, (uint64_t)n);
        int b = (a + 1 + (int)rng_below(g, (uint64_t)n - 1)) % n;
        int u = (int)rng_below(g, (uint64_t)order[a]);
        int v = (u + 1 + (int)rng_below(g, (uint64_t)order[a] - 1)) %
                order[a];
        int p = (int)rng_below(g, (uint64_t)order[b]);
        int q = (int)rng_below(g, (uint64_t)order[b]);
        double r = 0.1 + 3 * rng_uniform(g);
        sb_printf(&sb, "term sync+ e%d\nfactor A%d\ne %d %d %.17g\n"
                  "factor A%d\ne %d %d 1\n", e, a, u, v, r, b, p, q);
        sb_printf(&sb, "term sync- e%d\nfactor A%d\ne %d %d %.17g\n"
                  "factor A%d\ne %d %d 1\n", e, a, u, u, -r, b, p, p);
        terms += 2;
    }
    sb_printf(&sb, "end %d 1 %d\n", n, terms);
    return sb.text;
}

/* --method iad (aggregation over the automata between Gauss-Seidel
 * sweeps): on product-form models in two iterations (the resource
 * sharing above: the acquire rates differ, so no symmetry helps), where
 * gs takes many; on random SANs, when it converges, gth's answer. */
static void test_aggregation(void)
{
    char *text = sharing_text();
    model m;
    if (load(&m, text, MVD_REACH) == 0) {
        CHECK_INT(solve(&m, MVD_GS, 1e-12, 100000, 1), 0);
        uint64_t gs = m.info.iterations;
        CHECK_INT(solve(&m, MVD_IAD, 1e-12, 100000, 0.95), 0);
        CHECK(m.info.iterations <= 3 && gs >= 10);
        double r;
        diag dg;
        diag_init(&dg, "test", stderr);
        CHECK_INT(mvd_results(&m.d, &m.sp, m.pi, &r, 1, NULL, &dg), 0);
        double w[16], total = 0, busy0 = 0;
        for (int s = 0; s < 16; s++) {
            int count = 0;
            w[s] = 1;
            for (int i = 0; i < 4; i++)
                if (s >> (3 - i) & 1) {
                    w[s] *= rs_lambda[i] / 2;
                    count++;
                }
            w[s] = count <= 2 ? w[s] : 0;
            total += w[s];
            busy0 += s >> 3 & 1 ? w[s] : 0;
        }
        CHECK_NEAR(r, busy0 / total, 1e-12);
        unload(&m);
    }
    free(text);
    rng g;
    rng_seed(&g, 2006);
    int converged = 0, solved = 0, faster = 0;
    uint64_t gs_total = 0, iad_total = 0;
    for (int c = 0; c < 500; c++) {
        text = random_san(&g);
        if (load(&m, text, MVD_REACH) == 0) {
            mvd_classes cl;
            diag dg;
            diag_init(&dg, "test", quiet());
            CHECK_INT(mvd_classes_find(&cl, &m.d, &m.sp, 0, SIZE_MAX, &dg,
                                       (srcloc){0}), 0);
            int one = cl.nclass == 1 && cl.nparts == 1;
            mvd_classes_free(&cl);
            double want[1300];
            size_t n = m.sp.len;
            if (one && n < 1300 &&
                solve(&m, MVD_GTH, 1e-12, 1, 1) == 0) {
                solved++;
                for (size_t k = 0; k < n; k++)
                    want[k] = m.pi[mvd_vec_at(&m.sp, k)];
                int gs = solve(&m, MVD_GS, 1e-12, 100000, 0.95);
                uint64_t gs_iter = m.info.iterations;
                if (solve(&m, MVD_IAD, 1e-12, 100000, 0.95) == 0) {
                    converged++;
                    faster += gs == 0 && m.info.iterations < gs_iter;
                    gs_total += gs_iter;
                    iad_total += m.info.iterations;
                    for (size_t k = 0; k < n; k++)
                        CHECK_NEAR(m.pi[mvd_vec_at(&m.sp, k)], want[k],
                                   1e-9);
                }
            }
            unload(&m);
        }
        free(text);
    }
    printf("# iad on random SANs: %d of %d converged, %d in fewer "
           "iterations than gs (SOR 0.95; %llu iterations, aggregations or "
           "sweeps, against %llu sweeps in all)\n",
           converged, solved, faster, (unsigned long long)iad_total,
           (unsigned long long)gs_total);
    CHECK(solved >= 100);
    CHECK(converged == solved);
}

int main(void)
{
    RUN(test_two_state_chain);
    RUN(test_mm1k_every_method);
    RUN(test_bipartite_birth_death);
    RUN(test_independent_product_form);
    RUN(test_resource_sharing_product_form);
    RUN(test_gauss_seidel);
    RUN(test_aggregation);
    RUN(test_not_converged);
    RUN(test_gth_stiff);
    RUN(test_classes_deep);
    RUN(test_not_a_generator);
    RUN(test_distributed_vectors);
    RUN(test_vector_read);
    RUN(test_vector_write);
    return unit_done();
}
