/*
 * search_simple.c — the seeds' "simple intelligence", the baseline the
 * engine is measured against: no search, the single best point by the
 * seed's point valuation (落子估值, lib/threats/candidates.c: attack + defence + centre
 * table, renju forbidden points excluded for black); ties go to the first
 * point in board order.
 */
#include "board/board.h"
#include "gmk_search.h"
#include "threats/gmk_threats.h"

/* The best point by the seed's valuation (eval_candidates), no search. */
Move search_simple_move(Board *b) {
    if (b->light || board_winner(b) != COLOR_NONE || board_full(b)) return MOVE_NONE;
    PointValue best;
    return eval_candidates(b, &best, 1) == 1 ? best.move : MOVE_NONE;
}
