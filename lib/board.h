/*
 * board.h — internal view of the board for the library's hot paths (shapes,
 * solver, search). Programs use the opaque Board of gmk.h.
 *
 * Layout: a 32 x 32 array of cells (BOARD_CELLS) holds a board of side 5..22
 * with at least 5 wall cells on every side, so that every window of +-5 cells
 * along a line stays inside the array. Direction steps are DIR_STEP[0..3]:
 * horizontal, vertical, diagonal and anti-diagonal.
 *
 * Incremental state kept by board_play/board_undo (see board_ok()):
 *  - key, symkey[8]: Zobrist key of the position and of each of its 8 images;
 *  - stones[c]: stone count per colour; near[p]: stones within the 5x5 square
 *    around p (the candidate neighbourhood);
 *  - shape state (shapes.h): per point, direction and colour the ternary line
 *    key of the 10 cells around it, the shape it makes there and the combined
 *    threat class, with per-class counts.
 */
#ifndef GMK_BOARD_H
#define GMK_BOARD_H

#include "gmk.h"

#define DIR_NB 4
#define LINE_HALF 5     /* cells on each side of a point in a line window */

extern const int DIR_STEP[DIR_NB];

/* Shape state of one colour at one point. */
typedef struct {
    uint16_t lkey[DIR_NB]; /* ternary window key (shapes.h), per direction */
    uint16_t shape4;       /* 4 shape codes, 4 bits each, direction d at bits 4d */
    uint8_t cls;           /* combined threat class (shapes.h) of the 4 shapes */
    uint8_t pad_;
} PointShape;

struct Board {
    int size;                       /* side, BOARD_MIN..BOARD_MAX */
    Rule rule;                      /* rule in force */
    bool light;                     /* no shape state (BOARD_LIGHT): stones and keys only */
    const struct ShapeSet *shapes;  /* shape tables in use (SHAPES_BUILTIN by default) */
    const uint8_t *stab[COLOR_NB];  /* per colour: its line rule's key -> shape table */
    int ply;                        /* tokens played (stones and passes) */
    Color winner;                   /* side whose last stone won, COLOR_NONE */
    int stones[COLOR_NB];           /* stones on the board per colour */
    Key key;                        /* Zobrist key incl. side to move */
    Key symkey[SYM_NB];             /* key of each symmetric image */
    int clscount[COLOR_NB][16];     /* empty points per combined class */
    int xmin, xmax, ymin, ymax;     /* bounding box of stones; xmin > xmax if none */
    Move hist[MOVES_MAX];           /* tokens played, MOVE_PASS for passes */
    Color winhist[MOVES_MAX];       /* winner after each token */
    uint8_t cell[BOARD_CELLS];      /* CELL_* */
    uint8_t near[BOARD_CELLS];      /* stones within the 5x5 square around a point */
    uint16_t sym[SYM_NB][BOARD_CELLS]; /* image of each point under symmetry t */
    PointShape ps[BOARD_CELLS][COLOR_NB]; /* shape state, walls included (unused) */
};

static inline Color board_side(const Board *b) { return (Color)(b->ply & 1); }

/* The line rule a colour plays under: exact five (standard, renju black) or
 * five-or-more (freestyle, renju white). */
static inline bool rule_exact(Rule r, Color c) {
    return r == RULE_STANDARD || (r == RULE_RENJU && c == COLOR_BLACK);
}

/* Length of the run of colour c's stones through p along direction d,
 * counting p itself as c's stone. */
static inline int board_run(const Board *b, Move p, int d, Color c) {
    int step = DIR_STEP[d], n = 1, cc = c + 1;
    for (int q = p + step; b->cell[q] == cc; q += step) n++;
    for (int q = p - step; b->cell[q] == cc; q -= step) n++;
    return n;
}

#endif /* GMK_BOARD_H */
