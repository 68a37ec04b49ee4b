/* test_fluid.c — unit tests of lib/sim/fluid.c, the max-min fair sharing
 * of links among flows: allocations computed by hand (three flows on two
 * links, a flow's own cap, the bandwidth left over), times through flows
 * that end and free bandwidth, latency that is not shared, a lone flow
 * ending at exactly the caller's time, the locality of an event's
 * recomputation, and random flow sets against a direct (quadratic)
 * progressive filling written here from the definition. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "common/common.h"
#include "sim/fluid.h"
#include "unit.h"

/* Steps once; returns the time, and the number of flows ended. */
static double step(fluid *f, size_t *n, uint32_t *first)
{
    uint32_t *ended = NULL;
    size_t cap = 0;
    double t;
    *n = fluid_step(f, &t, &ended, &cap);
    if (*n && first)
        *first = ended[0];
    free(ended);
    return t;
}

static void test_three_flows_two_links(void)
{
    /* A = 10, B = 4 bytes/us. f0 on A, f1 on A and B, f2 on B. B fills
     * first at 4/2 = 2: f1 = f2 = 2; A gives f0 the 10 - 2 = 8 left. */
    double caps[] = {10, 4};
    fluid *f = fluid_new(2, caps);
    uint32_t a[] = {0}, ab[] = {0, 1}, b[] = {1};
    uint32_t f0 = fluid_start(f, 0, a, 1, 0, 80, INFINITY, NAN);
    uint32_t f1 = fluid_start(f, 0, ab, 2, 0, 10, INFINITY, NAN);
    uint32_t f2 = fluid_start(f, 0, b, 1, 0, 30, INFINITY, NAN);
    size_t n;
    uint32_t who = 99;
    CHECK(step(f, &n, NULL) == 0);   /* the three latencies (0) end */
    CHECK_INT(n, 0);
    CHECK(fluid_rate(f, f0) == 8);
    CHECK(fluid_rate(f, f1) == 2);
    CHECK(fluid_rate(f, f2) == 2);
    /* f1's 10 bytes at 2: t = 5. Then f0 alone on A (10), f2 on B (4). */
    CHECK(step(f, &n, &who) == 5);
    CHECK_INT(n, 1);
    CHECK_INT(who, 1);
    CHECK(fluid_rate(f, f0) == 10);
    CHECK(fluid_rate(f, f2) == 4);
    /* f0: 40 moved by 5, 40 left at 10: t = 9; f2: 10 moved, 20 at 4:
     * t = 10. */
    CHECK(step(f, &n, &who) == 9);
    CHECK_INT(who, 0);
    CHECK(step(f, &n, &who) == 10);
    CHECK_INT(who, 2);
    CHECK_INT(fluid_flows(f), 0);
    CHECK(isinf(fluid_next(f)));
    fluid_free(f);
}

static void test_cap_and_leftover(void)
{
    /* One link of 10: a flow capped at 3 takes 3, the other the 7 left;
     * three flows, caps 1 and 2 and none: 1, 2, 7. */
    double caps[] = {10};
    fluid *f = fluid_new(1, caps);
    uint32_t p[] = {0};
    uint32_t x = fluid_start(f, 0, p, 1, 0, 1e9, 3, NAN);
    uint32_t y = fluid_start(f, 0, p, 1, 0, 1e9, INFINITY, NAN);
    size_t n;
    step(f, &n, NULL);
    CHECK(fluid_rate(f, x) == 3);
    CHECK(fluid_rate(f, y) == 7);
    fluid_free(f);
    f = fluid_new(1, caps);
    x = fluid_start(f, 0, p, 1, 0, 1e9, 1, NAN);
    y = fluid_start(f, 0, p, 1, 0, 1e9, 2, NAN);
    uint32_t z = fluid_start(f, 0, p, 1, 0, 1e9, INFINITY, NAN);
    step(f, &n, NULL);
    CHECK(fluid_rate(f, x) == 1);
    CHECK(fluid_rate(f, y) == 2);
    CHECK(fluid_rate(f, z) == 7);
    fluid_free(f);
}

static void test_latency_not_shared(void)
{
    /* Link 10. B (no latency) alone from 0 to 5: 50 of its 100 bytes;
     * then A enters, both at 5: B ends at 15, A has 50 left, alone at 10:
     * ends at 20. */
    double caps[] = {10};
    fluid *f = fluid_new(1, caps);
    uint32_t p[] = {0};
    fluid_start(f, 0, p, 1, 5, 100, INFINITY, NAN);
    uint32_t b = fluid_start(f, 0, p, 1, 0, 100, INFINITY, NAN);
    size_t n;
    uint32_t who = 99;
    CHECK(step(f, &n, NULL) == 0);
    CHECK(fluid_rate(f, b) == 10);
    CHECK(step(f, &n, NULL) == 5);
    CHECK_INT(n, 0);
    CHECK(fluid_rate(f, b) == 5);
    CHECK(step(f, &n, &who) == 15);
    CHECK_INT(who, 1);
    CHECK(step(f, &n, &who) == 20);
    CHECK_INT(who, 0);
    fluid_free(f);
}

static void test_alone_exact(void)
{
    /* A flow never slowed down ends at the caller's time to the bit,
     * however its latency and bytes round: here 0.1 + (10 + 0.001 d) is
     * not (0.1 + 10) + d / 1000 in doubles. */
    double caps[] = {4000};
    fluid *f = fluid_new(1, caps);
    uint32_t p[] = {0};
    double start = 0.1, d = 65537, cost = 10 + 0.001 * d;
    uint32_t id = fluid_start(f, start, p, 1, 10, d, 1 / 0.001, start + cost);
    size_t n;
    uint32_t who = 0;
    double t = 0;
    while (fluid_flows(f))
        t = step(f, &n, &who);
    CHECK(t == start + cost);
    CHECK_INT(who, id);
    fluid_free(f);
}

static void test_event_is_local(void)
{
    /* Two links apart, 3 flows on each: a flow ending on link 1 changes
     * the rates of the two others there (2 updates) and of none on link
     * 0. */
    double caps[] = {6, 6};
    fluid *f = fluid_new(2, caps);
    uint32_t p0[] = {0}, p1[] = {1};
    for (int i = 0; i < 3; i++) {
        fluid_start(f, 0, p0, 1, 0, 1000, INFINITY, NAN);
        fluid_start(f, 0, p1, 1, 0, i == 0 ? 2 : 1000, INFINITY, NAN);
    }
    size_t n;
    step(f, &n, NULL);
    uint64_t before = fluid_updates(f);
    CHECK_INT(before, 6);
    CHECK(step(f, &n, NULL) == 1);   /* 2 bytes at 2 */
    CHECK_INT(n, 1);
    CHECK_INT(fluid_updates(f) - before, 2);
    fluid_free(f);
}

/* Max-min by its definition, quadratic: raise every unfixed flow's rate
 * together to the lowest of the links' fair shares and the flows' caps;
 * fix the flows that that stops; again. */
static void reference(int nl, const double *cap, int nf, int path[][3],
                      const int *len, const double *fcap, double *rate)
{
    int fixed[64] = {0};
    double rem[16];
    for (int l = 0; l < nl; l++)
        rem[l] = cap[l];
    for (int left = nf; left > 0;) {
        double best = INFINITY;
        for (int l = 0; l < nl; l++) {
            int k = 0;
            for (int i = 0; i < nf; i++)
                for (int j = 0; j < len[i]; j++)
                    k += !fixed[i] && path[i][j] == l;
            if (k)
                best = fmin(best, rem[l] / k);
        }
        for (int i = 0; i < nf; i++)
            if (!fixed[i])
                best = fmin(best, fcap[i]);
        for (int i = 0; i < nf; i++) {
            if (fixed[i])
                continue;
            int stop = fcap[i] <= best;
            for (int j = 0; j < len[i] && !stop; j++) {
                int l = path[i][j], k = 0;
                for (int q = 0; q < nf; q++)
                    for (int r = 0; r < len[q]; r++)
                        k += !fixed[q] && path[q][r] == l;
                stop = rem[l] / k <= best * (1 + 1e-12);
            }
            if (!stop)
                continue;
            rate[i] = best;
            fixed[i] = 2;   /* fixed this round: still counted above */
        }
        for (int i = 0; i < nf; i++)
            if (fixed[i] == 2) {
                for (int j = 0; j < len[i]; j++)
                    rem[path[i][j]] -= best;
                fixed[i] = 1;
                left--;
            }
    }
}

/* A random network: 2 to 9 links of 1 to 64 bytes/us, 2 to 33 flows of
 * up to 3 links each, a third of them with a cap of 1 to 16, all started
 * at 0 with no latency. */
typedef struct {
    int nl, nf;
    double cap[16], fcap[64];
    int path[64][3], len[64];
    uint32_t ids[64];
    fluid *f;
} random_net;

static uint64_t draw(uint64_t *seed, int bits)
{
    *seed = *seed * 6364136223846793005u + 1;
    return *seed >> (64 - bits);
}

static void random_net_new(random_net *n, uint64_t *seed)
{
    n->nl = 2 + (int)draw(seed, 3);
    for (int l = 0; l < n->nl; l++)
        n->cap[l] = 1 + (double)draw(seed, 6);
    n->nf = 2 + (int)draw(seed, 5);
    n->f = fluid_new((size_t)n->nl, n->cap);
    for (int i = 0; i < n->nf; i++) {
        n->len[i] = 0;
        for (int l = 0; l < n->nl && n->len[i] < 3; l++)
            if (draw(seed, 1) || l == n->nl - 1)
                n->path[i][n->len[i]++] = l;
        uint64_t c = draw(seed, 5);
        n->fcap[i] = c < 20 ? INFINITY : (double)(c - 19);
        uint32_t up[3];
        for (int j = 0; j < n->len[i]; j++)
            up[j] = (uint32_t)n->path[i][j];
        n->ids[i] = fluid_start(n->f, 0, up, n->len[i], 0,
                                1 + (double)draw(seed, 20), n->fcap[i], NAN);
    }
}

/* The flows alive[i] (NULL: all) against the reference; the mismatches,
 * the first few printed. */
static int compare(const random_net *n, const int *alive, int trial)
{
    int map[64], m = 0, path[64][3], len[64], bad = 0;
    double fcap[64], rate[64];
    for (int i = 0; i < n->nf; i++)
        if (!alive || alive[i]) {
            map[m] = i;
            len[m] = n->len[i];
            fcap[m] = n->fcap[i];
            for (int j = 0; j < n->len[i]; j++)
                path[m][j] = n->path[i][j];
            m++;
        }
    if (!m)
        return 0;
    reference(n->nl, n->cap, m, path, len, fcap, rate);
    for (int k = 0; k < m; k++) {
        double got = fluid_rate(n->f, n->ids[map[k]]);
        if (!(fabs(got - rate[k]) <= 1e-9 * rate[k]) && bad++ < 3)
            printf("# trial %d flow %d: %.17g, reference %.17g\n", trial,
                   map[k], got, rate[k]);
    }
    return bad;
}

static void test_random_against_reference(void)
{
    uint64_t seed = 12345;
    int bad = 0;
    for (int trial = 0; trial < 300; trial++) {
        random_net n;
        random_net_new(&n, &seed);
        size_t k;
        step(n.f, &k, NULL);   /* every flow enters at once */
        bad += compare(&n, NULL, trial);
        fluid_free(n.f);
    }
    CHECK_INT(bad, 0);
}

/* Flows that end one by one, recomputed each time from the rates before
 * (fluid.c refills only the flows a change reaches): after every step,
 * every flow still moving at the rate a filling from scratch gives. */
static void test_incremental_against_reference(void)
{
    uint64_t seed = 2929;
    int bad = 0, steps = 0;
    for (int trial = 0; trial < 60; trial++) {
        random_net n;
        random_net_new(&n, &seed);
        int alive[64];
        for (int i = 0; i < n.nf; i++)
            alive[i] = 1;
        uint32_t *ended = NULL;
        size_t room = 0;
        double t;
        while (fluid_flows(n.f)) {
            size_t k = fluid_step(n.f, &t, &ended, &room);
            for (size_t e = 0; e < k; e++)
                for (int i = 0; i < n.nf; i++)
                    if (alive[i] && n.ids[i] == ended[e])
                        alive[i] = 0;
            bad += compare(&n, alive, trial);
            steps++;
        }
        free(ended);
        fluid_free(n.f);
    }
    CHECK_INT(bad, 0);
    CHECK(steps > 500);
}

int main(void)
{
    RUN(test_three_flows_two_links);
    RUN(test_cap_and_leftover);
    RUN(test_latency_not_shared);
    RUN(test_alone_exact);
    RUN(test_event_is_local);
    RUN(test_random_against_reference);
    RUN(test_incremental_against_reference);
    return unit_done();
}
