/* rng.c — the seeded generator of common.h, over the core in rng_core.h
 * (shared, as text, with the MPI programs proto2c writes). Every function
 * here is part of the reproducibility contract: the order and number of
 * rng_next calls each one makes is fixed, so a seed names one result
 * forever. Change nothing here without changing the contract. */
#include "common/common.h"
#include "common/rng_core.h"

uint64_t splitmix64_next(uint64_t *state) { return rngc_splitmix64(state); }
void rng_seed(rng *r, uint64_t seed) { rngc_seed(r->s, seed); }
uint64_t rng_next(rng *r) { return rngc_next(r->s); }
double rng_uniform(rng *r) { return rngc_uniform(r->s); }

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

double rng_normal(rng *r, double mean, double sd)
{
    return rngc_normal(r->s, mean, sd);
}
