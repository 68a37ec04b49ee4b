/* sweep.c — the message sizes a sweep measures, lists of sizes from the
 * command line, and the resolution of a clock. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"

/* Seed 001's Table 1: the sizes its MPBench runs used (several are about
 * 2^k/3; the paper does not say why), kept so that a sweep here compares
 * with the published send and receive times size for size. */
static const uint64_t seed001_sizes[] = {
    6824, 13652, 21844, 43688, 65536, 131072, 218452, 349524, 524288,
    1048576, 1747624, 3495252, 5592404,
};

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

void bench_default_sizes(uint64_t max, bench_sizes *out)
{
    bench_sizes all = {0};
    VEC_PUSH(&all, 0);
    for (int k = 0; k <= 22; k++)
        VEC_PUSH(&all, (uint64_t)1 << k);
    for (size_t i = 0; i < sizeof seed001_sizes / sizeof *seed001_sizes; i++)
        VEC_PUSH(&all, seed001_sizes[i]);
    qsort(all.items, all.len, sizeof *all.items, cmp_u64);
    for (size_t i = 0; i < all.len; i++)
        if (all.items[i] <= max && (i == 0 || all.items[i] != all.items[i - 1]))
            VEC_PUSH(out, all.items[i]);
    free(all.items);
}

int bench_parse_list(const char *text, uint64_t min, uint64_t max,
                     bench_sizes *out, const char **why, char bad[64])
{
    size_t start = out->len;
    const char *p = text;
    for (;;) {
        size_t len = strcspn(p, ",");
        snprintf(bad, 64, "%.*s", (int)(len < 60 ? len : 60), p);
        uint64_t v;
        if (len == 0 || len >= 64 || parse_u64(bad, min, max, &v) < 0) {
            *why = "not an integer in range";
            return -1;
        }
        if (out->len > start && v <= out->items[out->len - 1]) {
            *why = "not above the one before it";
            return -1;
        }
        if (out->len - start == BENCH_MAX_LIST) {
            *why = "one too many";
            return -1;
        }
        VEC_PUSH(out, v);
        if (p[len] == '\0')
            return 0;
        p += len + 1;
    }
}

double bench_timer_resolution(bench_clock now, int tries)
{
    double best = INFINITY;
    for (int i = 0; i < tries; i++) {
        double a = now(), b = a;
        /* Bounded: a clock that never moves is reported, not waited on. */
        for (long k = 0; k < 100000000 && b == a; k++)
            b = now();
        if (b == a)
            return NAN;
        if (b > a && b - a < best)   /* a clock stepped back is no step */
            best = b - a;
    }
    return best;
}
