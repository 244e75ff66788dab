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
 * tables. There is a weight set per rule and, in renju, per side to move:
 * black's double-four and overline points are forbidden and worth nothing,
 * its double-three points usually forbidden. The weights are data,
 * lib/eval_weights.def, fitted to self-play games by tests/tune.c.
 *
 * The seed's point valuation (attack + defence of the best point, with the
 * catalogue's combo scores) is the other evaluation in the library: gmk-eval
 * shows it, and it drives search_simple_move(), the "simple intelligence"
 * baseline.
 */
#include "evaluate.h"

#include <pthread.h>

static const EvalWeights EVAL_WEIGHTS[EVAL_SET_NB] = {
#include "eval_weights.def"
};

const EvalWeights *evaluate_weights(Rule rule, Color c) { return &EVAL_WEIGHTS[eval_set(rule, c)]; }

/* The weights folded for the incremental sums, per rule and side to move c,
 * both indexed by black-first bytes: by a point's pair byte in one direction
 * (black's shape | white's << 4), c's line weight; by its class byte
 * (black's class | white's << 4), c's point weight. Filled once. */
typedef struct {
    int16_t line[256];
    int16_t point[256];
} EvalFolded;

static EvalFolded folded[RULE_NB][COLOR_NB];
static pthread_once_t folded_once = PTHREAD_ONCE_INIT;

static void fold_weights(void) {
    for (int r = 0; r < RULE_NB; r++)
        for (int c = 0; c < COLOR_NB; c++) {
            const EvalWeights *w = evaluate_weights((Rule)r, (Color)c);
            for (int x = 0; x < 256; x++) {
                int own = c ? x >> 4 : x & 15, opp = c ? x & 15 : x >> 4;
                folded[r][c].line[x] = w->line[own][opp];
                folded[r][c].point[x] = w->point[own][opp];
            }
        }
}

/* Point value of a point's shape state with folded weights f. */
static inline int point_value(const EvalFolded *f, const PointShape *ps) {
    int v = f->point[ps->cls[0] | ps->cls[1] << 4];
    for (int d = 0; d < DIR_NB; d++) v += f->line[ps->pair[d]];
    return v;
}

void eval_sums_init(const Board *b, EvalSums *es) {
    es->v[0] = es->v[1] = 0;
    if (b->light) return;
    pthread_once(&folded_once, fold_weights);
    const EvalFolded *f = folded[b->rule];
    for (int p = 0; p < BOARD_CELLS; p++) {
        if (b->cell[p] != CELL_EMPTY) continue;
        es->v[COLOR_BLACK] += point_value(&f[COLOR_BLACK], &b->ps[p]);
        es->v[COLOR_WHITE] += point_value(&f[COLOR_WHITE], &b->ps[p]);
    }
}

/* Direction d's part of eval_sums_make: the points at offsets -5..5 from q
 * (their state before the move saved in saved) whose shapes along d changed,
 * and with them perhaps their classes. Occupied points keep their state, so
 * they never differ. */
static inline __attribute__((always_inline)) void sums_line(const Board *b, Move q, const PointShape *saved,
                                                            const EvalFolded *f, int32_t *vb, int32_t *vw,
                                                            const int d) {
#pragma GCC unroll 10
    for (int k = 0; k < 2 * LINE_HALF; k++) {
        int off = k < LINE_HALF ? k - LINE_HALF : k - LINE_HALF + 1;
        const PointShape *now = &b->ps[q - off * DIR_STEP[d]], *was = &saved[k];
        unsigned pn = now->pair[d], pw = was->pair[d];
        if (pn == pw) continue;
        *vb += f[0].line[pn] - f[0].line[pw];
        *vw += f[1].line[pn] - f[1].line[pw];
        unsigned cn = now->cls[0] | now->cls[1] << 4, cw = was->cls[0] | was->cls[1] << 4;
        if (cn != cw) {
            *vb += f[0].point[cn] - f[0].point[cw];
            *vw += f[1].point[cn] - f[1].point[cw];
        }
    }
}

void eval_sums_make(const Board *b, const EvalSums *prev, EvalSums *next) {
    *next = *prev;
    Move q = b->hist[b->ply - 1];
    if (q == MOVE_PASS || b->light) return;
    const ShapeUndo *u = &b->undo[b->ply - 1];
    const EvalFolded *f = folded[b->rule]; /* filled by eval_sums_init of the root */
    /* q is no longer empty (its shape state is still the one before the move) */
    int32_t vb = next->v[COLOR_BLACK] - point_value(&f[COLOR_BLACK], &b->ps[q]);
    int32_t vw = next->v[COLOR_WHITE] - point_value(&f[COLOR_WHITE], &b->ps[q]);
    sums_line(b, q, u->ps[0], f, &vb, &vw, 0);
    sums_line(b, q, u->ps[1], f, &vb, &vw, 1);
    sums_line(b, q, u->ps[2], f, &vb, &vw, 2);
    sums_line(b, q, u->ps[3], f, &vb, &vw, 3);
    next->v[COLOR_BLACK] = vb;
    next->v[COLOR_WHITE] = vw;
}

int search_evaluate(const Board *b) {
    if (b->light) return 0;
    EvalSums es;
    eval_sums_init(b, &es);
    return evaluate(b, &es);
}
