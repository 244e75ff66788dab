/*
 * search_simple.c — the seeds' "simple intelligence", the baseline the
 * engine is measured against: no search, the single best point by the
 * point valuation (落子估值).
 *
 * For each empty point: attack = the catalogue's combo score of the class
 * the side to move makes there, defence = the same for the opponent at that
 * point, plus the centre table (7 at the centre of a 15x15 board, one less
 * per ring outwards, 0 at the edge; scaled to other sizes). The point with
 * the highest attack + defence + centre is played; ties go to the first in
 * board order. Renju: black's forbidden points are skipped.
 */
#include "movepick.h"
#include "shapes.h"

/* The centre table: 7 at the centre falling to 0 at the edge. */
static int centre_value(int size, Move p) {
    int half = (size - 1) / 2;
    if (half == 0) return 0;
    int dx = point_x(p) - half, dy = point_y(p) - half;
    if (dx < 0) dx = -dx;
    if (dy < 0) dy = -dy;
    int ring = dx > dy ? dx : dy;
    if (ring > half) ring = half;
    return (7 * (half - ring) + half / 2) / half;
}

Move search_simple_move(Board *b) {
    if (b->light || board_winner(b) != COLOR_NONE || board_full(b)) return MOVE_NONE;
    Color us = board_side(b), them = (Color)(us ^ 1);
    const int *combo = b->shapes->combo_score;
    Move best = MOVE_NONE;
    int best_score = 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            Move p = point_make(x, y);
            if (b->cell[p] != CELL_EMPTY) continue;
            if (us == COLOR_BLACK && move_forbidden(b, p)) continue;
            int s = combo[b->ps[p].cls[us]] + combo[b->ps[p].cls[them]] + centre_value(b->size, p);
            if (best == MOVE_NONE || s > best_score) {
                best = p;
                best_score = s;
            }
        }
    return best;
}
