/* rng_core.h — the generator behind every seeded result of perfpipe, kept
 * self-contained (C99 + <math.h>, no other perfpipe header) because it is
 * compiled twice: into lib/common/rng.c, and as text into the MPI programs
 * proto2c writes, so that a measured run draws exactly what netsim draws.
 *
 * splitmix64 for seeding, xoshiro256** for the stream (Blackman & Vigna,
 * https://prng.di.unimi.it/), Box–Muller for the Gaussian. The order and
 * number of draws of each function are part of the reproducibility
 * contract: a seed names one result forever. */
#ifndef PERFPIPE_RNG_CORE_H
#define PERFPIPE_RNG_CORE_H

#include <math.h>
#include <stdint.h>

static inline uint64_t rngc_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* splitmix64 never yields four zeros in a row, so the state is never the
 * all-zero fixed point of xoshiro, whatever the seed. */
static inline void rngc_seed(uint64_t s[4], uint64_t seed)
{
    uint64_t state = seed;
    for (int i = 0; i < 4; i++)
        s[i] = rngc_splitmix64(&state);
}

static inline uint64_t rngc_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* The reference xoshiro256** step, verbatim. */
static inline uint64_t rngc_next(uint64_t s[4])
{
    uint64_t result = rngc_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rngc_rotl(s[3], 45);
    return result;
}

/* The top 53 bits scaled by 2^-53: multiples of 2^-53 in [0, 1). */
static inline double rngc_uniform(uint64_t s[4])
{
    return (double)(rngc_next(s) >> 11) * 0x1.0p-53;
}

/* Box–Muller, cosine branch only: two uniforms per draw and no cached
 * second value, so the generator stays the whole state. 1 - u lies in
 * (0, 1], keeping log() finite. */
static inline double rngc_normal(uint64_t s[4], double mean, double sd)
{
    const double two_pi = 6.283185307179586476925286766559;
    double u1 = rngc_uniform(s);
    double u2 = rngc_uniform(s);
    double radius = sqrt(-2.0 * log(1.0 - u1));
    return mean + sd * radius * cos(two_pi * u2);
}

/* Seeds derived from a run's seed: one stream per simulated process, and
 * one per (statement, execution) for the draws all processes share. */
static inline uint64_t rngc_mix(uint64_t a, uint64_t b)
{
    uint64_t state = a ^ (b * 0x9e3779b97f4a7c15u);
    return rngc_splitmix64(&state);
}

static inline uint64_t rngc_process_seed(uint64_t seed, uint64_t rank)
{
    return rngc_mix(seed, rank + 1);
}

static inline uint64_t rngc_shared_seed(uint64_t seed, uint64_t stmt,
                                        uint64_t n)
{
    return rngc_mix(rngc_mix(seed, 0x5eed5eedu + stmt), n);
}

#endif
