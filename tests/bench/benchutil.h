/* benchutil.h — what the benchmarks share: a fixed-seed RNG and a clock. */
#ifndef GMK_BENCHUTIL_H
#define GMK_BENCHUTIL_H

#include <stdint.h>
#include <time.h>

/* xorshift64*: the same numbers on every run and machine. */
static inline uint64_t bench_rng(uint64_t *s) {
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545f4914f6cdd1dULL;
}

/* Monotonic seconds. */
static inline double bench_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

#endif
