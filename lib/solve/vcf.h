/*
 * vcf.h — the VCF layer: victory by continuous fours over the threat layer
 * (solve_threat.h), with its table of positions refuted and lines found.
 *
 * The VCF table holds, per (stones, attacker), "no VCF within depth d" or
 * "a VCF of len fours starting with move m"; 16-byte entries, VCF_WAYS to a
 * bucket. It starts small inside a block reserved at its full size and
 * doubles in place, up to its full size, when a store would push out an
 * entry while half its slots are taken (vct.h says why).
 */
#ifndef GMK_VCF_H
#define GMK_VCF_H

#include "solve_mem.h"
#include "solve_threat.h"

#define VCF_ANY 255 /* depth "no limit" */

/* VCF table entry. */
typedef struct {
    uint64_t key;     /* stones ^ attacker key; 0 = empty slot */
    Move move;        /* WIN: first move of the line */
    uint8_t depth;    /* FAIL: no VCF with at most this many fours (VCF_ANY: none at all) */
    uint8_t len;      /* WIN: fours the line uses */
    uint8_t result;   /* SR_FAIL or SR_WIN */
    uint8_t pad_[3];
} VcfEntry;
#define VCF_WAYS 4         /* entries per bucket: a 64-byte cache line */
#define VTAB_START 256     /* first size of the table in buckets: 16 KB */

/* The layer's state. */
typedef struct {
    SolvePos *pos;                  /* the position searched (the threat layer's) */
    VcfEntry *vtab;
    size_t vmask;                   /* buckets - 1 (VCF_WAYS entries per bucket) */
    size_t vmask_max;               /* ... at the table's full size */
    SolveMem vmem;                  /* its memory */
    bool related;                   /* the search running is the related one (vcf.c) */
    size_t vused;                   /* entries in the table */
} Vcf;

/* Does colour a, moving now (whoever is to move on the board), win by
 * continuous fours using at most depth fours before the five? budget: node
 * budget of this call (0: only the global limits). SR_WIN (line filled when
 * not NULL), SR_FAIL, or SR_ABORT (a limit: the answer is unknown). */
int vcf_run(Vcf *v, Color a, int depth, uint64_t budget, VcfLine *line);
/* Fetches the table slots that both colours' VCF searches from the position
 * with stones key `stones` read first (a hint for the cache, nothing more). */
void vcf_prefetch(const Vcf *v, Key stones);
/* Every first move of a VCF for a (at most depth fours). Returns the count,
 * or -1 when a limit stopped the work. */
int vcf_all(Vcf *v, Color a, int depth, Move *out);
void vcf_clear(Vcf *v);

#endif /* GMK_VCF_H */
