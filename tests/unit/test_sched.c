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

int main(void)
{
    RUN(test_levels);
    RUN(test_trivial);
    RUN(test_clock_by_hand);
    RUN(test_bestfit_is_the_matlab_rule);
    return unit_done();
}
