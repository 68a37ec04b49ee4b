/* rng.c — the seeded generator: splitmix64 for seeding, xoshiro256** for
 * the stream (Blackman & Vigna, https://prng.di.unimi.it/).
 *
 * Every function here is part of the reproducibility contract: the order
 * and number of rng_next calls each one makes is fixed, so a seed names
 * one result forever. Change nothing here without changing the contract. */
#include <math.h>

#include "common/common.h"

uint64_t splitmix64_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* splitmix64 never yields four zeros in a row, so the state is never the
 * all-zero fixed point of xoshiro, whatever the seed. */
void rng_seed(rng *r, uint64_t seed)
{
    uint64_t state = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64_next(&state);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* The reference xoshiro256** step, verbatim. */
uint64_t rng_next(rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* The top 53 bits (the best ones of xoshiro) scaled by 2^-53: every value
 * is a multiple of 2^-53 in [0, 1), all equally likely. */
double rng_uniform(rng *r)
{
    return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

/* Rejection on a threshold (as OpenBSD's arc4random_uniform): the raw
 * values below 2^64 mod bound are redrawn, so the rest is a whole number
 * of copies of [0, bound) and `% bound` is exactly uniform. The rejected
 * share is below bound / 2^64, so the loop almost never turns twice. */
uint64_t rng_below(rng *r, uint64_t bound)
{
    if (bound == 0)
        return 0;   /* outside the contract; avoid dividing by zero */
    uint64_t threshold = -bound % bound;   /* == 2^64 mod bound */
    for (;;) {
        uint64_t x = rng_next(r);
        if (x >= threshold)
            return x % bound;
    }
}

/* Box–Muller, cosine branch only: two uniforms per draw and no cached
 * second value, so the generator stays the whole state. 1 - u lies in
 * (0, 1], keeping log() finite. */
double rng_normal(rng *r, double mean, double sd)
{
    const double two_pi = 6.283185307179586476925286766559;
    double u1 = rng_uniform(r);
    double u2 = rng_uniform(r);
    double radius = sqrt(-2.0 * log(1.0 - u1));
    return mean + sd * radius * cos(two_pi * u2);
}
