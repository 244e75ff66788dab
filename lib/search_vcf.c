/*
 * search_vcf.c — the search's VCF probe: does the side to move win by
 * continuous fours? The attacker plays only moves that make a four (or
 * better); the defender's reply is forced (the single five point; with two
 * the attacker wins). A defender's block that makes its own four must be
 * answered by an attacker block that is itself a four, else the line fails.
 * Renju: black never plays a forbidden point; a white four whose only block
 * is forbidden for black wins at once.
 *
 * A failure cache (key, fours left) keeps transpositions from being
 * searched twice. This is a small internal prover for the root of the search;
 * the solver's VCF (gmk-solve) is the complete one, and the probe is kept
 * behind vcf_probe() so the engine can switch to it.
 */
#include "search.h"

/* Attacker to move at ply of the line. 1 win, 0 none, -1 out of budget. */
static int vcf_rec(VcfState *v, Board *b, int fours_left, int ply) {
    if (++v->nodes > v->max_nodes) return -1;
    if (v->deadline_us && (v->nodes & 1023) == 0 && timeman_now_us() > v->deadline_us) {
        v->max_nodes = 0; /* out of time: unwind */
        return -1;
    }
    Color us = board_side(b), them = (Color)(us ^ 1);
    if (b->clscount[us][CLS_FIVE]) {
        v->line[ply] = movegen_find(b, us, CLS_FIVE);
        v->len = ply + 1;
        return 1;
    }
    if (fours_left <= 0 || ply + 3 >= MAX_PLY) return 0;
    Key key = b->key;
    size_t slot = key & ((1u << VCF_CACHE_BITS) - 1);
    if (v->fail[slot] == key && v->fail_depth[slot] >= fours_left) return 0;

    ScoredMove list[MOVELIST_MAX];
    GenInfo gi;
    int n = movegen(b, GEN_FOURS, false, list, &gi);
    for (int i = 0; i < n; i++) {
        Move m = movelist_pick(list, i, n);
        if (!cls_is_four(b->ps[m].cls[us])) continue; /* a block that is no four */
        board_play(b, m);
        int r = 0;
        if (b->clscount[them][CLS_FIVE] == 0 && b->clscount[us][CLS_FIVE] > 0) {
            Move q = movegen_find(b, us, CLS_FIVE);
            if (them == COLOR_BLACK && b->rule == RULE_RENJU && b->clscount[us][CLS_FIVE] == 1 &&
                move_forbidden(b, q)) {
                v->line[ply] = m;
                v->len = ply + 1;
                board_undo(b);
                return 1;
            }
            board_play(b, q);
            r = vcf_rec(v, b, fours_left - 1, ply + 2);
            board_undo(b);
            if (r == 1) v->line[ply + 1] = q;
        }
        board_undo(b);
        if (r == 1) {
            v->line[ply] = m;
            return 1;
        }
        if (r < 0) return -1;
    }
    v->fail[slot] = key;
    v->fail_depth[slot] = (uint8_t)fours_left;
    return 0;
}

int vcf_probe(VcfState *v, Board *b, int max_fours, uint64_t max_nodes, int64_t deadline_us) {
    v->nodes = 0;
    v->max_nodes = max_nodes;
    v->deadline_us = deadline_us;
    v->len = 0;
    for (size_t i = 0; i < (1u << VCF_CACHE_BITS); i++) v->fail[i] = 0;
    if (max_fours > (MAX_PLY - 4) / 2) max_fours = (MAX_PLY - 4) / 2;
    return vcf_rec(v, b, max_fours, 0);
}
