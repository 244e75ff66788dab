/*
 * tt.h — the search's transposition table (layout and policy in tt.c).
 */
#ifndef GMK_TT_H
#define GMK_TT_H

#include <stdatomic.h>

#include "gmk_search.h"

/* Bound of a stored score. */
enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

#define TT_BUCKET 4      /* entries per 64-byte bucket */

/* One entry: two 64-bit words written and read with relaxed atomics. */
typedef struct {
    _Atomic uint64_t check;  /* Zobrist key ^ data: a torn entry fails the check */
    _Atomic uint64_t data;   /* packed fields, see tt.c; 0 = empty */
} TTEntry;

/* What a probe found. */
typedef struct {
    Move move;       /* best move, MOVE_NONE if none */
    int score;       /* ply-adjusted back to the probing node; SCORE_NONE if none */
    int eval;        /* static evaluation stored with it; SCORE_NONE if none */
    int depth;       /* draft of the stored search, -1..126 */
    int bound;       /* BOUND_* */
} TTHit;

/* The table: a power-of-two array of buckets. */
typedef struct {
    TTEntry *entries;      /* bucket_count * TT_BUCKET entries, 64-byte aligned */
    atomic_bool used;      /* an entry was stored since the table was last cleared */
    size_t bucket_count;   /* power of two; 0 when not allocated */
    size_t mb;             /* size asked for, in MB after rounding */
    uint8_t generation;    /* 0..63, advanced by tt_new_search */
    bool touched;          /* every page written once (tt_prefault, tt_clear) */
} TT;

GmkStatus tt_init(TT *tt, size_t mb);    /* allocates (and clears) tt_size_mb(mb) megabytes */
size_t tt_size_mb(size_t mb);            /* the size tt_init makes of mb: a power of two, 1 at least */
void tt_free(TT *tt);
void tt_clear(TT *tt);
void tt_prefault(TT *tt);                /* touches every page now (empties the table) */
void tt_new_search(TT *tt);               /* ages the entries of earlier searches */
bool tt_probe(const TT *tt, Key key, int ply, TTHit *hit);
void tt_store(TT *tt, Key key, int ply, Move move, int score, int eval, int depth, int bound);
int tt_hashfull(const TT *tt);            /* permille of sampled entries from this search */

/* Starts loading the bucket of key into the cache (before the probe that
 * needs it, while other work goes on). */
static inline void tt_prefetch(const TT *tt, Key key) {
    __builtin_prefetch(&tt->entries[(key & (tt->bucket_count - 1)) * TT_BUCKET]);
}

/* Ply adjustment of forced results: the table stores distances from the
 * stored node, the search uses distances from the root. */
static inline int score_to_tt(int s, int ply) {
    return s >= SCORE_WIN_MIN ? s + ply : s <= -SCORE_WIN_MIN ? s - ply : s;
}
static inline int score_from_tt(int s, int ply) {
    return s >= SCORE_WIN_MIN ? s - ply : s <= -SCORE_WIN_MIN ? s + ply : s;
}

#endif
