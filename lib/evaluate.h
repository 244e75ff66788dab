/* evaluate.h — the search's static evaluation (see evaluate.c). */
#ifndef GMK_EVALUATE_H
#define GMK_EVALUATE_H

#include "board.h"

/* Weights of one colour's class counts. */
typedef struct {
    int16_t own[CLS_NB];    /* per class, when this colour is to move */
    int16_t opp[CLS_NB];    /* per class, when the other colour is to move */
} EvalWeights;

/* Static evaluation of b for the side to move, within +-SCORE_EVAL_MAX. */
int evaluate(const Board *b);

/* The weights a colour's counts get under a rule. */
const EvalWeights *evaluate_weights(Rule rule, Color c);

#define EVAL_TEMPO 20       /* bonus of the side to move */

#endif
