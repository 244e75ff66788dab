/*
 * evaluate.c — the search's static evaluation, from the shape state.
 *
 * Every empty point holds, per colour, the line shape (SHAPE_*) that colour
 * would make by playing there in each of the four directions, and their
 * combined class (CLS_*). For the side to move us and the other side them, a
 * point's value is a weight of the pair of classes (us's, them's) there, so
 * that a point good for both sides (a three for us that also blocks them's
 * three) is worth more than the two apart, plus for each of the four
 * directions a weight of the pair of line shapes (us's, them's) there. The
 * position's value is the sum over the empty points plus a bonus for the
 * side to move and a weight of the pair of the two sides' threat codes
 * (eval_threat: counts of the points that make fours and open threes):
 *
 *   eval = tempo + threat[code_us][code_them]
 *          + sum_p ( point[cls_us(p)][cls_them(p)]
 *                    + sum_d line[shape_us(p, d)][shape_them(p, d)] )
 *
 * the point-sum evaluation of classical engines (each point valued by its
 * patterns for both sides). The sums, one per side to move, are kept by the
 * search move by move (eval_sums_make: only the points on the four lines
 * through a move change, and a changed point's shape changes in one
 * direction), so an evaluation is O(1); the threat codes come from the
 * class counts the board keeps.
 *
 * The side to move plays next: a four-three point of us is nearly a win, the
 * same point of them a threat that must be answered, hence the asymmetric
 * tables. Freestyle and standard share a weight set; renju has one per side
 * to move: black's double-four and overline points are forbidden and worth
 * nothing, its double-three points usually forbidden. The weights are data,
 * lib/search/eval_weights.def, fitted by tests/tune.c: to self-play games,
 * and renju's black-to-move set to Rapfi's evaluations (tests/tune-games.sh).
 *
 * The seed's point valuation (attack + defence of the best point, with the
 * catalogue's combo scores) is the other evaluation in the library: gmk-eval
 * shows it, and it drives search_simple_move(), the "simple intelligence"
 * baseline.
 */
#include "evaluate.h"

#include <assert.h>
#include <pthread.h>

static const EvalWeights EVAL_WEIGHTS[EVAL_SET_NB] = {
#include "eval_weights.def"
};

const EvalWeights *evaluate_weights(Rule rule, Color c) { return &EVAL_WEIGHTS[eval_set(rule, c)]; }

/* The weights folded for the incremental sums, per rule, indexed by
 * black-first bytes: by a point's pair byte in one direction (black's shape
 * | white's << 4), the line weights; by its class byte (black's class |
 * white's << 4), the point weights. Each entry packs the weight of the two
 * sides to move, black's + white's * 2^32, so that one look-up and one add
 * serve both sums (they stay far below 2^31). Filled once. */
typedef struct {
    int64_t line[256];
    int64_t point[256];
} EvalFolded;

#define LANE ((int64_t)1 << 32)

static EvalFolded folded[RULE_NB];
static pthread_once_t folded_once = PTHREAD_ONCE_INIT;

static void fold_weights(void) {
    for (int r = 0; r < RULE_NB; r++)
        for (int x = 0; x < 256; x++) {
            int lo = x & 15, hi = x >> 4; /* black's, white's */
            const EvalWeights *wb = evaluate_weights((Rule)r, COLOR_BLACK), *ww = evaluate_weights((Rule)r, COLOR_WHITE);
            folded[r].line[x] = wb->line[lo][hi] + ww->line[hi][lo] * LANE;
            folded[r].point[x] = wb->point[lo][hi] + ww->point[hi][lo] * LANE;
        }
}

/* Point value (packed) of a point's shape state with folded weights f. */
static inline int64_t point_value(const EvalFolded *f, const PointShape *ps) {
    int64_t v = f->point[ps->cls[0] | ps->cls[1] << 4];
    for (int d = 0; d < DIR_NB; d++) v += f->line[ps->pair[d]];
    return v;
}

/* The sums es plus a packed amount v. */
static inline void sums_add(EvalSums *es, int64_t v) {
    int32_t b = (int32_t)(uint32_t)(uint64_t)v; /* the low lane, signed */
    es->v[COLOR_BLACK] += b;
    es->v[COLOR_WHITE] += (int32_t)((v - b) / LANE);
}

/* The sums of b from scratch. */
static void sums_scratch(const Board *b, EvalSums *es) {
    es->v[0] = es->v[1] = 0;
    if (b->light) return;
    pthread_once(&folded_once, fold_weights);
    const EvalFolded *f = &folded[b->rule];
    for (int p = 0; p < BOARD_CELLS; p++)
        if (b->cell[p] == CELL_EMPTY) sums_add(es, point_value(f, &b->ps[p]));
}

void eval_sums_init(Board *b, EvalSums *es) {
    sums_scratch(b, es);
    /* the board keeps the sums' changes move by move (board_set_values):
     * the folded weights are its value tables */
    if (!b->light) board_set_values(b, folded[b->rule].line, folded[b->rule].point);
}

void eval_sums_make(const Board *b, const EvalSums *prev, EvalSums *next) {
    *next = *prev;
    Move q = b->hist[b->ply - 1];
    if (q == MOVE_PASS || b->light) return;
    assert(b->val_line == folded[b->rule].line); /* eval_sums_init attached the tables */
    sums_add(next, b->undo[b->ply - 1].val_delta);
}

int search_evaluate(const Board *b) {
    if (b->light) return 0;
    EvalSums es;
    sums_scratch(b, &es);
    return evaluate(b, &es);
}
