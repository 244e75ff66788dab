/*
 * candidates.c — the seed's point valuation (落子估值) and position score.
 *
 * For each empty point p and the side to move s:
 *   attack(p)  = score of the combined class s makes by playing p
 *   defense(p) = score of the combined class the opponent would make there
 *   centre(p)  = the centre table: 7 at the centre of a 15x15 board, one less
 *                per ring outwards, 0 on the edge ring; other sizes scaled
 *                (7 * (1 - ring / half), rounded, half = (size - 1) / 2)
 *   score(p)   = attack + defense + centre
 * with the seed's class scores from the catalogue (lib/board/shapes.txt "combo"
 * lines: five 100000; open four, double four, four-three 10000; double
 * three 5000; open three + closed three 1000; four 500; open three 200;
 * double open two 100; closed three 50; open two + closed two 10; open two
 * 5; closed two 3; dead shapes -5).
 * Renju: a point forbidden for black is no move for black, so it has no
 * attack value when black is to move and no defence value when white is
 * (black could not take it); a five is never forbidden.
 * The seed's position score is the best point score: how much the side to
 * move can make of its best move. (gmk-search has its own evaluation.)
 */
#include "forbidden.h"

/* Can black's class at p hide a forbidden point? */
static bool may_be_forbidden(const Board *b, Move p) {
    if (b->rule != RULE_RENJU) return false;
    switch (point_class(b, p, COLOR_BLACK)) {
    case CLS_DOUBLE_FOUR:
    case CLS_DOUBLE_THREE:
    case CLS_FOUR_THREE:
    case CLS_OPEN_FOUR:
    case CLS_OVERLINE: return true;
    default: break;
    }
    for (int d = 0; d < DIR_NB; d++)
        if (point_shape(b, p, COLOR_BLACK, d) == SHAPE_OVERLINE) return true;
    return false;
}

/* Values p (empty, on the board) for the side to move s; score and flags
 * only unless full. */
static inline void value_of(Board *b, Move p, Color s, PointValue *out) {
    Color o = (Color)(s ^ 1);
    const int *score = b->shapes->combo_score;
    bool forbidden = may_be_forbidden(b, p) && board_forbidden(b, p) != FORBID_NONE;
    out->move = p;
    out->forbidden = forbidden;
    out->attack = forbidden && s == COLOR_BLACK ? 0 : score[point_class(b, p, s)];
    out->defense = forbidden && o == COLOR_BLACK ? 0 : score[point_class(b, p, o)];
    out->centre = b->centre[p];
    out->score = out->attack + out->defense + out->centre;
}

bool eval_point(Board *b, Move p, PointValue *out) {
    if (b->light || !point_on_board(p, b->size) || b->cell[p] != CELL_EMPTY) return false;
    value_of(b, p, board_side(b), out);
    return true;
}

int eval_candidates(Board *b, PointValue *out, int max) {
    if (b->light || max <= 0) return 0;
    Color s = board_side(b), o = (Color)(s ^ 1);
    const int *score = b->shapes->combo_score;
    bool renju = b->rule == RULE_RENJU;
    int n = 0;
    /* Points in board order; the best max kept sorted in out (a later point
     * with an equal score never passes an earlier one). The quick score is
     * exact unless a renju forbidden point changes it, and then only
     * downwards, so it is a safe filter. */
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            Move p = point_make(x, y);
            if (b->cell[p] != CELL_EMPTY) continue;
            int quick = score[b->ps[p].cls[s]] + score[b->ps[p].cls[o]] + b->centre[p];
            if (n == max && quick <= out[max - 1].score) continue;
            PointValue v;
            if (renju && may_be_forbidden(b, p)) {
                value_of(b, p, s, &v);
                if (v.forbidden && s == COLOR_BLACK) continue; /* not a move for black */
                if (n == max && v.score <= out[max - 1].score) continue;
            } else {
                v.move = p;
                v.forbidden = false;
                v.attack = score[b->ps[p].cls[s]];
                v.defense = score[b->ps[p].cls[o]];
                v.centre = b->centre[p];
                v.score = quick;
            }
            int i = n < max ? n++ : max - 1;
            while (i > 0 && out[i - 1].score < v.score) {
                out[i] = out[i - 1];
                i--;
            }
            out[i] = v;
        }
    return n;
}

int eval_seed_score(Board *b) {
    PointValue best;
    return eval_candidates(b, &best, 1) == 1 ? best.score : 0;
}
