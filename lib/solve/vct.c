/*
 * vct.c — df-pn (Nagai's depth-first proof-number search, with the 1 + e
 * threshold of Pawlewicz and Lew) over the AND/OR tree of threats: OR nodes
 * have the attacker to move, AND nodes the defender.
 *
 * OR node (depth: attacker moves left before the five; free: moves left
 * that need not be threats, SOLVE_WIN_IN only):
 *   a five point wins; a defender five point must be blocked (one) or loses
 *   (two); a VCF within depth wins (checked first, on a budget, with the
 *   related search of vcf.c: a shortcut, as the fours are moves too); otherwise
 *   the moves are the attacker's fours and the candidate threats (points
 *   where the attacker's shape reaches a three, or a two when deeper threats
 *   count; in a narrower pass of VCT, only those whose class is min_cls or
 *   more; in the last pass, quiet_all, every empty point), or with free
 *   moves left also quiet moves near its shapes. When
 *   the defender has a VCF should the attacker pass, only moves that break it
 *   (solve_defence.c) and fours are tried.
 * AND node, after the attacker's move:
 *   two attacker five points, or one that a black defender may not block,
 *   win; one five point is the forced block; otherwise the move must be a
 *   threat: with the defender passing, the attacker wins (a VCF of at most
 *   `threes` fours in VCT, found by the related search in the variants with
 *   related_threats but for the last pass; the rest of the problem in
 *   SOLVE_WIN_IN). If not,
 *   the node is lost for the attacker; so it is when the defender has a VCF
 *   of its own (checked unless the defender had none at the OR node above,
 *   GENF_DEF_QUIET: a shortcut, as its counter-fours are defences). The
 *   defences are the moves that break the attacker's line (threat-space
 *   defences, counter-fours included) and the patches the checker asked
 *   for; none means the threat cannot be answered.
 * In a capped VCT pass (Dfpn.threat_cap), free moves count the attacker's
 * non-four moves left: with none left, only a VCF (the complete search) wins.
 * In SOLVE_WIN_IN, a failed null search refutes a quiet move only when the
 * defender has a harmless move (no stone within five on its lines) that is
 * as good as a pass; on a crowded board every legal defence is tried.
 *
 * Generated move lists are cached per node (MoveCache); proof and disproof
 * numbers live in the df-pn table (vct_table.c) keyed by the stones, the side to move,
 * the depth and free moves left, the attacker and the kind of search (its
 * threes, min_cls, quiet_all and whether its threats are capped: a pass's
 * disproofs hold only there; the capped passes share theirs, a node with k
 * non-four moves left being the same problem in each).
 * Below a defender's counter-four and its forced block, the move that proved
 * the same node without those stones is tried first (shadow_hint).
 *
 * The proof walks (vct_walk.c) read a proven node's proof back out of the
 * table; gen_and, which needs the points of a threat whose proof is a tree,
 * reaches them through Dfpn.collect (the walks search with mid: a call the
 * other way would be a cycle between the files).
 */
#include <assert.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "vct.h"

/* ---- move generation ------------------------------------------------------ */

/* vcf_run with the related search (vcf.c) when related, else the full one. */
static int vcf_run_as(Dfpn *s, bool related, Color a, int depth, uint64_t budget, VcfLine *line) {
    s->vcf->related = related;
    int r = vcf_run(s->vcf, a, depth, budget, line);
    s->vcf->related = false;
    return r;
}

int vct_pass_vcf(Dfpn *s, int depth, bool fall_back, VcfLine *line) {
    /* in VCT the related search misses some VCFs, and so some threats: the
     * last pass, whose disproofs must be complete, asks the full one */
    bool vct = s->mode == SOLVE_VCT, related = vct && s->related_threats && !s->quiet_all;
    int d = vct && s->threes < depth ? s->threes : depth;
    int r = vcf_run_as(s, related, s->att, d, 0, line);
    if (r == SR_FAIL && related && fall_back) r = vcf_run(s->vcf, s->att, d, 0, line);
    return r;
}

/* OR node moves; *flags gets GENF_*. With every_move, the VCF shortcut is
 * skipped (the root's moves for --all). */
static int gen_or(Dfpn *s, int depth, int fr, Move *out, int *n, int *flags, bool every_move) {
    Board *b = s->pos->b;
    Color a = s->att, d = (Color)!a;
    uint8_t mark[BOARD_CELLS];
    *n = 0;
    *flags = 0;
    if (b->clscount[a][CLS_FIVE]) return GEN_PROVEN;
    int nd = b->clscount[d][CLS_FIVE];
    if (nd >= 2 || depth <= 0) return GEN_DISPROVEN;
    /* win in N: fr = moves left * 2 + (the last attacker move was a four);
     * with one move left or none, only the final run of fours remains. So
     * too with one attacker move left (depth 1: only a four that wins at
     * once) and in a capped VCT pass with no non-four move left. The VCF
     * search must then be the complete one to say no: the related one is
     * not, even at one four (a refutation it stored at an inner node of an
     * earlier search, where only the previous four's lines were open,
     * answers it here too: lfz084 白先胜100题 #25 at --depth 5 was nowin,
     * a win at 6, when it did) */
    bool win_in = s->mode == SOLVE_WIN_IN;
    bool vcf_only = (win_in ? (fr >> 1) <= 1 : s->threat_cap > 0 && fr == 0) || depth <= 1;
    if (win_in && fr == 0) return GEN_DISPROVEN;
    if (vcf_only && nd == 0 && !every_move) {
        int r = vcf_run(s->vcf, a, depth, 0, NULL);
        return r == SR_WIN ? GEN_PROVEN : r == SR_FAIL ? GEN_DISPROVEN : GEN_ABORT;
    }
    if (nd == 1) {
        solve_fives(s->pos, d, out, 1);
        if (!solve_legal(s->pos, out[0], a)) return GEN_DISPROVEN;
        *n = 1;
        return GEN_LIST;
    }
    if (!every_move) {
        /* below the root a shortcut only (the fours are among the moves
         * below): the related search, which is cheaper, will do. Not in
         * SOLVE_WIN_IN, where the checker refused a proof made with it
         * (lfz084 一手の詰連珠HT #130, defence l5; not understood yet) */
        int r = vcf_run_as(s, s->pos->sp > 0 && s->mode == SOLVE_VCT, a,
                           depth < s->att_vcf_depth ? depth : s->att_vcf_depth, s->att_vcf_budget, NULL);
        if (r == SR_WIN) return GEN_PROVEN;
        if (s->pos->aborted) return GEN_ABORT;
    }
    VcfLine *rd = &s->scratch[0];
    int rdr = vcf_run(s->vcf, d, s->def_threat_depth, s->def_vcf_budget, rd);
    if (s->pos->aborted) return GEN_ABORT;
    if (rdr == SR_FAIL) *flags |= GENF_DEF_QUIET;
    memset(mark, 0, sizeof mark);
    int k = solve_add_fours(s->pos, a, mark, out, 0);
    int nf = k;
    if (rdr == SR_WIN) {
        k = defence_collect(s->pos, rd, d, mark, out, k);
        k = nf + defence_filter(s->pos, rd, d, out + nf, k - nf);
        if (s->defence_hook) k = s->defence_hook(s, rd, d, out, k);
    } else {
        int x0, x1, y0, y1;
        int thr = s->mode == SOLVE_VCT && s->threes <= 1 ? SHAPE_THREE : SHAPE_TWO;
        /* the classes of min_cls and above where a makes a shape of thr
         * or more: at every point of all, at some of some (rare) */
        unsigned all, some;
        solve_shape_classes(thr, &all, &some);
        all &= ~0u << s->min_cls;
        some &= ~0u << s->min_cls;
        if (s->quiet_all) all = ~0u, some = 0; /* every point */
        /* in SOLVE_WIN_IN with two free moves left, the defender's threes
         * too; with fewer, none */
        const bool free2 = (fr >> 1) >= 2;
        solve_region(s->pos, s->quiet_all ? b->size : 4, &x0, &x1, &y0, &y1);
        for (int y = y0; y <= y1; y++) {
            Move p = point_make(x0, y);
            for (int x = x0; x <= x1; x++, p++) {
                /* the tests joined with & (no branch of their own: whether
                 * a point is empty is as good as random); an occupied
                 * point's stale shapes are masked */
                unsigned cls = b->ps[p].cls[a];
                bool want = (all >> cls) & 1;
                if ((some >> cls) & 1) want = want | solve_shape_at_least(b, p, a, thr);
#ifdef GMK_DEBUG
                assert((want & !s->quiet_all) == (!s->quiet_all & solve_shape_at_least(b, p, a, thr) & (cls >= (unsigned)s->min_cls)));
#endif
                if (win_in) want = free2 && (want | solve_shape_at_least(b, p, d, SHAPE_THREE));
                if ((want & (b->cell[p] == CELL_EMPTY) & !mark[p]) && solve_legal(s->pos, p, a))
                    mark_add(s->pos, mark, p, out, &k);
            }
        }
    }
    int score[CAND_MAX];
    /* the fours first (they are out[0..nf)), each group by its rank */
    for (int i = 0; i < k; i++) score[i] = solve_cand_rank(b, out[i], a, a);
    solve_sort_moves(out, score, nf);
    solve_sort_moves(out + nf, score + nf, k - nf);
    *n = k;
    return GEN_LIST;
}

static int mid(Dfpn *s, bool or_node, int depth, int fr, bool def_quiet, uint32_t thpn, uint32_t thdn,
               uint32_t *opn, uint32_t *odn);

/* Does the attacker, to move now, win with depth moves and fr free moves?
 * (the null search of SOLVE_WIN_IN) */
static int null_win(Dfpn *s, int depth, int fr) {
    uint32_t pn, dn;
    if (mid(s, true, depth, fr, false, DFPN_INF, DFPN_INF, &pn, &dn) == SR_ABORT) return SR_ABORT;
    return pn == 0 ? SR_WIN : SR_FAIL;
}

/* AND node moves; *flags gets GENF_*. def_quiet: the OR node above was
 * GENF_DEF_QUIET. */
static int gen_and(Dfpn *s, int depth, int fr, bool def_quiet, Move *out, int *n, int *flags) {
    Board *b = s->pos->b;
    Color a = s->att, d = (Color)!a;
    uint8_t mark[BOARD_CELLS];
    *n = 0;
    *flags = 0;
    if (b->clscount[d][CLS_FIVE]) return GEN_DISPROVEN;
    int na = b->clscount[a][CLS_FIVE];
    if (na >= 2) return GEN_PROVEN;
    if (na == 1) {
        solve_fives(s->pos, a, out, 1);
        if (s->renju_black_def && board_forbidden(b, out[0]) != FORBID_NONE) return GEN_PROVEN;
        *n = 1;
        *flags = GENF_FORCED;
        return GEN_LIST;
    }
    if (depth <= 0) return GEN_DISPROVEN;
    VcfLine *R = &s->scratch[1];
    bool tree_threat = s->mode == SOLVE_WIN_IN && (fr >> 1) >= 2;
    if (s->mode == SOLVE_WIN_IN && fr == 0) return GEN_DISPROVEN;
    int r = tree_threat ? null_win(s, depth, fr) : vct_pass_vcf(s, depth, s->pass_fall_back, R);
    if (r == SR_ABORT) return GEN_ABORT;
    memset(mark, 0, sizeof mark);
    int k = 0;
    if (r == SR_FAIL) {
        if (s->mode == SOLVE_VCT || solve_harmless_point(s->pos)) return GEN_DISPROVEN;
        /* every legal defence: nothing is as good as a pass here */
        for (int y = 0; y < b->size; y++)
            for (int x = 0; x < b->size; x++) {
                Move p = point_make(x, y);
                if (b->cell[p] == CELL_EMPTY && solve_legal(s->pos, p, d)) mark_add(s->pos, mark, p, out, &k);
            }
        *n = k;
        *flags = GENF_ALL;
        return GEN_LIST;
    }
    /* the defender's own VCF refutes the threat at once; a shortcut too
     * (its first four is among the defences below, so the search finds it),
     * skipped when the defender had none before the attacker's move (that
     * stone only takes from it, but for renju's forbidden points) */
    bool skip = def_quiet && !tree_threat && s->def_threat_depth >= s->def_vcf_depth;
    int rd = skip ? SR_FAIL : vcf_run(s->vcf, d, s->def_vcf_depth, s->def_vcf_budget, NULL);
    if (rd == SR_WIN) return GEN_DISPROVEN;
    if (s->pos->aborted) return GEN_ABORT;
    if (tree_threat) {
        k = s->collect(s, depth, fr, mark, out, 0);
        if (k < 0) return GEN_ABORT;
        int m = 0;
        for (int i = 0; i < k; i++)
            if (solve_legal(s->pos, out[i], d)) out[m++] = out[i];
        k = m;
    } else {
        k = defence_collect(s->pos, R, a, mark, out, 0);
        k = defence_filter(s->pos, R, a, out, k);
        if (s->defence_hook) k = s->defence_hook(s, R, a, out, k);
    }
    /* the patches: looked for in the list, not in mark, which still holds
     * the candidates that defence_filter dropped: a patch that was one of
     * those was ignored, and the same proof came back round after round
     * until the checker's rounds ran out (test_patch_round) */
    Key key = vct_node_key(s, false, depth, fr);
    for (int i = 0; i < s->patches; i++) {
        Move p = s->patch[i].move;
        if (s->patch[i].key == key && k < CAND_MAX && b->cell[p] == CELL_EMPTY && !solve_listed(out, k, p))
            out[k++] = p;
    }
    /* the defences that break the threat first, plain counter-fours last:
     * most of those are idle (four, forced block, the same threat again).
     * On lfz084 vct puzzles this took 12% fewer nodes (24% by geometric
     * mean). A counter-four that also makes a three or a second four is a
     * counter-attack and keeps its rank. */
    int score[CAND_MAX];
    for (int i = 0; i < k; i++)
        score[i] = (b->ps[out[i]].cls[d] == CLS_FOUR ? 0 : 256) + solve_cand_rank(b, out[i], d, a);
    solve_sort_moves(out, score, k);
    *n = k;
    return GEN_LIST;
}

int vct_gen(Dfpn *s, Key key, bool or_node, int depth, int fr, bool def_quiet, Move *out, int *n,
            int *flags) {
    MoveCache *c = vct_mcache_find(s, key);
    if (c) {
        *n = c->n;
        *flags = c->flags;
        memcpy(out, c->m, (size_t)c->n * sizeof *out);
        return c->gen;
    }
    int g = or_node ? gen_or(s, depth, fr, out, n, flags, false)
                    : gen_and(s, depth, fr, def_quiet, out, n, flags);
    if (g == GEN_ABORT || *n > MCACHE_MOVES) return g;
    vct_mcache_store(s, key, g, *flags, out, *n);
    return g;
}

/* ---- df-pn ---------------------------------------------------------------- */

static uint32_t sat_add(uint32_t a, uint32_t b) {
    uint32_t s = a + b;
    return s >= DFPN_INF - 1 || s < a ? DFPN_INF - 1 : s;
}

/* Numbers of a child not searched yet: the table's, a proof with fewer
 * free moves, or the first numbers init and 1. In a capped pass, the
 * numbers of the same stones with one free move fewer, open in the pass
 * before, come first instead (init at least): how hard they were to prove
 * or disprove with one free move fewer is the best guess there is. 64
 * hard lfz084 vct puzzles, variant 4 alone at 20 M nodes: 43 won against
 * 41, nodes x0.92 on the 40 both won. (A child disproven with one fewer
 * starting dearer, at 2 init, was no better: 41.) */
static void child_numbers(Dfpn *s, Key k, bool att_to_move, int depth, int fr, uint8_t init, uint32_t *pn,
                             uint32_t *dn) {
    DfpnEntry *e = vct_tt_find(s, k), *prev = NULL;
    if (!e && s->threat_cap && (e = vct_tt_proof_below(s, k, att_to_move, depth, fr, NULL, &prev))) s->proofs_below++;
    if (e) {
        *pn = e->pn;
        *dn = e->dn;
        return;
    }
    *pn = init;
    *dn = 1;
    if (prev && prev->pn != DFPN_INF && prev->dn != DFPN_INF) { /* open: neither 0 */
        *pn = prev->pn > init ? prev->pn : init;
        *dn = prev->dn;
    }
}

/* First proof number of the node after the attacker's move p, by the class
 * the move makes: a four is answered in one way, an open three in a few; a
 * move that makes less is a threat only now and then, more often when it
 * makes shapes on two lines. Share of such moves that were threats (the
 * attacker then had a VCF), three hard lfz084 vct puzzles at 3 M nodes
 * each: double two 30-37%, closed three 20-30%, open two 8-23%, closed two
 * 5-13%. Ordered so (closed three, open two and closed two alike: a finer
 * split was no better), the 113 medium lfz084 vct puzzles took 27% fewer
 * nodes at 2 M nodes each (109 solved against 105) and the quintet
 * benchmark 12.6% fewer. */
static const uint8_t ATTACK_PN[CLS_NB] = {
    [CLS_NONE] = 3,       [CLS_DEAD] = 3,           [CLS_TWO] = 4,
    [CLS_OPEN_TWO] = 4,   [CLS_OPEN_TWO_TWO] = 4,   [CLS_THREE] = 4,
    [CLS_DOUBLE_TWO] = 3, [CLS_OPEN_THREE] = 2,     [CLS_FOUR] = 1,
    [CLS_OPEN_THREE_THREE] = 2, [CLS_DOUBLE_THREE] = 2, [CLS_FOUR_THREE] = 1,
    [CLS_DOUBLE_FOUR] = 1, [CLS_OPEN_FOUR] = 1,     [CLS_OVERLINE] = 3,
    [CLS_FIVE] = 3, /* never a candidate: such a node is proven first */
};

/* A plain four (CLS_FOUR) starts at Dfpn.four_pn (1 or 2, by variant). At
 * 1, df-pn plays out every chain of the attacker's fours before any other
 * threat: each four's forced block leaves nearly the same candidates, and
 * its fours first again, so the subsets of the fours are all searched
 * (2^k positions for k fours) where a four is rarely what wins (a four that
 * wins at once, four-three and better, is found by the VCF shortcut and
 * stays at 1). With Dfpn.def_cls (variants 0 and 4: CLS_THREE), a
 * non-four move on a point where the defender would make less starts one
 * dearer: a threat that also takes a point the defender needs (its block
 * stones gather into counter-fours along a long VCT) comes first. 74 hard
 * lfz084 vct puzzles, variant 0: 31 solved against 27 at 4 M nodes, 42
 * against 41 at 8 M with nodes x0.82 on the 38 both solved; 160 medium at
 * 2 M 147 either way, nodes x0.92. */
static uint8_t attack_pn(const Dfpn *s, Move p) {
    int cls = s->pos->b->ps[p].cls[s->att];
    int pn = cls == CLS_FOUR ? s->four_pn : ATTACK_PN[cls];
    if (pn == 1) return 1; /* a four, wherever it is */
    /* a threat on a point the defender has no use for comes later */
    if (cls != CLS_FOUR && s->pos->b->ps[p].cls[!s->att] < s->def_cls) pn++;
    /* threats far from the last two stones come later */
    int dist = 99;
    for (int k = 1; k <= 2 && k <= s->pos->sp; k++) {
        Move q = s->pos->st_move[s->pos->sp - k];
        int dx = point_x(p) - point_x(q), dy = point_y(p) - point_y(q);
        dx = dx < 0 ? -dx : dx;
        dy = dy < 0 ? -dy : dy;
        int dd = dx > dy ? dx : dy;
        if (dd < dist) dist = dd;
    }
    if (dist < 99 && dist > s->pn_radius) pn += (dist - s->pn_radius) * s->pn_far;
    return (uint8_t)(pn > 250 ? 250 : pn);
}

/* Below a defender's counter-four and its forced block, the same threat
 * usually stands and the same attacker move usually proves it: the "shadow"
 * node — this OR node without the counter-fours and blocks on the path, with
 * the attacker moves those blocks took — may be proven already. Its proving
 * move, when it is among cand, goes first (and gets the smallest proof
 * number). A hint only orders the moves; it proves nothing. In the quintet
 * benchmark it saves 8% of the nodes. */
static bool shadow_hint(Dfpn *s, int depth, int fr, Move *cand, int n) {
    DfpnEntry *h = vct_tt_find(s, vct_key_of(s, s->pos->key ^ s->shadow, true, depth + s->shadow_dd, fr));
    if (!h || h->pn != 0 || h->move <= MOVE_PASS) return false;
    for (int i = 0; i < n; i++)
        if (cand[i] == h->move) {
            memmove(cand + 1, cand, (size_t)i * sizeof *cand);
            cand[0] = h->move;
            return true;
        }
    return false;
}

/* One df-pn node: searches until its numbers reach the thresholds.
 * def_quiet (AND node): the OR node above was GENF_DEF_QUIET. */
static int mid(Dfpn *s, bool or_node, int depth, int fr, bool def_quiet, uint32_t thpn, uint32_t thdn,
               uint32_t *opn, uint32_t *odn) {
    Key k = vct_node_key(s, or_node, depth, fr);
    uint64_t start = s->pos->nodes;
    if (!solve_tick(s->pos)) return SR_ABORT;
    /* the node's own slot, written after the move generation (whose VCF
     * searches take long enough for the fetch, and may have pushed out
     * what the parent fetched) */
    VCT_TT_PREFETCH(s, k, 1);
    Move cand[CAND_MAX];
    int n, flags;
    int g = vct_gen(s, k, or_node, depth, fr, def_quiet, cand, &n, &flags);
    if (g == GEN_ABORT) return SR_ABORT;
    if (g != GEN_LIST) {
        *opn = g == GEN_PROVEN ? 0 : DFPN_INF;
        *odn = g == GEN_PROVEN ? DFPN_INF : 0;
        vct_tt_put(s, k, *opn, *odn, MOVE_PASS, 1);
        return SR_FAIL;
    }
    Color mover = or_node ? s->att : (Color)!s->att;
    int cdepth = or_node ? depth - 1 : depth;
    /* the forced block of a defender's four: below it, the shadow (s->shadow)
     * grows by the two stones */
    bool block = or_node && n == 1 && s->pos->sp > 0 && s->pos->b->clscount[!s->att][CLS_FIVE] == 1;
    Key pair = block ? zobrist_table[!s->att][s->pos->st_move[s->pos->sp - 1]] ^ zobrist_table[s->att][cand[0]] : 0;
    bool hinted = or_node && s->shadow_dd > 0 && n > 1 && shadow_hint(s, depth, fr, cand, n);
    Key ckey[CAND_MAX];
    uint8_t init[CAND_MAX];
    int8_t cfree[CAND_MAX];
    bool once[CAND_MAX]; /* counted once (cf_once): a plain counter-four at an AND node */
    uint8_t cost[CAND_MAX]; /* OR node: added to the child's proof number for good (four_cost) */
    /* A plain four's forced block leaves nearly the same threats, and the
     * subtree below it searches them again, with the other fours, in every
     * subset (see attack_pn): df-pn reads its proof number off those same
     * threats, and returns to the fours as often as to the threats
     * themselves. With four_cost (df-pn+ à la Nagai: a cost on the edge,
     * kept when the child is expanded, not only its first number), a plain
     * four is chosen over another threat only when its subtree is four_cost
     * cheaper. The stream of self-play positions (tests/bench/solve-stream.sh,
     * --vct --nodes 20000): wins 932/937/970 -> 954/975/1005 (freestyle,
     * standard, renju), unknown 462/439/650 -> 452/408/630, nodes -4%; the
     * quintet cases 1,413,649 -> 1,224,337 nodes (vct_game_white_l10_1
     * 15,537 -> 10,442, l12_1 161,125 -> 117,298). Cost 1 won fewer stream
     * positions in every rule; cost 3 left more unknown in every rule (and
     * l12_1 took 452,370 nodes). Not with three attacker moves left or
     * fewer, where a four and its block are much of what is left
     * (vct_dual_forbiddens, --depth 5: 573 nodes, 1,560 with the cost, 364
     * without it there). */
    bool costly = or_node && s->four_cost && s->mode == SOLVE_VCT && depth > 3;
    Key cm = 0;
    int cm_free = -1; /* the children's contexts differ only by free moves */
    for (int i = 0; i < n; i++) {
        cfree[i] = (int8_t)(or_node ? vct_child_free(s, fr, cand[i]) : fr);
        if (cfree[i] != cm_free) cm = vct_ctx_mix(s, !or_node, cdepth, cm_free = cfree[i]);
        ckey[i] = vct_key_with(s->pos->key ^ zobrist_table[mover][cand[i]], cm);
        __builtin_prefetch(&s->ttag[ckey[i] & s->tmask]);
        __builtin_prefetch(&s->ttab[(ckey[i] & s->tmask) * 4]);
        init[i] = or_node ? (i == 0 && hinted ? 1 : attack_pn(s, cand[i])) : 1;
        once[i] = !or_node && s->cf_once && s->pos->b->ps[cand[i]].cls[!s->att] == CLS_FOUR;
        cost[i] = costly && s->pos->b->ps[cand[i]].cls[s->att] == CLS_FOUR ? s->four_cost : 0;
    }
    uint32_t pn = 0, dn = 0;
    Move best_move = MOVE_NONE;
    /* the children's numbers, read once and kept up to date as they are
     * searched (a transposition may change one meanwhile: df-pn copes) */
    uint32_t cpn[CAND_MAX], cdn[CAND_MAX];
    for (int i = 0; i < n; i++) child_numbers(s, ckey[i], !or_node, cdepth, cfree[i], init[i], &cpn[i], &cdn[i]);
    /* a child that can no longer be chosen (disproven below an OR node,
     * proven below an AND node) adds nothing to the sum either: it leaves
     * the list, the others keep their order */
    int m = 0;
    for (int i = 0; i < n; i++) {
        if ((or_node ? cpn[i] : cdn[i]) == DFPN_INF) continue;
        cand[m] = cand[i], ckey[m] = ckey[i], cfree[m] = cfree[i], cpn[m] = cpn[i], cdn[m] = cdn[i];
        once[m] = once[i], cost[m] = cost[i];
        m++;
    }
    n = m;
    /* the other number (dn at OR nodes, pn at AND nodes): the children's
     * sum, or with the weak numbers of the search variants the largest
     * child's number and one for each other child (a subtree reached by two
     * paths is not counted twice). With cf_once, the plain counter-fours of
     * an AND node add their largest proof number, not their sum: after one
     * and its forced block the same threat stands, and that child's subtree
     * holds the others' (the positions after several counter-fours are the
     * same in any order, so the sum counts each once per path: k! times for
     * k of them, where the defender's counter-fours are most of a hard
     * proof's nodes) */
    bool weak = or_node ? s->weak_or : s->weak_and;
    bool quiet = or_node && (flags & GENF_DEF_QUIET); /* for the AND children */
    /* the number that chooses (pn at OR nodes, dn at AND nodes) and the other */
    const uint32_t *cv = or_node ? cpn : cdn, *cw = or_node ? cdn : cpn;
    for (;;) {
        uint32_t v1 = DFPN_INF, v2 = DFPN_INF, other = 0, bpn = 0, bdn = 0, once_max = 0;
        int best = -1;
        for (int i = 0; i < n; i++) {
            uint32_t v = cv[i], w = cw[i];
            if (cost[i] && v && v < DFPN_INF) v = sat_add(v, cost[i]); /* a proven child stays at 0 */
            if (v < v1) {
                v2 = v1;
                v1 = v;
                best = i;
            } else if (v < v2) {
                v2 = v;
            }
            if (once[i]) once_max = w > once_max ? w : once_max; /* 0 only without one (proven ones left) */
            else if (weak) other = w > other ? w : other; /* the largest, for now */
            else other = w == DFPN_INF || other == DFPN_INF ? DFPN_INF : sat_add(other, w);
            if (v == 0) break;
        }
        if (best >= 0) bpn = cpn[best], bdn = cdn[best];
        if (weak && n > 0 && other != DFPN_INF) other = sat_add(other, (uint32_t)n - 1);
        if (once_max) other = other == DFPN_INF || once_max == DFPN_INF ? DFPN_INF : sat_add(other, once_max);
        if (or_node) {
            pn = v1;
            dn = v1 == 0 ? DFPN_INF : other;
        } else {
            dn = v1;
            pn = v1 == 0 ? DFPN_INF : other;
        }
        if (n == 0) { /* no child, or every one gone: disproven (OR) or proven (AND) */
            pn = or_node ? DFPN_INF : 0;
            dn = or_node ? 0 : DFPN_INF;
        }
        best_move = best >= 0 ? cand[best] : MOVE_NONE;
        if (pn == 0 || dn == 0 || pn >= thpn || dn >= thdn) break;
        /* the 1 + e threshold at e = 1/2 (1/4 before): fewer returns to the
         * parent on the long proofs of the hardest puzzles. The 17 winnable
         * lfz084 vct puzzles unknown at 10 s, variant 0, one thread, 25 s:
         * 5 won either way, 4 of them under 10 s at 1/2 (1 at 1/4); the
         * whole vct set, 2 threads, 10 s: 1,058 against 1,055 (5 gained, 2
         * lost near the limit). On 66 hard ones at 3 M nodes, 16 against 19:
         * a node limit favours the smaller e */
        uint32_t v2e = v2 >= DFPN_INF / 2 ? DFPN_INF : v2 + v2 / 2 + 1;
        uint32_t cth1, cth2;
        if (or_node) {
            cth1 = (thpn < v2e ? thpn : v2e) - cost[best];      /* child pn threshold (v1 < both) */
            cth2 = thdn >= DFPN_INF ? DFPN_INF : thdn - dn + bdn; /* child dn threshold */
        } else {
            cth2 = thdn < v2e ? thdn : v2e;
            cth1 = thpn >= DFPN_INF ? DFPN_INF : thpn - pn + bpn;
        }
        /* the child first reads its cached moves, and without them the VCF
         * table: fetched while the stone is placed */
        const char *mc = (const char *)&s->mcache[ckey[best] & s->mmask];
        __builtin_prefetch(mc);
        __builtin_prefetch(mc + 64);
        vcf_prefetch(s->vcf, s->pos->key ^ zobrist_table[mover][cand[best]]);
        s->shadow ^= pair;
        s->shadow_dd += block;
        solve_place(s->pos, cand[best], mover);
        int r = mid(s, !or_node, cdepth, cfree[best], quiet, cth1, cth2, &cpn[best], &cdn[best]);
        solve_unplace(s->pos, mover);
        /* this node's own slot, written when the loop ends (the subtree
         * has likely pushed it out of the cache) */
        VCT_TT_PREFETCH(s, k, 0);
        s->shadow ^= pair;
        s->shadow_dd -= block;
        if (r == SR_ABORT) return SR_ABORT;
        if ((or_node ? cpn[best] : cdn[best]) == DFPN_INF) {
            n--;
            for (int i = best; i < n; i++)
                cand[i] = cand[i + 1], ckey[i] = ckey[i + 1], cfree[i] = cfree[i + 1], cpn[i] = cpn[i + 1],
                cdn[i] = cdn[i + 1], once[i] = once[i + 1], cost[i] = cost[i + 1];
        }
    }
    *opn = pn;
    *odn = dn;
    vct_tt_put(s, k, pn, dn, best_move, s->pos->nodes - start);
    return SR_FAIL;
}

/* ---- entry points --------------------------------------------------------- */

int vct_root_moves(Dfpn *s, int depth, int free_moves, Move *out) {
    int n;
    if (s->pos->b->clscount[s->att][CLS_FIVE]) return solve_fives(s->pos, s->att, out, CAND_MAX);
    int flags;
    int g = gen_or(s, depth, free_moves, out, &n, &flags, true);
    return g == GEN_LIST ? n : 0;
}

int vct_run(Dfpn *s, int depth, int free_moves) {
    uint32_t pn, dn;
    if (mid(s, true, depth, free_moves, false, DFPN_INF, DFPN_INF, &pn, &dn) == SR_ABORT) return SR_ABORT;
    return pn == 0 ? SR_WIN : dn == 0 ? SR_FAIL : SR_ABORT;
}

int vct_run_after(Dfpn *s, Move m, int depth, int free_moves) {
    uint32_t pn, dn;
    if (s->pos->b->ps[m].cls[s->att] == CLS_FIVE) return SR_WIN;
    int cf = vct_child_free(s, free_moves, m);
    solve_place(s->pos, m, s->att);
    int r = mid(s, false, depth - 1, cf, false, DFPN_INF, DFPN_INF, &pn, &dn);
    solve_unplace(s->pos, s->att);
    if (r == SR_ABORT) return SR_ABORT;
    return pn == 0 ? SR_WIN : dn == 0 ? SR_FAIL : SR_ABORT;
}

int vct_mid_or(Dfpn *s, int depth, int free_moves, bool or_node) {
    uint32_t pn, dn;
    if (mid(s, or_node, depth, free_moves, false, DFPN_INF, DFPN_INF, &pn, &dn) == SR_ABORT) return SR_ABORT;
    return pn == 0 ? SR_WIN : SR_FAIL;
}
