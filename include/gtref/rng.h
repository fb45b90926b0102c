/* Deterministic pseudo-random numbers: splitmix64 seeding + xoshiro256**.
 * Same seed, same sequence, on every machine: the generator and the testbench's
 * latency model both draw from this, never from rand(). */
#ifndef GTREF_RNG_H
#define GTREF_RNG_H
#include <stdint.h>

typedef struct gtref_rng { uint64_t s[4]; } gtref_rng;

static inline uint64_t gtref_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline void gtref_rng_seed(gtref_rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) r->s[i] = gtref_splitmix64(&x);
}

static inline uint64_t gtref_rng_next(gtref_rng *r)
{
    uint64_t *s = r->s;
    uint64_t v = s[1] * 5;
    uint64_t result = ((v << 7) | (v >> 57)) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}

/* Uniform integer in [lo, hi] (inclusive). */
static inline uint64_t gtref_rng_range(gtref_rng *r, uint64_t lo, uint64_t hi)
{
    if (hi <= lo) return lo;
    uint64_t span = hi - lo + 1;
    return lo + (span ? gtref_rng_next(r) % span : gtref_rng_next(r));
}

/* True with probability pct/100. */
static inline int gtref_rng_pct(gtref_rng *r, unsigned pct)
{
    return (gtref_rng_next(r) % 100) < pct;
}
#endif
