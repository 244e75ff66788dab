/*
 * evaluate.c — the search's static evaluation, from the shape tables.
 *
 * Every empty point holds, per colour, the combined class (CLS_*) of the four
 * line shapes that colour would make by playing there, and the board keeps
 * how many empty points of each class each colour has (Board.clscount,
 * updated by make/unmake). The evaluation is a weighted sum of those counts:
 *
 *   eval = TEMPO + sum_cls own[cls] * count[us][cls]
 *                - sum_cls opp[cls] * count[them][cls]
 *
 * It measures what each side could make with its next stone, everywhere at
 * once: the point-sum evaluation of classical engines (each point valued by
 * its patterns for both sides), but O(CLS_NB) per call, since the counts are
 * incremental. An open three shows up as two or three open-four points, a
 * closed three as one or two four points, and so on.
 *
 * own[] and opp[] differ because the side to move plays next: a four-three
 * point of the side to move is nearly a win, the same point of the opponent a
 * threat that must be answered. Fives are not evaluated (the search sees them
 * before it evaluates), and outright wins by an open four are left to the
 * quiescence search of fours, so the threat weights stay moderate.
 *
 * Renju: black's double-four and overline points are forbidden and worth
 * nothing; black's double-three points are usually forbidden and weigh
 * little (the search checks the real rule where it matters).
 *
 * The seed's point valuation (attack + defence of the best point, with the
 * catalogue's combo scores) is the other evaluation in the library: it
 * drives search_simple_move(), the "simple intelligence" baseline.
 */
#include "evaluate.h"

/*                         none dead two otwo o2+2 three d2  o3  four o3+3 d3   4-3  d4   o4   five over */
static const EvalWeights W_FREE = {
    .own = {0, 0, 3, 8, 14, 10, 30, 40, 30, 90, 300, 1200, 1200, 1500, 0, 0},
    .opp = {0, 0, 2, 6, 10, 8, 22, 30, 25, 60, 140, 350, 350, 250, 0, 0},
};
static const EvalWeights W_RENJU_BLACK = {
    .own = {0, 0, 3, 8, 14, 10, 30, 40, 30, 90, 60, 1200, 0, 1500, 0, 0},
    .opp = {0, 0, 2, 6, 10, 8, 22, 30, 25, 60, 30, 350, 0, 250, 0, 0},
};

/* The weight table of a colour under a rule. */
const EvalWeights *evaluate_weights(Rule rule, Color c) {
    return rule == RULE_RENJU && c == COLOR_BLACK ? &W_RENJU_BLACK : &W_FREE;
}

/* The class-count evaluation for the side to move. */
int evaluate(const Board *b) {
    Color us = board_side(b), them = (Color)(us ^ 1);
    const EvalWeights *wu = evaluate_weights(b->rule, us), *wt = evaluate_weights(b->rule, them);
    const int *cu = b->clscount[us], *ct = b->clscount[them];
    int s = EVAL_TEMPO;
    for (int c = CLS_TWO; c < CLS_FIVE; c++) s += wu->own[c] * cu[c] - wt->opp[c] * ct[c];
    if (s > SCORE_EVAL_MAX) s = SCORE_EVAL_MAX;
    if (s < -SCORE_EVAL_MAX) s = -SCORE_EVAL_MAX;
    return s;
}

int search_evaluate(const Board *b) { return b->light ? 0 : evaluate(b); }
