/*
 * vct_table.c — the df-pn engine's memory (vct.h): node keys, the df-pn
 * table (store, growth, the proofs a patch forgets, the proofs of a capped
 * pass before) and the move cache. The search itself is vct.c.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "vct.h"

int vct_child_free(const Dfpn *s, int fr, Move m) {
    bool win_in = s->mode == SOLVE_WIN_IN;
    if (!win_in && !s->threat_cap) return fr;
    /* the forced block of a defender's four is not counted; in a capped
     * VCT pass, fr counts the non-four attacker moves left */
    bool forced = s->pos->b->clscount[!s->att][CLS_FIVE] != 0, four = solve_is_four(s->pos->b, m, s->att);
    if (!win_in) return forced || four ? fr : fr - 1;
    int q = fr >> 1, run = fr & 1;
    if (forced) return q * 2 + four;
    if (four) return (run ? q : q - 1) * 2 + 1;
    return (q - 1) * 2;
}

/* Grows the table (solve_table_next), in place or out of its start mapping
 * (SolveMem): the entries of bucket b go to the buckets b + j * (old count
 * of buckets) by their keys, in the order they had (the empty slots last),
 * and the tags follow. */
static void tt_grow(Dfpn *s) {
    size_t n = s->tmask + 1, nn = solve_table_next(n, s->tmask_max + 1);
    DfpnEntry *dest = solve_mem_dest(&s->tmem, s->ttab, nn * 4 * sizeof *s->ttab);
    uint32_t *dtag = solve_mem_dest(&s->tgmem, s->ttag, nn * sizeof *s->ttag);
    for (size_t b = 0; b < n; b++) {
        DfpnEntry *e = &s->ttab[b * 4], was[4];
        int k = 0;
        for (int i = 0; i < 4; i++)
            if (e[i].key) was[k++] = e[i];
        if (dest == s->ttab && k) memset(e, 0, sizeof was);
        if (dtag == s->ttag) s->ttag[b] = 0;
        for (int i = 0; i < k; i++) {
            size_t to = was[i].key & (nn - 1);
            int w = 0;
            while (dest[to * 4 + w].key) w++;
            dest[to * 4 + w] = was[i];
            dtag[to] = word_put_byte(dtag[to], w, vct_key_tag(was[i].key));
        }
    }
    solve_mem_moved(&s->tmem, s->ttab, dest);
    solve_mem_moved(&s->tgmem, s->ttag, dtag);
    s->ttab = dest;
    s->ttag = dtag;
    s->tmask = nn - 1;
}

/* Stores a node's numbers; a full bucket gives up an entry of an earlier
 * search (Dfpn.age) or else its least worked one. Without the age, the
 * well-worked entries of earlier puzzles in a batch would hold their slots
 * for good and the table would shrink puzzle by puzzle. A table short of
 * its full size and half full grows instead of giving up an entry (see
 * vcf.c's vtab_store). */
void vct_tt_put(Dfpn *s, Key k, uint32_t pn, uint32_t dn, Move m, uint64_t work) {
    DfpnEntry *e, *slot;
    for (;;) {
        e = &s->ttab[(k & s->tmask) * 4];
        slot = NULL;
        for (int i = 0; i < 4 && !slot; i++)
            if (e[i].key == k) slot = &e[i];
        if (slot) break;
        slot = &e[0];
        for (int i = 1; i < 4; i++) {
            bool old_i = e[i].age != s->age, old_slot = slot->age != s->age;
            if (old_i != old_slot ? old_i : e[i].work < slot->work) slot = &e[i];
        }
        if (!slot->key || s->tmask == s->tmask_max || 2 * s->tused < (s->tmask + 1) * 4) break;
        tt_grow(s);
    }
    s->tused += !slot->key;
    uint32_t *tag = &s->ttag[k & s->tmask];
    *tag = word_put_byte(*tag, (int)(slot - e), vct_key_tag(k));
    slot->key = k;
    slot->age = s->age;
    slot->pn = pn;
    slot->dn = dn;
    slot->move = m;
    slot->work = work > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)work;
}

/* A patch adds a defence at one defender node: every proof may have
 * leaned on that node's old move list, so the proven entries go, and so
 * does the node's cached list. The rest stays: a disproof holds with more
 * defences (the defender only gains moves), and the numbers of the open
 * nodes are estimates that df-pn corrects as it comes back. On lfz084
 * 高飞习题 #240 (variant 0), the search after its patch took 5.0 M nodes
 * from a cleared table and 0.3 M from this one. */
void vct_forget_proofs(Dfpn *s, Key patched) {
    DfpnEntry *e = s->ttab;
    for (size_t i = 0, n = (s->tmask + 1) * 4; i < n; i++)
        if (e[i].key && e[i].pn == 0) {
            memset(&e[i], 0, sizeof e[i]);
            s->tused--;
        }
    MoveCache *c = vct_mcache_find(s, patched);
    if (c) c->gen = MCACHE_FORGOTTEN;
}

/* The move cache is the direct-mapped cache of Dfpn.mmask_max + 1
 * entries (an entry's index: the low bits of its key) that a small table
 * stands for: the entries of the indexes in use, by linear probing from
 * the index's low bits, and at least twice as many slots (it grows when half are
 * taken). A list gives way only to a list of the same index, as in the
 * cache of the full size; at the full size each entry sits at its index. */

/* The slot of key's index in the cache t of mask + 1 entries: the one
 * holding it, or the empty slot where it goes. */
static MoveCache *mcache_slot_in(MoveCache *t, size_t mask, size_t max_mask, Key key) {
    size_t i = key & mask;
    Key index = key & max_mask;
    for (;; i = (i + 1) & mask) {
        MoveCache *c = &t[i];
        if (!c->key || (c->key & max_mask) == index) return c;
    }
}

static MoveCache *mcache_slot(const Dfpn *s, Key key) {
    return mcache_slot_in(s->mcache, s->mmask, s->mmask_max, key);
}

MoveCache *vct_mcache_find(const Dfpn *s, Key key) {
    MoveCache *c = mcache_slot(s, key);
    return c->key == key && c->gen != MCACHE_FORGOTTEN ? c : NULL;
}

/* Bytes of an entry with n moves, the list cut after them (a multiple of
 * the key's alignment). */
static size_t mcache_bytes(int n) {
    return (offsetof(MoveCache, m) + (size_t)n * sizeof(Move) + sizeof(Key) - 1) / sizeof(Key) * sizeof(Key);
}

/* Grows the move cache (solve_table_next): out of its start mapping
 * (SolveMem) the lists go straight into the block; in place they go to a
 * buffer first. false when the buffer cannot be had (the cache then stays
 * as it is). */
static bool mcache_grow(Dfpn *s) {
    size_t n = s->mmask + 1, nn = solve_table_next(n, s->mmask_max + 1), bytes = 0;
    MoveCache *dest = solve_mem_dest(&s->mmem, s->mcache, nn * sizeof *s->mcache);
    char *buf = NULL, *p = NULL;
    if (dest == s->mcache) {
        for (size_t i = 0; i < n; i++)
            if (s->mcache[i].key && s->mcache[i].gen != MCACHE_FORGOTTEN) bytes += mcache_bytes(s->mcache[i].n);
        if (!(buf = p = malloc(bytes ? bytes : 1))) return false;
    }
    s->mused = 0;
    for (size_t i = 0; i < n; i++) {
        MoveCache *c = &s->mcache[i];
        if (c->key && c->gen != MCACHE_FORGOTTEN) {
            size_t len = mcache_bytes(c->n);
            if (buf) {
                memcpy(p, c, len);
                p += len;
            } else {
                memcpy(mcache_slot_in(dest, nn - 1, s->mmask_max, c->key), c, len);
                s->mused++;
            }
        }
        if (buf) c->key = 0;
    }
    for (char *q = buf; q < p;) {
        MoveCache *from = (MoveCache *)(void *)q;
        size_t len = mcache_bytes(from->n);
        memcpy(mcache_slot_in(dest, nn - 1, s->mmask_max, from->key), from, len);
        s->mused++;
        q += len;
    }
    free(buf);
    solve_mem_moved(&s->mmem, s->mcache, dest);
    s->mcache = dest;
    s->mmask = nn - 1;
    return true;
}

void vct_mcache_store(Dfpn *s, Key key, int gen, int flags, const Move *moves, int n) {
    MoveCache *c = mcache_slot(s, key); /* nested searches may have used the slot */
    if (!c->key && s->mmask < s->mmask_max && 2 * (s->mused + 1) > s->mmask + 1 && mcache_grow(s))
        c = mcache_slot(s, key);
    if (!c->key) {
        if (2 * (s->mused + 1) > s->mmask + 1 && s->mmask < s->mmask_max)
            return; /* the cache could not grow: the list is not kept */
        s->mused++;
    }
    c->key = key;
    c->gen = (int8_t)gen;
    c->flags = (uint8_t)flags;
    c->n = (int16_t)n;
    memcpy(c->m, moves, (size_t)n * sizeof *moves);
}

/* In a capped VCT pass, a node's key holds the free moves left (fr), and
 * a node proven with fewer is proven: the attacker wins with the same
 * moves (the defences at a node do not depend on fr). A variant's plan
 * raises the cap by one or two a pass, so the proofs of the pass before
 * (in its subtrees: its root failed) stand at fr - 1 or fr - 2 in the next.
 * k: the node's key at fr. The proven entry with fewer, and in *less
 * (when not NULL) how many fewer; NULL when there is none, and then in
 * *prev (when not NULL) the entry with one fewer, if any. On the 64 hard lfz084 vct puzzles,
 * variant 4 alone at 20 M nodes: 41 won against 39, nodes x0.97 on the 37
 * both won (lfz084 天狗道场 #87: 11.2 M against 13.9 M). */
DfpnEntry *vct_tt_proof_below(Dfpn *s, Key k, bool att_to_move, int depth, int fr, int *less,
                                      DfpnEntry **prev) {
    if (prev) *prev = NULL;
    if (!s->threat_cap || s->mode != SOLVE_VCT) return NULL;
    Key stones = k ^ vct_ctx_mix(s, att_to_move, depth, fr);
    for (int d = 1; d <= 2 && d <= fr; d++) {
        DfpnEntry *e = vct_tt_find(s, vct_key_with(stones, vct_ctx_mix(s, att_to_move, depth, fr - d)));
        if (e && e->pn == 0) {
            if (less) *less = d;
            return e;
        }
        if (d == 1 && prev) *prev = e;
    }
    return NULL;
}

Move vct_tt_move(Dfpn *s, Key k, bool att_to_move, int depth, int fr, uint32_t *pn) {
    DfpnEntry *e = vct_tt_find(s, k);
    if (!e) e = vct_tt_proof_below(s, k, att_to_move, depth, fr, NULL, NULL);
    if (!e) {
        *pn = DFPN_INF + 1;
        return MOVE_NONE;
    }
    *pn = e->pn;
    return e->move;
}

int vct_proven_fr(Dfpn *s, bool att_to_move, int depth, int fr) {
    Key k = vct_node_key(s, att_to_move, depth, fr);
    int less;
    return !vct_tt_find(s, k) && vct_tt_proof_below(s, k, att_to_move, depth, fr, &less, NULL) ? fr - less : fr;
}
