/*
 * tt.c — transposition table shared by all search threads.
 *
 * Layout. A power-of-two array of 64-byte buckets (one cache line), each
 * holding TT_BUCKET = 4 entries of two 64-bit words:
 *
 *   check = key ^ data          (the full 64-bit Zobrist key, xor-ed)
 *   data  = move:16 | score:16 | eval:16 | depth+2:8 | generation:6 | bound:2
 *           bits 0..15 16..31    32..47    48..55      58..63         56..57
 *
 * The bucket index is the key's low bits. Threads read and write the words
 * with relaxed atomics and no lock (lazy SMP): an entry torn by two writers
 * fails check ^ data == key and reads as a miss (Hyatt's lockless hashing),
 * so a hit is always one writer's whole entry. data is never 0 for a stored
 * entry (depth+2 >= 1), so 0 marks an empty slot.
 *
 * Scores of forced results are stored relative to the stored node
 * (score_to_tt) and turned back into distances from the root on probe.
 *
 * Replacement. A store goes to the entry holding the same key if there is
 * one; it keeps that entry's move when it has none, and does not overwrite a
 * deeper entry of the current search with a shallower non-exact one. Else it
 * takes the empty slot or the entry with the lowest depth - 8 * age, where
 * age is how many searches ago (generations, mod 64) the entry was written.
 */
#include "tt.h"

#include "core/bigmem.h"

#include <stdlib.h>
#include <string.h>

#define GEN_MASK 63

/* Packs an entry's fields into its data word (layout above). */
static inline uint64_t tt_pack(Move move, int score, int eval, int depth, int bound, int gen) {
    return (uint64_t)(uint16_t)move | (uint64_t)(uint16_t)(int16_t)score << 16 |
           (uint64_t)(uint16_t)(int16_t)eval << 32 | (uint64_t)(uint8_t)(depth + 2) << 48 |
           (uint64_t)(bound & 3) << 56 | (uint64_t)(gen & GEN_MASK) << 58;
}
static inline Move data_move(uint64_t d) { return (Move)(int16_t)(uint16_t)d; }
static inline int data_score(uint64_t d) { return (int16_t)(uint16_t)(d >> 16); }
static inline int data_eval(uint64_t d) { return (int16_t)(uint16_t)(d >> 32); }
static inline int data_depth(uint64_t d) { return (int)((d >> 48) & 255) - 2; }
static inline int data_bound(uint64_t d) { return (int)((d >> 56) & 3); }
static inline int data_gen(uint64_t d) { return (int)(d >> 58); }

/* Allocates the largest power of two of buckets within mb MB, cleared.
 * bigmem_alloc() maps fresh zero pages, so a new table costs nothing until
 * it is used (a memset of 64 MB took 60 ms at every start of the program),
 * page-aligned (so 64-byte aligned) and on huge pages where the kernel has
 * them. */
/* Buckets of a table of at most mb MB (1 at least): a power of two. */
static size_t tt_buckets(size_t mb) {
    if (mb < 1) mb = 1;
    size_t buckets = 1;
    while (buckets * 2 * 64 <= (mb << 20)) buckets *= 2;
    return buckets;
}

size_t tt_size_mb(size_t mb) { return tt_buckets(mb) * 64 >> 20; }

GmkStatus tt_init(TT *tt, size_t mb) {
    size_t buckets = tt_buckets(mb);
    size_t bytes = buckets * 64;
    tt->entries = bigmem_alloc(bytes);
    if (!tt->entries) return GMK_ERR_NOMEM;
    tt->bucket_count = buckets;
    tt->mb = bytes >> 20;
    tt->generation = 0;
    tt->touched = false;
    atomic_init(&tt->used, false);
    return GMK_OK;
}

/* Frees the buckets. */
void tt_free(TT *tt) {
    bigmem_free(tt->entries, tt->bucket_count * 64);
    tt->entries = NULL;
    tt->bucket_count = 0;
}

/* Empties every entry and restarts the generations (nothing to do when
 * nothing was stored since: a new game at the start of a Gomocup session). */
/* Every entry zero (relaxed stores of zero would do the same; memset is
 * what they compile to), and so every page written. */
static void tt_zero(TT *tt) {
    memset((void *)tt->entries, 0, tt->bucket_count * 64);
    tt->touched = true;
    atomic_store(&tt->used, false);
}

void tt_clear(TT *tt) {
    tt->generation = 0;
    if (atomic_load(&tt->used)) tt_zero(tt);
}

/* Writes every page of the table once, so that the kernel maps them now
 * and not during the first searches: a fresh 64 MB table costs 10-180 ms of
 * page faults on its first touch (huge pages are zeroed on demand, and a
 * virtual machine may back them lazily), which the first moves of a Gomocup
 * game would pay out of their clock (at 80 ms a move the first search
 * reached depth 3 with 205 nodes instead of depth 11 with 95,000). Nothing
 * to do once done (the pages stay mapped until the table is freed); a
 * table used before its first tt_clear is emptied. */
void tt_prefault(TT *tt) {
    if (tt->touched) return;
    tt->generation = 0;
    tt_zero(tt);
}

void tt_new_search(TT *tt) {
    tt->generation = (uint8_t)((tt->generation + 1) & GEN_MASK);
}

/* The bucket of a key (its low bits). */
static inline TTEntry *tt_bucket(const TT *tt, Key key) {
    return &tt->entries[(key & (tt->bucket_count - 1)) * TT_BUCKET];
}

/* Looks key up; a hit fills *hit with scores adjusted to ply. */
bool tt_probe(const TT *tt, Key key, int ply, TTHit *hit) {
    TTEntry *e = tt_bucket(tt, key);
    for (int i = 0; i < TT_BUCKET; i++) {
        uint64_t d = atomic_load_explicit(&e[i].data, memory_order_relaxed);
        uint64_t c = atomic_load_explicit(&e[i].check, memory_order_relaxed);
        if (d == 0 || (c ^ d) != key) continue;
        hit->move = data_move(d);
        hit->score = data_score(d);
        if (hit->score != SCORE_NONE) hit->score = score_from_tt(hit->score, ply);
        hit->eval = data_eval(d);
        hit->depth = data_depth(d);
        hit->bound = data_bound(d);
        return true;
    }
    hit->move = MOVE_NONE;
    hit->score = hit->eval = SCORE_NONE;
    hit->depth = -1;
    hit->bound = BOUND_NONE;
    return false;
}

/* Stores a search result under the replacement policy above. */
void tt_store(TT *tt, Key key, int ply, Move move, int score, int eval, int depth, int bound) {
    if (!atomic_load_explicit(&tt->used, memory_order_relaxed))
        atomic_store_explicit(&tt->used, true, memory_order_relaxed);
    TTEntry *e = tt_bucket(tt, key);
    int gen = tt->generation;
    TTEntry *victim = NULL;
    int worst = 1 << 30;
    if (depth > 200) depth = 200;
    if (depth < -1) depth = -1;
    for (int i = 0; i < TT_BUCKET; i++) {
        uint64_t d = atomic_load_explicit(&e[i].data, memory_order_relaxed);
        uint64_t c = atomic_load_explicit(&e[i].check, memory_order_relaxed);
        if (d != 0 && (c ^ d) == key) {
            if (move == MOVE_NONE) move = data_move(d);
            if (bound != BOUND_EXACT && data_gen(d) == gen && data_depth(d) > depth + 2) return;
            victim = &e[i];
            break;
        }
        int value = d == 0 ? -(1 << 20) : data_depth(d) - 8 * ((gen - data_gen(d)) & GEN_MASK);
        if (value < worst) {
            worst = value;
            victim = &e[i];
        }
    }
    if (score != SCORE_NONE) score = score_to_tt(score, ply);
    uint64_t d = tt_pack(move, score, eval, depth, bound, gen);
    atomic_store_explicit(&victim->data, d, memory_order_relaxed);
    atomic_store_explicit(&victim->check, key ^ d, memory_order_relaxed);
}

/* Permille of the first 1000 entries written by the current search. */
int tt_hashfull(const TT *tt) {
    int n = 0, total = 0;
    for (size_t b = 0; b < tt->bucket_count && total < 1000; b++)
        for (int i = 0; i < TT_BUCKET; i++, total++) {
            uint64_t d = atomic_load_explicit(&tt->entries[b * TT_BUCKET + i].data,
                                              memory_order_relaxed);
            if (d && data_gen(d) == tt->generation) n++;
        }
    return total ? n * 1000 / total : 0;
}
