/*
 * eval.c — the seed's point valuation (落子估值) and position score.
 *
 * For each empty point p and the side to move s:
 *   attack(p)  = score of the combined class s makes by playing p
 *   defense(p) = score of the combined class the opponent would make there
 *   centre(p)  = the centre table: 7 at the centre of a 15x15 board, one less
 *                per ring outwards, 0 on the edge ring; other sizes scaled
 *                (7 * (1 - ring / half), rounded, half = (size - 1) / 2)
 *   score(p)   = attack + defense + centre
 * with the seed's class scores from the catalogue (lib/shapes.txt "combo"
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
#include <stdlib.h>

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

int eval_centre(int size, Move p) {
    /* in doubled coordinates: ring2 = 2 * ring, span = 2 * half = size - 1;
     * 7 * (1 - ring / half) rounded = (14 * (span - ring2) + span) / (2 * span) */
    int span = size - 1;
    int dx = 2 * point_x(p) - span, dy = 2 * point_y(p) - span;
    int ring2 = (dx < 0 ? -dx : dx) > (dy < 0 ? -dy : dy) ? (dx < 0 ? -dx : dx) : (dy < 0 ? -dy : dy);
    return ring2 >= span ? 0 : (14 * (span - ring2) + span) / (2 * span);
}

bool eval_point(Board *b, Move p, PointValue *out) {
    if (b->light || !point_on_board(p, b->size) || b->cell[p] != CELL_EMPTY) return false;
    Color s = board_side(b), o = (Color)(s ^ 1);
    const int *score = b->shapes->combo_score;
    bool forbidden = may_be_forbidden(b, p) && board_forbidden(b, p) != FORBID_NONE;
    out->move = p;
    out->forbidden = forbidden;
    out->attack = forbidden && s == COLOR_BLACK ? 0 : score[point_class(b, p, s)];
    out->defense = forbidden && o == COLOR_BLACK ? 0 : score[point_class(b, p, o)];
    out->centre = eval_centre(b->size, p);
    out->score = out->attack + out->defense + out->centre;
    return true;
}

/* Orders candidates best first; ties by board order (deterministic). */
static int value_cmp(const void *a, const void *b) {
    const PointValue *x = a, *y = b;
    if (x->score != y->score) return x->score > y->score ? -1 : 1;
    return (x->move > y->move) - (x->move < y->move);
}

int eval_candidates(Board *b, PointValue *out, int max) {
    if (b->light || max <= 0) return 0;
    PointValue all[BOARD_MAX * BOARD_MAX];
    int n = 0;
    Color s = board_side(b);
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            Move p = point_make(x, y);
            if (b->cell[p] != CELL_EMPTY) continue;
            PointValue v;
            eval_point(b, p, &v);
            if (v.forbidden && s == COLOR_BLACK) continue; /* not a move for black */
            all[n++] = v;
        }
    /* partial selection: only the best max are needed, in order */
    int k = n < max ? n : max;
    for (int i = 0; i < k; i++) {
        int best = i;
        for (int j = i + 1; j < n; j++)
            if (value_cmp(&all[j], &all[best]) < 0) best = j;
        PointValue t = all[i];
        all[i] = all[best];
        all[best] = t;
        out[i] = all[i];
    }
    return k;
}

int eval_seed_score(Board *b) {
    PointValue best;
    return eval_candidates(b, &best, 1) == 1 ? best.score : 0;
}
