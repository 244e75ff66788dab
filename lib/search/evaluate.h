/* evaluate.h — the search's static evaluation (see evaluate.c). */
#ifndef GMK_EVALUATE_H
#define GMK_EVALUATE_H

#include "board/shapes.h"
#include "gmk_search.h"

/* A side's threat code, from the class counts the board keeps: how many
 * empty points make a four (0..3, 3 for 3 or more) and how many an open
 * three and no four (0..3), times 2, plus 1 when one of them makes a
 * four-three or a double three. The evaluation weighs the pair of codes of
 * the two sides (threat[us][them]): the initiative, which the sum over the
 * points cannot see (two threats are worth more than twice one). */
#define EVAL_THREATS 32
static inline int eval_threat(const Board *b, Color c) {
    const int *n = b->clscount[c];
    int fours = four_points(b, c);
    int threes = n[CLS_OPEN_THREE] + n[CLS_OPEN_THREE_THREE] + n[CLS_DOUBLE_THREE];
    bool combo = n[CLS_FOUR_THREE] + n[CLS_DOUBLE_THREE] > 0;
    return (fours < 3 ? fours : 3) << 3 | (threes < 3 ? threes : 3) << 1 | combo;
}

/* The weights of one side to move under a rule (one weight set). */
typedef struct {
    int16_t point[CLS_NB][CLS_NB]; /* per empty point: [class of the side to move][class of the other] */
    int16_t line[16][16];          /* per point and direction: [line shape (SHAPE_*) of the side to move][of the other] */
    int16_t threat[EVAL_THREATS][EVAL_THREATS]; /* [threat code (eval_threat) of the side to move][of the other] */
    int16_t tempo;                 /* bonus of the side to move */
} EvalWeights;

/* The weight sets: freestyle and standard share one (fitted with the threat
 * table: against freestyle's own fit, +76 +- 49 Elo in freestyle at
 * tc=2/0.08, 200 games), renju has one per side to move. */
enum { EVAL_SET_FIVE, EVAL_SET_RENJU_BLACK, EVAL_SET_RENJU_WHITE, EVAL_SET_NB };

/* The weight set of a side to move c under a rule. */
static inline int eval_set(Rule rule, Color c) {
    return rule != RULE_RENJU ? EVAL_SET_FIVE : c == COLOR_BLACK ? EVAL_SET_RENJU_BLACK : EVAL_SET_RENJU_WHITE;
}

/* The weights of a side to move under a rule. */
const EvalWeights *evaluate_weights(Rule rule, Color c);

/* The sums of the point values over the empty points, one per side to move
 * (v[c]: colour c to move). Kept by the search move by move. */
typedef struct {
    int32_t v[COLOR_NB];
} EvalSums;

/* Sums of b from scratch. */
void eval_sums_init(Board *b, EvalSums *es); /* ... and b keeps their changes move by move (board_set_values) */
/* The sums after the last board_play on b, from prev (the sums before it). */
void eval_sums_make(const Board *b, const EvalSums *prev, EvalSums *next);

/* Static evaluation of b (with its sums) for the side to move, within
 * +-SCORE_EVAL_MAX. */
static inline int evaluate(const Board *b, const EvalSums *es) {
    Color us = board_side(b);
    const EvalWeights *w = evaluate_weights(b->rule, us);
    int s = w->tempo + w->threat[eval_threat(b, us)][eval_threat(b, (Color)(us ^ 1))] + es->v[us];
    return s > SCORE_EVAL_MAX ? SCORE_EVAL_MAX : s < -SCORE_EVAL_MAX ? -SCORE_EVAL_MAX : s;
}

#endif
