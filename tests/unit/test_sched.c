/* Unit tests of lib/sched: generations, the allocators and the thesis's
 * time model, checked against a direct transcription of the MATLAB code
 * (precise-rules §1) on random instances and on hand-computed cases. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sched/sched.h"
#include "unit.h"

static void test_levels(void)
{
    /* B0 -> B1 -> B3, B0 -> B2 -> B3, B4 alone, B2 -> B5 */
    sched_app a = {0};
    for (int i = 0; i < 6; i++)
        VEC_PUSH(&a.batches, ((sched_batch){NULL, 1, 1, 0}));
    sched_edge e[] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}, {2, 5}};
    for (size_t i = 0; i < sizeof e / sizeof *e; i++)
        VEC_PUSH(&a.edges, e[i]);
    size_t level[6];
    CHECK_INT(sched_levels(&a, level), 3);
    size_t want[6] = {0, 1, 1, 2, 0, 2};
    for (int i = 0; i < 6; i++)
        CHECK_INT(level[i], want[i]);
    free(a.batches.items);
    free(a.edges.items);
}

static void test_trivial(void)
{
    uint64_t counts[4] = {2, 1, 1, 3};
    CHECK_INT(sched_trivial_next(counts, 4), 1);   /* first of the fewest */
    counts[1] = 2;
    CHECK_INT(sched_trivial_next(counts, 4), 2);
    CHECK_INT(sched_trivial_next(counts, 1), 0);
}

/* Two tasks of 2 s over links of 1 s on two UPs, by hand: the first to UP
 * 1 (a tie), tm = (3, 0) and tmc = 1; then Δ_1 = 6 + 2 - 4 = 2 against
 * Δ_2 = 3 + 2 - 4 = 1: UP 2, tm = (2, 3), tmc = 2. */
static void test_bestfit_by_hand(void)
{
    sched_bestfit b;
    sched_bestfit_init(&b, 2);
    double p[2] = {2, 2}, c[2] = {1, 1};
    CHECK_INT(sched_bestfit_next(&b, p, c), 0);
    CHECK(b.tm[0] == 3 && b.tm[1] == 0 && b.tmc == 1);
    CHECK_INT(sched_bestfit_next(&b, p, c), 1);
    CHECK(b.tm[0] == 2 && b.tm[1] == 3 && b.tmc == 2);
    sched_bestfit_reset(&b);
    CHECK(b.tm[0] == 0 && b.tm[1] == 0 && b.tmc == 0);
    sched_bestfit_free(&b);
}

/* The MATLAB code's loop (precise-rules §1), transcribed: tm relative to
 * the coordinator, tmc its send clock, Δ_j = max(tm2) + tmc + c_j -
 * (max(tm) + tmc), the first strictly smallest. Returns the choice. */
static size_t matlab_bestfit(double *tm, double *tmc, const double *p,
                             const double *c, size_t n)
{
    double *tm2 = malloc(n * sizeof *tm2), *tm3 = malloc(n * sizeof *tm3);
    double df2 = INFINITY;
    size_t bfup = 0;
    for (size_t j = 0; j < n; j++) {
        double tmc2 = c[j] + *tmc, after = -INFINITY, before = -INFINITY;
        for (size_t k = 0; k < n; k++)
            tm2[k] = tm[k] - c[j];                    /* tm2 = tm - c(j) */
        tm2[j] = tm2[j] + 2 * c[j] + p[j];
        for (size_t k = 0; k < n; k++) {
            if (tm2[k] < 0)
                tm2[k] = 0;
            after = fmax(after, tm2[k] + tmc2);
            before = fmax(before, tm[k] + *tmc);
        }
        double df1 = after - before;
        if (df1 < df2) {
            df2 = df1;
            bfup = j;
            memcpy(tm3, tm2, n * sizeof *tm3);
        }
    }
    *tmc = *tmc + c[bfup];
    memcpy(tm, tm3, n * sizeof *tm);
    free(tm2);
    free(tm3);
    return bfup;
}

/* Random generations, times of any value: the library's choices and its
 * tm and tmc are the code's, bit for bit. */
static void test_bestfit_is_the_matlab_rule(void)
{
    rng r;
    rng_seed(&r, 2002);
    int same = 1;
    for (int trial = 0; trial < 2000 && same; trial++) {
        size_t n = 1 + rng_below(&r, 8), tasks = 1 + rng_below(&r, 40);
        double p[8], c[8], tm[8] = {0}, tmc = 0;
        int links = (int)rng_below(&r, 3);   /* none, equal, varied */
        for (size_t j = 0; j < n; j++) {
            p[j] = rng_below(&r, 4) ? 10 * rng_uniform(&r)
                                    : (double)(1 + rng_below(&r, 4));  /* ties */
            c[j] = links == 0 ? 0 : links == 1 ? 0.5 : rng_uniform(&r);
        }
        sched_bestfit b;
        sched_bestfit_init(&b, n);
        for (size_t t = 0; t < tasks && same; t++) {
            size_t want = matlab_bestfit(tm, &tmc, p, c, n);
            same = sched_bestfit_next(&b, p, c) == want && b.tmc == tmc &&
                   memcmp(b.tm, tm, n * sizeof *tm) == 0;
        }
        if (!same)
            printf("# trial %d: %zu UPs, %zu tasks, links %d\n", trial, n,
                   tasks, links);
        sched_bestfit_free(&b);
    }
    CHECK(same);
}

/* ------------------------------------------------------ partitioning */

/* An application of batches m[] and edges (pairs in e[]). */
static sched_app app_of(const uint64_t *m, size_t nb, const size_t *e,
                        size_t ne)
{
    sched_app a = {0};
    for (size_t b = 0; b < nb; b++) {
        VEC_PUSH(&a.batches, ((sched_batch){NULL, 1, m[b], 0}));
        a.tasks += m[b];
    }
    for (size_t k = 0; k < ne; k++)
        VEC_PUSH(&a.edges, ((sched_edge){e[2 * k], e[2 * k + 1]}));
    return a;
}

static void free_app(sched_app *a)
{
    free(a->batches.items);
    free(a->edges.items);
}

/* part's row for group g, "x y z" */
static const char *row(const double *part, size_t g, size_t nb)
{
    static char buf[256];
    size_t len = 0;
    for (size_t b = 0; b < nb; b++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%g",
                                b ? " " : "", part[g * nb + b]);
    return buf;
}

static void test_tp(void)
{
    uint64_t m[] = {10, 1, 7};
    sched_app a = app_of(m, 3, NULL, 0);
    double part[9];
    sched_tp(3, &a, part);
    /* columns: tp(3,10) = (3,3,4), tp(3,1) = (0,0,1), tp(3,7) = (2,2,3) */
    CHECK_STR(row(part, 0, 3), "3 0 2");
    CHECK_STR(row(part, 1, 3), "3 0 2");
    CHECK_STR(row(part, 2, 3), "4 1 3");
    free_app(&a);
}

static void test_pp(void)
{
    /* groups of 2, 3 and 5 UPs: the largest first, 10 tasks: 5, then
     * ceil(5 * 3 / 5) = 3, then 2; 7 tasks: ceil(3.5) = 4, ceil(3 * 3 / 5)
     * = 2, then 1. */
    double power[] = {2, 3, 5};
    uint64_t ups[] = {2, 3, 5}, none[] = {0, 0, 0};
    sched_groups g = {3, power, ups, none};
    uint64_t m[] = {10, 7};
    sched_app a = app_of(m, 2, NULL, 0);
    double part[6];
    sched_pp(&g, &a, part);
    CHECK_STR(row(part, 0, 2), "2 1");
    CHECK_STR(row(part, 1, 2), "3 2");
    CHECK_STR(row(part, 2, 2), "5 4");
    free_app(&a);
}

/* Powers far apart or past the double range (factors up to 1e308 are
 * valid): every share finite and >= 0, every batch's shares summing to
 * it. A running difference of the powers lost the small ones beside
 * 6.7e44 and divided by 0 (fuzz_sched: a NaN share cast to a task count);
 * a sum of two 1e308 overflowed; and fractional powers (sums of factors)
 * rounded the shares up past the batch: PP split 18 tasks 7, 6, 6 on
 * powers 1.16, 1.06, 0.93. */
static void test_partitions_sum_to_m(void)
{
    double powers[3][3] = {{6.7e44, 5, 2}, {1e308, 1e308, 1}, {0.93, 1.16, 1.06}};
    uint64_t ups[] = {3, 5, 2}, none[] = {0, 0, 0};
    uint64_t m[] = {1, 5, 10, 20, 1, 18};
    size_t e[] = {0, 1, 1, 2, 1, 3, 2, 4, 3, 4};
    sched_app a = app_of(m, 6, e, 5);
    int bad = 0;
    for (int c = 0; c < 3; c++) {
        sched_groups g = {3, powers[c], ups, none};
        double part[18];
        for (int how = 0; how < 3; how++) {
            if (how == 0)
                sched_pp(&g, &a, part);
            else
                sched_ppcp(&g, &a, how == 1 ? SCHED_PPCP_PROSE
                                            : SCHED_PPCP_MATLAB, part);
            for (size_t b = 0; b < 6; b++) {
                double sum = 0;
                for (size_t q = 0; q < 3; q++) {
                    double x = part[q * 6 + b];
                    bad += !isfinite(x) || x < 0;
                    sum += x;
                }
                /* The code's GCD may leave fractional shares (A10), but
                 * never more or fewer tasks than the batch has. */
                if (!(fabs(sum - (double)m[b]) < 1e-9)) {
                    if (bad++ < 5)
                        printf("# powers %d, method %d, batch %zu: %g of "
                               "%llu\n", c, how, b, sum,
                               (unsigned long long)m[b]);
                }
            }
        }
    }
    CHECK_INT(bad, 0);
    free_app(&a);
}

static void test_gcd_quirk(void)
{
    uint64_t c[] = {6, 30, 10, 15}, d[] = {5, 10, 20};
    CHECK_INT(sched_set_gcd(c, 4, SCHED_PPCP_PROSE), 1);
    CHECK_INT(sched_set_gcd(c, 4, SCHED_PPCP_MATLAB), 2);
    CHECK_INT(sched_set_gcd(d, 3, SCHED_PPCP_PROSE), 5);
    CHECK_INT(sched_set_gcd(d, 3, SCHED_PPCP_MATLAB), 5);
}

/* The worked example of §3.2.1: three groups of power (and UPs) 3, 5, 2
 * holding 10, 22, 8 tasks; the application of Fig. 1.1, B1(1) -> B2(5) ->
 * {B3(10), B4(20)} -> B5(1). */
static const uint64_t fig11_m[] = {1, 5, 10, 20, 1};
static const size_t fig11_e[] = {0, 1, 1, 2, 1, 3, 2, 4, 3, 4};

static void test_ppcp_worked_example(void)
{
    double power[] = {3, 5, 2};
    uint64_t ups[] = {3, 5, 2}, held[] = {10, 22, 8};
    sched_groups g = {3, power, ups, held};
    sched_app a = app_of(fig11_m, 5, fig11_e, 5);
    double part[15];
    /* Prose: CR 3.33, 4.4, 4; B1 and B5 (<= 3 tasks) to GH1; K = 5 split
     * (GH1, GH2, GH3) = (2, 2, 1): B2 (2,2,1), B3 (4,4,2), B4 (8,8,4). */
    sched_ppcp(&g, &a, SCHED_PPCP_PROSE, part);
    CHECK_STR(row(part, 0, 5), "1 2 4 8 1");
    CHECK_STR(row(part, 1, 5), "0 2 4 8 0");
    CHECK_STR(row(part, 2, 5), "0 1 2 4 0");
    /* Packets, by hand: B1 -> B2 crosses 5 - 2 = 3 blocks, B3 -> B5 10 -
     * 4 = 6, B4 -> B5 20 - 8 = 12; the proportional edges cross none. */
    CHECK(sched_packets(3, &a, part) == 21);
    /* The MATLAB code: B1 and B5 (< 3 groups) to the largest group, K = 5
     * split largest first: GH2 3, GH1 2, GH3 0 (A8's (5: 3, 3: 2, 2: 0)). */
    sched_ppcp(&g, &a, SCHED_PPCP_MATLAB, part);
    CHECK_STR(row(part, 0, 5), "0 2 4 8 0");
    CHECK_STR(row(part, 1, 5), "1 3 6 12 1");
    CHECK_STR(row(part, 2, 5), "0 0 0 0 0");
    CHECK(sched_packets(3, &a, part) == 2 + 4 + 8);
    free_app(&a);
}

/* Two independent chains after a shared source: two sets, each split on
 * its own GCD; with equal loads, groups by power descending. */
static void test_ppcp_two_sets(void)
{
    double power[] = {1, 1};
    uint64_t ups[] = {1, 1}, none[] = {0, 0};
    sched_groups g = {2, power, ups, none};
    uint64_t m[] = {1, 4, 8, 6, 3};
    size_t e[] = {0, 1, 1, 2, 0, 3, 3, 4};
    sched_app a = app_of(m, 5, e, 4);
    double part[10];
    sched_ppcp(&g, &a, SCHED_PPCP_PROSE, part);
    /* B0 (1 <= 1 UP) to group 1; {B1, B2}: K = 4, (2, 2); {B3, B4}: K =
     * 3, (ceil(1.5) = 2, 1). */
    CHECK_STR(row(part, 0, 5), "1 2 4 4 2");
    CHECK_STR(row(part, 1, 5), "0 2 4 2 1");
    double sum = 0;
    for (int i = 0; i < 10; i++)
        sum += part[i];
    CHECK(sum == 1 + 4 + 8 + 6 + 3);
    free_app(&a);
}

/* --------------------------------------------- the thesis's schedulers */

/* The MATLAB simulators (App. B.3, notes Appendix A) transcribed with
 * their matrices, on generations as the intended semantics (A7) gives
 * them: the reference the library's sched_run is checked against. */
enum { MB = 6, MN = 5 };
typedef struct {
    size_t b, n;            /* batches, UPs */
    size_t level[MB];
    uint64_t m[MB];
    double p[MB][MN], c[MN];
    double erl;
    int erm[MN], flm[MN];
} mcase;

static size_t m_alloc_trivial(uint64_t *alloc, size_t n)
{
    size_t up = 0;
    for (size_t j = 1; j < n; j++)
        if (alloc[j] < alloc[up])
            up = j;
    alloc[up]++;
    return up;
}

/* bestfitSchedule / simpleSchedule on the rows p: TO, in dispatch order. */
static size_t m_schedule(const mcase *k, double p[MB][MN], const double *c,
                         int bestfit, size_t *to)
{
    size_t nt = 0, levels = 0;
    uint64_t alloc[MN] = {0};
    for (size_t i = 0; i < k->b; i++)
        if (k->level[i] + 1 > levels)
            levels = k->level[i] + 1;
    for (size_t g = 0; g < levels; g++) {
        double tm[MN] = {0}, tmc = 0;
        for (size_t i = 0; i < k->b; i++) {
            if (k->level[i] != g)
                continue;
            for (uint64_t u = 0; u < k->m[i]; u++)
                to[nt++] = bestfit ? matlab_bestfit(tm, &tmc, p[i], c, k->n)
                                   : m_alloc_trivial(alloc, k->n);
        }
    }
    return nt;
}

static void m_error(const mcase *k, double p[MB][MN], double *c,
                    uint64_t *erri, uint64_t total, uint64_t mi)
{
    double e = k->erl * sin((double)*erri * 2 * 3.14159265358979323846 /
                            (double)total);
    for (size_t j = 0; j < k->n; j++)
        if (k->erm[j]) {
            for (size_t i = 0; i < k->b; i++)
                p[i][j] = p[i][j] + p[i][j] * e;
            c[j] = c[j] + c[j] * e;
        }
    *erri += mi;
}

static void m_task(double *tm, double *ttime, const double *c, double pij,
                   size_t j, size_t n)
{
    tm[j] = tm[j] + 2 * c[j] + pij;
    for (size_t k = 0; k < n; k++)
        tm[k] = fmax(tm[k] - c[j], 0);
    *ttime += c[j];
}

/* staticScheduler (kind 0) and gsScheduler (kind 1). */
static double m_static_gs(const mcase *k0, int gs, int bestfit)
{
    mcase k = *k0;
    size_t to[256], levels = 0, tpt = 0;
    uint64_t erri = 0, total = 0;
    for (size_t i = 0; i < k.b; i++) {
        total += k.m[i];
        if (k.level[i] + 1 > levels)
            levels = k.level[i] + 1;
    }
    double ttime = 0, tm[MN] = {0};
    m_schedule(&k, k.p, k.c, bestfit, to);
    for (size_t g = 0; g < levels; g++) {
        if (gs) {                     /* recomputed with the current times */
            size_t fresh[256];
            m_schedule(&k, k.p, k.c, bestfit, fresh);
            memcpy(to + tpt, fresh + tpt, (256 - tpt) * sizeof *to);
        }
        for (size_t i = 0; i < k.b; i++) {
            if (k.level[i] != g)
                continue;
            m_error(&k, k.p, k.c, &erri, total, k.m[i]);
            for (uint64_t u = 0; u < k.m[i]; u++, tpt++)
                m_task(tm, &ttime, k.c, k.p[i][to[tpt]], to[tpt], k.n);
        }
        double longest = 0;
        for (size_t j = 0; j < k.n; j++)
            longest = fmax(longest, tm[j]);
        ttime += longest;
        memset(tm, 0, sizeof tm);
    }
    return ttime;
}

/* gstrScheduler, with the generation's end over the UPs that did not
 * fail (the code's tm < 10e5). */
static double m_gstr(const mcase *k0, int bestfit)
{
    mcase k = *k0;
    double old_p[MB][MN], old_c[MN], ttime = 0;
    memcpy(old_p, k.p, sizeof old_p);
    memcpy(old_c, k.c, sizeof old_c);
    uint64_t alloc[MN] = {0}, erri = 0, total = 0;
    size_t levels = 0;
    for (size_t i = 0; i < k.b; i++) {
        total += k.m[i];
        if (k.level[i] + 1 > levels)
            levels = k.level[i] + 1;
    }
    for (size_t g = 0; g < levels; g++) {
        double tm[MN] = {0};
        for (size_t i = 0; i < k.b; i++) {
            if (k.level[i] != g)
                continue;
            for (size_t j = 0; j < k.n; j++)
                if (k.flm[j]) {
                    for (size_t r = 0; r < k.b; r++)
                        k.p[r][j] += 1e9;
                    alloc[j] += 1000000000u;
                }
            m_error(&k, k.p, k.c, &erri, total, k.m[i]);
            for (uint64_t u = 0; u < k.m[i]; u++) {
                size_t up = 0;
                if (!bestfit) {
                    up = m_alloc_trivial(alloc, k.n);
                } else {
                    double least = INFINITY;
                    for (size_t j = 0; j < k.n; j++)
                        if (tm[j] + old_p[i][j] + 2 * old_c[j] < least) {
                            least = tm[j] + old_p[i][j] + 2 * old_c[j];
                            up = j;
                        }
                }
                tm[up] = tm[up] + 2 * k.c[up] + k.p[i][up];
                double cu = k.c[up];
                for (size_t j = 0; j < k.n; j++) {
                    tm[j] -= cu;
                    if (tm[j] < 0) {
                        old_p[i][j] = k.p[i][j];
                        old_c[j] = k.c[j];
                        tm[j] = 0;
                    }
                }
                ttime += cu;
            }
        }
        double longest = 0;
        for (size_t j = 0; j < k.n; j++)
            if (!k.flm[j])
                longest = fmax(longest, tm[j]);
        ttime += longest;
    }
    return ttime;
}

/* A random case and the same as an app and a platform for sched_run (with
 * time records for some pairs, the code's p(i, j) then not t_i / f_j). The
 * makespans agree to 1e-9, relative: the library keeps the code's
 * in-place perturbations (p += p*e, p += 1e9) as an affine map per UP,
 * which rounds differently; the allocations themselves are the code's. */
static void random_case(rng *r, mcase *k, sched_app *a, sched_platform *p)
{
    memset(k, 0, sizeof *k);
    k->b = 1 + rng_below(r, MB);
    k->n = 1 + rng_below(r, MN);
    k->erl = rng_below(r, 2) ? 0.9 * rng_uniform(r) : 0;
    memset(a, 0, sizeof *a);
    memset(p, 0, sizeof *p);
    p->error_level = k->erl;
    double f[MN];
    for (size_t j = 0; j < k->n; j++) {
        f[j] = 0.1 + rng_uniform(r);
        k->c[j] = rng_below(r, 3) ? 0.5 * rng_uniform(r) : 0;
        k->erm[j] = (int)rng_below(r, 2);
        k->flm[j] = j > 0 && rng_below(r, 4) == 0;   /* UP 1 never fails */
        VEC_PUSH(&p->ups, ((sched_up){NULL, f[j], f[j], k->c[j], k->erm[j],
                                      k->flm[j], 0, 0}));
    }
    for (size_t i = 0; i < k->b; i++) {
        k->m[i] = 1 + rng_below(r, 12);
        double t = 0.5 + 3 * rng_uniform(r);
        VEC_PUSH(&p->tasktimes, ((sched_tasktime){i + 1, t}));
        VEC_PUSH(&a->batches, ((sched_batch){NULL, i + 1, k->m[i], 0}));
        a->tasks += k->m[i];
        for (size_t j = 0; j < k->n; j++)
            k->p[i][j] = t / f[j];
        /* Half the batch types time some UPs on their own (a platform's
         * time records, pushed by (type, UP) as the reader sorts them). */
        if (rng_below(r, 2))
            for (size_t j = 0; j < k->n; j++)
                if (rng_below(r, 2)) {
                    k->p[i][j] = 0.2 + 4 * rng_uniform(r);
                    VEC_PUSH(&p->times, ((sched_time){i + 1, j, k->p[i][j],
                                                      NAN}));
                }
        for (size_t h = 0; h < i; h++)
            if (rng_below(r, 3) == 0)
                VEC_PUSH(&a->edges, ((sched_edge){h, i}));
    }
    sched_levels(a, k->level);
}

static void test_thesis_schedulers_are_the_code(void)
{
    rng r;
    rng_seed(&r, 2002003);
    int bad = 0, runs = 0, lost = 0, timed = 0;
    for (int trial = 0; trial < 400; trial++) {
        mcase k;
        sched_app a;
        sched_platform p;
        random_case(&r, &k, &a, &p);
        int fails = 0;
        for (size_t j = 0; j < k.n; j++)
            fails |= k.flm[j];
        for (int kind = 0; kind < 3; kind++)
            for (int bestfit = 0; bestfit < 2; bestfit++) {
                if (kind < 2 && fails)
                    continue;          /* refused: the code has no failures */
                sched_options o = {(sched_kind)kind,
                                   bestfit ? SCHED_BESTFIT : SCHED_TRIVIAL,
                                   0, 1};
                sched_result res;
                diag d;
                diag_init(&d, "test", stderr);
                if (sched_run(&a, &p, &o, &res, &d, "case") != 0) {
                    bad++;
                    continue;
                }
                double want = kind == 2 ? m_gstr(&k, bestfit)
                                        : m_static_gs(&k, kind == 1, bestfit);
                runs++;
                lost += res.lost > 0;
                if (!(fabs(res.makespan - want) <= 1e-9 * fmax(1, want))) {
                    if (bad++ < 5)
                        printf("# trial %d kind %d bestfit %d: %.17g, the "
                               "code %.17g\n", trial, kind, bestfit,
                               res.makespan, want);
                }
                sched_result_free(&res);
            }
        free(a.batches.items);
        free(a.edges.items);
        free(p.ups.items);
        free(p.tasktimes.items);
        timed += p.times.len > 0;
        free(p.times.items);
    }
    CHECK_INT(bad, 0);
    CHECK(timed > 100);        /* time records were exercised */
    CHECK(runs > 1500);
    CHECK(lost > 10);          /* failures were exercised */
}

/* ------------------------------------------------ MinMin's choices */

/* The reference: MinMin as the event model first wrote it (policy.c until
 * sched_minmin), quadratic: for every task, every run of the tasks left
 * scanned against every UP, the first pair of strictly least end taken
 * and its run's first task moved to the front. */
static void minmin_scan(size_t runs, const uint64_t *count, size_t ups,
                        double *avail, const sched_minmin_io *io)
{
    size_t n = 0;
    for (size_t r = 0; r < runs; r++)
        n += count[r];
    uint32_t *ids = malloc((n + 1) * sizeof *ids);
    n = 0;
    for (size_t r = 0; r < runs; r++)
        for (uint64_t i = 0; i < count[r]; i++)
            ids[n++] = (uint32_t)r;
    size_t lo = 0;
    while (lo < n) {
        size_t best_i = n, best_k = 0;
        double best = INFINITY;
        for (size_t i = lo; i < n;) {
            size_t b = ids[i];
            for (size_t k = 0; k < ups; k++) {
                double end = avail[k] + io->time(io->ctx, b, k);
                if (end < best) {
                    best = end;
                    best_i = i;
                    best_k = k;
                }
            }
            while (i < n && ids[i] == b)
                i++;
        }
        if (best_i == n)
            break;
        uint32_t t = ids[best_i];
        memmove(ids + lo + 1, ids + lo, (best_i - lo) * sizeof *ids);
        ids[lo++] = t;
        io->take(io->ctx, t, best_k);
        avail[best_k] += io->time(io->ctx, t, best_k);
    }
    free(ids);
}

typedef struct {
    const double *time;         /* [runs][ups] */
    size_t ups;
    VEC(uint32_t) taken;        /* run, UP, run, UP ... */
} minmin_case;

static double case_time(void *ctx, size_t run, size_t up)
{
    const minmin_case *c = ctx;
    return c->time[run * c->ups + up];
}

static void case_take(void *ctx, size_t run, size_t up)
{
    minmin_case *c = ctx;
    VEC_PUSH(&c->taken, (uint32_t)run);
    VEC_PUSH(&c->taken, (uint32_t)up);
}

/* sched_minmin against the scan on random instances built for ties: times
 * from a few values (0 included), ends that round to the same double
 * (1e16 + 1 = 1e16), UPs known dead (INFINITY), times that are infinite or
 * NaN, and the same avail left behind. */
static void test_minmin_is_the_scan(void)
{
    static const double times[] = {0, 0.5, 1, 1, 2, 3, 1.0000000000000002,
                                   0.1, 0.2, 0.30000000000000004, 7,
                                   INFINITY, NAN};
    static const double avails[] = {0, 0, 1, 0.1, 1e16, 1e16, 2, INFINITY};
    rng g;
    rng_seed(&g, 11);
    int differ = 0, tasks_left = 0, ties = 0;
    for (int trial = 0; trial < 20000; trial++) {
        size_t runs = 1 + rng_below(&g, 7), ups = 1 + rng_below(&g, 7);
        double *time = malloc(runs * ups * sizeof *time);
        double *av1 = malloc(ups * sizeof *av1), *av2 = malloc(ups * sizeof *av2);
        uint64_t *count = malloc(runs * sizeof *count);
        size_t nt = rng_below(&g, 3) ? 11 : 13;      /* with inf, NaN or not */
        for (size_t i = 0; i < runs * ups; i++)
            time[i] = times[rng_below(&g, nt)];
        for (size_t k = 0; k < ups; k++)
            av1[k] = av2[k] = avails[rng_below(&g, 8)];
        uint64_t n = 0;
        for (size_t r = 0; r < runs; r++)
            n += count[r] = 1 + rng_below(&g, 12);
        minmin_case fast = {time, ups, {0}}, scan = {time, ups, {0}};
        /* Both ways of sched_minmin: the runs ordered per UP, or not. */
        sched_minmin_io io_fast = {case_time, case_take, &fast,
                                   trial % 2 ? SIZE_MAX : 0};
        sched_minmin_io io_scan = {case_time, case_take, &scan, 0};
        sched_minmin(runs, count, ups, av1, &io_fast);
        minmin_scan(runs, count, ups, av2, &io_scan);
        int same = fast.taken.len == scan.taken.len;
        for (size_t i = 0; same && i < fast.taken.len; i++)
            same = fast.taken.items[i] == scan.taken.items[i];
        for (size_t k = 0; same && k < ups; k++)
            same = av1[k] == av2[k] || (isnan(av1[k]) && isnan(av2[k]));
        if (!same && !differ)
            printf("# trial %d: %zu runs on %zu UPs choose otherwise\n",
                   trial, runs, ups);
        differ += !same;
        tasks_left += scan.taken.len / 2 < n;
        for (size_t k = 1; k < ups; k++)
            ties += av2[k] == av2[0];
        free(fast.taken.items);
        free(scan.taken.items);
        free(time);
        free(av1);
        free(av2);
        free(count);
    }
    CHECK_INT(differ, 0);
    CHECK(tasks_left > 1000);          /* instances with no finite end */
    CHECK(ties > 1000);
}

int main(void)
{
    RUN(test_levels);
    RUN(test_trivial);
    RUN(test_bestfit_by_hand);
    RUN(test_bestfit_is_the_matlab_rule);
    RUN(test_tp);
    RUN(test_pp);
    RUN(test_partitions_sum_to_m);
    RUN(test_gcd_quirk);
    RUN(test_ppcp_worked_example);
    RUN(test_ppcp_two_sets);
    RUN(test_thesis_schedulers_are_the_code);
    RUN(test_minmin_is_the_scan);
    return unit_done();
}
