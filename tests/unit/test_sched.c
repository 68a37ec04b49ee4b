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

/* Two tasks of 2 s over links of 1 s on two UPs, by hand: the first goes
 * to UP 1 (ends at 4), the second to UP 2 (sent from 1 to 2, back at 5);
 * the generation ends at 5. */
static void test_clock_by_hand(void)
{
    sched_clock k;
    sched_clock_init(&k, 2);
    double p[2] = {2, 2}, c[2] = {1, 1}, s, f;
    size_t j = sched_bestfit_next(&k, p, c);
    CHECK_INT(j, 0);
    sched_clock_dispatch(&k, j, p[j], c[j], &s, &f);
    CHECK(s == 0 && f == 4);
    j = sched_bestfit_next(&k, p, c);
    CHECK_INT(j, 1);
    sched_clock_dispatch(&k, j, p[j], c[j], &s, &f);
    CHECK(s == 1 && f == 5);
    CHECK(sched_clock_end(&k) == 5);
    sched_clock_reset(&k, 5);
    CHECK(sched_clock_end(&k) == 5);
    sched_clock_free(&k);
}

/* The MATLAB code's loop (precise-rules §1), transcribed: tm relative to
 * the coordinator, tmc its send clock, Δ_j = max(tm2) + tmc + c_j -
 * (max(tm) + tmc), the first strictly smallest. Returns the choice. */
static size_t matlab_bestfit(double *tm, double *tmc, const double *p,
                             const double *c, size_t n)
{
    double *tm2 = malloc(n * sizeof *tm2), best = INFINITY, maxtm = 0;
    size_t pick = 0;
    for (size_t k = 0; k < n; k++)
        maxtm = fmax(maxtm, tm[k]);
    for (size_t j = 0; j < n; j++) {
        double m = 0;
        for (size_t k = 0; k < n; k++) {
            tm2[k] = fmax(0, tm[k] - c[j]);
            if (k == j)
                tm2[k] = fmax(0, tm[k] - c[j] + 2 * c[j] + p[j]);
            m = fmax(m, tm2[k]);
        }
        double delta = m + *tmc + c[j] - (maxtm + *tmc);
        if (delta < best) {
            best = delta;
            pick = j;
        }
    }
    *tmc += c[pick];
    for (size_t k = 0; k < n; k++)
        tm[k] = k == pick ? fmax(0, tm[k] + c[pick] + p[pick])
                          : fmax(0, tm[k] - c[pick]);
    free(tm2);
    return pick;
}

/* Random generations whose times are multiples of 1/4 (exact in binary):
 * the library's choices, and its generation end, are the code's. */
static void test_bestfit_is_the_matlab_rule(void)
{
    rng r;
    rng_seed(&r, 2002);
    int same = 1;
    for (int trial = 0; trial < 500 && same; trial++) {
        size_t n = 1 + rng_below(&r, 8), tasks = 1 + rng_below(&r, 40);
        double p[8], c[8], tm[8] = {0}, tmc = 0;
        int links = (int)rng_below(&r, 3);   /* none, equal, varied */
        for (size_t j = 0; j < n; j++) {
            p[j] = 0.25 * (double)(1 + rng_below(&r, 40));
            c[j] = links == 0 ? 0 : links == 1 ? 0.5
                                  : 0.25 * (double)rng_below(&r, 8);
        }
        sched_clock k;
        sched_clock_init(&k, n);
        for (size_t t = 0; t < tasks && same; t++) {
            size_t want = matlab_bestfit(tm, &tmc, p, c, n);
            size_t got = sched_bestfit_next(&k, p, c);
            double s, f;
            sched_clock_dispatch(&k, got, p[got], c[got], &s, &f);
            same = got == want;
        }
        double maxtm = 0;
        for (size_t j = 0; j < n; j++)
            maxtm = fmax(maxtm, tm[j]);
        same = same && sched_clock_end(&k) == tmc + maxtm;
        if (!same)
            printf("# trial %d: %zu UPs, %zu tasks, links %d\n", trial, n,
                   tasks, links);
        sched_clock_free(&k);
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

int main(void)
{
    RUN(test_levels);
    RUN(test_trivial);
    RUN(test_clock_by_hand);
    RUN(test_bestfit_is_the_matlab_rule);
    RUN(test_tp);
    RUN(test_pp);
    RUN(test_gcd_quirk);
    RUN(test_ppcp_worked_example);
    RUN(test_ppcp_two_sets);
    return unit_done();
}
