/*
 * search.c — the tree search: principal variation search (NegaScout) with a
 * transposition table, threat-narrowed move generation, killers and history,
 * late-move reductions, singular extensions, and a quiescence search of
 * fours at the leaves.
 *
 * A node, for the side to move us and the opponent them:
 *  1. us has a five point: won in one ply (SCORE_WIN - ply - 1). them has
 *     two five points: lost (us can block only one). us has an open-four or
 *     double-four point and them no point that makes even a four: won in
 *     three plies (quick_win3; also at the leaves).
 *  2. Transposition table: a deep enough entry ends non-PV nodes.
 *  3. Reverse futility (non-PV, no threat against us, depth up to
 *     RFP_DEPTH: 3 plies, 6 in renju): a static evaluation RFP_MARGIN a ply
 *     above beta is returned. Against Rapfi classical (tc=2/0.08, 200-game
 *     matches), 6 plies against 3 in renju: 39.0% and 44.5% against 34.0%
 *     on the 26 openings, 35.0% against 37.0% on 60 unseen five-stone ones
 *     (+3 points in all, within two standard errors); freestyle and
 *     standard showed no gain (36.4/36.5%, 40.7/42.5%). A node of depth
 *     >= IIR_DEPTH without a table move is searched one ply shallower
 *     (internal iterative reduction).
 *  4. Moves from movegen(): narrowed to the block of a five, or to own fours
 *     and defences against an open three / four-three. The block of a five
 *     is searched at the same depth (a forced reply extends).
 *  5. Ordering: TT move, then threat class, killers, history (2^depth bonus
 *     on cut-offs, bounded by HISTORY_MAX with gravity). Where no threat
 *     narrows the moves, the TT move is searched before the others are
 *     generated: a cut-off by it saves the generation.
 *  6. PVS: the first move with the full window, the others with a null
 *     window (re-searched on fail high); quiet late moves reduced by
 *     ln(depth) ln(i) / 1.5 plies (LMR) and, at shallow depth outside the
 *     PV, pruned after 3 + 2 depth^2 moves (LMP); quiet moves far from the
 *     action (ordering score below ORDER_FAR: at most an open two for
 *     either side) are not tried after the first move, down to FAR_DEPTH
 *     plies left. Against the former 1..3-ply LMR, 4 + 4 depth^2 LMP and no
 *     far pruning, fixed 40,000 nodes a move, 200 games each: freestyle
 *     +60 +- 49, standard +16 +- 48, renju +111 +- 49 Elo. Pruned at every
 *     depth, the quiet moves of a node with more than FAR_DEPTH plies left
 *     were never searched, however long the search ran: against Rapfi
 *     classical in renju at tc=10/0.5, 27.1% of 59 games against 38.1% of
 *     118 with FAR_DEPTH 6; at tc=2/0.08 (about 180 games each) renju 50.0%
 *     -> 52.7%, freestyle 37.7% -> 36.6%, standard 43.7% -> 40.5%.
 *  7. Singular extension (freestyle and standard, depth >= SE_DEPTH): the
 *     table's move, its score a lower bound from a search at most
 *     SE_TT_DEPTH plies shallower, is tested before it is played
 *     (singular()): searched a ply deeper when every other move falls
 *     SE_MARGIN a ply below its score, a ply shallower when another comes
 *     that close and the score is over beta, and the node cut when even
 *     that lower window is over beta (multi-cut). Against Rapfi classical
 *     (tc=2/0.08, 26 openings): freestyle 44.0% of 549 against 38.4% of
 *     185, standard 50.1% of 347 against 40.5% and 43.7%; on 60 unseen
 *     five-stone openings freestyle 25.7% against 17.8%, standard 29.0%
 *     against 25.0%. In renju 43.7% and 48.6% against 52.7% and 50.0%
 *     (38.9% against 38.3% on the unseen ones): off there.
 * At depth 0 the quiescence search plays out the forced blocks of fives,
 * then (in a PV window, when the side to move has a four point) the
 * solver's VCF search may prove a win by fours (lib/search/search_vcf.c);
 * else the static evaluation stands, unless one of the side to move's fours
 * that also makes a three or a second five point (four-three, double four,
 * open four: up to QS_FOURS_MAX in a row, each block played out) does
 * better: against Rapfi classical in renju (tc=2/0.08, 200 games) 36.8%
 * against 30.9% without. The root probes for a VCF before the iterations.
 */
#include "search.h"

#include <math.h>
#include <string.h>

#include "evaluate.h"

/* Ordering bonuses on top of movegen's threat scores. */
#define ORDER_TT (1 << 28)        /* the table's move first */
#define ORDER_KILLER 700          /* a killer among the quiet moves */
#define ORDER_QUIET_MAX 1500      /* moves scored below this are quiet (no three or four) */
#define ORDER_FAR 200             /* quiet moves scored below this are pruned after the first move */
#define FAR_DEPTH 6               /* ... in nodes with at most this many plies left */
#define IIR_DEPTH 4               /* nodes this deep without a table move are searched a ply shallower */
#define LMR_DIV 1.5               /* reduction ln(depth) * ln(i) / LMR_DIV */

#define RFP_MARGIN 120            /* reverse futility: the static evaluation's lead over beta, a ply */

/* Reverse futility is tried down to this depth, by rule (see the top of
 * the file). */
static const int8_t RFP_DEPTH[RULE_NB] = {[RULE_FREESTYLE] = 3, [RULE_STANDARD] = 3, [RULE_RENJU] = 6};

/* Singular extension (see the top of the file): the table's move is tested
 * in nodes with at least this many plies left, by rule (renju: never, no
 * search is that deep) ... */
static const int8_t SE_DEPTH[RULE_NB] = {[RULE_FREESTYLE] = 7, [RULE_STANDARD] = 7, [RULE_RENJU] = INT8_MAX};
#define SE_MARGIN 2               /* ... against its table score less this a ply */
#define SE_TT_DEPTH 3             /* ... when that score is a lower bound at most this much shallower */

/* Late-move reductions by depth and move index (filled once). */
static uint8_t lmr_table[64][64];

void search_tables_init(void) {
    for (int d = 0; d < 64; d++)
        for (int i = 0; i < 64; i++) {
            int r = d < 3 || i < 2 ? 0 : (int)(log(d) * log(i) / LMR_DIV);
            lmr_table[d][i] = (uint8_t)(r < 0 ? 0 : r > d - 1 ? d - 1 : r);
        }
}

static inline bool disabled(const Worker *w, unsigned what) { return (w->s->disable & what) != 0; }

static inline Color them_of(Color us) { return (Color)(us ^ 1); }

/* Adds this thread's new nodes to the shared count and stops on a limit. */
void search_check_limits(Worker *w) {
    Search *s = w->s;
    uint64_t add = w->nodes - w->nodes_flushed;
    w->nodes_flushed = w->nodes;
    w->next_check = w->nodes + 256;
    uint64_t total = atomic_fetch_add_explicit(&s->nodes, add, memory_order_relaxed) + add;
    if (s->lim.nodes && total >= s->lim.nodes) atomic_store(&s->stop, true);
    if (w->id == 0 && s->tm.hard_ms && timeman_elapsed_ms(&s->tm) >= s->tm.hard_ms)
        atomic_store(&s->stop, true);
}

/* Has the running search been asked to stop? */
static inline bool stopped(const Worker *w) {
    return atomic_load_explicit(&w->s->stop, memory_order_relaxed);
}

/* Counts a node and polls the limits every 256 nodes (a threshold, not a
 * bit test: VCF probes add their nodes in chunks). */
static inline void count_node(Worker *w, int ply) {
    if (++w->nodes >= w->next_check) search_check_limits(w);
    if (ply > w->seldepth) w->seldepth = ply;
}

/* Forgets the heuristics a thread has learnt (a new game). */
void worker_clear(Worker *w) {
    memset(w->killers, 0, sizeof w->killers);
    memset(w->history, 0, sizeof w->history);
}

/* History bonus of a cut-off at depth: 2^depth (the seeds'), bounded, with
 * gravity so that scores stay within HISTORY_MAX. */
static inline void history_add(int *h, int depth, bool good) {
    int bonus = depth >= 12 ? 4096 : 1 << depth;
    if (bonus > 4096) bonus = 4096;
    if (!good) bonus = -bonus;
    *h += bonus - *h * (bonus < 0 ? -bonus : bonus) / HISTORY_MAX;
}

/* Copies the child's principal variation behind m. */
static inline void pv_update(Worker *w, int ply, Move m) {
    w->pv[ply][ply] = m;
    int n = w->pv_len[ply + 1];
    for (int i = ply + 1; i < n; i++) w->pv[ply][i] = w->pv[ply + 1][i];
    w->pv_len[ply] = n > ply + 1 ? n : ply + 1;
}

/* Own points that make a four or better: a VCF is possible at all. */
static inline bool has_four_points(const Board *b, Color c) {
    const int *n = b->clscount[c];
    return n[CLS_FOUR] || n[CLS_FOUR_THREE] || n[CLS_DOUBLE_FOUR] || n[CLS_OPEN_FOUR];
}

/* Any point where colour c makes a four or better (a counter-four). */
static inline bool has_four_any(const Board *b, Color c) {
    const int *n = b->clscount[c];
    return n[CLS_FIVE] || n[CLS_FOUR] || n[CLS_FOUR_THREE] || n[CLS_DOUBLE_FOUR] || n[CLS_OPEN_FOUR];
}

/* Own points that make a four together with a three or a second five
 * point: the fours the quiescence search tries. */
static inline bool has_combo_four(const Board *b, Color c) {
    const int *n = b->clscount[c];
    return n[CLS_FOUR_THREE] || n[CLS_DOUBLE_FOUR] || n[CLS_OPEN_FOUR];
}

/* A win in three plies that needs no search: the side to move us (no five
 * point of either side) has a point that makes two five points (an open
 * four or a double four) and them has no point that makes even a four, so
 * them can neither win first nor answer with a counter-four: us plays it,
 * them blocks one five point, us plays the other. Renju: black's point must
 * not be forbidden (a double four always is). */
static bool quick_win3(Board *b, Color us, Color them) {
    const int *cu = b->clscount[us];
    if (!cu[CLS_OPEN_FOUR] && !cu[CLS_DOUBLE_FOUR]) return false;
    if (has_four_any(b, them)) return false;
    if (b->rule != RULE_RENJU || us == COLOR_WHITE) return true;
    if (!cu[CLS_OPEN_FOUR]) return false;
    Move p = movegen_find(b, us, CLS_OPEN_FOUR); /* the first one only: cheap, may say no */
    return p != MOVE_NONE && !move_forbidden(b, p);
}

/* Quiescence at the horizon: forced blocks of fives are played out; then
 * the static evaluation, unless a VCF probe finds a forced win. */
static int qsearch(Worker *w, int alpha, int beta, int ply, int qd) {
    Board *b = w->b;
    count_node(w, ply);
    w->pv_len[ply] = ply;
    Color us = board_side(b), them = them_of(us);
    if (b->clscount[us][CLS_FIVE]) return SCORE_WIN - ply - 1;
    if (b->clscount[them][CLS_FIVE] >= 2) return -(SCORE_WIN - ply - 2);
    if (board_full(b)) return 0;
    if (ply >= MAX_PLY - 1) return evaluate(b, &w->es[ply]);
    if (b->clscount[them][CLS_FIVE]) {
        /* the block is forced: play it */
        ScoredMove list[MOVELIST_MAX];
        GenInfo gi;
        int n = movegen(b, GEN_FOURS, false, list, &gi);
        if (n == 0) return -(SCORE_WIN - ply - 2);
        Move m = movelist_pick(list, 0, n);
        board_play(b, m);
        eval_sums_make(b, &w->es[ply], &w->es[ply + 1]);
        int score = -qsearch(w, -beta, -alpha, ply + 1, qd);
        board_undo(b);
        if (score > alpha) pv_update(w, ply, m);
        return score;
    }
    if (!disabled(w, SEARCH_NO_PRUNE) && quick_win3(b, us, them)) return SCORE_WIN - ply - 3;
    /* the VCF probe, in PV windows only: at every leaf with a four point
     * (a third of them) it doubled the nodes and lost 70-145 Elo at 100 ms
     * a move; see the README's Performance section */
    if (!disabled(w, SEARCH_NO_VCF) && beta - alpha > 1 && has_four_points(b, us) &&
        search_vcf(w, QS_VCF_NODES, 0) == 1)
        return SCORE_WIN - ply - w->vcf_len;
    int stand = evaluate(b, &w->es[ply]);
    if (disabled(w, SEARCH_NO_PRUNE) || qd >= QS_FOURS_MAX || stand >= beta || !has_combo_four(b, us))
        return stand;
    /* fours that also make a three or a second five point (the forced
     * block is played out above): short wins by fours in every window,
     * which the static evaluation cannot see; renju's rules come with the
     * generator (black's forbidden fours left out, a forbidden block lost) */
    int best = stand;
    if (stand > alpha) alpha = stand;
    ScoredMove list[MOVELIST_MAX];
    GenInfo gi;
    int n = movegen(b, GEN_FOURS, false, list, &gi);
    for (int i = 0; i < n; i++) {
        Move m = movelist_pick(list, i, n);
        int c = b->ps[m].cls[us];
        if (c != CLS_FOUR_THREE && c != CLS_DOUBLE_FOUR && c != CLS_OPEN_FOUR) continue;
        board_play(b, m);
        eval_sums_make(b, &w->es[ply], &w->es[ply + 1]);
        int score = -qsearch(w, -beta, -alpha, ply + 1, qd + 1);
        board_undo(b);
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                pv_update(w, ply, m);
                if (score >= beta) break;
            }
        }
    }
    return best;
}

/* Score of a node (at ply) where the generator, narrowed by the opponent's
 * threat level threat (THREAT_LVL_*), left no move: in renju, black's every
 * defence and every four may be forbidden. The threat then wins: a five
 * point on the next ply; an open three by an open four (five on the third
 * ply); a double four on the third ply, a four-three on the fifth (black's
 * forced block of the four makes no four for black: such a point would be
 * one of black's fours, and there are none it may play). Nothing narrowed:
 * no move at all, 0. */
int search_no_move_score(const Board *b, int threat, int ply) {
    Color them = (Color)(board_side(b) ^ 1);
    switch (threat) {
    case THREAT_LVL_FIVE: return -(SCORE_WIN - ply - 2);
    case THREAT_LVL_THREE: return -(SCORE_WIN - ply - 4);
    case THREAT_LVL_WIN2: return b->clscount[them][CLS_DOUBLE_FOUR] ? -(SCORE_WIN - ply - 4) : -(SCORE_WIN - ply - 6);
    default: return 0;
    }
}

/* Late-move reduction for the i-th move (0 = first) at depth (plies). */
static inline int lmr_reduction(int depth, int i) {
    return lmr_table[depth < 63 ? depth : 63][i < 63 ? i : 63];
}

/* Is the table's move m one that movegen() returns where it narrows
 * nothing: an empty point within two lines of a stone, not forbidden? */
static inline bool tt_move_ok(Board *b, Move m) {
    if (m == MOVE_NONE || !point_on_board(m, b->size) || b->cell[m] != CELL_EMPTY) return false;
    int y = m / BOARD_STRIDE, x = m % BOARD_STRIDE;
    uint32_t near = 0, mask = 31u << (x - 2);
    for (int r = y - 2; r <= y + 2; r++) near |= (b->rows[0][r] | b->rows[1][r]) & mask;
    if (!near) return false;
    return board_side(b) != COLOR_BLACK || !move_forbidden(b, m);
}

/* The moves of a node (movegen) with the search's ordering on top of the
 * threat classes: the table's move, killers, history. The best-scored move
 * (the first of equal scores) is swapped to the front, as movelist_pick(list,
 * 0, n) would: the first pick needs no scan of its own. */
static int gen_ordered(Worker *w, int ply, Move tt_move, bool prune, ScoredMove *list,
                       GenInfo *gi) {
    Board *b = w->b;
    int n = movegen(b, GEN_ALL, !prune, list, gi);
    bool use_hist = !disabled(w, SEARCH_NO_HISTORY);
    Move k0 = w->killers[ply][0], k1 = w->killers[ply][1];
    const int *hist = w->history[board_side(b)];
    int top = 0;
    for (int i = 0; i < n; i++) {
        Move m = list[i].move;
        if (m == tt_move) list[i].score += ORDER_TT;
        else if (use_hist) {
            if (list[i].score < ORDER_QUIET_MAX && (m == k0 || m == k1)) list[i].score += ORDER_KILLER;
            list[i].score += hist[m] / 16;
        }
        if (list[i].score > list[top].score) top = i;
    }
    if (n > 0) {
        ScoredMove t = list[0];
        list[0] = list[top];
        list[top] = t;
    }
    return n;
}

static int pvs(Worker *w, int alpha, int beta, int depth, int ply, bool pv_node);

/* Is the table's move hit->move singular? The node (at ply, depth plies
 * left) is searched without it, at half depth, in a null window at its
 * table score less SE_MARGIN a ply (sb). Every other move falls below sb:
 * it is singular, *ext = 1 (searched a ply deeper). Another move reaches
 * sb and sb >= beta: two moves cut, the node's score is sb (multi-cut,
 * returned). Some other move reaches sb, the table's score is at least
 * beta: *ext = -1 (several moves are near the best; the cut is likely
 * either way). Else SCORE_NONE and *ext unchanged. */
static int singular(Worker *w, const TTHit *hit, int beta, int depth, int ply, int *ext) {
    int sb = hit->score - SE_MARGIN * depth;
    w->singular_tests++;
    w->excluded[ply] = hit->move;
    int v = pvs(w, sb - 1, sb, depth / 2, ply, false);
    w->excluded[ply] = MOVE_NONE;
    if (v < sb) *ext = 1;
    else if (sb >= beta) return sb;
    else if (hit->score >= beta) *ext = -1;
    return SCORE_NONE;
}

/* The principal variation search proper. w->excluded[ply] set: the
 * singularity test of that move (the node without it: no table cut-off or
 * store, no reverse futility). */
static int pvs(Worker *w, int alpha, int beta, int depth, int ply, bool pv_node) {
    Board *b = w->b;
    if (depth <= 0) return qsearch(w, alpha, beta, ply, 0);
    count_node(w, ply);
    w->pv_len[ply] = ply;
    if (stopped(w)) return 0;
    Color us = board_side(b), them = them_of(us);
    if (b->clscount[us][CLS_FIVE]) return SCORE_WIN - ply - 1;
    if (b->clscount[them][CLS_FIVE] >= 2) return -(SCORE_WIN - ply - 2);
    if (board_full(b)) return 0;
    if (ply >= MAX_PLY - 1) return evaluate(b, &w->es[ply]);
    if (!b->clscount[them][CLS_FIVE] && !disabled(w, SEARCH_NO_PRUNE) && quick_win3(b, us, them))
        return SCORE_WIN - ply - 3;

    /* distance pruning: nothing here beats a win found nearer the root */
    int lo = -(SCORE_WIN - ply - 2), hi = SCORE_WIN - ply - 1;
    if (alpha < lo) alpha = lo;
    if (beta > hi) beta = hi;
    if (alpha >= beta) return alpha;

    Key key = b->key;
    Move excl = w->excluded[ply];
    TTHit hit;
    bool use_tt = !disabled(w, SEARCH_NO_TT);
    bool found = use_tt && tt_probe(&w->s->tt, key, ply, &hit);
    if (!found) hit.move = MOVE_NONE;
    if (found && !pv_node && !excl && hit.depth >= depth && hit.score != SCORE_NONE &&
        ((hit.bound == BOUND_LOWER && hit.score >= beta) ||
         (hit.bound == BOUND_UPPER && hit.score <= alpha) || hit.bound == BOUND_EXACT))
        return hit.score;

    int eval = found && hit.eval != SCORE_NONE ? hit.eval : evaluate(b, &w->es[ply]);
    const int *ct = b->clscount[them];
    bool threatened = ct[CLS_FIVE] || ct[CLS_OPEN_FOUR] || ct[CLS_FOUR_THREE] || ct[CLS_DOUBLE_FOUR];
    bool prune = !disabled(w, SEARCH_NO_PRUNE);

    /* reverse futility: far above beta with nothing to fear */
    if (prune && !pv_node && !excl && !threatened && depth <= RFP_DEPTH[b->rule] &&
        eval - RFP_MARGIN * depth >= beta && eval < SCORE_EVAL_MAX)
        return eval;

    /* internal iterative reduction: a node the table knows no move for is
     * searched a ply shallower (its ordering is a guess) */
    if (prune && hit.move == MOVE_NONE && depth >= IIR_DEPTH) depth--;

    /* the table's move first, before the moves are generated: a cut-off
     * by it saves the generation (only where the generator would narrow
     * nothing, so the move is sure to be among its candidates) */
    ScoredMove list[MOVELIST_MAX];
    GenInfo gi;
    int n;
    bool staged = prune && !excl && !threatened && tt_move_ok(b, hit.move);
    if (staged) {
        n = 1;
        list[0].move = hit.move;
        list[0].score = ORDER_TT;
        gi.threat = THREAT_LVL_NONE;
    } else {
        n = gen_ordered(w, ply, hit.move, prune, list, &gi);
        if (n == 0) return search_no_move_score(b, gi.threat, ply);
    }

    int ext = gi.threat == THREAT_LVL_FIVE && n == 1 ? 1 : 0;
    int best = -SCORE_WIN, legal = 0;
    Move best_move = MOVE_NONE;
    int alpha0 = alpha;
    Move quiets[MOVELIST_MAX];
    int quiet_count = 0;
    bool use_hist = !disabled(w, SEARCH_NO_HISTORY);
    for (int i = 0; i < n; i++) {
        Move m = staged || i == 0 ? list[0].move : movelist_pick(list, i, n); /* gen_ordered: the best first */
        if (m == excl) continue;
        bool quiet = list[i].score < ORDER_QUIET_MAX && gi.threat == THREAT_LVL_NONE;
        /* late-move pruning: shallow non-PV nodes try the best few quiet moves */
        if (prune && !pv_node && quiet && legal >= 3 + 2 * depth * depth && best > -SCORE_WIN_MIN)
            break;
        /* far moves: quiet points that make at most an open two for either
         * side (ordering score with history) are not tried after the first,
         * with at most FAR_DEPTH plies left */
        if (prune && quiet && legal >= 1 && list[i].score < ORDER_FAR && depth <= FAR_DEPTH &&
            best > -SCORE_WIN_MIN)
            break;
        int mext = ext; /* this move's extension */
        if (prune && legal == 0 && m == hit.move && !excl && !ext && depth >= SE_DEPTH[b->rule] &&
            hit.bound != BOUND_UPPER && hit.depth >= depth - SE_TT_DEPTH && hit.score > -SCORE_EVAL_MAX &&
            hit.score < SCORE_EVAL_MAX && ply < 2 * w->root_depth) {
            int cut = singular(w, &hit, beta, depth, ply, &mext);
            if (stopped(w)) return 0;
            if (cut != SCORE_NONE) return cut;
        }
        /* the child's table entry, fetched while the stones are updated
         * (the child probes it first thing) */
        if (depth - 1 + mext > 0) tt_prefetch(&w->s->tt, board_key_after(b, m));
        board_play(b, m);
        eval_sums_make(b, &w->es[ply], &w->es[ply + 1]);
        legal++;
        int nd = depth - 1 + mext, score;
        if (legal == 1) {
            score = -pvs(w, -beta, -alpha, nd, ply + 1, pv_node);
        } else {
            int r = prune && quiet ? lmr_reduction(depth, legal - 1) : 0;
            if (r && pv_node) r--;
            score = -pvs(w, -alpha - 1, -alpha, nd - r, ply + 1, false);
            if (score > alpha && r) score = -pvs(w, -alpha - 1, -alpha, nd, ply + 1, false);
            if (score > alpha && score < beta && pv_node)
                score = -pvs(w, -beta, -alpha, nd, ply + 1, true);
        }
        board_undo(b);
        if (stopped(w)) return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                best_move = m;
                alpha = score;
                if (pv_node) pv_update(w, ply, m);
                if (score >= beta) break;
            }
        }
        if (quiet) quiets[quiet_count++] = m;
        if (staged) {
            /* no cut-off: now the rest (the table's move sorts first again) */
            staged = false;
            n = gen_ordered(w, ply, m, prune, list, &gi); /* m (the table's move) first */
        }
    }

    if (best >= beta && best_move != MOVE_NONE && use_hist) {
        bool quiet_best = gi.threat == THREAT_LVL_NONE && b->ps[best_move].cls[us] < CLS_OPEN_THREE;
        history_add(&w->history[us][best_move], depth, true);
        for (int i = 0; i < quiet_count; i++) history_add(&w->history[us][quiets[i]], depth, false);
        if (quiet_best && w->killers[ply][0] != best_move) {
            w->killers[ply][1] = w->killers[ply][0];
            w->killers[ply][0] = best_move;
        }
    }
    if (excl) return best;
    if (use_tt) {
        int bound = best >= beta ? BOUND_LOWER : best > alpha0 && pv_node ? BOUND_EXACT : BOUND_UPPER;
        tt_store(&w->s->tt, key, ply, best_move, best, eval, depth, bound);
    }
    return best;
}

/* Searches the root moves (w->root, best first) with the window
 * (alpha, beta); lines before w->multipv_index are skipped. Returns the best
 * score and moves the best move to the front of the searched part. */
int search_root(Worker *w, int alpha, int beta, int depth) {
    Board *b = w->b;
    int first = w->multipv_index;
    int best = -SCORE_WIN;
    bool prune = !disabled(w, SEARCH_NO_PRUNE);
    w->pv_len[0] = 0;
    count_node(w, 0);
    for (int i = first; i < w->root_count; i++) {
        RootMove *rm = &w->root[i];
        uint64_t nodes0 = w->nodes;
        board_play(b, rm->move);
        eval_sums_make(b, &w->es[0], &w->es[1]);
        int score;
        int nd = depth - 1;
        if (i == first) {
            score = -pvs(w, -beta, -alpha, nd, 1, true);
        } else {
            bool quiet = rm->order < ORDER_QUIET_MAX;
            int r = prune && quiet && depth >= 4 && i - first >= 4 ? 1 : 0;
            score = -pvs(w, -alpha - 1, -alpha, nd - r, 1, false);
            if (score > alpha && r) score = -pvs(w, -alpha - 1, -alpha, nd, 1, false);
            if (score > alpha && score < beta) score = -pvs(w, -beta, -alpha, nd, 1, true);
        }
        board_undo(b);
        rm->nodes += w->nodes - nodes0;
        if (stopped(w)) return best > -SCORE_WIN ? best : 0;
        if (i == first || score > alpha) {
            rm->score = score;
            rm->pv[0] = rm->move;
            int n = w->pv_len[1] > 1 ? w->pv_len[1] - 1 : 0;
            if (n > SEARCH_PV_MAX - 1) n = SEARCH_PV_MAX - 1;
            for (int k = 0; k < n; k++) rm->pv[k + 1] = w->pv[1][k + 1];
            rm->pv_len = n + 1;
        } else {
            rm->score = -SCORE_WIN - 1; /* below alpha: only a bound */
        }
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                /* move it to the front of the searched part, keeping the order */
                RootMove t = *rm;
                memmove(&w->root[first + 1], &w->root[first], (size_t)(i - first) * sizeof t);
                w->root[first] = t;
                if (score >= beta) break;
            }
        }
    }
    return best;
}
